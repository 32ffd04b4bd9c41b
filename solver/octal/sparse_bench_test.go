package octal

import (
	"context"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/nimlab/nimlab/solver/takebreak"
)

// benchCertify runs auto mode on code until its published period is
// certified, and reports heaps per second and the memory the Go runtime
// obtained from the system.
func benchCertify(b *testing.B, code string, period, preperiod, max int) {
	c := NewCode(takebreak.MustParse(code))
	for b.Loop() {
		start, cpu0 := time.Now(), cpuTime()
		res, err := Solve(context.Background(), c, SolveOptions{Max: max})
		if err != nil {
			b.Fatal(err)
		}
		if !res.Certified || res.Period.Period != period || res.Period.Preperiod != preperiod {
			b.Fatalf("%s: got %+v, want period %d preperiod %d", code, res.Period, period, preperiod)
		}
		b.ReportMetric(float64(len(res.Values))/time.Since(start).Seconds(), "heaps/s")
		b.ReportMetric((cpuTime() - cpu0).Seconds(), "cpu-s/op")
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.Sys)/(1<<20), "MiB-sys")
}

// longBench skips benchmarks that take minutes unless NIMLAB_BENCH_LONG=1.
func longBench(b *testing.B) {
	if os.Getenv("NIMLAB_BENCH_LONG") != "1" {
		b.Skip("takes minutes; run with NIMLAB_BENCH_LONG=1")
	}
}

func BenchmarkCertify016(b *testing.B) { benchCertify(b, "0.16", 149459, 105351, 1<<20) }
func BenchmarkCertify056(b *testing.B) { benchCertify(b, "0.56", 144, 326640, 1<<20) }

// BenchmarkCertify0354 is the goal of ≤ 8 s (20,126,195 heaps).
func BenchmarkCertify0354(b *testing.B) { benchCertify(b, "0.354", 1180, 10061916, 1<<25) }

// BenchmarkCertify0376 is the goal of ≤ 30 s (4,536,507 heaps).
func BenchmarkCertify0376(b *testing.B) { benchCertify(b, "0.376", 4, 2268248, 1<<25) }

// BenchmarkCertify01777 certifies 0.1777 (period 60,620,715, last exception
// at 160,949,017: 443,139,470 heaps); the goal is ≤ 15 min and ≤ 4 GiB.
func BenchmarkCertify01777(b *testing.B) {
	longBench(b)
	benchCertify(b, "0.1777", 60620715, 160949018, 450_000_000)
}

// benchOfficers computes G(0..heaps−1) of Officers (0.6), which has no known
// period.
func benchOfficers(b *testing.B, heaps int) {
	c := NewCode(takebreak.MustParse("0.6"))
	for b.Loop() {
		start, cpu0 := time.Now(), cpuTime()
		if _, err := Solve(context.Background(), c, SolveOptions{N: heaps - 1}); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(heaps)/time.Since(start).Seconds(), "heaps/s")
		b.ReportMetric((cpuTime() - cpu0).Seconds(), "cpu-s/op")
	}
}

func BenchmarkOfficers1e6(b *testing.B) { benchOfficers(b, 1_000_000) }

// BenchmarkOfficers1e8 is the goal of 10^8 heaps in ≤ 60 s.
func BenchmarkOfficers1e8(b *testing.B) {
	longBench(b)
	benchOfficers(b, 100_000_000)
}

// BenchmarkOfficers1e7 computes G(0..10^7−1) of Officers.
func BenchmarkOfficers1e7(b *testing.B) { benchOfficers(b, 10_000_000) }

// BenchmarkStream0106 streams 2·10^7 heaps of 0.106 (the small-space
// engine, a parity space) and reports heaps per CPU-second, the figure a
// shared machine distorts least.
func BenchmarkStream0106(b *testing.B) {
	for b.Loop() {
		st, err := NewStream(NewCode(takebreak.MustParse("0.106")), StreamOptions{})
		if err != nil {
			b.Fatal(err)
		}
		cpu0 := cpuTime()
		if err := st.Extend(context.Background(), 20_000_000-1, nil); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(20e6/(cpuTime()-cpu0).Seconds(), "heaps/cpu-s")
		st.Close()
	}
}
