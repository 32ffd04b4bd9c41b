//go:build linux || darwin

package osmem

import (
	"errors"
	"fmt"
	"os"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Reserve maps size bytes of private anonymous memory without backing
// store: pages are made on first touch, so the reservation costs nothing.
func Reserve(size int) ([]byte, error) {
	return unix.Mmap(-1, 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON|unix.MAP_NORESERVE)
}

// Commit has nothing to do here: pages come on first touch.
func Commit(region []byte, from, to int) error { return nil }

// Free gives the reservation back.
func Free(region []byte) error { return unix.Munmap(region) }

// MapFile maps f's first size bytes, shared and read-write.
func MapFile(f *os.File, size int64) ([]byte, error) {
	return unix.Mmap(int(f.Fd()), 0, int(size), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED)
}

// UnmapFile undoes MapFile.
func UnmapFile(b []byte) error { return unix.Munmap(b) }

// SyncMapped writes b's dirty pages and waits for them (msync MS_SYNC).
func SyncMapped(b []byte, f *os.File) error { return unix.Msync(b, unix.MS_SYNC) }

// DropMapped hands back b's pages: MADV_DONTNEED on a shared file mapping drops only this
// process's view; the pages stay in the page cache, dirty ones are written
// back, and a later access reads them again.
func DropMapped(b []byte) { unix.Madvise(wholePages(b), unix.MADV_DONTNEED) }

var pageSize = uintptr(os.Getpagesize())

// wholePages is the part of b made of whole pages of the system (16 KiB
// on Apple silicon, where callers' 4 KiB steps leave part pages).
func wholePages(b []byte) []byte {
	if len(b) == 0 {
		return b
	}
	start := uintptr(unsafe.Pointer(&b[0]))
	lo := (start + pageSize - 1) &^ (pageSize - 1)
	hi := (start + uintptr(len(b))) &^ (pageSize - 1)
	if hi <= lo {
		return nil
	}
	return b[lo-start : hi-start]
}

// FreeSpace is the number of bytes free to this user in dir's file system.
func FreeSpace(dir string) (int64, error) {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		return 0, err
	}
	return int64(st.Bavail) * int64(st.Bsize), nil
}

// noSpace wraps err in ErrNoSpace when it says the file system is full.
func noSpace(err error) error {
	if errors.Is(err, unix.ENOSPC) {
		return fmt.Errorf("%w: %w", ErrNoSpace, err)
	}
	return err
}
