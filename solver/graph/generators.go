package graph

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// SubtractionGame returns the graph of the subtraction game S on heaps
// 0..n: vertex "x" (a heap of x tokens) has a move to x-s for each s in S
// with s ≤ x.
func SubtractionGame(subtract []int, n int) (*Graph, error) {
	if err := checkSteps(subtract, n); err != nil {
		return nil, err
	}
	g := New()
	for x := 0; x <= n; x++ {
		g.Vertex(strconv.Itoa(x))
	}
	for x := 0; x <= n; x++ {
		for _, s := range subtract {
			if s <= x {
				g.AddEdge(x, x-s)
			}
		}
	}
	return g, nil
}

// PlateGame is the first example of Rizzi's Introduction to Progressively
// Finite Games, in its own labelling: players put coins of the given values
// into a plate that holds at most capacity; the vertex "x" is the amount in
// the plate and the player who fills it last wins. PlateGame([]int{1, 2}, 10)
// is Rizzi's Figure 1, whose kernel is 1, 4, 7, 10. It is
// SubtractionGame(coins, capacity) with x ↦ capacity-x.
func PlateGame(coins []int, capacity int) (*Graph, error) {
	if err := checkSteps(coins, capacity); err != nil {
		return nil, err
	}
	g := New()
	for x := 0; x <= capacity; x++ {
		g.Vertex(strconv.Itoa(x))
	}
	for x := 0; x <= capacity; x++ {
		for _, c := range coins {
			if x+c <= capacity {
				g.AddEdge(x, x+c)
			}
		}
	}
	return g, nil
}

// NimHeap returns the graph of one Nim heap of n tokens: vertex "x" has a
// move to every smaller heap (Rizzi's Figure 6 for n = 3).
func NimHeap(n int) (*Graph, error) {
	if n < 0 {
		return nil, fmt.Errorf("a heap has at least 0 tokens, got %d", n)
	}
	s := make([]int, n)
	for i := range s {
		s[i] = i + 1
	}
	return SubtractionGame(s, n)
}

func checkSteps(steps []int, n int) error {
	if n < 0 {
		return fmt.Errorf("the size must be at least 0, got %d", n)
	}
	if n > 10_000_000 {
		return fmt.Errorf("the size must be at most 10000000, got %d", n)
	}
	if len(steps) == 0 {
		return fmt.Errorf("the set of moves is empty")
	}
	if slices.Min(steps) < 1 {
		return fmt.Errorf("every move must be a whole number ≥ 1, got %d", slices.Min(steps))
	}
	return nil
}

// Cycle returns the directed cycle 0 → 1 → … → n−1 → 0 (n ≥ 1; n = 1 is a
// loop). An even cycle has two kernels, an odd one none; every vertex is a
// D-position (∞).
func Cycle(n int) (*Graph, error) {
	if n < 1 || n > 10_000_000 {
		return nil, fmt.Errorf("a cycle has 1 to 10000000 vertices, got %d", n)
	}
	g := New()
	for x := range n {
		g.Vertex(strconv.Itoa(x))
	}
	for x := range n {
		g.AddEdge(x, (x+1)%n)
	}
	return g, nil
}

// RizziFigure3 is Figure 3 of Rizzi's Introduction to Progressively Finite
// Games, its example of a graph with no kernel: the directed cycle
// a → b → c → d → e → a, with the figure's vertex names, as Rizzi's proof
// reads it (a ∈ K forces b ∉ K, c ∈ K, d ∉ K, e ∈ K and then a ∉ K). It is
// named after the figure, not after its shape, because Cycle(5) already
// gives the same shape with numbered vertices; this one reproduces the
// published figure.
func RizziFigure3() *Graph {
	g := New()
	names := []string{"a", "b", "c", "d", "e"}
	for i, x := range names {
		g.AddEdge(g.Vertex(x), g.Vertex(names[(i+1)%len(names)]))
	}
	return g
}

