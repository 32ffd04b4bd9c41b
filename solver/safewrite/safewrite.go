package safewrite

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
)

// Stdout is the file name that means standard output.
const Stdout = "-"

// tempMarker sits between the target's name and the owner's PID in a
// temporary file's name.
const tempMarker = ".nimlab-tmp-"

var tempCounter atomic.Int64

// Target is where a write goes once the name has been looked at: standard
// output, a special file written in place, or a regular file replaced by
// rename.
type Target struct {
	// Path is the name as given.
	Path string
	// Real is the name after following symbolic links ("" for stdout).
	Real string
	// Stdout is true for "-".
	Stdout bool
	// Special is true for a device, named pipe or socket.
	Special bool
}

// Resolve looks at path without writing anything: it follows symbolic links,
// and refuses a folder or a name whose folder does not exist, with a message
// that says so.
func Resolve(path string) (Target, error) {
	t := Target{Path: path}
	if path == Stdout {
		t.Stdout = true
		return t, nil
	}
	if strings.TrimSpace(path) == "" {
		return t, errors.New("an empty file name")
	}
	real := path
	if r, err := filepath.EvalSymlinks(path); err == nil {
		real = r
	} else if fi, lerr := os.Lstat(path); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
		// A dangling link: write the file it names.
		dest, rerr := os.Readlink(path)
		if rerr != nil {
			return t, fmt.Errorf("%s: %w", path, rerr)
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(path), dest)
		}
		real = dest
	}
	t.Real = real
	fi, err := os.Stat(real)
	switch {
	case err == nil && fi.IsDir():
		return t, fmt.Errorf("%s is a folder, not a file", path)
	case err == nil && !fi.Mode().IsRegular():
		t.Special = true
		return t, nil
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return t, fmt.Errorf("%s: %w", path, err)
	}
	dir := filepath.Dir(real)
	if di, err := os.Stat(dir); err != nil || !di.IsDir() {
		return t, fmt.Errorf("writing %s: the folder %s does not exist", path, dir)
	}
	return t, nil
}

// CheckWritable tells at once, before a long run, whether path can be
// written: for a regular target it creates and removes a temporary file in
// the target's folder. It writes nothing to stdout or a special file.
func CheckWritable(path string) error {
	t, err := Resolve(path)
	if err != nil || t.Stdout || t.Special {
		return err
	}
	f, err := createTemp(t.Real)
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// Write writes what fill produces to path (see the package comment for what
// each kind of target gets). stdout receives the output for "-". fill's
// writer is buffered; a failure in fill or in writing leaves a regular
// target as it was.
func Write(path string, stdout io.Writer, fill func(w io.Writer) error) error {
	t, err := Resolve(path)
	if err != nil {
		return err
	}
	return t.Write(stdout, fill)
}

// WriteFile writes data to path like Write.
func WriteFile(path string, stdout io.Writer, data []byte) error {
	return Write(path, stdout, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Write writes what fill produces to the resolved target.
func (t Target) Write(stdout io.Writer, fill func(w io.Writer) error) error {
	switch {
	case t.Stdout:
		if stdout == nil {
			stdout = os.Stdout
		}
		bw := bufio.NewWriterSize(stdout, 1<<16)
		if err := fill(bw); err != nil {
			return err
		}
		return bw.Flush()
	case t.Special:
		f, err := os.OpenFile(t.Real, os.O_WRONLY, 0)
		if err != nil {
			return fmt.Errorf("writing %s: %w", t.Path, unwrapPath(err))
		}
		bw := bufio.NewWriterSize(f, 1<<16)
		err = fill(bw)
		if err == nil {
			err = bw.Flush()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("writing %s: %w", t.Path, unwrapPath(err))
		}
		return nil
	}
	removeStaleTemps(t.Real)
	f, err := createTemp(t.Real)
	if err != nil {
		return fmt.Errorf("writing %s: %w", t.Path, unwrapPath(err))
	}
	tmp := f.Name()
	ok := false
	defer func() {
		if !ok {
			f.Close()
			os.Remove(tmp)
		}
	}()
	bw := bufio.NewWriterSize(f, 1<<16)
	if err := fill(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", t.Path, unwrapPath(err))
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("writing %s: %w", t.Path, unwrapPath(err))
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", t.Path, unwrapPath(err))
	}
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(t.Real); err == nil {
		mode = fi.Mode().Perm() // keep the permissions of the file replaced
	}
	_ = os.Chmod(tmp, mode)
	if err := os.Rename(tmp, t.Real); err != nil {
		return fmt.Errorf("writing %s: %w", t.Path, unwrapPath(err))
	}
	ok = true
	return nil
}

// createTemp makes the temporary file for real in real's folder.
func createTemp(real string) (*os.File, error) {
	dir, base := filepath.Split(real)
	if dir == "" {
		dir = "."
	}
	prefix := "." + base + tempMarker + strconv.Itoa(os.Getpid()) + "-"
	for range 100 {
		name := filepath.Join(dir, prefix+strconv.FormatInt(tempCounter.Add(1), 10))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, fmt.Errorf("no free temporary name in %s", dir)
}

// removeStaleTemps deletes the temporary files of earlier writes to real
// whose process no longer runs (a run killed mid-write).
func removeStaleTemps(real string) {
	dir, base := filepath.Split(real)
	if dir == "" {
		dir = "."
	}
	prefix := "." + base + tempMarker
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, prefix) || !e.Type().IsRegular() {
			continue
		}
		pidText, _, _ := strings.Cut(name[len(prefix):], "-")
		pid, err := strconv.Atoi(pidText)
		if err != nil || pid == os.Getpid() || processAlive(pid) {
			continue
		}
		_ = os.Remove(filepath.Join(dir, name))
	}
}

// unwrapPath drops the *PathError wrapper whose path is a temporary name the
// user never chose.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && strings.Contains(pe.Path, tempMarker) {
		return pe.Err
	}
	return err
}

// Rename moves a finished file, written under the name from in to's
// folder, into place as to, and makes the rename durable: the folder is
// synced, so a crash after Rename returns leaves the new name. It is the
// last step of a file that is written in place over a long run (a values
// file) rather than through Write.
func Rename(from, to string) error {
	if err := os.Rename(from, to); err != nil {
		return err
	}
	if d, err := os.Open(filepath.Dir(to)); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
