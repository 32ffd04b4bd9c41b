package gui

import (
	"context"
	"fmt"
	"image/color"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/nimlab/nimlab/gui/widgets"
	"github.com/nimlab/nimlab/plotting"
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
	{"Coins in a plate: 1 or 2, capacity 10 (Rizzi, Fig. 1)", func() (*graph.Graph, error) { return graph.PlateGame([]int{1, 2}, 10) }},
	{"One Nim heap of 3 (Rizzi, Fig. 6)", func() (*graph.Graph, error) { return graph.NimHeap(3) }},
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
	{"No kernel: the odd cycle of Rizzi's Fig. 3 (loopy)", func() (*graph.Graph, error) { return graph.RizziFigure3(), nil }},
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
	errBox   *container.Scroll // holds errLabel
	summary  *widget.Label
	vertex   *widget.Label
	view     *graphView
	content  fyne.CanvasObject
	jobs     widgets.JobRunner
	loader   *graphLoader
	// editor holds the examples, the text and its buttons, beside the
	// drawing in split; editorBtn shows or hides it.
	editor    *fyne.Container
	split     *container.Split
	right     *fyne.Container // the summary and controls, the drawing, the texts under it
	editorBtn *widget.Button
	export    *widget.Button
	help      *widget.Button
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
	// A parse error quotes the line it is about, which may be long: it
	// scrolls in a few lines' height rather than push the editor's
	// buttons (and the window's edge) away.
	t.errBox = container.NewVScroll(t.errLabel)
	t.errBox.Hide()
	t.summary = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.summary.Wrapping = fyne.TextWrapWord
	t.view = newGraphView()
	t.vertex = widget.NewLabel("Tap a vertex to see its outcome and winning moves.")
	t.vertex.Wrapping = fyne.TextWrapWord
	t.view.OnSelect = t.tapVertex
	t.newLoopyPanel()

	t.loader = newGraphLoader()
	t.editor = container.NewBorder(
		container.NewVBox(t.examples, container.NewHBox(t.load, t.solve), t.loader.content),
		t.errBox, nil, nil, t.text)
	t.editorBtn = widget.NewButtonWithIcon("Editor", theme.DocumentCreateIcon(), t.toggleEditor)
	t.export = widget.NewButtonWithIcon("Export…", theme.DocumentSaveIcon(), t.exportDrawing)
	t.help = widget.NewButtonWithIcon("How to read", theme.HelpIcon(), t.showLegend)
	// The drawing has the pane: above it the answer (the summary) and one
	// row of controls, below it the tapped vertex and the game, in fixed
	// places; the legend opens on demand. The kernel selector takes the
	// row's free width (a kernel's list is long).
	buttons := container.NewHBox(t.playBtn, t.stopBtn, t.export, t.help)
	toolbar := container.NewBorder(nil, nil, t.editorBtn, buttons, t.kernelSel)
	t.right = container.NewBorder(container.NewVBox(t.summary, toolbar),
		container.New(atLeastLines{3}, t.vertex, t.playLabel), nil, nil, t.view)
	split := container.NewHSplit(t.editor, t.right)
	split.SetOffset(0.25)
	t.split = split
	t.content = split
	t.examples.SetSelected(graphExamples[0].Name)
	return t
}

// setPresentation gives the drawing the whole width on a projector (the
// editor opens with its button) and shortens the buttons to their icons
// where the words matter less in class.
func (t *graphTab) setPresentation(on bool) {
	if on {
		t.editor.Hide()
		widgets.SetButtonText(t.load, "")
		widgets.SetButtonText(t.export, "")
		widgets.SetButtonText(t.help, "")
	} else {
		t.editor.Show()
		widgets.SetButtonText(t.load, "Load file…")
		widgets.SetButtonText(t.export, "Export…")
		widgets.SetButtonText(t.help, "How to read")
	}
	t.split.Refresh()
}

// toggleEditor shows or hides the graph's text and examples.
func (t *graphTab) toggleEditor() {
	if t.editor.Visible() {
		t.editor.Hide()
	} else {
		t.editor.Show()
	}
	t.split.Refresh()
}

