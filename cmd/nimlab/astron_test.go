package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func runAstronCLI(t *testing.T, args ...string) (status int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	status = run(args, &out, &errb)
	return status, out.String(), errb.String()
}

// astronBrute is Astron from Definition 2.1.3, written independently of
// solver/astron: join two stars (p + q − 2), or split a star p ≥ 2 into
// a + b = p − 2 with the other stars on either side. A star of 0 points is no
// star (the definition identifies A_{p,0} with A_p), so it is never joined.
type astronBrute map[string]int

func astronBruteKey(stars []int) string {
	var nz []int
	for _, s := range stars {
		if s > 0 {
			nz = append(nz, s)
		}
	}
	slices.Sort(nz)
	parts := make([]string, len(nz))
	for i, s := range nz {
		parts[i] = strconv.Itoa(s)
	}
	return strings.Join(parts, ",")
}

// options lists every option as its components.
func (astronBrute) options(stars []int) [][][]int {
	var out [][][]int
	for i := range stars {
		for j := i + 1; j < len(stars); j++ {
			if stars[i] == 0 || stars[j] == 0 {
				continue
			}
			var rest []int
			for k, s := range stars {
				if k != i && k != j {
					rest = append(rest, s)
				}
			}
			out = append(out, [][]int{append(rest, stars[i]+stars[j]-2)})
		}
	}
	for i, p := range stars {
		if p < 2 {
			continue
		}
		var others []int
		for k, s := range stars {
			if k != i {
				others = append(others, s)
			}
		}
		for mask := 0; mask < 1<<len(others); mask++ {
			for a := 0; a <= p-2; a++ {
				left, right := []int{a}, []int{p - 2 - a}
				for k, s := range others {
					if mask&(1<<k) != 0 {
						left = append(left, s)
					} else {
						right = append(right, s)
					}
				}
				out = append(out, [][]int{left, right})
			}
		}
	}
	return out
}

func (b astronBrute) value(opt [][]int) int {
	x := 0
	for _, c := range opt {
		x ^= b.grundy(c)
	}
	return x
}

func (b astronBrute) grundy(stars []int) int {
	key := astronBruteKey(stars)
	if v, ok := b[key]; ok {
		return v
	}
	seen := map[int]bool{}
	for _, opt := range b.options(stars) {
		seen[b.value(opt)] = true
	}
	m := 0
	for seen[m] {
		m++
	}
	b[key] = m
	return m
}

// resultKey names a sum of components up to order.
func astronResultKey(comps [][]int) string {
	var keys []string
	for _, c := range comps {
		if k := astronBruteKey(c); k != "" {
			keys = append(keys, "{"+k+"}")
		}
	}
	slices.Sort(keys)
	return strings.Join(keys, "+")
}

func TestAstronPositionJSONMatchesBruteForce(t *testing.T) {
	brute := astronBrute{}
	for _, pos := range [][]int{{3, 5}, {7, 5}, {4, 6, 9}, {2, 2}, {1, 1}, {3, 5, 7, 9}, {0, 10}, {12}} {
		args := []string{"astron"}
		for _, s := range pos {
			args = append(args, strconv.Itoa(s))
		}
		status, out, errOut := runAstronCLI(t, append(args, "--json")...)
		require.Equal(t, exitOK, status, errOut)
		var r struct {
			Stars        []int  `json:"stars"`
			Nimber       int    `json:"nimber"`
			Outcome      string `json:"outcome"`
			WinningMoves []struct {
				Kind   string  `json:"kind"`
				Text   string  `json:"text"`
				Result [][]int `json:"result"`
			} `json:"winning_moves"`
		}
		require.NoError(t, json.Unmarshal([]byte(out), &r), out)
		want := brute.grundy(pos)
		assert.Equal(t, want, r.Nimber, "%v", pos)
		if want == 0 {
			assert.Equal(t, "P", r.Outcome)
		} else {
			assert.Equal(t, "N", r.Outcome)
		}
		wantStars := []int{}
		for _, s := range pos {
			if s > 0 {
				wantStars = append(wantStars, s)
			}
		}
		slices.Sort(wantStars)
		assert.Equal(t, wantStars, r.Stars)
		zero, legal := map[string]bool{}, map[string]bool{}
		for _, opt := range brute.options(pos) {
			legal[astronResultKey(opt)] = true
			if brute.value(opt) == 0 {
				zero[astronResultKey(opt)] = true
			}
		}
		got := map[string]bool{}
		for _, m := range r.WinningMoves {
			k := astronResultKey(m.Result)
			assert.Contains(t, []string{"join", "split"}, m.Kind)
			assert.NotEmpty(t, m.Text)
			assert.True(t, legal[k], "%v: %q is not a legal move", pos, m.Text)
			assert.Zero(t, brute.value(m.Result), "%v: %q does not lead to nimber 0", pos, m.Text)
			got[k] = true
		}
		assert.Equal(t, zero, got, "%v: the winning moves are exactly the options of nimber 0", pos)
	}
}

