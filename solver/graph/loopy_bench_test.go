package graph

import (
	"context"
	"math/rand/v2"
	"strconv"
	"testing"
)

// benchLoopy labels g once per iteration and reports the moves per second.
func benchLoopy(b *testing.B, g *Graph) {
	var sol *LoopySolution
	cpu0, n := processCPU(b), 0
	for b.Loop() {
		var err error
		if sol, err = g.Loopy(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(processCPU(b)-cpu0)/float64(n)/1e6, "cpu-ms/op")
	inf := 0
	for _, l := range sol.Label {
		if l == Infinite {
			inf++
		}
	}
	b.ReportMetric(float64(g.NumEdges()), "moves")
	b.ReportMetric(float64(inf), "infinite")
	b.ReportMetric(float64(sol.Rounds), "rounds")
}

// BenchmarkLoopyCircle: the subtraction game {1,…,5} round a circle of
// 200,000 places, 10^6 moves.
func BenchmarkLoopyCircle(b *testing.B) {
	g, err := CircleSubtraction([]int{1, 2, 3, 4, 5}, 200_001)
	if err != nil {
		b.Fatal(err)
	}
	benchLoopy(b, g)
}

// sparseRandom has n vertices, each with 0 to 5 random options (a sixth
// of the vertices are sinks), about 2.5·n moves.
func sparseRandom(n int, seed uint64) *Graph {
	rng := rand.New(rand.NewPCG(seed, 1))
	g := New()
	for v := range n {
		g.Vertex(strconv.Itoa(v))
	}
	for v := range n {
		for range rng.IntN(6) {
			g.AddEdge(v, rng.IntN(n))
		}
	}
	return g
}

// BenchmarkLoopyRandom: a sparse random digraph, 400,000 vertices and
// about 10^6 moves: finite values, ∞ and draws mixed.
func BenchmarkLoopyRandom(b *testing.B) {
	benchLoopy(b, sparseRandom(400_000, 1))
}

// BenchmarkLoopyDenseRandom: a random digraph on 5000 vertices with edge
// probability 0.04, about 10^6 moves (no sinks: every vertex is a draw).
func BenchmarkLoopyDenseRandom(b *testing.B) {
	g, err := RandomDigraph(5000, 0.04, 1)
	if err != nil {
		b.Fatal(err)
	}
	benchLoopy(b, g)
}

// BenchmarkLoopySum: the sum of two circle games {2, 3} on 500 places
// (250,000 positions, about 10^6 moves), labelled as one graph.
func BenchmarkLoopySum(b *testing.B) {
	c, err := CircleSubtraction([]int{2, 3}, 500)
	if err != nil {
		b.Fatal(err)
	}
	g, err := Sum(c, c)
	if err != nil {
		b.Fatal(err)
	}
	benchLoopy(b, g)
}

// BenchmarkKernelsRandom: existence and count (up to 1000) of the
// kernels of the sparse random 10^6-move digraph.
func BenchmarkKernelsRandom(b *testing.B) {
	g := sparseRandom(400_000, 1)
	cpu0, n := processCPU(b), 0
	var r *KernelReport
	for b.Loop() {
		var err error
		if r, err = g.Kernels(context.Background(), KernelOptions{}); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(processCPU(b)-cpu0)/float64(n)/1e6, "cpu-ms/op")
	b.ReportMetric(float64(r.Open), "open")
	b.ReportMetric(float64(r.Nodes), "nodes")
}
