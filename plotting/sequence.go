package plotting

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/nimlab/nimlab/solver/octal"
)

// Sequence is a Grundy sequence G(0..len(Values)−1) and what is known of its
// periodicity: G(n+Period) = G(n) for every n ≥ Preperiod. Period 0 means no
// period is known, and nothing is marked.
type Sequence struct {
	// Name names the game in the default title, e.g. "0.07".
	Name              string
	Values            []uint16
	Period, Preperiod int
}

// SequenceStyle is how the values are drawn.
type SequenceStyle int

const (
	// Steps holds G(n) from n to n+1 and joins neighbouring values by
	// vertical risers (the default).
	Steps SequenceStyle = iota
	// Points draws one dot per heap at x = n.
	Points
)

// SequenceOptions say how a Sequence is drawn. The zero value draws a
// DefaultSize step plot.
type SequenceOptions struct {
	Size
	Export
	// Title replaces the default "Grundy values of <Name>".
	Title string
	Style SequenceStyle
	// LogX draws heap sizes on a logarithmic axis (heap 0 is then left out).
	LogX bool
	// PeriodGrid draws a faint line at every multiple of the period after
	// the preperiod.
	PeriodGrid bool
	// Palette, when set, colours each point by its value (Points style
	// only; steps keep one colour so that risers stay readable).
	Palette Palette
}

// Colours of the sequence plot.
var (
	valueColour     = nrgb(0x1b3a8c) // the values
	periodicShade   = nrgb(0xfff0cc) // background of the periodic part
	periodGridColor = nrgb(0xd9a441) // the period grid
	// PreperiodColour is the colour of the line marking the preperiod (and of
	// nothing else), so that tests and viewers can find it.
	PreperiodColour = nrgb(0xd1232a)
	periodColour    = nrgb(0x8a5a00) // the period bracket and its label
)

// SequencePlot draws G(n) against the heap size n. Each pixel column shows
// the minimum to the maximum of the values of the heaps under it (per-pixel
// min/max decimation), so 10^7 values draw as fast as the picture has columns
// and no value is lost. When Period > 0, the periodic part n ≥ Preperiod is
// shaded, a line marks the preperiod and the period is written on the plot.
func SequencePlot(seq Sequence, opts SequenceOptions) (*Figure, error) {
	if err := checkSequence(seq, opts); err != nil {
		return nil, err
	}
	n := len(seq.Values)
	size := opts.Size.withDefaults()
	if err := size.Validate(); err != nil {
		return nil, err
	}
	first := 0
	if opts.LogX {
		first = 1
	}
	maxV := 0
	for _, v := range seq.Values[first:] {
		maxV = max(maxV, int(v))
	}
	var lut []color.NRGBA // colours of the values, when a palette is set
	if opts.Style == Points && opts.Palette.colour != nil {
		if err := opts.Palette.Fits(maxV); err != nil {
			return nil, err
		}
		lut = opts.Palette.Colours(maxV)
	}

	c := newCanvasFor(size, opts.Export)
	st := c.st
	p := st.newPlot(sequenceTitle(seq, opts), "heap size n", "G(n)")
	xr := AxisRange{Min: float64(first), Max: float64(n)}
	p.X.Min, p.X.Max = xr.Min, xr.Max
	if opts.LogX {
		// gonum draws the axis in log10 units (see logTicks).
		xr.Log = true
		p.X.Tick.Marker = logTicks{}
		p.X.Min, p.X.Max = math.Log10(xr.Min), math.Log10(xr.Max)
	}

	// The top of the data area is kept free for the legend and the period
	// label: headPx pixels, converted to value units once the data height
	// is known. The window's sequence view (seqview.go) keeps the same.
	marked := seq.Period > 0 && seq.Preperiod < n
	leg := sequenceLegend(c, opts, lut, marked, 0)
	var headPx float64
	setAxes := func(dw, dh float64) {
		headPx = leg.headroom(st, st.sequenceHeadroom(marked), dw, dh)
		if !opts.LogX {
			p.X.Tick.Marker = newIntTicks(xr.Max, int(dw/(2.8*st.textWidth(p.X.Tick.Label, tickLabelFor(n)))+1))
		}
		span := float64(max(maxV, 1))
		// y spans [lo, hi] with the values in [0, maxV] and headPx free above.
		lo := -0.04 * span
		frac := math.Max(0.3, 1-headPx/dh) // share of the height for the values
		hi := lo + (span-lo)/frac
		p.Y.Min, p.Y.Max = lo, hi
		yt := newIntTicks(span, int((dh-headPx)/(2.4*st.tick))+1)
		if float64(yt.step) > span && frac*dh >= 3*st.tick {
			// A step above the largest value labels 0 alone, which gives
			// the axis no scale: the values' band has room for a second
			// label at least 0.4 of its height above 0.
			yt = intTicksEvery(niceStepWithin(span))
		}
		p.Y.Tick.Marker = clipTicks{yt, float64(maxV)}
	}
	data, err := c.layoutData(p, setAxes, "plot")
	if err != nil {
		return nil, err
	}

	fig := &Figure{
		Image: c.nrgba(), DPI: size.DPI, Data: data,
		X: xr, Y: AxisRange{Min: p.Y.Min, Max: p.Y.Max},
	}
	img := c.rgba()
	lw := int(st.line)
	preX := 0
	if marked {
		preX = drawPeriodicPart(img, fig, seq, opts, lw)
	}
	switch opts.Style {
	case Points:
		drawPoints(c, fig, seq.Values, first, lut)
	default:
		drawSteps(img, fig, seq.Values, first, lw)
	}
	frame(img, data, lw, frameColour)
	drawSequenceLegend(c, fig, leg, seq, marked, preX)
	return exportable(fig, opts, p.Title.Text, size, func(o SequenceOptions) (*Figure, error) { return SequencePlot(seq, o) })
}

