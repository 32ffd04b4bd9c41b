//go:build !unix

package main

import "errors"

// errNoFIFO: named pipes in the file system are a Unix thing (Windows pipes
// live under \\.\pipe\, not beside files), so the cases that need one are
// left out.
var errNoFIFO = errors.New("this system has no named pipes in the file system")

// mkfifo reports errNoFIFO.
func mkfifo(path string) error { return errNoFIFO }
