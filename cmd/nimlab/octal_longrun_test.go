package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
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
	values, err := octal.QuadraticExtend(context.Background(), octal.NewCode(takebreak.MustParse("0.07")), nil, 500, nil)
	require.NoError(t, err)
	require.NoError(t, octal.WriteCheckpoint(path, octal.NewCode(takebreak.MustParse("0.07")), values))

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
	code := octal.NewCode(takebreak.MustParse("0.16"))
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

// TestResumeVerifyRefusesAnEditedCheckpoint: one value of a Grundy's game
// checkpoint changed and its checksum recomputed (what WriteCheckpoint
// does) may pass the check on resume, which samples the heaps of a large
// file; --verify recomputes every value and refuses it.
func TestResumeVerifyRefusesAnEditedCheckpoint(t *testing.T) {
	code := octal.NewCode(takebreak.MustParse("4!.0"))
	res, err := octal.Solve(context.Background(), code, octal.SolveOptions{N: 59999})
	require.NoError(t, err)
	vals := append([]uint16(nil), res.Values...)
	vals[40000] ^= 1
	path := filepath.Join(t.TempDir(), "t.ckpt")
	require.NoError(t, octal.WriteCheckpoint(path, code, vals))
	before, err := os.ReadFile(path)
	require.NoError(t, err)
	status, out, errOut := runCLI(t, "octal", "4!.0", "--n", "60000", "--resume", path, "--verify")
	assert.Equal(t, exitUsage, status, errOut)
	assert.Empty(t, out)
	assert.Contains(t, errOut, fmt.Sprintf("its G(40000) = %d, but 4!.0 has G(40000) = %d (every value was recomputed)", vals[40000], res.Values[40000]))
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, before, after, "the checkpoint is left as it was")
	// The untouched values pass --verify and the run goes on.
	require.NoError(t, octal.WriteCheckpoint(path, code, res.Values))
	status, _, errOut = runCLI(t, "octal", "4!.0", "--n", "60000", "--resume", path, "--verify")
	assert.Equal(t, exitOK, status, errOut)
	status, _, errOut = runCLI(t, "octal", "4!.0", "--n", "600", "--verify")
	assert.Equal(t, exitUsage, status, errOut)
}