// checkSequence reports a sequence that cannot be drawn with opts.
func checkSequence(seq Sequence, opts SequenceOptions) error {
	n := len(seq.Values)
	if n == 0 {
		return errors.New("plotting: the sequence has no values")
	}
	if opts.LogX && n < 2 {
		return errors.New("plotting: a logarithmic heap axis needs at least 2 values (heap 0 is not shown)")
	}
	if seq.Period < 0 || seq.Preperiod < 0 {
		return fmt.Errorf("plotting: period %d and preperiod %d must not be negative", seq.Period, seq.Preperiod)
	}
	return nil
}

// sequenceTitle is the plot's title: the options' or "Grundy values of
// <Name>".
func sequenceTitle(seq Sequence, opts SequenceOptions) string {
	if opts.Title != "" {
		return opts.Title
	}
	if seq.Name != "" {
		return "Grundy values of " + seq.Name
	}
	return "Grundy values"
}

// drawPeriodicPart shades the periodic part of the data area, draws the
// period grid when asked and the preperiod line (under the values, so that
// it never hides one), and returns the line's x.
func drawPeriodicPart(img *image.RGBA, fig *Figure, seq Sequence, opts SequenceOptions, lw int) int {
	data, n := fig.Data, len(seq.Values)
	preX := int(math.Round(fig.PixelX(math.Max(float64(seq.Preperiod), fig.X.Min))))
	fill(img, image.Rect(preX, data.Min.Y, data.Max.X, data.Max.Y), periodicShade)
	if opts.PeriodGrid {
		step := fig.PixelX(float64(seq.Preperiod+seq.Period)) - fig.PixelX(float64(seq.Preperiod))
		for k := seq.Preperiod + seq.Period; k < n && (opts.LogX || step >= 8); k += seq.Period {
			x := int(math.Round(fig.PixelX(float64(k))))
			if opts.LogX && x-int(math.Round(fig.PixelX(float64(k-seq.Period)))) < 8 {
				continue
			}
			fill(img, image.Rect(x, data.Min.Y, x+max(1, lw/2), data.Max.Y), periodGridColor)
		}
	}
	fill(img, image.Rect(preX-lw/2, data.Min.Y, preX-lw/2+lw, data.Max.Y), PreperiodColour)
	return preX
}

// clipTicks keeps the ticks of a ticker up to a limit, so that the value
// axis is not labelled in the empty band above the data.
type clipTicks struct {
	plot.Ticker
	limit float64
}

// Ticks implements plot.Ticker.
func (t clipTicks) Ticks(min, max float64) []plot.Tick {
	var out []plot.Tick
	for _, tk := range t.Ticker.Ticks(min, max) {
		if tk.Value <= t.limit+1e-9 {
			out = append(out, tk)
		}
	}
	return out
}

// heapColumns returns, for every pixel column of the data area, the first
// and last heap whose step [n, n+1) meets it; a column that starts exactly at
// an integer also takes the heap before, so that every riser is drawn.
func heapColumns(fig *Figure, first, n int) (lo, hi []int) {
	dw := fig.Data.Dx()
	lo, hi = make([]int, dw), make([]int, dw)
	for i := range dw {
		xa := fig.DataX(float64(fig.Data.Min.X + i))
		xb := fig.DataX(float64(fig.Data.Min.X + i + 1))
		a := int(math.Ceil(xa-1e-9)) - 1
		b := int(math.Ceil(xb-1e-9)) - 1
		lo[i], hi[i] = max(a, first), min(b, n-1)
	}
	return lo, hi
}

