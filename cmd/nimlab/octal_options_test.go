package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOctalOptions: --options lists a heap's options in CGSuite's order and
// format with their values (the options of heap 9 in 0.3F! from CGSuite's
// own test), and their mex is the heap's value.
func TestOctalOptions(t *testing.T) {
	status, out, errOut := runCLI(t, "octal", "0.3F!", "--options", "9")
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "G(9) = 3, 6 options")
	assert.Contains(t, out, "as CGSuite lists them: 8  7  1,6  2,5  3,4  1,2,4\n")
	assert.Contains(t, out, "2      2,5    0  (winning")
	assert.Contains(t, out, "mex of the values: 3 = G(9)")

	status, out, errOut = runCLI(t, "octal", "0.{0!,2?,4?+}", "--options", "7", "--json")
	require.Equal(t, exitOK, status, errOut)
	var r struct {
		Code     string `json:"code"`
		Heap     int    `json:"heap"`
		Grundy   int    `json:"grundy"`
		Count    int    `json:"option_count"`
		Complete bool   `json:"complete"`
		CGSuite  string `json:"cgsuite"`
		Options  []struct {
			Take  int   `json:"take"`
			Heaps []int `json:"heaps"`
			Value int   `json:"value"`
		} `json:"options"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	assert.Equal(t, "0.{0,2,4+}?", r.Code)
	assert.True(t, r.Complete)
	// take 1 from 7: 1,5 2,4 (not 3,3), then 4 or more heaps not all
	// equal: 1,1,1,3 1,1,2,2 1,1,1,1,2 (not 1×6)
	assert.Equal(t, "1,5  2,4  1,1,1,3  1,1,2,2  1,1,1,1,2", r.CGSuite)
	assert.Equal(t, 5, r.Count)
	assert.Len(t, r.Options, 5)

	status, out, errOut = runCLI(t, "octal", "0.{1,3+}", "--options", "1", "--json")
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, `"options": []`)
	assert.Contains(t, out, `"option_count": 0`)

	// a list too long to give whole says so
	status, out, errOut = runCLI(t, "octal", "0.*", "--options", "70", "--json")
	require.Equal(t, exitOK, status, errOut)
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	assert.False(t, r.Complete)
	assert.Equal(t, optionsLimit, r.Count)

	for _, bad := range [][]string{
		{"octal", "0.07", "--options", "x"},
		{"octal", "0.07", "--options", "9", "--heaps", "3"},
		{"octal", "0.07", "--options", "9", "--n", "20"},
	} {
		status, out, errOut = runCLI(t, bad...)
		assert.Equal(t, exitUsage, status, strings.Join(bad, " "))
		assert.Empty(t, out)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), errOut)
	}
}
