package gui

import (
	"math"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
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
// inner: at text size s, the two lines' ink stacked and kept a margin
// inside the ring at each line's outer edge, where its chord is narrowest.
// The stack moves up or down a little from the centre when that lets both
// lines keep size s (a short name above a wide value); a line that does
// not fit even so shrinks. This is the window's counterpart of
// plotting.FitInCircle, measured on the ink rather than the text's box, so
// that a value at body size fits a circle of one and a half body sizes
// with clear space to its ring.
func placeVertexText(name, label *canvas.Text, p fyne.Position, s, inner, margin float32) {
	name.TextSize, label.TextSize = s, s
	two := label.Text != ""
	// room is how wide a line whose ink runs from top to bottom (relative
	// to the centre) may be: its corners stay margin inside the ring.
	room := func(top, bottom float32) float32 {
		edge, r := max(-top, bottom), inner-margin
		return 2 * float32(math.Sqrt(float64(max(r*r-edge*edge, 0))))
	}
	var shift float32
	for range 4 {
		nTop, nBottom, lTop, lBottom := vertexLines(name, label, two)
		// A stack taller than the circle's clear part shrinks first.
		if h, clear := max(nBottom, lBottom)-nTop, 1.9*(inner-margin); h > clear && clear > 0 {
			name.TextSize *= clear / h
			label.TextSize *= clear / h
			nTop, nBottom, lTop, lBottom = vertexLines(name, label, two)
		}
		wn, wl := textWidth(name), textWidth(label)
		// fits is how much room the tighter line has, as a share of its
		// width, with the stack moved by d.
		fits := func(d float32) float32 {
			f := room(nTop+d, nBottom+d) / max(wn, 1)
			if two {
				f = min(f, room(lTop+d, lBottom+d)/max(wl, 1))
			}
			return f
		}
		h := max(nBottom, lBottom) - nTop
		shift = 0
		best := fits(0)
		for i := 1; i <= 18 && best < 1; i++ {
			for _, d := range []float32{-float32(i) * h / 60, float32(i) * h / 60} {
				if f := fits(d); f > best {
					shift, best = d, f
				}
			}
		}
		if best >= 1 {
			break
		}
		if f := room(nTop+shift, nBottom+shift); wn > f && f > 0 {
			name.TextSize *= f / wn
		}
		if f := room(lTop+shift, lBottom+shift); two && wl > f && f > 0 {
			label.TextSize *= f / wl
		}
	}
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
