package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/misere"
	"github.com/nimlab/nimlab/solver/takebreak"
)

type misereJSON struct {
	Code         string   `json:"code"`
	Order        int      `json:"order"`
	PSize        int      `json:"p_size"`
	Presentation string   `json:"presentation"`
	Tame         bool     `json:"tame"`
	Normal       bool     `json:"normal"`
	P            []string `json:"p"`
	Phi          []string `json:"phi"`
	Period       *int     `json:"period"`
	Preperiod    *int     `json:"preperiod"`
	Certified    bool     `json:"certified"`
	ComputedTo   int      `json:"computed_to"`
	Table        [][]int  `json:"multiplication"`
	Heaps        []int    `json:"heaps"`
	Outcome      string   `json:"outcome"`
	Method       string   `json:"method"`
	QHeap        int      `json:"quotient_heap"`
	QOrder       int      `json:"quotient_order"`
	MoveCount    int      `json:"winning_move_count"`
	Truncated    bool     `json:"winning_moves_truncated"`
	Moves        []struct {
		Heap  int   `json:"heap"`
		From  int   `json:"from"`
		Take  int   `json:"take"`
		Leave []int `json:"leave"`
	} `json:"winning_moves"`
}

func runMisereJSON(t *testing.T, args ...string) misereJSON {
	t.Helper()
	status, out, errOut := runCLI(t, append([]string{"misere"}, args...)...)
	require.Equal(t, exitOK, status, errOut)
	assert.Empty(t, errOut, "no progress bar when output is not a terminal")
	var r misereJSON
	require.NoError(t, json.Unmarshal([]byte(out), &r), out)
	return r
}

// Di Prisa, Example 3.18: Kayles' full quotient has order 40 and Φ has period
// 12 from heap 71.
func TestMisereKaylesJSON(t *testing.T) {
	r := runMisereJSON(t, "0.77", "--json")
	assert.Equal(t, "0.77", r.Code)
	assert.Equal(t, 40, r.Order)
	assert.Equal(t, len(r.P), r.PSize)
	assert.True(t, r.Certified)
	require.NotNil(t, r.Period)
	require.NotNil(t, r.Preperiod)
	assert.Equal(t, 12, *r.Period)
	assert.Equal(t, 71, *r.Preperiod)
	assert.Equal(t, 168, r.ComputedTo)
	assert.Len(t, r.Phi, 169)
	assert.False(t, r.Tame)
	assert.Nil(t, r.Table, "the table only with --table")
	assert.Nil(t, r.Moves, "moves only with --heaps")
}

// Di Prisa: 0.23's quotient is T_2 = ⟨a, b | a² = 1, b³ = b⟩, Φ = 1 1 a b 1 a b …
func TestMisere023IsT2(t *testing.T) {
	r := runMisereJSON(t, ".23", "--json", "--table")
	assert.Equal(t, 6, r.Order)
	assert.Equal(t, 2, r.PSize)
	assert.Equal(t, "⟨a, b | a² = 1, b³ = b⟩", r.Presentation)
	assert.True(t, r.Tame)
	assert.True(t, r.Normal)
	assert.Equal(t, []string{"1", "1", "a", "b", "1", "a", "b", "1", "a"}, r.Phi[:9])
	assert.ElementsMatch(t, []string{"a", "b²"}, r.P)
	require.Len(t, r.Table, 6)
	for _, row := range r.Table {
		assert.Len(t, row, 6)
	}
}

// Misère Nim (SPEC §2): 1+1+1 is P (odd number of 1-heaps); 2+2+1: the only
// winning move takes the single 1 and leaves *2 + *2.
func TestMisereHeapsOutcomeAndMoves(t *testing.T) {
	r := runMisereJSON(t, "0.333", "--max", "3", "--heaps", "1,1,1", "--json")
	assert.Equal(t, "P", r.Outcome)
	assert.NotNil(t, r.Moves)
	assert.Empty(t, r.Moves)

	r = runMisereJSON(t, "0.333", "--max", "3", "--heaps", "2,2,1", "--json")
	assert.Equal(t, "N", r.Outcome)
	require.Len(t, r.Moves, 1)
	assert.Equal(t, 3, r.Moves[0].Heap, "heap #3 (the 1), numbered from 1 as in the text")
	assert.Equal(t, 1, r.Moves[0].From)
	assert.Equal(t, 1, r.Moves[0].Take)
	assert.Equal(t, []int{}, r.Moves[0].Leave)
	assert.False(t, r.Certified)
	assert.Equal(t, "partial quotient", r.Method)
	assert.Equal(t, 2, r.QHeap, "Q_m with m the largest heap, not --max")
}

// Heaps beyond a certified period use it; otherwise the sum is decided by
// Q_m, m the largest heap, whatever --max says.
func TestMisereHeapsBeyondComputedRange(t *testing.T) {
	r := runMisereJSON(t, "0.77", "--heaps", "1000,1001,3", "--json")
	assert.True(t, r.Certified)
	assert.Equal(t, "full quotient", r.Method)
	assert.Equal(t, 168, r.QHeap)
	assert.Equal(t, 40, r.QOrder)
	assert.Contains(t, []string{"P", "N"}, r.Outcome)

	r = runMisereJSON(t, "0.07", "--max", "5", "--heaps", "9,3", "--json")
	assert.Equal(t, 9, r.QHeap)
	assert.Equal(t, "partial quotient", r.Method)
}