// drawSteps draws the step plot by per-column min/max decimation.
func drawSteps(img *image.RGBA, fig *Figure, values []uint16, first, lw int) {
	lo, hi := heapColumns(fig, first, len(values))
	clip := fig.Data
	for i := range lo {
		if lo[i] > hi[i] {
			continue
		}
		mn, mx := values[lo[i]], values[lo[i]]
		for _, v := range values[lo[i] : hi[i]+1] {
			mn = min(mn, v)
			mx = max(mx, v)
		}
		x := fig.Data.Min.X + i - lw/2
		top := int(math.Round(fig.PixelY(float64(mx)) - float64(lw)/2))
		bot := int(math.Round(fig.PixelY(float64(mn)) - float64(lw)/2))
		fill(img, image.Rect(x, top, x+lw, bot+lw).Intersect(clip), valueColour)
	}
}

// drawPoints draws one dot per heap: round dots where heaps are at least a
// few pixels apart, and otherwise a square on every pixel row that holds a
// value in that column (the points analogue of min/max decimation).
func drawPoints(c *canvas, fig *Figure, values []uint16, first int, lut []color.NRGBA) {
	st := c.st
	img := c.rgba()
	s := max(2, int(math.Round(4*st.unit)))
	dot := draw.GlyphStyle{Color: valueColour, Shape: draw.CircleGlyph{}}
	H := float64(c.size.Height)
	seen := make([]int, fig.Data.Max.Y+s+1)
	clip := fig.Data
	// Rows of the values and x of the heaps are computed once each: this
	// loop runs for every heap.
	maxV := 0
	for _, v := range values {
		maxV = max(maxV, int(v))
	}
	rowOf := make([]float64, maxV+1)
	for v := range rowOf {
		rowOf[v] = fig.PixelY(float64(v))
	}
	prevX := math.Inf(-1)
	x := fig.PixelX(float64(first))
	for k := first; k < len(values); k++ {
		nextX := fig.PixelX(float64(k + 1))
		spacing := math.Min(nextX-x, x-prevX)
		v := values[k]
		y := rowOf[v]
		col := valueColour
		if lut != nil {
			col = lut[v]
		}
		if spacing >= 4 {
			dot.Color = col
			dot.Radius = st.pt(math.Max(2.5*st.unit, math.Min(6*st.unit, 0.7*spacing)))
			c.dc.DrawGlyph(dot, vg.Point{X: st.pt(x), Y: st.pt(H - y)})
		} else if px, row := int(x), int(y); seen[row] != px+1 {
			seen[row] = px + 1
			fill(img, image.Rect(px-s/2, row-s/2, px-s/2+s, row-s/2+s).Intersect(clip), col)
		}
		prevX, x = x, nextX
	}
}

// sequenceHeadroom is the height in pixels kept free above a sequence
// plot's values for its legend, and for the preperiod and period labels when
// marked.
func (st style) sequenceHeadroom(marked bool) float64 {
	if marked {
		return 4.6 * st.note
	}
	return 1.9 * st.note
}

// sequenceLegend is the legend of a sequence plot: the values (common and
// rare ones apart when rareMask is set) and, when marked, the periodic
// part and the preperiod line.
func sequenceLegend(c *canvas, opts SequenceOptions, lut []color.NRGBA, marked bool, rareMask uint16) legend {
	st := c.st
	img := c.rgba()
	items := []legendItem{{"G(n)", func(x, y, sw, _ float64) {
		if opts.Style != Points {
			fill(img, image.Rect(int(x), int(y)-int(st.line)/2, int(x+sw), int(y)-int(st.line)/2+int(st.line)), valueColour)
			return
		}
		// Three dots: in the palette's first, middle and last colours when
		// the values are coloured.
		cols := []color.NRGBA{valueColour, valueColour, valueColour}
		if lut != nil {
			cols = []color.NRGBA{lut[0], lut[len(lut)/2], lut[len(lut)-1]}
		}
		d := max(3, int(math.Round(6*st.unit)))
		for i, col := range cols {
			cx := int(x + sw*(float64(i)+0.5)/3)
			fill(img, image.Rect(cx-d/2, int(y)-d/2, cx-d/2+d, int(y)-d/2+d), col)
		}
	}}}
	if rareMask != 0 {
		items[0].label = "common values"
		items = append(items, legendItem{fmt.Sprintf("rare values (v AND %s has an even number of 1 bits)", octal.MaskString(uint16(rareMask))), func(x, y, sw, _ float64) {
			d := max(4, int(math.Round(8*st.unit)))
			fill(img, image.Rect(int(x+sw/2)-d/2, int(y)-d/2, int(x+sw/2)-d/2+d, int(y)-d/2+d), RareColour)
		}})
	}
	if marked {
		items = append(items,
			legendItem{"periodic part", func(x, y, sw, size float64) {
				r := image.Rect(int(x), int(y-0.45*size), int(x+sw), int(y+0.45*size))
				fill(img, r, periodicShade)
				frame(img, r, 1, periodGridColor)
			}},
			legendItem{"preperiod", func(x, y, sw, size float64) {
				lw := int(st.line)
				fill(img, image.Rect(int(x+sw/2)-lw/2, int(y-0.5*size), int(x+sw/2)-lw/2+lw, int(y+0.5*size)), PreperiodColour)
			}})
	}
	// The legend and the period labels take at most 0.6 of the height, so
	// that their head room (a little taller) leaves the values the 0.3 the
	// axes keep for them (SequencePlot): on a small printed picture they
	// are set smaller instead of over the values.
	leg := legend{sw: 1.3 * st.note, items: items, share: 0.6}
	if marked {
		leg.below = periodLabelsBelow
	}
	return leg
}

