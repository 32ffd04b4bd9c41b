package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// startNimlab starts the real binary with args; stderr is collected.
func startNimlab(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(nimlabBinary(t), args...)
	cmd.Env = append(os.Environ(), "LANG=C.UTF-8")
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = nil, &stderr
	require.NoError(t, cmd.Start())
	return cmd, &stderr
}

// stopWith sends sig after the command has run for a while and returns its
// exit status; the command must end within a minute of the signal.
func stopWith(t *testing.T, cmd *exec.Cmd, sig syscall.Signal, after time.Duration) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		t.Fatalf("%v ended before the signal: %v", cmd.Args, err)
	case <-time.After(after):
	}
	require.NoError(t, cmd.Process.Signal(sig))
	select {
	case err := <-done:
		var exit *exec.ExitError
		require.True(t, errors.As(err, &exit), "%v: %v", cmd.Args, err)
		return exit.ExitCode()
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		t.Fatalf("%v did not stop within a minute of %v", cmd.Args, sig)
		return 0
	}
}

// TestLongCommandsStopOnSignals: every long command stops on Ctrl-C (exit
// 130) or SIGTERM (exit 143) with one line on stderr and no raw "context
// canceled".
func TestLongCommandsStopOnSignals(t *testing.T) {
	cases := []struct {
		name string
		args []string
		sig  syscall.Signal
		want int
	}{
		{"staircase P-positions", []string{"nim", "--variant", "staircase", "9", "9", "9", "9", "9", "9", "9", "9", "--p-positions"}, syscall.SIGINT, 130},
		{"large subtraction graph", []string{"graph", "--subtraction", "1,2", "--n", "10000000"}, syscall.SIGINT, 130},
		{"octal with --table", []string{"octal", "0.6", "--max", "100000000", "--table", "10"}, syscall.SIGTERM, 143},
		// To its period's certificate (about 15 CPU-s): the default 2^25
		// heaps now take a second or two, less than the wait before the signal.
		{"octal auto mode", []string{"octal", "0.1777", "--max", "450000000", "--json"}, syscall.SIGINT, 130},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cmd, stderr := startNimlab(t, tc.args...)
			status := stopWith(t, cmd, tc.sig, 1500*time.Millisecond)
			assert.Equal(t, tc.want, status, "stderr: %s", stderr)
			msg := stderr.String()
			assert.Equal(t, 1, strings.Count(msg, "\n"), "one line on stderr: %q", msg)
			assert.Contains(t, msg, "nimlab: interrupted")
			assert.NotContains(t, msg, "context canceled")
		})
	}
}

// TestCtrlCSavesCheckpointAndResumes sends Ctrl-C to a running
// `nimlab octal 0.6 --checkpoint F`, then resumes from F: the values must be
// those of an uninterrupted run.
func TestCtrlCSavesCheckpointAndResumes(t *testing.T) {
	dir := t.TempDir()
	ckpt := filepath.Join(dir, "06.ckpt")
	cmd, stderr := startNimlab(t, "octal", "0.6", "--max", "30000000", "--checkpoint", ckpt)
	status := stopWith(t, cmd, syscall.SIGINT, 1500*time.Millisecond)
	require.Equal(t, 130, status, stderr.String())
	assert.Contains(t, stderr.String(), "interrupted; G(0..")
	assert.Contains(t, stderr.String(), "saved in "+ckpt+" (continue with --resume "+ckpt+")")
	saved, err := octal.ReadCheckpoint(ckpt, octal.NewCode(takebreak.MustParse("0.6")))
	require.NoError(t, err)
	require.Less(t, len(saved), 30000000, "the run should have been stopped part way")

	upTo := len(saved) + 100_000
	resumedCSV, freshCSV := filepath.Join(dir, "resumed.csv"), filepath.Join(dir, "fresh.csv")
	status, _, errOut := runCLI(t, "octal", "0.6", "--max", strconv.Itoa(upTo), "--resume", ckpt, "--csv", resumedCSV)
	require.Equal(t, exitOK, status, errOut)
	status, _, errOut = runCLI(t, "octal", "0.6", "--max", strconv.Itoa(upTo), "--csv", freshCSV)
	require.Equal(t, exitOK, status, errOut)
	resumed, err := os.ReadFile(resumedCSV)
	require.NoError(t, err)
	fresh, err := os.ReadFile(freshCSV)
	require.NoError(t, err)
	assert.Equal(t, len(fresh), len(resumed))
	assert.True(t, bytes.Equal(fresh, resumed), "the resumed run's values differ from the fresh run's")
}
