package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
	"github.com/nimlab/nimlab/solver/valuestore"
)

// TestOctalValuesFile computes Officers' first 150,000 values into a file
// (the first window starts at 2^14, so it grows past the rare heaps and a
// heap is decided from the file), compares them with the in-memory engine,
// reads the complete file again without recomputing, and continues a run
// that was interrupted to the same values.
func TestOctalValuesFile(t *testing.T) {
	dir := t.TempDir()
	code := octal.NewCode(takebreak.MustParse("0.6"))
	const heaps = 150_000
	want, err := octal.SparseExtend(context.Background(), code, nil, heaps-1, nil)
	require.NoError(t, err)
	path := filepath.Join(dir, "officers.nimv")
	args := []string{"octal", "0.6", "--max", "150000", "--values-file", path, "--stream-first", "16384", "--json"}
	status, out, errOut := runCLI(t, args...)
	require.Equal(t, 0, status, errOut)
	var rep valuesReport
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.EqualValues(t, heaps, rep.Count)
	assert.EqualValues(t, heaps, rep.Computed)
	assert.True(t, rep.CheckOK)
	assert.Equal(t, 1583, rep.RareCount)
	assert.Greater(t, rep.FromFile, 0)
	assert.Equal(t, want[heaps-20:], rep.Last)
	_, err = os.Stat(path + valuestore.PartialSuffix)
	assert.True(t, os.IsNotExist(err), "the partial file was renamed")
	vf, err := valuestore.OpenValueFile(path, code.String())
	require.NoError(t, err)
	got := make([]uint16, heaps)
	vf.Read(got, 0)
	require.Equal(t, want, got)
	mv, at := vf.MaxValue()
	require.NoError(t, vf.Close())

	// The complete file is read and checked, not recomputed.
	status, out, errOut = runCLI(t, "octal", "0.6", "--max", "150000", "--values-file", path)
	require.Equal(t, 0, status, errOut)
	assert.Contains(t, out, "holds G(0..149999) (complete")
	assert.Contains(t, out, "all equal")
	assert.Contains(t, out, "largest value "+itoa(mv)+" (first at heap "+itoa(int(at))+")")

	// An interrupted run (its values saved up to some heap) is continued
	// by the same command. The run is stopped at a fixed heap, not by a
	// timer: progress reports are throttled, and a fast machine finishes
	// 150,000 values before the first one.
	path2 := filepath.Join(dir, "resumed.nimv")
	vf, err = valuestore.CreateValueFile(path2, code.String(), heaps)
	require.NoError(t, err)
	const stoppedAt = 60_000
	_, err = octal.ComputeToFile(context.Background(), code, vf, octal.DiskRunOptions{Count: stoppedAt, First: 1 << 14})
	require.NoError(t, err)
	// A cancelled run returns the cancellation and keeps what was saved.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = octal.ComputeToFile(ctx, code, vf, octal.DiskRunOptions{Count: heaps, First: 1 << 14})
	require.ErrorIs(t, err, context.Canceled)
	require.EqualValues(t, stoppedAt, vf.Len())
	require.NoError(t, vf.Close())
	status, out, errOut = runCLI(t, "octal", "0.6", "--max", "150000", "--values-file", path2, "--stream-first", "16384", "--json")
	require.Equal(t, 0, status, errOut)
	assert.Contains(t, errOut, "continuing "+path2+".partial from heap")
	var rep2 valuesReport
	require.NoError(t, json.Unmarshal([]byte(out), &rep2))
	assert.Greater(t, rep2.ResumedFrom, int64(0))
	assert.Equal(t, rep.Last, rep2.Last)
	a, err := os.ReadFile(path)
	require.NoError(t, err)
	b, err := os.ReadFile(path2)
	require.NoError(t, err)
	assert.True(t, string(a) == string(b), "the continued run's file equals the whole run's")
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestOctalValuesFileRefuses: bad input gets one line naming the option and
// exit 2, and leaves no file behind.
func TestOctalValuesFileRefuses(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk")
	require.NoError(t, os.WriteFile(junk, []byte("not values"), 0o644))
	other := filepath.Join(dir, "other.nimv")
	status, _, errOut := runCLI(t, "octal", "0.106", "--max", "50000", "--values-file", other)
	require.Equal(t, 0, status, errOut)
	huge := filepath.Join(dir, "huge.nimv")
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"--max", "1000", "--values-file", junk}, "not a nimlab values file"},
		{[]string{"--max", "1000", "--values-file", other}, "holds the values of 0.106, not of 0.6"},
		{[]string{"--max", "1099511627776", "--values-file", huge}, "free; accepted: a file system with room"},
		{[]string{"--values-file", huge}, "needs the run's length"},
		{[]string{"--max", "1000", "--values-file", huge, "--values"}, "--values-file keeps the values on disk"},
		{[]string{"--max", "1000", "--values-file", huge, "--checkpoint", filepath.Join(dir, "c")}, "is its own checkpoint"},
		{[]string{"--max", "1000", "--values-file", huge, "--values-memory", "lots"}, "--values-memory \"lots\" is not a size"},
		{[]string{"--max", "1000", "--values-file", huge, "--stream"}, "exclude each other"},
		{[]string{"--max", "1000", "--values-file", filepath.Join(dir, "no", "such", "dir")}, "a file name in a folder you can write"},
	} {
		status, _, errOut := runCLI(t, append([]string{"octal", "0.6"}, c.args...)...)
		assert.Equal(t, exitUsage, status, "%v: %s", c.args, errOut)
		assert.Contains(t, errOut, c.says, c.args)
	}
	status, _, errOut = runCLI(t, "octal", "4!.0", "--max", "1000", "--values-file", huge)
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "needs the general engine")
	_, err := os.Stat(huge + valuestore.PartialSuffix)
	assert.True(t, os.IsNotExist(err), "nothing is left behind")
	// A run that needs more memory than allowed stops with the reason and
	// keeps its values to continue.
	small := filepath.Join(dir, "small.nimv")
	status, _, errOut = runCLI(t, "octal", "0.6", "--max", "100000", "--values-file", small, "--stream-first", "16384", "--values-memory", "4300000")
	assert.Equal(t, exitFailure, status, errOut)
	assert.Contains(t, errOut, "new rare heap")
	assert.Contains(t, errOut, "larger --values-memory")
	status, _, errOut = runCLI(t, "octal", "0.6", "--max", "100000", "--values-file", small, "--stream-first", "16384")
	assert.Equal(t, 0, status, errOut)
	assert.Contains(t, errOut, "continuing")
}

