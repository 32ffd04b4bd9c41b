package gui

import (
	"image"
	"image/color"
	"image/draw"
	"strconv"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/solver/octal"
)

// plotSequence draws the sequence through the plotting package (the same
// picture as nimlab octal --png), falling back to drawSequence when the
// view is smaller than plotting draws.
func plotSequence(p sequencePlot, w, h int) image.Image {
	if len(p.Values) == 0 || w < plotting.MinPixels || h < plotting.MinPixels || w > plotting.MaxPixels || h > plotting.MaxPixels {
		return drawSequence(p, w, h)
	}
	seq := plotting.Sequence{Values: p.Values}
	if p.Certified {
		seq.Period, seq.Preperiod = p.Period.Period, p.Period.Preperiod
	}
	opts := plotting.SequenceOptions{Size: plotting.Size{Width: w, Height: h, DPI: 96}, Title: p.Title}
	if len(p.Values) <= 400 {
		opts.Style = plotting.Points
	}
	fig, err := plotting.SequencePlot(seq, opts)
	if err != nil {
		return drawSequence(p, w, h)
	}
	return fig.Image
}

// sequencePlot is what the sequence-plot view needs to draw a Grundy
// sequence: the values and, when known, the certified period.
type sequencePlot struct {
	Values    []uint16
	Period    octal.Period
	Certified bool
	Title     string
}

// sequenceRenderer draws a sequencePlot as a w×h image. The Octal tab holds
// one in a variable so that the plotting package's renderer can replace this
// built-in one without touching the widgets.
type sequenceRenderer func(p sequencePlot, w, h int) image.Image

// Colours of the built-in plots.
var (
	plotBackground = color.NRGBA{255, 255, 255, 255}
	plotAxis       = color.NRGBA{60, 60, 60, 255}
	plotPoint      = color.NRGBA{20, 70, 170, 255}
	plotPeriodic   = color.NRGBA{255, 236, 170, 255}
	plotPreperiod  = color.NRGBA{200, 40, 40, 255}
)

// drawSequence is the built-in sequence plot: G(n) against n as points, the
// periodic part (n ≥ preperiod) on a tinted background and the preperiod
// marked by a red line.
func drawSequence(p sequencePlot, w, h int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, max(w, 1), max(h, 1)))
	draw.Draw(img, img.Bounds(), image.NewUniform(plotBackground), image.Point{}, draw.Src)
	if w < 60 || h < 40 || len(p.Values) == 0 {
		return img
	}
	const left, bottom, top, right = 44, 22, 18, 12
	pw, ph := w-left-right, h-top-bottom
	if pw < 4 || ph < 4 {
		return img
	}
	n := len(p.Values)
	maxV := 1
	for _, v := range p.Values {
		maxV = max(maxV, int(v))
	}
	xOf := func(i int) int { return left + int(int64(i)*int64(pw-1)/int64(max(n-1, 1))) }
	yOf := func(v int) int { return top + ph - 1 - v*(ph-1)/maxV }
	if p.Certified && p.Period.Preperiod < n {
		x0 := xOf(p.Period.Preperiod)
		draw.Draw(img, image.Rect(x0, top, left+pw, top+ph), image.NewUniform(plotPeriodic), image.Point{}, draw.Src)
		for y := top; y < top+ph; y++ {
			img.SetNRGBA(x0, y, plotPreperiod)
		}
	}
	// Axes.
	for x := left; x < left+pw; x++ {
		img.SetNRGBA(x, top+ph, plotAxis)
	}
	for y := top; y <= top+ph; y++ {
		img.SetNRGBA(left-1, y, plotAxis)
	}
	// Points: a 2×2 dot when there is room, else one pixel.
	dot := min(max(pw/n, 2), 4)
	for i, v := range p.Values {
		x, y := xOf(i), yOf(int(v))
		for dx := 0; dx < dot; dx++ {
			for dy := 0; dy < dot; dy++ {
				img.SetNRGBA(x+dx, y-dy, plotPoint)
			}
		}
	}
	label := func(s string, x, y int) {
		d := font.Drawer{Dst: img, Src: image.NewUniform(plotAxis), Face: basicfont.Face7x13, Dot: fixed.P(x, y)}
		d.DrawString(s)
	}
	label("0", left-10, top+ph+4)
	label(strconv.Itoa(maxV), 2, top+8)
	last := strconv.Itoa(n - 1)
	label(last, left+pw-7*len(last), top+ph+16)
	label("n", left+pw/2, top+ph+16)
	if p.Title != "" {
		label(p.Title, left+4, 13)
	}
	return img
}
