package widgets

import (
	"image"
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/nimlab/nimlab/plotting"
)

// HeatmapFrame puts axes and a colour bar around a Heatmap: index ticks
// below and left that follow zoom and pan, the axis names, and on the right
// the colour of every value (or, in the difference view, what its two
// colours mean). The labels are a few dozen texts whatever the table's size.
type HeatmapFrame struct {
	widget.BaseWidget
	view           *Heatmap
	XLabel, YLabel string

	bar   *canvas.Raster
	texts []*canvas.Text
	used  int
	state HeatmapState
}

func NewHeatmapFrame(v *Heatmap) *HeatmapFrame {
	f := &HeatmapFrame{view: v, XLabel: "p", YLabel: "q"}
	f.bar = canvas.NewRaster(f.renderBar)
	v.OnViewChanged = f.Refresh
	f.ExtendBaseWidget(f)
	return f
}

// MinSize leaves the heatmap its own minimum plus the margins.
func (f *HeatmapFrame) MinSize() fyne.Size {
	m := f.view.MinSize()
	return fyne.NewSize(m.Width+120, m.Height+50)
}

// CreateRenderer lays the view, the bar and the labels out.
func (f *HeatmapFrame) CreateRenderer() fyne.WidgetRenderer {
	return &heatmapFrameRenderer{f: f}
}

type heatmapFrameRenderer struct {
	f    *HeatmapFrame
	objs []fyne.CanvasObject
}

func (r *heatmapFrameRenderer) Destroy()                     {}
func (r *heatmapFrameRenderer) MinSize() fyne.Size           { return r.f.MinSize() }
func (r *heatmapFrameRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *heatmapFrameRenderer) Layout(fyne.Size)             { r.Refresh() }

func (r *heatmapFrameRenderer) Refresh() {
	f := r.f
	f.layoutAll(f.Size())
	r.objs = append(r.objs[:0], f.view, f.bar)
	for _, t := range f.texts[:f.used] {
		r.objs = append(r.objs, t)
		t.Refresh()
	}
	f.bar.Refresh()
}

func (f *HeatmapFrame) text(s string, col color.Color, bold bool) *canvas.Text {
	if f.used == len(f.texts) {
		f.texts = append(f.texts, canvas.NewText("", color.Black))
	}
	t := f.texts[f.used]
	f.used++
	t.Text = s
	t.TextSize = theme.CaptionTextSize()
	t.TextStyle = fyne.TextStyle{Bold: bold}
	t.Color = col
	if col == nil {
		t.Color = theme.Color(theme.ColorNameForeground)
	}
	t.Resize(t.MinSize())
	return t
}

