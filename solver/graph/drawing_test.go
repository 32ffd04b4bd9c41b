package graph

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// layoutCases are graphs of every kind the drawing handles: chains with
// long moves, dense layers, short cycles in layers, long cycles by force.
func layoutCases(t *testing.T) map[string]*Graph {
	t.Helper()
	cases := map[string]*Graph{}
	must := func(name string, g *Graph, err error) {
		require.NoError(t, err)
		cases[name] = g
	}
	g, err := PlateGame([]int{1, 2}, 10)
	must("plate", g, err)
	g, err = SubtractionGame([]int{1, 2}, 30)
	must("chain30", g, err)
	g, err = NimHeap(6)
	must("nim6", g, err)
	g, err = SubtractionGame([]int{1, 3, 4}, 12)
	must("sub134", g, err)
	a, _ := NimHeap(2)
	b, _ := NimHeap(3)
	g, err = Sum(a, b)
	must("sum", g, err)
	must("figure3", RizziFigure3(), nil)
	g, err = Cycle(4)
	must("cycle4", g, err)
	g, err = ParseText("a b\nb a\na c\nc d\nd c\nd e\nb e\n")
	must("short-cycles", g, err)
	// A cycle of three, laid side by side in one layer: c → a must not
	// run straight through b.
	g, err = ParseText("a b\nb c\nc a\n")
	must("triangle", g, err)
	g, err = ParseText("a b\nb a\nb c\nc a\nx a\n")
	must("triangle-back", g, err)
	g, err = RandomDigraph(14, 0.14, 3)
	must("random-loopy", g, err)
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range 10 {
		cases[fmt.Sprintf("dag%d", i)] = randomDAG(rng, 2+rng.IntN(30), 0.15)
	}
	return cases
}

// TestLayeredLayoutBends checks the Sugiyama layout against its promises:
// vertices of a layer at least a unit apart (1/Span in X), every move down,
// and a move that skips layers through one bend per skipped layer, in that
// layer, at least bendGap from the vertices there.
func TestLayeredLayoutBends(t *testing.T) {
	for name, g := range layoutCases(t) {
		l, layered := g.DrawingLayout()
		if !layered {
			continue
		}
		for i, layer := range l.Layers {
			for s := 1; s < len(layer); s++ {
				require.GreaterOrEqual(t, (l.X[layer[s]]-l.X[layer[s-1]])*l.Span, 1-1e-9, "%s: layer %d", name, i)
			}
		}
		top := float64(len(l.Layers) - 1)
		for u := range g.Len() {
			for _, w := range g.Successors(u) {
				require.GreaterOrEqual(t, l.Layer[u], l.Layer[w], "%s: %s → %s goes down", name, g.Name(u), g.Name(w))
				bends := l.Bends[[2]int{u, w}]
				require.Len(t, bends, max(l.Layer[u]-l.Layer[w]-1, 0), "%s: %s → %s", name, g.Name(u), g.Name(w))
				for i, b := range bends {
					layer := l.Layer[u] - 1 - i
					require.InDelta(t, float64(layer)/top, b.Y, 1e-9)
					require.True(t, b.X >= 0 && b.X <= 1)
					for _, v := range l.Layers[layer] {
						require.GreaterOrEqual(t, math.Abs(b.X-l.X[v])*l.Span, bendGap-1e-9, "%s: bend of %s → %s beside %s", name, g.Name(u), g.Name(w), g.Name(v))
					}
				}
			}
		}
	}
}