// showLegend explains the drawing in a dialog.
func (t *graphTab) showLegend() {
	text := "Solve a graph first."
	if t.analysis != nil {
		text = t.analysis.legend
		if d := t.view.drawing; d != nil && d.Rightwards {
			text = strings.NewReplacer("at the bottom", "on the right", "goes down", "goes to the right").Replace(text)
		}
	}
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustom("How to read the drawing", "Close", container.NewVScroll(l), t.ui.win)
	s := t.ui.win.Canvas().Size()
	d.Resize(fyne.NewSize(min(720, 0.9*s.Width), min(420, 0.8*s.Height)))
	d.Show()
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
	// A force layout is made for the drawing's shape (before the window
	// is laid out: about that of the pane in a usual window).
	aspect := 1.6
	if s := t.view.Size(); s.Width > 0 && s.Height > 0 {
		aspect = float64(s.Width / s.Height)
	}
	t.jobs.Start(func(ctx context.Context, h widgets.JobHandle) {
		a, err := analyseGraph(ctx, text, aspect)
		if ctx.Err() != nil {
			h.Finish(func() {})
			return
		}
		h.Finish(func() {
			if err != nil {
				t.errLabel.SetText(err.Error())
				t.errLabel.Show()
				line := fyne.MeasureText("Ag", theme.TextSize(), fyne.TextStyle{}).Height
				t.errBox.SetMinSize(fyne.NewSize(0, 4*line+2*theme.InnerPadding()))
				t.errBox.Show()
				t.editor.Refresh() // a shown box needs a place
				return
			}
			t.errLabel.Hide()
			if t.errBox.Visible() {
				t.errBox.Hide()
				t.editor.Refresh()
			}
			t.show(a)
		})
	})
}

// show puts a finished analysis on screen (UI thread; everything
// input-sized was formatted by the worker).
func (t *graphTab) show(a *graphAnalysis) {
	t.analysis = a
	if a.draw {
		t.view.SetLoopy(a.g, a.sol, a.lay, a.loopy, a.firstKernel)
	} else {
		t.view.Set(nil, nil, nil)
	}
	t.showKernels(a)
	t.showVertex(-1)
	t.summary.SetText(a.summary)
	t.relayoutSoon()
}

// relayoutSoon lays the drawing's pane out again once the texts above and
// below it have wrapped: a wrapping label learns its height only when it
// is laid out, after the drawing was placed (Fyne lays out in one pass),
// and the drawing would overlap the row of controls above it.
func (t *graphTab) relayoutSoon() {
	do := widgets.CurrentUIDo() // the hand-over in force now (tests swap it)
	time.AfterFunc(60*time.Millisecond, func() { do(t.right.Refresh) })
}

// showVertex describes the selected vertex: its label, outcome and the
// moves that win from it.
func (t *graphTab) showVertex(v int) {
	defer t.relayoutSoon()
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

// graphView draws a solved graph: edges as arrows, vertices as circles
// labelled "name" and "g=…", kernel vertices filled, placed by the graph's
// layout to fill the view (graph.Layout.Place), vertices and labels as
// large as the spacing allows. Tapping a vertex selects it: it gets a thick
// ring, its winning moves are drawn in the primary colour, and OnSelect is
// told.
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
	// drawing is the layout as last placed (nil before).
	drawing *graph.Drawing
}

// graphViewPad is kept free inside the view's border.
const graphViewPad = 8

// place fits the layout into a view of the given size with vertices as
// large as the theme's text asks for: labels at body size or larger where
// there is room.
func (v *graphView) place(size fyne.Size) *graph.Drawing {
	t := float64(theme.TextSize())
	return v.lay.Place(v.g, graph.PlaceOptions{
		Width: float64(size.Width), Height: float64(size.Height),
		MaxRadius: graphMaxRadius * t, Pad: graphViewPad,
	})
}

// Vertex circles are at most graphMaxRadius text sizes in radius, and
// labels graphLabelShare of the radius, at most graphMaxLabel text sizes.
const (
	graphMaxRadius  = 3.2
	graphLabelShare = 0.68
	graphMaxLabel   = 2
	// graphEdgeRadius is the vertex radius up to which edges keep their
	// base widths.
	graphEdgeRadius = 25
)

