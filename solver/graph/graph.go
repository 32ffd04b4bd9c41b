package graph

import (
	"fmt"
	"slices"
	"strings"
)

// Graph is a finite directed graph with named vertices; vertices are
// numbered 0..Len()-1 in the order they were added.
type Graph struct {
	names []string
	index map[string]int
	succ  [][]int
	pred  [][]int
	edges map[[2]int]struct{} // to ignore repeated edges
	nEdge int
}

// New returns an empty graph.
func New() *Graph {
	return &Graph{index: map[string]int{}, edges: map[[2]int]struct{}{}}
}

// Vertex returns the number of the vertex called name, adding it if new.
func (g *Graph) Vertex(name string) int {
	if v, ok := g.index[name]; ok {
		return v
	}
	v := len(g.names)
	g.index[name] = v
	g.names = append(g.names, name)
	g.succ = append(g.succ, nil)
	g.pred = append(g.pred, nil)
	return v
}

// AddEdge adds the move u → v; a repeated edge is ignored (a position is
// the set of its options).
func (g *Graph) AddEdge(u, v int) {
	if g.edges == nil { // built by Sum, which needs no duplicate check
		g.edges = make(map[[2]int]struct{}, g.nEdge)
		for a, ws := range g.succ {
			for _, b := range ws {
				g.edges[[2]int{a, b}] = struct{}{}
			}
		}
	}
	if _, dup := g.edges[[2]int{u, v}]; dup {
		return
	}
	g.edges[[2]int{u, v}] = struct{}{}
	g.succ[u] = append(g.succ[u], v)
	g.pred[v] = append(g.pred[v], u)
	g.nEdge++
}

// Len is the number of vertices.
func (g *Graph) Len() int { return len(g.names) }

// NumEdges is the number of edges.
func (g *Graph) NumEdges() int { return g.nEdge }

// Name returns the name of vertex v.
func (g *Graph) Name(v int) string { return g.names[v] }

// Names returns the vertex names in vertex order.
func (g *Graph) Names() []string { return slices.Clone(g.names) }

// Lookup returns the vertex called name.
func (g *Graph) Lookup(name string) (int, bool) {
	v, ok := g.index[name]
	return v, ok
}

// Successors returns the options of v (do not modify).
func (g *Graph) Successors(v int) []int { return g.succ[v] }

// Predecessors returns the vertices with a move to v (do not modify).
func (g *Graph) Predecessors(v int) []int { return g.pred[v] }

// CycleError refuses a graph with a directed cycle: such a game need not
// end, and Grundy labels and kernels are defined for acyclic graphs only.
type CycleError struct {
	// Cycle lists the vertex names of one cycle, the first repeated last.
	Cycle []string
}

func (e *CycleError) Error() string {
	return fmt.Sprintf("the graph has a cycle %s; accepted: acyclic graphs (every play must end)", strings.Join(e.Cycle, " → "))
}

// topoOrder returns the vertices with every vertex after all of its
// successors (sinks first), or a *CycleError.
func (g *Graph) topoOrder() ([]int, error) {
	n := g.Len()
	out := make([]int, n)
	order := make([]int, 0, n)
	for v := range n {
		out[v] = len(g.succ[v])
		if out[v] == 0 {
			order = append(order, v)
		}
	}
	for i := 0; i < len(order); i++ {
		for _, u := range g.pred[order[i]] {
			out[u]--
			if out[u] == 0 {
				order = append(order, u)
			}
		}
	}
	if len(order) == n {
		return order, nil
	}
	// Every vertex left has a successor that is left too: walk until a
	// vertex repeats.
	start := slices.IndexFunc(out, func(c int) bool { return c > 0 })
	pos := map[int]int{}
	var walk []int
	for v := start; ; {
		if i, seen := pos[v]; seen {
			cyc := append(walk[i:], v)
			names := make([]string, len(cyc))
			for j, c := range cyc {
				names[j] = g.names[c]
			}
			return nil, &CycleError{Cycle: names}
		}
		pos[v] = len(walk)
		walk = append(walk, v)
		for _, w := range g.succ[v] {
			if out[w] > 0 {
				v = w
				break
			}
		}
	}
}

// FindCycle returns the names of one directed cycle (first vertex repeated
// last), or nil if the graph is acyclic.
func (g *Graph) FindCycle() []string {
	_, err := g.topoOrder()
	if ce, ok := err.(*CycleError); ok {
		return ce.Cycle
	}
	return nil
}
