package plotting

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"git.sr.ht/~sbinet/gg"
	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// Size is the pixel size of a picture and the resolution recorded in its PNG.
type Size struct {
	Width, Height int // pixels
	DPI           int // dots per inch; sets the printed size, not the look
	// TextPt, when set, is the height of the tick labels in points
	// (titles, axis labels and lines in proportion), for a picture made to
	// a printed size: 8 reads like a journal's figure text. Zero scales
	// text with the number of pixels instead, for the screen.
	TextPt float64
}

// Export is what every picture's options share for export: a caption, and
// the canvas a redraw goes to.
type Export struct {
	// Caption, when set, is written small in the bottom-left corner and into
	// the file's metadata (PNG iTXt, SVG desc): what the picture shows, its
	// range and the nimlab version, so that a picture found later says where
	// it came from.
	Caption string

	// Command, when set, is the nimlab command that draws the picture
	// again (for a picture from the window, how it was made); it goes into
	// the file's metadata, not onto the picture.
	Command string

	// Keywords are written into the file's metadata (PDF Keywords, SVG
	// dc:subject): the game, the kind of picture.
	Keywords []string

	// into, when set, is the canvas to draw on instead of a new raster one
	// (SaveByExtension redraws a figure onto a vector canvas this way).
	into *canvas
}

// DefaultSize is a full-HD picture, the size a projector shows.
var DefaultSize = Size{Width: 1920, Height: 1080, DPI: 96}

// Limits on Size, so that a typo cannot ask for a 100-gigapixel image.
const (
	MinPixels = 200
	MaxPixels = 16384
	MinDPI    = 10
	MaxDPI    = 2400
)

// Validate reports whether the size is one nimlab can draw; the error names
// the bad field and the accepted range.
func (s Size) Validate() error {
	if s.Width < MinPixels || s.Width > MaxPixels {
		return fmt.Errorf("width %d is out of range; accepted: %d to %d pixels", s.Width, MinPixels, MaxPixels)
	}
	if s.Height < MinPixels || s.Height > MaxPixels {
		return fmt.Errorf("height %d is out of range; accepted: %d to %d pixels", s.Height, MinPixels, MaxPixels)
	}
	if s.DPI < MinDPI || s.DPI > MaxDPI {
		return fmt.Errorf("dpi %d is out of range; accepted: %d to %d", s.DPI, MinDPI, MaxDPI)
	}
	return nil
}

// withDefaults fills zero fields from DefaultSize.
func (s Size) withDefaults() Size {
	if s.Width == 0 {
		s.Width = DefaultSize.Width
	}
	if s.Height == 0 {
		s.Height = DefaultSize.Height
	}
	if s.DPI == 0 {
		s.DPI = DefaultSize.DPI
	}
	return s
}

// Figure is a rendered picture: its pixels, and where its data area lies so
// that callers (tests, the GUI's hover read-out) can map pixels to data.
type Figure struct {
	Image *image.NRGBA
	DPI   int
	// Data is the data area in pixels: the cells of a heatmap or the plotted
	// sequence lie exactly inside it, axes and labels outside.
	Data image.Rectangle
	// X and Y are the data ranges the edges of Data stand for.
	X, Y AxisRange
	// Title is the picture's title as drawn (TeX-like subscripts such as
	// A_{p,q} are typeset in the picture and kept as markup here).
	Title string
	// Caption is the caption the figure was drawn with; Command and
	// Keywords are the export's (see Export).
	Caption  string
	Command  string
	Keywords []string

	// legendRows are the extents of the legend's text lines, swatches
	// included, as drawn (tests check that they lie inside the picture).
	legendRows []image.Rectangle

	// textPt is the Size's TextPt, for the redraw.
	textPt float64

	// redraw draws the same figure again onto another canvas (for SVG and
	// PDF); nil for figures that cannot.
	redraw func(c *canvas) error
}

// setExport records what an export writes into the file's metadata.
func (f *Figure) setExport(e Export, title string, s Size) {
	f.Title, f.Caption, f.Command, f.textPt = title, e.Caption, e.Command, s.TextPt
	f.Keywords = append([]string(nil), e.Keywords...)
}

// export returns the Export itself; picture options embed Export, so a
// pointer to them has this method too (see exportable).
func (e *Export) export() *Export { return e }

