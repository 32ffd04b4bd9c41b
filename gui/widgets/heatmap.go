package widgets

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"math"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/nimlab/nimlab/plotting"
)

// ValueGrid is a two-index table of values: Values[r*Cols+c] is the value
// at first index X0+c (to the right) and second index Y0+r (upwards);
// negative values are unknown. It has the shape of plotting.Table.
type ValueGrid struct {
	Cols, Rows int
	Values     []int
	X0, Y0     int
}

// At returns the value at column c, row r.
func (g ValueGrid) At(c, r int) int { return g.Values[r*g.Cols+c] }

// ColourScale gives the colours of the values 0..max; plotting.Palette is
// one.
type ColourScale interface {
	Colours(max int) []color.NRGBA
}

// HueScale is the thesis' rainbow (red = 0 up to violet), the heatmap's
// colours until a palette is chosen.
type HueScale struct{}

// Colours spreads hues 0°..270° over 0..max.
func (HueScale) Colours(maxV int) []color.NRGBA {
	cs := make([]color.NRGBA, maxV+1)
	for v := range cs {
		cs[v] = hsv(0.75*float64(v)/float64(max(maxV, 1)), 1, 0.97)
	}
	return cs
}

// hsv converts a hue in [0, 1) with saturation s and value v to a colour.
func hsv(h, s, v float64) color.NRGBA {
	h = math.Mod(h, 1) * 6
	i := math.Floor(h)
	f := h - i
	p, q, t := v*(1-s), v*(1-s*f), v*(1-s*(1-f))
	var r, g, b float64
	switch int(i) {
	case 0:
		r, g, b = v, t, p
	case 1:
		r, g, b = q, v, p
	case 2:
		r, g, b = p, v, t
	case 3:
		r, g, b = p, q, v
	case 4:
		r, g, b = t, p, v
	default:
		r, g, b = v, p, q
	}
	c := func(x float64) uint8 { return uint8(math.Round(x * 255)) }
	return color.NRGBA{c(r), c(g), c(b), 255}
}

// Heatmap is an interactive picture of a two-index table such as
// G(A_{p,q}): p runs to the right and q upwards, one square cell per entry.
// Scrolling zooms about the pointer, dragging pans, hovering reports the
// value under the pointer through OnHover, and an optional overlay draws the
// preperiod lines and the period grid. It draws the cells itself (no
// interpolation) so that a redraw of an 800×800 table on a full-HD screen
// takes a few milliseconds.
type Heatmap struct {
	widget.BaseWidget

	mu      sync.Mutex // guards the fields below against the raster's generator
	table   ValueGrid
	palette ColourScale
	maxV    int
	// scaleMax, when > 0, is the value given the palette's last colour
	// (the three-star slices share the cube's scale); 0 means the table's
	// own largest value.
	scaleMax int
	colours  []color.NRGBA
	// The view: (x0, y0) is the data point (in cells) at the bottom-left
	// corner of the widget, cellSize the size of a cell in widget units.
	x0, y0   float64
	cellSize float64
	// autoFit is true until the user zooms or pans: the whole table is
	// fitted to whatever size the widget has.
	autoFit bool
	// Overlay: preperiod lines at index preperiod and a grid every period
	// beyond it, when overlay is on and period > 0.
	// background is drawn around the table (the theme's background).
	background        color.NRGBA
	overlay           bool
	overlayColour     color.NRGBA // see OverlayColour
	preperiod, period int
	label             string // how a cell is named in the read-out, e.g. "A(%d, %d)"

	raster   *canvas.Raster
	diffJobs JobRunner
	bufs     [2]*image.NRGBA // the rendered pictures, reused in turn
	frame    int
	// pointerReadout's OnHover receives the read-out for the cell under
	// the pointer ("A(p, q) = v"), or "" when the pointer leaves the cells.
	pointerReadout
	// OnTapCell, when set, receives the indices of a tapped cell (X0+c,
	// Y0+r) and its value.
	OnTapCell func(x, y, v int)
	// OnViewChanged is called after a zoom, pan, fit or new table, so that
	// the axes around the view follow it.
	OnViewChanged func()
	// marked says that cell (markC, markR) of the table was clicked: it is
	// drawn framed, so that a class sees which position is evaluated.
	marked       bool
	markC, markR int
	// diff, when on, shows where the table differs from itself shifted by
	// tau columns: cell (c, r) is marked when G(c+tau, r) ≠ G(c, r).
	diff heatmapDiff
}

