package graph

// Outcome is the outcome class of a vertex: P (the previous player wins,
// the vertex is in the kernel) or N (the next player wins).
type Outcome string

// The two outcome classes.
const (
	P Outcome = "P"
	N Outcome = "N"
)

// Grundy returns the Grundy label of every vertex: g(x) = mex of the labels
// of x's successors (sinks get 0). Linear time: vertices are labelled sinks
// first, so every successor is labelled before its predecessors.
func (g *Graph) Grundy() ([]int, error) {
	order, err := g.topoOrder()
	if err != nil {
		return nil, err
	}
	return g.grundyInOrder(order), nil
}

// grundyInOrder labels the vertices in a sinks-first order.
func (g *Graph) grundyInOrder(order []int) []int {
	labels := make([]int, g.Len())
	// seen[x] == stamp marks label x as taken by a successor of the vertex
	// being labelled; a label is at most the out-degree.
	seen := make([]int, g.Len()+1)
	for stamp, v := range order {
		stamp++
		for _, w := range g.succ[v] {
			if l := labels[w]; l < len(seen) {
				seen[l] = stamp
			}
		}
		m := 0
		for seen[m] == stamp {
			m++
		}
		labels[v] = m
	}
	return labels
}

// Kernel returns the kernel of an acyclic graph in vertex order: the unique
// set with no edge inside and an edge from every other vertex into it (the
// normal-play P-positions). It is Rizzi's Algorithm 1 — put a sink p in
// the kernel, delete p and its predecessors N(p), repeat — run in linear
// time: each vertex counts its successors not yet deleted, and a vertex
// whose count drops to 0 is a sink of what is left.
func (g *Graph) Kernel() ([]int, error) {
	if _, err := g.topoOrder(); err != nil {
		return nil, err
	}
	return g.kernelAcyclic(), nil
}

// kernelAcyclic is Kernel for a graph known to be acyclic.
func (g *Graph) kernelAcyclic() []int {
	n := g.Len()
	left := make([]int, n) // successors not yet deleted
	deleted := make([]bool, n)
	inKernel := make([]bool, n)
	var sinks []int
	for v := range n {
		left[v] = len(g.succ[v])
		if left[v] == 0 {
			sinks = append(sinks, v)
		}
	}
	remove := func(v int) {
		deleted[v] = true
		for _, u := range g.pred[v] {
			left[u]--
			if left[u] == 0 && !deleted[u] {
				sinks = append(sinks, u)
			}
		}
	}
	for len(sinks) > 0 {
		p := sinks[len(sinks)-1]
		sinks = sinks[:len(sinks)-1]
		if deleted[p] {
			continue
		}
		inKernel[p] = true
		remove(p)
		for _, q := range g.pred[p] { // N(p): they have a move into the kernel
			if !deleted[q] {
				remove(q)
			}
		}
	}
	var kernel []int
	for v := range n {
		if inKernel[v] {
			kernel = append(kernel, v)
		}
	}
	return kernel
}

// Solution is the analysis of an acyclic graph.
type Solution struct {
	Grundy []int
	Kernel []int // vertex numbers, in vertex order
	// InKernel[v] reports whether v is in the kernel (Grundy label 0).
	InKernel []bool
	// Height[v] is the length of the longest play from v (0 at sinks): the
	// layer LayeredLayout puts v in.
	Height []int
}

// Solve computes Grundy labels, kernel and heights, or a *CycleError.
func (g *Graph) Solve() (*Solution, error) {
	order, err := g.topoOrder()
	if err != nil {
		return nil, err
	}
	kernel := g.kernelAcyclic()
	s := &Solution{Grundy: g.grundyInOrder(order), Kernel: kernel, InKernel: make([]bool, g.Len())}
	for _, v := range kernel {
		s.InKernel[v] = true
	}
	s.Height = g.heightsInOrder(order)
	return s, nil
}

// Outcome returns P for a kernel vertex and N otherwise.
func (s *Solution) Outcome(v int) Outcome {
	if s.InKernel[v] {
		return P
	}
	return N
}

// WinningMoves returns the successors of v in the kernel: the moves that
// win from an N-position (none from a P-position).
func (s *Solution) WinningMoves(g *Graph, v int) []int {
	var out []int
	for _, w := range g.succ[v] {
		if s.InKernel[w] {
			out = append(out, w)
		}
	}
	return out
}

// heights returns the longest-play length from each vertex.
func (g *Graph) heights() ([]int, error) {
	order, err := g.topoOrder()
	if err != nil {
		return nil, err
	}
	return g.heightsInOrder(order), nil
}

func (g *Graph) heightsInOrder(order []int) []int {
	h := make([]int, g.Len())
	for _, v := range order {
		for _, w := range g.succ[v] {
			h[v] = max(h[v], h[w]+1)
		}
	}
	return h
}