// exportable returns fig, made ready for export: it records the export of
// opts with the title and size (setExport), and sets fig.redraw to call
// draw again with opts drawing onto the canvas it is given. Every picture
// function ends with it.
func exportable[O any, P interface {
	*O
	export() *Export
}](fig *Figure, opts O, title string, size Size, draw func(O) (*Figure, error)) (*Figure, error) {
	fig.setExport(*P(&opts).export(), title, size)
	fig.redraw = func(c *canvas) error {
		o := opts
		P(&o).export().into = c
		_, err := draw(o)
		return err
	}
	return fig, nil
}

// AxisRange is the span of data an axis shows.
type AxisRange struct {
	Min, Max float64
	Log      bool // logarithmic (base 10) scale
}

// norm maps a data value to [0, 1] along the axis.
func (a AxisRange) norm(v float64) float64 {
	if a.Log {
		return (math.Log(v) - math.Log(a.Min)) / (math.Log(a.Max) - math.Log(a.Min))
	}
	return (v - a.Min) / (a.Max - a.Min)
}

// inv maps t in [0, 1] back to a data value.
func (a AxisRange) inv(t float64) float64 {
	if a.Log {
		return math.Exp(math.Log(a.Min) + t*(math.Log(a.Max)-math.Log(a.Min)))
	}
	return a.Min + t*(a.Max-a.Min)
}

// PixelX returns the horizontal pixel coordinate of data value x (the left
// edge of the data area is Data.Min.X; pixel i covers [i, i+1)).
func (f *Figure) PixelX(x float64) float64 {
	return float64(f.Data.Min.X) + f.X.norm(x)*float64(f.Data.Dx())
}

// PixelY returns the vertical pixel coordinate of data value y; it grows
// downwards, as image rows do.
func (f *Figure) PixelY(y float64) float64 {
	return float64(f.Data.Max.Y) - f.Y.norm(y)*float64(f.Data.Dy())
}

// DataX returns the data value at horizontal pixel coordinate px.
func (f *Figure) DataX(px float64) float64 {
	return f.X.inv((px - float64(f.Data.Min.X)) / float64(f.Data.Dx()))
}

// DataY returns the data value at vertical pixel coordinate py.
func (f *Figure) DataY(py float64) float64 {
	return f.Y.inv((float64(f.Data.Max.Y) - py) / float64(f.Data.Dy()))
}

// style holds the sizes of text and lines for one picture, in pixels; they
// scale with the picture so that a 1920×1080 figure reads from the back of a
// room and a small one is not all text.
type style struct {
	dpi                      float64
	width                    float64 // the picture's width, px
	unit                     float64 // 1 at 1920×1080
	title, label, tick, note float64 // font sizes, px
	line, thin, tickLen      float64 // line widths and tick length, px
	margin                   float64
	// print is true for a picture made to a printed size (Size.TextPt).
	print bool
	// vector is true when drawing for SVG or PDF: the plot leaves its
	// background to the pixel layer under it.
	vector bool
}

func newStyle(s Size) style {
	u := math.Min(float64(s.Width)/1920, float64(s.Height)/1080)
	// Small pictures still need legible text: fonts shrink more slowly than
	// the picture below full HD.
	if u < 1 {
		u = math.Sqrt(u)
	}
	print := s.TextPt > 0 && s.DPI > 0
	if print {
		// Tick labels are 32u pixels high.
		u = s.TextPt * float64(s.DPI) / 72 / 32
	}
	return style{
		dpi:     float64(s.DPI),
		print:   print,
		width:   float64(s.Width),
		unit:    u,
		title:   46 * u,
		label:   38 * u,
		tick:    32 * u,
		note:    32 * u,
		line:    math.Max(1, math.Round(3*u)),
		thin:    math.Max(1, math.Round(1.5*u)),
		tickLen: 14 * u,
		margin:  28 * u,
	}
}

// pt converts pixels to vg lengths (points) at the picture's DPI.
func (st style) pt(px float64) vg.Length { return vg.Length(px * 72 / st.dpi) }

// px converts a vg length to pixels.
func (st style) px(l vg.Length) float64 { return float64(l) * st.dpi / 72 }

func (st style) textStyle(px float64, bold bool) text.Style {
	f := font.Font{Typeface: typeface, Variant: variant, Size: st.pt(px)}
	if bold {
		f.Weight = xfont.WeightBold
	}
	return text.Style{
		Color:   color.Black,
		Font:    f,
		XAlign:  draw.XCenter,
		YAlign:  draw.YTop,
		Handler: plot.DefaultTextHandler,
	}
}

