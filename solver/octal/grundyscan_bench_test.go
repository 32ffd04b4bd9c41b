package octal

import (
	"context"
	"math/bits"
	"sync"
	"testing"
)

var grundyBenchValues = sync.OnceValue(func() []uint16 {
	eng := newGrundyEngine(nil, 1<<18)
	if err := eng.extend(context.Background(), 1<<18-1, nil); err != nil {
		panic(err)
	}
	return eng.values()
})

// BenchmarkGrundyScan times the rule-out scans of Grundy's game for the
// heaps 2^18−2,048..2^18−1 (each with the rare values below its value,
// mask 0xFE), scanSet (both sides loaded in order, the high side reversed by
// shuffles) against scanHeap (the small heaps kept in reverse).
func BenchmarkGrundyScan(b *testing.B) {
	vals := grundyBenchValues()
	rev := reversedPrefix(vals, grundyRevLen)
	const mask = 0xfe
	sets := make([][4]uint64, 2048)
	counts := make([]int, len(sets))
	for i := range sets {
		n := len(vals) - len(sets) + i
		for v := range int(vals[n]) {
			if isRare(uint16(v), mask) {
				sets[i][v>>6] |= 1 << (v & 63)
			}
		}
		for _, w := range sets[i] {
			counts[i] += bits.OnesCount64(w)
		}
	}
	run := func(b *testing.B, scan func(n int, set []uint64, count int) int) {
		cpu0 := cpuTime()
		for b.Loop() {
			for i := range sets {
				n := len(vals) - len(sets) + i
				set := sets[i]
				if scan(n, set[:], counts[i]) != 0 {
					b.Fatal("a rare value was not ruled out")
				}
			}
		}
		b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N*len(sets)), "cpu-ns/heap")
	}
	b.Run("scanSet", func(b *testing.B) {
		run(b, func(n int, set []uint64, count int) int {
			h := (n - 1) / 2
			return scanSet(vals[1:h+1], vals[n-h:n], set, count)
		})
	})
	b.Run("scanHeap", func(b *testing.B) {
		run(b, func(n int, set []uint64, count int) int { return scanHeap(vals, rev, n, 1, set, count) })
	})
}

// BenchmarkGrundyScanLoop times grundyScanRevAVX2 on 512 blocks of 32 pairs
// that never hit (the set holds only a value no pair has).
func BenchmarkGrundyScanLoop(b *testing.B) {
	if !haveGrundyScanAVX2 {
		b.Skip("no AVX2")
	}
	vals := grundyBenchValues()
	rev := reversedPrefix(vals, grundyRevLen)
	n := len(vals) - 1
	var buf [grundyVectorWords]uint64
	var scratch [32]uint16
	buf[3] = 1 << 63 // 255: Grundy's values stay below 240 here
	cpu0 := cpuTime()
	for b.Loop() {
		if _, left := grundyScanRevAVX2(&rev[len(rev)-32], &vals[n-32], 512, &buf, 4, 1, &scratch); left != 1 {
			b.Fatal("255 found")
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N*512), "cpu-ns/block")
}

// BenchmarkGrundyCoverRegime resumes Grundy's game from its first 2^18
// values and computes 2^15 more heaps (cover blocks, rule-out scans), and
// reports the least CPU time per heap over the iterations (the machine is
// shared: the least is the least disturbed).
func BenchmarkGrundyCoverRegime(b *testing.B) {
	vals := grundyBenchValues()
	best := 0.0
	for b.Loop() {
		eng := newGrundyEngine(vals, len(vals)+1<<15)
		cpu0 := cpuTime()
		if err := eng.extend(context.Background(), len(vals)+1<<15-1, nil); err != nil {
			b.Fatal(err)
		}
		if ns := float64((cpuTime() - cpu0).Nanoseconds()) / (1 << 15); best == 0 || ns < best {
			best = ns
		}
	}
	b.ReportMetric(best, "min-cpu-ns/heap")
}
