package graph

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// KernelOptions bounds Kernels.
type KernelOptions struct {
	// Limit is the number of kernels listed and counted; counting stops
	// there (0: 1000).
	Limit int
	// MaxNodes bounds the search (the number of branchings); 0: 2·10^6.
	MaxNodes int64
}

// KernelReport is what Kernels found out about the kernels of a digraph: a
// kernel is a set K of vertices with no edge inside K and an edge from every
// vertex outside K into K.
type KernelReport struct {
	// Decided reports whether the existence of a kernel was decided.
	Decided bool
	// Exists is the answer when Decided.
	Exists bool
	// Count is the number of kernels found; CountExact reports whether
	// that is all of them (false when the Limit or the search budget
	// stopped the count first).
	Count      int64
	CountExact bool
	// Kernels lists up to Limit kernels, each in vertex order.
	Kernels [][]int
	// Forced are the vertices in every kernel (the P-positions of the
	// loopy game) and Excluded those in none (its N-positions): every
	// kernel is Forced plus a kernel of the subgraph on the D-positions.
	Forced, Excluded []int
	// Open counts the D-positions, the vertices the search had to decide.
	Open int
	// Components is the number of weakly connected parts of the subgraph
	// on the D-positions, searched one by one (the kernels of the graph
	// are the products of theirs).
	Components int
	// Acyclic, NoOddCycle and Bipartite are the sufficient conditions for a
	// kernel that hold: an acyclic graph has exactly one (Rizzi,
	// Theorem 1); a graph without a directed cycle of odd length has at
	// least one (Richardson 1953); a bipartite graph has no odd cycle.
	Acyclic, NoOddCycle, Bipartite bool
	// Nodes is the number of search branchings used.
	Nodes int64
	// Note says in words what was decided and what was not.
	Note string
}

// Conditions lists the sufficient conditions that hold, in words.
func (r *KernelReport) Conditions() []string {
	var out []string
	if r.Acyclic {
		out = append(out, "acyclic: exactly one kernel (Rizzi, Theorem 1)")
	}
	if r.Bipartite {
		out = append(out, "bipartite: at least one kernel")
	}
	if r.NoOddCycle && !r.Acyclic {
		out = append(out, "no directed cycle of odd length: at least one kernel (Richardson's theorem)")
	}
	return out
}

// errBudget stops a component's search when the node budget is spent.
var errBudget = errors.New("search budget spent")

// Kernels decides whether g has a kernel and lists or counts its kernels.
//
// Deciding is NP-complete in general (Chvátal 1973), so the method is a
// search, but most of the graph never reaches it: the P-positions of the
// loopy game on g (γ = 0, found in linear time by Loopy) are in every
// kernel and its N-positions in none, by induction on Smith's counter;
// only the D-positions are open, and they induce a subgraph where every
// vertex has an option. Its weakly connected parts are searched one by one
// with in/out branching and unit propagation (a vertex in K puts its
// neighbours out; an out-vertex with one option left not out puts it in; a
// vertex whose options are all out is in). An acyclic graph therefore
// costs linear time and no search at all.
func (g *Graph) Kernels(ctx context.Context, opts KernelOptions) (*KernelReport, error) {
	sol, err := g.Loopy(ctx, nil)
	if err != nil {
		return nil, err
	}
	return sol.Kernels(ctx, opts)
}

// withDefaults fills in the zero fields.
func (o KernelOptions) withDefaults() KernelOptions {
	if o.Limit <= 0 {
		o.Limit = 1000
	}
	if o.MaxNodes <= 0 {
		o.MaxNodes = 2_000_000
	}
	return o
}

// kernelParts is what the searches of the open parts found: each part's
// kernels (as lists of vertices, up to the limit), and whether that list
// is all of them.
type kernelParts struct {
	kernels   [][][]int
	exact     []bool
	undecided int // parts with no kernel found and the search not finished
}

