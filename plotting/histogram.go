package plotting

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"math/bits"
)

// HistogramOptions say how a histogram of values is drawn.
type HistogramOptions struct {
	Size
	Export
	// Title replaces the default "How often each Grundy value occurs".
	Title string
	// Rare, when set, splits the values into rare (true) and common ones,
	// drawn in two colours with their totals in the legend. RareByMask
	// builds the sparse-space split from the engine's mask.
	Rare func(value int) bool
	// LogY counts on a logarithmic axis, so that rare values with a handful
	// of heaps show next to common ones with millions.
	LogY bool
}

// RareByMask returns the sparse-space rare/common split of the octal sparse
// engine (octal.Sparse.Mask): v is rare when v AND mask has an even number of
// one bits. The rare values are a subgroup under XOR, so 0 is always rare,
// and the common values are its other coset. Mask 0 makes every value rare.
func RareByMask(mask uint16) func(value int) bool {
	return func(v int) bool { return bits.OnesCount16(uint16(v)&mask)%2 == 0 }
}

// Colours of the histogram's bars.
var (
	commonColour = valueColour
	rareColour   = nrgb(0xe07b00)
)

// Histogram draws how many heaps have each Grundy value 0..max, one bar per
// value, optionally split into rare and common values.
func Histogram(values []uint16, opts HistogramOptions) (*Figure, error) {
	if len(values) == 0 {
		return nil, errors.New("plotting: the sequence has no values")
	}
	size := opts.Size.withDefaults()
	if err := size.Validate(); err != nil {
		return nil, err
	}
	maxV := 0
	for _, v := range values {
		maxV = max(maxV, int(v))
	}
	counts := make([]int, maxV+1)
	for _, v := range values {
		counts[v]++
	}
	return HistogramOfCounts(counts, opts)
}

// HistogramOfCounts draws the histogram of HistogramOptions from counts[v],
// the number of heaps with value v (SequencePyramid.Counts), so that a
// caller holding the counts need not pass every value again.
func HistogramOfCounts(counts []int, opts HistogramOptions) (*Figure, error) {
	heaps := 0
	maxV := 0
	for v, c := range counts {
		heaps += c
		if c > 0 {
			maxV = v
		}
	}
	if heaps == 0 {
		return nil, errors.New("plotting: the sequence has no values")
	}
	counts = counts[:maxV+1]
	size := opts.Size.withDefaults()
	if err := size.Validate(); err != nil {
		return nil, err
	}
	maxCount := 0
	for _, n := range counts {
		maxCount = max(maxCount, n)
	}

	c := newCanvasFor(size, opts.Export)
	st := c.st
	title := opts.Title
	if title == "" {
		title = "How often each Grundy value occurs"
	}
	p := st.newPlot(title, "Grundy value", "heaps")
	p.X.Min, p.X.Max = -0.5, float64(maxV)+0.5
	labels, cols := histogramLegend(counts, opts.Rare)
	leg := legend{sw: 1.1 * st.note}
	for i, s := range labels {
		col := cols[i]
		leg.items = append(leg.items, legendItem{s, func(x, y, sw, _ float64) {
			fill(c.rgba(), image.Rect(int(x), int(y-sw/2), int(x+sw), int(y+sw/2)), col)
		}})
	}
	var headPx float64
	setAxes := func(dw, dh float64) {
		headPx = 2.2*st.note + leg.extraHeight(st, dw, dh)
		p.X.Tick.Marker = newIntTicks(float64(maxV), int(dw/(2.5*st.textWidth(p.X.Tick.Label, tickLabelFor(maxV)))+1))
		frac := math.Max(0.3, 1-headPx/dh)
		if opts.LogY {
			// gonum draws the axis in log10 units (see logTicks); the bars
			// start at 0.5 so that a count of 1 shows.
			lo := math.Log10(0.5)
			top := math.Log10(float64(maxCount) * 1.05)
			p.Y.Min, p.Y.Max = lo, lo+(top-lo)/frac
			p.Y.Tick.Marker = clipTicks{logTicks{}, top}
			return
		}
		p.Y.Min, p.Y.Max = 0, float64(maxCount)/frac
		p.Y.Tick.Marker = clipTicks{newIntTicks(float64(maxCount), int((dh-headPx)/(2.4*st.tick))+1), float64(maxCount)}
	}
	data, err := c.layoutData(p, setAxes, "histogram")
	if err != nil {
		return nil, err
	}
	fig := &Figure{
		Image: c.nrgba(), DPI: size.DPI, Data: data,
		X: AxisRange{Min: p.X.Min, Max: p.X.Max},
		Y: AxisRange{Min: p.Y.Min, Max: p.Y.Max},
	}
	if opts.LogY {
		fig.Y = AxisRange{Min: math.Pow(10, p.Y.Min), Max: math.Pow(10, p.Y.Max), Log: true}
	}
	img := c.rgba()
	for v, n := range counts {
		rare := opts.Rare != nil && opts.Rare(v)
		col := commonColour
		if rare {
			col = rareColour
		}
		if n == 0 {
			continue
		}
		// Bars are 80% of a value's width, but never less than a pixel and
		// always a pixel apart when there is room.
		xa := int(math.Round(fig.PixelX(float64(v) - 0.4)))
		xb := max(xa+1, int(math.Round(fig.PixelX(float64(v)+0.4))))
		top := int(math.Round(fig.PixelY(float64(n))))
		top = min(top, data.Max.Y-1) // a count of 1 is still visible
		fill(img, image.Rect(xa, top, xb, data.Max.Y).Intersect(data), col)
	}
	frame(img, data, int(st.line), frameColour)

	leg.draw(c, fig)
	return exportable(fig, opts, p.Title.Text, size, func(o HistogramOptions) (*Figure, error) { return HistogramOfCounts(counts, o) })
}

// histogramLegend returns the legend's labels and colours: the common and
// rare values with their heaps, or the heaps and distinct values.
func histogramLegend(counts []int, rareOf func(int) bool) ([]string, []color.NRGBA) {
	var rareValues, rareHeaps, commonValues, commonHeaps int
	for v, n := range counts {
		if n == 0 {
			continue
		}
		if rareOf != nil && rareOf(v) {
			rareValues++
			rareHeaps += n
		} else {
			commonValues++
			commonHeaps += n
		}
	}
	if rareOf != nil {
		return []string{
				fmt.Sprintf("common: %d values, %s heaps", commonValues, formatInt(commonHeaps)),
				fmt.Sprintf("rare: %d values, %s heaps", rareValues, formatInt(rareHeaps))},
			[]color.NRGBA{commonColour, rareColour}
	}
	return []string{fmt.Sprintf("%s heaps, %d distinct values", formatInt(commonHeaps), commonValues)}, []color.NRGBA{commonColour}
}
