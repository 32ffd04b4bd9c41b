package plotting

import (
	"image"
	"image/color"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// recorder is a vg.Canvas that keeps the calls made on it and replays them
// on another canvas: a figure's vector drawing, written as SVG or PDF. It
// keeps each text's font face itself (gonum's vg/recorder looks fonts up
// again by name in a cache of its own that holds Liberation only).
type recorder struct {
	w, h    vg.Length
	actions []func(vg.Canvas)
}

func (r *recorder) do(f func(vg.Canvas)) { r.actions = append(r.actions, f) }

// ReplayOn draws everything recorded onto dst.
func (r *recorder) ReplayOn(dst vg.Canvas) {
	for _, a := range r.actions {
		a(dst)
	}
}

func (r *recorder) Size() (w, h vg.Length) { return r.w, r.h }

func (r *recorder) SetLineWidth(w vg.Length) { r.do(func(c vg.Canvas) { c.SetLineWidth(w) }) }

func (r *recorder) SetLineDash(pattern []vg.Length, offset vg.Length) {
	pattern = append([]vg.Length(nil), pattern...)
	r.do(func(c vg.Canvas) { c.SetLineDash(pattern, offset) })
}

func (r *recorder) SetColor(clr color.Color) { r.do(func(c vg.Canvas) { c.SetColor(clr) }) }

func (r *recorder) Rotate(a float64) { r.do(func(c vg.Canvas) { c.Rotate(a) }) }

func (r *recorder) Translate(pt vg.Point) { r.do(func(c vg.Canvas) { c.Translate(pt) }) }

func (r *recorder) Scale(x, y float64) { r.do(func(c vg.Canvas) { c.Scale(x, y) }) }

func (r *recorder) Push() { r.do(func(c vg.Canvas) { c.Push() }) }

func (r *recorder) Pop() { r.do(func(c vg.Canvas) { c.Pop() }) }

func (r *recorder) Stroke(p vg.Path) {
	p = append(vg.Path(nil), p...)
	r.do(func(c vg.Canvas) { c.Stroke(p) })
}

func (r *recorder) Fill(p vg.Path) {
	p = append(vg.Path(nil), p...)
	r.do(func(c vg.Canvas) { c.Fill(p) })
}

func (r *recorder) FillString(f font.Face, pt vg.Point, s string) {
	r.do(func(c vg.Canvas) { c.FillString(f, pt, s) })
}

func (r *recorder) DrawImage(rect vg.Rectangle, img image.Image) {
	r.do(func(c vg.Canvas) { c.DrawImage(rect, img) })
}
