package plotting

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Table is a two-index table of values, such as G(A_{p,q}) for an Astron
// slice or a nim-sum table. Negative values mean "unknown" and are drawn in
// the background colour.
type Table struct {
	// Cols and Rows are the sizes along the first index (x, to the right)
	// and the second index (y, upwards).
	Cols, Rows int
	// Values[r*Cols+c] is the value at first index X0+c, second index Y0+r.
	Values []int
	// X0 and Y0 are the indices of the first column and row (often 0).
	X0, Y0 int
}

// TableFromGrid builds a Table from g[p][q] (p along x, q along y), the way
// a solver naturally stores G(A_{p,q}); every g[p] must have the same length.
func TableFromGrid(g [][]int) (Table, error) {
	if len(g) == 0 || len(g[0]) == 0 {
		return Table{}, errors.New("plotting: the table is empty")
	}
	t := Table{Cols: len(g), Rows: len(g[0]), Values: make([]int, len(g)*len(g[0]))}
	for p, col := range g {
		if len(col) != t.Rows {
			return Table{}, fmt.Errorf("plotting: table column %d has %d values, column 0 has %d", p, len(col), t.Rows)
		}
		for q, v := range col {
			t.Values[q*t.Cols+p] = v
		}
	}
	return t, nil
}

// At returns the value at column c, row r (0-based, not offset by X0, Y0).
func (t Table) At(c, r int) int { return t.Values[r*t.Cols+c] }

func (t Table) check() error {
	if t.Cols <= 0 || t.Rows <= 0 {
		return fmt.Errorf("plotting: the table is empty (%d×%d)", t.Cols, t.Rows)
	}
	if len(t.Values) != t.Cols*t.Rows {
		return fmt.Errorf("plotting: a %d×%d table needs %d values, got %d", t.Cols, t.Rows, t.Cols*t.Rows, len(t.Values))
	}
	return nil
}

// maxValue returns the largest value (−1 when all are unknown).
func (t Table) maxValue() int {
	m := -1
	for _, v := range t.Values {
		m = maxInt(m, v)
	}
	return m
}

// HeatmapOptions say how a Table is drawn. The zero value draws a
// DefaultSize picture in the rainbow palette.
type HeatmapOptions struct {
	Size
	Export
	Title          string
	XLabel, YLabel string
	// ValueLabel names the values on the colour bar; "" means "G".
	ValueLabel string
	// Palette colours the values; the zero Palette means Rainbow.
	Palette Palette
	// Max is the value that gets the last colour; 0 means the table's
	// largest value. Larger values are drawn in the last colour.
	Max int
	// PeriodicFrom > 0 draws the preperiod lines: between index
	// PeriodicFrom−1 and PeriodicFrom on both axes.
	PeriodicFrom int
	// Period > 0 (with PeriodicFrom) draws the period grid: lines every
	// Period indices beyond PeriodicFrom.
	Period int
	// OverlayColour draws the preperiod lines and the period grid; its
	// zero value means the one OverlayColour chooses for the table and
	// palette. A window that shows the same overlay passes its own, so
	// that the figure shows what the screen did.
	OverlayColour color.NRGBA
}

// Colours of the heatmap's own marks.
var (
	unknownColour = color.NRGBA{R: 255, G: 255, B: 255, A: 255}
	frameColour   = color.NRGBA{A: 255}
)

