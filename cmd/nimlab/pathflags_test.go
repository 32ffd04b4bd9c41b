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

// TestPathsCheckedBeforeWork: every file a command will write is checked
// before the work starts (these runs took 15 s to minutes, then failed or
// blocked on a pipe for ever); "-" is standard output only where a result
// can go there; an empty value is refused, not ignored; nothing is left
// behind.
func TestPathsCheckedBeforeWork(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	hasFIFO := mkfifo(fifo) == nil
	missing := filepath.Join(dir, "no-such-folder")
	type refusal struct {
		args []string
		says string
	}
	var fifoCases []refusal
	if hasFIFO {
		fifoCases = []refusal{
			{[]string{"astron", "study", "--size", "500", "--checkpoint", fifo}, "not a regular file"},
			{[]string{"octal", "0.07", "--max", "100000", "--checkpoint", fifo}, "not a regular file"},
		}
	}
	for _, c := range append(fifoCases, []refusal{
		{[]string{"octal", "4!.0", "--n", "10000000", "--csv", filepath.Join(missing, "x.csv")}, "--csv " + filepath.Join(missing, "x.csv")},
		{[]string{"misere", "0.07", "--max", "40", "--seconds", "15", "--png", filepath.Join(missing, "x.png")}, "does not exist"},
		{[]string{"astron", "study", "--size", "500", "--checkpoint", filepath.Join(missing, "x.ckpt")}, "does not exist"},
		{[]string{"octal", "0.106", "--n", "1000", "--values-file", "-"}, "standard output ('-') cannot hold it"},
		{[]string{"census", "0.1?", "--db", "-"}, "standard output ('-') cannot hold it"},
		{[]string{"census", "merge", "a.sqlite", "--into", "-"}, "standard output ('-') cannot hold it"},
		{[]string{"graph", "-"}, "not standard input"},
		{[]string{"octal", "0.07", "--csv", ""}, "--csv was given an empty value"},
		{[]string{"octal", "0.07", "--checkpoint", ""}, "--checkpoint was given an empty value"},
		{[]string{"octal", "0.07", "--compare", ""}, "--compare was given an empty value"},
		{[]string{"census", "0.1?", "--db", ""}, "--db was given an empty value"},
	}...) {
		start := time.Now()
		status, out, errOut := runCLI(t, c.args...)
		assert.Equal(t, exitUsage, status, "%v: %s", c.args, errOut)
		assert.Empty(t, out, "%v", c.args)
		assert.Regexp(t, `^nimlab: [^\n]+\n$`, errOut, "%v", c.args)
		assert.Contains(t, errOut, c.says, "%v", c.args)
		assert.Less(t, time.Since(start), 5*time.Second, "%v: refused before the work", c.args)
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	left := 0
	if hasFIFO {
		left = 1
	}
	require.Len(t, entries, left, "only the pipe: nothing left behind")

	// A values-file run that fails before its first value leaves no
	// FILE.partial.
	vf := filepath.Join(dir, "v.nimv")
	status, _, errOut := runCLI(t, "octal", "0.6", "--n", "1000", "--values-file", vf, "--values-memory", "1K")
	assert.Equal(t, exitUsage, status, errOut)
	assert.NoFileExists(t, vf+".partial")
	assert.NoFileExists(t, vf)
}

// TestMessagesArePlain: one line naming what the user typed, in characters
// and words, not bytes and Go's error text; a code far longer than the
// heaps asked for is refused at once.
func TestMessagesArePlain(t *testing.T) {
	long := "0." + strings.Repeat("7", 20000)
	tooLong := "0." + strings.Repeat("7", 100000)
	for _, c := range []struct {
		args      []string
		says, not string
	}{
		{[]string{"octal", "0.０７"}, `unexpected "０" at character 3`, "ï"},
		{[]string{"octal", "0.07", "--n", "9223372036854775807"}, "--n 9223372036854775807 is out of range", "non-negative"},
		{[]string{"graph", "--kernels", "abc", "--game", "cycle:5"}, `invalid argument "abc" for "--kernels" flag: not a whole number`, "strconv"},
		{[]string{"graph", "--kernels", "abc", "--game", "cycle:5"}, "see 'nimlab graph --help'", "nimlab graph:"},
		{[]string{"census", "show", "--db", os.DevNull}, "not a regular file", "disk I/O error"},
		{[]string{"octal", long, "--max", "4096"}, "the code has 20000 digits after the point", "goroutine"},
		{[]string{"octal", tooLong, "--max", "4096"}, "more than the 65536 a code may have", "goroutine"},
	} {
		start := time.Now()
		status, out, errOut := runCLI(t, c.args...)
		assert.Equal(t, exitUsage, status, "%v: %s", c.args[:2], errOut)
		assert.Empty(t, out)
		assert.Regexp(t, `^nimlab: [^\n]+\n$`, errOut)
		assert.Contains(t, errOut, c.says)
		assert.NotContains(t, errOut, c.not)
		assert.Less(t, time.Since(start), 5*time.Second, "%v", c.args[:2])
	}
}

// TestGraphMemoryGuard: a generated graph is refused before it is built
// when its measured cost (about 600 bytes a position, 60 a move) is more
// than the process may use; cycle:10^7, inside the old move limit, took
// 4.9 GB and 86 s.
func TestGraphMemoryGuard(t *testing.T) {
	saved := memoryAvailable
	defer func() { memoryAvailable = saved }()
	memoryAvailable = func() (int64, bool) { return 2 << 30, true } // what ulimit -v 4000000 leaves
	for _, args := range [][]string{
		{"graph", "--game", "cycle:10000000"},
		{"graph", "--game", "circle:1,3:5000000"},
		{"graph", "--subtraction", "1,2,3", "--n", "10000000"},
	} {
		start := time.Now()
		status, _, errOut := runCLI(t, args...)
		assert.Equal(t, exitUsage, status, "%v: %s", args, errOut)
		assert.Contains(t, errOut, "needs about", args)
		assert.Contains(t, errOut, "accepted: a smaller game", args)
		assert.Less(t, time.Since(start), 5*time.Second, args)
	}
	status, out, errOut := runCLI(t, "graph", "--game", "cycle:1000")
	assert.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "1000 vertices, 1000 moves")
}

// TestMisereGenusHonoursSeconds: --genus stops when --seconds run out and
// lists the heaps it finished (it ignored --seconds: still running at 100 s).
func TestMisereGenusHonoursSeconds(t *testing.T) {
	start := time.Now()
	status, out, errOut := runCLI(t, "misere", "0.07", "--genus", "--max", "100", "--seconds", "2")
	assert.Equal(t, exitOK, status, errOut)
	assert.Less(t, time.Since(start), 10*time.Second)
	assert.Contains(t, out, "stopped: the --seconds 2 budget ran out at heap")
	assert.Contains(t, out, "     0  0")
}
