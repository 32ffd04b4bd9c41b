package gui

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/nimlab/nimlab/solver/graph"
)

// maxDrawnVertices bounds the graphs the Graph tab draws; larger ones get
// their summary only.
const maxDrawnVertices = 300

// graphExample is an entry of the Graph tab's examples list.
type graphExample struct {
	Name  string
	Build func() (*graph.Graph, error)
}

var graphExamples = []graphExample{
	{"Coins in a plate: 1 or 2, capacity 10 (seed 003, Fig. 1)", func() (*graph.Graph, error) { return graph.PlateGame([]int{1, 2}, 10) }},
	{"One Nim heap of 3 (seed 003, Fig. 6)", func() (*graph.Graph, error) { return graph.NimHeap(3) }},
	{"Subtraction {1, 3, 4} up to 12", func() (*graph.Graph, error) { return graph.SubtractionGame([]int{1, 3, 4}, 12) }},
	{"Sum of Nim heaps 2 + 3", func() (*graph.Graph, error) {
		a, err := graph.NimHeap(2)
		if err != nil {
			return nil, err
		}
		b, err := graph.NimHeap(3)
		if err != nil {
			return nil, err
		}
		return graph.Sum(a, b)
	}},
	{"No kernel: the odd cycle of seed 003, Fig. 3 (loopy)", func() (*graph.Graph, error) { return graph.SeedFigure3(), nil }},
	{"Two kernels: a 4-cycle (loopy)", func() (*graph.Graph, error) { return graph.Cycle(4) }},
	{"Subtraction {3, 4} round a circle of 10 (loopy)", func() (*graph.Graph, error) { return graph.CircleSubtraction([]int{3, 4}, 10) }},
	{"Fair shares and varied pairs, 7 coins (loopy)", func() (*graph.Graph, error) { return graph.FairSharesVariedPairs(7) }},
	{"A token on a random digraph, 14 vertices (loopy)", func() (*graph.Graph, error) { return graph.RandomDigraph(14, 0.14, 3) }},
}

// graphText writes g in the line format ("u v" per move, a lone name for a
// vertex without moves in or out).
func graphText(g *graph.Graph) string {
	var b strings.Builder
	touched := make([]bool, g.Len())
	for u := 0; u < g.Len(); u++ {
		for _, v := range g.Successors(u) {
			fmt.Fprintf(&b, "%s %s\n", g.Name(u), g.Name(v))
			touched[u], touched[v] = true, true
		}
	}
	for v := 0; v < g.Len(); v++ {
		if !touched[v] {
			fmt.Fprintf(&b, "%s\n", g.Name(v))
		}
	}
	return b.String()
}

// graphTab is the Graph tab: load or paste a game graph, draw it in layers
// with Grundy labels and the kernel marked.
type graphTab struct {
	ui       *ui
	examples *widget.Select
	text     *widget.Entry
	solve    *widget.Button
	load     *widget.Button
	errLabel *widget.Label
	summary  *widget.Label
	vertex   *widget.Label
	view     *graphView
	content  fyne.CanvasObject
	jobs     jobRunner
	loader   *graphLoader
	// legendFold holds the legend; split and right are the tab's splits.
	legendFold   *widget.Accordion
	split, right *container.Split
	// The loopy-game controls (graph_loopy.go).
	loopyPanel
}

