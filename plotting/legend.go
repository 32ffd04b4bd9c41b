package plotting

import (
	"image"
	"math"
	"strings"

	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// legend is a picture's key: items, each a swatch and a label, set at the
// top right of the data area on a white, framed box. It stays inside the
// data area at every picture size: items go on one row while they fit, then
// on further rows; a label too long for a row of its own wraps at its
// spaces; and a word too wide for the data area sets the whole legend
// smaller. The head room above the data is made for the lines it takes
// (extraHeight).
type legend struct {
	sw    float64 // swatch width at the full text size, px
	items []legendItem
	// below is the height the picture draws under the legend's last text
	// line (the period labels), in text sizes; the legend's box takes 0.8.
	below float64
	// share, when set, is the part of the data area's height the legend
	// and what is drawn under it may take: on a small picture they are set
	// smaller rather than drawn over the values (0: the whole height).
	share float64
}

// budget is the height the legend may take in a data area dh pixels high.
func (l legend) budget(dh float64) float64 {
	if l.share > 0 {
		return l.share * dh
	}
	return dh
}

// headroom is the head room a picture keeps above its values for the
// legend in a data area dw×dh pixels: base pixels for one text line at the
// note size (with what the picture draws under it) and its further lines;
// when the legend is set smaller, in proportion, but at least its height
// and a gap (its padding does not shrink with the text).
func (l legend) headroom(st style, base, dw, dh float64) float64 {
	lay := l.layout(st, st.legendRoom(dw), l.budget(dh))
	h := base*lay.size/st.note + float64(lay.lines-1)*lay.step
	if lay.size < st.note {
		h = math.Max(h, l.height(st, lay)+0.2*lay.size+st.line)
	}
	return h
}

// legendItem is one entry of a legend: its label and the swatch drawn before
// it, w wide, at x (its left) on the text line's centre y; size is the
// legend's text size (smaller than the picture's note size when the legend
// had to shrink).
type legendItem struct {
	label  string
	swatch func(x, y, w, size float64)
}

// legendLayout is where a legend's items go, relative to its top-left.
type legendLayout struct {
	size      float64 // text size, px
	sw, gap   float64 // swatch width, and the space between swatch and label
	step      float64 // distance between text lines
	w         float64 // width of the widest row
	lines     int     // text lines in all
	cells     []legendCell
	textStyle text.Style
}

// legendCell is one item placed: the left of its swatch, its first text
// line and its label as wrapped.
type legendCell struct {
	x    float64
	line int
	text []string
}

// legendRoom is the width a legend may take in a data area dw pixels wide.
func (st style) legendRoom(dw float64) float64 { return dw - st.margin }

// layout sets the legend into room pixels, in a data area height pixels
// high: at the full text size if every word fits and the lines (and what
// the picture draws below them) fit the height, and otherwise just small
// enough. Rows that break are made of even widths: the legend takes the
// narrowest room that needs no more lines, so that no row is left with a
// lone item.
func (l legend) layout(st style, room, height float64) legendLayout {
	scale := 1.0
	var lay legendLayout
	for range 40 {
		var need float64
		lay, need = l.layoutAt(st, scale, room)
		if need > room {
			// Widths grow in proportion to the text size.
			scale *= 0.98 * room / need
			continue
		}
		if l.height(st, lay) <= height || scale < 0.05 {
			break
		}
		scale *= 0.9
	}
	lay, need := l.layoutAt(st, scale, room)
	if lay.lines == 1 {
		return lay
	}
	lines := lay.lines
	room = narrowestRoom(need, lay.w, func(room float64) bool {
		m, _ := l.layoutAt(st, scale, room)
		return m.lines <= lines && m.w <= room
	})
	lay, _ = l.layoutAt(st, scale, room)
	return lay
}

// narrowestRoom returns the least width in [lo, hi] at which fits holds,
// to within (hi − lo)/2^20, by bisection: fits must hold at hi and at
// every width above one where it holds. Both the legend's rows and a
// wrapped label take the narrowest width that needs no more lines, so
// that no line is left with a lone item or word.
func narrowestRoom(lo, hi float64, fits func(room float64) bool) float64 {
	_, hi = Bisect(lo, hi, 20, func(room float64) bool { return !fits(room) })
	return hi
}

// Bisect narrows [lo, hi] around the threshold of a test that holds below
// it and fails above it: steps times, where below holds at the middle, lo
// moves up to it, else hi moves down to it. The last interval is returned;
// its ends are within (hi − lo)/2^steps of the threshold. The legend's and
// a wrapped label's narrowest room, FitInCircle and the window's own fitting
// of a vertex's name and value into its circle all search with it.
func Bisect[F ~float32 | ~float64](lo, hi F, steps int, below func(F) bool) (F, F) {
	for range steps {
		mid := (lo + hi) / 2
		if below(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo, hi
}

// height is the height a legend set as lay takes from the top of the data
// area, with what the picture draws under it.
func (l legend) height(st style, lay legendLayout) float64 {
	return 0.5*st.margin + lay.size*(0.6+max(0.8, l.below)) + float64(lay.lines-1)*lay.step
}

// layoutAt sets the legend at scale times the note size; need is the width
// of its widest unbreakable piece (a swatch and one word), which must not
// exceed room.
func (l legend) layoutAt(st style, scale, room float64) (lay legendLayout, need float64) {
	size := scale * st.note
	lay = legendLayout{size: size, sw: scale * l.sw, gap: 0.4 * size, step: 1.3 * size}
	lay.textStyle = st.textStyle(size, false)
	lay.textStyle.XAlign, lay.textStyle.YAlign = draw.XLeft, draw.YCenter
	sep := 1.2 * size // between items on a row
	width := func(s string) float64 { return st.textWidth(lay.textStyle, s) }
	x, line, rowLines := 0.0, 0, 1
	for _, it := range l.items {
		text := []string{it.label}
		w := lay.sw + lay.gap + width(it.label)
		if x > 0 && x+sep+w > room {
			line += rowLines
			x, rowLines = 0, 1
		}
		if x > 0 {
			x += sep
		}
		wrapped := w > room
		if wrapped {
			var widest float64
			text, widest = wrapBalanced(it.label, room-lay.sw-lay.gap, width)
			w = lay.sw + lay.gap + widest
		}
		for _, word := range strings.Fields(it.label) {
			need = math.Max(need, lay.sw+lay.gap+width(word))
		}
		lay.cells = append(lay.cells, legendCell{x: x, line: line, text: text})
		x += w
		lay.w = math.Max(lay.w, x)
		rowLines = max(rowLines, len(text))
		if wrapped {
			x = room // the next item starts a row, not beside the first line
		}
	}
	lay.lines = line + rowLines
	return lay, need
}

// wrapBalanced breaks s at its spaces into as few lines as wrapWords does
// in room, but of even widths (the narrowest room that needs no more
// lines), so that no line is left with a lone word; it returns them with
// the width of the widest.
func wrapBalanced(s string, room float64, width func(string) float64) (lines []string, widest float64) {
	lines, widest = wrapWords(s, room, width)
	n := len(lines)
	return wrapWords(s, narrowestRoom(0, widest, func(room float64) bool {
		l, w := wrapWords(s, room, width)
		return len(l) <= n && w <= room
	}), width)
}

// wrapWords breaks s at its spaces into lines at most room wide (a word
// wider than room gets a line of its own) and returns them with the width
// of the widest.
func wrapWords(s string, room float64, width func(string) float64) (lines []string, widest float64) {
	cur := ""
	for _, word := range strings.Fields(s) {
		if cur != "" && width(cur+" "+word) <= room {
			cur += " " + word
			continue
		}
		if cur != "" {
			lines = append(lines, cur)
			widest = math.Max(widest, width(cur))
		}
		cur = word
	}
	lines = append(lines, cur)
	return lines, math.Max(widest, width(cur))
}

// extraHeight is the height the legend takes in a data area dw×dh pixels
// beyond one text line at the note size: the head room a picture adds for
// it.
func (l legend) extraHeight(st style, dw, dh float64) float64 {
	lay := l.layout(st, st.legendRoom(dw), l.budget(dh))
	return float64(lay.lines-1) * lay.step
}

// draw sets the legend at the top right of fig's data area and returns the
// centre line of its last text line and its text size. The extents of its
// text lines are recorded in fig.legendRows.
func (l legend) draw(c *canvas, fig *Figure) (lastY, size float64) {
	st := c.st
	d := fig.Data
	pad := 0.5 * st.margin
	lay := l.layout(st, st.legendRoom(float64(d.Dx())), l.budget(float64(d.Dy())))
	top := float64(d.Min.Y) + pad + 0.6*lay.size
	x0 := float64(d.Max.X) - pad - lay.w
	lastY = top + float64(lay.lines-1)*lay.step
	legendBox(c.rgba(), x0, top, lay.w, lastY, lay.size, st)
	H := float64(c.size.Height)
	for i, cell := range lay.cells {
		x := x0 + cell.x
		l.items[i].swatch(x, top+float64(cell.line)*lay.step, lay.sw, lay.size)
		for k, s := range cell.text {
			y := top + float64(cell.line+k)*lay.step
			tx := x + lay.sw + lay.gap
			c.dc.FillText(lay.textStyle, vg.Point{X: st.pt(tx), Y: st.pt(H - y)}, s)
			left := x
			if k > 0 {
				left = tx
			}
			fig.legendRows = append(fig.legendRows, textExtent(left, tx+st.textWidth(lay.textStyle, s), y, lay.size))
		}
	}
	return lastY, lay.size
}

// textExtent is the rectangle, in whole pixels, that a line of text from x0
// to x1 centred on y at the given size takes.
func textExtent(x0, x1, y, size float64) image.Rectangle {
	return image.Rect(int(math.Floor(x0)), int(math.Floor(y-0.6*size)), int(math.Ceil(x1)), int(math.Ceil(y+0.6*size)))
}

// legendBox draws the white, framed background of a legend whose text
// starts at x, is w wide and whose lines are centred from y0 to y1, so that
// the data and grid lines behind it do not cross the text.
func legendBox(img *image.RGBA, x, y0, w, y1, size float64, st style) {
	p := 0.35 * size
	r := image.Rect(int(x-p), int(y0-0.8*size), int(x+w+p), int(y1+0.8*size))
	fill(img, r, nrgb(0xffffff))
	frame(img, r, max(1, int(st.thin)), nrgb(0xb0b0b0))
}
