//go:build !linux && !darwin && !windows

package octal

import (
	"errors"
	"os"
)

// Other systems run everything but constant-memory streams and values
// files, which need memory-mapping code written for them.
var errNoMapping = errors.New("streams and values files are not supported on this operating system")

func reserveAnon(size int) ([]byte, error)           { return nil, errNoMapping }
func commitAnon(region []byte, from, to int) error   { return errNoMapping }
func discardAnon(b []byte) error                     { return errNoMapping }
func freeAnon(region []byte) error                   { return errNoMapping }
func mapFile(f *os.File, size int64) ([]byte, error) { return nil, errNoMapping }
func unmapFile(b []byte) error                       { return errNoMapping }
func syncMapped(b []byte, f *os.File) error          { return errNoMapping }
func dropMapped(b []byte)                            {}
func preallocate(f *os.File, size int64) error       { return f.Truncate(size) }
func freeSpace(dir string) (int64, error)            { return 1 << 62, nil }