func newGraphTab(u *ui) *graphTab {
	t := &graphTab{ui: u}
	names := make([]string, len(graphExamples))
	for i, e := range graphExamples {
		names[i] = e.Name
	}
	t.examples = widget.NewSelect(names, func(s string) {
		for _, e := range graphExamples {
			if e.Name == s {
				g, err := e.Build()
				if err == nil {
					t.text.SetText(graphText(g))
					t.Solve()
				}
			}
		}
	})
	t.examples.PlaceHolder = "Examples…"
	t.text = widget.NewMultiLineEntry()
	t.text.SetPlaceHolder("one move per line: u v  (or u -> v), a lone name for a vertex, # comments; or a Graphviz digraph { … }")
	t.text.TextStyle = fyne.TextStyle{Monospace: true}
	t.solve = widget.NewButtonWithIcon("Solve & draw", theme.MediaPlayIcon(), t.Solve)
	t.solve.Importance = widget.HighImportance
	t.load = widget.NewButtonWithIcon("Load file…", theme.FolderOpenIcon(), t.loadFile)
	t.errLabel = widget.NewLabel("")
	t.errLabel.Importance = widget.DangerImportance
	t.errLabel.Wrapping = fyne.TextWrapWord
	t.errLabel.Hide()
	t.summary = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.summary.Wrapping = fyne.TextWrapWord
	t.view = newGraphView()
	t.vertex = widget.NewLabel("Tap a vertex to see its outcome and winning moves.")
	t.vertex.Wrapping = fyne.TextWrapWord
	t.view.OnSelect = t.tapVertex
	t.legend = widget.NewLabel("")
	t.legend.Wrapping = fyne.TextWrapWord
	t.newLoopyPanel()

	t.loader = newGraphLoader()
	left := container.NewBorder(
		container.NewVBox(t.examples, container.NewHBox(t.load, t.solve), t.loader.content),
		t.errLabel, nil, nil, t.text)
	// The texts scroll in the upper part of a split, so that on a small
	// screen or in presentation mode the drawing keeps most of the height;
	// the kernel and play controls stay above the drawing.
	// The legend folds away in presentation mode: on a projector the
	// teacher explains the drawing, and its height goes to the summary
	// and the tapped vertex.
	t.legendFold = widget.NewAccordion(widget.NewAccordionItem("How to read the drawing", t.legend))
	t.legendFold.OpenAll()
	info := container.NewVScroll(container.NewVBox(t.summary, t.vertex, t.legendFold))
	drawing := container.NewBorder(t.loopyControls, nil, nil, nil, t.view)
	right := container.NewVSplit(info, drawing)
	right.SetOffset(0.25)
	split := container.NewHSplit(left, right)
	split.SetOffset(0.25)
	t.split, t.right = split, right
	t.content = split
	t.examples.SetSelected(graphExamples[0].Name)
	return t
}

// setPresentation folds the legend away on a projector and gives the
// drawing more of the width (the editor matters less in class).
func (t *graphTab) setPresentation(on bool) {
	if on {
		t.legendFold.CloseAll()
		setButtonText(t.load, "")
		t.split.SetOffset(0.2)
		t.right.SetOffset(0.33)
	} else {
		t.legendFold.OpenAll()
		setButtonText(t.load, "Load file…")
		t.split.SetOffset(0.25)
		t.right.SetOffset(0.25)
	}
}

// parseGraph reads the line format or, when the text holds a digraph, DOT.
func parseGraph(text string) (*graph.Graph, error) {
	if strings.Contains(text, "digraph") {
		return graph.ParseDOT(text)
	}
	return graph.ParseText(text)
}

// Solve parses the text, solves the graph and draws it, in a worker; bad
// input shows an inline error and keeps the last drawing.
func (t *graphTab) Solve() {
	text := t.loader.source(t.text.Text)
	t.stopPlay()
	t.jobs.Start(func(ctx context.Context, h jobHandle) {
		a, err := analyseGraph(ctx, text)
		if ctx.Err() != nil {
			h.Finish(func() {})
			return
		}
		h.Finish(func() {
			if err != nil {
				t.errLabel.SetText(err.Error())
				t.errLabel.Show()
				return
			}
			t.errLabel.Hide()
			t.show(a)
		})
	})
}

// show puts a finished analysis on screen (UI thread; everything
// input-sized was formatted by the worker).
func (t *graphTab) show(a *graphAnalysis) {
	t.analysis = a
	t.legend.SetText(a.legend)
	if a.draw {
		t.view.SetLoopy(a.g, a.sol, a.lay, a.loopy, a.firstKernel)
	} else {
		t.view.Set(nil, nil, nil)
	}
	t.showKernels(a)
	t.showVertex(-1)
	t.summary.SetText(a.summary)
}

// showVertex describes the selected vertex: its label, outcome and the
// moves that win from it.
func (t *graphTab) showVertex(v int) {
	g, sol := t.view.g, t.view.sol
	if v < 0 || g == nil {
		t.vertex.SetText("Tap a vertex to see its outcome and winning moves.")
		return
	}
	if sol == nil {
		t.vertex.SetText(t.describeLoopyVertex(v))
		return
	}
	text := fmt.Sprintf("Vertex %s: Grundy label %d, ", g.Name(v), sol.Grundy[v])
	if sol.Outcome(v) == graph.P {
		text += "a P-position (in the kernel): every move loses against best play."
	} else {
		wins := sol.WinningMoves(g, v)
		names := make([]string, len(wins))
		for i, w := range wins {
			names[i] = g.Name(w)
		}
		text += fmt.Sprintf("an N-position: the winning move(s) go to %s (drawn thick).", strings.Join(names, ", "))
	}
	t.vertex.SetText(text)
}

