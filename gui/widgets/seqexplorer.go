package widgets

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"math"
	"math/bits"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/solver/octal"
)

// SequenceData is what the sequence explorer shows: G(0..len−1) and what is
// known of its periodicity.
type SequenceData struct {
	// Name names the sequence in exports and the read-out, e.g. "0.07".
	Name   string
	Values []uint16
	// Period > 0 marks the periodic part n ≥ Preperiod (certified or not:
	// Certified says which).
	Period, Preperiod int
	Certified         bool
	// Saltus is the step of an arithmetic-periodic sequence:
	// G(n+Period) = G(n) + Saltus for n ≥ Preperiod. When not 0 the plot
	// draws the linear trend and the difference view compares with it.
	Saltus int
	// RareMask splits the values into rare and common ones (see
	// plotting.RareByMask); AutoMask chooses the mask with the fewest rare
	// heaps, as the octal sparse engine does.
	RareMask uint16
	AutoMask bool
}

// Modes of the sequence explorer.
const (
	ExploreValues     = "G(n)"
	ExploreDifference = "G(n+p) ≠ G(n)"
	ExploreHistogram  = "histogram"
)

// SequenceExplorer is an interactive plot of a Grundy sequence of any
// length: the wheel zooms the heap axis about the pointer, dragging pans,
// shift-drag or right-drag zooms to a box, a double click fits the whole
// sequence, and hovering reports G(n) = v through OnHover. Values are drawn
// from a min/max pyramid (plotting.SequencePyramid, built off the UI thread
// when the sequence is set), so a redraw costs the same for 10^3 and 3·10^7
// values, and a single rare value stays visible at every zoom. The
// difference view marks the heaps where G(n+p) ≠ G(n) (+ saltus), and the
// histogram counts the heaps of each value, rare and common apart.
type SequenceExplorer struct {
	widget.BaseWidget

	mu   sync.Mutex
	data SequenceData
	pyr  *plotting.SequencePyramid
	mis  *plotting.Mismatches
	mask uint16
	// The view: heaps x0 ≤ x < x1, values y0..y1; fit is true until the
	// user zooms or pans.
	x0, x1, y0, y1 float64
	fit            bool
	logX           bool
	mode           string
	diffPeriod     int // the period of the difference view (0: the data's)

	// box zoom in progress
	boxing   bool
	boxStart fyne.Position
	boxEnd   fyne.Position
	button   desktop.MouseButton
	shift    bool

	raster *canvas.Raster
	box    *canvas.Rectangle
	texts  []*canvas.Text
	swatch []*canvas.Rectangle
	nSw    int
	layout explorerLayout
	bufs   [2]*image.NRGBA
	frame  int
	hist   struct {
		w, h int
		mask uint16
		img  image.Image
		pyr  *plotting.SequencePyramid
	}

	jobs JobRunner
	// pointerReadout's OnHover receives the read-out for the pointer
	// ("G(n) = v …"), "" when it leaves the plot.
	pointerReadout
	// OnChanged is called (on the UI thread) when the data, mode or view
	// changes, e.g. to update a status line.
	OnChanged func()
}

var (
	_ fyne.Scrollable     = (*SequenceExplorer)(nil)
	_ fyne.Draggable      = (*SequenceExplorer)(nil)
	_ desktop.Hoverable   = (*SequenceExplorer)(nil)
	_ desktop.Mouseable   = (*SequenceExplorer)(nil)
	_ fyne.DoubleTappable = (*SequenceExplorer)(nil)
)

// explorerLayout is where the parts of the plot lie, in widget units.
type explorerLayout struct {
	data fyne.Position // top-left of the data area
	size fyne.Size     // data area
}

// NewSequenceExplorer returns an empty explorer.
func NewSequenceExplorer() *SequenceExplorer {
	e := &SequenceExplorer{fit: true, mode: ExploreValues}
	e.raster = canvas.NewRaster(e.render)
	e.box = canvas.NewRectangle(color.NRGBA{30, 90, 200, 50})
	e.box.StrokeColor = color.NRGBA{30, 90, 200, 200}
	e.box.StrokeWidth = 1
	e.box.Hide()
	e.at = e.ReadoutAt
	e.ExtendBaseWidget(e)
	return e
}

// SetSequence shows a new sequence. The pyramid, the rare mask and the
// difference view's comparison are built in the background; the returned
// channel is closed once the new sequence is shown.
func (e *SequenceExplorer) SetSequence(d SequenceData) <-chan struct{} {
	done := make(chan struct{})
	e.mu.Lock()
	diffP := e.diffPeriod
	e.mu.Unlock()
	e.jobs.Start(func(ctx context.Context, h JobHandle) {
		pyr := plotting.NewSequencePyramid(d.Values)
		mask := d.RareMask
		if d.AutoMask {
			mask = octal.RareMask(d.Values)
		}
		p := d.Period
		if diffP > 0 {
			p = diffP
		}
		var mis *plotting.Mismatches
		if p > 0 && ctx.Err() == nil {
			mis = plotting.NewMismatches(d.Values, p, d.Saltus)
		}
		h.Finish(func() {
			e.change(func() {
				e.data, e.pyr, e.mis, e.mask = d, pyr, mis, mask
				e.fit = true
				e.fitLocked()
			})
			close(done)
		})
	})
	return done
}

