package safewrite

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func writeString(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

func TestWriteRegularFileReplacesAtomically(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.csv")
	// Windows has only a read-only attribute: 0o640 reads back as 0o666.
	perm := os.FileMode(0o640)
	if runtime.GOOS == "windows" {
		perm = 0o666
	}
	require.NoError(t, os.WriteFile(p, []byte("old"), perm))
	require.NoError(t, Write(p, nil, writeString("new")))
	b, _ := os.ReadFile(p)
	assert.Equal(t, "new", string(b))
	fi, _ := os.Stat(p)
	assert.Equal(t, perm, fi.Mode().Perm(), "permissions of the replaced file are kept")

	// A failing fill leaves the old content and no temporary file.
	err := Write(p, nil, func(w io.Writer) error { io.WriteString(w, "half"); return errors.New("boom") })
	require.EqualError(t, err, "boom")
	b, _ = os.ReadFile(p)
	assert.Equal(t, "new", string(b))
	entries, _ := os.ReadDir(dir)
	assert.Len(t, entries, 1, "no temporary file is left behind")
}

func TestWriteFollowsSymlink(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links on Windows need administrator rights or developer mode (and wine's are partial): the links are tested on Unix")
	}
	dir := t.TempDir()
	sub := filepath.Join(dir, "real")
	require.NoError(t, os.Mkdir(sub, 0o755))
	target := filepath.Join(sub, "data.csv")
	require.NoError(t, os.WriteFile(target, []byte("old"), 0o644))
	link := filepath.Join(dir, "link.csv")
	require.NoError(t, os.Symlink(target, link))

	require.NoError(t, Write(link, nil, writeString("through the link")))
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeSymlink, "the link is still a link")
	b, _ := os.ReadFile(target)
	assert.Equal(t, "through the link", string(b))

	// A dangling link creates the file it names.
	dangling := filepath.Join(dir, "dangling.csv")
	require.NoError(t, os.Symlink(filepath.Join(sub, "new.csv"), dangling))
	require.NoError(t, Write(dangling, nil, writeString("x")))
	b, _ = os.ReadFile(filepath.Join(sub, "new.csv"))
	assert.Equal(t, "x", string(b))
}

func TestWriteDevices(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil || runtime.GOOS != "linux" {
		t.Skip("/dev/full is a Linux device")
	}
	require.NoError(t, Write("/dev/null", nil, writeString("discarded")))
	err := Write("/dev/full", nil, writeString("x"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "/dev/full")
	assert.Contains(t, err.Error(), "no space left on device")
	fi, err := os.Stat("/dev/full")
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeDevice, "/dev/full is still a device")
}

func TestWriteNamedPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := mkfifo(fifo); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	got := make(chan string)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	require.NoError(t, Write(fifo, nil, writeString("through the pipe")))
	assert.Equal(t, "through the pipe", <-got)
	fi, _ := os.Lstat(fifo)
	assert.NotZero(t, fi.Mode()&os.ModeNamedPipe, "the pipe is still a pipe")
}

func TestWriteStdout(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, Write(Stdout, &out, writeString("to stdout")))
	assert.Equal(t, "to stdout", out.String())
}

func TestRefusals(t *testing.T) {
	dir := t.TempDir()
	err := Write(dir, nil, writeString("x"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is a folder")
	err = Write(filepath.Join(dir, "missing", "x.csv"), nil, writeString("x"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "does not exist")
	assert.Error(t, CheckWritable(filepath.Join(dir, "missing", "x.ckpt")))
	assert.NoError(t, CheckWritable(filepath.Join(dir, "x.ckpt")))
	entries, _ := os.ReadDir(dir)
	assert.Empty(t, entries, "CheckWritable leaves nothing behind")
}

func TestStaleTemporaryFilesAreRemoved(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("on Windows processAlive cannot ask cheaply whether a process runs, so stale temporary files are kept (alive_other.go)")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "seq.csv")
	// A process that has exited: its PID is free (or reused by a process we
	// then leave alone, which the test tolerates by checking only our own).
	cmd := exec.Command("true")
	require.NoError(t, cmd.Run())
	dead := cmd.Process.Pid
	stale := filepath.Join(dir, ".seq.csv"+tempMarker+strconv.Itoa(dead)+"-1")
	live := filepath.Join(dir, ".seq.csv"+tempMarker+strconv.Itoa(os.Getppid())+"-1")
	other := filepath.Join(dir, ".other.csv"+tempMarker+strconv.Itoa(dead)+"-1")
	for _, f := range []string{stale, live, other} {
		require.NoError(t, os.WriteFile(f, []byte("partial"), 0o600))
	}
	require.NoError(t, Write(p, nil, writeString("n,grundy\n")))
	if !processAlive(dead) {
		assert.NoFileExists(t, stale, "the killed run's temporary file is removed")
	}
	assert.FileExists(t, live, "a running process's temporary file is kept")
	assert.FileExists(t, other, "another target's temporary file is kept")
}
