package misere

import (
	"github.com/nimlab/nimlab/solver/graph"
)

// GraphGames is the misère analysis of every vertex of a game graph (a
// finite acyclic graph: a vertex is a position, an edge a move).
type GraphGames struct {
	Forms *Forms
	// Form[v] is the misère canonical form of vertex v.
	Form []Form
}

// AnalyseGraph computes the misère canonical form of every vertex of g; it
// fails on a graph with a cycle.
func AnalyseGraph(g *graph.Graph) (*GraphGames, error) {
	if cyc := g.FindCycle(); cyc != nil {
		return nil, &graph.CycleError{Cycle: cyc}
	}
	r := &GraphGames{Forms: NewForms(), Form: make([]Form, g.Len())}
	done := make([]bool, g.Len())
	// iterative post-order, so that deep graphs do not exhaust the stack
	type frame struct{ v, next int }
	for root := 0; root < g.Len(); root++ {
		if done[root] {
			continue
		}
		stack := []frame{{root, 0}}
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			succ := g.Successors(top.v)
			if top.next < len(succ) {
				w := succ[top.next]
				top.next++
				if !done[w] {
					stack = append(stack, frame{w, 0})
				}
				continue
			}
			opts := make([]Form, len(succ))
			for i, w := range succ {
				opts[i] = r.Form[w]
			}
			r.Form[top.v] = r.Forms.Canonical(opts)
			done[top.v] = true
			stack = stack[:len(stack)-1]
		}
	}
	return r, nil
}

// Outcome returns the misère outcome of vertex v.
func (r *GraphGames) Outcome(v int) Outcome {
	if r.Forms.IsP(r.Form[v]) {
		return P
	}
	return N
}

// WinningMoves returns the successors of v that are misère P-positions.
func (r *GraphGames) WinningMoves(g *graph.Graph, v int) []int {
	out := []int{}
	for _, w := range g.Successors(v) {
		if r.Forms.IsP(r.Form[w]) {
			out = append(out, w)
		}
	}
	return out
}