// SetDifferencePeriod sets the period p of the difference view (0: the
// sequence's own period) and recomputes the comparison in the background.
func (e *SequenceExplorer) SetDifferencePeriod(p int) <-chan struct{} {
	done := make(chan struct{})
	e.mu.Lock()
	e.diffPeriod = p
	d := e.data
	e.mu.Unlock()
	if p <= 0 {
		p = d.Period
	}
	e.jobs.Start(func(ctx context.Context, h JobHandle) {
		var mis *plotting.Mismatches
		if p > 0 {
			mis = plotting.NewMismatches(d.Values, p, d.Saltus)
		}
		h.Finish(func() {
			e.change(func() { e.mis = mis })
			close(done)
		})
	})
	return done
}

// Mismatches returns the difference view's comparison (nil without a
// period).
func (e *SequenceExplorer) Mismatches() *plotting.Mismatches {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.mis
}

// RareMask returns the mask that splits rare from common values.
func (e *SequenceExplorer) RareMask() uint16 {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.mask
}

func (e *SequenceExplorer) changed() {
	if e.OnChanged != nil {
		e.OnChanged()
	}
}

// SetMode switches between ExploreValues, ExploreDifference and
// ExploreHistogram.
func (e *SequenceExplorer) SetMode(m string) {
	e.change(func() {
		e.mode = m
	})
}

// Mode returns the current mode.
func (e *SequenceExplorer) Mode() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.mode
}

// SetLogX switches the heap axis between linear and logarithmic.
func (e *SequenceExplorer) SetLogX(on bool) {
	e.change(func() {
		e.logX = on
		if on {
			e.x0 = math.Max(e.x0, 1)
			if e.x1 <= e.x0*1.01 {
				e.fit = true
			}
		}
		e.fitLocked()
		e.clampLocked()
	})
}

// ResetView shows the whole sequence.
func (e *SequenceExplorer) ResetView() {
	e.change(func() {
		e.fit = true
		e.fitLocked()
	})
}

// VisibleRange returns the heaps shown, x0 ≤ n < x1.
func (e *SequenceExplorer) VisibleRange() (x0, x1 float64) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.x0, e.x1
}

// SetVisibleRange shows heaps x0 ≤ n < x1 (clamped to the sequence).
func (e *SequenceExplorer) SetVisibleRange(x0, x1 float64) {
	e.change(func() {
		e.x0, e.x1 = x0, x1
		e.fit = false
		e.clampLocked()
	})
}

func (e *SequenceExplorer) fitLocked() {
	if !e.fit {
		return
	}
	n := 0
	if e.pyr != nil {
		n = e.pyr.Len()
	}
	e.x0, e.x1 = 0, float64(max(n, 1))
	if e.logX {
		e.x0 = 1
		e.x1 = math.Max(e.x1, 2)
	}
	e.y0, e.y1 = e.fullYLocked()
}

// fullYLocked is the value range with some head room.
func (e *SequenceExplorer) fullYLocked() (float64, float64) {
	top := 1
	if e.pyr != nil {
		top = max(e.pyr.Max(), 1)
	}
	return -0.04 * float64(top), float64(top) * 1.04
}

// clampLocked keeps the view on the sequence with at least a few heaps.
func (e *SequenceExplorer) clampLocked() {
	n := 1.0
	if e.pyr != nil {
		n = math.Max(float64(e.pyr.Len()), 1)
	}
	lo := 0.0
	if e.logX {
		lo = 1
		n = math.Max(n, 2)
	}
	span := e.x1 - e.x0
	minSpan := math.Min(4, n-lo)
	if e.logX {
		if e.x0 < lo {
			e.x0 = lo
		}
		if e.x1 > n {
			e.x1 = n
		}
		if e.x1 < e.x0*1.001 {
			e.x1 = math.Min(n, e.x0*1.5+4)
		}
		return
	}
	span = math.Min(math.Max(span, minSpan), n-lo)
	e.x0 = math.Min(math.Max(e.x0, lo), n-span)
	e.x1 = e.x0 + span
	fy0, fy1 := e.fullYLocked()
	if e.y1-e.y0 > fy1-fy0 || e.y1 <= e.y0 {
		e.y0, e.y1 = fy0, fy1
	}
	if e.y0 < fy0 {
		e.y1 += fy0 - e.y0
		e.y0 = fy0
	}
	if e.y1 > fy1 {
		e.y0 -= e.y1 - fy1
		e.y1 = fy1
	}
}

