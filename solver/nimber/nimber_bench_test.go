package nimber

import (
	"math/rand/v2"
	"runtime"
	"testing"
)

// cpuRate reports the rate per CPU-second of the benchmark's thread, next
// to Go's wall-clock ns/op: on a loaded machine the two differ.
type cpuRate struct{ start int64 }

func startCPURate(b *testing.B) *cpuRate {
	runtime.LockOSThread()
	t, ok := threadCPUTime()
	if !ok {
		return nil
	}
	return &cpuRate{start: int64(t)}
}

func (c *cpuRate) report(b *testing.B, unit string) {
	defer runtime.UnlockOSThread()
	if c == nil {
		return
	}
	t, ok := threadCPUTime()
	if !ok || int64(t) <= c.start {
		return
	}
	b.ReportMetric(float64(b.N)/(float64(int64(t)-c.start)/1e9)/1e6, unit)
}

var benchSink uint64

// BenchmarkMul measures 64-bit nim-products on random operands; the goal is
// at least 50 million per second on one core (≤ 20 ns/op).
func BenchmarkMul(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	const n = 1 << 12
	xs := make([]uint64, n)
	for i := range xs {
		xs[i] = rng.Uint64()
	}
	acc := uint64(0)
	cpu := startCPURate(b)
	for i := 0; b.Loop(); i++ {
		acc ^= Mul(xs[i&(n-1)], xs[(i+1)&(n-1)])
	}
	cpu.report(b, "Mproducts/cpu-s")
	benchSink = acc
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds()/1e6, "Mproducts/s")
}

// BenchmarkMulChain feeds each product into the next one, so it measures the
// latency of one product rather than the throughput of independent ones.
func BenchmarkMulChain(b *testing.B) {
	x := uint64(0x9e3779b97f4a7c15)
	y := uint64(0xdeadbeefcafef00d)
	cpu := startCPURate(b)
	for b.Loop() {
		x = Mul(x, y) | 1
	}
	cpu.report(b, "Mproducts/cpu-s")
	benchSink = x
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds()/1e6, "Mproducts/s")
}

func BenchmarkInv(b *testing.B) {
	x := uint64(0x123456789abcdef)
	for b.Loop() {
		v, _ := Inv(x)
		x ^= v | 1
	}
	benchSink = x
}

func BenchmarkSqrt(b *testing.B) {
	x := uint64(0x123456789abcdef)
	for b.Loop() {
		x = Sqrt(x) + 1
	}
	benchSink = x
}
