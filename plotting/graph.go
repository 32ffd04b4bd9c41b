package plotting

import (
	"errors"
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/nimlab/nimlab/solver/graph"
)

// GraphOptions say what a game-graph picture shows besides the graph.
type GraphOptions struct {
	Size
	Export
	// Title, when set, is written above the drawing.
	Title string
	// Values are the labels under the vertex names ("g=2", "γ=∞_{0}"),
	// one per vertex; nil for none.
	Values []string
	// P marks the P-positions (filled blue), D the draws (filled orange),
	// Ringed a kernel (a green ring); nil for none.
	P, D, Ringed []bool
	// Selected is a vertex ringed in red whose moves are drawn thick, the
	// winning ones (to a P-position) in blue; −1 for none.
	Selected int
}

// Colours of a graph picture.
var (
	graphEdgeColour   = nrgb(0x8a8a8a)
	graphDrawColour   = nrgb(0xe07b00)
	graphKernelColour = nrgb(0x2e8b57)
	graphSelectColour = nrgb(0xc0162c)
)

// GraphPlot draws a game graph the way the Graph tab does, from the same
// placement (graph.Layout.Place): vertices as circles with their names and
// values, moves as arrows, laid out to fill the picture.
func GraphPlot(g *graph.Graph, l *graph.Layout, opts GraphOptions) (*Figure, error) {
	if err := checkGraphOptions(g, l, opts); err != nil {
		return nil, err
	}
	size := opts.Size.withDefaults()
	if err := size.Validate(); err != nil {
		return nil, err
	}
	c := newCanvasFor(size, opts.Export)
	st := c.st
	W, H := float64(size.Width), float64(size.Height)
	pt := func(x, y float64) vg.Point { return vg.Point{X: st.pt(x), Y: st.pt(H - y)} }
	// White page (the caption again on top of it).
	page := vg.Path{}
	page.Move(pt(0, 0))
	page.Line(pt(W, 0))
	page.Line(pt(W, H))
	page.Line(pt(0, H))
	page.Close()
	c.dc.SetColor(color.White)
	c.dc.Fill(page)
	c.drawCaption()

	top := st.margin
	if opts.Title != "" {
		ts := st.textStyle(st.title, true)
		c.dc.FillText(ts, pt(W/2, st.margin*0.6), opts.Title)
		top += 1.4 * st.title
	}
	bottom := st.margin
	if opts.Caption != "" {
		bottom += 0.6 * st.note
	}
	body := st.tick // the picture's body text size, px
	gp := graphPainter{c: c, g: g, opts: opts,
		d:  l.Place(g, graph.PlaceOptions{Width: W - 2*st.margin, Height: H - top - bottom, MaxRadius: 2.3 * body, Pad: 2}),
		at: func(p graph.Point) vg.Point { return pt(st.margin+p.X, top+p.Y) }}
	for _, e := range gp.d.Edges {
		gp.edge(e)
	}
	label := math.Min(1.4*body, 0.68*gp.d.Radius)
	for v := range g.Len() {
		gp.vertex(v, label)
	}
	img := c.nrgba()
	fig := &Figure{Image: img, DPI: size.DPI, Data: img.Bounds(),
		X: AxisRange{Min: 0, Max: W}, Y: AxisRange{Min: 0, Max: H}}
	return exportable(fig, opts, opts.Title, size, func(o GraphOptions) (*Figure, error) { return GraphPlot(g, l, o) })
}

// checkGraphOptions reports a graph that cannot be drawn or marks that do
// not match it.
func checkGraphOptions(g *graph.Graph, l *graph.Layout, opts GraphOptions) error {
	if g == nil || l == nil || g.Len() == 0 {
		return errors.New("plotting: no graph to draw")
	}
	n := g.Len()
	for _, marks := range [][]bool{opts.P, opts.D, opts.Ringed} {
		if marks != nil && len(marks) != n {
			return errors.New("plotting: the vertex marks do not match the graph")
		}
	}
	if opts.Values != nil && len(opts.Values) != n {
		return errors.New("plotting: the vertex values do not match the graph")
	}
	return nil
}

// graphPainter draws the placed graph d on c; at maps a placed point to
// the canvas.
type graphPainter struct {
	c    *canvas
	g    *graph.Graph
	d    *graph.Drawing
	opts GraphOptions
	at   func(graph.Point) vg.Point
}

// marked reports whether vertex v is marked in m (nil marks none).
func marked(m []bool, v int) bool { return m != nil && m[v] }