// graphView draws a solved graph in layers: edges as arrows, vertices as
// circles labelled "name" and "g=…", kernel vertices filled. Tapping a
// vertex selects it: it gets a thick ring, its winning moves are drawn in
// the primary colour, and OnSelect is told.
type graphView struct {
	widget.BaseWidget
	g   *graph.Graph
	sol *graph.Solution // nil for a graph with a cycle
	lay *graph.Layout
	// loopy labels every graph (acyclic or not); inKernel marks the
	// kernel chosen in the selector (graphs with a cycle).
	loopy    *graph.LoopySolution
	inKernel []bool
	selected int // -1: none
	OnSelect func(v int)
}

// centre is where vertex v is drawn in a view of the given size.
func (v *graphView) centre(w int, size fyne.Size) fyne.Position {
	l := v.lay
	m := v.radius(size) + 4
	if l.Layers == nil {
		// A force layout keeps its proportions: one scale for both axes.
		side := min(size.Width, size.Height) - 2*m
		return fyne.NewPos(size.Width/2+(float32(l.X[w])-0.5)*side, size.Height/2-(float32(l.Y[w])-0.5)*side)
	}
	return fyne.NewPos(m+float32(l.X[w])*(size.Width-2*m), size.Height-m-float32(l.Y[w])*(size.Height-2*m))
}

// Tapped selects the vertex under the pointer (or none).
func (v *graphView) Tapped(ev *fyne.PointEvent) {
	if v.g == nil || v.lay == nil {
		return
	}
	size := v.Size()
	rad := v.radius(size)
	hit := -1
	for w := 0; w < v.g.Len(); w++ {
		c := v.centre(w, size)
		if dx, dy := ev.Position.X-c.X, ev.Position.Y-c.Y; dx*dx+dy*dy <= rad*rad {
			hit = w
		}
	}
	v.Select(hit)
}

// Select marks vertex w (−1 for none) and tells OnSelect.
func (v *graphView) Select(w int) {
	v.selected = w
	v.Refresh()
	if v.OnSelect != nil {
		v.OnSelect(w)
	}
}

func newGraphView() *graphView {
	v := &graphView{selected: -1}
	v.ExtendBaseWidget(v)
	return v
}

// Set shows a graph (nil clears the view).
func (v *graphView) Set(g *graph.Graph, sol *graph.Solution, lay *graph.Layout) {
	v.g, v.sol, v.lay = g, sol, lay
	v.loopy, v.inKernel = nil, nil
	v.selected = -1
	v.Refresh()
}

// SetLoopy shows a graph with its generalised values (sol is nil for a
// graph with a cycle) and marks kernel (nil: none).
func (v *graphView) SetLoopy(g *graph.Graph, sol *graph.Solution, lay *graph.Layout, loopy *graph.LoopySolution, kernel []int) {
	v.g, v.sol, v.lay, v.loopy = g, sol, lay, loopy
	v.selected = -1
	v.SetKernel(kernel)
}

// SetKernel marks the vertices of kernel with a ring (nil: none).
func (v *graphView) SetKernel(kernel []int) {
	v.inKernel = nil
	if v.g != nil && kernel != nil {
		v.inKernel = make([]bool, v.g.Len())
		for _, w := range kernel {
			v.inKernel[w] = true
		}
	}
	v.Refresh()
}

// isP reports whether w is a P-position (filled in the primary colour).
func (v *graphView) isP(w int) bool {
	if v.sol != nil {
		return v.sol.InKernel[w]
	}
	return v.loopy != nil && v.loopy.Label[w] == 0
}

// isD reports whether w is a D-position (a draw; drawn in its own colour).
func (v *graphView) isD(w int) bool {
	return v.sol == nil && v.loopy != nil && v.loopy.Outcome(w) == graph.D
}

func (v *graphView) MinSize() fyne.Size { return fyne.NewSize(200, 200) }

func (v *graphView) CreateRenderer() fyne.WidgetRenderer {
	r := &graphRenderer{v: v}
	r.rebuild()
	return r
}

