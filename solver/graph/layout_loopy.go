package graph

import (
	"math"
	"slices"
)

// maxSCCForLayers is the largest strongly connected component that
// DrawingLayout still puts in layers (side by side in one layer).
const maxSCCForLayers = 3

// DrawingLayout places any graph for drawing: an acyclic graph as
// LayeredLayout does; a graph whose cycles are all short (strongly
// connected components of at most 3 vertices) in layers by the height of
// its components, the vertices of a component side by side; any other
// graph by a force layout (ForceLayout). Layered reports which was used.
func (g *Graph) DrawingLayout() (l *Layout, layered bool) { return g.DrawingLayoutFor(1) }

// DrawingLayoutFor is DrawingLayout for a drawing aspect times as wide as
// it is high: a force layout spreads its vertices over that shape (a
// layered layout fits any shape by itself).
func (g *Graph) DrawingLayoutFor(aspect float64) (l *Layout, layered bool) {
	if lay, err := g.LayeredLayout(); err == nil {
		return lay, true
	}
	sccs := g.sccs()
	for _, c := range sccs {
		if len(c) > maxSCCForLayers {
			return g.ForceLayoutFor(300, aspect), false
		}
	}
	return g.condensedLayout(sccs), true
}

// condensedLayout layers the vertices by the height of their strongly
// connected component in the graph of components (sinks at the bottom).
func (g *Graph) condensedLayout(sccs [][]int) *Layout {
	n := g.Len()
	comp := make([]int, n)
	for i, c := range sccs {
		for _, v := range c {
			comp[v] = i
		}
	}
	// Tarjan returns the components sinks first: every successor component
	// comes earlier, so one pass gives the heights.
	ch := make([]int, len(sccs))
	for i, c := range sccs {
		for _, v := range c {
			for _, w := range g.succ[v] {
				if comp[w] != i {
					ch[i] = max(ch[i], ch[comp[w]]+1)
				}
			}
		}
	}
	h := make([]int, n)
	for v := range n {
		h[v] = ch[comp[v]]
	}
	return g.sugiyama(h, comp)
}

// ForceLayout places the vertices by a Fruchterman–Reingold force layout
// in the square [−1, 1]² (edges pull, all pairs push, a weak pull to the
// centre keeps separate parts together, and the square's border stops
// what is pushed out), started from a circle in vertex order so that it is
// deterministic; iterations bounds the work (n² per iteration). The
// result has no layers: Layers, Layer and Slot are nil. Vertices without
// moves in or out stand in a row along the bottom, apart from the rest
// (pushed by all and pulled by none, they would take the corners).
func (g *Graph) ForceLayout(iterations int) *Layout { return g.ForceLayoutFor(iterations, 1) }

// ForceLayoutFor is ForceLayout in a rectangle aspect times as wide as it
// is high (of the square's area) instead of the square, its X and Y each
// spanning [0, 1]: a drawing that stretches it to a pane of that shape
// keeps its proportions.
func (g *Graph) ForceLayoutFor(iterations int, aspect float64) *Layout {
	aspect = clampAspect(aspect)
	n := g.Len()
	var alone, rest []int
	for v := range n {
		if len(g.succ[v]) == 0 && len(g.pred[v]) == 0 {
			alone = append(alone, v)
		} else {
			rest = append(rest, v)
		}
	}
	if len(alone) > 0 && len(rest) > 0 {
		return g.forceLayoutApart(alone, rest, iterations, aspect)
	}
	ax, ay := math.Sqrt(aspect), 1/math.Sqrt(aspect) // the rectangle's half sides
	x := make([]float64, n)
	y := make([]float64, n)
	for v := range n {
		a := 2*math.Pi*float64(v)/float64(max(n, 1)) - math.Pi/2
		x[v], y[v] = 0.9*ax*math.Cos(a), 0.9*ay*math.Sin(a)
	}
	if n > 1 {
		g.fruchtermanReingold(x, y, iterations, ax, ay)
	}
	spreadApart(x, y, 2/math.Sqrt(float64(max(n, 1))))
	// Into [0, 1]², each axis spanning it (a drawing stretches it to a
	// pane of the shape it was made for).
	l := &Layout{X: make([]float64, n), Y: make([]float64, n), MinDist: 1}
	if n == 0 {
		return l
	}
	minX, maxX, minY, maxY := slices.Min(x), slices.Max(x), slices.Min(y), slices.Max(y)
	for v := range n {
		l.X[v], l.Y[v] = 0.5, 0.5
		if maxX > minX {
			l.X[v] = (x[v] - minX) / (maxX - minX)
		}
		if maxY > minY {
			l.Y[v] = (y[v] - minY) / (maxY - minY)
		}
	}
	l.setMinDist()
	return l
}

