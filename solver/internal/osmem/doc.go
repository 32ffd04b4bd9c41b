// Package osmem is the operating-system seam of nimlab's constant-memory
// streams and values files: anonymous address space that is reserved once
// and used a window at a time, and shared file mappings that are handed
// back to the page cache as a run moves on. Each system's file
// (osmem_unix.go with osmem_linux.go or osmem_darwin.go, osmem_windows.go,
// osmem_other.go) provides:
//
//	Reserve(size) ([]byte, error)         address space for values, zero until written
//	Commit(region, from, to) error        make region[from:to] usable before it is written
//	Discard(b) error                      hand back b's pages (whole pages); nothing reads them again
//	Free(region) error                    give the reservation back
//	MapFile(f, size) ([]byte, error)      a shared read-write mapping of f's first size bytes
//	UnmapFile(b) error                    undo MapFile
//	SyncMapped(b, f) error                write b's changed pages to f's disk
//	DropMapped(b)                         hand back b's pages of a file mapping (read again on access)
//	Preallocate(f, size) error            give f size bytes of disk (ErrNoSpace when there is no room)
//	FreeSpace(dir) (int64, error)         bytes free to this user in dir's file system
//
// Everything else (how much to reserve, when to release) is decided by the
// callers, the same on every system. The package is pure Go on every
// system (golang.org/x/sys, no cgo); systems other than Linux, macOS and
// Windows get errors from the mapping calls and run everything else.
package osmem

import (
	"errors"
	"fmt"
)

// ErrNoSpace is what Preallocate's error wraps when the disk is full.
var ErrNoSpace = errors.New("no space left on the disk")

// Page is the page size that Discard and DropMapped work in: 4 KiB
// divides the page of every system nimlab runs on (16 KiB on Apple
// silicon, where a part page is kept).
const Page = 4096

// FormatSize writes a size in bytes as people read it: "1.5 GiB",
// "12 KiB".
func FormatSize(b int64) string {
	switch {
	case b >= 1<<40:
		return fmt.Sprintf("%.1f TiB", float64(b)/(1<<40))
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	}
	return fmt.Sprintf("%d KiB", (b+1023)/1024)
}