// heatmapDiff is the difference view of a two-index table:
// marks[r*Cols+c] is 1 when the cell differs from the one tau columns to
// the right, 0 when equal, −1 when that cell is outside the table or unknown.
type heatmapDiff struct {
	on    bool
	tau   int
	marks []int8
	count int
}

// Colours of the difference view.
var (
	diffMarkColour  = color.NRGBA{200, 20, 40, 255}
	diffEqualColour = color.NRGBA{225, 225, 225, 255}
	diffNoneColour  = color.NRGBA{250, 250, 250, 255}
)

// tableDifference compares every cell with the one tau columns to the right.
func tableDifference(t ValueGrid, tau int) heatmapDiff {
	d := heatmapDiff{on: true, tau: tau, marks: make([]int8, len(t.Values))}
	for r := 0; r < t.Rows; r++ {
		row := t.Values[r*t.Cols : (r+1)*t.Cols]
		for c, v := range row {
			m := int8(-1)
			if c+tau < t.Cols && c+tau >= 0 && v >= 0 && row[c+tau] >= 0 {
				m = 0
				if row[c+tau] != v {
					m = 1
					d.count++
				}
			}
			d.marks[r*t.Cols+c] = m
		}
	}
	return d
}

// SetDifference switches the difference view on (tau > 0) or off (tau ≤
// 0); the comparison is computed in the background.
func (h *Heatmap) SetDifference(tau int) {
	h.mu.Lock()
	t := h.table
	h.mu.Unlock()
	if tau <= 0 {
		h.change(func() { h.diff = heatmapDiff{} })
		return
	}
	h.diffJobs.Start(func(ctx context.Context, jh JobHandle) {
		d := tableDifference(t, tau)
		jh.Finish(func() {
			h.change(func() {
				if len(h.table.Values) == len(t.Values) {
					h.diff = d
				}
			})
		})
	})
}

// Difference returns the shift of the difference view (0 when off) and how
// many cells differ.
func (h *Heatmap) Difference() (tau, count int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.diff.on {
		return 0, 0
	}
	return h.diff.tau, h.diff.count
}

func (h *Heatmap) viewChanged() {
	if h.OnViewChanged != nil {
		h.OnViewChanged()
	}
}

// Tapped evaluates the cell under the pointer through OnTapCell.
func (h *Heatmap) Tapped(ev *fyne.PointEvent) {
	c, r, ok := h.cellAt(ev.Position)
	if !ok || h.OnTapCell == nil {
		return
	}
	h.mu.Lock()
	t := h.table
	h.marked, h.markC, h.markR = true, c, r
	h.mu.Unlock()
	h.Refresh()
	h.OnTapCell(t.X0+c, t.Y0+r, t.At(c, r))
}

// Marked returns the cell marked as clicked (table indices), if any.
func (h *Heatmap) Marked() (c, r int, ok bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.markC, h.markR, h.marked
}

var (
	_ fyne.Scrollable     = (*Heatmap)(nil)
	_ fyne.Draggable      = (*Heatmap)(nil)
	_ desktop.Hoverable   = (*Heatmap)(nil)
	_ fyne.DoubleTappable = (*Heatmap)(nil)
	_ fyne.Tappable       = (*Heatmap)(nil)
)

// heatmapBackground is drawn outside the table.
var heatmapBackground = color.NRGBA{235, 235, 235, 255}

func NewHeatmap() *Heatmap {
	h := &Heatmap{palette: HueScale{}, label: "A(%d, %d)", cellSize: 1, autoFit: true, background: heatmapBackground}
	h.raster = canvas.NewRaster(h.render)
	h.at = h.readoutAt
	h.ExtendBaseWidget(h)
	return h
}

// CreateRenderer draws the raster.
func (h *Heatmap) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(h.raster)
}

// MinSize keeps the heatmap usable in a small window.
func (h *Heatmap) MinSize() fyne.Size { return fyne.NewSize(200, 200) }

// SetTable shows a new table and fits it to the widget.
func (h *Heatmap) SetTable(t ValueGrid) {
	h.mu.Lock()
	h.table = t
	h.recolourLocked()
	h.autoFit = true
	h.marked = false
	tau := h.diff.tau
	on := h.diff.on
	h.diff = heatmapDiff{}
	h.mu.Unlock()
	h.Refresh()
	if on {
		h.SetDifference(tau)
	}
	h.viewChanged()
}

// SetPalette changes the colours.
func (h *Heatmap) SetPalette(p ColourScale) {
	h.change(func() {
		h.palette = p
		h.recolourLocked()
	})
}

