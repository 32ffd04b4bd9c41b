package gui

import (
	"context"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/nimlab/nimlab/solver/graph"
)

// maxListedKernels bounds the kernels offered in the Graph tab's selector.
const maxListedKernels = 100

// loopyPanel holds the Graph tab's controls for games with cycles: the
// kernel selector and a game against the computer.
type loopyPanel struct {
	analysis  *graphAnalysis
	kernelSel *widget.Select
	playBtn   *widget.Button
	stopBtn   *widget.Button
	playLabel *widget.Label
	game      *graphPlay
}

// graphAnalysis is everything the worker computes for one graph; the UI
// thread only copies it into widgets.
type graphAnalysis struct {
	g           *graph.Graph
	sol         *graph.Solution // nil for a graph with a cycle
	loopy       *graph.LoopySolution
	kernels     *graph.KernelReport
	lay         *graph.Layout
	draw        bool
	summary     string
	legend      string
	kernelOpts  []string // the selector's entries
	firstKernel []int    // the kernel drawn first (nil: none)
}

// analyseGraph parses and solves text: Grundy labels and the kernel of an
// acyclic graph, generalised values, outcomes and kernels of any graph, and
// a drawing layout. It runs in a worker.
func analyseGraph(ctx context.Context, text string, aspect float64) (*graphAnalysis, error) {
	g, err := parseGraph(text)
	if err != nil {
		return nil, err
	}
	if g.Len() == 0 {
		return nil, fmt.Errorf("the graph is empty; accepted: lines 'u v' (a move from u to v)")
	}
	a := &graphAnalysis{g: g, draw: g.Len() <= maxDrawnVertices}
	if a.loopy, err = g.Loopy(ctx, nil); err != nil {
		return nil, err
	}
	cyclic := g.FindCycle() != nil
	if !cyclic {
		if a.sol, err = g.Solve(); err != nil {
			return nil, err
		}
	} else if a.kernels, err = a.loopy.Kernels(ctx, graph.KernelOptions{Limit: maxListedKernels, MaxNodes: 200_000}); err != nil {
		return nil, err
	}
	layered := true
	if a.draw {
		a.lay, layered = g.DrawingLayoutFor(aspect)
	}
	if !cyclic {
		a.summary = acyclicSummary(g, a.sol, a.lay)
		a.legend = "Layers by height: sinks (no move) at the bottom, every move goes down. " +
			"Each vertex shows its name and Grundy label g; kernel vertices (g = 0, P-positions) are filled."
	} else {
		a.summary, a.legend = loopySummary(g, a, layered)
		for i, k := range a.kernels.Kernels {
			names := make([]string, 0, 12)
			for j, v := range k {
				if j == 10 {
					names = append(names, fmt.Sprintf("… %d more", len(k)-10))
					break
				}
				names = append(names, g.Name(v))
			}
			a.kernelOpts = append(a.kernelOpts, fmt.Sprintf("Kernel %d: {%s}", i+1, strings.Join(names, ", ")))
		}
		if len(a.kernels.Kernels) > 0 {
			a.firstKernel = a.kernels.Kernels[0]
		}
	}
	if !a.draw {
		a.summary += fmt.Sprintf(" — too many vertices to draw (at most %d)", maxDrawnVertices)
	}
	return a, nil
}

func acyclicSummary(g *graph.Graph, sol *graph.Solution, lay *graph.Layout) string {
	kernel := make([]string, 0, 41)
	for i, v := range sol.Kernel {
		if i == 40 {
			kernel = append(kernel, "…")
			break
		}
		kernel = append(kernel, g.Name(v))
	}
	maxG := 0
	for _, x := range sol.Grundy {
		maxG = max(maxG, x)
	}
	layers := ""
	if lay != nil {
		layers = fmt.Sprintf(", %d layers", len(lay.Layers))
	}
	return fmt.Sprintf("%d vertices, %d moves%s; largest Grundy label %d; kernel (P-positions) {%s}",
		g.Len(), g.NumEdges(), layers, maxG, strings.Join(kernel, ", "))
}

func loopySummary(g *graph.Graph, a *graphAnalysis, layered bool) (summary, legend string) {
	var p, n, d, inf int
	for v := range g.Len() {
		switch a.loopy.Outcome(v) {
		case graph.P:
			p++
		case graph.N:
			n++
		default:
			d++
		}
		if a.loopy.Label[v] == graph.Infinite {
			inf++
		}
	}
	summary = fmt.Sprintf("%d vertices, %d moves, with cycles (a loopy game): %d P, %d N, %d D (draw), %d with value ∞. Kernels: %s",
		g.Len(), g.NumEdges(), p, n, d, inf, a.kernels.Note)
	if c := a.kernels.Conditions(); len(c) > 0 {
		summary += " (" + strings.Join(c, "; ") + ")"
	}
	how := "Drawn by a force layout (long cycles). "
	if layered {
		how = "Layers by the height of each cycle's component: every move between components goes down. "
	}
	legend = how + "Each vertex shows γ, the generalised Sprague–Grundy value (∞_{…}: infinite, with the finite values of its options). " +
		"P-positions are filled blue, D-positions (draws) orange, other ∞ values are written in orange; the chosen kernel is ringed green."
	return summary, legend
}

