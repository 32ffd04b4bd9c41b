//go:build unix

package graph

import (
	"syscall"
	"testing"
	"time"
)

// processCPU is the CPU time the process has used (all threads, so the
// garbage collector's work counts too): on the shared machine wall-clock
// figures mostly measure the other users.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
