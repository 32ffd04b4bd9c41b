//go:build !linux && !windows && !darwin

package main

// windowHint says how to get a nimlab with a window on this system.
const windowHint = "for the window build nimlab with cgo and a C compiler (see the README, Install)"
