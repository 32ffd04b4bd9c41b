//go:build linux || darwin

package octal

import (
	"os"
	"unsafe"

	"golang.org/x/sys/unix"
)

// reserveAnon maps size bytes of private anonymous memory without backing
// store: pages are made on first touch, so the reservation costs nothing.
func reserveAnon(size int) ([]byte, error) {
	return unix.Mmap(-1, 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON|unix.MAP_NORESERVE)
}

// commitAnon has nothing to do here: pages come on first touch.
func commitAnon(region []byte, from, to int) error { return nil }

func freeAnon(region []byte) error { return unix.Munmap(region) }

func mapFile(f *os.File, size int64) ([]byte, error) {
	return unix.Mmap(int(f.Fd()), 0, int(size), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED)
}

func unmapFile(b []byte) error { return unix.Munmap(b) }

// syncMapped writes b's dirty pages and waits for them (msync MS_SYNC).
func syncMapped(b []byte, f *os.File) error { return unix.Msync(b, unix.MS_SYNC) }

// dropMapped: MADV_DONTNEED on a shared file mapping drops only this
// process's view; the pages stay in the page cache, dirty ones are written
// back, and a later access reads them again.
func dropMapped(b []byte) { unix.Madvise(wholePages(b), unix.MADV_DONTNEED) }

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

func freeSpace(dir string) (int64, error) {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		return 0, err
	}
	return int64(st.Bavail) * int64(st.Bsize), nil
}
