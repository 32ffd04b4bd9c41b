package nimber

import (
	"math/rand/v2"
	"testing"
)

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
	for i := 0; b.Loop(); i++ {
		acc ^= Mul(xs[i&(n-1)], xs[(i+1)&(n-1)])
	}
	benchSink = acc
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds()/1e6, "Mproducts/s")
}

// BenchmarkMulChain feeds each product into the next one, so it measures the
// latency of one product rather than the throughput of independent ones.
func BenchmarkMulChain(b *testing.B) {
	x := uint64(0x9e3779b97f4a7c15)
	y := uint64(0xdeadbeefcafef00d)
	for b.Loop() {
		x = Mul(x, y) | 1
	}
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