// periodLabelsBelow is the height, in text sizes, that the period labels
// take under the legend's last line (drawPeriodLabels): two lines when
// "period" goes under "preperiod".
const periodLabelsBelow = 1.6 + 1.2 + 0.6

// drawSequenceLegend draws the legend (top right) and, when the sequence is
// periodic, the preperiod and period labels at the preperiod line preX.
func drawSequenceLegend(c *canvas, fig *Figure, leg legend, seq Sequence, marked bool, preX int) {
	rowY, size := leg.draw(c, fig)
	if marked {
		drawPeriodLabels(c, fig, seq, rowY+1.6*size, preX, size)
	}
}

// drawPeriodLabels writes "preperiod 53" at the preperiod line preX (left
// of it when there is room), "period 34" after it with a bracket one period
// wide, or, when the row has no room for it, on the line below; labelY is
// the labels' centre line and size their text size (the legend's). Every
// label stays inside the data area.
func drawPeriodLabels(c *canvas, fig *Figure, seq Sequence, labelY float64, preX int, size float64) {
	st := c.st
	H := float64(c.size.Height)
	d := fig.Data
	pad := 0.5 * st.margin
	lo, hi := float64(d.Min.X)+pad, float64(d.Max.X)-pad
	bold := st.textStyle(size, true)
	pre := fmt.Sprintf("preperiod %s", formatInt(seq.Preperiod))
	per := fmt.Sprintf("period %s", formatInt(seq.Period))
	if w := math.Max(st.textWidth(bold, pre), st.textWidth(bold, per)); w > hi-lo {
		bold = st.textStyle(size*0.98*(hi-lo)/w, true) // a very narrow picture
	}
	bold.XAlign, bold.YAlign = draw.XLeft, draw.YCenter
	preW, perW := st.textWidth(bold, pre), st.textWidth(bold, per)
	put := func(s string, x, y, w float64) {
		x = math.Max(lo, math.Min(x, hi-w))
		c.dc.FillText(bold, vg.Point{X: st.pt(x), Y: st.pt(H - y)}, s)
		fig.legendRows = append(fig.legendRows, textExtent(x, x+w, y, st.px(bold.Font.Size)))
	}
	px := float64(preX)
	bold.Color = PreperiodColour
	next := px + pad // where "period" may start on the same line
	if px-pad-preW >= lo {
		put(pre, px-pad-preW, labelY, preW)
	} else {
		// No room on the left: both labels go right of the line.
		put(pre, px+pad, labelY, preW)
		next = math.Max(lo, math.Min(px+pad, hi-preW)) + preW + pad
	}
	bold.Color = periodColour
	if next+perW > hi {
		// Under "preperiod", right-aligned at the line when it fits there.
		put(per, px-pad-perW, labelY+1.2*size, perW)
		return
	}
	put(per, next, labelY, perW)
	// The bracket spans one period from the preperiod, when it is wide
	// enough to see.
	bx0 := fig.PixelX(math.Max(float64(seq.Preperiod), fig.X.Min))
	bx1 := fig.PixelX(math.Min(float64(seq.Preperiod+seq.Period), fig.X.Max))
	if bx1-bx0 >= 12 {
		by := labelY + 0.9*size
		lw := st.line
		line := draw.LineStyle{Color: periodColour, Width: st.pt(lw)}
		c.dc.StrokeLine2(line, st.pt(bx0), st.pt(H-by), st.pt(bx1), st.pt(H-by))
		c.dc.StrokeLine2(line, st.pt(bx1-lw/2), st.pt(H-by+0.35*size), st.pt(bx1-lw/2), st.pt(H-by-0.35*size))
		c.dc.StrokeLine2(line, st.pt(bx0+lw), st.pt(H-by+0.35*size), st.pt(bx0+lw), st.pt(H-by-0.35*size))
	}
}
