package graph

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func names(g *Graph, vs []int) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = g.Name(v)
	}
	return out
}

// Rizzi's coin game: coins of 1 and 2 into a plate of 10. The kernel is
// 1, 4, 7, 10; g(10) = 0, g(9) = 1, g(8) = 2, g(7) = 0; the first player
// (at 0) wins.
func TestRizziCoinGame(t *testing.T) {
	g, err := PlateGame([]int{1, 2}, 10)
	require.NoError(t, err)
	sol, err := g.Solve()
	require.NoError(t, err)
	require.Equal(t, []string{"1", "4", "7", "10"}, names(g, sol.Kernel))
	for name, want := range map[string]int{"10": 0, "9": 1, "8": 2, "7": 0} {
		v, _ := g.Lookup(name)
		require.Equal(t, want, sol.Grundy[v], "g(%s)", name)
	}
	start, _ := g.Lookup("0")
	require.Equal(t, N, sol.Outcome(start))
	require.Equal(t, []string{"1"}, names(g, sol.WinningMoves(g, start)))
	// Rizzi's rule: x is P ⇔ 10 − x ≡ 0 (mod 3).
	for v := range g.Len() {
		var x int
		fmt.Sscan(g.Name(v), &x)
		require.Equal(t, (10-x)%3 == 0, sol.InKernel[v], "x=%d", x)
	}
}

// Rizzi, Figure 7: Nim with two heaps of 2 is the direct sum of two
// copies of the heap-of-2 graph; its kernel is the equal-heap positions.
func TestRizziTwoHeapsSum(t *testing.T) {
	h, err := NimHeap(2)
	require.NoError(t, err)
	s, err := Sum(h, h)
	require.NoError(t, err)
	require.Equal(t, 9, s.Len())
	require.Equal(t, 18, s.NumEdges(), "3 moves in a heap of 2, times 3 positions of the other heap, twice")
	k, err := s.Kernel()
	require.NoError(t, err)
	require.Equal(t, []string{"(0,0)", "(1,1)", "(2,2)"}, names(s, k))
}

// randomDAG has edges only from higher to lower numbers, then shuffles the
// names so that vertex order says nothing.
func randomDAG(rng *rand.Rand, n int, p float64) *Graph {
	g := New()
	perm := rng.Perm(n)
	for _, i := range perm {
		g.Vertex(fmt.Sprintf("v%d", i))
	}
	for i := range n {
		for j := range i {
			if rng.Float64() < p {
				a, _ := g.Lookup(fmt.Sprintf("v%d", i))
				b, _ := g.Lookup(fmt.Sprintf("v%d", j))
				g.AddEdge(a, b)
			}
		}
	}
	return g
}

// recursiveGrundy is the definition g(x) = mex g(options), memoized.
func recursiveGrundy(g *Graph) []int {
	memo := make([]int, g.Len())
	for i := range memo {
		memo[i] = -1
	}
	var rec func(v int) int
	rec = func(v int) int {
		if memo[v] >= 0 {
			return memo[v]
		}
		seen := map[int]bool{}
		for _, w := range g.Successors(v) {
			seen[rec(w)] = true
		}
		m := 0
		for seen[m] {
			m++
		}
		memo[v] = m
		return m
	}
	for v := range g.Len() {
		rec(v)
	}
	return memo
}

func TestGrundyAndKernelOnRandomDAGs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		g := randomDAG(rng, 1+rng.IntN(40), rng.Float64()*0.5)
		labels, err := g.Grundy()
		require.NoError(t, err)
		require.Equal(t, recursiveGrundy(g), labels, "trial %d", trial)
		kernel, err := g.Kernel()
		require.NoError(t, err)
		in := make([]bool, g.Len())
		for _, v := range kernel {
			in[v] = true
		}
		for v := range g.Len() {
			// Kernel definition (Rizzi): no edge inside, an edge from
			// every outside vertex into it; and Lemma 1: kernel = label 0.
			hasEdgeIn := false
			for _, w := range g.Successors(v) {
				if in[w] {
					hasEdgeIn = true
					require.False(t, in[v], "edge inside the kernel")
				}
			}
			require.True(t, in[v] || hasEdgeIn, "vertex outside without edge into the kernel")
			require.Equal(t, labels[v] == 0, in[v])
		}
	}
}

func TestSumGrundyIsNimSum(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 30 {
		a := randomDAG(rng, 1+rng.IntN(12), 0.3)
		b := randomDAG(rng, 1+rng.IntN(12), 0.3)
		c := randomDAG(rng, 1+rng.IntN(5), 0.5)
		s, err := Sum(a, b, c)
		require.NoError(t, err)
		ga, _ := a.Grundy()
		gb, _ := b.Grundy()
		gc, _ := c.Grundy()
		gs, err := s.Grundy()
		require.NoError(t, err)
		require.Equal(t, recursiveGrundy(s), gs)
		for x := range a.Len() {
			for y := range b.Len() {
				for z := range c.Len() {
					v, ok := s.Lookup("(" + a.Name(x) + "," + b.Name(y) + "," + c.Name(z) + ")")
					require.True(t, ok)
					require.Equal(t, ga[x]^gb[y]^gc[z], gs[v])
				}
			}
		}
	}
	_, err := Sum()
	require.Error(t, err)
	big, _ := NimHeap(2000)
	_, err = Sum(big, big)
	require.ErrorContains(t, err, "more than")
}

