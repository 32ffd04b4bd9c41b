package osmem

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// Discard hands back b's pages: on macOS MADV_DONTNEED is only a hint
// for anonymous memory; MADV_FREE lets the system take the pages back.
func Discard(b []byte) error { return unix.Madvise(wholePages(b), unix.MADV_FREE) }

// Preallocate reserves the blocks with F_PREALLOCATE (the macOS fallocate)
// and then sets the size, which F_PREALLOCATE leaves alone. A file system
// that cannot Preallocate gets the file sized only; the caller's
// free-space check stands in for the reservation.
func Preallocate(f *os.File, size int64) error {
	st := unix.Fstore_t{Flags: unix.F_ALLOCATEALL, Posmode: unix.F_PEOFPOSMODE, Length: size}
	if err := unix.FcntlFstore(f.Fd(), unix.F_PREALLOCATE, &st); errors.Is(err, unix.ENOSPC) {
		return noSpace(err)
	}
	return noSpace(f.Truncate(size))
}