// layoutAll places the view in what the margins leave and writes the
// labels for its current zoom and pan.
func (f *HeatmapFrame) layoutAll(size fyne.Size) {
	f.used = 0
	ts := theme.CaptionTextSize()
	pad := theme.Padding()
	st := f.view.State()
	f.state = st
	t := st.Table
	lineH := fyne.MeasureText("0", ts, fyne.TextStyle{}).Height
	maxIdx := max(t.X0+t.Cols, t.Y0+t.Rows, 10)
	labelW := fyne.MeasureText(plotting.FormatInt(maxIdx), ts, fyne.TextStyle{}).Width
	barLabelW := fyne.MeasureText(plotting.FormatInt(max(st.MaxV, 10)), ts, fyne.TextStyle{}).Width
	if st.Diff {
		barLabelW = fyne.MeasureText("differs", ts, fyne.TextStyle{}).Width
	}
	// The q axis's title stands left of the widest index label, clear of
	// it (it sits at mid-height, where a tick label often is).
	yTitle := f.YLabel + " ↑"
	yTitleW := fyne.MeasureText(yTitle, ts, fyne.TextStyle{}).Width
	left := labelW + yTitleW + 3*pad
	bottom := 2*lineH + pad
	barW := float32(14)
	right := 2*pad + barW + pad + barLabelW + pad
	top := lineH/2 + pad
	dataPos := fyne.NewPos(left, top)
	dataSize := fyne.NewSize(max(size.Width-left-right, 20), max(size.Height-top-bottom, 20))
	f.view.Move(dataPos)
	f.view.Resize(dataSize)
	st = f.view.State() // the fit depends on the size just set
	f.state = st
	// Where the table's cells end inside the view: a fitted table is
	// centred, and the labels and the colour bar sit at its edges.
	tabLeft, tabRight := dataPos.X, dataPos.X+dataSize.Width
	tabBottom := dataPos.Y + dataSize.Height
	if t.Cols > 0 && st.Cell > 0 {
		tabLeft = max(tabLeft, dataPos.X+float32(-st.X0*st.Cell))
		tabRight = min(tabRight, dataPos.X+float32((float64(t.Cols)-st.X0)*st.Cell))
		tabBottom = min(tabBottom, dataPos.Y+dataSize.Height-float32(-st.Y0*st.Cell))
	}
	barPos := fyne.NewPos(tabRight+2*pad, dataPos.Y)
	f.bar.Move(barPos)
	f.bar.Resize(fyne.NewSize(barW, dataSize.Height))
	if t.Cols == 0 || st.Cell <= 0 {
		return
	}

	// Index ticks at cell centres, as many as fit.
	visX0 := float64(t.X0) + st.X0
	visX1 := visX0 + float64(dataSize.Width)/st.Cell
	visY0 := float64(t.Y0) + st.Y0
	visY1 := visY0 + float64(dataSize.Height)/st.Cell
	xLo, xHi := math.Max(math.Ceil(visX0-0.5), float64(t.X0)), math.Min(math.Floor(visX1-0.5), float64(t.X0+t.Cols-1))
	yLo, yHi := math.Max(math.Ceil(visY0-0.5), float64(t.Y0)), math.Min(math.Floor(visY1-0.5), float64(t.Y0+t.Rows-1))
	nx := max(int(dataSize.Width/(labelW*2)), 2)
	ny := max(int(dataSize.Height/(lineH*2.2)), 2)
	for _, k := range plotting.AxisTicks(xLo, xHi, nx) {
		x := dataPos.X + float32((float64(k-t.X0)+0.5-st.X0)*st.Cell)
		l := f.text(plotting.FormatInt(k), nil, false)
		l.Move(fyne.NewPos(min(max(x-l.Size().Width/2, 0), size.Width-l.Size().Width), tabBottom+1))
	}
	for _, k := range plotting.AxisTicks(yLo, yHi, ny) {
		y := dataPos.Y + dataSize.Height - float32((float64(k-t.Y0)+0.5-st.Y0)*st.Cell)
		l := f.text(plotting.FormatInt(k), nil, false)
		l.Move(fyne.NewPos(tabLeft-pad-l.Size().Width, y-lineH/2))
	}
	xl := f.text(f.XLabel+" →", theme.Color(theme.ColorNamePlaceHolder), false)
	xl.Move(fyne.NewPos((tabLeft+tabRight)/2-xl.Size().Width/2, tabBottom+1+lineH)) // under the index labels
	yl := f.text(yTitle, theme.Color(theme.ColorNamePlaceHolder), false)
	yl.Move(fyne.NewPos(max(tabLeft-labelW-yTitleW-2*pad, 0), dataPos.Y+dataSize.Height/2-lineH/2))

	// Colour bar labels.
	bx := barPos.X + barW + pad
	if st.Diff {
		d := f.text("differs", nil, false)
		d.Move(fyne.NewPos(bx, barPos.Y+dataSize.Height/4-lineH/2))
		e := f.text("equal", nil, false)
		e.Move(fyne.NewPos(bx, barPos.Y+dataSize.Height*3/4-lineH/2))
		return
	}
	for _, v := range plotting.AxisTicks(0, float64(st.MaxV), max(int(dataSize.Height/(lineH*1.8)), 2)) {
		y := barPos.Y + dataSize.Height - float32((float64(v)+0.5)/float64(st.MaxV+1))*dataSize.Height
		l := f.text(plotting.FormatInt(v), nil, false)
		l.Move(fyne.NewPos(bx, y-lineH/2))
	}
}

// renderBar draws the colour bar: one band per value from 0 (bottom) to the
// scale's maximum, or the difference view's two colours.
func (f *HeatmapFrame) renderBar(w, h int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, max(w, 1), max(h, 1)))
	st := f.state
	for y := 0; y < h; y++ {
		var col color.NRGBA
		switch {
		case st.Diff && y < h/2:
			col = diffMarkColour
		case st.Diff:
			col = diffEqualColour
		case len(st.Colours) > 0:
			v := (h - 1 - y) * (st.MaxV + 1) / max(h, 1)
			col = st.Colours[min(v, len(st.Colours)-1)]
		default:
			col = heatmapBackground
		}
		for x := 0; x < w; x++ {
			img.SetNRGBA(x, y, col)
		}
	}
	return img
}

// Refresh relays out the labels.
func (f *HeatmapFrame) Refresh() { f.BaseWidget.Refresh() }

// Labels returns the texts of the axes and the colour bar as drawn.
func (f *HeatmapFrame) Labels() []string {
	var labels []string
	for _, tx := range f.texts[:f.used] {
		labels = append(labels, tx.Text)
	}
	return labels
}
