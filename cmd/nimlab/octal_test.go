package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/takebreak"
)

// runCLI runs nimlab in-process and returns its exit status and output.
func runCLI(t *testing.T, args ...string) (status int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	status = run(args, &out, &errb)
	return status, out.String(), errb.String()
}

func TestOctalJSONReportsCertifiedPeriod(t *testing.T) {
	status, out, errOut := runCLI(t, "octal", ".07", "--json")
	require.Equal(t, exitOK, status, errOut)
	var r map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	assert.Equal(t, "0.07", r["code"])
	assert.Equal(t, 34.0, r["period"])
	assert.Equal(t, 53.0, r["preperiod"])
	assert.Equal(t, true, r["certified"])
	assert.Equal(t, 9.0, r["max_value"])
	assert.Equal(t, 86.0, r["max_at"])
	assert.NotContains(t, r, "values", "values only with --values")
	assert.Empty(t, errOut, "no progress bar when output is not a terminal")
}

func TestOctalExactModeValuesAndHeaps(t *testing.T) {
	status, out, errOut := runCLI(t, "octal", "0.07", "--n", "20", "--values", "--heaps", "5,9,14", "--json")
	require.Equal(t, exitOK, status, errOut)
	var r struct {
		Count     int    `json:"count"`
		Values    []int  `json:"values"`
		Period    *int   `json:"period"`
		Preperiod *int   `json:"preperiod"`
		Certified bool   `json:"certified"`
		NimSum    int    `json:"nim_sum"`
		Outcome   string `json:"outcome"`
		Heaps     []int  `json:"heaps"`
		Moves     []struct {
			Heap, From, Take int
			Leave            []int
		} `json:"winning_moves"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	assert.Equal(t, 21, r.Count)
	// The thesis' Table 1.1, first 21 values.
	assert.Equal(t, []int{0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3}, r.Values)
	assert.Nil(t, r.Period)
	assert.Nil(t, r.Preperiod)
	assert.False(t, r.Certified)
	// G(5) ⊕ G(9) ⊕ G(14) = 0 ⊕ 0 ⊕ 4 = 4.
	assert.Equal(t, 4, r.NimSum)
	assert.Equal(t, "N", r.Outcome)
	assert.Equal(t, []int{5, 9, 14}, r.Heaps)
	require.NotEmpty(t, r.Moves)
	for _, m := range r.Moves {
		assert.Equal(t, 3, m.Heap, "only heap #3 (14, value 4) can be lowered to value 0; JSON numbers heaps from 1 as the text does")
		assert.Equal(t, 14, m.From)
	}
}

func TestOctalHeapsBeyondComputedUsePeriod(t *testing.T) {
	status, out, errOut := runCLI(t, "octal", "0.07", "--heaps", "1000,34", "--json")
	require.Equal(t, exitOK, status, errOut)
	var r struct {
		NimSum  int    `json:"nim_sum"`
		Outcome string `json:"outcome"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	// 1000 = 34·27 + 82 and 82 ≥ 53, so G(1000) = G(82) = 4 (Table 1.1 row 68+, column 14);
	// G(34) = 4 (row 34+, column 0).
	assert.Equal(t, 0, r.NimSum)
	assert.Equal(t, "P", r.Outcome)
}

func TestOctalTableLayout(t *testing.T) {
	status, out, _ := runCLI(t, "octal", "0.07", "--n", "67", "--table", "34")
	require.Equal(t, exitOK, status)
	lines := strings.Split(out, "\n")
	var rows []string
	for _, l := range lines {
		if strings.Contains(l, "+ ") {
			rows = append(rows, strings.Join(strings.Fields(l), " "))
		}
	}
	require.Len(t, rows, 2)
	assert.Equal(t, "0+ 0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3 0 1 1 3 0 2 1 1 0 4 5 2 7", rows[0])
	assert.Equal(t, "34+ 4 0 1 1 2 0 3 1 1 0 3 3 2 2 4 4 5 5 2 3 3 0 1 1 3 0 2 1 1 0 4 5 3 7", rows[1])
}

func TestOctalCSVIsWrittenAtomically(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "dk.csv")
	status, _, errOut := runCLI(t, "octal", "0.07", "--n", "5", "--csv", path)
	require.Equal(t, exitOK, status, errOut)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "n,grundy\n0,0\n1,0\n2,1\n3,1\n4,2\n5,0\n", string(data))
	entries, _ := os.ReadDir(dir)
	assert.Len(t, entries, 1, "no temporary file is left behind")

	status, _, errOut = runCLI(t, "octal", "0.07", "--n", "5", "--csv", filepath.Join(dir, "missing", "x.csv"))
	assert.Equal(t, exitUsage, status, "checked before the work")
	assert.Contains(t, errOut, "x.csv")
}

func TestOctalBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // a fragment of the one-line message
	}{
		{"not a digit", []string{"octal", "0.1#"}, "unexpected"},
		{"unclosed bracket", []string{"octal", "0.[3"}, "not closed"},
		{"empty subtraction set", []string{"octal", "S()"}, "empty"},
		{"adds tokens", []string{"octal", "20.017"}, "adds tokens"},
		{"letters", []string{"octal", "kayles"}, "no point"},
		{"symbol after point", []string{"octal", "0.7%"}, "unexpected"},
		{"no digits after point", []string{"octal", "0."}, "no digits after the point"},
		{"trailing text", []string{"octal", "0.07 x"}, "unexpected"},
		{"pass digit", []string{"octal", "2.7"}, "pass"},
		{"bad leading", []string{"octal", "12.7"}, "adds tokens"},
		{"no code", []string{"octal"}, "exactly one octal code"},
		{"negative n", []string{"octal", "0.07", "--n", "-1"}, "--n must be a non-negative"},
		{"non-numeric n", []string{"octal", "0.07", "--n", "ten"}, "--n must be a non-negative"},
		{"non-numeric max", []string{"octal", "0.07", "--max", "1e5"}, "--max must be a non-negative"},
		{"zero max", []string{"octal", "0.07", "--max", "0"}, "--max must be at least 1"},
		{"n and max", []string{"octal", "0.07", "--n", "5", "--max", "9"}, "exclude each other"},
		{"negative heap", []string{"octal", "0.07", "--heaps", "3,-4"}, "not a heap size"},
		{"non-numeric heap", []string{"octal", "0.07", "--heaps", "3,x"}, "not a heap size"},
		{"empty heap list", []string{"octal", "0.07", "--heaps", ""}, "--heaps is empty"},
		{"malformed heap list", []string{"octal", "0.07", "--heaps", "3,,4"}, "empty entry"},
		{"bad table width", []string{"octal", "0.07", "--table", "0"}, "--table must be at least 1"},
		{"unknown flag", []string{"octal", "0.07", "--bogus"}, "unknown flag"},
		{"unknown command", []string{"octa", "0.07"}, "unknown command"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, out, errOut := runCLI(t, tc.args...)
			assert.Equal(t, exitUsage, status)
			assert.Empty(t, out)
			assert.Contains(t, errOut, tc.want)
			assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
			assert.NotContains(t, errOut, "goroutine", "no stack trace")
		})
	}
}

func TestOctalRefusesHeapsTooLargeToEnumerate(t *testing.T) {
	status, out, errOut := runCLI(t, "octal", "0.07", "--heaps", "3,20000000")
	assert.Equal(t, exitUsage, status)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "--heaps entry 20000000 is too large")
}

func TestOctalHeapsBeyondUncertifiedValuesAreComputed(t *testing.T) {
	// --n 10 does not reach heap 40, so the values are computed further;
	// G(40) = 3 and G(34) = 4 in Table 1.1, nim-sum 7.
	status, out, errOut := runCLI(t, "octal", "0.07", "--n", "10", "--heaps", "40,34", "--json")
	require.Equal(t, exitOK, status, errOut)
	var r struct {
		NimSum int `json:"nim_sum"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	assert.Equal(t, 7, r.NimSum)
}

func TestOctalEquivalent(t *testing.T) {
	status, out, errOut := runCLI(t, "octal", "0.51", "--equivalent", "--json")
	require.Equal(t, 0, status, errOut)
	var r struct {
		Equivalent equivalentReport `json:"equivalent"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	// 0.51 and 0.55 both have G = 0,1,1,1,… (period 1 from heap 1):
	// equal at every heap, and no other two-digit code is.
	assert.Equal(t, []string{"0.55"}, r.Equivalent.Codes)
	assert.Equal(t, []bool{true}, r.Equivalent.Proven)

	status, _, errOut = runCLI(t, "octal", "4!.0", "--equivalent")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "--equivalent: 4!.0 has a modifier")
	status, _, errOut = runCLI(t, "octal", "0.3F7F", "--equivalent")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "more than the 4096 accepted")
}

