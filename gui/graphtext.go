package gui

import (
	"math"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"github.com/nimlab/nimlab/plotting"
)

// Where the ink of a vertex's name and value lies around their baselines,
// as fractions of the text size (the theme's Noto Sans): digits, capitals
// and brackets reach inkAbove over the baseline, descenders (the g of
// "g=1", γ, brackets) inkBelow under it. vertexLineGap is the space
// between the name's ink and the value's.
const (
	inkAbove      = 0.72
	inkBelow      = 0.24
	vertexLineGap = 0.1
)

// descenders are the characters whose ink goes under the baseline.
const descenders = "gjpqyγ,;()[]{}_|Qμ"

// vertexInk is the ink of a line of text of size s around its baseline:
// how far above and below it reaches.
func vertexInk(text string, s float32) (above, below float32) {
	below = 0.04 * s
	if strings.ContainsAny(text, descenders) {
		below = inkBelow * s
	}
	return inkAbove * s, below
}

// placeVertexText puts a vertex's name and value (label, may be empty)
// inside its circle, centred at p, whose ring's inner edge is at radius
// inner: the two lines' ink stacked and kept a margin inside the ring at
// each line's outer edge, where its chord is narrowest. Both lines get
// text size s when they fit, the stack moved up or down a little from the
// centre if that helps (a short name above a wide value); else each line
// shrinks to what its own width allows (a long name such as 1+1+1+1+1+1+1,
// a value such as ∞_{0,1}), and the two in proportion if they still do not
// fit together. This is the window's counterpart
// of plotting.FitInCircle, measured on the ink rather than the text's box,
// so that a value at body size fits a circle of one and a half body sizes
// with clear space to its ring.
func placeVertexText(name, label *canvas.Text, p fyne.Position, s, inner, margin float32) {
	two := label.Text != ""
	name.TextSize, label.TextSize = s, s
	wn, wl := textWidth(name)/s, textWidth(label)/s // widths per unit of size
	r := inner - margin
	// room is how wide a line whose ink runs from top to bottom (relative
	// to the centre) may be: its corners stay inside radius r.
	room := func(top, bottom float32) float32 {
		edge := max(-top, bottom)
		return 2 * float32(math.Sqrt(float64(max(r*r-edge*edge, 0))))
	}
	// placeWith returns where the stack goes with the name at size sn and
	// the value at sl: the place nearest the centre where both fit, each
	// as wide as it is times the width factors fn, fl (0: that line's width
	// does not count).
	placeWith := func(sn, sl, fn, fl float32) (shift float32, ok bool) {
		name.TextSize, label.TextSize = sn, sl
		nTop, nBottom, lTop, lBottom := vertexLines(name, label, two)
		h := max(nBottom, lBottom) - nTop
		for i := range 19 {
			for _, d := range []float32{-float32(i) * h / 60, float32(i) * h / 60} {
				if room(nTop+d, nBottom+d) >= fn*wn*sn && (!two || room(lTop+d, lBottom+d) >= fl*wl*sl) {
					return d, true
				}
			}
		}
		return 0, false
	}
	place := func(sn, sl float32) (float32, bool) { return placeWith(sn, sl, 1, 1) }
	// largest is the largest k in [lo, 1] for which fits(k) holds (lo when
	// none does), found by bisection.
	largest := func(lo float32, fits func(k float32) bool) float32 {
		if fits(1) {
			return 1
		}
		lo, _ = plotting.Bisect(lo, 1, 16, fits)
		return lo
	}
	sn, sl := s, s
	if _, ok := place(s, s); !ok {
		// Each line first at the size it would have beside a line of no
		// width (a value such as ∞_{0,1} shrinks, not the name over it)...
		if two {
			sl *= largest(0.05, func(k float32) bool { _, ok := placeWith(k*s, k*s, 0, 1); return ok })
		}
		sn *= largest(0.05, func(k float32) bool { _, ok := placeWith(k*s, k*s, 1, 0); return ok })
		// ... then both in proportion, as far as the two together need.
		k := largest(0.05, func(k float32) bool { _, ok := place(k*sn, k*sl); return ok })
		sn, sl = k*sn, k*sl
	}
	shift, _ := place(sn, sl)
	nTop, _, lTop, _ := vertexLines(name, label, two)
	put := func(t *canvas.Text, inkTop float32) {
		size, baseline := fyne.CurrentApp().Driver().RenderedTextSize(t.Text, t.TextSize, t.TextStyle, t.FontSource)
		above, _ := vertexInk(t.Text, t.TextSize)
		// The box's top is baseline over the baseline, and the ink's top
		// above over it.
		t.Move(fyne.NewPos(p.X-size.Width/2, p.Y+shift+inkTop+above-baseline))
		t.Resize(size)
	}
	put(name, nTop)
	if two {
		put(label, lTop)
	}
}

// vertexLines is where the name's and the value's ink lie, relative to the
// circle's centre (negative above it), when the two are centred together.
func vertexLines(name, label *canvas.Text, two bool) (nTop, nBottom, lTop, lBottom float32) {
	na, nb := vertexInk(name.Text, name.TextSize)
	if !two {
		h := na + nb
		return -h / 2, h / 2, 0, 0
	}
	la, lb := vertexInk(label.Text, label.TextSize)
	gap := vertexLineGap * max(name.TextSize, label.TextSize)
	h := na + nb + gap + la + lb
	nTop = -h / 2
	nBottom = nTop + na + nb
	lTop = nBottom + gap
	return nTop, nBottom, lTop, h / 2
}

// textWidth is how wide t is drawn.
func textWidth(t *canvas.Text) float32 {
	size, _ := fyne.CurrentApp().Driver().RenderedTextSize(t.Text, t.TextSize, t.TextStyle, t.FontSource)
	return size.Width
}