// TestPlace places every case in panes of several shapes: every circle
// inside the pane, no two circles overlapping, every move of a layered
// drawing in the direction of play, no move's line through a vertex it
// does not join, and the arrow's tip on its target's rim.
func TestPlace(t *testing.T) {
	sizes := [][2]float64{{800, 500}, {500, 800}, {1000, 380}, {260, 240}}
	for name, g := range layoutCases(t) {
		l, layered := g.DrawingLayout()
		for _, s := range sizes {
			d := l.Place(g, PlaceOptions{Width: s[0], Height: s[1], MaxRadius: 40, Pad: 3})
			r := d.Radius
			require.Greater(t, r, 2.0)
			for v, c := range d.Centre {
				require.True(t, c.X-r >= 0 && c.X+r <= s[0] && c.Y-r >= 0 && c.Y+r <= s[1],
					"%s in %v: %s at %v, radius %.1f", name, s, g.Name(v), c, r)
				for u := range v {
					require.GreaterOrEqual(t, math.Hypot(c.X-d.Centre[u].X, c.Y-d.Centre[u].Y), 2*r-1e-6,
						"%s in %v: %s and %s overlap", name, s, g.Name(u), g.Name(v))
				}
			}
			require.Len(t, d.Edges, g.NumEdges())
			for _, e := range d.Edges {
				a, b := d.Centre[e.From], d.Centre[e.To]
				if layered && l.Layer[e.From] > l.Layer[e.To] {
					top := len(l.Layers) - 1
					ra, rb := (top-l.Layer[e.From])/d.PerRow, (top-l.Layer[e.To])/d.PerRow
					switch {
					case !d.Rightwards:
						require.Less(t, a.Y, b.Y, "%s: moves go down", name)
					case ra < rb:
						require.Less(t, a.Y, b.Y, "%s: a move to a later row goes down", name)
					case ra%2 == 0:
						require.Less(t, a.X, b.X, "%s: moves go right in the first row", name)
					default:
						require.Greater(t, a.X, b.X, "%s: moves go left in the second row", name)
					}
				}
				if e.From == e.To {
					continue
				}
				tip := e.Path[len(e.Path)-1]
				require.InDelta(t, r, math.Hypot(tip.X-b.X, tip.Y-b.Y), 1e-6)
				for v, c := range d.Centre {
					if v == e.From || v == e.To || !layered {
						continue
					}
					// A bend is always clear of the vertices; a line
					// between layers may graze one beside its end in
					// a crowded random graph, not in the examples.
					for _, b := range e.Path[1 : len(e.Path)-1] {
						require.Greater(t, math.Hypot(b.X-c.X, b.Y-c.Y), r, "%s in %v: a bend of %s → %s inside %s", name, s, g.Name(e.From), g.Name(e.To), g.Name(v))
					}
					if strings.HasPrefix(name, "dag") {
						continue
					}
					for i := 1; i < len(e.Path); i++ {
						require.Greater(t, segmentDistance(c, e.Path[i-1], e.Path[i]), 0.5*r,
							"%s in %v: %s → %s runs through %s", name, s, g.Name(e.From), g.Name(e.To), g.Name(v))
					}
				}
			}
		}
	}
}

// TestPlacePlateGameFillsAWidePane: the plate game's eleven layers in a
// wide pane run rightwards, with vertices several times larger than a
// downward drawing would allow; in a tall pane they run downwards.
func TestPlacePlateGameFillsAWidePane(t *testing.T) {
	g, _ := PlateGame([]int{1, 2}, 10)
	l, _ := g.LayeredLayout()
	wide := l.Place(g, PlaceOptions{Width: 980, Height: 420, MaxRadius: 60, Pad: 4})
	down := l.Place(g, PlaceOptions{Width: 980, Height: 420, MaxRadius: 60, Pad: 4, Orientation: Downwards})
	require.True(t, wide.Rightwards)
	require.False(t, down.Rightwards)
	require.Greater(t, wide.Radius, 2*down.Radius)
	require.Greater(t, wide.Radius, 33.0)
	zero, _ := g.Lookup("0")
	ten, _ := g.Lookup("10")
	require.Less(t, wide.Centre[zero].X, 4+wide.Radius+1, "the start is at the left edge")
	require.Greater(t, wide.Centre[ten].X, 980-4-wide.Radius-1, "the full plate at the right edge")
	tall := l.Place(g, PlaceOptions{Width: 420, Height: 980, MaxRadius: 60, Pad: 4})
	require.False(t, tall.Rightwards)
}

// TestPlaceWrapsALongChain: the 31 heaps of subtraction {1, 2} up to 30
// in a wide pane wrap into rows (a snake) with vertices more than twice
// as large as in one row, and do not wrap when one row is roomy enough.
func TestPlaceWrapsALongChain(t *testing.T) {
	g, _ := SubtractionGame([]int{1, 2}, 30)
	l, _ := g.LayeredLayout()
	o := PlaceOptions{Width: 1000, Height: 420, MaxRadius: 60, Pad: 4}
	d := l.Place(g, o)
	require.True(t, d.Rightwards)
	require.Greater(t, d.Rows, 1)
	require.GreaterOrEqual(t, d.Rows*d.PerRow, 31, "every layer in a row")
	// One row for comparison: the radius from the layer spacing alone.
	one := radiusAlong * (o.Width - 2*o.Pad) / (30 + 2*radiusAlong)
	require.Greater(t, d.Radius, 2*one)
	// Heap 30 starts the snake at the left of the first row; heap 0 ends it.
	start, _ := g.Lookup("30")
	end, _ := g.Lookup("0")
	require.Less(t, d.Centre[start].X, o.Width/4)
	require.Less(t, d.Centre[start].Y, d.Centre[end].Y)
	small, _ := SubtractionGame([]int{1, 2}, 6)
	ls, _ := small.LayeredLayout()
	o.Orientation = Rightwards
	require.Equal(t, 1, ls.Place(small, o).Rows)
}
