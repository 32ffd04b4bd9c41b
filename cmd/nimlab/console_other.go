//go:build cgo && !windows

package main

// detachConsole: only Windows gives a program started from the desktop a
// console window of its own.
func detachConsole() {}
