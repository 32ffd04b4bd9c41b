package graph

import "math"

// Orientation is the direction a layered drawing's moves run in.
type Orientation int

const (
	// AutoOrientation draws downwards unless rightwards gives clearly
	// larger vertices (a long chain in a wide pane).
	AutoOrientation Orientation = iota
	// Downwards puts the layers in rows, sinks at the bottom.
	Downwards
	// Rightwards puts the layers in columns, sinks on the right.
	Rightwards
)

// PlaceOptions say how large a drawing is and how large its vertices may
// be, in any unit (pixels on screen, in a picture).
type PlaceOptions struct {
	Width, Height float64
	// MaxRadius bounds the vertex circles (they are as large as the
	// spacing of the layout allows, up to this).
	MaxRadius float64
	// Pad is kept free inside the border, beyond the vertex circles.
	Pad         float64
	Orientation Orientation
}

// Drawing is a Layout placed in a Width × Height rectangle (y down): every
// vertex circle lies inside it.
type Drawing struct {
	Width, Height float64
	Radius        float64
	// Rightwards is true when the layers run left to right (sinks on the
	// right), false when they run downwards; false for a force layout.
	Rightwards bool
	// Rows is how many rows a rightwards drawing wraps into, PerRow the
	// layers in each: the first row runs right, the next left under it,
	// and so on (1 and all the layers when it does not wrap).
	Rows, PerRow int
	Centre       []Point
	// Edges are the moves in the graph's order (for each u, its
	// Successors).
	Edges []DrawnEdge
}

// DrawnEdge is one move as drawn: a polyline from the rim of From to the
// rim of To (the arrow's tip is the last point) and the arrowhead's two
// barbs, each from the tip to Head[i].
type DrawnEdge struct {
	From, To int
	Path     []Point
	Head     [2]Point
}

// Shares of the spacing that a vertex's radius may take: along the layers
// (the rest is the edge between) and across them.
const (
	radiusAlong  = 0.40
	radiusAcross = 0.45
	radiusForce  = 0.42
)

// A rightwards drawing wraps into at most MaxRows rows, rowGap apart (in
// the units of Layout.Span) besides their own extent; its turns run in
// lanes turnLane steps beyond the ends of its rows, laneRoom steps kept
// free there.
const (
	MaxRows  = 6
	rowGap   = 1.5
	turnLane = 0.6
)

func laneRoom(rows int) float64 {
	if rows > 1 {
		return 0.75
	}
	return 0
}

// Place puts the layout into a drawing of the options' size: the layers
// fill the rectangle along the direction of play, the vertices as large as
// the spacing allows.
func (l *Layout) Place(g *Graph, o PlaceOptions) *Drawing {
	d := &Drawing{Width: o.Width, Height: o.Height, Centre: make([]Point, g.Len())}
	if l.Layers == nil {
		l.placeForce(g, o, d)
	} else {
		l.placeLayered(g, o, d)
	}
	return d
}

// hasLoop reports whether some vertex moves to itself (its loop is drawn
// above it, so the drawing keeps room there).
func (g *Graph) hasLoop() bool {
	for u := range g.Len() {
		for _, w := range g.succ[u] {
			if u == w {
				return true
			}
		}
	}
	return false
}

// fitRadius is the radius r with r = c·(length − 2·(r + pad))/span: the
// vertices at the two ends kept inside by r + pad.
func fitRadius(c, span, length, pad float64) float64 {
	if span <= 0 {
		return (length - 2*pad) / 2
	}
	return c * (length - 2*pad) / (span + 2*c)
}

