package nim

import "testing"

// BenchmarkNimAnalyze1000Heaps: outcome, all winning moves and the column
// view of 1000 heaps below 2^40.
func BenchmarkNimAnalyze1000Heaps(b *testing.B) {
	pos := make([]int, 1000)
	for i := range pos {
		pos[i] = (i*2654435761 + 12345) % (1 << 40)
	}
	g := Game{Variant: Nim}
	for b.Loop() {
		if _, err := g.Analyze(pos, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMooreMoves: the first 100 winning moves of Nim_5 on 50 heaps.
func BenchmarkMooreMoves(b *testing.B) {
	pos := make([]int, 50)
	for i := range pos {
		pos[i] = (i*7919 + 17) % 5000
	}
	g := Game{Variant: Moore, K: 5}
	for b.Loop() {
		if _, _, err := g.WinningMoves(pos, 100); err != nil {
			b.Fatal(err)
		}
	}
}
