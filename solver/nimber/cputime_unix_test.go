//go:build unix

package nimber

import (
	"syscall"
	"time"
)

// threadCPUTime returns the CPU time used by the calling thread, so that a
// benchmark on a shared machine can report its rate per CPU-second as well
// as per wall-clock second (time spent descheduled is not the code's).
func threadCPUTime() (time.Duration, bool) {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD on Linux
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