// placeForce places a force layout stretched to the rectangle on each axis:
// a force layout has no preferred proportions worth the empty space (and
// stretching only moves vertices further apart than MinDist).
func (l *Layout) placeForce(g *Graph, o PlaceOptions, d *Drawing) {
	n := g.Len()
	loops := g.hasLoop()
	d.Radius = max(l.forceRadius(o, loops), 2)
	top := d.Radius + o.Pad
	if loops {
		top += 1.2 * d.Radius
	}
	m := d.Radius + o.Pad
	lo, hi := l.extent()
	stretch := func(t, lo, hi float64) float64 {
		if hi-lo < 1e-9 {
			return 0.5
		}
		return (t - lo) / (hi - lo)
	}
	for v := range n {
		x, y := stretch(l.X[v], lo.X, hi.X), stretch(l.Y[v], lo.Y, hi.Y)
		d.Centre[v] = Point{m + x*(o.Width-2*m), top + (1-y)*(o.Height-m-top)}
	}
	d.Edges = make([]DrawnEdge, 0, g.nEdge)
	for u := range n {
		for _, w := range g.succ[u] {
			d.Edges = append(d.Edges, d.edge(g, u, w, []Point{d.Centre[u], d.Centre[w]}, true))
		}
	}
}

// forceRadius is the vertex radius of a force layout: a share of the least
// distance between two vertices once stretched into the rectangle less the
// margins for circles of that radius (n² pairs: a force layout is for graphs
// of a few hundred vertices). Larger circles leave less room, so the radius
// is found by a few rounds from the largest; the last round only shrinks
// it, which only moves vertices apart.
func (l *Layout) forceRadius(o PlaceOptions, loops bool) float64 {
	n := len(l.X)
	side := min(o.Width, o.Height)
	r := min(o.MaxRadius, (side-2*o.Pad)/2)
	if n <= 1 {
		return r
	}
	lo, hi := l.extent()
	least := func(rad float64) float64 {
		m := rad + o.Pad
		top := m
		if loops {
			top += 1.2 * rad
		}
		sx := max(o.Width-2*m, 1) / max(hi.X-lo.X, 1e-9)
		sy := max(o.Height-m-top, 1) / max(hi.Y-lo.Y, 1e-9)
		d := math.Inf(1)
		for u := range n {
			for v := range u {
				d = min(d, math.Hypot((l.X[u]-l.X[v])*sx, (l.Y[u]-l.Y[v])*sy))
			}
		}
		return d
	}
	for range 5 {
		r = min(o.MaxRadius, (side-2*o.Pad)/2, radiusForce*least(r))
	}
	return min(r, radiusForce*least(r))
}

// rowsAcross is the extent across the layers of k rows of a snake, in the
// units of Span.
func (l *Layout) rowsAcross(k int) float64 { return float64(k)*l.Span + float64(k-1)*rowGap }

// chooseShape sets the drawing's orientation, rows and radius: rightwards
// when asked, or (automatically) when it gives clearly larger vertices;
// rightwards, a long chain may wrap into rows that run right and left in
// turn (a snake), each turn one step down.
func (l *Layout) chooseShape(o PlaceOptions, d *Drawing) {
	layers := float64(len(l.Layers) - 1)
	down := max(2, min(o.MaxRadius, fitRadius(radiusAlong, layers, o.Height, o.Pad), fitRadius(radiusAcross, l.Span, o.Width, o.Pad)))
	radiusRows := func(k int) float64 {
		per := (len(l.Layers) + k - 1) / k
		return max(2, min(o.MaxRadius, fitRadius(radiusAlong, float64(per-1)+2*laneRoom(k), o.Width, o.Pad),
			fitRadius(radiusAcross, l.rowsAcross(k), o.Height, o.Pad)))
	}
	rows, right := 1, radiusRows(1)
	for k := 2; k <= MaxRows && 3*k <= len(l.Layers); k++ {
		if r := radiusRows(k); r > 1.5*radiusRows(1) && r > right {
			rows, right = k, r
		}
	}
	d.Rightwards = o.Orientation == Rightwards || o.Orientation == AutoOrientation && right > 1.2*down
	d.Rows, d.PerRow = 1, len(l.Layers)
	if d.Rightwards {
		d.Radius = right
		d.Rows, d.PerRow = rows, (len(l.Layers)+rows-1)/rows
	} else {
		d.Radius = down
	}
}

// layeredFrame maps a layered layout's [0, 1]² points into a drawing.
type layeredFrame struct {
	l             *Layout
	d             *Drawing
	layers        float64 // the highest layer
	along, across float64 // the drawing's extent along and across the layers
	top           float64 // room before the first layer
	lane          float64 // room for a snake's turns beyond its rows' ends, in steps
	step          float64 // distance between layers
	span, unit    float64 // extent across the layers (in units of Span), and its unit
	left          float64 // where the layers start across
}

