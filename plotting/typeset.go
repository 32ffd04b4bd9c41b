package plotting

import (
	"math"
	"strings"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// subscriptText is a gonum text handler that typesets subscripts written as
// in TeX, A_{p,q} or A_p, as smaller lowered text, so that a title reads
// G(A_{p,q}) with p,q set as a subscript instead of the raw markup (gonum's
// own LaTeX handler has no subscripts). Everything else is plain text.
type subscriptText struct{ text.Plain }

// subscriptScale and subscriptDrop size and lower a subscript, in units of
// the font size.
const (
	subscriptScale = 0.68
	subscriptDrop  = 0.22
)

// textRun is a piece of a line: plain or subscript.
type textRun struct {
	s   string
	sub bool
}

// subscriptRuns splits a line at its subscripts.
func subscriptRuns(txt string) []textRun {
	var runs []textRun
	for {
		i := strings.Index(txt, "_")
		if i < 0 || i == len(txt)-1 {
			break
		}
		if i > 0 {
			runs = append(runs, textRun{s: txt[:i]})
		}
		rest := txt[i+1:]
		if rest[0] == '{' {
			j := strings.IndexByte(rest, '}')
			if j < 0 {
				runs = append(runs, textRun{s: "_"})
				txt = rest
				continue
			}
			runs = append(runs, textRun{s: rest[1:j], sub: true})
			txt = rest[j+1:]
			continue
		}
		r := []rune(rest)
		runs = append(runs, textRun{s: string(r[0]), sub: true})
		txt = string(r[1:])
	}
	if txt != "" {
		runs = append(runs, textRun{s: txt})
	}
	return runs
}

func (h subscriptText) width(txt string, fnt font.Font) vg.Length {
	var w vg.Length
	for _, r := range subscriptRuns(txt) {
		f := fnt
		if r.sub {
			f.Size = fnt.Size * subscriptScale
		}
		face := h.Fonts.Lookup(f, f.Size)
		w += face.Width(r.s)
	}
	return w
}

// Box implements text.Handler.
func (h subscriptText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	_, height, depth = h.Plain.Box(txt, fnt)
	if strings.Contains(txt, "_") {
		depth += fnt.Size * subscriptDrop
	}
	return h.width(txt, fnt), height, depth
}

// Draw implements text.Handler for single lines, rotated or not; several
// lines are drawn as plain text.
func (h subscriptText) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	txt = strings.TrimRight(txt, "\n")
	if txt == "" {
		return
	}
	if strings.Contains(txt, "\n") || !strings.Contains(txt, "_") {
		h.Plain.Draw(c, txt, sty, pt)
		return
	}
	fnt := h.Fonts.Lookup(sty.Font, sty.Font.Size)
	c.SetColor(sty.Color)
	if sty.Rotation != 0 {
		// As gonum's plain text: draw in a rotated frame.
		c.Push()
		defer c.Pop()
		c.Rotate(sty.Rotation)
		sin64, cos64 := math.Sincos(sty.Rotation)
		sin, cos := vg.Length(sin64), vg.Length(cos64)
		pt.X, pt.Y = pt.Y*sin+pt.X*cos, pt.Y*cos-pt.X*sin
	}
	pt.Y += sty.Height(txt)*vg.Length(sty.YAlign) - fnt.Extents().Ascent + sty.Font.Size
	pt.X += vg.Length(sty.XAlign) * h.width(txt, sty.Font)
	for _, r := range subscriptRuns(txt) {
		f := sty.Font
		y := pt.Y
		if r.sub {
			f.Size *= subscriptScale
			y -= sty.Font.Size * subscriptDrop
		}
		face := h.Fonts.Lookup(f, f.Size)
		c.FillString(face, vg.Point{X: pt.X, Y: y}, r.s)
		pt.X += face.Width(r.s)
	}
}
