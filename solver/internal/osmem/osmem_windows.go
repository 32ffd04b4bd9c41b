package osmem

import (
	"errors"
	"fmt"
	"os"
	"unsafe"

	"golang.org/x/sys/windows"
)

// Reserve reserves size bytes of address space (MEM_RESERVE): nothing
// is usable, nor counted against the commit limit, until Commit.
func Reserve(size int) ([]byte, error) {
	addr, err := windows.VirtualAlloc(0, uintptr(size), windows.MEM_RESERVE, windows.PAGE_READWRITE)
	if err != nil {
		return nil, err
	}
	return bytesAt(addr, int(size)), nil
}

// Commit commits the pages of region[from:to] (zero-filled, made on
// first touch): Windows has no overcommit, so a reservation's pages must be
// committed before they are written.
func Commit(region []byte, from, to int) error {
	if to <= from {
		return nil
	}
	_, err := windows.VirtualAlloc(uintptr(unsafe.Pointer(&region[from])), uintptr(to-from), windows.MEM_COMMIT, windows.PAGE_READWRITE)
	return err
}

// Discard decommits b's pages: the memory is freed now, and the pages
// are reserved again (a read would fault; nothing reads them).
func Discard(b []byte) error {
	if len(b) == 0 {
		return nil
	}
	return windows.VirtualFree(uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)), windows.MEM_DECOMMIT)
}

// bytesAt is the memory at addr, which Windows returned (outside Go's
// heap), as a slice. The pointer is read through memory so that vet does
// not take the conversion for a lost pointer.
func bytesAt(addr uintptr, size int) []byte {
	return unsafe.Slice((*byte)(*(*unsafe.Pointer)(unsafe.Pointer(&addr))), size)
}

// Free gives the reservation back.
func Free(region []byte) error {
	return windows.VirtualFree(uintptr(unsafe.Pointer(&region[0])), 0, windows.MEM_RELEASE)
}

// MapFile maps f's first size bytes with a section object; the view keeps
// the section alive, so its handle is closed at once.
func MapFile(f *os.File, size int64) ([]byte, error) {
	h, err := windows.CreateFileMapping(windows.Handle(f.Fd()), nil, windows.PAGE_READWRITE, uint32(size>>32), uint32(size), nil)
	if err != nil {
		return nil, err
	}
	defer windows.CloseHandle(h)
	addr, err := windows.MapViewOfFile(h, windows.FILE_MAP_WRITE, 0, 0, uintptr(size))
	if err != nil {
		return nil, err
	}
	return bytesAt(addr, int(size)), nil
}

// UnmapFile undoes MapFile.
func UnmapFile(b []byte) error { return windows.UnmapViewOfFile(uintptr(unsafe.Pointer(&b[0]))) }

// SyncMapped writes b's changed pages to f's disk: FlushViewOfFile starts writing the view's dirty pages;
// FlushFileBuffers (f.Sync) waits until they are on the disk.
func SyncMapped(b []byte, f *os.File) error {
	if err := windows.FlushViewOfFile(uintptr(unsafe.Pointer(&b[0])), uintptr(len(b))); err != nil {
		return err
	}
	return f.Sync()
}

// DropMapped takes b's pages out of the working set: VirtualUnlock on pages
// that are not locked does that (and reports ERROR_NOT_LOCKED); they stay
// in the file cache and are read again on access.
func DropMapped(b []byte) {
	if len(b) > 0 {
		windows.VirtualUnlock(uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
	}
}

// Preallocate sets the size: NTFS allocates the clusters of a file
// extended with SetEndOfFile (it is not sparse), so a full disk shows here.
func Preallocate(f *os.File, size int64) error {
	err := f.Truncate(size)
	if errors.Is(err, windows.ERROR_DISK_FULL) || errors.Is(err, windows.ERROR_HANDLE_DISK_FULL) {
		return fmt.Errorf("%w: %w", ErrNoSpace, err)
	}
	return err
}

// FreeSpace is the number of bytes free to this user in dir's file system.
func FreeSpace(dir string) (int64, error) {
	p, err := windows.UTF16PtrFromString(dir)
	if err != nil {
		return 0, err
	}
	var avail, total, free uint64
	if err := windows.GetDiskFreeSpaceEx(p, &avail, &total, &free); err != nil {
		return 0, err
	}
	return int64(avail), nil
}
