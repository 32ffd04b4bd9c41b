package astron

import (
	"context"
	"testing"
)

// BenchmarkTable2To1300 builds the two-star Astron table to N = 1300 and
// finds and certifies its period (the goal: ≤ 0.5 s).
func BenchmarkTable2To1300(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		t, err := BuildTable2(ctx, AstronRules(), 1300, nil)
		if err != nil {
			b.Fatal(err)
		}
		_ = t
	}
}

// BenchmarkTable3To240 builds the three-star Astron table to N = 240 (the
// issue's goal: ≤ 3 s).
func BenchmarkTable3To240(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		if _, err := BuildTable3(ctx, AstronRules(), 240, nil); err != nil {
			b.Fatal(err)
		}
	}
}
