package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOutputsToSpecialFiles: devices stay devices (and a full disk is an
// error, exit 1), symbolic links stay links, "-" is stdout.
func TestOutputsToSpecialFiles(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full here")
	}
	for _, args := range [][]string{
		{"octal", "0.07", "--csv", "/dev/full"},
		{"octal", "0.07", "--png", "/dev/full"},
		{"astron", "table", "--size", "5", "--csv", "/dev/full"},
		{"astron", "table", "--size", "5", "--png", "/dev/full"},
	} {
		status, _, errOut := runCLI(t, args...)
		assert.Equal(t, exitFailure, status, "%v: %s", args, errOut)
		assert.Contains(t, errOut, "/dev/full")
		assert.Contains(t, errOut, "no space left on device")
		fi, err := os.Stat("/dev/full")
		require.NoError(t, err)
		require.NotZero(t, fi.Mode()&os.ModeDevice, "%v replaced /dev/full", args)
	}
	status, _, errOut := runCLI(t, "octal", "0.07", "--csv", "/dev/null")
	assert.Equal(t, exitOK, status, errOut)
	fi, _ := os.Stat("/dev/null")
	assert.NotZero(t, fi.Mode()&os.ModeDevice)

	dir := t.TempDir()
	real := filepath.Join(dir, "real.csv")
	require.NoError(t, os.WriteFile(real, []byte("old"), 0o644))
	link := filepath.Join(dir, "link.csv")
	require.NoError(t, os.Symlink(real, link))
	status, _, errOut = runCLI(t, "octal", "0.07", "--csv", link)
	require.Equal(t, exitOK, status, errOut)
	li, err := os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, li.Mode()&os.ModeSymlink, "the link is still a link")
	data, _ := os.ReadFile(real)
	assert.True(t, strings.HasPrefix(string(data), "n,grundy\n0,0\n1,0\n2,1\n"), "the link's target holds the CSV")

	status, out, errOut := runCLI(t, "octal", "0.07", "--n", "5", "--csv", "-")
	require.Equal(t, exitOK, status, errOut)
	assert.True(t, strings.HasPrefix(out, "n,grundy\n0,0\n1,0\n2,1\n3,1\n4,2\n5,0\n"), out)
}

// TestCheckpointPathsAreCheckedAtStart: a --checkpoint that cannot be
// written and a --resume that is not a regular file are refused at once
// (exit 2), and a named pipe never makes --resume wait.
func TestCheckpointPathsAreCheckedAtStart(t *testing.T) {
	dir := t.TempDir()
	status, _, errOut := runCLI(t, "octal", "0.6", "--checkpoint", filepath.Join(dir, "missing", "x.ckpt"))
	assert.Equal(t, exitUsage, status, errOut)
	assert.Contains(t, errOut, "does not exist")

	status, _, errOut = runCLI(t, "octal", "0.6", "--checkpoint", "/dev/null")
	assert.Equal(t, exitUsage, status, errOut)
	assert.Contains(t, errOut, "not a regular file")

	fifo := filepath.Join(dir, "pipe")
	if err := mkfifo(fifo); err != nil {
		t.Skip(err)
	}
	done := make(chan struct{})
	go func() {
		status, _, errOut = runCLI(t, "octal", "0.6", "--resume", fifo)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("--resume on a named pipe is still waiting")
	}
	assert.Equal(t, exitUsage, status, errOut)
	assert.Contains(t, errOut, "not a regular file")
}

// TestOversizedRequestsAreRefused: what cannot fit is refused up front with
// exit 2 and a message naming the limit.
func TestOversizedRequestsAreRefused(t *testing.T) {
	many := make([]string, 10_000)
	for i := range many {
		many[i] = "9999999"
	}
	dir := t.TempDir()
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"octal", "0.07", "--n", "100", "--table", "2147483648"}, "accepted: a row width from 1 to 100000"},
		{[]string{"octal", "0.07", "--heaps", strings.Join(many, ",")}, "accepted: at most 50000000 in all"},
		{[]string{"graph", "/dev/zero"}, "/dev/zero"},
		{[]string{"graph", dir}, "folder"},
		{[]string{"graph", "--subtraction", "1,2,3,4,5,6,7,8,9,10", "--n", "10000000"}, "accepted: at most 50000000 moves"},
		{[]string{"astron", "10", "10", "10", "10", "10", "10", "10", "10"}, "accepted: positions of five or more stars up to 64 points"},
		{[]string{"astron", "40", "40", "40", "40"}, "accepted: positions of four stars up to 120 points"},
	}
	for _, tc := range cases {
		status, out, errOut := runCLI(t, tc.args...)
		name := tc.args[0] + " " + tc.args[1]
		assert.Equal(t, exitUsage, status, "%s: %s", name, errOut)
		assert.Empty(t, out, name)
		assert.Contains(t, errOut, tc.want, name)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "%s: one line: %q", name, errOut)
	}
}

// TestHelpTypesAndCompletion: numeric flags show as numbers in --help, and
// cobra's completion scripts are there.
func TestHelpTypesAndCompletion(t *testing.T) {
	status, out, errOut := runCLI(t, "octal", "--help")
	require.Equal(t, exitOK, status, errOut)
	for _, want := range []string{"--n int", "--max int", "--table int", "--heaps ints", "--width length", "--checkpoint-every duration", "--csv string"} {
		assert.Contains(t, out, want)
	}
	status, out, errOut = runCLI(t, "completion", "bash")
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "__start_nimlab")
}
