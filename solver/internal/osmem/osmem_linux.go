package osmem

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// Discard hands back b's pages: MADV_DONTNEED on a private anonymous
// mapping frees them now (a later read would see zeros).
func Discard(b []byte) error { return unix.Madvise(wholePages(b), unix.MADV_DONTNEED) }

// Preallocate reserves the blocks with fallocate, so that writing through a
// mapping cannot fail later for lack of room. A file system without
// fallocate gets the file sized instead; the caller's free-space check
// stands in for the reservation.
func Preallocate(f *os.File, size int64) error {
	err := unix.Fallocate(int(f.Fd()), 0, 0, size)
	if err != nil && !errors.Is(err, unix.ENOSPC) {
		return f.Truncate(size)
	}
	return noSpace(err)
}