// SetOverlay sets the period overlay: lines at preperiod on both axes and a
// grid every period beyond; on switches it on or off.
func (h *Heatmap) SetOverlay(on bool, preperiod, period int) {
	h.mu.Lock()
	h.overlay, h.preperiod, h.period = on, preperiod, period
	h.mu.Unlock()
	h.Refresh()
}

func (h *Heatmap) recolourLocked() {
	h.maxV = 1
	for _, v := range h.table.Values {
		h.maxV = max(h.maxV, v)
	}
	h.maxV = max(h.maxV, h.scaleMax)
	h.colours = h.palette.Colours(h.maxV)
	// The overlay in black or white, whichever reads on more of the
	// cells in these colours (the rule an exported figure follows).
	h.overlayColour = plotting.OverlayColour(h.colours, h.table.Values)
}

// OverlayColour is the colour the period overlay is drawn in: black or
// white, whichever reads on more of the table's cells in the palette's
// colours (plotting.OverlayColour). The difference view's light grey and
// red both take black.
func (h *Heatmap) OverlayColour() color.NRGBA {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.overlayColourLocked()
}

func (h *Heatmap) overlayColourLocked() color.NRGBA {
	if h.diff.on {
		return color.NRGBA{A: 255}
	}
	return h.overlayColour
}

// SetScaleMax fixes the value of the last colour (0: the table's largest).
func (h *Heatmap) SetScaleMax(m int) {
	h.change(func() {
		h.scaleMax = m
		h.recolourLocked()
	})
}

// HeatmapState is what the axes around a heatmap need to know of it.
type HeatmapState struct {
	Table          ValueGrid
	X0, Y0, Cell   float64 // view origin (cells) and cell size (units)
	MaxV           int
	Colours        []color.NRGBA
	Diff           bool
	Tau, DiffCount int
}

// State returns the current view, fitted to the widget's size if needed.
func (h *Heatmap) State() HeatmapState {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.autoFit {
		h.fitLocked(float64(h.Size().Width), float64(h.Size().Height))
	}
	return HeatmapState{Table: h.table, X0: h.x0, Y0: h.y0, Cell: h.cellSize, MaxV: h.maxV,
		Colours: h.colours, Diff: h.diff.on, Tau: h.diff.tau, DiffCount: h.diff.count}
}

// SetCellName sets how the read-out names a cell: a format with the two
// indices, e.g. "A(%d, %d)".
func (h *Heatmap) SetCellName(format string) {
	h.mu.Lock()
	h.label = format
	h.mu.Unlock()
}

// VisibleCells returns the columns c0 ≤ c < c1 and rows r0 ≤ r < r1 of the
// table that are at least partly in view (0-based, clamped to the table).
func (h *Heatmap) VisibleCells() (c0, c1, r0, r1 int) {
	st := h.State()
	size := h.Size()
	t := st.Table
	c0 = max(int(math.Floor(st.X0)), 0)
	c1 = min(int(math.Ceil(st.X0+float64(size.Width)/st.Cell)), t.Cols)
	r0 = max(int(math.Floor(st.Y0)), 0)
	r1 = min(int(math.Ceil(st.Y0+float64(size.Height)/st.Cell)), t.Rows)
	return c0, max(c1, c0), r0, max(r1, r0)
}

// Refresh redraws the raster, with the current theme's background.
func (h *Heatmap) Refresh() {
	r, g, b, _ := theme.Color(theme.ColorNameBackground).RGBA()
	h.mu.Lock()
	h.background = color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 255}
	h.mu.Unlock()
	h.raster.Refresh()
	h.BaseWidget.Refresh()
}

// ResetView fits the whole table into the widget.
func (h *Heatmap) ResetView() {
	h.change(func() {
		h.autoFit = true
		h.fitLocked(float64(h.Size().Width), float64(h.Size().Height))
	})
}

// fitLocked chooses the view that shows the whole table in a w×h widget.
func (h *Heatmap) fitLocked(w, hgt float64) {
	if h.table.Cols == 0 || w <= 0 || hgt <= 0 {
		return
	}
	h.cellSize = math.Min(w/float64(h.table.Cols), hgt/float64(h.table.Rows))
	// Centre the table.
	h.x0 = -(w/h.cellSize - float64(h.table.Cols)) / 2
	h.y0 = -(hgt/h.cellSize - float64(h.table.Rows)) / 2
}

