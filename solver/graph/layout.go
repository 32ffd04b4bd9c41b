package graph

import "slices"

// Layout places the vertices of an acyclic graph for drawing: layer by
// height (sinks in layer 0, every move goes to a lower layer), and within a
// layer an order that keeps edges short (barycenter sweeps).
type Layout struct {
	// Layers[i] lists the vertices of height i, in drawing order.
	Layers [][]int
	// Layer and Slot give each vertex's layer and place in it.
	Layer, Slot []int
	// X and Y are in [0, 1]: X across the layer (centred), Y = layer /
	// (number of layers − 1), so sinks are at Y = 0.
	X, Y []float64
}

// LayeredLayout computes a Layout, or a *CycleError.
func (g *Graph) LayeredLayout() (*Layout, error) {
	h, err := g.heights()
	if err != nil {
		return nil, err
	}
	n := g.Len()
	l := &Layout{Layer: h, Slot: make([]int, n), X: make([]float64, n), Y: make([]float64, n)}
	top := 0
	for _, x := range h {
		top = max(top, x)
	}
	if n > 0 {
		l.Layers = make([][]int, top+1)
	}
	for v := range n {
		l.Layers[h[v]] = append(l.Layers[h[v]], v)
	}
	pos := make([]float64, n)
	place := func(layer []int) {
		for i, v := range layer {
			l.Slot[v] = i
			pos[v] = float64(i) - float64(len(layer)-1)/2
		}
	}
	for _, layer := range l.Layers {
		place(layer)
	}
	// Barycenter sweeps: order each layer by the mean place of its
	// neighbours in the layer just visited, downwards then upwards.
	bary := func(v int, neigh []int, want int) float64 {
		s, c := 0.0, 0
		for _, w := range neigh {
			if h[w] == want {
				s += pos[w]
				c++
			}
		}
		if c == 0 {
			return pos[v]
		}
		return s / float64(c)
	}
	for range 4 {
		for i := top - 1; i >= 0; i-- {
			key := map[int]float64{}
			for _, v := range l.Layers[i] {
				key[v] = bary(v, g.pred[v], i+1)
			}
			slices.SortStableFunc(l.Layers[i], func(a, b int) int { return cmpFloat(key[a], key[b]) })
			place(l.Layers[i])
		}
		for i := 1; i <= top; i++ {
			key := map[int]float64{}
			for _, v := range l.Layers[i] {
				key[v] = bary(v, g.succ[v], i-1)
			}
			slices.SortStableFunc(l.Layers[i], func(a, b int) int { return cmpFloat(key[a], key[b]) })
			place(l.Layers[i])
		}
	}
	widest := 1
	for _, layer := range l.Layers {
		widest = max(widest, len(layer))
	}
	for v := range n {
		l.X[v] = 0.5
		if widest > 1 {
			l.X[v] = 0.5 + pos[v]/float64(widest-1)
		}
		if top > 0 {
			l.Y[v] = float64(h[v]) / float64(top)
		}
	}
	return l, nil
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