func TestCycleIsRefusedAndNamed(t *testing.T) {
	g, err := ParseText("start a\na b\nb c\nc a\nc end\n")
	require.NoError(t, err)
	_, err = g.Solve()
	var ce *CycleError
	require.ErrorAs(t, err, &ce)
	require.Equal(t, []string{"a", "b", "c", "a"}, ce.Cycle)
	require.Contains(t, err.Error(), "a → b → c → a")
	_, err = g.Kernel()
	require.ErrorAs(t, err, &ce)
	_, err = g.LayeredLayout()
	require.ErrorAs(t, err, &ce)

	self, _ := ParseText("x x\n")
	require.Equal(t, []string{"x", "x"}, self.FindCycle())
	ok, _ := ParseText("x y\n")
	require.Nil(t, ok.FindCycle())
}

func TestParseText(t *testing.T) {
	g, err := ParseText("# Rizzi\n0 1   # first coin\n\n1 -> 2\n  7  \n0 1\n")
	require.NoError(t, err)
	require.Equal(t, []string{"0", "1", "2", "7"}, g.Names())
	require.Equal(t, 2, g.NumEdges(), "the repeated edge counts once")
	_, err = ParseText("a b\na b c\n")
	var pe *ParseError
	require.ErrorAs(t, err, &pe)
	require.Equal(t, 2, pe.Line)
	require.Contains(t, err.Error(), "line 2:")
}

func TestParseDOT(t *testing.T) {
	src := `// a game
strict digraph "coins" {
  graph [rankdir=LR];
  node [shape=circle]
  rankdir = TB
  a -> b -> c [color=red];
  "quoted name" -> c
  d [label="lonely"];  /* a block
  comment */ e, f
# a preprocessor line
}
`
	g, err := Parse(strings.NewReader(src))
	require.NoError(t, err)
	require.Equal(t, []string{"a", "b", "c", "quoted name", "d", "e", "f"}, g.Names())
	require.Equal(t, 3, g.NumEdges())

	bad := []struct {
		src  string
		line int
		msg  string
	}{
		{"graph {\n a -- b\n}", 1, "undirected"},
		{"digraph {\n a -> b\n a -- c\n}", 3, "undirected"},
		{"digraph {\n subgraph x { a }\n}", 2, "subgraphs"},
		{"digraph {\n a -> b\n", 2, "not closed"},
		{"digraph {\n a -> \n}", 2, "after '->'"},
		{"digraph {\n a [color=red\n", 2, "not closed"},
		{"digraph {\n a -> b\n}\nextra", 4, "after the closing"},
		{"digraph {\n a @ b\n}", 2, "unexpected character"},
	}
	for _, tc := range bad {
		_, err := Parse(strings.NewReader(tc.src))
		var pe *ParseError
		require.ErrorAs(t, err, &pe, tc.src)
		require.Equal(t, tc.line, pe.Line, tc.src)
		require.Contains(t, err.Error(), tc.msg, tc.src)
	}
}

func TestWriteDOTRoundTrip(t *testing.T) {
	g, _ := PlateGame([]int{1, 2}, 10)
	sol, _ := g.Solve()
	var buf bytes.Buffer
	require.NoError(t, g.WriteDOT(&buf, sol))
	require.Contains(t, buf.String(), `"10" [label="10\ng=0", style=filled`)
	back, err := Parse(&buf)
	require.NoError(t, err)
	require.Equal(t, g.Names(), back.Names())
	for v := range g.Len() {
		require.Equal(t, names(g, g.Successors(v)), names(back, back.Successors(v)))
	}
}

func TestLayeredLayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 50 {
		g := randomDAG(rng, 1+rng.IntN(30), 0.2)
		l, err := g.LayeredLayout()
		require.NoError(t, err)
		count := 0
		for i, layer := range l.Layers {
			for s, v := range layer {
				require.Equal(t, i, l.Layer[v])
				require.Equal(t, s, l.Slot[v])
				count++
			}
		}
		require.Equal(t, g.Len(), count)
		for v := range g.Len() {
			require.True(t, l.X[v] >= 0 && l.X[v] <= 1 && l.Y[v] >= 0 && l.Y[v] <= 1)
			for _, w := range g.Successors(v) {
				require.Less(t, l.Layer[w], l.Layer[v], "moves go down")
			}
		}
	}
	g, _ := PlateGame([]int{1, 2}, 10)
	l, _ := g.LayeredLayout()
	require.Len(t, l.Layers, 11, "the plate game's longest play has 10 moves")
	require.Equal(t, []int{10}, names2ints(g, l.Layers[0]))
}

func names2ints(g *Graph, vs []int) []int {
	out := []int{}
	for _, v := range vs {
		var x int
		fmt.Sscan(g.Name(v), &x)
		out = append(out, x)
	}
	slices.Sort(out)
	return out
}

func TestGenerators(t *testing.T) {
	g, err := SubtractionGame([]int{1, 2}, 10)
	require.NoError(t, err)
	k, _ := g.Kernel()
	require.Equal(t, []string{"0", "3", "6", "9"}, names(g, k), "heap x ↔ plate 10−x")
	_, err = SubtractionGame([]int{0}, 3)
	require.Error(t, err)
	_, err = SubtractionGame(nil, 3)
	require.Error(t, err)
	_, err = PlateGame([]int{1}, -1)
	require.Error(t, err)
	// A Nim heap has Grundy value equal to its size.
	h, _ := NimHeap(9)
	labels, _ := h.Grundy()
	require.Equal(t, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, labels)
}

func ExampleGraph_Kernel() {
	g, _ := PlateGame([]int{1, 2}, 10) // Rizzi's coin game
	k, _ := g.Kernel()
	for _, v := range k {
		fmt.Print(g.Name(v), " ")
	}
	fmt.Println()
	// Output: 1 4 7 10
}

func ExampleSum() {
	h, _ := NimHeap(2)
	s, _ := Sum(h, h)
	labels, _ := s.Grundy()
	v, _ := s.Lookup("(2,1)")
	fmt.Println(labels[v])
	// Output: 3
}
