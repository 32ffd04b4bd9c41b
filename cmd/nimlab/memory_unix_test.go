//go:build linux

package main

import (
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAvailableMemorySeesUlimit: an address-space limit (ulimit -v) bounds
// the memory a run may use, as MemAvailable and cgroups do; the checks
// missed it and runs crashed with the runtime's out-of-memory dump.
func TestAvailableMemorySeesUlimit(t *testing.T) {
	var old syscall.Rlimit
	require.NoError(t, syscall.Getrlimit(syscall.RLIMIT_AS, &old))
	mapped, ok := meminfoBytes("/proc/self/status", "VmSize:")
	require.True(t, ok)
	limit := uint64(mapped) + 1<<30
	if old.Max < limit {
		t.Skip("the hard address-space limit is below the test's")
	}
	require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: limit, Max: old.Max}))
	avail, ok := availableMemory()
	require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_AS, &old))
	require.True(t, ok)
	assert.LessOrEqual(t, avail, int64(1<<30)+64<<20, "at most the limit less what is mapped")
	assert.Positive(t, avail)
}
