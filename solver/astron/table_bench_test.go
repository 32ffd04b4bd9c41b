package astron

import (
	"context"
	"testing"
)

// BenchmarkTwoStarPeriod1300 builds the two-star Astron table to N = 1300
// (with the one-star game to 2601) and finds and certifies the two-star
// period on it: the goal is ≤ 0.5 s.
func BenchmarkTwoStarPeriod1300(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		rep, err := BulbPeriod(ctx, AstronRules(), 2, 1300, nil)
		if err != nil {
			b.Fatal(err)
		}
		if !rep.Period.Certified {
			b.Fatal("the two-star period is not certified at 1300")
		}
	}
}

// BenchmarkTable2To1300 is the two-star table alone.
func BenchmarkTable2To1300(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		if _, err := BuildTable2(ctx, AstronRules(), 1300, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTable3To240 builds the three-star Astron table to N = 240 (with
// the two-star table to 480 it needs): the goal is ≤ 3 s.
func BenchmarkTable3To240(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		if _, err := BuildTable3(ctx, AstronRules(), 240, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNimber4Stars computes a four-star position by the memoised
// recursion (three-star components from the dense table).
func BenchmarkNimber4Stars(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		s := NewSolver(AstronRules())
		if _, err := s.Nimber(ctx, Position{5, 9, 11, 14}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCube3To240 builds the compact three-star cube to N = 240 (the
// same positions as BenchmarkTable3To240, each sorted triple once).
func BenchmarkCube3To240(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		if _, err := BuildCube3(ctx, AstronRules(), 240, CubeOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
