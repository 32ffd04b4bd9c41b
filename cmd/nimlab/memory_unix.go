//go:build unix

package main

import "syscall"

// addressSpaceLimit returns RLIMIT_AS (ulimit -v), if one is set.
func addressSpaceLimit() (int64, bool) { return rlimit(syscall.RLIMIT_AS) }

// dataLimit returns RLIMIT_DATA (ulimit -d), if one is set.
func dataLimit() (int64, bool) { return rlimit(syscall.RLIMIT_DATA) }

func rlimit(resource int) (int64, bool) {
	var r syscall.Rlimit
	// RLIM_INFINITY is all ones: no limit.
	if err := syscall.Getrlimit(resource, &r); err != nil || r.Cur >= 1<<62 {
		return 0, false
	}
	return int64(r.Cur), true
}
