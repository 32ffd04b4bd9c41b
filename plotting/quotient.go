package plotting

import (
	"errors"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

// QuotientOrders is the sequence of partial misère quotient orders |Q_n| of
// a game, n = 0..len(Orders)-1 (every one of them verified).
type QuotientOrders struct {
	// Name names the game in the title, e.g. "0.07".
	Name   string
	Orders []int
	// Certified is true when the last quotient is the certified full quotient.
	Certified bool
}

// QuotientOrdersOptions say how QuotientOrdersPlot draws; the zero value
// draws a DefaultSize picture.
type QuotientOrdersOptions struct {
	Size
	Export
}

// QuotientOrdersPlot draws |Q_n| against n as steps on a logarithmic axis:
// a flat line is a stretch of heaps that keep the quotient, a jump an
// expansion.
func QuotientOrdersPlot(q QuotientOrders, opts QuotientOrdersOptions) (*Figure, error) {
	if len(q.Orders) == 0 {
		return nil, errors.New("plotting: no quotient orders to draw")
	}
	size := opts.Size.withDefaults()
	if err := size.Validate(); err != nil {
		return nil, err
	}
	c := newCanvasFor(size, opts.Export)
	st := c.st
	title := "Partial misère quotients of " + q.Name
	if q.Certified {
		title += " (last: full quotient)"
	}
	p := st.newPlot(title, "heap n", "|Q_n|")
	top := 1
	pts := make(plotter.XYs, 0, 2*len(q.Orders))
	for n, o := range q.Orders {
		if o < 1 {
			return nil, errors.New("plotting: a quotient order must be at least 1")
		}
		top = max(top, o)
		if n > 0 {
			pts = append(pts, plotter.XY{X: float64(n), Y: float64(q.Orders[n-1])})
		}
		pts = append(pts, plotter.XY{X: float64(n), Y: float64(o)})
	}
	pts = append(pts, plotter.XY{X: float64(len(q.Orders)), Y: float64(q.Orders[len(q.Orders)-1])})
	line, err := plotter.NewLine(pts)
	if err != nil {
		return nil, err
	}
	line.Width = st.pt(st.line)
	line.Color = valueColour
	p.Add(line)
	p.X.Min, p.X.Max = 0, float64(len(q.Orders))
	p.Y.Min, p.Y.Max = 1, math.Max(2, float64(top)*1.5)
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	grid := plotter.NewGrid()
	// Grid lines of a pixel's width, so that they look alike in the PNG
	// and in a PDF viewer (which draws no line thinner than a pixel).
	grid.Vertical.Width, grid.Horizontal.Width = st.pt(st.thin), st.pt(st.thin)
	grid.Vertical.Color, grid.Horizontal.Color = nrgb(0xe4e4e4), nrgb(0xe4e4e4)
	p.Add(grid)
	// Drawn like the other figures: the data area inside the picture's
	// margin (the caption sits in the bottom one), so that the axis ends
	// and the title do not touch the picture's edges.
	data, err := c.layoutData(p, func(dw, dh float64) {}, "plot")
	if err != nil {
		return nil, err
	}
	fig := &Figure{Image: c.nrgba(), DPI: size.DPI, Data: data,
		X: AxisRange{Min: 0, Max: float64(len(q.Orders))}, Y: AxisRange{Min: 1, Max: p.Y.Max, Log: true}}
	return exportable(fig, opts, p.Title.Text, size, func(o QuotientOrdersOptions) (*Figure, error) { return QuotientOrdersPlot(q, o) })
}