type graphRenderer struct {
	v       *graphView
	edges   []*canvas.Line // 4 per edge: two shaft segments and two arrowhead strokes
	ends    [][2]int       // the vertices of each edge
	circles []*canvas.Circle
	names   []*canvas.Text
	labels  []*canvas.Text
	objects []fyne.CanvasObject
}

func (r *graphRenderer) rebuild() {
	r.edges, r.ends, r.circles, r.names, r.labels = nil, nil, nil, nil, nil
	r.objects = nil
	g, sol := r.v.g, r.v.sol
	if g == nil || sol == nil && r.v.loopy == nil {
		return
	}
	fg := theme.Color(theme.ColorNameForeground)
	primary := theme.Color(theme.ColorNamePrimary)
	drawColour := theme.Color(theme.ColorNameWarning)
	edgeColour := theme.Color(theme.ColorNamePlaceHolder)
	sel := r.v.selected
	for u := 0; u < g.Len(); u++ {
		for _, w := range g.Successors(u) {
			for range 4 {
				l := canvas.NewLine(edgeColour)
				l.StrokeWidth = 1.5
				if u == sel {
					// Moves from the selected vertex; winning ones stand
					// out, and from a draw the drawing ones.
					l.StrokeColor = fg
					l.StrokeWidth = 2.5
					if r.v.isP(w) {
						l.StrokeColor = primary
						l.StrokeWidth = 4
					} else if r.v.isD(u) && r.v.isD(w) {
						l.StrokeColor = drawColour
						l.StrokeWidth = 4
					}
				}
				r.edges = append(r.edges, l)
				r.objects = append(r.objects, l)
			}
			r.ends = append(r.ends, [2]int{u, w})
		}
	}
	for v := 0; v < g.Len(); v++ {
		c := canvas.NewCircle(theme.Color(theme.ColorNameBackground))
		c.StrokeColor = fg
		c.StrokeWidth = 2
		name := canvas.NewText(g.Name(v), fg)
		name.Alignment = fyne.TextAlignCenter
		name.TextStyle = fyne.TextStyle{Bold: true}
		var label *canvas.Text
		if sol != nil {
			label = canvas.NewText("g="+strconv.Itoa(sol.Grundy[v]), fg)
		} else {
			label = canvas.NewText("γ="+r.v.loopy.Value(v).String(), fg)
		}
		label.Alignment = fyne.TextAlignCenter
		label.TextSize = theme.CaptionTextSize()
		if r.v.isP(v) {
			c.FillColor = primary
			c.StrokeColor = primary
		}
		if r.v.isD(v) {
			c.FillColor = drawColour
			c.StrokeColor = drawColour
		}
		if r.v.inKernel != nil && r.v.inKernel[v] {
			c.StrokeColor = theme.Color(theme.ColorNameSuccess)
			c.StrokeWidth = 5
		}
		if v == sel {
			c.StrokeColor = theme.Color(theme.ColorNameError)
			c.StrokeWidth = 5
		}
		if sol == nil && r.v.loopy.Label[v] == graph.Infinite {
			label.Color = drawColour // an ∞ value (drawn on orange for a D-position below)
		}
		if r.v.isP(v) {
			on := theme.Color(theme.ColorNameForegroundOnPrimary)
			name.Color, label.Color = on, on
		}
		if r.v.isD(v) {
			on := theme.Color(theme.ColorNameForegroundOnWarning)
			name.Color, label.Color = on, on
		}
		r.circles = append(r.circles, c)
		r.names = append(r.names, name)
		r.labels = append(r.labels, label)
		r.objects = append(r.objects, c, name, label)
	}
}

// radius is the vertex circle's radius for the current theme.
func (r *graphRenderer) radius(size fyne.Size) float32 { return r.v.radius(size) }

// radius is the vertex circle's radius in a view of the given size.
func (v *graphView) radius(size fyne.Size) float32 {
	rad := theme.TextSize() * 1.6
	if l := v.lay; l != nil && l.Layers == nil && v.g != nil {
		// A force layout: about √n vertices across and down.
		side := float32(math.Ceil(math.Sqrt(float64(v.g.Len())))) + 1
		rad = min(rad, size.Width/side/2.4, size.Height/side/2.4)
	} else if l != nil {
		// Shrink for crowded layers.
		widest := 1
		for _, layer := range l.Layers {
			widest = max(widest, len(layer))
		}
		rad = min(rad, size.Width/float32(widest)/2.4)
		rad = min(rad, size.Height/float32(len(l.Layers)+1)/2.4)
	}
	return max(rad, 6)
}