func (e *SequenceExplorer) view() plotting.SequenceView {
	return plotting.SequenceView{X0: e.x0, X1: e.x1, Y0: e.y0, Y1: e.y1, LogX: e.logX}
}

// MinSize keeps the plot usable in a small window.
func (e *SequenceExplorer) MinSize() fyne.Size {
	return fyne.NewSize(240, 160)
}

// CreateRenderer lays out the raster (the data area) and the axis labels.
func (e *SequenceExplorer) CreateRenderer() fyne.WidgetRenderer {
	return &explorerRenderer{e: e}
}

type explorerRenderer struct {
	e    *SequenceExplorer
	objs []fyne.CanvasObject
}

func (r *explorerRenderer) Destroy() {}

func (r *explorerRenderer) MinSize() fyne.Size { return r.e.MinSize() }

func (r *explorerRenderer) Objects() []fyne.CanvasObject { return r.objs }

func (r *explorerRenderer) Layout(size fyne.Size) { r.Refresh() }

// Refresh places the data area and rebuilds the labels: a few dozen texts,
// however long the sequence.
func (r *explorerRenderer) Refresh() {
	e := r.e
	size := e.Size()
	e.mu.Lock()
	texts := e.labelsLocked(size)
	lay := e.layout
	mode := e.mode
	e.mu.Unlock()
	if mode == ExploreHistogram {
		e.raster.Move(fyne.NewPos(0, 0))
		e.raster.Resize(size)
	} else {
		e.raster.Move(lay.data)
		e.raster.Resize(lay.size)
	}
	r.objs = append(r.objs[:0], e.raster)
	for _, t := range texts {
		r.objs = append(r.objs, t)
	}
	e.mu.Lock()
	for _, sw := range e.swatch {
		r.objs = append(r.objs, sw)
		sw.Refresh()
	}
	e.mu.Unlock()
	r.objs = append(r.objs, e.box)
	e.raster.Refresh()
	for _, t := range texts {
		t.Refresh()
	}
}

// Refresh redraws the plot.
func (e *SequenceExplorer) Refresh() { e.BaseWidget.Refresh() }

// text returns the i-th label object, reusing them from one layout to the
// next.
func (e *SequenceExplorer) text(i int) *canvas.Text {
	for len(e.texts) <= i {
		e.texts = append(e.texts, canvas.NewText("", theme.Color(theme.ColorNameForeground)))
	}
	t := e.texts[i]
	t.TextStyle = fyne.TextStyle{}
	t.Color = theme.Color(theme.ColorNameForeground)
	t.TextSize = theme.CaptionTextSize()
	t.Alignment = fyne.TextAlignLeading
	return t
}

// labelsLocked computes the layout for a widget of the given size and the
// labels: the legend row, the preperiod and period labels (kept inside the
// widget however long the numbers are), the heap ticks below the data area
// (always, period or not) and the value ticks on the left.
func (e *SequenceExplorer) labelsLocked(size fyne.Size) []*canvas.Text {
	l := &explorerLabels{e: e, size: size, ts: theme.CaptionTextSize(), pad: theme.Padding()}
	l.lineH = fyne.MeasureText("0", l.ts, fyne.TextStyle{}).Height
	n := 0
	if e.pyr != nil {
		n = e.pyr.Len()
	}
	marked := e.data.Period > 0 && e.data.Preperiod < n && e.mode != ExploreHistogram
	topH := l.lineH + l.pad
	if marked {
		topH += l.lineH
	}
	maxVLabel := plotting.FormatInt(max(int(e.y1), 1))
	if e.mode == ExploreDifference {
		maxVLabel = "mismatch"
	}
	leftW := fyne.MeasureText(maxVLabel, l.ts, fyne.TextStyle{}).Width + 2*l.pad
	bottomH := 2*l.lineH + l.pad
	l.data = fyne.NewPos(leftW, topH)
	l.dataSize = fyne.NewSize(max(size.Width-leftW-2*l.pad, 10), max(size.Height-topH-bottomH, 10))
	e.layout = explorerLayout{data: l.data, size: l.dataSize}
	e.nSw = 0
	for _, sw := range e.swatch {
		sw.Hide()
	}
	if e.mode == ExploreHistogram || e.pyr == nil {
		if e.pyr == nil {
			l.add("no sequence yet: compute one", l.data.X+l.pad, l.data.Y+l.pad, nil, false)
		}
		return l.out
	}
	l.v = e.view()
	l.legend()
	if marked {
		l.periodLabels()
	}
	l.heapTicks()
	l.valueTicks()
	return l.out
}

