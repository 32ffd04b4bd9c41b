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
func (g *Graph) DrawingLayout() (l *Layout, layered bool) {
	if lay, err := g.LayeredLayout(); err == nil {
		return lay, true
	}
	sccs := g.sccs(nil)
	for _, c := range sccs {
		if len(c) > maxSCCForLayers {
			return g.ForceLayout(300), false
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
	top := 0
	for v := range n {
		h[v] = ch[comp[v]]
		top = max(top, h[v])
	}
	l := &Layout{Layer: h, Slot: make([]int, n), X: make([]float64, n), Y: make([]float64, n)}
	l.Layers = make([][]int, top+1)
	// Keep each component together, components in first-vertex order.
	order := make([]int, n)
	for v := range order {
		order[v] = v
	}
	first := make([]int, len(sccs))
	for i, c := range sccs {
		first[i] = slices.Min(c)
	}
	slices.SortStableFunc(order, func(a, b int) int { return first[comp[a]] - first[comp[b]] })
	for _, v := range order {
		l.Layers[h[v]] = append(l.Layers[h[v]], v)
	}
	widest := 1
	for _, layer := range l.Layers {
		widest = max(widest, len(layer))
	}
	for _, layer := range l.Layers {
		for i, v := range layer {
			l.Slot[v] = i
			pos := float64(i) - float64(len(layer)-1)/2
			l.X[v] = 0.5
			if widest > 1 {
				l.X[v] = 0.5 + pos/float64(widest-1)
			}
			if top > 0 {
				l.Y[v] = float64(h[v]) / float64(top)
			}
		}
	}
	return l
}

// ForceLayout places the vertices by a Fruchterman–Reingold force layout
// (edges pull, all pairs push), started from a circle in vertex order so
// that it is deterministic; iterations bounds the work (n² per
// iteration). The result has no layers: Layers, Layer and Slot are nil.
func (g *Graph) ForceLayout(iterations int) *Layout {
	n := g.Len()
	x := make([]float64, n)
	y := make([]float64, n)
	for v := range n {
		a := 2*math.Pi*float64(v)/float64(max(n, 1)) - math.Pi/2
		x[v], y[v] = math.Cos(a), math.Sin(a)
	}
	if n > 1 {
		k := 2 / math.Sqrt(float64(n)) // ideal distance in a 2×2 square
		dx := make([]float64, n)
		dy := make([]float64, n)
		temp := 0.2
		for it := range iterations {
			clear(dx)
			clear(dy)
			for u := range n {
				for v := u + 1; v < n; v++ {
					ex, ey := x[u]-x[v], y[u]-y[v]
					d2 := max(ex*ex+ey*ey, 1e-9)
					f := k * k / d2
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
					d := math.Hypot(ex, ey)
					f := d / k
					dx[u] -= ex * f
					dy[u] -= ey * f
					dx[v] += ex * f
					dy[v] += ey * f
				}
			}
			for u := range n {
				d := math.Hypot(dx[u], dy[u])
				if d > 0 {
					s := min(d, temp) / d
					x[u] += dx[u] * s
					y[u] += dy[u] * s
				}
				// Gravity keeps unconnected parts on the canvas.
				x[u] *= 0.995
				y[u] *= 0.995
			}
			temp = 0.2 * (1 - float64(it+1)/float64(iterations+1))
		}
	}
	// Scale into [0, 1]², keeping the aspect ratio free (the view stretches).
	minX, maxX := slices.Min(append(x, 0)), slices.Max(append(x, 0))
	minY, maxY := slices.Min(append(y, 0)), slices.Max(append(y, 0))
	if n > 0 {
		minX, maxX, minY, maxY = slices.Min(x), slices.Max(x), slices.Min(y), slices.Max(y)
	}
	l := &Layout{X: make([]float64, n), Y: make([]float64, n)}
	for v := range n {
		l.X[v], l.Y[v] = 0.5, 0.5
		if maxX > minX {
			l.X[v] = (x[v] - minX) / (maxX - minX)
		}
		if maxY > minY {
			l.Y[v] = (y[v] - minY) / (maxY - minY)
		}
	}
	return l
}
