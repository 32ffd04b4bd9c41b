package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOctalFrequenciesFiles: `--stream --frequencies DIR` writes the files
// of P. Rogalski's published tables byte for byte (0.167, every power of two
// to 2^16), and the last heap's file.
func TestOctalFrequenciesFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "fq")
	status, out, errOut := runCLI(t, "octal", "0.167", "--stream", "--n", "70000", "--frequencies", dir, "--json")
	require.Equal(t, exitOK, status, errOut)
	var rep struct {
		Frequencies struct {
			Dir   string `json:"dir"`
			Heaps []int  `json:"heaps"`
		} `json:"frequencies"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, dir, rep.Frequencies.Dir)
	require.Len(t, rep.Frequencies.Heaps, 18) // 1, 2, …, 65536, 70000
	assert.Equal(t, 70000, rep.Frequencies.Heaps[17])
	for k := 1; k <= 16; k++ {
		name := strconv.Itoa(1 << k)
		want, err := os.ReadFile(filepath.Join("..", "..", "solver", "octal", "testdata", "frequencies", "0.167", name))
		require.NoError(t, err)
		got, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got), "G(1..%s)", name)
	}
	last, err := os.ReadFile(filepath.Join(dir, "70000"))
	require.NoError(t, err)
	assert.Contains(t, string(last), "0 ", "a line for value 0")
}

func TestOctalFrequenciesRefused(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"octal", "0.167", "--stream", "--n", "1000", "--frequencies", filepath.Join(dir, "a"), "--checkpoint", filepath.Join(dir, "c.ckpt")},
		{"octal", "0.167", "--stream", "--n", "1000", "--frequencies", "/proc/nimlab-no-such-folder/x"},
	} {
		status, out, errOut := runCLI(t, args...)
		assert.Equal(t, exitUsage, status, "%v: %s", args, out)
		assert.Contains(t, errOut, "--frequencies", args)
	}
}

// TestOctalFrequenciesFromValuesFile: a run on disk counts its file, and its
// tables equal the published ones.
func TestOctalFrequenciesFromValuesFile(t *testing.T) {
	dir := t.TempDir()
	fq := filepath.Join(dir, "fq")
	status, out, errOut := runCLI(t, "octal", "0.167", "--max", "65537", "--values-file", filepath.Join(dir, "v.nimv"), "--frequencies", fq)
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "value frequencies of G(1..N): 17 files in "+fq+" (N = 1 … 65536)")
	for k := 1; k <= 16; k++ {
		name := strconv.Itoa(1 << k)
		want, err := os.ReadFile(filepath.Join("..", "..", "solver", "octal", "testdata", "frequencies", "0.167", name))
		require.NoError(t, err)
		got, err := os.ReadFile(filepath.Join(fq, name))
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got), "G(1..%s)", name)
	}
}