// Kernels is Graph.Kernels for the labelled graph.
func (sol *LoopySolution) Kernels(ctx context.Context, opts KernelOptions) (*KernelReport, error) {
	opts = opts.withDefaults()
	g := sol.g
	r := &KernelReport{}
	r.Acyclic = !sol.HasInfinite() && g.FindCycle() == nil
	r.NoOddCycle = !g.hasOddCycle()
	r.Bipartite = r.NoOddCycle && g.isBipartite() // bipartite: no odd cycle
	open := sol.splitByOutcome(r)
	comps := g.weakComponents(open)
	r.Components = len(comps)
	parts, err := g.searchParts(ctx, comps, opts, r)
	if err != nil {
		return nil, err
	}
	if r.Decided { // a part without a kernel
		return r, nil
	}
	r.CountExact = true
	r.Count = 1
	for i, pk := range parts.kernels {
		r.Count = satMul(r.Count, int64(len(pk)))
		r.CountExact = r.CountExact && parts.exact[i]
	}
	if parts.undecided > 0 {
		r.Count, r.CountExact = 0, false
		r.Note = fmt.Sprintf("undecided: %d of the %d parts of the D-positions not settled within %d search nodes", parts.undecided, len(comps), opts.MaxNodes)
		if parts.undecided < len(comps) {
			r.Note += "; the other parts have kernels"
		}
		return r, nil
	}
	r.Decided, r.Exists = true, true
	r.listKernels(parts.kernels, opts.Limit)
	r.Note = r.countNote(opts.Limit)
	return r, nil
}

// splitByOutcome records the P-positions (in every kernel) as Forced and
// the N-positions (in none) as Excluded, and returns the D-positions, the
// ones left open for the search.
func (sol *LoopySolution) splitByOutcome(r *KernelReport) []bool {
	open := make([]bool, sol.g.Len())
	for v := range open {
		switch sol.Outcome(v) {
		case P:
			r.Forced = append(r.Forced, v)
		case N:
			r.Excluded = append(r.Excluded, v)
		default:
			open[v] = true
			r.Open++
		}
	}
	return open
}

// searchParts searches each part's kernels within the node budget shared
// by all. A part found exhaustively to have no kernel decides the whole
// graph (no kernel, whatever the other parts hold): then r is complete
// (Decided) and the parts are not returned.
func (g *Graph) searchParts(ctx context.Context, comps [][]int, opts KernelOptions, r *KernelReport) (kernelParts, error) {
	var parts kernelParts
	for _, comp := range comps {
		s := newKernelSearch(g, comp, opts.Limit, opts.MaxNodes-r.Nodes, ctx)
		err := s.run()
		r.Nodes += s.nodes
		if err != nil && !errors.Is(err, errBudget) {
			return parts, err
		}
		exact := err == nil && len(s.found) < opts.Limit
		if exact && len(s.found) == 0 {
			r.Decided, r.Exists, r.CountExact = true, false, true
			r.Kernels, r.Count = nil, 0
			r.Note = fmt.Sprintf("no kernel: the %d vertices %s admit none (searched exhaustively)", len(comp), g.describe(comp))
			return parts, nil
		}
		if len(s.found) == 0 && oddCycle(s.succ, s.pred) {
			parts.undecided++ // without an odd cycle Richardson's theorem settles it
		}
		parts.kernels = append(parts.kernels, s.found)
		parts.exact = append(parts.exact, exact)
	}
	return parts, nil
}

// listKernels lists the kernels, up to limit: Forced plus one kernel of
// each part, every combination.
func (r *KernelReport) listKernels(partKernels [][][]int, limit int) {
	var build func(i int, acc []int)
	build = func(i int, acc []int) {
		if len(r.Kernels) >= limit {
			return
		}
		if i == len(partKernels) {
			k := slices.Clone(acc)
			slices.Sort(k)
			r.Kernels = append(r.Kernels, k)
			return
		}
		if len(partKernels[i]) == 0 { // exists by Richardson, not listed
			return
		}
		for _, pk := range partKernels[i] {
			build(i+1, append(acc, pk...))
		}
	}
	build(0, slices.Clone(r.Forced))
}

// countNote says how many kernels there are, once a kernel is known to
// exist.
func (r *KernelReport) countNote(limit int) string {
	switch {
	case r.CountExact && r.Count == 1:
		return "exactly one kernel"
	case r.CountExact:
		return fmt.Sprintf("exactly %d kernels", r.Count)
	case r.Count == 0:
		return "a kernel exists (Richardson's theorem: no odd cycle), but the search did not reach one within its budget"
	default:
		return fmt.Sprintf("at least %d kernels (counting stopped at the limit of %d or the search budget)", r.Count, limit)
	}
}

func satMul(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	if a > (1<<62)/b {
		return 1 << 62
	}
	return a * b
}

// describe names up to 8 vertices of vs.
func (g *Graph) describe(vs []int) string {
	vs = slices.Clone(vs)
	slices.Sort(vs)
	var names []string
	for i, v := range vs {
		if i == 8 {
			names = append(names, fmt.Sprintf("… (%d more)", len(vs)-8))
			break
		}
		names = append(names, g.names[v])
	}
	return "{" + strings.Join(names, ", ") + "}"
}