// newPlot returns a gonum plot with nimlab's fonts and line widths, no axis
// padding (so the axis lines hug the data area) and the given texts.
func (st style) newPlot(title, xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	if st.vector {
		p.BackgroundColor = nil
	}
	p.Title.Text = title
	p.Title.TextStyle = st.textStyle(st.title, true)
	if strings.Contains(title, "_") {
		// Subscripts typeset (G(A_{p,q})), not shown as markup.
		p.Title.TextStyle.Handler = subscriptText{text.Plain{Fonts: font.DefaultCache}}
	}
	st.fitTitle(p, st.width-2*st.margin)
	p.Title.Padding = st.pt(st.margin * 0.8)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Padding = 0
		a.Width = st.pt(st.line)
		a.Color = color.Black
		a.Label.TextStyle = st.textStyle(st.label, false)
		a.Label.TextStyle.YAlign = draw.YBottom
		a.Label.Padding = st.pt(st.margin * 0.4)
		a.Tick.Label = st.textStyle(st.tick, false)
		a.Tick.Width = st.pt(st.line)
		a.Tick.Color = color.Black
		a.Tick.Length = st.pt(st.tickLen)
	}
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		if strings.Contains(a.Label.Text, "_") {
			a.Label.TextStyle.Handler = subscriptText{text.Plain{Fonts: font.DefaultCache}}
		}
	}
	p.Y.Tick.Label.XAlign = draw.XRight
	p.Y.Tick.Label.YAlign = draw.YCenter
	p.X.Tick.Label.YAlign = draw.YTop
	return p
}

// fitTitle sets a long title (on a narrow picture such as a journal
// column) smaller so that it is at most room pixels wide.
func (st style) fitTitle(p *plot.Plot, room float64) {
	if w := st.textWidth(p.Title.TextStyle, p.Title.Text); w > room && room > 0 {
		p.Title.TextStyle.Font.Size *= vg.Length(room / w)
	}
}

// textWidth returns the width in pixels of s in the given style.
func (st style) textWidth(sty text.Style, s string) float64 {
	return st.px(sty.Width(s))
}

// canvas is a picture being drawn: a gonum image canvas and the pixels
// behind it.
type canvas struct {
	size Size
	st   style
	vc   vg.Canvas
	dc   draw.Canvas
	// img holds what is drawn pixel by pixel (cells, decimated values):
	// the raster canvas's own image, or for a vector canvas a layer put
	// under the recorded vector drawing.
	img     *image.RGBA
	rec     *recorder // the vector drawing, for SVG and PDF
	caption string
}

// newCanvas returns a raster canvas of size s.
func newCanvas(s Size) *canvas { return newCanvasFor(s, Export{}) }

// newCanvasFor returns the canvas to draw a picture of size s on: the
// export's target when SaveByExtension set one, else a new raster canvas;
// the caption is drawn first, in the bottom margin.
func newCanvasFor(s Size, e Export) *canvas {
	if e.into != nil {
		c := e.into
		c.caption = e.Caption
		c.drawCaption()
		return c
	}
	// Draw straight into one image: vgimg.UseImage would copy it.
	img := image.NewRGBA(image.Rect(0, 0, s.Width, s.Height))
	ctx := gg.NewContextForRGBA(img)
	ctx.SetLineCapButt()
	ctx.InvertY()
	vc := vgimg.NewWith(vgimg.UseImageWithContext(img, ctx), vgimg.UseDPI(s.DPI))
	c := &canvas{size: s, st: newStyle(s), vc: vc, dc: draw.New(vc), img: img, caption: e.Caption}
	c.drawCaption()
	return c
}

// newVectorCanvas returns a canvas that records the vector drawing and
// keeps the pixel drawing in a white layer.
func newVectorCanvas(s Size) *canvas {
	img := image.NewRGBA(image.Rect(0, 0, s.Width, s.Height))
	fill(img, img.Rect, nrgb(0xffffff))
	st := newStyle(s)
	st.vector = true
	w, h := st.pt(float64(s.Width)), st.pt(float64(s.Height))
	rec := &recorder{w: w, h: h}
	return &canvas{size: s, st: st, vc: rec, dc: draw.NewCanvas(rec, w, h), img: img, rec: rec}
}

