package misere

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// BenchmarkFullQuotient075 times the certified full quotient of 0.75 (R_8).
func BenchmarkFullQuotient075(b *testing.B) {
	benchmarkFull(b, "0.75", 8)
}

// BenchmarkFullQuotientKayles times the certified full quotient of Kayles
// (order 40, Φ periodic from heap 71 with period 12, certified at heap 168).
func BenchmarkFullQuotientKayles(b *testing.B) {
	benchmarkFull(b, "0.77", 40)
}

func benchmarkFull(b *testing.B, code string, order int) {
	c := octal.NewCode(takebreak.MustParse(code))
	for b.Loop() {
		q, err := Compute(context.Background(), c, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if !q.Certified || q.Order != order {
			b.Fatalf("%s: order %d certified %v", code, q.Order, q.Certified)
		}
	}
}

// BenchmarkDawsonsKaylesQ30 times the partial quotient Q_30 of Dawson's Kayles
// (0.07), of order 360.
func BenchmarkDawsonsKaylesQ30(b *testing.B) {
	c := octal.NewCode(takebreak.MustParse("0.07"))
	for b.Loop() {
		q, err := Compute(context.Background(), c, Options{Max: 30, Exact: true})
		if err != nil {
			b.Fatal(err)
		}
		if q.Order != 360 {
			b.Fatalf("|Q_30(0.07)| = %d", q.Order)
		}
	}
}

// BenchmarkDawsonsKaylesMinute reports how far the partial quotients of
// Dawson's Kayles get in one minute: the last heap n with Q_n complete and
// |Q_n|. Run it once: -benchtime=1x.
func BenchmarkDawsonsKaylesMinute(b *testing.B) {
	c := octal.NewCode(takebreak.MustParse("0.07"))
	for b.Loop() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		s := NewSolver(c)
		for {
			if err := s.Next(ctx); err != nil {
				if !errors.Is(err, context.DeadlineExceeded) {
					b.Fatal(err)
				}
				break
			}
		}
		cancel()
		b.ReportMetric(float64(s.Last()), "last-heap")
		b.ReportMetric(float64(s.Order()), "order")
	}
}

// BenchmarkSolveSumDawsonsKayles: the misère outcome and
// winning moves of 3 heaps ≤ 30 of 0.07 (≤ 1 s, ≤ 100 MB): Q_m is out of
// reach in the budget for heaps above 24, so a search on top of Q_24 decides.
func BenchmarkSolveSumDawsonsKayles(b *testing.B) {
	code := octal.NewCode(takebreak.MustParse("0.07"))
	for _, heaps := range [][]int{{28, 29, 30}, {30, 30, 30}, {20, 25, 30}} {
		b.Run(fmt.Sprint(heaps), func(b *testing.B) {
			for b.Loop() {
				if _, err := SolveSum(context.Background(), code, heaps, SumOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSearchDawsonsKayles is the search alone (no quotient below it) on
// 3 heaps of 0.07, for comparison.
func BenchmarkSearchDawsonsKayles(b *testing.B) {
	code := octal.NewCode(takebreak.MustParse("0.07"))
	for b.Loop() {
		s := NewSearcher(code)
		if _, err := s.Outcome(context.Background(), []int{22, 23, 24}); err != nil {
			b.Fatal(err)
		}
	}
}
