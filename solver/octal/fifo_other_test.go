//go:build !unix

package octal

import "errors"

// mkfifo: named pipes in the file system are a Unix thing (Windows pipes
// live under \\.\pipe\, not beside files), so the tests that need one
// skip.
func mkfifo(path string) error {
	return errors.New("this system has no named pipes in the file system")
}