// drawCaption writes the size's caption in the bottom margin.
func (c *canvas) drawCaption() {
	if c.caption == "" {
		return
	}
	st := c.st
	sty := st.textStyle(captionPx(st), false)
	// A long caption on a narrow picture is set smaller so that it ends
	// inside the picture, as far from the right edge as it starts from the
	// left one.
	if w, room := st.textWidth(sty, c.caption), st.width-0.8*st.margin; w > room && room > 0 {
		sty.Font.Size *= vg.Length(room / w)
	}
	sty.Color = nrgb(0x707070)
	sty.XAlign, sty.YAlign = draw.XLeft, draw.YBottom
	c.dc.FillText(sty, vg.Point{X: st.pt(0.4 * st.margin), Y: st.pt(2)}, c.caption)
}

// captionPx is the caption's font size in pixels.
func captionPx(st style) float64 {
	if st.print {
		return 0.6 * st.note // 4.8 points beside 8-point tick labels
	}
	return math.Max(11, 0.42*st.note)
}

// rgba returns the pixels the canvas draws on.
func (c *canvas) rgba() *image.RGBA { return c.img }

// nrgba returns the canvas pixels as an NRGBA image sharing the same memory:
// every pixel is opaque, so premultiplied and plain colours coincide.
func (c *canvas) nrgba() *image.NRGBA {
	m := c.rgba()
	return &image.NRGBA{Pix: m.Pix, Stride: m.Stride, Rect: m.Rect}
}

// pixelRect converts a vg rectangle to pixel coordinates (y down), unrounded.
func (c *canvas) pixelRect(r vg.Rectangle) (x0, y0, x1, y1 float64) {
	h := float64(c.size.Height)
	return c.st.px(r.Min.X), h - c.st.px(r.Max.Y), c.st.px(r.Max.X), h - c.st.px(r.Min.Y)
}

// vgRect converts pixel coordinates (y down) to a vg rectangle.
func (c *canvas) vgRect(x0, y0, x1, y1 float64) vg.Rectangle {
	h := float64(c.size.Height)
	return vg.Rectangle{
		Min: vg.Point{X: c.st.pt(x0), Y: c.st.pt(h - y1)},
		Max: vg.Point{X: c.st.pt(x1), Y: c.st.pt(h - y0)},
	}
}

// sub returns a draw canvas on the pixel rectangle (y down).
func (c *canvas) sub(x0, y0, x1, y1 float64) draw.Canvas {
	return draw.Canvas{Canvas: c.vc, Rectangle: c.vgRect(x0, y0, x1, y1)}
}

// margins returns how far, in pixels, the plot's data area lies inside the
// outer rectangle on each side when the plot is drawn into it.
func (c *canvas) margins(p *plot.Plot, x0, y0, x1, y1 float64) (left, top, right, bottom float64) {
	da := p.DataCanvas(c.sub(x0, y0, x1, y1))
	dx0, dy0, dx1, dy1 := c.pixelRect(da.Rectangle)
	return dx0 - x0, dy0 - y0, x1 - dx1, y1 - dy1
}

// layoutData fits p's data area into the whole picture less a margin on
// every side and draws p so that the data area falls on whole pixels. The
// axes depend on the data area's size (tick density, head room), so setAxes
// is called with a first guess, with the size the margins leave, and with the
// final pixel size. what names the picture in the error for a picture too small.
func (c *canvas) layoutData(p *plot.Plot, setAxes func(dw, dh float64), what string) (image.Rectangle, error) {
	st := c.st
	W, H := float64(c.size.Width), float64(c.size.Height)
	setAxes(W*0.8, H*0.7)
	l, tp, r, b := c.margins(p, st.margin, st.margin, W-st.margin, H-st.margin)
	// A picture too small for its margins and labels still gets a positive
	// data size here (its axes would otherwise span NaN); it is refused
	// below.
	setAxes(math.Max(W-2*st.margin-l-r, 1), math.Max(H-2*st.margin-tp-b, 1))
	l, tp, r, b = c.margins(p, st.margin, st.margin, W-st.margin, H-st.margin)
	x0, y0 := int(math.Ceil(st.margin+l)), int(math.Ceil(st.margin+tp))
	x1, y1 := int(math.Floor(W-st.margin-r)), int(math.Floor(H-st.margin-b))
	if x1-x0 < 20 || y1-y0 < 20 {
		return image.Rectangle{}, fmt.Errorf("plotting: a %d×%d picture leaves no room for the %s; make it larger", c.size.Width, c.size.Height, what)
	}
	setAxes(float64(x1-x0), float64(y1-y0))
	data := image.Rect(x0, y0, x1, y1)
	outer, err := c.placePlot(p, data)
	if err != nil {
		return image.Rectangle{}, err
	}
	p.Draw(outer)
	return data, nil
}