// clampAspect keeps an aspect ratio within [0.1, 10] (1 for NaN): beyond
// that a layout degenerates into a line.
func clampAspect(aspect float64) float64 {
	if math.IsNaN(aspect) {
		return 1
	}
	return max(0.1, min(10, aspect))
}

// setMinDist sets MinDist from the vertices' places (n² pairs).
func (l *Layout) setMinDist() {
	for u := range l.X {
		for v := range u {
			l.MinDist = min(l.MinDist, math.Hypot(l.X[u]-l.X[v], l.Y[u]-l.Y[v]))
		}
	}
}

// forceLayoutApart lays out the vertices with moves (rest) by force above
// a row of the vertices without (alone) along the bottom.
func (g *Graph) forceLayoutApart(alone, rest []int, iterations int, aspect float64) *Layout {
	n := g.Len()
	h := New()
	for _, v := range rest {
		h.Vertex(g.names[v])
	}
	for i, v := range rest {
		for _, w := range g.succ[v] {
			j, _ := h.Lookup(g.names[w])
			h.AddEdge(i, j)
		}
	}
	inner := h.ForceLayoutFor(iterations, aspect)
	l := &Layout{X: make([]float64, n), Y: make([]float64, n), MinDist: 1}
	row := min(0.35, 1.5/(math.Sqrt(float64(n))+1)) // the bottom row's share of the height
	for i, v := range rest {
		l.X[v], l.Y[v] = inner.X[i], row+(1-row)*inner.Y[i]
	}
	for i, v := range alone {
		l.X[v] = (float64(i) + 0.5) / float64(len(alone))
	}
	l.setMinDist()
	return l
}

// fruchtermanReingold moves the points x, y (n > 1) by the forces for the
// given iterations, cooling linearly, inside the rectangle of half sides
// ax, ay.
func (g *Graph) fruchtermanReingold(x, y []float64, iterations int, ax, ay float64) {
	n := len(x)
	k := 2 / math.Sqrt(float64(n)) // the ideal edge length: area 4 shared out
	dx := make([]float64, n)
	dy := make([]float64, n)
	for it := range iterations {
		temp := 0.25 * (1 - float64(it)/float64(iterations))
		clear(dx)
		clear(dy)
		for u := range n {
			for v := u + 1; v < n; v++ {
				ex, ey := x[u]-x[v], y[u]-y[v]
				d2 := max(ex*ex+ey*ey, 1e-6)
				f := k * k / d2 // repulsion k²/d along the unit vector
				dx[u] += ex * f
				dy[u] += ey * f
				dx[v] -= ex * f
				dy[v] -= ey * f
			}
		}
		for u := range n {
			for _, v := range g.succ[u] {
				if u == v {
					continue
				}
				ex, ey := x[u]-x[v], y[u]-y[v]
				f := math.Hypot(ex, ey) / k // attraction d²/k
				dx[u] -= ex * f
				dy[u] -= ey * f
				dx[v] += ex * f
				dy[v] += ey * f
			}
		}
		for u := range n {
			dx[u] -= x[u] * k
			dy[u] -= y[u] * k
			if d := math.Hypot(dx[u], dy[u]); d > 0 {
				s := min(d, temp) / d
				x[u] = max(-ax, min(ax, x[u]+dx[u]*s))
				y[u] = max(-ay, min(ay, y[u]+dy[u]*s))
			}
		}
	}
}

// spreadApart pushes apart, in a few rounds, the pairs of points closer
// than d (a force layout may leave two vertices almost on top of each
// other, which a drawing would have to shrink every vertex for).
func spreadApart(x, y []float64, d float64) {
	n := len(x)
	for range 200 {
		moved := false
		for u := range n {
			for v := range u {
				ex, ey := x[u]-x[v], y[u]-y[v]
				dist := math.Hypot(ex, ey)
				if dist >= d {
					continue
				}
				if dist < 1e-9 {
					ex, ey, dist = 1, 0, 1 // the same place: apart sideways
				}
				push := (d - dist) / 2 / dist
				x[u] += ex * push
				y[u] += ey * push
				x[v] -= ex * push
				y[v] -= ey * push
				moved = true
			}
		}
		if !moved {
			return
		}
	}
}