// edge draws a move as an arrow: thin and grey, or thick from the
// selected vertex (blue to a P-position, orange between draws).
func (gp *graphPainter) edge(e graph.DrawnEdge) {
	st, opts := gp.c.st, gp.opts
	col, width := graphEdgeColour, st.thin*1.5
	if e.From == opts.Selected {
		col, width = nrgb(0x303030), st.line
		if marked(opts.P, e.To) {
			col, width = valueColour, 2*st.line
		} else if marked(opts.D, e.From) && marked(opts.D, e.To) {
			col, width = graphDrawColour, 2*st.line
		}
	}
	ls := draw.LineStyle{Color: col, Width: st.pt(width)}
	pts := make([]vg.Point, len(e.Path))
	for i, p := range e.Path {
		pts[i] = gp.at(p)
	}
	gp.c.dc.StrokeLines(ls, pts)
	tip := gp.at(e.Path[len(e.Path)-1])
	for _, h := range e.Head {
		gp.c.dc.StrokeLine2(ls, tip.X, tip.Y, gp.at(h).X, gp.at(h).Y)
	}
}

// vertex draws vertex v: its circle, filled and ringed by its marks, with
// its name and value inside in text of size label (smaller when long).
func (gp *graphPainter) vertex(v int, label float64) {
	c, st, opts := gp.c, gp.c.st, gp.opts
	r := gp.d.Radius
	centre := gp.at(gp.d.Centre[v])
	circle := vg.Path{}
	circle.Move(vg.Point{X: centre.X + st.pt(r), Y: centre.Y})
	circle.Arc(centre, st.pt(r), 0, 2*math.Pi)
	circle.Close()
	fillCol, textCol := color.NRGBA{255, 255, 255, 255}, color.NRGBA{0, 0, 0, 255}
	ring, ringWidth := color.NRGBA{0, 0, 0, 255}, st.line
	switch {
	case marked(opts.P, v):
		fillCol, textCol, ring = valueColour, nrgb(0xffffff), valueColour
	case marked(opts.D, v):
		fillCol, ring = graphDrawColour, graphDrawColour
	}
	if marked(opts.Ringed, v) {
		ring, ringWidth = graphKernelColour, 2.5*st.line
	}
	if v == opts.Selected {
		ring, ringWidth = graphSelectColour, 2.5*st.line
	}
	c.dc.SetColor(fillCol)
	c.dc.Fill(circle)
	c.dc.SetColor(ring)
	c.dc.SetLineWidth(st.pt(ringWidth))
	c.dc.Stroke(circle)

	name := gp.g.Name(v)
	value := ""
	if opts.Values != nil {
		value = opts.Values[v]
	}
	ns := st.textStyle(label, true)
	vs := st.textStyle(label, false)
	// Long names and values shrink to fit their circle: the name above the
	// centre, the value below it, each inside the circle's chord at its
	// outer edge.
	nameDY, valueDY := 0.0, 0.0
	if value != "" {
		nameDY, valueDY = 0.5*label, 0.6*label
	}
	if px := FitInCircle(st.textWidth(ns, name), label, nameDY, r); px < label {
		ns = st.textStyle(px, true)
	}
	if px := FitInCircle(st.textWidth(vs, value), label, valueDY, r); value != "" && px < label {
		vs = st.textStyle(px, false)
	}
	ns.Color, vs.Color = textCol, textCol
	ns.YAlign, vs.YAlign = draw.YCenter, draw.YCenter
	p := gp.d.Centre[v]
	if value == "" {
		c.dc.FillText(ns, gp.at(p), name)
		return
	}
	c.dc.FillText(ns, gp.at(graph.Point{X: p.X, Y: p.Y - 0.5*label}), name)
	c.dc.FillText(vs, gp.at(graph.Point{X: p.X, Y: p.Y + 0.6*label}), value)
}

// FitInCircle returns the text size at which a line of text, w wide at
// size px and centred dy above or below the centre of a circle of radius r,
// lies inside the circle with a margin of a tenth of the radius from its
// ring: px itself when it fits, else the largest size that does. The
// line's outer edge is taken at dy plus half its size, where the chord is
// narrowest; a smaller text reaches less far out, so the size is found by
// bisection.
func FitInCircle(w, px, dy, r float64) float64 {
	fits := func(size float64) bool {
		edge := math.Abs(dy) + 0.5*size
		room := 2 * (math.Sqrt(math.Max(r*r-edge*edge, 0)) - 0.1*r)
		return w*size/px <= room
	}
	if w <= 0 || fits(px) {
		return px
	}
	lo, _ := Bisect(0, px, 24, fits)
	return max(lo, 0.2*px)
}