// placePlot finds the outer rectangle into which p must be drawn so that its
// data area is exactly the pixel rectangle want. Tick labels that overhang the
// data area make the relation slightly non-linear, so it is solved by a few
// corrections.
func (c *canvas) placePlot(p *plot.Plot, want image.Rectangle) (draw.Canvas, error) {
	wx0, wy0, wx1, wy1 := float64(want.Min.X), float64(want.Min.Y), float64(want.Max.X), float64(want.Max.Y)
	l, t, r, b := c.margins(p, 0, 0, float64(c.size.Width), float64(c.size.Height))
	x0, y0, x1, y1 := wx0-l, wy0-t, wx1+r, wy1+b
	for i := range 40 {
		da := p.DataCanvas(c.sub(x0, y0, x1, y1))
		dx0, dy0, dx1, dy1 := c.pixelRect(da.Rectangle)
		e := math.Max(math.Max(math.Abs(dx0-wx0), math.Abs(dy0-wy0)), math.Max(math.Abs(dx1-wx1), math.Abs(dy1-wy1)))
		if e < 1e-3 {
			return c.sub(x0, y0, x1, y1), nil
		}
		// Full corrections, then half ones: on a tiny picture the tick
		// labels' overhang can make the full corrections alternate
		// between two rectangles.
		k := 1.0
		if i >= 20 {
			k = 0.5
		}
		x0 += k * (wx0 - dx0)
		y0 += k * (wy0 - dy0)
		x1 += k * (wx1 - dx1)
		y1 += k * (wy1 - dy1)
	}
	return draw.Canvas{}, fmt.Errorf("plotting: could not place the data area at %v", want)
}

// fill paints the pixel rectangle r (clipped to the image) with col.
func fill(m *image.RGBA, r image.Rectangle, col color.NRGBA) {
	r = r.Intersect(m.Rect)
	if r.Empty() {
		return
	}
	row := m.PixOffset(r.Min.X, r.Min.Y)
	n := r.Dx() * 4
	line := m.Pix[row : row+n]
	for i := 0; i < n; i += 4 {
		line[i], line[i+1], line[i+2], line[i+3] = col.R, col.G, col.B, 255
	}
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		off := m.PixOffset(r.Min.X, y)
		copy(m.Pix[off:off+n], line)
	}
}

// blend paints r with col at the given opacity over what is there.
func blend(m *image.RGBA, r image.Rectangle, col color.NRGBA, alpha float64) {
	r = r.Intersect(m.Rect)
	a := uint32(alpha*256 + 0.5)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		off := m.PixOffset(r.Min.X, y)
		for x := r.Min.X; x < r.Max.X; x++ {
			p := m.Pix[off : off+3 : off+3]
			p[0] = uint8((uint32(p[0])*(256-a) + uint32(col.R)*a) >> 8)
			p[1] = uint8((uint32(p[1])*(256-a) + uint32(col.G)*a) >> 8)
			p[2] = uint8((uint32(p[2])*(256-a) + uint32(col.B)*a) >> 8)
			off += 4
		}
	}
}

// frame draws a box of thickness w pixels just outside r.
func frame(m *image.RGBA, r image.Rectangle, w int, col color.NRGBA) {
	fill(m, image.Rect(r.Min.X-w, r.Min.Y-w, r.Max.X+w, r.Min.Y), col)
	fill(m, image.Rect(r.Min.X-w, r.Max.Y, r.Max.X+w, r.Max.Y+w), col)
	fill(m, image.Rect(r.Min.X-w, r.Min.Y, r.Min.X, r.Max.Y), col)
	fill(m, image.Rect(r.Max.X, r.Min.Y, r.Max.X+w, r.Max.Y), col)
}

// nrgb builds an opaque colour from a 0xRRGGBB constant.
func nrgb(hex uint32) color.NRGBA {
	return color.NRGBA{R: uint8(hex >> 16), G: uint8(hex >> 8), B: uint8(hex), A: 255}
}