// centre is where vertex w is drawn in a view of the given size.
func (v *graphView) centre(w int, size fyne.Size) fyne.Position {
	p := v.place(size).Centre[w]
	return fyne.NewPos(float32(p.X), float32(p.Y))
}

// Tapped selects the vertex under the pointer (or none).
func (v *graphView) Tapped(ev *fyne.PointEvent) {
	if v.g == nil || v.lay == nil {
		return
	}
	d := v.drawing // as drawn, unless the view changed size since
	if s := v.Size(); d == nil || d.Width != float64(s.Width) || d.Height != float64(s.Height) {
		d = v.place(s)
	}
	v.Select(d.Nearest(graph.Point{X: float64(ev.Position.X), Y: float64(ev.Position.Y)}))
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
	v.drawing = nil
	v.selected = -1
	v.Refresh()
}

// SetLoopy shows a graph with its generalised values (sol is nil for a
// graph with a cycle) and marks kernel (nil: none).
func (v *graphView) SetLoopy(g *graph.Graph, sol *graph.Solution, lay *graph.Layout, loopy *graph.LoopySolution, kernel []int) {
	v.g, v.sol, v.lay, v.loopy = g, sol, lay, loopy
	v.drawing = nil
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

// vertexMarks are what a drawing says about each vertex: the Grundy
// labels of an acyclic graph (sol) or the generalised values of any graph
// (loopy; sol nil when the graph has a cycle).
type vertexMarks struct {
	sol   *graph.Solution
	loopy *graph.LoopySolution
}

// isP reports whether w is a P-position (filled in the primary colour).
func (m vertexMarks) isP(w int) bool {
	if m.sol != nil {
		return m.sol.InKernel[w]
	}
	return m.loopy != nil && m.loopy.Label[w] == 0
}

// isD reports whether w is a D-position (a draw; drawn in its own colour).
func (m vertexMarks) isD(w int) bool {
	return m.sol == nil && m.loopy != nil && m.loopy.Outcome(w) == graph.D
}

// valueText is the label under a vertex's name: its Grundy label, or its
// generalised value in a graph with a cycle.
func (m vertexMarks) valueText(w int) string {
	if m.sol != nil {
		return "g=" + strconv.Itoa(m.sol.Grundy[w])
	}
	return gammaText(m.loopy.Value(w).String())
}

// gammaText is the label of a generalised value: "γ=2", "γ=∞", and a
// long ∞_{…} without the "γ=", which would shrink it in its circle.
func gammaText(value string) string {
	if strings.Contains(value, "_{") {
		return value
	}
	return "γ=" + value
}

func (v *graphView) marks() vertexMarks     { return vertexMarks{v.sol, v.loopy} }
func (v *graphView) isP(w int) bool         { return v.marks().isP(w) }
func (v *graphView) isD(w int) bool         { return v.marks().isD(w) }
func (v *graphView) valueText(w int) string { return v.marks().valueText(w) }

func (v *graphView) MinSize() fyne.Size { return fyne.NewSize(200, 160) }

func (v *graphView) CreateRenderer() fyne.WidgetRenderer {
	r := &graphRenderer{v: v}
	r.rebuild()
	return r
}

type graphRenderer struct {
	v *graphView
	// g and lay are what the objects were made for.
	g       *graph.Graph
	lay     *graph.Layout
	edges   [][]*canvas.Line // per edge: its path's segments, then the arrowhead's two barbs
	widths  []float32        // per edge: its stroke width for vertices of graphEdgeRadius
	rings   []float32        // per vertex: its circle's stroke width, likewise
	circles []*canvas.Circle
	names   []*canvas.Text
	labels  []*canvas.Text
	objects []fyne.CanvasObject
}

// rebuild makes the objects for a newly shown graph (kept while the
// graph stays: a refresh only restyles them) and styles them.
func (r *graphRenderer) rebuild() {
	g := r.v.g
	if g == nil || r.v.lay == nil || r.v.sol == nil && r.v.loopy == nil {
		r.g, r.lay = nil, nil
		r.edges, r.circles, r.names, r.labels, r.objects = nil, nil, nil, nil, nil
		return
	}
	if r.g != g || r.lay != r.v.lay {
		r.g, r.lay = g, r.v.lay
		r.edges, r.circles, r.names, r.labels, r.objects = nil, nil, nil, nil, nil
		// An edge has the segments of its path through its bends, and in
		// a drawing that wraps into rows (which depends on the size) two
		// more for each turn; the barbs last. Unused segments are hidden.
		wraps := r.v.lay.Layers != nil && len(r.v.lay.Layers) >= 6
		for _, e := range r.v.place(fyne.NewSize(400, 300)).Edges {
			segments := len(e.Path) - 1
			if wraps {
				segments += 2 * min(segments, graph.MaxRows-1)
			}
			lines := make([]*canvas.Line, segments+2)
			for i := range lines {
				lines[i] = canvas.NewLine(color.Transparent)
				r.objects = append(r.objects, lines[i])
			}
			r.edges = append(r.edges, lines)
		}
		r.widths = make([]float32, len(r.edges))
		r.rings = make([]float32, g.Len())
		for v := 0; v < g.Len(); v++ {
			c := canvas.NewCircle(color.Transparent)
			name := canvas.NewText(g.Name(v), color.Transparent)
			name.Alignment = fyne.TextAlignCenter
			name.TextStyle = fyne.TextStyle{Bold: true}
			label := canvas.NewText(r.v.valueText(v), color.Transparent)
			label.Alignment = fyne.TextAlignCenter
			r.circles = append(r.circles, c)
			r.names = append(r.names, name)
			r.labels = append(r.labels, label)
			r.objects = append(r.objects, c, name, label)
		}
	}
	r.style()
}

// style colours the objects for the marks, the selection and the theme.
func (r *graphRenderer) style() {
	g, sol := r.v.g, r.v.sol
	fg := theme.Color(theme.ColorNameForeground)
	primary := theme.Color(theme.ColorNamePrimary)
	drawColour := theme.Color(theme.ColorNameWarning)
	edgeColour := theme.Color(theme.ColorNamePlaceHolder)
	sel := r.v.selected
	i := 0
	for u := 0; u < g.Len(); u++ {
		for _, w := range g.Successors(u) {
			col, width := edgeColour, float32(1.5)
			if u == sel {
				// Moves from the selected vertex; winning ones stand
				// out, and from a draw the drawing ones.
				col, width = fg, 2.5
				if r.v.isP(w) {
					col, width = primary, 4
				} else if r.v.isD(u) && r.v.isD(w) {
					col, width = drawColour, 4
				}
			}
			for _, l := range r.edges[i] {
				l.StrokeColor = col
			}
			r.widths[i] = width
			i++
		}
	}
	for v, c := range r.circles {
		name, label := r.names[v], r.labels[v]
		c.FillColor = theme.Color(theme.ColorNameBackground)
		c.StrokeColor = fg
		c.StrokeWidth = 2
		name.Color, label.Color = fg, fg
		label.Text = r.v.valueText(v)
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
		r.rings[v] = c.StrokeWidth
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
	}
}

// labelSize is the text size of the vertex labels for circles of radius
// rad: body text or larger where the layout leaves room.
func labelSize(rad float32) float32 {
	return min(graphMaxLabel*theme.TextSize(), graphLabelShare*rad)
}

func (r *graphRenderer) Layout(size fyne.Size) {
	if r.v.g == nil || r.v.lay == nil || len(r.circles) == 0 {
		return
	}
	d := r.v.place(size)
	r.v.drawing = d
	pt := func(p graph.Point) fyne.Position { return fyne.NewPos(float32(p.X), float32(p.Y)) }
	for i, e := range d.Edges {
		lines := r.edges[i]
		// Lines thicken with the vertices, so that a large drawing on a
		// projector does not hang its circles on hairlines.
		width := r.widths[i] * max(1, float32(d.Radius)/graphEdgeRadius)
		// (the circles' rings likewise, below)
		for _, l := range lines {
			l.StrokeWidth = width
		}
		k := min(len(e.Path)-1, len(lines)-2)
		for j := range len(lines) - 2 {
			lines[j].Hidden = j >= k
			if j < k {
				lines[j].Position1, lines[j].Position2 = pt(e.Path[j]), pt(e.Path[j+1])
			}
		}
		if k < len(e.Path)-1 {
			// More turns than foreseen (cannot happen): straight to the tip.
			lines[k-1].Position2 = pt(e.Path[len(e.Path)-1])
		}
		tip := e.Path[len(e.Path)-1]
		for j, h := range e.Head {
			b := lines[len(lines)-2+j]
			b.Position1, b.Position2 = pt(tip), pt(h)
		}
	}
	rad := float32(d.Radius)
	thicken := max(1, rad/graphEdgeRadius)
	for v, c := range r.circles {
		c.StrokeWidth = r.rings[v] * thicken
		p := pt(d.Centre[v])
		c.Position1 = fyne.NewPos(p.X-rad, p.Y-rad)
		c.Position2 = fyne.NewPos(p.X+rad, p.Y+rad)
		// The ring is drawn inside the circle's bounds: its inner edge is
		// a stroke inside the radius; the texts keep a tenth of the
		// radius more (3.5 px at least).
		placeVertexText(r.names[v], r.labels[v], p, labelSize(rad), rad-c.StrokeWidth, max(rad/10, 3.5))
	}
}

func (r *graphRenderer) MinSize() fyne.Size { return r.v.MinSize() }

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

// exportDrawing saves the drawing as on screen (the chosen kernel, the
// selected vertex) as a PNG, SVG or PDF picture.
func (t *graphTab) exportDrawing() {
	produce := t.drawingPicture()
	if produce == nil {
		dialog.ShowInformation("Export", "Solve a graph small enough to draw first.", t.ui.win)
		return
	}
	t.ui.exportFigure("graph.png", produce)
}

// drawingPicture returns what draws the picture of the drawing (nil when
// nothing is drawn): the marks are taken now, on the UI thread; the
// labels and the picture are made by the caller's worker.
func (t *graphTab) drawingPicture() func() (*plotting.Figure, error) {
	a := t.analysis
	if a == nil || !a.draw || a.lay == nil {
		return nil
	}
	opts := t.view.pictureOptions()
	m := t.view.marks()
	opts.Caption = fmt.Sprintf("Game graph: %d vertices, %d moves · nimlab %s", a.g.Len(), a.g.NumEdges(), plotting.Version)
	opts.Command = "nimlab window, Graph tab: Export of the drawing"
	opts.Keywords = []string{"game graph"}
	return func() (*plotting.Figure, error) {
		opts.Values = make([]string, a.g.Len())
		opts.P = make([]bool, a.g.Len())
		opts.D = make([]bool, a.g.Len())
		for v := range a.g.Len() {
			opts.Values[v] = m.valueText(v)
			opts.P[v], opts.D[v] = m.isP(v), m.isD(v)
		}
		return plotting.GraphPlot(a.g, a.lay, opts)
	}
}

// pictureOptions are the marks the view shows that a picture of it
// repeats (the per-vertex labels are filled in by the worker).
func (v *graphView) pictureOptions() plotting.GraphOptions {
	o := plotting.GraphOptions{Selected: v.selected}
	if v.inKernel != nil {
		o.Ringed = slices.Clone(v.inKernel)
	}
	return o
}

// atLeastLines stacks its objects as a VBox does and asks for the height of
// at least lines lines of body text: the texts under the drawing come and
// go as vertices are tapped and a game is played, and the drawing above
// should not move under the pointer each time.
type atLeastLines struct{ lines int }

func (a atLeastLines) MinSize(objects []fyne.CanvasObject) fyne.Size {
	s := layout.NewVBoxLayout().MinSize(objects)
	line := fyne.MeasureText("Ag", theme.TextSize(), fyne.TextStyle{}).Height
	return fyne.NewSize(s.Width, max(s.Height, float32(a.lines)*line+float32(2*len(objects)+1)*theme.InnerPadding()))
}

func (a atLeastLines) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	layout.NewVBoxLayout().Layout(objects, size)
}