// weakComponents returns the weakly connected components of the subgraph
// induced by the vertices with keep[v] (each in BFS order, so that the
// search's vertex order follows the edges).
func (g *Graph) weakComponents(keep []bool) [][]int {
	seen := make([]bool, g.Len())
	var comps [][]int
	for s := range g.Len() {
		if !keep[s] || seen[s] {
			continue
		}
		comp := []int{s}
		seen[s] = true
		for i := 0; i < len(comp); i++ {
			v := comp[i]
			for _, nb := range [][]int{g.succ[v], g.pred[v]} {
				for _, w := range nb {
					if keep[w] && !seen[w] {
						seen[w] = true
						comp = append(comp, w)
					}
				}
			}
		}
		comps = append(comps, comp)
	}
	return comps
}

// isBipartite reports whether the underlying undirected graph of g is
// bipartite (a loop u → u is an odd cycle).
func (g *Graph) isBipartite() bool { return bipartite(g.succ, g.pred, nil) }

// hasOddCycle reports whether g has a directed cycle of odd length.
func (g *Graph) hasOddCycle() bool { return oddCycle(g.succ, g.pred) }

// bipartite 2-colours the underlying undirected graph of the digraph with
// adjacency lists succ and pred; with comp, only edges inside a part
// (comp[u] == comp[v]) count. Linear in the edges, whatever the number of
// parts.
func bipartite(succ, pred [][]int, comp []int) bool {
	n := len(succ)
	colour := make([]int8, n)
	var stack []int
	for s := range n {
		if colour[s] != 0 {
			continue
		}
		colour[s] = 1
		stack = append(stack[:0], s)
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, nb := range [2][]int{succ[v], pred[v]} {
				for _, w := range nb {
					if comp != nil && comp[w] != comp[v] {
						continue
					}
					if colour[w] == colour[v] {
						return false
					}
					if colour[w] == 0 {
						colour[w] = -colour[v]
						stack = append(stack, w)
					}
				}
			}
		}
	}
	return true
}

// oddCycle reports whether the digraph succ has a directed cycle of odd
// length: a strongly connected digraph has one if and only if its
// underlying graph is not bipartite, so each strongly connected component
// is 2-coloured on its own edges.
func oddCycle(succ, pred [][]int) bool {
	comps := sccsOf(succ)
	comp := make([]int, len(succ))
	for i, c := range comps {
		for _, v := range c {
			comp[v] = i
		}
	}
	return !bipartite(succ, pred, comp)
}

// sccs returns the strongly connected components of g, each component
// after every component it has an edge to (sinks first).
func (g *Graph) sccs() [][]int { return sccsOf(g.succ) }

// sccsOf is Tarjan's algorithm, iterative, on the adjacency lists succ.
func sccsOf(succ [][]int) [][]int {
	n := len(succ)
	index := make([]int, n)
	low := make([]int, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	var out [][]int
	next := 0
	type frame struct{ v, i int }
	var call []frame
	for s := range n {
		if index[s] >= 0 {
			continue
		}
		call = append(call[:0], frame{s, 0})
		index[s], low[s] = next, next
		next++
		stack = append(stack, s)
		onStack[s] = true
		for len(call) > 0 {
			f := &call[len(call)-1]
			v := f.v
			if f.i < len(succ[v]) {
				w := succ[v][f.i]
				f.i++
				if index[w] < 0 {
					index[w], low[w] = next, next
					next++
					stack = append(stack, w)
					onStack[w] = true
					call = append(call, frame{w, 0})
				} else if onStack[w] {
					low[v] = min(low[v], index[w])
				}
				continue
			}
			if low[v] == index[v] {
				var c []int
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					c = append(c, w)
					if w == v {
						break
					}
				}
				out = append(out, c)
			}
			call = call[:len(call)-1]
			if len(call) > 0 {
				u := call[len(call)-1].v
				low[u] = min(low[u], low[v])
			}
		}
	}
	return out
}

// kernelSearch enumerates the kernels of the subgraph induced by comp, a
// set of D-positions (every vertex has an option inside comp).
type kernelSearch struct {
	ctx      context.Context
	n        int
	names    []int   // local → graph vertex
	succ     [][]int // local numbering
	pred     [][]int
	state    []int8 // 0 unknown, 1 in, 2 out
	notOut   []int  // options not out
	inSucc   []int  // options in
	trail    []int
	limit    int
	budget   int64
	nodes    int64
	found    [][]int
	conflict bool
}

const (
	kUnknown int8 = iota
	kIn
	kOut
)

