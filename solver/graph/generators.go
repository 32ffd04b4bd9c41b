package graph

import (
	"fmt"
	"slices"
	"strconv"
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

// PlateGame is seed 003's first example in its own labelling: players put
// coins of the given values into a plate that holds at most capacity; the
// vertex "x" is the amount in the plate and the player who fills it last
// wins. PlateGame([]int{1, 2}, 10) is the seed's Figure 1, whose kernel is
// 1, 4, 7, 10. It is SubtractionGame(coins, capacity) with x ↦ capacity-x.
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
// move to every smaller heap (seed 003, Figure 6 for n = 3).
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