// placeLayered places a layered layout: along the direction of play the
// layers are evenly spaced; across them the drawing is no wider than makes
// the distance between two vertices about that between layers, and is
// centred (a chain spread over the whole width would only lengthen its
// edges).
func (l *Layout) placeLayered(g *Graph, o PlaceOptions, d *Drawing) {
	n := g.Len()
	l.chooseShape(o, d)
	f := &layeredFrame{l: l, d: d, layers: float64(len(l.Layers) - 1), along: o.Height, across: o.Width}
	if d.Rightwards {
		f.along, f.across = o.Width, o.Height
	}
	m := d.Radius + o.Pad
	f.top = m
	if g.hasLoop() && !d.Rightwards {
		f.top += 1.2 * d.Radius
	}
	// A snake keeps room beyond its ends for the lanes its turns run in.
	f.lane = laneRoom(d.Rows)
	f.step = f.along - m - f.top
	if d.PerRow > 1 {
		f.step /= float64(d.PerRow-1) + 2*f.lane
	}
	f.span = l.rowsAcross(d.Rows)
	if f.span > 0 {
		f.unit = min((f.across-2*m)/f.span, max(f.step, 3*d.Radius))
	}
	f.left = (f.across - f.span*f.unit) / 2
	for v := range n {
		d.Centre[v] = f.at(Point{l.X[v], l.Y[v]})
	}
	d.Edges = make([]DrawnEdge, 0, g.nEdge)
	for u := range n {
		for _, w := range g.succ[u] {
			d.Edges = append(d.Edges, d.edge(g, u, w, f.movePath(u, w), l.Layer[u] == l.Layer[w]))
		}
	}
}

// rowOf is the snake row holding the layout point p.
func (f *layeredFrame) rowOf(p Point) int {
	pos := (1 - p.Y) * f.layers
	return min(int(math.Floor(pos/float64(f.d.PerRow)+1e-9)), f.d.Rows-1)
}

// at is the drawing point of the layout point p.
func (f *layeredFrame) at(p Point) Point {
	d := f.d
	pos := (1 - p.Y) * f.layers // 0 at the sources
	row := f.rowOf(p)
	q := pos - float64(row*d.PerRow)
	if row%2 == 1 {
		q = float64(d.PerRow-1) - q
	}
	a := f.top + (q+f.lane)*f.step
	if d.PerRow == 1 {
		a = f.along / 2
	}
	c := f.left + (float64(row)*(f.l.Span+rowGap)+p.X*f.l.Span)*f.unit
	if f.span == 0 {
		c = f.across / 2
	}
	if d.Rightwards {
		return Point{a, c}
	}
	return Point{c, a}
}

// movePath is the drawn path of the move u → w through its bends, from
// u's centre to w's.
func (f *layeredFrame) movePath(u, w int) []Point {
	l, d := f.l, f.d
	pts := append(append([]Point{{l.X[u], l.Y[u]}}, l.Bends[[2]int{u, w}]...), Point{l.X[w], l.Y[w]})
	path := []Point{f.at(pts[0])}
	for i := 1; i < len(pts); i++ {
		to := f.at(pts[i])
		if r := f.rowOf(pts[i-1]); d.Rightwards && r != f.rowOf(pts[i]) {
			// A turn runs out beyond the row's end, down its lane and
			// back in, clear of the vertices there.
			from := path[len(path)-1]
			x := f.top + (float64(d.PerRow-1)+f.lane+turnLane)*f.step
			if r%2 == 1 {
				x = f.top + (f.lane-turnLane)*f.step
			}
			path = append(path, Point{x, from.Y}, Point{x, to.Y})
		}
		path = append(path, to)
	}
	return path
}

