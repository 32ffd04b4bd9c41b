package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/graph"
)

func selectGraphExample(t *testing.T, g *graphTab, prefix string) {
	t.Helper()
	for _, e := range graphExamples {
		if len(e.Name) >= len(prefix) && e.Name[:len(prefix)] == prefix {
			g.examples.SetSelected(e.Name)
			waitJobs(t, &g.jobs)
			return
		}
	}
	t.Fatalf("no example %q", prefix)
}

// Rizzi's Figure 3 in the window: no kernel, five draws drawn in the
// draw colour with γ = ∞.
func TestGraphRizziFigure3NoKernel(t *testing.T) {
	u := newTestUI(t)
	g := u.graph
	waitJobs(t, &g.jobs)
	selectGraphExample(t, g, "No kernel")
	assert.Contains(t, g.summary.Text, "5 vertices, 5 moves, with cycles")
	assert.Contains(t, g.summary.Text, "0 P, 0 N, 5 D (draw)")
	assert.Contains(t, g.summary.Text, "no kernel")
	assert.False(t, g.kernelSel.Visible())
	require.Nil(t, g.view.sol)
	g.view.Resize(fyne.NewSize(600, 500))
	r := test.WidgetRenderer(g.view).(*graphRenderer)
	require.Len(t, r.circles, 5)
	for v := range 5 {
		assert.Equal(t, "γ=∞", r.labels[v].Text)
		assert.Equal(t, theme.Color(theme.ColorNameWarning), r.circles[v].FillColor)
	}
	a, _ := g.view.g.Lookup("a")
	g.view.Tapped(&fyne.PointEvent{Position: r.v.centre(a, g.view.Size())})
	assert.Equal(t, "Vertex a: γ = ∞, a D-position: neither player can force a win; the drawing move(s) go to b (drawn thick in orange), any other move loses.", g.vertex.Text)
}

// The 4-cycle has two kernels; the selector switches the ringed one.
func TestGraphKernelSelector(t *testing.T) {
	u := newTestUI(t)
	g := u.graph
	waitJobs(t, &g.jobs)
	selectGraphExample(t, g, "Two kernels")
	assert.Contains(t, g.summary.Text, "exactly 2 kernels")
	require.True(t, g.kernelSel.Visible())
	require.Equal(t, []string{"Kernel 1: {0, 2}", "Kernel 2: {1, 3}"}, g.kernelSel.Options)
	assert.Equal(t, []bool{true, false, true, false}, g.view.inKernel)
	g.kernelSel.SetSelectedIndex(1)
	assert.Equal(t, []bool{false, true, false, true}, g.view.inKernel)
	r := test.WidgetRenderer(g.view).(*graphRenderer)
	assert.Equal(t, theme.Color(theme.ColorNameSuccess), r.circles[1].StrokeColor)
}

// Playing against the computer: from an N-position the user who keeps to
// the winning moves wins; from a P-position the computer wins.
func TestGraphPlayAgainstComputer(t *testing.T) {
	u := newTestUI(t)
	g := u.graph
	waitJobs(t, &g.jobs)
	selectGraphExample(t, g, "Subtraction {3, 4} round a circle")
	sol := g.analysis.loopy
	gr := g.view.g
	var nPos, pPos = -1, -1
	for v := range gr.Len() {
		switch sol.Outcome(v) {
		case graph.N:
			nPos = v
		case graph.P:
			if len(gr.Successors(v)) > 0 {
				pPos = v
			}
		}
	}
	require.True(t, nPos >= 0 && pPos >= 0)
	// An N-position of value ∞_{0} writes its value in the draw colour.
	three, _ := gr.Lookup("3")
	require.Equal(t, "∞_{0}", sol.Value(three).String())
	r := test.WidgetRenderer(g.view).(*graphRenderer)
	assert.Equal(t, theme.Color(theme.ColorNameWarning), r.labels[three].Color)

	g.view.Select(nPos)
	test.Tap(g.playBtn)
	require.NotNil(t, g.game)
	assert.Contains(t, g.playLabel.Text, "an N-position: you can win")
	for range 100 {
		if g.game.over {
			break
		}
		g.view.Select(sol.BestMove(g.game.token))
	}
	assert.Equal(t, "The computer cannot move: you win!", g.game.result)
	assert.True(t, g.playBtn.Visible())

	g.view.Select(pPos)
	test.Tap(g.playBtn)
	// A move that is not an option is refused and explained.
	g.view.Select(pPos)
	assert.Contains(t, g.playLabel.Text, "is not a move from")
	for range 100 {
		if g.game.over {
			break
		}
		g.view.Select(gr.Successors(g.game.token)[0])
	}
	assert.Equal(t, "You cannot move: the computer wins.", g.game.result)
	test.Tap(g.stopBtn)
}

// In a D-position the computer keeps the draw: the game ends by repetition.
func TestGraphPlayDraw(t *testing.T) {
	gr := graph.RizziFigure3()
	sol, err := gr.Loopy(t.Context(), nil)
	require.NoError(t, err)
	p := newGraphPlay(gr, sol, 0)
	for range 50 {
		if p.over {
			break
		}
		require.NoError(t, p.UserMove(gr.Successors(p.token)[0]))
		p.ComputerMove()
	}
	assert.True(t, p.over)
	assert.Contains(t, p.result, "a draw")
}
