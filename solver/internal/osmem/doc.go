package octal

import "errors"

// The operating system seam of streams and values files. Each system's file
// (osmem_unix.go, osmem_windows.go, osmem_other.go) provides:
//
//	reserveAnon(size) ([]byte, error)        address space for values, zero until written
//	commitAnon(region, from, to) error       make region[from:to] usable before it is written
//	discardAnon(b) error                     hand back b's pages (whole pages); nothing reads them again
//	freeAnon(region) error                   give the reservation back
//	mapFile(f, size) ([]byte, error)         a shared read-write mapping of f's first size bytes
//	unmapFile(b) error                       undo mapFile
//	syncMapped(b, f) error                   write b's changed pages to f's disk
//	dropMapped(b)                            hand back b's pages of a file mapping (read again on access)
//	preallocate(f, size) error               give f size bytes of disk (errNoSpace when there is no room)
//	freeSpace(dir) (int64, error)            bytes free to this user in dir's file system
//
// Everything else (how much to reserve, when to release) is decided by the
// callers, the same on every system.

// errNoSpace is what preallocate's error wraps when the disk is full.
var errNoSpace = errors.New("no space left on the disk")

// anonPage is the page size that discardAnon and dropMapped work in: 4 KiB
// divides the page of every system nimlab runs on (16 KiB on Apple
// silicon, where a part page is kept).
const anonPage = 4096