// explorerLabels lays out the explorer's labels around its data area
// (data, dataSize) in a widget of the given size.
type explorerLabels struct {
	e              *SequenceExplorer
	size           fyne.Size
	ts, pad, lineH float32
	data           fyne.Position
	dataSize       fyne.Size
	v              plotting.SequenceView
	out            []*canvas.Text
	// legendX is where the legend row's next item goes.
	legendX float32
}

// add puts text s at (x, y), kept inside the widget, in colour col (the
// theme's text colour when nil).
func (l *explorerLabels) add(s string, x, y float32, col color.Color, bold bool) *canvas.Text {
	t := l.e.text(len(l.out))
	t.Text = s
	t.TextStyle.Bold = bold
	if col != nil {
		t.Color = col
	}
	w := fyne.MeasureText(s, t.TextSize, t.TextStyle).Width
	// Keep every label inside the widget.
	x = min(max(x, 0), l.size.Width-w)
	t.Move(fyne.NewPos(x, y))
	t.Resize(fyne.NewSize(w, l.lineH))
	l.out = append(l.out, t)
	return t
}

// legendItem adds an item to the legend row: for "■ …" and "— …" a swatch
// in the colour drawn, then the label in the theme's text colour (the plot
// colours are chosen for the white data area, not for a dark theme).
func (l *explorerLabels) legendItem(s string, col color.Color) {
	if strings.HasPrefix(s, "■ ") || strings.HasPrefix(s, "— ") {
		s = s[len("■ "):]
		if col != nil {
			sw := l.e.swatchRect(l.lineH * 0.7)
			sw.FillColor = col
			sw.Move(fyne.NewPos(l.legendX, (l.lineH-sw.Size().Height)/2))
			l.legendX += sw.Size().Width + l.pad
		}
		col = nil
	}
	t := l.add(s, l.legendX, 0, col, false)
	l.legendX += t.Size().Width + 2*l.pad
}

// legend adds the legend row: what the marks of the mode mean.
func (l *explorerLabels) legend() {
	e := l.e
	l.legendX = l.data.X
	if e.mode == ExploreDifference {
		if e.mis == nil {
			l.legendItem("no period to compare with: type one", nil)
			return
		}
		l.legendItem(fmt.Sprintf("■ G(n+%d) ≠ G(n)%s: %s heaps", e.mis.Period, saltusText(e.mis.Saltus), plotting.GroupDigits(e.mis.Total())), plotting.MismatchColour)
		if e.mis.Last() >= 0 {
			l.legendItem("last at n = "+plotting.GroupDigits(e.mis.Last()), nil)
		} else {
			l.legendItem(fmt.Sprintf("none in %s comparisons", plotting.GroupDigits(e.mis.Compared())), nil)
		}
		return
	}
	if e.mask != 0 {
		l.legendItem("■ common", plotting.CommonColour)
		l.legendItem("■ rare (mask "+octal.MaskString(e.mask)+")", plotting.RareColour)
	} else {
		l.legendItem("■ G(n)", plotting.CommonColour)
	}
	if e.data.Saltus != 0 {
		l.legendItem(fmt.Sprintf("— trend, saltus %d", e.data.Saltus), plotting.TrendColour)
	}
}

// periodLabels adds the preperiod and period labels, at the preperiod line
// when it is in view, else at the edge it lies beyond.
func (l *explorerLabels) periodLabels() {
	d, v, dw, pad := l.e.data, l.v, l.dataSize.Width, l.pad
	pre := "preperiod " + plotting.GroupDigits(d.Preperiod)
	per := "period " + plotting.GroupDigits(d.Period)
	if !d.Certified {
		per += " (not certified)"
	}
	y := l.lineH
	var lx float32
	switch {
	case float64(d.Preperiod) < v.X0:
		lx = l.data.X
		pre = "◂ " + pre
	case float64(d.Preperiod) > v.X1:
		lx = l.data.X + dw
		pre += " ▸"
	default:
		lx = l.data.X + float32(v.PixelX(float64(d.Preperiod), int(dw)))
	}
	preW := fyne.MeasureText(pre, l.ts, fyne.TextStyle{Bold: true}).Width
	perW := fyne.MeasureText(per, l.ts, fyne.TextStyle{Bold: true}).Width
	// Preperiod left of the line and period right of it when both fit;
	// otherwise both side by side, as near the line as the widget allows
	// (they always fit: the widget is wider than both).
	if lx-pad-preW >= 0 && lx+pad+perW <= l.size.Width {
		l.add(pre, lx-pad-preW, y, plotting.PreperiodColour, true)
		l.add(per, lx+pad, y, nil, true)
		return
	}
	total := preW + 2*pad + perW
	start := min(max(lx-pad-preW, 0), l.size.Width-total)
	l.add(pre, start, y, plotting.PreperiodColour, true)
	l.add(per, start+preW+2*pad, y, nil, true)
}

