//go:build !linux

package octal

import "time"

// threadCPU is wall time where the thread's CPU time is not at hand.
func threadCPU() time.Duration { return time.Duration(time.Now().UnixNano()) }

// processCPU is wall time where the process's CPU time is not at hand.
func processCPU() time.Duration { return time.Duration(time.Now().UnixNano()) }
