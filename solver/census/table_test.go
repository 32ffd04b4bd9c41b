package census

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// solveAll computes games to 4096 heaps.
func solveAll(codes ...string) ([]*Result, error) {
	var res []*Result
	for _, c := range codes {
		r, err := Solve(context.Background(), Game{Code: c, Octal: octal.NewCode(takebreak.MustParse(c))}, Budget{MaxHeaps: 1 << 12}, nil)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c, err)
		}
		res = append(res, r)
	}
	return res, nil
}

// solvedTable computes games to 4096 heaps and returns their table.
func solvedTable(t testing.TB, codes ...string) *Table {
	res, err := solveAll(codes...)
	require.NoError(t, err)
	return NewTable(res)
}

func rowCodes(rows []Row) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.Result.Code
	}
	return out
}

func rowOf(t *testing.T, tab *Table, code string) Row {
	for _, r := range tab.Rows {
		if r.Result.Code == code {
			return r
		}
	}
	t.Fatalf("no row %s", code)
	return Row{}
}

func TestTableCells(t *testing.T) {
	tab := solvedTable(t, "0.07", "0.4", "0.007")
	// Dawson's Kayles: period 34 from heap 53 (Guy and Smith); its
	// certificate is 176 values long and its largest value 9 is first at 86.
	// 0.4 is the same game shifted by one heap.
	cases := []struct {
		code string
		want []string // every column but seconds
	}{
		{"0.07", []string{"0.07", "periodic", "34", "53", "0", "proven", "176", "9", "86", "0x0", "0", "0", "0.07", "0", ""}},
		{"0.4", []string{"0.4", "periodic", "34", "54", "0", "proven", "177", "9", "87", "0x0", "0", "0", "0.07", "1", ""}},
		{"0.007", []string{"0.007", "unsolved (max)", "", "", "", "", "4096"}},
	}
	for _, tc := range cases {
		r := rowOf(t, tab, tc.code)
		for i, want := range tc.want {
			assert.Equal(t, want, Column(i).Text(r), "%s, column %s", tc.code, Column(i).Name())
		}
		assert.Regexp(t, `^\d+\.\d{3}$`, ColumnSeconds.Text(r))
	}
	assert.Equal(t, 2, tab.Periodic())
	base, ok := tab.ClassOf("0.4")
	assert.True(t, ok)
	assert.Equal(t, "0.07", base)
	_, ok = tab.ClassOf("0.5")
	assert.False(t, ok)
}

func TestColumnNames(t *testing.T) {
	names := ColumnNames()
	require.Len(t, names, len(Columns()))
	for i, n := range names {
		c, ok := ColumnNamed(n)
		assert.True(t, ok, n)
		assert.Equal(t, Column(i), c)
		assert.Equal(t, n, c.Name())
	}
	_, ok := ColumnNamed("max")
	assert.False(t, ok)
}

// tableOf builds a table from hand-made results (no fingerprints: every
// game its own class).
func tableOf(rs ...*Result) *Table { return NewTable(rs) }

func periodic(code string, p, n0, s, maxValue int) *Result {
	return &Result{Code: code, Status: Periodic, PeriodKind: PeriodProven, Period: p, Preperiod: n0, Saltus: s, MaxValue: maxValue, Heaps: 100}
}

func unsolved(code, kind string, p, s, maxValue int) *Result {
	return &Result{Code: code, Status: Unsolved, StoppedBy: "max", PeriodKind: kind, Period: p, Saltus: s, MaxValue: maxValue, Heaps: 1000}
}

func TestTableSortAndFilter(t *testing.T) {
	tab := tableOf(
		periodic("0.2", 5, 0, 0, 3),
		unsolved("0.3", "", 0, 0, 40),
		periodic("0.1", 12, 3, 0, 7),
		unsolved("0.5", PeriodSeen, 4, 2, 90),
		periodic("0.4", 5, 1, 1, 9),
	)
	cases := []struct {
		name   string
		filter Filter
		by     Column
		desc   bool
		want   []string
	}{
		{"by code", Filter{}, ColumnCode, false, []string{"0.1", "0.2", "0.3", "0.4", "0.5"}},
		{"by code, descending", Filter{}, ColumnCode, true, []string{"0.5", "0.4", "0.3", "0.2", "0.1"}},
		// Ties in code order, either way; no period last, either way.
		{"by period", Filter{}, ColumnPeriod, false, []string{"0.5", "0.2", "0.4", "0.1", "0.3"}},
		{"by period, descending", Filter{}, ColumnPeriod, true, []string{"0.1", "0.2", "0.4", "0.5", "0.3"}},
		{"by status", Filter{}, ColumnStatus, false, []string{"0.1", "0.2", "0.4", "0.3", "0.5"}},
		{"by kind", Filter{}, ColumnKind, true, []string{"0.5", "0.1", "0.2", "0.4", "0.3"}},
		{"by max_value", Filter{}, ColumnMaxValue, true, []string{"0.5", "0.3", "0.4", "0.1", "0.2"}},
		{"periodic", Filter{Status: Periodic}, ColumnCode, false, []string{"0.1", "0.2", "0.4"}},
		{"unsolved", Filter{Status: Unsolved}, ColumnCode, false, []string{"0.3", "0.5"}},
		{"saltus", Filter{Saltus: true}, ColumnCode, false, []string{"0.4", "0.5"}},
		{"seen", Filter{Seen: true}, ColumnCode, false, []string{"0.5"}},
		{"period above 4", Filter{MinPeriod: 5}, ColumnCode, false, []string{"0.1", "0.2", "0.4"}},
		{"period above 5", Filter{MinPeriod: 6}, ColumnCode, false, []string{"0.1"}},
		{"period above 0", Filter{MinPeriod: 1}, ColumnCode, false, []string{"0.1", "0.2", "0.4"}},
		{"class", Filter{Class: "0.3"}, ColumnCode, false, []string{"0.3"}},
		{"code contains", Filter{CodeContains: "4"}, ColumnCode, false, []string{"0.4"}},
		{"two filters", Filter{Status: Periodic, Saltus: true}, ColumnCode, false, []string{"0.4"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, rowCodes(tab.Select(tc.filter, tc.by, tc.desc)))
		})
	}
}

// TestTableClassColumnSortsByClassThenShift: the class column groups the
// games of a class, the base first.
func TestTableClassColumnSortsByClassThenShift(t *testing.T) {
	tab := solvedTable(t, "0.4", "0.77", "0.07", "0.17")
	rows := tab.Select(Filter{}, ColumnClass, false)
	assert.Equal(t, []string{"0.07", "0.4", "0.17", "0.77"}, rowCodes(rows))
	rows = tab.Select(Filter{Class: "0.07"}, ColumnCode, false)
	assert.Equal(t, []string{"0.07", "0.4"}, rowCodes(rows))
}

func ExampleTable() {
	res, _ := solveAll("0.77", "0.07", "0.4")
	table := NewTable(res)
	show := []Column{ColumnCode, ColumnPeriod, ColumnPreperiod, ColumnClass, ColumnShift}
	for _, r := range table.Select(Filter{MinPeriod: 13}, ColumnPeriod, true) {
		var cells []string
		for _, c := range show {
			cells = append(cells, c.Name()+"="+c.Text(r))
		}
		fmt.Println(strings.Join(cells, " "))
	}
	// Output:
	// code=0.07 period=34 preperiod=53 class=0.07 shift=0
	// code=0.4 period=34 preperiod=54 class=0.07 shift=1
}
