package graph

import (
	"cmp"
	"slices"
)

// Point is a place in a layout or a drawing.
type Point struct{ X, Y float64 }

// Layout places the vertices of a graph for drawing, in coordinates that a
// drawing stretches to its size (Place).
//
// A layered layout (Layers not nil) puts every vertex in a layer so that
// every move between layers goes to a lower one: X is the place across the
// layer and Y the layer's height, both in [0, 1] (sinks at Y = 0). A move
// that skips layers runs through Bends, one point in each layer it crosses,
// placed like vertices so that it passes between them, not through them.
//
// A force layout (Layers nil) has X and Y in [0, 1]² and no bends.
type Layout struct {
	// Layers[i] lists the vertices of height i, in drawing order.
	Layers [][]int
	// Layer and Slot give each vertex's layer and place in it.
	Layer, Slot []int
	X, Y        []float64
	// Span is the extent of a layered layout across its layers, in units
	// of the least distance between two vertices of one layer (a
	// drawing's vertices must be at most that wide); 0 when every layer
	// holds one vertex and no bend.
	Span float64
	// Bends are the points a move u → w runs through, keyed by {u, w},
	// from u's end (layered layouts only).
	Bends map[[2]int][]Point
	// MinDist is the least distance between two vertices of a force
	// layout (in its [0, 1]² coordinates); 1 for fewer than two vertices.
	MinDist float64
}

// Distances across a layer between neighbours in a layered layout: two
// vertices are a unit apart, a bend keeps bendGap from anything.
const bendGap = 0.6

// maxBendsPerItem bounds the bends of a layered layout: a dense graph with
// long moves (Nim on a large heap: n³/6 bends) draws its long moves as
// straight lines instead.
const maxBendsPerItem = 4

// LayeredLayout computes a Layout, or a *CycleError: the Sugiyama method
// with layers by height (the longest play from the vertex), an order in
// each layer that keeps crossings few (barycentre sweeps, moves that skip
// layers taking part through their bends), and places across the layer
// that pull each vertex towards its neighbours while keeping vertices a
// unit apart (isotonic regression in each layer).
func (g *Graph) LayeredLayout() (*Layout, error) {
	h, err := g.heights()
	if err != nil {
		return nil, err
	}
	group := make([]int, g.Len())
	for v := range group {
		group[v] = v
	}
	return g.sugiyama(h, group), nil
}