func TestAstronOneStarIsDawsonsKayles(t *testing.T) {
	// The thesis, Table 1.1: G(D_34) = 4, G(D_69) = 8, G(D_86) = 9.
	for n, want := range map[int]int{34: 4, 69: 8, 86: 9, 51: 5} {
		status, out, errOut := runAstronCLI(t, "astron", strconv.Itoa(n), "--json")
		require.Equal(t, exitOK, status, errOut)
		var r map[string]any
		require.NoError(t, json.Unmarshal([]byte(out), &r))
		assert.Equal(t, float64(want), r["nimber"], "G(A_%d)", n)
	}
}

func TestAstronPositionText(t *testing.T) {
	status, out, errOut := runAstronCLI(t, "astron", "5", "7")
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "A_{5,7} (Astron): nimber")
	brute := astronBrute{}
	if brute.grundy([]int{5, 7}) != 0 {
		assert.Contains(t, out, "winning moves")
	}
	status, out, _ = runAstronCLI(t, "astron", "2", "2")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "nimber "+strconv.Itoa(brute.grundy([]int{2, 2})))
}

func TestAstronTableMatchesBruteForce(t *testing.T) {
	brute := astronBrute{}
	status, out, errOut := runAstronCLI(t, "astron", "table", "--size", "12", "--json")
	require.Equal(t, exitOK, status, errOut)
	var r struct {
		Stars, Size, MaxNimber int
		Table                  [][]int `json:"table"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	require.Len(t, r.Table, 13)
	for p := 0; p <= 12; p++ {
		require.Len(t, r.Table[p], 13)
		for q := 0; q <= 12; q++ {
			assert.Equal(t, brute.grundy([]int{p, q}), r.Table[p][q], "G(A_{%d,%d})", p, q)
		}
	}

	dir := t.TempDir()
	path := filepath.Join(dir, "slice.csv")
	status, out, errOut = runAstronCLI(t, "astron", "table", "--stars", "3", "--slice", "4", "--size", "8", "--csv", path)
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "wrote "+path)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	require.Len(t, lines, 10, "a header row, then rows p = 0..8")
	assert.Equal(t, `p\q,0,1,2,3,4,5,6,7,8`, lines[0])
	for p, line := range lines[1:] {
		cells := strings.Split(line, ",")
		require.Len(t, cells, 10)
		assert.Equal(t, strconv.Itoa(p), cells[0], "each row starts with its p")
		for q, c := range cells[1:] {
			v, err := strconv.Atoi(c)
			require.NoError(t, err)
			assert.Equal(t, brute.grundy([]int{p, q, 4}), v, "G(A_{%d,%d,4})", p, q)
		}
	}
	entries, _ := os.ReadDir(dir)
	assert.Len(t, entries, 1, "the CSV is written atomically, no temporary file left")

	status, out, _ = runAstronCLI(t, "astron", "table", "--size", "3")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "G(A_{p,q}) for 0 ≤ p, q ≤ 3")
	// Row 3 of the text grid: G(A_{3,0..3}).
	wantRow := "  3 |"
	for q := 0; q <= 3; q++ {
		wantRow += " " + strconv.Itoa(brute.grundy([]int{3, q}))
	}
	assert.Contains(t, out, wantRow)
}

func TestAstronPeriod(t *testing.T) {
	// One star: Dawson's Kayles, period 34 and preperiod 53 (the thesis,
	// Esempio 1.2.8).
	status, out, errOut := runAstronCLI(t, "astron", "period", "--stars", "1", "--json")
	require.Equal(t, exitOK, status, errOut)
	var one map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &one))
	assert.Equal(t, 34.0, one["period"])
	assert.Equal(t, 53.0, one["preperiod"])
	assert.Equal(t, true, one["certified"])
	assert.Equal(t, []any{52.0}, one["last_irregular"])

	// Two stars: the thesis' period 34 (Theorem 2.2.3), certified from the
	// table to 1300. The preperiod found (585) is one more than the thesis'
	// π + 1 = 584: docs/FINDINGS.md has the evidence.
	status, out, errOut = runAstronCLI(t, "astron", "period", "--stars", "2", "--json")
	require.Equal(t, exitOK, status, errOut)
	var two struct {
		Stars            int   `json:"stars"`
		Period           int   `json:"period"`
		Preperiod        int   `json:"preperiod"`
		ThesisPi         int   `json:"thesis_pi"`
		LastIrregular    []int `json:"last_irregular"`
		IrregularNimbers []int `json:"irregular_nimbers"`
		Certified        bool  `json:"certified"`
		CheckedTo        int   `json:"checked_to"`
		CertificateNeeds int   `json:"certificate_needs"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &two))
	assert.Equal(t, 2, two.Stars)
	assert.Equal(t, 34, two.Period)
	assert.Equal(t, 585, two.Preperiod)
	assert.Equal(t, two.Preperiod-1, two.ThesisPi)
	assert.True(t, two.Certified)
	assert.Equal(t, 1300, two.CheckedTo)
	assert.Equal(t, 2*two.Preperiod+2*34+2-1, two.CertificateNeeds)
	require.Len(t, two.LastIrregular, 2)
	assert.Equal(t, two.Preperiod-1, two.LastIrregular[0])
	require.Len(t, two.IrregularNimbers, 2)
	assert.NotEqual(t, two.IrregularNimbers[0], two.IrregularNimbers[1])

	// Below the certificate's reach the period is seen, not certified.
	status, out, errOut = runAstronCLI(t, "astron", "period", "--stars", "2", "--limit", "800", "--json")
	require.Equal(t, exitOK, status, errOut)
	var seen map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &seen))
	assert.Equal(t, 34.0, seen["period"])
	assert.Equal(t, false, seen["certified"])
	assert.Equal(t, 800.0, seen["checked_to"])

	status, out, errOut = runAstronCLI(t, "astron", "period", "--stars", "1")
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "period 34, preperiod 53")
	assert.Contains(t, out, "certified")
}