// oneOrTwoHeapBrute is the definition of a game whose digits (given
// explicitly, d[j] for j < len(d), then rep repeated forever) leave at
// most two heaps: G(n) = mex of 0 (take all, bit 0 of d_n), G(n−j) (bit 1)
// and G(a) ⊕ G(b) for a + b = n−j, a, b ≥ 1 (bit 2; j = 0 for d[0]).
func oneOrTwoHeapBrute(d []int, rep int, upTo int) []int {
	digit := func(j int) int {
		if j < len(d) {
			return d[j]
		}
		if rep == 0 {
			return 0
		}
		start := len(d) - rep
		return d[start+(j-start)%rep]
	}
	g := make([]int, upTo+1)
	for n := 1; n <= upTo; n++ {
		seen := map[int]bool{}
		for j := 0; j <= n; j++ {
			dj := digit(j)
			if j == n && dj&1 != 0 {
				seen[0] = true
			}
			if j >= 1 && j < n && dj&2 != 0 {
				seen[g[n-j]] = true
			}
			if dj&4 != 0 {
				for a := 1; 2*a <= n-j; a++ {
					seen[g[a]^g[n-j-a]] = true
				}
			}
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return g
}

// TestOctalEquivalentTakeBreak: --equivalent for an infinite code, a
// subtraction game and an all-but game lists exactly the family members
// whose values, computed in the test from the definition, agree with
// CODE's (and no member that differs); --compare proves Lasker's Nim 4.[3]
// equal to 4.37[3] (checked here on 1,500 heaps), and the issue's
// 0.161 / 0.36 still first differ at heap 519.
func TestOctalEquivalentTakeBreak(t *testing.T) {
	equivalent := func(code string) equivalentReport {
		status, out, errOut := runCLI(t, "octal", code, "--equivalent", "--json")
		require.Equal(t, 0, status, errOut)
		var r struct {
			Equivalent equivalentReport `json:"equivalent"`
		}
		require.NoError(t, json.Unmarshal([]byte(out), &r))
		return r.Equivalent
	}
	// 0.6[3] (take one leaving one or two heaps, or any number leaving
	// none or one) against every 0.d1[d2]: the brute force on 120 heaps
	const n = 120
	want := oneOrTwoHeapBrute([]int{0, 6, 3}, 1, n)
	var agree []string
	for d1 := range 8 {
		for d2 := range 8 {
			if (d1 == 6 && d2 == 3) || (d1 == 0 && d2 == 0) {
				continue
			}
			if slices.Equal(oneOrTwoHeapBrute([]int{0, d1, d2}, 1, n), want) {
				agree = append(agree, takebreak.MustParse(fmt.Sprintf("0.%d[%d]", d1, d2)).String())
			}
		}
	}
	r := equivalent("0.6[3]")
	assert.ElementsMatch(t, agree, r.Codes, "0.6[3]'s family")
	require.Contains(t, r.Codes, "0.2[3]")
	assert.True(t, r.Proven[slices.Index(r.Codes, "0.2[3]")], "0.2[3]: both arithmetic periods proven")

	// subtraction games: S(1,2,5) has period 3 (0,1,2,…): so do the sets
	// F ⊆ {1..5} whose values agree (computed here)
	sub := func(F []int, upTo int) []int {
		g := make([]int, upTo+1)
		for m := 1; m <= upTo; m++ {
			seen := map[int]bool{}
			for _, f := range F {
				if f <= m {
					seen[g[m-f]] = true
				}
			}
			for seen[g[m]] {
				g[m]++
			}
		}
		return g
	}
	want = sub([]int{1, 2, 5}, 200)
	agree = nil
	for mask := 1; mask < 32; mask++ {
		var F []int
		for v := 1; v <= 5; v++ {
			if mask&(1<<(v-1)) != 0 {
				F = append(F, v)
			}
		}
		if !slices.Equal(F, []int{1, 2, 5}) && slices.Equal(sub(F, 200), want) {
			agree = append(agree, "S("+strings.Trim(strings.ReplaceAll(fmt.Sprint(F), " ", ","), "[]")+")")
		}
	}
	r = equivalent("S(1,2,5)")
	assert.ElementsMatch(t, agree, r.Codes)
	assert.NotEmpty(t, r.Codes)
	for i, c := range r.Codes {
		assert.True(t, r.Proven[i], "%s: finite-window periods", c)
	}

	// all-but games: S!(1,3) has the values of S!(1) only
	r = equivalent("S!(1,3)")
	assert.Equal(t, []string{"S!(1)"}, r.Codes)

	status, out, errOut := runCLI(t, "octal", "4.[3]", "--compare", "4.37[3]")
	require.Equal(t, 0, status, errOut)
	assert.Contains(t, out, "4.[3] and 4.37[3] have the same Grundy value at every heap")
	assert.Equal(t, oneOrTwoHeapBrute([]int{4, 3}, 1, 1500), oneOrTwoHeapBrute([]int{4, 3, 7, 3}, 1, 1500))
	status, out, errOut = runCLI(t, "octal", "0.161", "--compare", "0.36", "--max", "4096")
	require.Equal(t, 0, status, errOut)
	assert.Contains(t, out, "0.161 and 0.36 first differ at heap 519: G = 2 and 4")
}