// heapTickValues returns the heaps to label under a data area dw wide: as
// many as fit with their widest label (found by trying: the labels of
// round numbers, 2·10⁷, are shorter than the last heap's), or the first
// and last heap when not even two round numbers fit.
func heapTickValues(v plotting.SequenceView, dw, ts float32) []int {
	var ticks []int
	for maxLabels := max(int(dw/(ts*2)), 2); ; maxLabels = maxLabels * 2 / 3 {
		if v.LogX {
			ticks = plotting.LogAxisTicks(v.X0, v.X1, maxLabels)
		} else {
			ticks = plotting.AxisTicks(math.Ceil(v.X0), math.Floor(v.X1), maxLabels)
		}
		widest := float32(0)
		for _, k := range ticks {
			widest = max(widest, fyne.MeasureText(plotting.FormatInt(k), ts, fyne.TextStyle{}).Width)
		}
		if maxLabels <= 2 || float32(len(ticks))*(widest+2*ts) <= dw {
			break
		}
	}
	if len(ticks) < 2 && !v.LogX {
		a, b := int(math.Ceil(v.X0)), int(math.Ceil(v.X1))-1
		if b > a {
			ticks = []int{a, b}
		}
	}
	return ticks
}

// heapTicks adds the heap axis: its ticks and its name.
func (l *explorerLabels) heapTicks() {
	v, dw := l.v, l.dataSize.Width
	ty := l.data.Y + l.dataSize.Height + 2
	for _, k := range heapTickValues(v, dw, l.ts) {
		s := plotting.FormatInt(k)
		w := fyne.MeasureText(s, l.ts, fyne.TextStyle{}).Width
		px := l.data.X + float32(v.PixelX(float64(k)+0.5*b2f(!v.LogX && (v.X1-v.X0) < float64(dw)/4), int(dw)))
		l.add(s, px-w/2, ty, nil, false)
	}
	axis := "heap size n"
	if v.LogX {
		axis += " (log scale)"
	}
	t := l.add(axis, l.data.X+dw/2, ty+l.lineH, theme.Color(theme.ColorNamePlaceHolder), false)
	t.Move(fyne.NewPos(min(max(l.data.X+dw/2-t.Size().Width/2, 0), l.size.Width-t.Size().Width), t.Position().Y))
}

// valueTicks adds the value axis' ticks, or its name where the axis counts.
func (l *explorerLabels) valueTicks() {
	e := l.e
	if e.mode != ExploreValues {
		l.add("count", 0, l.data.Y, theme.Color(theme.ColorNamePlaceHolder), false)
		return
	}
	yt := plotting.AxisTicks(math.Max(math.Ceil(e.y0), 0), math.Floor(e.y1), max(int(l.dataSize.Height/(l.lineH*1.6)), 2))
	for _, k := range yt {
		s := plotting.FormatInt(k)
		w := fyne.MeasureText(s, l.ts, fyne.TextStyle{}).Width
		py := l.data.Y + float32(l.v.PixelY(float64(k), int(l.dataSize.Height)))
		l.add(s, l.data.X-l.pad-w, py-l.lineH/2, nil, false)
	}
}

