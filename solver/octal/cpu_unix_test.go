//go:build unix

package octal

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used (user + system): on the
// shared machine the wall clock also counts other people's builds.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
