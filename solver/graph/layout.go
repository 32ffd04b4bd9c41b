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
	l := &Layout{Layer: h, Slot: make([]int, n), X: make([]float64, n), Y: make([]float64, n), MinDist: 1}
	if n == 0 {
		return l
	}
	ly := newLayering(g, h, group)
	ly.orderLayers()
	ly.placeAcross()
	ly.fill(l)
	return l
}

// layering is the working state of a layered layout. Its items are the
// vertices 0..n−1 and then the bends, each in one layer, linked to its
// neighbours one layer up and one layer down.
type layering struct {
	n        int
	group    []int
	top      int     // the highest layer
	layerOf  []int   // item → layer
	up, down [][]int // item → neighbours one layer higher / lower
	chains   map[[2]int][]int
	layers   [][]int   // layer → items, in order
	pos      []float64 // item → index in its layer
	x        []float64 // item → place across its layer
}

// newLayering makes the items of g in the layers h: a move between adjacent
// layers links its ends; a longer one runs through a chain of bends, one in
// each layer it crosses, unless the bends would be too many (then it is
// drawn straight and takes no part in the ordering).
func newLayering(g *Graph, h, group []int) *layering {
	n := g.Len()
	ly := &layering{n: n, group: group, layerOf: slices.Clone(h), up: make([][]int, n), down: make([][]int, n),
		chains: map[[2]int][]int{}}
	for _, x := range h {
		ly.top = max(ly.top, x)
	}
	bends := 0
	for u := range n {
		for _, w := range g.succ[u] {
			bends += max(h[u]-h[w]-1, 0)
		}
	}
	withBends := bends <= maxBendsPerItem*(n+g.nEdge)
	for u := range n {
		for _, w := range g.succ[u] {
			switch {
			case h[u] <= h[w]: // within a group's layer
			case h[u]-h[w] == 1:
				ly.link(u, w)
			case withBends:
				ly.addBendChain(u, w)
			}
		}
	}
	items := len(ly.layerOf)
	ly.layers = make([][]int, ly.top+1)
	for v := range items {
		ly.layers[ly.layerOf[v]] = append(ly.layers[ly.layerOf[v]], v)
	}
	ly.pos = make([]float64, items)
	for _, layer := range ly.layers {
		ly.numberLayer(layer)
	}
	return ly
}

func (ly *layering) link(a, b int) {
	ly.down[a] = append(ly.down[a], b)
	ly.up[b] = append(ly.up[b], a)
}

// addBendChain links u to w through a new bend in every layer between them.
func (ly *layering) addBendChain(u, w int) {
	prev := u
	var chain []int
	for k := ly.layerOf[u] - 1; k > ly.layerOf[w]; k-- {
		d := len(ly.layerOf)
		ly.layerOf = append(ly.layerOf, k)
		ly.up, ly.down = append(ly.up, nil), append(ly.down, nil)
		ly.link(prev, d)
		chain = append(chain, d)
		prev = d
	}
	ly.link(prev, w)
	ly.chains[[2]int{u, w}] = chain
}

// numberLayer records each item's index in its layer.
func (ly *layering) numberLayer(layer []int) {
	for i, v := range layer {
		ly.pos[v] = float64(i)
	}
}

// orderLayers runs barycentre sweeps: each layer is ordered by the mean
// place of its neighbours in the layer just visited, downwards then
// upwards, six times.
func (ly *layering) orderLayers() {
	b := barycentres{key: make([]float64, len(ly.pos)), groupKey: map[int]float64{}, groupSize: map[int]int{}}
	for range 6 {
		for i := ly.top - 1; i >= 0; i-- {
			ly.orderLayer(ly.layers[i], ly.up, &b)
		}
		for i := 1; i <= ly.top; i++ {
			ly.orderLayer(ly.layers[i], ly.down, &b)
		}
	}
}

// barycentres is the scratch space of orderLayer.
type barycentres struct {
	key       []float64
	groupKey  map[int]float64
	groupSize map[int]int
}

// orderLayer sorts one layer by the barycentres of its items' neighbours
// in neigh; the vertices of a group share the mean of their keys, so they
// stay together.
func (ly *layering) orderLayer(layer []int, neigh [][]int, b *barycentres) {
	n, group, key := ly.n, ly.group, b.key
	clear(b.groupKey)
	clear(b.groupSize)
	for _, v := range layer {
		key[v] = ly.pos[v]
		if len(neigh[v]) > 0 {
			s := 0.0
			for _, w := range neigh[v] {
				s += ly.pos[w]
			}
			key[v] = s / float64(len(neigh[v]))
		}
		if v < n {
			b.groupKey[group[v]] += key[v]
			b.groupSize[group[v]]++
		}
	}
	for _, v := range layer {
		if v < n && b.groupSize[group[v]] > 1 {
			key[v] = b.groupKey[group[v]] / float64(b.groupSize[group[v]])
		}
	}
	tie := func(v int) int {
		if v < n {
			return group[v]
		}
		return n + v
	}
	slices.SortStableFunc(layer, func(a, b int) int {
		if c := cmp.Compare(key[a], key[b]); c != 0 {
			return c
		}
		return cmp.Compare(tie(a), tie(b))
	})
	ly.numberLayer(layer)
}

// gap is the least distance across a layer between neighbours a and b:
// a unit between vertices, bendGap when a bend is involved.
func (ly *layering) gap(a, b int) float64 {
	if a < ly.n && b < ly.n {
		return 1
	}
	return bendGap
}

// placeAcross sets x: start packed, then pull every item towards the mean
// of its neighbours in both directions, keeping the order and the least
// distances, ten times down and up.
func (ly *layering) placeAcross() {
	x := make([]float64, len(ly.pos))
	ly.x = x
	for _, layer := range ly.layers {
		for i, v := range layer {
			if i > 0 {
				x[v] = x[layer[i-1]] + ly.gap(layer[i-1], v)
			}
		}
	}
	want := make([]float64, 0, len(x))
	for range 10 {
		for pass := range 2 {
			for k := range ly.layers {
				i := k
				if pass == 1 {
					i = ly.top - k
				}
				layer := ly.layers[i]
				want = want[:0]
				for _, v := range layer {
					want = append(want, ly.neighbourMean(v))
				}
				spread(layer, want, x, ly.gap)
			}
		}
	}
}

// neighbourMean is the mean place of v's neighbours up and down, or v's
// own place when it has none.
func (ly *layering) neighbourMean(v int) float64 {
	s, c := 0.0, 0
	for _, w := range ly.up[v] {
		s += ly.x[w]
		c++
	}
	for _, w := range ly.down[v] {
		s += ly.x[w]
		c++
	}
	if c == 0 {
		return ly.x[v]
	}
	return s / float64(c)
}

// fill writes the layering into l, in [0, 1] coordinates.
func (ly *layering) fill(l *Layout) {
	x, top := ly.x, ly.top
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
	for i, layer := range ly.layers {
		for _, v := range layer {
			if v < ly.n {
				l.Slot[v] = len(l.Layers[i])
				l.Layers[i] = append(l.Layers[i], v)
				l.X[v], l.Y[v] = norm(x[v]), layerY(i)
			}
		}
	}
	if len(ly.chains) > 0 {
		l.Bends = make(map[[2]int][]Point, len(ly.chains))
		for e, chain := range ly.chains {
			pts := make([]Point, len(chain))
			for i, d := range chain {
				pts[i] = Point{norm(x[d]), layerY(ly.layerOf[d])}
			}
			l.Bends[e] = pts
		}
	}
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