// Heatmap draws t as coloured cells, one colour per cell and no blur: when a
// cell is at least a pixel wide, every cell is the same whole number of pixels
// wide and high; when the table has more cells than the data area has pixels,
// each pixel shows the one cell under its top-left corner (never a blend).
func Heatmap(t Table, opts HeatmapOptions) (*Figure, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	size := opts.Size.withDefaults()
	if err := size.Validate(); err != nil {
		return nil, err
	}
	pal := opts.Palette
	if pal.colour == nil {
		pal = Rainbow
	}
	maxV := opts.Max
	if maxV <= 0 {
		maxV = maxInt(t.maxValue(), 1)
	}
	if err := pal.Fits(maxV); err != nil {
		return nil, err
	}
	valueLabel := opts.ValueLabel
	if valueLabel == "" {
		valueLabel = "G"
	}

	c := newCanvasFor(size, opts.Export)
	st := c.st
	W, H := float64(size.Width), float64(size.Height)
	p := st.newPlot(opts.Title, opts.XLabel, opts.YLabel)
	p.X.Min, p.X.Max = float64(t.X0)-0.5, float64(t.X0+t.Cols)-0.5
	p.Y.Min, p.Y.Max = float64(t.Y0)-0.5, float64(t.Y0+t.Rows)-0.5

	// The colour bar and its labels take a strip on the right.
	barLabels := newIntTicks(float64(maxV), int(H*0.6/(2.2*st.tick))).Ticks(0, float64(maxV))
	labelW := 0.0
	for _, tk := range barLabels {
		labelW = math.Max(labelW, st.textWidth(st.textStyle(st.tick, false), tk.Label))
	}
	barGap, barW := 1.6*st.margin, math.Round(44*st.unit)
	barStrip := barGap + barW + st.tickLen + 0.3*st.margin + labelW
	// The title is centred over the plot, left of the colour bar.
	st.fitTitle(p, W-2*st.margin-barStrip)

	// First guess of the ticks from the whole picture, then the data area
	// the axes leave, then the ticks again for that area.
	setTicks := func(dw, dh float64) {
		xt := newIntTicks(float64(t.Cols-1), int(dw/(2.5*st.textWidth(p.X.Tick.Label, tickLabelFor(t.X0+t.Cols-1))+1)))
		yt := newIntTicks(float64(t.Rows-1), int(dh/(2.1*st.tick)))
		// A square table reads best with the same steps on both axes.
		if t.Cols == t.Rows && xt.step != yt.step {
			if xt.step > yt.step {
				yt = xt
			} else {
				xt = yt
			}
		}
		p.X.Tick.Marker, p.Y.Tick.Marker = xt, yt
	}
	setTicks(W*0.7, H*0.7)
	l, tp, r, b := c.margins(p, st.margin, st.margin, W-st.margin-barStrip, H-st.margin)
	availW := W - 2*st.margin - barStrip - l - r
	availH := H - 2*st.margin - tp - b
	setTicks(availW, availH)
	l, tp, r, b = c.margins(p, st.margin, st.margin, W-st.margin-barStrip, H-st.margin)
	availW = W - 2*st.margin - barStrip - l - r
	availH = H - 2*st.margin - tp - b
	if availW < 10 || availH < 10 {
		return nil, fmt.Errorf("plotting: a %d×%d picture leaves no room for the heatmap; make it larger", size.Width, size.Height)
	}
	// Square cells of a whole number of pixels when they are at least one
	// pixel; otherwise the largest area of the table's shape.
	s := math.Min(availW/float64(t.Cols), availH/float64(t.Rows))
	if s >= 1 {
		s = math.Floor(s)
	}
	dw, dh := int(s*float64(t.Cols)), int(s*float64(t.Rows))
	// Centre the data area and colour bar as a group.
	total := l + float64(dw) + r + barStrip
	x0 := int(math.Round((W-total)/2 + l))
	y0 := int(math.Round(st.margin + tp + (availH-float64(dh))/2))
	data := image.Rect(x0, y0, x0+dw, y0+dh)

	outer, err := c.placePlot(p, data)
	if err != nil {
		return nil, err
	}
	p.Draw(outer)

	img := c.rgba()
	lut := pal.Colours(maxV)
	colourOf := func(v int) color.NRGBA {
		if v < 0 {
			return unknownColour
		}
		return lut[min(v, maxV)]
	}
	// Column and row of the table under each pixel, computed once.
	colOf := make([]int, dw)
	for i := range colOf {
		colOf[i] = i * t.Cols / dw
	}
	for j := 0; j < dh; j++ {
		row := t.Rows - 1 - j*t.Rows/dh
		off := img.PixOffset(x0, y0+j)
		pix := img.Pix[off : off+4*dw]
		base := row * t.Cols
		for i, col := range colOf {
			cc := colourOf(t.Values[base+col])
			k := 4 * i
			pix[k], pix[k+1], pix[k+2], pix[k+3] = cc.R, cc.G, cc.B, 255
		}
	}

	fig := &Figure{
		Image: c.nrgba(), DPI: size.DPI, Data: data,
		X: AxisRange{Min: p.X.Min, Max: p.X.Max},
		Y: AxisRange{Min: p.Y.Min, Max: p.Y.Max},
	}
	if opts.OverlayColour.A == 0 {
		opts.OverlayColour = OverlayColour(lut, t.Values)
	}
	drawHeatmapOverlays(img, fig, t, opts, st)
	frame(img, data, int(st.line), frameColour)

	// The colour bar: one band per value, labelled at band centres, under
	// its own label (kept inside the data height, clear of the title).
	barTop := data.Min.Y + int(math.Round(1.5*st.label))
	bar := image.Rect(data.Max.X+int(math.Round(barGap)), barTop, data.Max.X+int(math.Round(barGap+barW)), data.Max.Y)
	for j := 0; j < bar.Dy(); j++ {
		v := (bar.Dy() - 1 - j) * (maxV + 1) / bar.Dy()
		fill(img, image.Rect(bar.Min.X, bar.Min.Y+j, bar.Max.X, bar.Min.Y+j+1), lut[v])
	}
	frame(img, bar, int(st.line), frameColour)
	barY := func(v float64) float64 { return float64(bar.Max.Y) - (v+0.5)/float64(maxV+1)*float64(bar.Dy()) }
	tickStyle := st.textStyle(st.tick, false)
	tickStyle.XAlign, tickStyle.YAlign = draw.XLeft, draw.YCenter
	line := draw.LineStyle{Color: color.Black, Width: st.pt(st.line)}
	xTick := float64(bar.Max.X) + st.line
	for _, tk := range barLabels {
		y := barY(tk.Value)
		if tk.Label == "" {
			c.dc.StrokeLine2(line, st.pt(xTick), st.pt(H-y), st.pt(xTick+st.tickLen/2), st.pt(H-y))
			continue
		}
		c.dc.StrokeLine2(line, st.pt(xTick), st.pt(H-y), st.pt(xTick+st.tickLen), st.pt(H-y))
		c.dc.FillText(tickStyle, vg.Point{X: st.pt(xTick + st.tickLen + 0.3*st.margin), Y: st.pt(H - y)}, tk.Label)
	}
	labelStyle := st.textStyle(st.label, false)
	labelStyle.YAlign = draw.YTop
	c.dc.FillText(labelStyle, vg.Point{X: st.pt(float64(bar.Min.X+bar.Max.X) / 2), Y: st.pt(H - float64(data.Min.Y))}, valueLabel)
	return exportable(fig, opts, p.Title.Text, size, func(o HeatmapOptions) (*Figure, error) { return Heatmap(t, o) })
}