func (r *graphRenderer) Layout(size fyne.Size) {
	l := r.v.lay
	if r.v.g == nil || l == nil {
		return
	}
	rad := r.radius(size)
	pos := func(v int) fyne.Position { return r.v.centre(v, size) }
	unit := func(a, b fyne.Position) (float32, float32) {
		dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
		d := max(math.Hypot(dx, dy), 1)
		return float32(dx / d), float32(dy / d)
	}
	for i, e := range r.ends {
		a, b := pos(e[0]), pos(e[1])
		if e[0] == e[1] {
			r.layoutLoop(i, a, rad)
			continue
		}
		// An edge that skips layers bends sideways through a point beside
		// its midpoint, so that it does not run through the vertices of the
		// layers between (which a chain would hide completely).
		mid := fyne.NewPos((a.X+b.X)/2, (a.Y+b.Y)/2)
		if r.v.sol == nil {
			// A graph with cycles: every edge bends a little to its right,
			// so that a ⇄ b shows as two arrows.
			ux, uy := unit(a, b)
			mid.X -= uy * rad * 0.6
			mid.Y += ux * rad * 0.6
		} else if span := l.Layer[e[0]] - l.Layer[e[1]]; span > 1 || span < -1 {
			side := float32(1)
			if (l.Layer[e[0]]+l.Slot[e[0]])%2 == 1 {
				side = -1
			}
			mid.X += side * rad * (1.3 + 0.5*float32(max(span, -span)-2))
		}
		ux, uy := unit(a, mid)
		vx, vy := unit(mid, b)
		from := fyne.NewPos(a.X+ux*rad, a.Y+uy*rad)
		to := fyne.NewPos(b.X-vx*rad, b.Y-vy*rad)
		s1, s2, h1, h2 := r.edges[4*i], r.edges[4*i+1], r.edges[4*i+2], r.edges[4*i+3]
		s1.Position1, s1.Position2 = from, mid
		s2.Position1, s2.Position2 = mid, to
		ux, uy = vx, vy
		head := rad * 0.45
		// The arrowhead: two strokes at ±25° back from the tip.
		for j, h := range []*canvas.Line{h1, h2} {
			ang := math.Atan2(-float64(uy), -float64(ux)) + []float64{0.45, -0.45}[j]
			h.Position1 = to
			h.Position2 = fyne.NewPos(to.X+head*float32(math.Cos(ang)), to.Y+head*float32(math.Sin(ang)))
		}
	}
	for v, c := range r.circles {
		p := pos(v)
		c.Position1 = fyne.NewPos(p.X-rad, p.Y-rad)
		c.Position2 = fyne.NewPos(p.X+rad, p.Y+rad)
		name, label := r.names[v], r.labels[v]
		name.TextSize = min(theme.TextSize(), rad*0.8)
		label.TextSize = min(theme.CaptionTextSize(), rad*0.6)
		if w := name.MinSize().Width; w > 2.4*rad {
			name.TextSize *= 2.4 * rad / w // a long name such as 2+1+1+1+1
		}
		if w := label.MinSize().Width; w > 1.6*rad {
			// A long value such as γ=∞_{0,1,3} shrinks to fit its circle.
			label.TextSize *= 1.6 * rad / w
		}
		ns, ls := name.MinSize(), label.MinSize()
		name.Move(fyne.NewPos(p.X-ns.Width/2, p.Y-ns.Height+2))
		name.Resize(ns)
		label.Move(fyne.NewPos(p.X-ls.Width/2, p.Y))
		label.Resize(ls)
	}
}

func (r *graphRenderer) MinSize() fyne.Size { return fyne.NewSize(200, 200) }

func (r *graphRenderer) Refresh() {
	r.rebuild()
	r.Layout(r.v.Size())
	canvas.Refresh(r.v)
}

func (r *graphRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *graphRenderer) Destroy()                     {}

// vertexCentre is where vertex v is drawn (for tests).
func (r *graphRenderer) vertexCentre(v int) fyne.Position {
	c := r.circles[v]
	return fyne.NewPos((c.Position1.X+c.Position2.X)/2, (c.Position1.Y+c.Position2.Y)/2)
}