// TestOctalResumeFromValuesFile: an in-memory run continues from a values
// file, gives the values of a run from scratch, and leaves the file as it
// was (checkpoints never overwrite a values file).
func TestOctalResumeFromValuesFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.nimv")
	status, _, errOut := runCLI(t, "octal", "0.106", "--max", "100000", "--values-file", path)
	require.Equal(t, 0, status, errOut)
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	status, resumed, errOut := runCLI(t, "octal", "0.106", "--n", "199999", "--resume", path, "--values", "--json", "--checkpoint-every", "1ns")
	require.Equal(t, 0, status, errOut)
	status, fresh, errOut := runCLI(t, "octal", "0.106", "--n", "199999", "--values", "--json")
	require.Equal(t, 0, status, errOut)
	assert.JSONEq(t, fresh, resumed)
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.True(t, string(before) == string(after), "the values file is unchanged")
}

// TestOctalValuesFileCarriedOn: a complete run asked for more values is
// carried on from its end (the same command with a larger --max), and its
// file then equals that of one run of the whole length; the frequencies
// count the whole file.
func TestOctalValuesFileCarriedOn(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.nimv")
	status, wholeOut, errOut := runCLI(t, "octal", "0.6", "--max", "120000", "--values-file", whole, "--stream-first", "16384", "--json")
	require.Equal(t, 0, status, errOut)
	path := filepath.Join(dir, "grown.nimv")
	status, _, errOut = runCLI(t, "octal", "0.6", "--max", "50000", "--values-file", path, "--stream-first", "16384")
	require.Equal(t, 0, status, errOut)
	fq := filepath.Join(dir, "fq")
	status, out, errOut := runCLI(t, "octal", "0.6", "--max", "120000", "--values-file", path, "--stream-first", "16384", "--json", "--frequencies", fq)
	require.Equal(t, 0, status, errOut)
	assert.Contains(t, errOut, "carrying the complete run in "+path+" on from heap 50000 to 120000")
	var rep, repWhole valuesReport
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	require.NoError(t, json.Unmarshal([]byte(wholeOut), &repWhole))
	assert.EqualValues(t, 50000, rep.ResumedFrom)
	assert.True(t, rep.CheckOK)
	assert.Equal(t, repWhole.Last, rep.Last)
	a, err := os.ReadFile(whole)
	require.NoError(t, err)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.True(t, string(a) == string(b), "the carried-on run's file equals the whole run's")
	_, err = os.Stat(path + valuestore.PartialSuffix)
	assert.True(t, os.IsNotExist(err), "the partial file was renamed")
	// The frequency at 2^16 counts G(1..65536), heaps of both runs.
	vf, err := valuestore.OpenValueFile(path, "0.6")
	require.NoError(t, err)
	vals := make([]uint16, 65537)
	vf.Read(vals, 0)
	require.NoError(t, vf.Close())
	counts := map[uint16]int{}
	for _, v := range vals[1:] {
		counts[v]++
	}
	table, err := os.ReadFile(filepath.Join(fq, "65536"))
	require.NoError(t, err)
	for _, v := range []uint16{0, 1, 2, 256} {
		assert.Contains(t, "\n"+string(table), "\n"+itoa(int(v))+" "+itoa(counts[v])+"\n")
	}
}
