package census

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/solver/octal"
)

// Row is one game of a census table: its result and its equivalence class.
type Row struct {
	Result *Result
	Class  Membership
}

// Table is a census as the table `nimlab census show` prints and the
// window's Census tab shows: a row for every game, in the order given, with
// its class (see Classes).
type Table struct {
	Rows []Row
}

// NewTable groups results into classes and returns them as a table.
func NewTable(results []*Result) *Table {
	classes := Classes(results)
	t := &Table{Rows: make([]Row, len(results))}
	for i, r := range results {
		t.Rows[i] = Row{Result: r, Class: classes[r.Code]}
	}
	return t
}

// Periodic counts the games whose period is certified.
func (t *Table) Periodic() int {
	n := 0
	for _, r := range t.Rows {
		if r.Result.Solved() {
			n++
		}
	}
	return n
}

// ClassOf returns the base of the class of the game with this code, and
// whether the table has that game.
func (t *Table) ClassOf(code string) (string, bool) {
	for _, r := range t.Rows {
		if r.Result.Code == code {
			return r.Class.Base, true
		}
	}
	return "", false
}

// Select returns the rows that pass f, sorted by column by (descending if
// desc; see Column.Compare), ties in code order.
func (t *Table) Select(f Filter, by Column, desc bool) []Row {
	var out []Row
	for _, r := range t.Rows {
		if f.Keep(r) {
			out = append(out, r)
		}
	}
	SortRows(out, by, desc)
	return out
}

// Filter chooses rows of a census table. Its zero value keeps every row;
// each field set narrows the rows kept.
type Filter struct {
	// Status, if set, keeps only the games with this status.
	Status Status
	// Saltus keeps the games with an arithmetic period (saltus ≠ 0), proven
	// or seen.
	Saltus bool
	// Seen keeps the unsolved games whose values show a period.
	Seen bool
	// MinPeriod, if positive, keeps the certified games whose period is at
	// least MinPeriod.
	MinPeriod int
	// Class, if set, keeps the games of the class with this base.
	Class string
	// CodeContains, if set, keeps the games whose code contains it.
	CodeContains string
}

// Keep reports whether row r passes the filter.
func (f Filter) Keep(r Row) bool {
	res := r.Result
	switch {
	case f.Status != "" && res.Status != f.Status,
		f.Saltus && (res.PeriodKind == "" || res.Saltus == 0),
		f.Seen && res.PeriodKind != PeriodSeen,
		f.MinPeriod > 0 && (!res.Solved() || res.Period < f.MinPeriod),
		f.Class != "" && r.Class.Base != f.Class,
		f.CodeContains != "" && !strings.Contains(res.Code, f.CodeContains):
		return false
	}
	return true
}

// Column is one column of the census table.
type Column int

// The columns of the census table, in order.
const (
	ColumnCode      Column = iota // the game's code
	ColumnStatus                  // periodic, or unsolved and what stopped it
	ColumnPeriod                  // the period, proven or seen
	ColumnPreperiod               // the preperiod, proven or seen
	ColumnSaltus                  // the saltus, proven or seen (0: an ordinary period)
	ColumnKind                    // proven or seen
	ColumnHeaps                   // the values computed: G(0..heaps−1)
	ColumnMaxValue                // the largest value computed
	ColumnMaxAt                   // the first heap with the largest value
	ColumnRareMask                // the sparse-space mask (0x0: none)
	ColumnRareCount               // heaps with a rare value
	ColumnLastRare                // the last heap with a rare value
	ColumnClass                   // the first game of the class
	ColumnShift                   // G(n + shift) = G_class(n)
	ColumnSameAs                  // the game whose values this one was checked against
	ColumnSeconds                 // wall time of the game
	numColumns
)

// columnDef defines a column: its name (the header of `census show` and
// of the window's table, and what --sort takes), its key, and how its cell
// is written when not as the key's text or whole number.
type columnDef struct {
	name   string
	key    func(r Row) Key
	format func(r Row) string
}

