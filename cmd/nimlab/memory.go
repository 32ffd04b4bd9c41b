package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"unicode"
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

// parseByteSize reads a memory size flag named what: a number of bytes, or
// with a unit: K, M, G (or KiB, MiB, GiB: powers of 1024), kB, MB, GB
// (powers of 1000), in upper or lower case; e.g. 512M, 4GiB, 1.5G.
func parseByteSize(what, s string) (int64, error) {
	in := strings.TrimSpace(s)
	i := strings.IndexFunc(in, func(r rune) bool { return !unicode.IsDigit(r) && r != '.' })
	num, unit := in, ""
	if i >= 0 {
		num, unit = in[:i], strings.ToLower(strings.TrimSpace(in[i:]))
	}
	v, err := strconv.ParseFloat(num, 64)
	mult := map[string]float64{"": 1, "b": 1, "k": 1 << 10, "kib": 1 << 10, "kb": 1e3, "m": 1 << 20, "mib": 1 << 20, "mb": 1e6, "g": 1 << 30, "gib": 1 << 30, "gb": 1e9}[unit]
	if err != nil || mult == 0 || v*mult < 1 || v*mult > 1<<50 {
		return 0, badInput("%s %q is not a size; accepted: a number of bytes, or with K, M, G (or KiB, MiB, GiB), e.g. 512M, 4GiB", what, s)
	}
	return int64(v * mult), nil
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
