//go:build windows

package graph

import (
	"testing"
	"time"

	"golang.org/x/sys/windows"
)

// processCPU is the CPU time the process has used (kernel + user, from
// GetProcessTimes, in 100 ns units).
func processCPU(b *testing.B) time.Duration {
	var created, exited, kernel, user windows.Filetime
	if err := windows.GetProcessTimes(windows.CurrentProcess(), &created, &exited, &kernel, &user); err != nil {
		b.Fatal(err)
	}
	ticks := func(f windows.Filetime) int64 { return int64(f.HighDateTime)<<32 | int64(f.LowDateTime) }
	return time.Duration(100 * (ticks(kernel) + ticks(user)))
}
