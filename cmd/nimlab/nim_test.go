package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runNimlab runs the CLI in-process and returns status, stdout and stderr.
func runNimlab(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	status := run(args, &out, &errb)
	return status, out.String(), errb.String()
}

type nimJSON struct {
	Variant  string          `json:"variant"`
	Misere   bool            `json:"misere"`
	K        int             `json:"k"`
	Position json.RawMessage `json:"position"`
	Outcome  string          `json:"outcome"`
	NimSum   *int            `json:"nim_sum"`
	Moves    []struct {
		To   json.RawMessage `json:"to"`
		Text string          `json:"text"`
	} `json:"winning_moves"`
	Complete   bool `json:"winning_moves_complete"`
	Deciding   int  `json:"deciding_column"`
	Modulus    int  `json:"column_modulus"`
	PPositions []json.RawMessage
	Columns    []struct {
		Bit, Count, Residue int
		Bits                []int
		Deciding            bool
	} `json:"columns"`
}

func runNimJSON(t *testing.T, args ...string) nimJSON {
	t.Helper()
	status, out, errOut := runNimlab(t, append([]string{"nim"}, append(args, "--json")...)...)
	require.Equal(t, exitOK, status, errOut)
	require.Empty(t, errOut)
	var r nimJSON
	require.NoError(t, json.Unmarshal([]byte(out), &r), out)
	var raw map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(out), &raw))
	if p, ok := raw["p_positions"]; ok {
		require.NoError(t, json.Unmarshal(p, &r.PPositions))
	}
	return r
}

func movesTo(r nimJSON) []string {
	var out []string
	for _, m := range r.Moves {
		out = append(out, string(m.To))
	}
	return out
}

func compact(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, "\n", ""), " ", "") }

func compactAll(ss []string) []string {
	for i := range ss {
		ss[i] = compact(ss[i])
	}
	return ss
}

// Eugeni, Mascella and Tondini's left-hand example: 5, 12, 17, 30 has nim-sum
// 6; reduce 12 to 10.
func TestNimArticleExampleJSON(t *testing.T) {
	r := runNimJSON(t, "5", "12", "17", "30")
	assert.Equal(t, "N", r.Outcome)
	require.NotNil(t, r.NimSum)
	assert.Equal(t, 6, *r.NimSum)
	assert.Equal(t, 2, r.Deciding)
	assert.Equal(t, []string{"[3,12,17,30]", "[5,10,17,30]", "[5,12,17,24]"}, compactAll(movesTo(r)))
	assert.Equal(t, "take 2 from heap 2 (12 → 10)", r.Moves[1].Text)
	require.Len(t, r.Columns, 5)
	assert.Equal(t, []int{0, 0, 1, 1}, r.Columns[0].Bits, "column 2^4: only 17 and 30")
	assert.Equal(t, 2, r.Columns[0].Count)
	assert.Equal(t, 0, r.Columns[0].Residue)
	assert.True(t, r.Columns[2].Deciding)
}

func TestNimTextOutput(t *testing.T) {
	status, out, errOut := runNimlab(t, "nim", "5", "12", "17", "30")
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "nim-sum 6; deciding column 2^2")
	assert.Contains(t, out, "outcome: N")
	assert.Contains(t, out, "take 2 from heap 2 (12 → 10)  →  5 10 17 30")
}

// Marienbad: 1, 3, 5, 7 is P, and the P-positions below it up to
// permutation are the article's list plus (0,0,0,0), (0,2,5,7), (0,3,4,7).
func TestNimMarienbadPPositions(t *testing.T) {
	r := runNimJSON(t, "1", "3", "5", "7", "--p-positions", "--up-to-permutation")
	assert.Equal(t, "P", r.Outcome)
	assert.Empty(t, r.Moves)
	assert.Equal(t, -1, r.Deciding)
	var got []string
	for _, p := range r.PPositions {
		got = append(got, compact(string(p)))
	}
	for _, want := range []string{"[0,0,0,0]", "[0,1,4,5]", "[0,1,2,3]", "[0,2,4,6]", "[0,3,5,6]",
		"[1,2,4,7]", "[1,2,5,6]", "[1,3,4,6]", "[1,3,5,7]", "[0,0,5,5]", "[1,1,5,5]", "[0,2,5,7]", "[0,3,4,7]"} {
		assert.Contains(t, got, want)
	}
	assert.Len(t, got, 21)
	// P-positions always come with an empty (not null) move list.
	_, out, _ := runNimlab(t, "nim", "1", "3", "5", "7", "--json")
	assert.Contains(t, out, `"winning_moves": []`)
}