func newKernelSearch(g *Graph, comp []int, limit int, budget int64, ctx context.Context) *kernelSearch {
	local := make(map[int]int, len(comp))
	for i, v := range comp {
		local[v] = i
	}
	s := &kernelSearch{ctx: ctx, n: len(comp), names: comp, limit: limit, budget: budget}
	s.succ = make([][]int, s.n)
	s.pred = make([][]int, s.n)
	for i, v := range comp {
		for _, w := range g.succ[v] {
			if j, ok := local[w]; ok {
				s.succ[i] = append(s.succ[i], j)
				s.pred[j] = append(s.pred[j], i)
			}
		}
	}
	s.state = make([]int8, s.n)
	s.notOut = make([]int, s.n)
	s.inSucc = make([]int, s.n)
	for i := range s.n {
		s.notOut[i] = len(s.succ[i])
	}
	return s
}

// assign sets v's state and propagates; it returns false on a conflict
// (the trail still records what was done, for undo).
func (s *kernelSearch) assign(v int, st int8) bool {
	queue := []int{v}
	states := []int8{st}
	for len(queue) > 0 {
		v, st := queue[0], states[0]
		queue, states = queue[1:], states[1:]
		if s.state[v] == st {
			continue
		}
		if s.state[v] != kUnknown {
			return false
		}
		s.state[v] = st
		s.trail = append(s.trail, v)
		if st == kIn {
			for _, u := range s.pred[v] {
				s.inSucc[u]++
				queue, states = append(queue, u), append(states, kOut)
			}
			for _, w := range s.succ[v] {
				queue, states = append(queue, w), append(states, kOut)
			}
			continue
		}
		// v is out: its predecessors lose an option that could absorb them,
		// and v needs an option in. Every counter is updated before a
		// conflict is reported, so that undo can reverse the whole step.
		ok := true
		for _, u := range s.pred[v] {
			s.notOut[u]--
			if s.inSucc[u] > 0 || u == v {
				continue
			}
			switch {
			case s.notOut[u] == 0 && s.state[u] == kOut:
				ok = false
			case s.notOut[u] == 0: // unknown with every option out: in
				queue, states = append(queue, u), append(states, kIn)
			case s.notOut[u] == 1 && s.state[u] == kOut:
				queue, states = s.forceLastOption(u, queue, states)
			}
		}
		if s.inSucc[v] == 0 {
			switch s.notOut[v] {
			case 0:
				ok = false
			case 1:
				queue, states = s.forceLastOption(v, queue, states)
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// forceLastOption queues, for an out-vertex u with one option not out,
// that option in.
func (s *kernelSearch) forceLastOption(u int, queue []int, states []int8) ([]int, []int8) {
	for _, w := range s.succ[u] {
		if s.state[w] != kOut {
			queue, states = append(queue, w), append(states, kIn)
		}
	}
	return queue, states
}

// undo unassigns the trail back to length mark.
func (s *kernelSearch) undo(mark int) {
	for len(s.trail) > mark {
		v := s.trail[len(s.trail)-1]
		s.trail = s.trail[:len(s.trail)-1]
		if s.state[v] == kIn {
			for _, u := range s.pred[v] {
				s.inSucc[u]--
			}
		} else {
			for _, u := range s.pred[v] {
				s.notOut[u]++
			}
		}
		s.state[v] = kUnknown
	}
}

func (s *kernelSearch) run() error { return s.branch(0) }

// branch tries the first unknown vertex from position from (the vertices
// are in BFS order) in, then out.
func (s *kernelSearch) branch(from int) error {
	for from < s.n && s.state[from] != kUnknown {
		from++
	}
	if from == s.n {
		var k []int
		for i, st := range s.state {
			if st == kIn {
				k = append(k, s.names[i])
			}
		}
		s.found = append(s.found, k)
		if len(s.found) >= s.limit {
			return errBudget
		}
		return nil
	}
	s.nodes++
	if s.nodes > s.budget {
		return errBudget
	}
	if s.nodes&1023 == 0 {
		if err := s.ctx.Err(); err != nil {
			return err
		}
	}
	for _, st := range []int8{kIn, kOut} {
		mark := len(s.trail)
		if s.assign(from, st) {
			if err := s.branch(from + 1); err != nil {
				s.undo(mark)
				return err
			}
		}
		s.undo(mark)
	}
	return nil
}

// IsKernel reports whether k is a kernel of g.
func (g *Graph) IsKernel(k []int) bool {
	in := make([]bool, g.Len())
	for _, v := range k {
		in[v] = true
	}
	for v := range g.Len() {
		absorbed := false
		for _, w := range g.succ[v] {
			if in[w] {
				if in[v] {
					return false
				}
				absorbed = true
			}
		}
		if !in[v] && !absorbed {
			return false
		}
	}
	return true
}
