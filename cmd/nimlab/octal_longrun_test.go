package main

import (
	"context"
	"encoding/json"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/octal"
)

func TestOctalMaxBeyondLimitsIsRefused(t *testing.T) {
	status, _, errOut := runCLI(t, "octal", "0.6", "--max", "3000000000")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "--max asks for 3000000000 heaps; accepted: at most 2147483648 (2^31) heaps")

	defer func(f func() (int64, bool)) { memoryAvailable = f }(memoryAvailable)
	memoryAvailable = func() (int64, bool) { return 1 << 30, true }
	status, _, errOut = runCLI(t, "octal", "0.6", "--max", "1000000000")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "--max 1000000000 needs about 1.9 GiB of memory (2 bytes a heap), but only 1.0 GiB is available")
	status, _, errOut = runCLI(t, "octal", "0.6", "--n", "999999999")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "--n 1000000000 needs about 1.9 GiB")
}

func TestOctalResumeRefusesBadCheckpoints(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "07.ckpt")
	values, err := octal.QuadraticExtend(context.Background(), octal.MustParseCode("0.07"), nil, 500, nil)
	require.NoError(t, err)
	require.NoError(t, octal.WriteCheckpoint(path, octal.MustParseCode("0.07"), values))

	status, _, errOut := runCLI(t, "octal", "0.77", "--resume", path)
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "cannot resume from "+path+": it is a checkpoint of 0.07, not of 0.77")

	data, err := os.ReadFile(path)
	require.NoError(t, err)
	data[len(data)-7] ^= 0x10
	bad := filepath.Join(dir, "bad.ckpt")
	require.NoError(t, os.WriteFile(bad, data, 0o644))
	status, _, errOut = runCLI(t, "octal", "0.07", "--resume", bad)
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "it is damaged (checksum mismatch)")

	status, _, errOut = runCLI(t, "octal", "0.07", "--resume", filepath.Join(dir, "missing.ckpt"))
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "missing.ckpt")

	status, _, errOut = runCLI(t, "octal", "0.07", "--checkpoint", path, "--checkpoint-every", "soon")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, `--checkpoint-every "soon" is not a positive duration`)
}

// TestOctalResumeCertifiesLikeAFreshRun resumes 0.16 from a checkpoint taken
// part way (before the period shows) and expects the published period.
func TestOctalResumeCertifiesLikeAFreshRun(t *testing.T) {
	code := octal.MustParseCode("0.16")
	path := filepath.Join(t.TempDir(), "016.ckpt")
	values, err := octal.SparseExtend(context.Background(), code, nil, 150000, nil)
	require.NoError(t, err)
	require.NoError(t, octal.WriteCheckpoint(path, code, values))

	status, out, errOut := runCLI(t, "octal", "0.16", "--resume", path, "--json")
	require.Equal(t, exitOK, status, errOut)
	var r map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	assert.Equal(t, 149459.0, r["period"])
	assert.Equal(t, 105351.0, r["preperiod"])
	assert.Equal(t, 509622.0, r["count"])
	assert.Equal(t, true, r["certified"])
}

// TestOctalInterruptSavesAndResumes sends SIGINT to a running
// `nimlab octal 0.6 --checkpoint F`, then resumes from F: the values must be
// those of an uninterrupted run.
func TestOctalInterruptSavesAndResumes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 0.6 to 500000 heaps twice")
	}
	// With a handler of our own the signal never kills the test binary,
	// even if it arrived before nimlab's.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt)
	defer signal.Stop(sigs)

	dir := t.TempDir()
	ckpt := filepath.Join(dir, "06.ckpt")
	done := make(chan struct{})
	var status int
	var errOut string
	go func() {
		status, _, errOut = runCLI(t, "octal", "0.6", "--max", "500000", "--checkpoint", ckpt)
		close(done)
	}()
	time.Sleep(500 * time.Millisecond)
	require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGINT))
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("the run did not stop after SIGINT")
	}
	require.Equal(t, exitFailure, status, errOut)
	assert.Contains(t, errOut, "interrupted; G(0..")
	assert.Contains(t, errOut, "saved in "+ckpt+" (continue with --resume "+ckpt+")")
	saved, err := octal.ReadCheckpoint(ckpt, octal.MustParseCode("0.6"))
	require.NoError(t, err)
	require.Less(t, len(saved), 500000, "the run should have been stopped part way")

	resumedCSV, freshCSV := filepath.Join(dir, "resumed.csv"), filepath.Join(dir, "fresh.csv")
	status, _, errOut = runCLI(t, "octal", "0.6", "--max", "500000", "--resume", ckpt, "--csv", resumedCSV)
	require.Equal(t, exitOK, status, errOut)
	status, _, errOut = runCLI(t, "octal", "0.6", "--max", "500000", "--csv", freshCSV)
	require.Equal(t, exitOK, status, errOut)
	resumed, err := os.ReadFile(resumedCSV)
	require.NoError(t, err)
	fresh, err := os.ReadFile(freshCSV)
	require.NoError(t, err)
	assert.Equal(t, len(fresh), len(resumed))
	assert.True(t, string(fresh) == string(resumed), "the resumed run's values differ from the fresh run's")
}