// Resize refits a view that has not been moved yet.
func (h *Heatmap) Resize(s fyne.Size) {
	h.BaseWidget.Resize(s)
	h.mu.Lock()
	if h.autoFit {
		h.fitLocked(float64(s.Width), float64(s.Height))
	}
	h.mu.Unlock()
}

// cellAt returns the table column and row under widget position pos, and
// whether it is inside the table.
func (h *Heatmap) cellAt(pos fyne.Position) (c, r int, ok bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	hgt := float64(h.Size().Height)
	x := h.x0 + float64(pos.X)/h.cellSize
	y := h.y0 + (hgt-float64(pos.Y))/h.cellSize
	c, r = int(math.Floor(x)), int(math.Floor(y))
	return c, r, h.table.Cols > 0 && c >= 0 && r >= 0 && c < h.table.Cols && r < h.table.Rows
}

// Scrolled zooms about the pointer: one wheel notch (25 units in Fyne's
// desktop driver) is a factor 1.25.
func (h *Heatmap) Scrolled(ev *fyne.ScrollEvent) {
	factor := math.Pow(1.25, float64(ev.Scrolled.DY)/25)
	h.zoomAt(ev.Position, factor)
}

// zoomAt multiplies the cell size by factor, keeping the data point under
// pos in place.
func (h *Heatmap) zoomAt(pos fyne.Position, factor float64) {
	h.change(func() {
		if h.autoFit {
			h.fitLocked(float64(h.Size().Width), float64(h.Size().Height))
		}
		hgt := float64(h.Size().Height)
		px, py := float64(pos.X), hgt-float64(pos.Y)
		dataX, dataY := h.x0+px/h.cellSize, h.y0+py/h.cellSize
		// Between 1/64 of a pixel and 400 units per cell.
		h.cellSize = math.Min(math.Max(h.cellSize*factor, 1.0/64), 400)
		h.x0, h.y0 = dataX-px/h.cellSize, dataY-py/h.cellSize
		h.clampLocked()
		h.autoFit = false
	})
}

// Dragged pans the view with the pointer.
func (h *Heatmap) Dragged(ev *fyne.DragEvent) {
	h.pan(ev.Dragged.DX, ev.Dragged.DY)
}

// pan moves the picture by (dx, dy) widget units.
func (h *Heatmap) pan(dx, dy float32) {
	h.change(func() {
		if h.autoFit {
			h.fitLocked(float64(h.Size().Width), float64(h.Size().Height))
		}
		h.x0 -= float64(dx) / h.cellSize
		h.y0 += float64(dy) / h.cellSize
		h.clampLocked()
		h.autoFit = false
	})
}

// clampLocked keeps part of the table in view, so that panning (or zooming
// at an edge) can never lose the picture: at least a tenth of the view, or
// the whole table when it is smaller, stays on the table.
func (h *Heatmap) clampLocked() {
	size := h.Size()
	if h.table.Cols == 0 || size.Width <= 0 || h.cellSize <= 0 {
		return
	}
	clamp := func(v0 float64, viewCells float64, n int) float64 {
		keep := min(viewCells/10, float64(n))
		return min(max(v0, keep-viewCells), float64(n)-keep)
	}
	h.x0 = clamp(h.x0, float64(size.Width)/h.cellSize, h.table.Cols)
	h.y0 = clamp(h.y0, float64(size.Height)/h.cellSize, h.table.Rows)
}

// DragEnd ends a pan.
func (h *Heatmap) DragEnd() {}

// DoubleTapped fits the table again.
func (h *Heatmap) DoubleTapped(*fyne.PointEvent) { h.ResetView() }

// readoutAt is the read-out for the cell at pos, "" outside the cells.
func (h *Heatmap) readoutAt(pos fyne.Position) string {
	c, r, ok := h.cellAt(pos)
	if !ok {
		return ""
	}
	h.mu.Lock()
	t := h.table
	label := h.label
	h.mu.Unlock()
	v := t.At(c, r)
	name := fmt.Sprintf(label, t.X0+c, t.Y0+r)
	if v < 0 {
		return name + " not computed"
	}
	s := fmt.Sprintf("%s = %d", name, v)
	h.mu.Lock()
	d := h.diff
	h.mu.Unlock()
	if d.on && len(d.marks) == len(t.Values) {
		if c+d.tau < t.Cols {
			verdict := "equal"
			if d.marks[r*t.Cols+c] == 1 {
				verdict = "differs"
			}
			s += fmt.Sprintf(", %s = %d: %s", fmt.Sprintf(label, t.X0+c+d.tau, t.Y0+r), t.At(c+d.tau, r), verdict)
		} else {
			s += fmt.Sprintf(" (column %d is beyond the table)", t.X0+c+d.tau)
		}
	}
	return s
}

