package main

import (
	"os"
	"runtime/pprof"
	"runtime/trace"
	"strconv"
	"time"
)

// Environment variables that record where the window's time goes, for the
// UI-latency measurements of docs/BENCHMARKS.md: the script that drives the
// window kills it, so the recordings stop by themselves after
// NIMLAB_PROFILE_SECONDS (default 20).
const (
	// cpuProfileEnv names a file for a CPU profile (go tool pprof).
	cpuProfileEnv = "NIMLAB_CPU_PROFILE"
	// traceEnv names a file for an execution trace (go tool trace): which
	// goroutine held the UI thread, and when the garbage collector ran.
	traceEnv          = "NIMLAB_TRACE"
	profileSecondsEnv = "NIMLAB_PROFILE_SECONDS"
)

// startRecordings starts the recordings the environment asks for.
func startRecordings() {
	secs, err := strconv.ParseFloat(os.Getenv(profileSecondsEnv), 64)
	if err != nil || secs <= 0 {
		secs = 20
	}
	var stops []func()
	if path := os.Getenv(cpuProfileEnv); path != "" {
		if f, err := os.Create(path); err == nil && pprof.StartCPUProfile(f) == nil {
			stops = append(stops, func() { pprof.StopCPUProfile(); f.Close() })
		}
	}
	if path := os.Getenv(traceEnv); path != "" {
		if f, err := os.Create(path); err == nil && trace.Start(f) == nil {
			stops = append(stops, func() { trace.Stop(); f.Close() })
		}
	}
	if len(stops) == 0 {
		return
	}
	time.AfterFunc(time.Duration(secs*float64(time.Second)), func() {
		for _, stop := range stops {
			stop()
		}
	})
}
