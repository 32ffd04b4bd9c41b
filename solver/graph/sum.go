package graph

import (
	"fmt"
	"strings"
)

// MaxSumVertices bounds the size of a direct sum (the product of the
// components' sizes).
const MaxSumVertices = 2_000_000

// Sum returns the direct sum G1 + … + Gn (Rizzi, Definition 4): a vertex
// is a tuple (x1, …, xn) named "(x1,…,xn)", and a move moves in exactly one
// component. Its Grundy label is the nim-sum of the components' labels
// (Rizzi, Theorem 3).
func Sum(gs ...*Graph) (*Graph, error) {
	if len(gs) == 0 {
		return nil, fmt.Errorf("a sum needs at least one graph")
	}
	total := 1
	for _, c := range gs {
		if c.Len() == 0 {
			return New(), nil
		}
		if total > MaxSumVertices/c.Len() {
			return nil, fmt.Errorf("the sum would have more than %d vertices", MaxSumVertices)
		}
		total *= c.Len()
	}
	s := &Graph{index: make(map[string]int, total), edges: nil}
	s.names = make([]string, total)
	s.succ = make([][]int, total)
	s.pred = make([][]int, total)
	// Vertex number = mixed radix over the components, the last fastest.
	stride := make([]int, len(gs))
	st := 1
	for i := len(gs) - 1; i >= 0; i-- {
		stride[i] = st
		st *= gs[i].Len()
	}
	tuple := make([]int, len(gs))
	parts := make([]string, len(gs))
	for v := range total {
		r := v
		for i := range gs {
			tuple[i] = r / stride[i]
			r %= stride[i]
			parts[i] = gs[i].names[tuple[i]]
		}
		name := "(" + strings.Join(parts, ",") + ")"
		s.names[v] = name
		s.index[name] = v
		for i, c := range gs {
			for _, w := range c.succ[tuple[i]] {
				u := v + (w-tuple[i])*stride[i]
				s.succ[v] = append(s.succ[v], u)
				s.pred[u] = append(s.pred[u], v)
				s.nEdge++
			}
		}
	}
	s.edges = nil // a sum never gets repeated edges; AddEdge rebuilds lazily
	return s, nil
}
