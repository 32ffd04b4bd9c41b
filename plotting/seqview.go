package plotting

import (
	"errors"
	"fmt"
	"image"
	"math"

	"gonum.org/v1/plot"
)

// SequenceViewOptions say which part of an indexed sequence is drawn and
// how: what the sequence explorer shows, for export.
type SequenceViewOptions struct {
	Size
	Export
	// Title replaces the default "Grundy values".
	Title string
	// View is the heap range (and value range) shown.
	View  SequenceView
	Marks SequenceMarks
	// Mismatches, when set, draws the difference view (where G(n+p) ≠
	// G(n)) instead of the values.
	Mismatches *Mismatches
}

// SequenceViewPlot draws the part of p that opts.View shows, with axes,
// legend, the preperiod and period marked and the rare values in their own
// colour, exactly as the window's sequence explorer draws it (the same
// presence decimation, so a rare value met by one heap is drawn).
func SequenceViewPlot(p *SequencePyramid, opts SequenceViewOptions) (*Figure, error) {
	if p == nil || p.Len() == 0 {
		return nil, errors.New("plotting: the sequence has no values")
	}
	v := opts.View
	if v.X1 <= v.X0 || (v.LogX && v.X0 < 1) {
		return nil, fmt.Errorf("plotting: the heap range %g to %g is empty", v.X0, v.X1)
	}
	if v.Y1 <= v.Y0 {
		v.Y0, v.Y1 = -0.04*float64(max(p.Max(), 1)), float64(max(p.Max(), 1))*1.04
	}
	size := opts.Size.withDefaults()
	if err := size.Validate(); err != nil {
		return nil, err
	}
	c := newCanvasFor(size, opts.Export)
	st := c.st
	title := opts.Title
	if title == "" {
		title = "Grundy values"
	}
	diff := opts.Mismatches != nil
	ylabel := "G(n)"
	if diff {
		ylabel = fmt.Sprintf("G(n+%d) ≠ G(n)", opts.Mismatches.Period)
	}
	pl := st.newPlot(title, "heap size n", ylabel)
	xr := AxisRange{Min: v.X0, Max: v.X1}
	pl.X.Min, pl.X.Max = v.X0, v.X1
	if v.LogX {
		xr.Log = true
		pl.X.Tick.Marker = logTicks{}
		pl.X.Min, pl.X.Max = math.Log10(v.X0), math.Log10(v.X1)
	}
	n := p.Len()
	marked := !diff && opts.Marks.Period > 0 && opts.Marks.Preperiod < n
	leg := sequenceLegend(c, SequenceOptions{}, nil, marked, opts.Marks.RareMask)
	if diff {
		leg = mismatchLegend(c, opts.Mismatches)
	}
	var headPx float64
	setAxes := func(dw, dh float64) {
		headPx = leg.headroom(st, st.sequenceHeadroom(marked), dw, dh)
		if !v.LogX {
			t := newIntTicks(v.X1-v.X0, int(dw/(2.8*st.textWidth(pl.X.Tick.Label, tickLabelFor(int(v.X1))))+1))
			pl.X.Tick.Marker = t
		}
		frac := math.Max(0.3, 1-headPx/dh)
		pl.Y.Min, pl.Y.Max = v.Y0, v.Y0+(v.Y1-v.Y0)/frac
		if diff {
			pl.Y.Min, pl.Y.Max = 0, 1/frac
			pl.Y.Tick.Marker = plot.ConstantTicks(nil)
			return
		}
		// Labels are whole values: the span between the first and last
		// that can be labelled, not the view's margins, picks the step.
		yt := newIntTicks(math.Max(math.Floor(v.Y1)-math.Max(math.Ceil(v.Y0), 0), 1), int((dh-headPx)/(2.4*st.tick))+1)
		pl.Y.Tick.Marker = clipTicks{yt, v.Y1}
	}
	data, err := c.layoutData(pl, setAxes, "plot")
	if err != nil {
		return nil, err
	}
	fig := &Figure{Image: c.nrgba(), DPI: size.DPI, Data: data, X: xr, Y: AxisRange{Min: pl.Y.Min, Max: pl.Y.Max}}
	drawn := v
	drawn.Y0, drawn.Y1 = pl.Y.Min, pl.Y.Max
	img := c.nrgba()
	lw := int(st.line)
	if diff {
		// The bars use the lower part, under the legend.
		r := data
		r.Min.Y += int(headPx)
		DrawMismatchView(img, r, opts.Mismatches, drawn)
	} else {
		DrawSequenceView(img, data, p, drawn, opts.Marks)
	}
	frame(c.rgba(), data, lw, frameColour)
	if diff {
		leg.draw(c, fig)
	} else {
		preX := int(math.Round(fig.PixelX(math.Min(math.Max(float64(opts.Marks.Preperiod), xr.Min), xr.Max))))
		seq := Sequence{Values: p.Values(), Period: opts.Marks.Period, Preperiod: opts.Marks.Preperiod}
		drawSequenceLegend(c, fig, leg, seq, marked, preX)
	}
	return exportable(fig, opts, pl.Title.Text, size, func(o SequenceViewOptions) (*Figure, error) { return SequenceViewPlot(p, o) })
}

// mismatchLegend is the legend of the difference view: how many heaps
// differ from the one a period later, and the last of them.
func mismatchLegend(c *canvas, m *Mismatches) legend {
	s := fmt.Sprintf("G(n+%d) ≠ G(n): %s heaps", m.Period, GroupDigits(m.Total()))
	if m.Last() >= 0 {
		s += ", the last at n = " + GroupDigits(m.Last())
	}
	return legend{sw: 1.1 * c.st.note, items: []legendItem{{s, func(x, y, sw, _ float64) {
		fill(c.rgba(), image.Rect(int(x), int(y-sw/2), int(x+sw), int(y+sw/2)), MismatchColour)
	}}}}
}