// TestAstronTooLargeIsRefusedUpFront: a position beyond what the recursion
// can do in reasonable time and memory is refused before any work, with
// exit 2 and the limit named: what cannot fit is refused clearly.
func TestAstronTooLargeIsRefusedUpFront(t *testing.T) {
	status, out, errOut := runAstronCLI(t, "astron", "40", "40", "40", "41")
	assert.Equal(t, exitUsage, status)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "161 points in all")
}

func TestAstronBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"astron"}, "star sizes"},
		{[]string{"astron", "x"}, `"x" is not a star size`},
		{[]string{"astron", "3", "-5"}, "negative"},
		{[]string{"astron", "3", "5", "--octal", "0.9"}, "--octal"},
		{[]string{"astron", "3", "5", "--join", "0.03"}, "--join"},
		{[]string{"astron", "table"}, "--size"},
		{[]string{"astron", "table", "--size", "0"}, "outside 1..6000"},
		{[]string{"astron", "table", "--size", "abc"}, "--size"},
		{[]string{"astron", "table", "--size", "-4"}, "--size"},
		{[]string{"astron", "table", "--size", "5", "--stars", "4"}, "accepted: 2"},
		{[]string{"astron", "table", "--size", "5", "--stars", "3"}, "--slice"},
		{[]string{"astron", "table", "--size", "5", "--slice", "2"}, "--stars 3"},
		{[]string{"astron", "table", "--size", "500", "--stars", "3", "--slice", "2"}, "outside 1..400"},
		{[]string{"astron", "period"}, "--stars"},
		{[]string{"astron", "period", "--stars", "5"}, "accepted: 1, 2 or 3"},
		{[]string{"astron", "period", "--stars", "2", "--limit", "0"}, "--limit"},
	} {
		status, out, errOut := runAstronCLI(t, tc.args...)
		assert.Equal(t, exitUsage, status, "%v: %s", tc.args, errOut)
		assert.Empty(t, out, "%v", tc.args)
		assert.Contains(t, errOut, tc.want, "%v", tc.args)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "%v: one line: %q", tc.args, errOut)
		assert.NotContains(t, errOut, "panic")
	}
}