// CircleSubtraction is a subtraction game played round a circle of n
// places 0..n−1: from place x ≠ 0 a move goes s places back for an s in
// subtract, passing from 0 to n−1 (x ↦ (x−s) mod n); place 0 is the end
// (the player who reaches it wins). Moves can come round to where they
// started, so the game is loopy and usually has D-positions.
func CircleSubtraction(subtract []int, n int) (*Graph, error) {
	if err := checkSteps(subtract, n); err != nil {
		return nil, err
	}
	if n < 1 {
		return nil, fmt.Errorf("a circle has at least 1 place, got %d", n)
	}
	g := New()
	for x := range n {
		g.Vertex(strconv.Itoa(x))
	}
	for x := 1; x < n; x++ {
		for _, s := range subtract {
			g.AddEdge(x, ((x-s)%n+n)%n)
		}
	}
	return g, nil
}

// FairSharesVariedPairs is the loopy game of Winning Ways, ch. 12, on n
// coins: a position is a set of heaps (a partition of n, named like
// "3+2+1"); a move either divides a heap into two or more equal heaps
// (fair shares) or unites two heaps of different sizes (varied pairs).
// n coins in single heaps is the only end position. 1 ≤ n ≤ 40.
func FairSharesVariedPairs(n int) (*Graph, error) {
	if n < 1 || n > 40 {
		return nil, fmt.Errorf("fair shares and varied pairs takes 1 to 40 coins, got %d", n)
	}
	var parts [][]int
	var gen func(left, most int, acc []int)
	gen = func(left, most int, acc []int) {
		if left == 0 {
			parts = append(parts, slices.Clone(acc))
			return
		}
		for p := min(left, most); p >= 1; p-- {
			gen(left-p, p, append(acc, p))
		}
	}
	gen(n, n, nil)
	name := func(p []int) string {
		s := make([]string, len(p))
		for i, x := range p {
			s[i] = strconv.Itoa(x)
		}
		return strings.Join(s, "+")
	}
	g := New()
	for _, p := range parts {
		g.Vertex(name(p))
	}
	move := func(from []int, to []int) {
		t := slices.Clone(to)
		slices.Sort(t)
		slices.Reverse(t)
		g.AddEdge(g.Vertex(name(from)), g.Vertex(name(t)))
	}
	for _, p := range parts {
		for i, h := range p {
			if i > 0 && p[i-1] == h {
				continue // the same move from an equal heap
			}
			rest := append(slices.Clone(p[:i]), p[i+1:]...)
			for k := 2; k <= h; k++ { // k equal heaps of h/k
				if h%k == 0 {
					to := slices.Clone(rest)
					for range k {
						to = append(to, h/k)
					}
					move(p, to)
				}
			}
			for j := i + 1; j < len(p); j++ {
				if p[j] != h {
					to := append(slices.Clone(p[:i]), p[i+1:j]...)
					to = append(to, p[j+1:]...)
					move(p, append(to, h+p[j]))
				}
			}
		}
	}
	return g, nil
}

// RandomDigraph returns a digraph on n vertices "0".."n−1" with each of
// the n(n−1) possible edges (no loops) present with probability p, drawn
// from seed: a token on a random graph, to test and to explore.
func RandomDigraph(n int, p float64, seed uint64) (*Graph, error) {
	if n < 0 || n > 5000 {
		return nil, fmt.Errorf("a random digraph has 0 to 5000 vertices, got %d", n)
	}
	if !(p >= 0 && p <= 1) {
		return nil, fmt.Errorf("the edge probability must be in [0, 1], got %v", p)
	}
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	g := New()
	for x := range n {
		g.Vertex(strconv.Itoa(x))
	}
	for u := range n {
		for v := range n {
			if u != v && rng.Float64() < p {
				g.AddEdge(u, v)
			}
		}
	}
	return g, nil
}
