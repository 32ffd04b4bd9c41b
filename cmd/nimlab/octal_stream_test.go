package main

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOctalVerifyPeriod proves 0.127's period (4 from 46,578) through the
// CLI in constant memory, refutes a wrong preperiod at the heap where it
// fails, and refuses incomplete or conflicting options.
func TestOctalVerifyPeriod(t *testing.T) {
	small := []string{"--stream-first", "32768", "--stream-window", "65536"}
	status, out, errOut := runCLI(t, append([]string{"octal", "0.127", "--verify-period", "4", "--preperiod", "46578"}, small...)...)
	require.Equal(t, 0, status, errOut)
	assert.Contains(t, out, "0.127: period 4 from preperiod 46578 PROVEN: G(n+4) = G(n) for every n from 46578 to 93162")
	assert.Contains(t, out, "sparse space: mask 0x1 with the heap's parity; 693 rare heaps")

	status, out, errOut = runCLI(t, append([]string{"octal", "0.127", "--verify-period", "4", "--preperiod", "46577", "--json"}, small...)...)
	require.Equal(t, 0, status, errOut)
	var rep verifyReport
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.False(t, rep.Proven)
	require.NotNil(t, rep.Mismatch)
	assert.Equal(t, 46577, *rep.Mismatch)
	assert.NotEqual(t, *rep.Value, *rep.ValueAhead)
	assert.True(t, rep.HeapParity)

	for _, bad := range [][]string{
		{"octal", "0.127", "--verify-period", "4"},
		{"octal", "0.127", "--preperiod", "4"},
		{"octal", "0.127", "--verify-period", "0", "--preperiod", "4"},
		{"octal", "0.127", "--verify-period", "4", "--preperiod", "10", "--n", "100"},
		{"octal", "0.127", "--stream", "--checkpoint", "x.ckpt"},
		{"octal", "0.127", "--stream", "--stream-history", "0"},
		{"octal", "0.127", "--stream", "--compare", "0.137"},
		{"octal", "0.127", "--stream", "--n", "100000", "--stream-first", "100"},
		{"octal", "0.127", "--stream", "--n", "100000", "--values"},
		{"octal", "4!.0", "--stream", "--n", "100000"},
	} {
		status, _, errOut := runCLI(t, bad...)
		assert.Equal(t, exitUsage, status, "%v: %s", bad, errOut)
		assert.Contains(t, errOut, "nimlab: --", "%v: names the option", bad)
	}
}

// TestOctalStreamAutoMode: auto mode in constant memory reports what the
// in-memory run reports (the same JSON, byte for byte), with a history of
// the last values far shorter than the run (0.16: period 149,459 from
// 105,351, certified at 509,622 heaps; 0.56: period 144 from 326,640), and
// says when the history is too short for a period.
func TestOctalStreamAutoMode(t *testing.T) {
	for _, tc := range []struct{ code, history string }{{"0.16", "262144"}, {"0.56", "4096"}} {
		status, want, errOut := runCLI(t, "octal", tc.code, "--json")
		require.Equal(t, 0, status, errOut)
		status, got, errOut := runCLI(t, "octal", tc.code, "--stream", "--stream-history", tc.history, "--json")
		require.Equal(t, 0, status, errOut)
		assert.Equal(t, want, got, tc.code)
	}
	status, out, errOut := runCLI(t, "octal", "0.16", "--stream", "--stream-history", "65536", "--max", "600000")
	require.Equal(t, 0, status, errOut)
	assert.Contains(t, out, "no period certified up to 600000 heaps")
	assert.Contains(t, out, "periods longer than about 60927 are not followed in constant memory")
}

// TestOctalVerifyResume saves a verification's checkpoint, refuses it for
// another claim, and resumes it to the result of a whole run.
func TestOctalVerifyResume(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.ckpt")
	args := []string{"octal", "0.127", "--verify-period", "4", "--preperiod", "46578", "--stream-first", "32768", "--stream-window", "65536", "--json"}
	status, whole, errOut := runCLI(t, append(args, "--checkpoint", path, "--checkpoint-every", "1ns")...)
	require.Equal(t, 0, status, errOut)
	status, _, errOut = runCLI(t, "octal", "0.127", "--verify-period", "8", "--preperiod", "46578", "--resume", path)
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "verifies period 4 from 46578, not 8 from 46578")
	status, resumed, errOut := runCLI(t, append(args, "--resume", path)...)
	require.Equal(t, 0, status, errOut)
	var a, b verifyReport
	require.NoError(t, json.Unmarshal([]byte(whole), &a))
	require.NoError(t, json.Unmarshal([]byte(resumed), &b))
	a.Seconds, b.Seconds = 0, 0
	assert.Equal(t, a, b)
}

// TestOctalStreamResume saves a --stream run of 0.106 at every step of
// 2^20 heaps and resumes it from the last save (at 2^21 heaps) to the same
// report; a save with another --n or of a verification is refused.
func TestOctalStreamResume(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.ckpt")
	args := []string{"octal", "0.106", "--stream", "--n", "3000000", "--stream-first", "32768", "--stream-window", "65536", "--json"}
	status, whole, errOut := runCLI(t, append(args, "--checkpoint", path, "--checkpoint-every", "1ns")...)
	require.Equal(t, 0, status, errOut)
	status, _, errOut = runCLI(t, "octal", "0.106", "--stream", "--n", "4000000", "--resume", path)
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "runs to heap 3000000, not 4000000")
	status, resumed, errOut := runCLI(t, append(args, "--resume", path)...)
	require.Equal(t, 0, status, errOut)
	var a, b streamReport
	require.NoError(t, json.Unmarshal([]byte(whole), &a))
	require.NoError(t, json.Unmarshal([]byte(resumed), &b))
	a.Seconds, b.Seconds, a.HeapsPerS, b.HeapsPerS = 0, 0, 0, 0
	assert.Equal(t, a, b)
	assert.Equal(t, 3000001, b.Count)

	verify := filepath.Join(dir, "v.ckpt")
	status, _, errOut = runCLI(t, "octal", "0.127", "--verify-period", "4", "--preperiod", "46578", "--stream-first", "32768", "--stream-window", "65536", "--checkpoint", verify, "--checkpoint-every", "1ns")
	require.Equal(t, 0, status, errOut)
	status, _, errOut = runCLI(t, "octal", "0.127", "--stream", "--n", "100000", "--resume", verify)
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "not a nimlab --stream checkpoint")
}

// TestOctalStream computes 0.106 in constant memory and reports its 15
// rare heaps.
func TestOctalStream(t *testing.T) {
	status, out, errOut := runCLI(t, "octal", "0.106", "--stream", "--n", "300000", "--stream-first", "32768", "--stream-window", "65536")
	require.Equal(t, 0, status, errOut)
	assert.Contains(t, out, "0.106: computed G(0..300000) in constant memory")
	assert.Contains(t, out, "sparse space: mask 0xd with the heap's parity; 15 rare heaps: 3 7 10 26 68 84 96 101 320 345 359 473 563 993 1103; largest value 27")
}
