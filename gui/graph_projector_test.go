package gui

import (
	"math"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func init() {
	projectorTabs = append(projectorTabs, projectorTab{tabGraph, projectGraph, ""}, projectorTab{tabGraph, projectLoopyGraph, tabGraph + " loopy"})
}

// projectGraph solves the plate game (coins of 1 or 2 into a plate of 10,
// the tab's first example), taps vertex 0 and plays from it: every vertex
// circle and label, the summary, the tapped vertex's text, the game's
// status and the play controls must be in sight; the vertices apart and
// inside the drawing, every move in the direction of play, and the labels
// at least body-text size.
func projectGraph(t *testing.T, u *ui) []fyne.CanvasObject {
	g := u.graph
	g.examples.SetSelected(graphExamples[0].Name)
	waitJobs(t, &g.jobs)
	settle(u)
	r := test.WidgetRenderer(g.view).(*graphRenderer)
	require.Len(t, r.circles, 11)
	body := theme.TextSize()
	size := g.view.Size()
	d := g.view.drawing
	require.NotNil(t, d)
	for v, c := range r.circles {
		assert.GreaterOrEqual(t, r.names[v].TextSize, body, "the name of %s", g.view.g.Name(v))
		assert.GreaterOrEqual(t, r.labels[v].TextSize, body, "the value of %s", g.view.g.Name(v))
		assert.True(t, c.Position1.X >= 0 && c.Position1.Y >= 0 && c.Position2.X <= size.Width && c.Position2.Y <= size.Height,
			"%s inside the drawing", g.view.g.Name(v))
		for w := range v {
			a, b := r.vertexCentre(v), r.vertexCentre(w)
			assert.GreaterOrEqual(t, math.Hypot(float64(a.X-b.X), float64(a.Y-b.Y)), 2*d.Radius-0.01, "%s and %s apart", g.view.g.Name(v), g.view.g.Name(w))
		}
	}
	for _, e := range d.Edges {
		a, b := d.Centre[e.From], d.Centre[e.To]
		if d.Rightwards {
			assert.Less(t, a.X, b.X, "moves go right")
		} else {
			assert.Less(t, a.Y, b.Y, "moves go down")
		}
	}
	// The vertices fill the drawing along the direction of play.
	zero, _ := g.view.g.Lookup("0")
	ten, _ := g.view.g.Lookup("10")
	span := math.Hypot(d.Centre[ten].X-d.Centre[zero].X, d.Centre[ten].Y-d.Centre[zero].Y)
	along := size.Height
	if d.Rightwards {
		along = size.Width
	}
	assert.Greater(t, span+2*d.Radius, 0.9*float64(along), "the drawing fills its pane")

	g.view.Tapped(&fyne.PointEvent{Position: g.view.centre(zero, size)})
	require.Equal(t, zero, g.view.selected)
	test.Tap(g.playBtn)
	require.NotNil(t, g.game)
	settle(u)
	// Selecting redraws: the vertices are new objects.
	r = test.WidgetRenderer(g.view).(*graphRenderer)
	require.Len(t, r.circles, 11)
	objs := []fyne.CanvasObject{g.summary, g.vertex, g.playLabel, g.stopBtn, g.export, g.help, g.editorBtn}
	for v := range r.circles {
		objs = append(objs, r.circles[v], r.names[v], r.labels[v])
	}
	return objs
}

// projectLoopyGraph solves the random 14-vertex digraph with cycles (a
// force layout, two vertices without moves) and the 4-cycle with its two
// kernels, taps a vertex of the cycle and plays: the vertices lie inside
// the drawing, apart, with labels of at least three quarters of body text;
// the kernel selector, the game and the texts are in sight.
func projectLoopyGraph(t *testing.T, u *ui) []fyne.CanvasObject {
	g := u.graph
	body := theme.TextSize()
	var objs []fyne.CanvasObject
	for _, example := range []string{"A token on a random digraph", "Two kernels"} {
		selectGraphExample(t, g, example)
		settle(u)
		r := test.WidgetRenderer(g.view).(*graphRenderer)
		d := g.view.drawing
		require.NotNil(t, d)
		require.Len(t, r.circles, g.view.g.Len())
		size := g.view.Size()
		for v, c := range r.circles {
			name := g.view.g.Name(v)
			assert.GreaterOrEqual(t, r.names[v].TextSize, 0.75*body, "%s: the name of %s", example, name)
			assert.True(t, c.Position1.X >= 0 && c.Position1.Y >= 0 && c.Position2.X <= size.Width && c.Position2.Y <= size.Height,
				"%s: %s inside the drawing", example, name)
			for w := range v {
				a, b := r.vertexCentre(v), r.vertexCentre(w)
				assert.GreaterOrEqual(t, math.Hypot(float64(a.X-b.X), float64(a.Y-b.Y)), 2*d.Radius-0.01, "%s: %s and %s apart", example, name, g.view.g.Name(w))
			}
		}
	}
	three, _ := g.view.g.Lookup("3")
	g.view.Tapped(&fyne.PointEvent{Position: g.view.centre(three, g.view.Size())})
	require.Equal(t, three, g.view.selected)
	test.Tap(g.playBtn)
	require.NotNil(t, g.game)
	settle(u)
	r := test.WidgetRenderer(g.view).(*graphRenderer)
	objs = append(objs, g.summary, g.kernelSel, g.vertex, g.playLabel, g.stopBtn)
	for v := range r.circles {
		objs = append(objs, r.circles[v], r.names[v], r.labels[v])
	}
	return objs
}

// TestGraphLongErrorKeepsEditor: a bad line hundreds of characters long
// (the error quotes it) scrolls in its box; the editor's buttons, the
// error box and the toolbar stay on a 1024×768 screen and the window asks
// for no more than it.
func TestGraphLongErrorKeepsEditor(t *testing.T) {
	for _, present := range []bool{true, false} {
		u := newProjectorUI(t, fyne.NewSize(1024, 768), present, tabGraph)
		g := u.graph
		waitJobs(t, &g.jobs)
		if !g.editor.Visible() {
			test.Tap(g.editorBtn)
		}
		g.text.SetText(strings.Repeat("12 34 ", 120))
		test.Tap(g.solve)
		waitJobs(t, &g.jobs)
		settle(u)
		require.True(t, g.errLabel.Visible())
		assert.Contains(t, g.errLabel.Text, "line 1")
		assert.LessOrEqual(t, u.win.Content().MinSize().Height, float32(768))
		assertOnScreen(t, u.win.Canvas(), g.solve, g.examples, g.errBox, g.editorBtn, g.view)
	}
}