var columnDefs = [numColumns]columnDef{
	ColumnCode:      {"code", func(r Row) Key { return Key{Text: r.Result.Code} }, nil},
	ColumnStatus:    {"status", statusKey, statusText},
	ColumnPeriod:    {"period", func(r Row) Key { return periodKey(r.Result, r.Result.Period) }, nil},
	ColumnPreperiod: {"preperiod", func(r Row) Key { return periodKey(r.Result, r.Result.Preperiod) }, nil},
	ColumnSaltus:    {"saltus", func(r Row) Key { return periodKey(r.Result, r.Result.Saltus) }, nil},
	ColumnKind:      {"kind", func(r Row) Key { return textKey(r.Result.PeriodKind) }, nil},
	ColumnHeaps:     {"heaps", func(r Row) Key { return num(r.Result.Heaps) }, nil},
	ColumnMaxValue:  {"max_value", func(r Row) Key { return num(r.Result.MaxValue) }, nil},
	ColumnMaxAt:     {"max_at", func(r Row) Key { return num(r.Result.MaxAt) }, nil},
	ColumnRareMask: {"rare_mask", func(r Row) Key { return num(r.Result.RareMask) },
		func(r Row) string { return octal.MaskString(uint16(r.Result.RareMask)) }},
	ColumnRareCount: {"rare_count", func(r Row) Key { return num(r.Result.RareCount) }, nil},
	ColumnLastRare:  {"last_rare", func(r Row) Key { return num(r.Result.LastRare) }, nil},
	// By class, and in a class by shift.
	ColumnClass:  {"class", func(r Row) Key { return Key{Text: r.Class.Base, Num: float64(r.Class.Shift)} }, func(r Row) string { return r.Class.Base }},
	ColumnShift:  {"shift", func(r Row) Key { return num(r.Class.Shift) }, nil},
	ColumnSameAs: {"same_as", func(r Row) Key { return textKey(r.Result.SameAs) }, nil},
	ColumnSeconds: {"seconds", func(r Row) Key { return num(r.Result.Seconds) },
		func(r Row) string { return strconv.FormatFloat(r.Result.Seconds, 'f', 3, 64) }},
}

// Columns returns every column, in order.
func Columns() []Column {
	out := make([]Column, numColumns)
	for i := range out {
		out[i] = Column(i)
	}
	return out
}

// ColumnNames returns the names of every column, in order.
func ColumnNames() []string {
	out := make([]string, numColumns)
	for i, d := range columnDefs {
		out[i] = d.name
	}
	return out
}

// ColumnNamed returns the column with this name.
func ColumnNamed(name string) (Column, bool) {
	i := slices.IndexFunc(columnDefs[:], func(d columnDef) bool { return d.name == name })
	return Column(i), i >= 0
}

// Name is the column's name ("max_value").
func (c Column) Name() string { return columnDefs[c].name }

// Key is a cell's value before formatting: a text, a number, or nothing
// (an unsolved game's period).
type Key struct {
	Text    string
	Num     float64
	Missing bool
}

func num[T int | float64](v T) Key { return Key{Num: float64(v)} }

// periodKey is a period column's key: missing when no period is known.
func periodKey(r *Result, v int) Key {
	if r.PeriodKind == "" {
		return Key{Missing: true}
	}
	return num(v)
}

// textKey is a text column's key: missing when empty.
func textKey(s string) Key { return Key{Text: s, Missing: s == ""} }

// statusKey puts periodic games first.
func statusKey(r Row) Key {
	if r.Result.Solved() {
		return num(0)
	}
	return num(1)
}

// statusText is "periodic", or "unsolved" and what stopped the game:
// "unsolved (max)".
func statusText(r Row) string {
	if r.Result.Solved() {
		return string(Periodic)
	}
	return string(Unsolved) + " (" + r.Result.StoppedBy + ")"
}

// Key returns the value of row r in the column.
func (c Column) Key(r Row) Key { return columnDefs[c].key(r) }

// Text returns the cell of row r in the column as the table prints it:
// whole numbers in decimal, the mask in hexadecimal (0x1f), seconds to the
// millisecond, nothing where the key is missing.
func (c Column) Text(r Row) string {
	k := c.Key(r)
	switch {
	case k.Missing:
		return ""
	case columnDefs[c].format != nil:
		return columnDefs[c].format(r)
	case k.Text != "" || c == ColumnCode:
		return k.Text
	}
	return strconv.Itoa(int(k.Num))
}

// Compare orders rows a and b by the column: by text, then number; a row
// whose key is missing comes after every row that has one. It returns a
// negative number, zero or a positive number as cmp.Compare does.
func (c Column) Compare(a, b Row) int {
	ka, kb := c.Key(a), c.Key(b)
	if ka.Missing != kb.Missing {
		if ka.Missing {
			return 1
		}
		return -1
	}
	return cmp.Or(strings.Compare(ka.Text, kb.Text), cmp.Compare(ka.Num, kb.Num))
}

// SortRows sorts rows by the column, descending if desc, ties in code
// order; rows missing a value in the column come last either way.
func SortRows(rows []Row, by Column, desc bool) {
	slices.SortStableFunc(rows, func(a, b Row) int {
		ka, kb := by.Key(a), by.Key(b)
		if ka.Missing != kb.Missing {
			return by.Compare(a, b)
		}
		o := by.Compare(a, b)
		if desc {
			o = -o
		}
		return cmp.Or(o, strings.Compare(a.Result.Code, b.Result.Code))
	})
}
