package plotting

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"os"
	"strconv"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// pdfCanvas is a vg.Canvas that writes a one-page PDF through fpdf. It
// follows gonum's vgpdf (BSD licence, The Gonum Authors) and differs where
// vgpdf draws wrongly:
//
//   - Text is UTF-8 with the TrueType font embedded (subset) and a ToUnicode
//     map: vgpdf registers fonts in code page 1252 and writes the UTF-8 bytes
//     of ≤ as "â‰¤", and pdftotext cannot read it back.
//   - Every face (regular, bold) is a font of its own: vgpdf registers fonts
//     without their style and then asks for the bold one by style.
//   - Images are drawn upright: vgpdf hands fpdf the image under its y-up
//     page transform, so every image comes out mirrored top to bottom (see
//     docs/FINDINGS.md).
//   - The document information (Title, Subject, Keywords, Creator) is set.
type pdfCanvas struct {
	doc    *fpdf.Fpdf
	w, h   vg.Length
	stack  []pdfContext
	fonts  map[string]bool // registered font names
	images int
}

type pdfContext struct {
	colour color.Color
	width  vg.Length
}

// newPDFCanvas returns a canvas for a page of w×h points.
func newPDFCanvas(w, h vg.Length) *pdfCanvas {
	doc := fpdf.NewCustom(&fpdf.InitType{
		UnitStr: "pt",
		Size:    fpdf.SizeType{Wd: w.Points(), Ht: h.Points()},
	})
	if t, ok := sourceDate(); ok {
		doc.SetCreationDate(t)
		doc.SetModificationDate(t)
	}
	// Fonts and images in a fixed order (fpdf walks maps otherwise).
	doc.SetCatalogSort(true)
	doc.SetMargins(0, 0, 0)
	doc.SetAutoPageBreak(false, 0)
	doc.AddPage()
	c := &pdfCanvas{doc: doc, w: w, h: h, stack: make([]pdfContext, 1), fonts: map[string]bool{}}
	// fpdf's y axis points down from the top of the page, gonum's up from
	// the bottom: one flip for the whole page, as vgpdf does.
	c.Push()
	c.Translate(vg.Point{Y: h})
	c.Scale(1, -1)
	vg.Initialize(c)
	return c
}

// setInfo sets the document information dictionary.
func (c *pdfCanvas) setInfo(m metadata) {
	c.doc.SetTitle(m.title, true)
	c.doc.SetSubject(m.subject, true)
	c.doc.SetKeywords(m.keywords, true)
	c.doc.SetCreator(m.creator, true)
	c.doc.SetProducer(m.software+" (fpdf)", true)
}

func (c *pdfCanvas) context() *pdfContext { return &c.stack[len(c.stack)-1] }

// Size implements vg.Canvas.
func (c *pdfCanvas) Size() (w, h vg.Length) { return c.w, c.h }

// SetLineWidth implements vg.Canvas.
func (c *pdfCanvas) SetLineWidth(w vg.Length) {
	c.context().width = w
	c.doc.SetLineWidth(w.Points())
}

// SetLineDash implements vg.Canvas.
func (c *pdfCanvas) SetLineDash(dashes []vg.Length, offs vg.Length) {
	ds := make([]float64, len(dashes))
	for i, d := range dashes {
		ds[i] = d.Points()
	}
	c.doc.SetDashPattern(ds, offs.Points())
}

// SetColor implements vg.Canvas.
func (c *pdfCanvas) SetColor(clr color.Color) {
	if clr == nil {
		clr = color.Black
	}
	c.context().colour = clr
	r, g, b, a := clr.RGBA()
	if a == 0 {
		c.doc.SetAlpha(0, "Normal")
		return
	}
	// Colours are premultiplied: undo it for PDF's plain colour and alpha.
	ri, gi, bi := int(r*0xff/a), int(g*0xff/a), int(b*0xff/a)
	c.doc.SetFillColor(ri, gi, bi)
	c.doc.SetDrawColor(ri, gi, bi)
	c.doc.SetTextColor(ri, gi, bi)
	c.doc.SetAlpha(float64(a)/math.MaxUint16, "Normal")
}

// Rotate implements vg.Canvas.
func (c *pdfCanvas) Rotate(r float64) { c.doc.TransformRotate(-r*180/math.Pi, 0, 0) }

// Translate implements vg.Canvas.
func (c *pdfCanvas) Translate(pt vg.Point) { c.doc.TransformTranslate(pt.X.Points(), pt.Y.Points()) }

// Scale implements vg.Canvas.
func (c *pdfCanvas) Scale(x, y float64) { c.doc.TransformScale(x*100, y*100, 0, 0) }

// Push implements vg.Canvas.
func (c *pdfCanvas) Push() {
	c.stack = append(c.stack, *c.context())
	c.doc.TransformBegin()
}

// Pop implements vg.Canvas.
func (c *pdfCanvas) Pop() {
	c.doc.TransformEnd()
	c.stack = c.stack[:len(c.stack)-1]
	// fpdf does not restore its own idea of the colours with the graphics
	// state: set them again.
	if clr := c.context().colour; clr != nil {
		c.SetColor(clr)
	}
}