// swatchRect returns the next legend swatch, shown, size×size.
func (e *SequenceExplorer) swatchRect(size float32) *canvas.Rectangle {
	if e.nSw == len(e.swatch) {
		r := canvas.NewRectangle(color.Black)
		r.StrokeColor = color.NRGBA{255, 255, 255, 255}
		r.StrokeWidth = 1
		e.swatch = append(e.swatch, r)
	}
	r := e.swatch[e.nSw]
	e.nSw++
	r.Resize(fyne.NewSize(size, size))
	r.Show()
	return r
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func saltusText(s int) string {
	switch {
	case s > 0:
		return fmt.Sprintf(" + %d", s)
	case s < 0:
		return fmt.Sprintf(" − %d", -s)
	}
	return ""
}

// render is the raster's generator: the data area at w×h device pixels.
func (e *SequenceExplorer) render(w, h int) image.Image {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.mode == ExploreHistogram {
		return e.histogramLocked(w, h)
	}
	return e.renderLocked(w, h)
}

// RenderData draws the data area as it is on screen, at w×h pixels (for
// benchmarks and tests).
func (e *SequenceExplorer) RenderData(w, h int) *image.NRGBA {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.renderLocked(w, h)
}

var explorerBackground = color.NRGBA{255, 255, 255, 255}

func (e *SequenceExplorer) renderLocked(w, h int) *image.NRGBA {
	w, h = max(w, 1), max(h, 1)
	e.frame ^= 1
	img := e.bufs[e.frame]
	if img == nil || img.Rect.Dx() != w || img.Rect.Dy() != h {
		img = image.NewNRGBA(image.Rect(0, 0, w, h))
		e.bufs[e.frame] = img
	}
	bg := explorerBackground
	row := img.Pix[:4*w]
	for i := 0; i < len(row); i += 4 {
		row[i], row[i+1], row[i+2], row[i+3] = bg.R, bg.G, bg.B, 255
	}
	for y := 1; y < h; y++ {
		copy(img.Pix[y*img.Stride:], row)
	}
	if e.pyr == nil {
		return img
	}
	r := img.Rect
	switch e.mode {
	case ExploreDifference:
		plotting.DrawMismatchView(img, r, e.mis, e.view())
	default:
		// The marks grow with the text in presentation mode (the export
		// keeps its own, a figure's, sizes).
		plotting.DrawSequenceView(img, r, e.pyr, e.view(), plotting.SequenceMarks{
			Period: e.data.Period, Preperiod: e.data.Preperiod, Saltus: e.data.Saltus, RareMask: e.mask,
			MarkScale: TextScale()})
	}
	// Frame and inward tick marks are drawn by the labels' positions'
	// counterpart: a 1-pixel frame here.
	frameCol := color.NRGBA{60, 60, 60, 255}
	for x := 0; x < w; x++ {
		img.SetNRGBA(x, 0, frameCol)
		img.SetNRGBA(x, h-1, frameCol)
	}
	for y := 0; y < h; y++ {
		img.SetNRGBA(0, y, frameCol)
		img.SetNRGBA(w-1, y, frameCol)
	}
	return img
}

// histogramLocked draws the rare/common histogram at w×h, cached for the
// size: it is drawn from the pyramid's counts, so its cost does not grow
// with the number of heaps.
func (e *SequenceExplorer) histogramLocked(w, h int) image.Image {
	c := &e.hist
	// Drawn smaller by the text scale and stretched to the widget, the
	// histogram's text grows with presentation mode like the window's.
	scale := TextScale()
	w, h = int(float64(w)/scale), int(float64(h)/scale)
	if c.img != nil && c.w == w && c.h == h && c.mask == e.mask && c.pyr == e.pyr {
		return c.img
	}
	blank := image.NewNRGBA(image.Rect(0, 0, max(w, 1), max(h, 1)))
	if e.pyr == nil || w < plotting.MinPixels || h < plotting.MinPixels {
		return blank
	}
	opts := plotting.HistogramOptions{Size: plotting.Size{Width: min(w, plotting.MaxPixels), Height: min(h, plotting.MaxPixels), DPI: 96}, LogY: true,
		Title: "Heaps per Grundy value" + nameSuffix(e.data.Name)}
	if e.mask != 0 {
		opts.Rare = plotting.RareByMask(e.mask)
	}
	fig, err := plotting.HistogramOfCounts(e.pyr.Counts(), opts)
	if err != nil {
		return blank
	}
	c.w, c.h, c.mask, c.pyr, c.img = w, h, e.mask, e.pyr, fig.Image
	return fig.Image
}

func nameSuffix(name string) string {
	if name == "" {
		return ""
	}
	return " of " + name
}

// dataPoint maps a widget position to the heap coordinate and value.
func (e *SequenceExplorer) dataPointLocked(pos fyne.Position) (x, y float64, inside bool) {
	l := e.layout
	px, py := float64(pos.X-l.data.X), float64(pos.Y-l.data.Y)
	w, h := float64(l.size.Width), float64(l.size.Height)
	v := e.view()
	x = v.XAt(px / math.Max(w, 1))
	y = v.Y1 - py/math.Max(h, 1)*(v.Y1-v.Y0)
	return x, y, px >= 0 && py >= 0 && px < w && py < h
}

// Scrolled zooms the heap axis about the pointer: a wheel notch (25 units)
// is a factor 1.25.
func (e *SequenceExplorer) Scrolled(ev *fyne.ScrollEvent) {
	e.zoomAt(ev.Position, math.Pow(1.25, float64(ev.Scrolled.DY)/25))
}

// zoomAt shows factor times fewer heaps, keeping the heap under pos put.
func (e *SequenceExplorer) zoomAt(pos fyne.Position, factor float64) {
	e.mu.Lock()
	if e.pyr == nil || factor <= 0 {
		e.mu.Unlock()
		return
	}
	l := e.layout
	t := math.Min(math.Max(float64(pos.X-l.data.X)/math.Max(float64(l.size.Width), 1), 0), 1)
	if e.logX {
		a, b := math.Log(e.x0), math.Log(e.x1)
		m := a + t*(b-a)
		span := (b - a) / factor
		e.x0, e.x1 = math.Exp(m-t*span), math.Exp(m+(1-t)*span)
	} else {
		m := e.x0 + t*(e.x1-e.x0)
		span := (e.x1 - e.x0) / factor
		e.x0, e.x1 = m-t*span, m+(1-t)*span
	}
	e.fit = false
	e.clampLocked()
	e.mu.Unlock()
	e.Refresh()
	e.changed()
}

// MouseDown notes the button and modifiers: a right-drag or shift-drag
// zooms to a box, any other drag pans.
func (e *SequenceExplorer) MouseDown(ev *desktop.MouseEvent) {
	e.mu.Lock()
	e.button = ev.Button
	e.shift = ev.Modifier&fyne.KeyModifierShift != 0
	e.mu.Unlock()
}

// MouseUp ends a press.
func (e *SequenceExplorer) MouseUp(*desktop.MouseEvent) {}

// Dragged pans, or stretches the zoom box.
func (e *SequenceExplorer) Dragged(ev *fyne.DragEvent) {
	e.mu.Lock()
	if e.pyr == nil {
		e.mu.Unlock()
		return
	}
	if e.button == desktop.MouseButtonSecondary || e.shift || e.boxing {
		if !e.boxing {
			e.boxing = true
			e.boxStart = ev.Position.Subtract(ev.Dragged)
		}
		e.boxEnd = ev.Position
		a, b := e.boxStart, e.boxEnd
		e.mu.Unlock()
		e.box.Move(fyne.NewPos(min(a.X, b.X), min(a.Y, b.Y)))
		e.box.Resize(fyne.NewSize(abs32(a.X-b.X), abs32(a.Y-b.Y)))
		e.box.Show()
		e.box.Refresh()
		return
	}
	l := e.layout
	w := math.Max(float64(l.size.Width), 1)
	dx := float64(ev.Dragged.DX) / w
	if e.logX {
		a, b := math.Log(e.x0), math.Log(e.x1)
		s := dx * (b - a)
		e.x0, e.x1 = math.Exp(a-s), math.Exp(b-s)
	} else {
		s := dx * (e.x1 - e.x0)
		e.x0 -= s
		e.x1 -= s
	}
	hgt := math.Max(float64(l.size.Height), 1)
	dy := float64(ev.Dragged.DY) / hgt * (e.y1 - e.y0)
	e.y0 += dy
	e.y1 += dy
	e.fit = false
	e.clampLocked()
	e.mu.Unlock()
	e.Refresh()
	e.changed()
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// DragEnd applies a zoom box.
func (e *SequenceExplorer) DragEnd() {
	e.mu.Lock()
	if !e.boxing {
		e.mu.Unlock()
		return
	}
	e.boxing = false
	a, b := e.boxStart, e.boxEnd
	xa, ya, _ := e.dataPointLocked(a)
	xb, yb, _ := e.dataPointLocked(b)
	if abs32(a.X-b.X) >= 4 {
		e.x0, e.x1 = math.Min(xa, xb), math.Max(xa, xb)
		if abs32(a.Y-b.Y) >= 4 && e.mode == ExploreValues {
			e.y0, e.y1 = math.Min(ya, yb), math.Max(ya, yb)
		}
		e.fit = false
		e.clampLocked()
	}
	e.mu.Unlock()
	e.box.Hide()
	e.Refresh()
	e.changed()
}

// DoubleTapped shows the whole sequence.
func (e *SequenceExplorer) DoubleTapped(*fyne.PointEvent) { e.ResetView() }

// ReadoutAt returns what hovering at pos reports: "G(n) = v" for the heap
// under the pointer, with, when the pixel column covers several heaps, the
// range and the values found there; in the difference view, G(n+p) − G(n)
// and the mismatches under the column.
func (e *SequenceExplorer) ReadoutAt(pos fyne.Position) string {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.pyr == nil || e.mode == ExploreHistogram {
		return ""
	}
	x, _, inside := e.dataPointLocked(pos)
	if !inside {
		return ""
	}
	n := int(math.Floor(x))
	if n < 0 || n >= e.pyr.Len() {
		return ""
	}
	vals := e.pyr.Values()
	l := e.layout
	w := int(math.Max(float64(l.size.Width), 1))
	col := int(float64(pos.X - l.data.X))
	a, b := e.view().ColumnHeaps(col, w)
	a, b = max(a, 0), min(b, e.pyr.Len())
	if b-a <= 2 {
		// A column that straddles two cells: the heap under the pointer
		// says it all.
		a, b = n, n+1
	}
	if e.mode == ExploreDifference {
		if e.mis == nil {
			return fmt.Sprintf("G(%d) = %d", n, vals[n])
		}
		p := e.mis.Period
		s := fmt.Sprintf("G(%d) = %d", n, vals[n])
		if d, ok := e.mis.Difference(n); ok {
			s += fmt.Sprintf(", G(%d) = %d: G(n+%d) − G(n)%s = %d", n+p, vals[n+p], p, saltusText(e.mis.Saltus), d)
		} else {
			s += fmt.Sprintf(" (n + %d is beyond the values)", p)
		}
		if b-a > 1 {
			s += fmt.Sprintf(" · %s mismatches in %s–%s", plotting.GroupDigits(e.mis.Count(a, b)), plotting.GroupDigits(a), plotting.GroupDigits(b-1))
		}
		return s
	}
	s := fmt.Sprintf("G(%d) = %d", n, vals[n])
	if e.mask != 0 && bits.OnesCount16(vals[n]&e.mask)%2 == 0 {
		s += " (rare)"
	}
	if b-a > 1 {
		set := make([]uint64, e.pyr.Words())
		e.pyr.Presence(a, b, set)
		var present []string
		shift := e.pyr.RowShift()
		for k, word := range set {
			for word != 0 {
				bit := bits.TrailingZeros64(word)
				word &^= 1 << bit
				present = append(present, fmt.Sprint((k*64+bit)<<shift))
			}
		}
		more := ""
		if len(present) > 12 {
			more = fmt.Sprintf(" … %d values", len(present))
			present = present[:12]
		}
		s += fmt.Sprintf(" · heaps %s–%s hold %s%s", plotting.GroupDigits(a), plotting.GroupDigits(b-1), strings.Join(present, " "), more)
	}
	return s
}

// ViewExport returns a function that draws exactly the current view (its
// heap range, mode, marks and rare colours) as a picture of the given size
// with axes and legend, for PNG, SVG or PDF export. It reads the view now;
// the returned function may run on any goroutine.
func (e *SequenceExplorer) ViewExport(size plotting.Size) (func() (*plotting.Figure, error), error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.pyr == nil {
		return nil, fmt.Errorf("no sequence to export yet")
	}
	pyr, d, mode, mis := e.pyr, e.data, e.mode, e.mis
	v := e.view()
	marks := plotting.SequenceMarks{Period: d.Period, Preperiod: d.Preperiod, Saltus: d.Saltus, RareMask: e.mask}
	a, b := max(int(math.Floor(v.X0)), 0), min(int(math.Ceil(v.X1)), pyr.Len())-1
	rng := fmt.Sprintf("heaps %s–%s", plotting.GroupDigits(a), plotting.GroupDigits(b))
	what := "Grundy values" + nameSuffix(d.Name)
	if d.Period > 0 {
		cert := "certified"
		if !d.Certified {
			cert = "not certified"
		}
		what += fmt.Sprintf(" (period %s, preperiod %s, %s)", plotting.GroupDigits(d.Period), plotting.GroupDigits(d.Preperiod), cert)
	}
	caption := fmt.Sprintf("%s, %s of %s computed · nimlab %s", what, rng, plotting.GroupDigits(pyr.Len()), plotting.Version)
	export := plotting.Export{Command: "nimlab window, sequence explorer: Export of the " + mode + " view",
		Keywords: []string{"Grundy values"}}
	if d.Name != "" {
		export.Keywords = append(export.Keywords, d.Name)
	}
	switch mode {
	case ExploreHistogram:
		opts := plotting.HistogramOptions{Size: size, Export: export, LogY: true, Title: "Heaps per Grundy value" + nameSuffix(d.Name)}
		opts.Caption = fmt.Sprintf("%s, heaps 0–%s · nimlab %s", what, plotting.GroupDigits(pyr.Len()-1), plotting.Version)
		if e.mask != 0 {
			opts.Rare = plotting.RareByMask(e.mask)
		}
		return func() (*plotting.Figure, error) { return plotting.HistogramOfCounts(pyr.Counts(), opts) }, nil
	case ExploreDifference:
		if mis == nil {
			return nil, fmt.Errorf("the difference view needs a period")
		}
	default:
		mis = nil
	}
	opts := plotting.SequenceViewOptions{Size: size, View: v, Marks: marks, Mismatches: mis,
		Title: "Grundy values" + nameSuffix(d.Name) + ", " + rng}
	opts.Export = export
	opts.Caption = caption
	return func() (*plotting.Figure, error) { return plotting.SequenceViewPlot(pyr, opts) }, nil
}

// Jobs runs the explorer's background work: the pyramid and the difference
// marks of a new sequence (tests wait on it).
func (e *SequenceExplorer) Jobs() *JobRunner { return &e.jobs }

// Data returns the sequence shown.
func (e *SequenceExplorer) Data() SequenceData {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.data
}

// change runs fn under the lock, then redraws the plot and reports the
// change.
func (e *SequenceExplorer) change(fn func()) {
	e.mu.Lock()
	fn()
	e.mu.Unlock()
	e.Refresh()
	e.changed()
}
