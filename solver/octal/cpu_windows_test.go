//go:build windows

package octal

import (
	"time"

	"golang.org/x/sys/windows"
)

// cpuTime is the CPU time the process has used (kernel + user, from
// GetProcessTimes, in 100 ns units).
func cpuTime() time.Duration {
	var created, exited, kernel, user windows.Filetime
	if err := windows.GetProcessTimes(windows.CurrentProcess(), &created, &exited, &kernel, &user); err != nil {
		return 0
	}
	ticks := func(f windows.Filetime) int64 { return int64(f.HighDateTime)<<32 | int64(f.LowDateTime) }
	return time.Duration(100 * (ticks(kernel) + ticks(user)))
}
