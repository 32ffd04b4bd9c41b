//go:build !linux && !darwin && !windows

package osmem

import (
	"errors"
	"os"
)

// Other systems run everything but constant-memory streams and values
// files, which need memory-mapping code written for them.
var errNoMapping = errors.New("streams and values files are not supported on this operating system")

func Reserve(size int) ([]byte, error)               { return nil, errNoMapping }
func Commit(region []byte, from, to int) error       { return errNoMapping }
func Discard(b []byte) error                         { return errNoMapping }
func Free(region []byte) error                       { return errNoMapping }
func MapFile(f *os.File, size int64) ([]byte, error) { return nil, errNoMapping }
func UnmapFile(b []byte) error                       { return errNoMapping }
func SyncMapped(b []byte, f *os.File) error          { return errNoMapping }
func DropMapped(b []byte)                            {}
func Preallocate(f *os.File, size int64) error       { return f.Truncate(size) }
func FreeSpace(dir string) (int64, error)            { return 1 << 62, nil }