// drawHeatmapOverlays draws the preperiod lines and the period grid on the
// cells, at cell boundaries.
func drawHeatmapOverlays(img *image.RGBA, fig *Figure, t Table, opts HeatmapOptions, st style) {
	if opts.PeriodicFrom <= 0 {
		return
	}
	d := fig.Data
	w := int(st.line)
	gw := maxInt(1, int(math.Round(2*st.unit)))
	vline := func(x float64, col color.NRGBA, width int, alpha float64) {
		px := int(math.Round(fig.PixelX(x)))
		if px <= d.Min.X || px >= d.Max.X {
			return
		}
		r := image.Rect(px-width/2, d.Min.Y, px-width/2+width, d.Max.Y)
		if alpha >= 1 {
			fill(img, r, col)
		} else {
			blend(img, r, col, alpha)
		}
	}
	hline := func(y float64, col color.NRGBA, width int, alpha float64) {
		py := int(math.Round(fig.PixelY(y)))
		if py <= d.Min.Y || py >= d.Max.Y {
			return
		}
		r := image.Rect(d.Min.X, py-width/2, d.Max.X, py-width/2+width)
		if alpha >= 1 {
			fill(img, r, col)
		} else {
			blend(img, r, col, alpha)
		}
	}
	if opts.Period > 0 {
		// Grid lines only where they are far enough apart to read.
		if fig.PixelX(float64(opts.Period))-fig.PixelX(0) >= 6 {
			for k := opts.PeriodicFrom + opts.Period; k < t.X0+t.Cols; k += opts.Period {
				vline(float64(k)-0.5, opts.OverlayColour, gw, 0.55)
			}
		}
		if fig.PixelY(0)-fig.PixelY(float64(opts.Period)) >= 6 {
			for k := opts.PeriodicFrom + opts.Period; k < t.Y0+t.Rows; k += opts.Period {
				hline(float64(k)-0.5, opts.OverlayColour, gw, 0.55)
			}
		}
	}
	vline(float64(opts.PeriodicFrom)-0.5, opts.OverlayColour, w, 1)
	hline(float64(opts.PeriodicFrom)-0.5, opts.OverlayColour, w, 1)
}
