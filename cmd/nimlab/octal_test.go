package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	// Seed 001 Table 1.1, first 21 values.
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
	assert.Equal(t, exitFailure, status)
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
		{"adds tokens", []string{"octal", "20.017"}, "add tokens"},
		{"letters", []string{"octal", "kayles"}, "no point"},
		{"symbol after point", []string{"octal", "0.7%"}, "unexpected"},
		{"no digits after point", []string{"octal", "0."}, "no digits after the point"},
		{"trailing text", []string{"octal", "0.07 x"}, "unexpected"},
		{"pass digit", []string{"octal", "2.7"}, "pass"},
		{"bad leading", []string{"octal", "12.7"}, "more than one digit before the point"},
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
	assert.Contains(t, errOut, "--equivalent needs an octal code")
}