// Stroke implements vg.Canvas.
func (c *pdfCanvas) Stroke(p vg.Path) {
	if c.context().width > 0 {
		c.path(p, "D")
	}
}

// Fill implements vg.Canvas.
func (c *pdfCanvas) Fill(p vg.Path) { c.path(p, "F") }

// FillString implements vg.Canvas: the text's baseline starts at pt.
func (c *pdfCanvas) FillString(f font.Face, pt vg.Point, s string) {
	if f.Font.Size == 0 || s == "" {
		return
	}
	name := f.Name()
	if !c.fonts[name] {
		var raw bytes.Buffer
		if _, err := f.Face.WriteSourceTo(nil, &raw); err != nil {
			c.doc.SetError(fmt.Errorf("plotting: reading font %s: %w", name, err))
			return
		}
		c.doc.AddUTF8FontFromBytes(name, "", raw.Bytes())
		c.fonts[name] = true
	}
	c.Push()
	defer c.Pop()
	c.doc.SetFont(name, "", f.Font.Size.Points())
	c.Translate(pt)
	// Undo the page flip, so that the text stands upright.
	c.Scale(1, -1)
	c.doc.Text(0, 0, s)
}

// DrawImage implements vg.Canvas. fpdf draws an image's first row at the
// top of its rectangle in its own y-down frame, which the page flip turns
// into the bottom (vgpdf's mistake): the image is drawn in a frame flipped
// back, as text is, so that it stands upright with a plain (unflipped)
// image matrix, the one every viewer draws pixel for pixel.
func (c *pdfCanvas) DrawImage(rect vg.Rectangle, img image.Image) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		c.doc.SetError(fmt.Errorf("plotting: encoding an image for the PDF: %w", err))
		return
	}
	c.images++
	name := fmt.Sprintf("image%d", c.images)
	opts := fpdf.ImageOptions{ImageType: "png"}
	c.doc.RegisterImageOptionsReader(name, opts, &buf)
	size := rect.Size()
	c.Push()
	defer c.Pop()
	c.Translate(vg.Point{X: rect.Min.X, Y: rect.Max.Y})
	c.Scale(1, -1)
	c.doc.ImageOptions(name, 0, 0, size.X.Points(), size.Y.Points(), false, opts, 0, "")
}

// path draws a vg.Path: "D" strokes it, "F" fills it.
func (c *pdfCanvas) path(p vg.Path, style string) {
	var x0, y0 float64
	for _, comp := range p {
		switch comp.Type {
		case vg.MoveComp:
			x0, y0 = comp.Pos.X.Points(), comp.Pos.Y.Points()
			c.doc.MoveTo(x0, y0)
		case vg.LineComp:
			c.doc.LineTo(comp.Pos.X.Points(), comp.Pos.Y.Points())
		case vg.ArcComp:
			c.arc(comp, style)
		case vg.CurveComp:
			px, py := comp.Pos.X.Points(), comp.Pos.Y.Points()
			switch len(comp.Control) {
			case 1:
				c.doc.CurveTo(comp.Control[0].X.Points(), comp.Control[0].Y.Points(), px, py)
			case 2:
				c.doc.CurveBezierCubicTo(comp.Control[0].X.Points(), comp.Control[0].Y.Points(),
					comp.Control[1].X.Points(), comp.Control[1].Y.Points(), px, py)
			}
		case vg.CloseComp:
			c.doc.LineTo(x0, y0)
			c.doc.ClosePath()
		}
	}
	c.doc.DrawPath(style)
}

func (c *pdfCanvas) arc(comp vg.PathComp, style string) {
	x0 := comp.Pos.X + comp.Radius*vg.Length(math.Cos(comp.Start))
	y0 := comp.Pos.Y + comp.Radius*vg.Length(math.Sin(comp.Start))
	c.doc.LineTo(x0.Points(), y0.Points())
	r := comp.Radius.Points()
	const deg = 180 / math.Pi
	beg := comp.Start * deg
	c.doc.Arc(comp.Pos.X.Points(), comp.Pos.Y.Points(), r, r, comp.Angle*deg, beg, beg+comp.Angle*deg, style)
	x1 := comp.Pos.X + comp.Radius*vg.Length(math.Cos(comp.Start+comp.Angle))
	y1 := comp.Pos.Y + comp.Radius*vg.Length(math.Sin(comp.Start+comp.Angle))
	c.doc.MoveTo(x1.Points(), y1.Points())
}

// WriteTo writes the PDF; the canvas cannot be drawn on afterwards.
func (c *pdfCanvas) WriteTo(w io.Writer) (int64, error) {
	c.Pop()
	cw := &countWriter{w: w}
	err := c.doc.Output(cw)
	return cw.n, err
}

type countWriter struct {
	w io.Writer
	n int64
}

func (cw *countWriter) Write(p []byte) (int, error) {
	n, err := cw.w.Write(p)
	cw.n += int64(n)
	return n, err
}

// sourceDate is the time SOURCE_DATE_EPOCH (seconds since 1970, the
// reproducible-builds convention) gives, if set: the PDF's dates are then
// that time and the same figure gives the same bytes.
func sourceDate() (time.Time, bool) {
	sec, err := strconv.ParseInt(os.Getenv("SOURCE_DATE_EPOCH"), 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.Unix(sec, 0).UTC(), true
}