// render is the raster's generator: it draws the current view at w×h
// device pixels.
func (h *Heatmap) render(w, hgt int) image.Image {
	h.mu.Lock()
	defer h.mu.Unlock()
	size := h.Size()
	if h.autoFit && size.Width > 0 {
		h.fitLocked(float64(size.Width), float64(size.Height))
	}
	scale := 1.0 // device pixels per widget unit
	if size.Width > 0 {
		scale = float64(w) / float64(size.Width)
	}
	return h.renderLocked(w, hgt, scale)
}

// renderLocked draws the view into a new w×h image, scale device pixels per
// widget unit. It maps each pixel column and row to a table index once, so
// the cost is one table look-up per pixel.
func (h *Heatmap) renderLocked(w, hgt int, scale float64) *image.NRGBA {
	img := h.bufferLocked(w, hgt)
	t := h.table
	cellPx := h.cellSize * scale
	cols := h.columnCellsLocked(w, cellPx)
	diff := h.diff.on && len(h.diff.marks) == len(t.Values)
	for y := 0; y < hgt; y++ {
		r := int(math.Floor(h.y0 + (float64(hgt-y)-0.5)/cellPx))
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		switch {
		case t.Rows == 0 || r < 0 || r >= t.Rows:
			for x := 0; x < w; x++ {
				setPixel(row, x, h.background)
			}
		case diff:
			h.paintMarksRow(row, cols, h.diff.marks[r*t.Cols:(r+1)*t.Cols])
		default:
			h.paintValuesRow(row, cols, t.Values[r*t.Cols:(r+1)*t.Cols])
		}
	}
	if h.overlay && h.period > 0 && cellPx > 0 {
		h.drawOverlayLocked(img, cellPx)
	}
	if h.marked && cellPx > 0 {
		h.drawMarkLocked(img, cellPx, scale)
	}
	return img
}

// bufferLocked returns the next of two w×h pictures in turn: the painter
// has copied the previous picture into a texture before it asks for the
// next, and not allocating 4 bytes a pixel per drag step keeps the garbage
// collector out of the way.
func (h *Heatmap) bufferLocked(w, hgt int) *image.NRGBA {
	h.frame ^= 1
	img := h.bufs[h.frame]
	if img == nil || img.Bounds().Dx() != max(w, 1) || img.Bounds().Dy() != max(hgt, 1) {
		img = image.NewNRGBA(image.Rect(0, 0, max(w, 1), max(hgt, 1)))
		h.bufs[h.frame] = img
	}
	return img
}

// columnCellsLocked maps each of w pixel columns to its table column, −1
// outside the table.
func (h *Heatmap) columnCellsLocked(w int, cellPx float64) []int32 {
	cols := make([]int32, w)
	for x := range cols {
		c := int(math.Floor(h.x0 + (float64(x)+0.5)/cellPx))
		if h.table.Cols == 0 || c < 0 || c >= h.table.Cols {
			c = -1
		}
		cols[x] = int32(c)
	}
	return cols
}

// setPixel paints pixel x of an NRGBA row opaque in col.
func setPixel(row []uint8, x int, col color.NRGBA) {
	row[4*x], row[4*x+1], row[4*x+2], row[4*x+3] = col.R, col.G, col.B, 255
}

// paintValuesRow paints a pixel row of table cells in their values'
// colours (unknown values and columns outside the table in the background).
func (h *Heatmap) paintValuesRow(row []uint8, cols []int32, vals []int) {
	for x, c := range cols {
		col := h.background
		if c >= 0 {
			if v := vals[c]; v >= 0 {
				col = h.colours[min(v, h.maxV)]
			}
		}
		setPixel(row, x, col)
	}
}

// paintMarksRow paints a pixel row of the difference view: marked,
// equal, or nothing to compare with.
func (h *Heatmap) paintMarksRow(row []uint8, cols []int32, marks []int8) {
	for x, c := range cols {
		col := h.background
		if c >= 0 {
			switch marks[c] {
			case 1:
				col = diffMarkColour
			case 0:
				col = diffEqualColour
			default:
				col = diffNoneColour
			}
		}
		setPixel(row, x, col)
	}
}