func (t *graphTab) newLoopyPanel() {
	t.kernelSel = widget.NewSelect(nil, func(s string) {
		a := t.analysis
		if a == nil || a.kernels == nil {
			return
		}
		for i, o := range a.kernelOpts {
			if o == s {
				t.view.SetKernel(a.kernels.Kernels[i])
			}
		}
	})
	t.kernelSel.PlaceHolder = "Kernels…"
	t.kernelSel.Hide()
	t.playBtn = widget.NewButtonWithIcon("Play from the selected vertex", theme.MediaPlayIcon(), t.startPlay)
	t.stopBtn = widget.NewButtonWithIcon("Stop", theme.MediaStopIcon(), t.stopPlay)
	t.stopBtn.Hide()
	t.playLabel = widget.NewLabel("")
	t.playLabel.Wrapping = fyne.TextWrapWord
	t.playLabel.Hide()
}

// showKernels fills the kernel selector (shown for graphs with a cycle).
func (t *graphTab) showKernels(a *graphAnalysis) {
	if a.kernels == nil || len(a.kernelOpts) == 0 {
		t.kernelSel.Options = nil
		t.kernelSel.ClearSelected()
		t.kernelSel.Hide()
		return
	}
	t.kernelSel.Options = a.kernelOpts
	t.kernelSel.Show()
	t.kernelSel.SetSelectedIndex(0)
}

// tapVertex selects a vertex, or during a game moves the token there.
func (t *graphTab) tapVertex(v int) {
	if t.game == nil || t.game.over {
		t.showVertex(v)
		return
	}
	if v < 0 {
		t.view.selected = t.game.token
		t.view.Refresh()
		return
	}
	if err := t.game.UserMove(v); err != nil {
		t.view.selected = t.game.token
		t.view.Refresh()
		t.playLabel.SetText(err.Error() + "\n" + t.game.Status())
		return
	}
	t.game.ComputerMove()
	t.showGame()
}

func (t *graphTab) startPlay() {
	a := t.analysis
	v := t.view.selected
	if a == nil || !a.draw || t.view.g == nil {
		return
	}
	if v < 0 {
		t.playLabel.SetText("Tap a vertex first: the token starts there and you move first.")
		t.playLabel.Show()
		return
	}
	t.game = newGraphPlay(a.g, a.loopy, v)
	t.playBtn.Hide()
	t.stopBtn.Show()
	t.showGame()
}

func (t *graphTab) showGame() {
	p := t.game
	t.view.selected = p.token
	t.view.Refresh()
	text := p.Status()
	if len(p.moves) > 0 {
		text = p.LastMoves(6) + "\n" + text
	}
	t.playLabel.SetText(text)
	t.playLabel.Show()
	t.showVertex(p.token) // the token's value and best moves, as a hint
	if p.over {
		t.stopBtn.Hide()
		t.playBtn.Show()
	}
}

// stopPlay ends the game in progress, if any.
func (t *graphTab) stopPlay() {
	t.game = nil
	if t.playLabel != nil {
		t.playLabel.Hide()
		t.stopBtn.Hide()
		t.playBtn.Show()
	}
}

// describeLoopyVertex is the text for a tapped vertex of a graph with a
// cycle: its value, outcome and the moves that win or draw.
func (t *graphTab) describeLoopyVertex(v int) string {
	g, s := t.view.g, t.view.loopy
	names := func(ws []int) string {
		out := make([]string, 0, len(ws))
		for i, w := range ws {
			if i == 20 {
				out = append(out, "…")
				break
			}
			out = append(out, g.Name(w))
		}
		return strings.Join(out, ", ")
	}
	text := fmt.Sprintf("Vertex %s: γ = %s, ", g.Name(v), s.Value(v))
	switch s.Outcome(v) {
	case graph.P:
		text += "a P-position: every move loses against best play."
	case graph.N:
		text += fmt.Sprintf("an N-position: the winning move(s) go to %s (drawn thick); keep to %s first, the move with the smallest counter, so that the game ends.",
			names(s.WinningMoves(v)), g.Name(s.WinningMoves(v)[0]))
	default:
		text += fmt.Sprintf("a D-position: neither player can force a win; the drawing move(s) go to %s (drawn thick in orange), any other move loses.",
			names(s.DrawingMoves(v)))
	}
	return text
}