func TestNimVariantsJSON(t *testing.T) {
	// Misère: one big heap among 1-heaps: leave an odd number of 1-heaps.
	r := runNimJSON(t, "1", "1", "5", "--misere")
	assert.True(t, r.Misere)
	assert.Equal(t, []string{"[1,1,1]"}, compactAll(movesTo(r)))

	// Nimble: moving either coin on square 3 is one move, listed once.
	r = runNimJSON(t, "3", "3", "1", "--variant", "nimble")
	assert.Equal(t, "N", r.Outcome)
	assert.Equal(t, 1, *r.NimSum)
	assert.Equal(t, []string{"[2,3,1]", "[3,3,0]"}, compactAll(movesTo(r)))
	assert.Equal(t, "move the coin on square 3 to square 2", r.Moves[0].Text)

	// Staircase: odd steps 2 and 3 (steps 1 and 3), nim-sum 1.
	r = runNimJSON(t, "2", "3", "3", "--variant", "staircase")
	assert.Equal(t, 1, *r.NimSum)
	assert.Contains(t, compactAll(movesTo(r)), "[3,2,3]", "1 coin from step 2 to step 1")
	assert.Contains(t, compactAll(movesTo(r)), "[2,4,2]", "1 coin from step 3 to step 2")

	// Moore's Nim_2, the article's algorithm cannot move from 1,2,2,4; the
	// search finds the only winning move.
	r = runNimJSON(t, "1", "2", "2", "4", "--variant", "moore", "--k", "2")
	assert.Nil(t, r.NimSum, "no nim-sum for Moore")
	assert.Equal(t, 3, r.Modulus)
	assert.True(t, r.Complete)
	assert.Equal(t, []string{"[0,2,2,2]"}, compactAll(movesTo(r)))

	// Plainim: rows in and out as 0/1 strings of the board's width.
	r = runNimJSON(t, "1011", "0101", "1111", "1010", "1101", "--variant", "plainim")
	assert.Equal(t, `["1011","0101","1111","1010","1101"]`, compact(string(r.Position)))
	assert.Equal(t, `["1011","0011","1111","1010","1101"]`, compact(string(r.Moves[0].To)))
	assert.Equal(t, "row 2: 0101 → 0011", r.Moves[0].Text)
}

func TestNimMooreListIsCapped(t *testing.T) {
	r := runNimJSON(t, "63", "62", "61", "60", "59", "58", "57", "56", "55", "54", "--variant", "moore", "--k", "5")
	assert.Equal(t, "N", r.Outcome)
	assert.Len(t, r.Moves, 100)
	assert.False(t, r.Complete)
}

func TestNimBadInput(t *testing.T) {
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"nim", "3", "-2"}, "-2 is negative"},
		{[]string{"nim", "--", "3", "-2"}, "heap 2 is -2, negative"},
		{[]string{"nim", "3", "x"}, "heap 2 is \"x\", not a whole number"},
		{[]string{"nim", "3", "2.5"}, "not a whole number"},
		{[]string{"nim"}, "at least one heap"},
		{[]string{"nim", "1", "2", "--variant", "moore", "--k", "0"}, "--k must be a whole number ≥ 1"},
		{[]string{"nim", "1", "2", "--variant", "moore", "--k", "two"}, "--k must be"},
		{[]string{"nim", "1", "2", "--variant", "moore"}, "needs --k"},
		{[]string{"nim", "1", "2", "--k", "2"}, "--k applies to --variant moore only"},
		{[]string{"nim", "1", "2", "--variant", "moore", "--k", "2", "--misere"}, "not available for moore"},
		{[]string{"nim", "1", "2", "--variant", "chess"}, "unknown variant"},
		{[]string{"nim", "101", "12", "--variant", "plainim"}, "not a string of 0s and 1s"},
		{[]string{"nim", "101", "1", "--variant", "plainim"}, "equal length"},
		{[]string{"nim", "--variant", "plainim"}, "rows"},
		{[]string{"nim", "1", "--up-to-permutation"}, "needs --p-positions"},
		{[]string{"nim", "1", "1", "--variant", "staircase", "--p-positions", "--up-to-permutation"}, "not interchangeable"},
		{[]string{"nim", "1000", "1000", "1000", "--p-positions"}, "too many positions"},
		{[]string{"nim", "99999999999999999999"}, "not a whole number"},
		{[]string{"nim", "4611686018427387905"}, "too large"},
		{[]string{"nim", "1", "--bogus"}, "unknown flag"},
	}
	for _, tc := range tests {
		status, out, errOut := runNimlab(t, tc.args...)
		assert.Equal(t, exitUsage, status, "%v: %s", tc.args, errOut)
		assert.Empty(t, out, "%v", tc.args)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "%v: one line, got %q", tc.args, errOut)
		assert.Contains(t, errOut, tc.msg, "%v", tc.args)
		assert.True(t, strings.HasPrefix(errOut, "nimlab: "), "%v: %q", tc.args, errOut)
	}
}
