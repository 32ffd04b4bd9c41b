package graph

import "testing"

// BenchmarkSolveSum solves the direct sum of two subtraction games
// S = {1, 2, 3} on heaps 0..999: 10^6 vertices, 6·10^6 moves (Grundy labels,
// kernel and heights, all linear).
func BenchmarkSolveSum(b *testing.B) {
	g, err := SubtractionGame([]int{1, 2, 3}, 999)
	if err != nil {
		b.Fatal(err)
	}
	s, err := Sum(g, g)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := s.Solve(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseText reads the line format: 10^5 moves.
func BenchmarkParseText(b *testing.B) {
	g, _ := SubtractionGame([]int{1, 2, 3, 4, 5}, 20000)
	var text []byte
	for v := range g.Len() {
		for _, w := range g.Successors(v) {
			text = append(text, g.Name(v)+" "+g.Name(w)+"\n"...)
		}
	}
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := ParseText(string(text)); err != nil {
			b.Fatal(err)
		}
	}
}