// sugiyama lays g out in the layers h: every edge u → w has h[u] > h[w],
// or h[u] = h[w] and u and w in the same group (the vertices of a group are
// kept side by side).
func (g *Graph) sugiyama(h, group []int) *Layout {
	n := g.Len()
	top := 0
	for _, x := range h {
		top = max(top, x)
	}
	l := &Layout{Layer: h, Slot: make([]int, n), X: make([]float64, n), Y: make([]float64, n), MinDist: 1}
	if n == 0 {
		return l
	}
	// Items are the vertices 0..n-1 and then the bends.
	layerOf := slices.Clone(h)
	up := make([][]int, n)   // neighbours one layer higher
	down := make([][]int, n) // neighbours one layer lower
	link := func(a, b int) { down[a] = append(down[a], b); up[b] = append(up[b], a) }
	bends := 0
	for u := range n {
		for _, w := range g.succ[u] {
			bends += max(h[u]-h[w]-1, 0)
		}
	}
	withBends := bends <= maxBendsPerItem*(n+g.nEdge)
	chains := map[[2]int][]int{}
	for u := range n {
		for _, w := range g.succ[u] {
			if h[u] <= h[w] {
				continue // within a group's layer
			}
			if !withBends || h[u]-h[w] == 1 {
				if h[u]-h[w] == 1 {
					link(u, w)
				}
				continue
			}
			prev := u
			var chain []int
			for k := h[u] - 1; k > h[w]; k-- {
				d := len(layerOf)
				layerOf = append(layerOf, k)
				up, down = append(up, nil), append(down, nil)
				link(prev, d)
				chain = append(chain, d)
				prev = d
			}
			link(prev, w)
			chains[[2]int{u, w}] = chain
		}
	}
	items := len(layerOf)
	layers := make([][]int, top+1)
	for v := range items {
		layers[layerOf[v]] = append(layers[layerOf[v]], v)
	}
	pos := make([]float64, items)
	place := func(layer []int) {
		for i, v := range layer {
			pos[v] = float64(i)
		}
	}
	for _, layer := range layers {
		place(layer)
	}
	// Barycentre sweeps: order each layer by the mean place of its
	// neighbours in the layer just visited, downwards then upwards; the
	// vertices of a group share the mean of their keys, so they stay
	// together.
	key := make([]float64, items)
	groupKey := map[int]float64{}
	groupSize := map[int]int{}
	order := func(layer []int, neigh [][]int) {
		clear(groupKey)
		clear(groupSize)
		for _, v := range layer {
			key[v] = pos[v]
			if len(neigh[v]) > 0 {
				s := 0.0
				for _, w := range neigh[v] {
					s += pos[w]
				}
				key[v] = s / float64(len(neigh[v]))
			}
			if v < n {
				groupKey[group[v]] += key[v]
				groupSize[group[v]]++
			}
		}
		tie := func(v int) int {
			if v < n {
				return group[v]
			}
			return n + v
		}
		for _, v := range layer {
			if v < n && groupSize[group[v]] > 1 {
				key[v] = groupKey[group[v]] / float64(groupSize[group[v]])
			}
		}
		slices.SortStableFunc(layer, func(a, b int) int {
			if c := cmp.Compare(key[a], key[b]); c != 0 {
				return c
			}
			return cmp.Compare(tie(a), tie(b))
		})
		place(layer)
	}
	for range 6 {
		for i := top - 1; i >= 0; i-- {
			order(layers[i], up)
		}
		for i := 1; i <= top; i++ {
			order(layers[i], down)
		}
	}
	// Places across: start packed, then pull every item towards the mean
	// of its neighbours in both directions, keeping the order and the
	// least distances.
	gap := func(a, b int) float64 {
		if a < n && b < n {
			return 1
		}
		return bendGap
	}
	x := make([]float64, items)
	for _, layer := range layers {
		for i, v := range layer {
			if i > 0 {
				x[v] = x[layer[i-1]] + gap(layer[i-1], v)
			}
		}
	}
	want := make([]float64, 0, items)
	for range 10 {
		for pass := range 2 {
			for k := range layers {
				i := k
				if pass == 1 {
					i = top - k
				}
				layer := layers[i]
				want = want[:0]
				for _, v := range layer {
					s, c := 0.0, 0
					for _, w := range up[v] {
						s += x[w]
						c++
					}
					for _, w := range down[v] {
						s += x[w]
						c++
					}
					if c == 0 {
						want = append(want, x[v])
					} else {
						want = append(want, s/float64(c))
					}
				}
				spread(layer, want, x, gap)
			}
		}
	}
	lo, hi := x[0], x[0]
	for _, v := range x {
		lo, hi = min(lo, v), max(hi, v)
	}
	l.Span = hi - lo
	norm := func(v float64) float64 {
		if l.Span == 0 {
			return 0.5
		}
		return (v - lo) / l.Span
	}
	layerY := func(i int) float64 {
		if top == 0 {
			return 0.5
		}
		return float64(i) / float64(top)
	}
	l.Layers = make([][]int, top+1)
	for i, layer := range layers {
		for _, v := range layer {
			if v < n {
				l.Slot[v] = len(l.Layers[i])
				l.Layers[i] = append(l.Layers[i], v)
				l.X[v], l.Y[v] = norm(x[v]), layerY(i)
			}
		}
	}
	if len(chains) > 0 {
		l.Bends = make(map[[2]int][]Point, len(chains))
		for e, chain := range chains {
			pts := make([]Point, len(chain))
			for i, d := range chain {
				pts[i] = Point{norm(x[d]), layerY(layerOf[d])}
			}
			l.Bends[e] = pts
		}
	}
	return l
}

// spread sets x for the items of one layer, in their order, as close as
// possible to want (least squares) while each item keeps gap(a, b) from the
// one before: with offsets o (the sum of the gaps before an item) this is
// the isotonic regression of want − o, solved by pooling adjacent
// violators.
func spread(layer []int, want, x []float64, gap func(a, b int) float64) {
	k := len(layer)
	off := make([]float64, k)
	for i := 1; i < k; i++ {
		off[i] = off[i-1] + gap(layer[i-1], layer[i])
	}
	type block struct {
		sum   float64
		count int
	}
	blocks := make([]block, 0, k)
	for i := range k {
		blocks = append(blocks, block{want[i] - off[i], 1})
		for len(blocks) > 1 {
			a, b := blocks[len(blocks)-2], blocks[len(blocks)-1]
			if a.sum/float64(a.count) <= b.sum/float64(b.count) {
				break
			}
			blocks = blocks[:len(blocks)-1]
			blocks[len(blocks)-1] = block{a.sum + b.sum, a.count + b.count}
		}
	}
	i := 0
	for _, b := range blocks {
		m := b.sum / float64(b.count)
		for range b.count {
			x[layer[i]] = m + off[i]
			i++
		}
	}
}
