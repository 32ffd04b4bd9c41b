package misere

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nimlab/nimlab/solver/octal"
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
	c := octal.MustParseCode(code)
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
	c := octal.MustParseCode("0.07")
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
	c := octal.MustParseCode("0.07")
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