// drawMarkLocked frames the clicked cell: a white square ring inside a
// black one, at least markMinSize units across however small the cells
// are, so that it reads on every palette and at every zoom.
func (h *Heatmap) drawMarkLocked(img *image.NRGBA, cellPx, scale float64) {
	w, hgt := img.Bounds().Dx(), img.Bounds().Dy()
	cx := (float64(h.markC) + 0.5 - h.x0) * cellPx
	cy := float64(hgt) - (float64(h.markR)+0.5-h.y0)*cellPx
	half := max(cellPx/2+2*scale, markMinSize*scale/2)
	ring := func(half float64, c color.NRGBA, width int) {
		x0, x1 := int(math.Round(cx-half)), int(math.Round(cx+half))
		y0, y1 := int(math.Round(cy-half)), int(math.Round(cy+half))
		set := func(x, y int) {
			if x >= 0 && x < w && y >= 0 && y < hgt {
				img.SetNRGBA(x, y, c)
			}
		}
		for d := 0; d < width; d++ {
			for x := x0; x <= x1; x++ {
				set(x, y0+d)
				set(x, y1-d)
			}
			for y := y0; y <= y1; y++ {
				set(x0+d, y)
				set(x1-d, y)
			}
		}
	}
	wpx := max(1, int(math.Round(scale)))
	ring(half+float64(2*wpx), color.NRGBA{0, 0, 0, 255}, 2*wpx)
	ring(half, color.NRGBA{255, 255, 255, 255}, 2*wpx)
}

// markMinSize is the least width of the clicked cell's frame, in widget
// units.
const markMinSize = 12

// drawOverlayLocked draws the preperiod lines (2 px) and the period grid
// (1 px) on both axes.
func (h *Heatmap) drawOverlayLocked(img *image.NRGBA, cellPx float64) {
	w, hgt := img.Bounds().Dx(), img.Bounds().Dy()
	t := h.table
	line := h.overlayColourLocked()
	// The lines stay inside the table's own pixels.
	xMin := max(0, int(math.Round(-h.x0*cellPx)))
	xMax := min(w, int(math.Round((float64(t.Cols)-h.x0)*cellPx)))
	yMin := max(0, hgt-int(math.Round((float64(t.Rows)-h.y0)*cellPx)))
	yMax := min(hgt, hgt-int(math.Round(-h.y0*cellPx)))
	vline := func(idx, width int) {
		x := int(math.Round((float64(idx-t.X0) - h.x0) * cellPx))
		for dx := 0; dx < width; dx++ {
			if xx := x + dx; xx >= xMin && xx < xMax {
				for y := yMin; y < yMax; y++ {
					img.SetNRGBA(xx, y, line)
				}
			}
		}
	}
	hline := func(idx, width int) {
		y := hgt - int(math.Round((float64(idx-t.Y0)-h.y0)*cellPx))
		for dy := 0; dy < width; dy++ {
			if yy := y - dy; yy >= yMin && yy < yMax {
				for x := xMin; x < xMax; x++ {
					img.SetNRGBA(x, yy, line)
				}
			}
		}
	}
	// Skip grid lines closer than 3 pixels: they would hide the cells.
	gridOK := float64(h.period)*cellPx >= 3
	for idx := h.preperiod; idx <= t.X0+t.Cols; idx += h.period {
		if idx == h.preperiod {
			vline(idx, 2)
		} else if gridOK {
			vline(idx, 1)
		}
	}
	for idx := h.preperiod; idx <= t.Y0+t.Rows; idx += h.period {
		if idx == h.preperiod {
			hline(idx, 2)
		} else if gridOK {
			hline(idx, 1)
		}
	}
}

// Overlay reports whether the preperiod and period overlay is on.
func (h *Heatmap) Overlay() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.overlay
}

// ColourMax is the value given the palette's last colour.
func (h *Heatmap) ColourMax() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.maxV
}

// DifferenceJobs runs the difference view's computations (tests wait on it).
func (h *Heatmap) DifferenceJobs() *JobRunner { return &h.diffJobs }

// Differs reports whether the difference view marks cell (c, r): G(c+τ, r)
// ≠ G(c, r).
func (h *Heatmap) Differs(c, r int) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	i := r*h.table.Cols + c
	return h.diff.on && i < len(h.diff.marks) && h.diff.marks[i] == 1
}

// change runs fn under the lock, then redraws the view and tells the axes
// around it.
func (h *Heatmap) change(fn func()) {
	h.mu.Lock()
	fn()
	h.mu.Unlock()
	h.Refresh()
	h.viewChanged()
}