// edge finishes the path of the move u → w that runs through path (from
// u's centre to w's): a loop is a small arc above the vertex; a move that
// may have a move back beside it (bend) bows to its right so that a ⇄ b
// shows two arrows, and further, when it would run through the circle of
// another vertex, until it clears it (a → b → c → a side by side drew
// c → a straight through b, over a → b: it read as a ⇄ b); the ends are
// cut at the circles.
func (d *Drawing) edge(g *Graph, u, w int, path []Point, bend bool) DrawnEdge {
	r := d.Radius
	e := DrawnEdge{From: u, To: w}
	if u == w {
		p := d.Centre[u]
		e.Path = []Point{{p.X - 0.5*r, p.Y - 0.87*r}, {p.X, p.Y - 2.1*r}, {p.X + 0.5*r, p.Y - 0.87*r}}
	} else {
		if bend && len(path) == 2 {
			a, b := path[0], path[1]
			ux, uy := unit(a, b)
			bow := func(h float64) []Point {
				if h == 0 {
					return []Point{a, b}
				}
				return []Point{a, {(a.X+b.X)/2 - uy*h, (a.Y+b.Y)/2 + ux*h}, b}
			}
			h := 0.0
			if g.hasEdge(w, u) {
				h = 0.6 * r
			}
			path = bow(h)
			for range maxBows {
				if !d.crosses(u, w, path) {
					break
				}
				h += 0.6 * r
				path = bow(h)
			}
		}
		k := len(path)
		ux, uy := unit(path[0], path[1])
		path[0] = Point{path[0].X + ux*r, path[0].Y + uy*r}
		ux, uy = unit(path[k-2], path[k-1])
		path[k-1] = Point{path[k-1].X - ux*r, path[k-1].Y - uy*r}
		e.Path = path
	}
	k := len(e.Path)
	tip, from := e.Path[k-1], e.Path[k-2]
	head := max(0.4*r, 4)
	ang := math.Atan2(from.Y-tip.Y, from.X-tip.X)
	for i, s := range []float64{0.45, -0.45} {
		e.Head[i] = Point{tip.X + head*math.Cos(ang+s), tip.Y + head*math.Sin(ang+s)}
	}
	return e
}

// maxBows bounds how many times a move that runs through another vertex
// bows further (0.6 radius each time) to clear it.
const maxBows = 8

// crosses reports whether path, the move u → w, runs through the circle of
// a vertex other than u and w.
func (d *Drawing) crosses(u, w int, path []Point) bool {
	for v, c := range d.Centre {
		if v == u || v == w {
			continue
		}
		for i := 1; i < len(path); i++ {
			if segmentDistance(c, path[i-1], path[i]) < d.Radius {
				return true
			}
		}
	}
	return false
}

// segmentDistance is the distance from p to the segment from a to b.
func segmentDistance(p, a, b Point) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	t := 0.0
	if l2 := dx*dx + dy*dy; l2 > 0 {
		t = min(max(((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l2, 0), 1)
	}
	return math.Hypot(p.X-(a.X+t*dx), p.Y-(a.Y+t*dy))
}

// Nearest returns the vertex whose circle holds p, or −1.
func (d *Drawing) Nearest(p Point) int {
	hit := -1
	best := d.Radius * d.Radius
	for v, c := range d.Centre {
		if dd := (p.X-c.X)*(p.X-c.X) + (p.Y-c.Y)*(p.Y-c.Y); dd <= best {
			hit, best = v, dd
		}
	}
	return hit
}

func unit(a, b Point) (float64, float64) {
	dx, dy := b.X-a.X, b.Y-a.Y
	dist := max(math.Hypot(dx, dy), 1e-9)
	return dx / dist, dy / dist
}

// hasEdge reports whether u → w is a move.
func (g *Graph) hasEdge(u, w int) bool {
	if g.edges != nil {
		_, ok := g.edges[[2]int{u, w}]
		return ok
	}
	for _, x := range g.succ[u] {
		if x == w {
			return true
		}
	}
	return false
}

// extent is the smallest box holding every vertex.
func (l *Layout) extent() (lo, hi Point) {
	lo, hi = Point{1, 1}, Point{0, 0}
	for v := range l.X {
		lo = Point{min(lo.X, l.X[v]), min(lo.Y, l.Y[v])}
		hi = Point{max(hi.X, l.X[v]), max(hi.Y, l.Y[v])}
	}
	return lo, hi
}
