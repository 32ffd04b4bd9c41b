package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// memoryAvailable is availableMemory; tests replace it.
var memoryAvailable = availableMemory

// availableMemory returns the memory a new run can use: the least of
// MemAvailable from /proc/meminfo, what a cgroup (v2 memory.max, or v1
// memory.limit_in_bytes) leaves, and what the address-space and data
// limits (ulimit -v, ulimit -d: RLIMIT_AS, RLIMIT_DATA) leave beyond what
// the process already maps. ok is false where none can be read (then
// nothing is refused up front).
func availableMemory() (int64, bool) {
	avail, ok := int64(0), false
	lower := func(v int64) {
		if !ok || v < avail {
			avail, ok = max(v, 0), true
		}
	}
	if v, found := meminfoBytes("/proc/meminfo", "MemAvailable:"); found {
		lower(v)
	}
	if limit, found := readCgroupBytes("/sys/fs/cgroup/memory.max"); found {
		used, _ := readCgroupBytes("/sys/fs/cgroup/memory.current")
		lower(limit - used)
	} else if limit, found := readCgroupBytes("/sys/fs/cgroup/memory/memory.limit_in_bytes"); found && limit < 1<<60 {
		used, _ := readCgroupBytes("/sys/fs/cgroup/memory/memory.usage_in_bytes")
		lower(limit - used)
	}
	if limit, found := addressSpaceLimit(); found {
		// The limit counts every mapping, the runtime's own included.
		mapped, _ := meminfoBytes("/proc/self/status", "VmSize:")
		lower(limit - mapped)
	}
	if limit, found := dataLimit(); found {
		mapped, _ := meminfoBytes("/proc/self/status", "VmData:")
		lower(limit - mapped)
	}
	return avail, ok
}

// meminfoBytes reads a "Key: N kB" line of a /proc file.
func meminfoBytes(path, key string) (int64, bool) {
	fh, err := os.Open(path)
	if err != nil {
		return 0, false
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == key {
			if kb, err := strconv.ParseInt(fields[1], 10, 64); err == nil {
				return kb * 1024, true
			}
		}
	}
	return 0, false
}

func readCgroupBytes(path string) (int64, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	v, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	return v, err == nil // "max" (no limit) does not parse
}

// checkMemory refuses (bad input, exit 2) a run that needs more memory than
// the process may use; what names the argument that sets the size and
// wayOut says how to make the run fit.
func checkMemory(need int64, what, wayOut string) error {
	if avail, ok := memoryAvailable(); ok && need > avail {
		return badInput("%s needs about %s of memory, but only %s is available to this process (free memory, cgroup and ulimit); accepted: %s",
			what, formatBytes(need), formatBytes(avail), wayOut)
	}
	return nil
}

// checkAddressSpace refuses (bad input) a run that must map more address
// space than ulimit -v leaves: a stream addresses its values by heap, 2
// bytes a heap, although only its windows take memory.
func checkAddressSpace(need int64, what, wayOut string) error {
	limit, ok := addressSpaceLimit()
	if !ok {
		return nil
	}
	mapped, _ := meminfoBytes("/proc/self/status", "VmSize:")
	if left := limit - mapped; need > left {
		return badInput("%s maps about %s of address space (2 bytes a heap; memory is only its windows), but ulimit -v leaves %s; accepted: %s",
			what, formatBytes(need), formatBytes(max(left, 0)), wayOut)
	}
	return nil
}
