//go:build cgo

package main

import (
	"unsafe"

	"golang.org/x/sys/windows"
)

// detachConsole closes the console window that Windows opened for nimlab
// when it was started from Explorer (a double-click): nimlab.exe is a
// console program so that its subcommands print in a terminal, and a
// console of which nimlab is the only process was made for it alone.
// Started from a terminal, nimlab shares that console and keeps it.
func detachConsole() {
	kernel32 := windows.NewLazySystemDLL("kernel32.dll")
	var pids [2]uint32
	n, _, _ := kernel32.NewProc("GetConsoleProcessList").Call(uintptr(unsafe.Pointer(&pids[0])), 2)
	if n == 1 {
		kernel32.NewProc("FreeConsole").Call()
	}
}