// A heap of a million tokens of 0.75 has half a million winning
// moves; the terminal shows 20 and the count, JSON keeps the count.
func TestMisereLongMoveListIsBounded(t *testing.T) {
	status, out, errOut := runCLI(t, "misere", "0.75", "--heaps", "100000")
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "… and 49979 more (--all lists every one)")
	assert.Less(t, strings.Count(out, "\n"), 30)
	r := runMisereJSON(t, "0.75", "--heaps", "100000", "--json")
	assert.Equal(t, 49999, r.MoveCount)
	assert.Len(t, r.Moves, 20)
	assert.True(t, r.Truncated)
	r = runMisereJSON(t, "0.75", "--heaps", "100000", "--json", "--all")
	assert.Len(t, r.Moves, 49999)
	assert.False(t, r.Truncated)
}

func TestMisereTextReport(t *testing.T) {
	status, out, errOut := runCLI(t, "misere", "0.75", "--table")
	require.Equal(t, exitOK, status, errOut)
	for _, want := range []string{
		"order 8, |P| = 2, wild",
		"⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩",
		"Φ(H_{n+2}) = Φ(H_n) for n ≥ 8",
		"multiplication table",
		"at b²: order 4, Z2 × Z2",
		"Φ is faithful on the sums of heaps 0..22",
	} {
		assert.Contains(t, out, want)
	}
	status, out, errOut = runCLI(t, "misere", "0.75", "--heaps", "3,4,5")
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "heaps [3 4 5]: misère N-position")
	assert.Contains(t, out, "decided by the partial quotient Q_5 (order 8)")
}

func TestMisereBadInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no code", []string{"misere"}, "exactly one game code"},
		{"two codes", []string{"misere", "0.7", "0.77"}, "exactly one game code"},
		{"bad digit", []string{"misere", "0.79"}, "the digit 9 (removing 2) may leave three or more heaps"},
		{"no point", []string{"misere", "77"}, "there is no point"},
		{"bad leading", []string{"misere", "12.7"}, "adds tokens"},
		{"bad max", []string{"misere", "0.77", "--max", "x"}, "--max must be a non-negative whole number"},
		{"zero max", []string{"misere", "0.77", "--max", "0"}, "--max must be at least 1"},
		{"bad heaps", []string{"misere", "0.77", "--heaps", "3,x"}, "--heaps entry"},
		{"empty heap entry", []string{"misere", "0.77", "--heaps", "3,,4"}, "empty entry"},
		{"unknown flag", []string{"misere", "0.77", "--frobnicate"}, "unknown flag"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, out, errOut := runCLI(t, tc.args...)
			assert.Equal(t, exitUsage, status)
			assert.Empty(t, out)
			assert.Contains(t, errOut, tc.want)
			assert.Equal(t, 1, strings.Count(strings.TrimSpace(errOut), "\n")+1, "one line: %q", errOut)
			assert.NotContains(t, errOut, "goroutine")
		})
	}
}

// A computation stopped while building Q_n+1 says what it certified about it.
func TestMisereReportShowsNextLowerBound(t *testing.T) {
	code, err := misere.NewRules(takebreak.MustParse("0.07"))
	require.NoError(t, err)
	q, err := misere.Compute(context.Background(), code, misere.Options{Max: 24, Exact: true})
	require.NoError(t, err)
	q.Stopped = "the --seconds 1 budget ran out while building Q_25"
	for _, c := range []struct {
		bound misere.LowerBound
		want  string
	}{
		{misere.LowerBound{Heap: 25, Order: 54, Distinguished: 54, Candidate: 264, Limit: 46, TestBirthday: 12},
			"Q_25: at least 54 elements (certified lower bound: a candidate of order 264 labels every position born before day 46 right, and tests born by day 12 tell 54 of its elements apart)"},
		{misere.LowerBound{Heap: 25, Order: 24, Distinguished: 20, Candidate: 48, Limit: 23, TestBirthday: 3},
			"Q_25: at least 24 elements (certified lower bound: |Q_24| = 24, and partial quotients never shrink)"},
	} {
		q.NextBound = &c.bound
		r := newMisereReport(q, code)
		var out strings.Builder
		printMisereReport(&out, &r, q, false)
		assert.Contains(t, out.String(), "stopped: the --seconds 1 budget ran out while building Q_25; Q_24 is the last verified partial quotient")
		assert.Contains(t, out.String(), c.want)
		assert.Contains(t, out.String(), fmt.Sprintf("     25  ≥%5d             (not verified", c.bound.Order))
		js, err := json.Marshal(r)
		require.NoError(t, err)
		assert.Contains(t, string(js), `"next_lower_bound":{"heap":25,"order":`)
	}
}
