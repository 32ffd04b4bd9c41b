package octal

import (
	"context"
	"testing"
	"time"
)

// BenchmarkGrundysGame computes Grundy's game 4!.0 to 2^19 heaps with the
// sparse engine (speculative blocks from 2^16 on) and reports heaps per
// second and CPU seconds.
func BenchmarkGrundysGame(b *testing.B) {
	const heaps = 1 << 19
	for b.Loop() {
		start, cpu0 := time.Now(), cpuTime()
		eng := newGrundyEngine(nil, heaps)
		if err := eng.extend(context.Background(), heaps-1, nil); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(heaps/time.Since(start).Seconds(), "heaps/s")
		b.ReportMetric((cpuTime() - cpu0).Seconds(), "cpu-s/op")
	}
}
