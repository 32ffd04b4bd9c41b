package gui

import (
	"bytes"
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/solver/graph"
)

func TestGraphPlateGameKernel(t *testing.T) {
	u := newTestUI(t)
	g := u.graph
	waitJobs(t, &g.jobs)
	// The first example is Rizzi's Figure 1: coins of 1 or 2 into a
	// plate of capacity 10; its kernel is 1, 4, 7, 10.
	assert.Contains(t, g.summary.Text, "11 vertices")
	assert.Contains(t, g.summary.Text, "kernel (P-positions) {1, 4, 7, 10}")
	require.NotNil(t, g.view.sol)
	r := test.WidgetRenderer(g.view).(*graphRenderer)
	g.view.Resize(fyne.NewSize(600, 500))
	// Sinks are drawn at the bottom: 10 (full plate) is a sink, 0 is not.
	ten, _ := g.view.g.Lookup("10")
	zero, _ := g.view.g.Lookup("0")
	assert.Greater(t, r.vertexCentre(ten).Y, r.vertexCentre(zero).Y)
	assert.Len(t, r.circles, 11)
	// Tapping vertex 0 (2 coins of room to 1 or 2): moving to 1 wins.
	g.view.Tapped(&fyne.PointEvent{Position: r.v.centre(zero, g.view.Size())})
	assert.Equal(t, zero, g.view.selected)
	assert.Equal(t, "Vertex 0: Grundy label 1, an N-position: the winning move(s) go to 1 (drawn thick).", g.vertex.Text)
	four, _ := g.view.g.Lookup("4")
	g.view.Tapped(&fyne.PointEvent{Position: r.v.centre(four, g.view.Size())})
	assert.Contains(t, g.vertex.Text, "Vertex 4: Grundy label 0, a P-position")
	g.view.Tapped(&fyne.PointEvent{Position: fyne.NewPos(1, 1)})
	assert.Equal(t, -1, g.view.selected)
	assert.Len(t, r.edges, g.view.g.NumEdges())
}

func TestGraphPasteTypedGraph(t *testing.T) {
	u := newTestUI(t)
	g := u.graph
	waitJobs(t, &g.jobs)
	g.text.SetText("")
	// A path a → b → c and a → c: g(c)=0, g(b)=1, g(a)=mex{1,0}=2.
	test.Type(g.text, "a b\nb c\na c\n")
	test.Tap(g.solve)
	waitJobs(t, &g.jobs)
	assert.False(t, g.errLabel.Visible())
	assert.Contains(t, g.summary.Text, "3 vertices, 3 moves")
	assert.Contains(t, g.summary.Text, "largest Grundy label 2")
	assert.Contains(t, g.summary.Text, "kernel (P-positions) {c}")
}

func TestGraphBadInputShowsError(t *testing.T) {
	u := newTestUI(t)
	g := u.graph
	waitJobs(t, &g.jobs)
	before := g.summary.Text
	g.text.SetText("a b c d")
	test.Tap(g.solve)
	waitJobs(t, &g.jobs)
	assert.True(t, g.errLabel.Visible())
	assert.Contains(t, g.errLabel.Text, "line 1")
	assert.Equal(t, before, g.summary.Text)
	// A cycle is no longer an error: a ⇄ b is a loopy game, both draws,
	// with the two kernels {a} and {b}.
	g.text.SetText("a b\nb a\n")
	test.Tap(g.solve)
	waitJobs(t, &g.jobs)
	assert.False(t, g.errLabel.Visible())
	assert.Contains(t, g.summary.Text, "0 P, 0 N, 2 D (draw)")
	assert.Contains(t, g.summary.Text, "exactly 2 kernels")
	g.text.SetText("digraph { x -> y -> z }")
	test.Tap(g.solve)
	waitJobs(t, &g.jobs)
	assert.False(t, g.errLabel.Visible())
	assert.Contains(t, g.summary.Text, "kernel (P-positions) {x, z}")
}

// TestGraphExportPicture: the Export button's picture of the plate game
// names every vertex with its Grundy label (the SVG's text), at the default
// picture size, with the selected vertex taken from the view.
func TestGraphExportPicture(t *testing.T) {
	u := newTestUI(t)
	g := u.graph
	waitJobs(t, &g.jobs)
	g.view.Resize(fyne.NewSize(800, 500))
	zero, _ := g.view.g.Lookup("0")
	g.view.Tapped(&fyne.PointEvent{Position: g.view.centre(zero, g.view.Size())})
	produce := g.drawingPicture()
	require.NotNil(t, produce)
	fig, err := produce()
	require.NoError(t, err)
	assert.Equal(t, plotting.DefaultSize.Width, fig.Image.Rect.Dx())
	var svg bytes.Buffer
	require.NoError(t, fig.Encode(&svg, plotting.FormatSVG))
	grundy := []int{1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0} // the plate of 10: 0 is 1, the kernel 1, 4, 7, 10
	for x, want := range grundy {
		assert.Contains(t, svg.String(), fmt.Sprintf(">%d<", x))
		assert.Equal(t, want, g.view.sol.Grundy[x])
	}
	for _, v := range []string{">g=0<", ">g=1<", ">g=2<"} {
		assert.Contains(t, svg.String(), v)
	}
	assert.Contains(t, fig.Caption, "11 vertices, 19 moves")
	g.analysis.draw = false
	assert.Nil(t, g.drawingPicture(), "nothing drawn, nothing to export")
}

// TestGraphLongChainWraps: a chain of 31 heaps in a wide view wraps into
// rows; each edge shows exactly its path's segments and two barbs (the
// segments kept for turns hidden when unused), every circle inside.
func TestGraphLongChainWraps(t *testing.T) {
	u := newTestUI(t)
	g := u.graph
	waitJobs(t, &g.jobs)
	chain, err := graph.SubtractionGame([]int{1, 2}, 30)
	require.NoError(t, err)
	g.text.SetText(graphText(chain))
	test.Tap(g.solve)
	waitJobs(t, &g.jobs)
	for _, size := range []fyne.Size{{Width: 1000, Height: 420}, {Width: 420, Height: 1000}, {Width: 1000, Height: 420}} {
		g.view.Resize(size)
		r := test.WidgetRenderer(g.view).(*graphRenderer)
		d := g.view.drawing
		require.NotNil(t, d)
		if size.Width > size.Height {
			assert.Greater(t, d.Rows, 1, "wraps in a wide view")
		}
		for i, e := range d.Edges {
			shown := 0
			for _, l := range r.edges[i] {
				if l.Visible() {
					shown++
				}
			}
			assert.Equal(t, len(e.Path)+1, shown, "edge %d", i)
		}
		for v, c := range r.circles {
			assert.True(t, c.Position1.X >= 0 && c.Position1.Y >= 0 && c.Position2.X <= size.Width && c.Position2.Y <= size.Height, "vertex %d inside", v)
		}
	}
}
