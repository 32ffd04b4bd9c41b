package plotting

import (
	"image"
	"image/color"
	"math"
	"math/bits"
)

// SequencePyramid is a Grundy sequence prepared for drawing at any zoom: for
// blocks of 64, 128, 256 … heaps it holds the set of values that occur in
// the block (a bit set over the values, or over value buckets when there are
// more than MaxPresenceRows distinct rows). A pixel column covering heaps
// [a, b) is the union of O(log n) blocks plus at most 2·64 single heaps, so a
// view of 3·10^7 values draws in time proportional to its width, not to the
// number of heaps, and every value that occurs under a column (a rare value
// met by a single heap included) is drawn.
//
// Build it once, off the UI thread (NewSequencePyramid reads every value);
// it is read-only afterwards and safe for concurrent use.
type SequencePyramid struct {
	values []uint16
	maxV   int
	shift  uint // value v lies in row v>>shift
	words  int  // 64-bit words per block
	levels [][]uint64
	counts []int // counts[v] = heaps with value v
}

// pyramidBase is the number of heaps in a block of the finest level.
const pyramidBase = 64

// MaxPresenceRows bounds the rows a pyramid tells apart: values above it
// are grouped in buckets of 2, 4, … values (a picture has fewer pixel rows
// than that anyway).
const MaxPresenceRows = 256

// NewSequencePyramid indexes values for drawing. The slice is kept, not
// copied: it must not change afterwards.
func NewSequencePyramid(values []uint16) *SequencePyramid {
	p := &SequencePyramid{values: values}
	for _, v := range values {
		p.maxV = max(p.maxV, int(v))
	}
	for p.maxV>>p.shift >= MaxPresenceRows {
		p.shift++
	}
	p.words = (p.maxV>>p.shift)/64 + 1
	p.counts = make([]int, p.maxV+1)
	nb := len(values) / pyramidBase
	level := make([]uint64, nb*p.words)
	w := p.words
	for b := 0; b < nb; b++ {
		set := level[b*w : (b+1)*w : (b+1)*w]
		for _, v := range values[b*pyramidBase : (b+1)*pyramidBase] {
			p.counts[v]++
			r := int(v) >> p.shift
			set[r>>6] |= 1 << (r & 63)
		}
	}
	for _, v := range values[nb*pyramidBase:] {
		p.counts[v]++
	}
	p.levels = append(p.levels, level)
	for len(level) >= 2*w {
		n := len(level) / w / 2
		up := make([]uint64, n*w)
		for b := 0; b < n; b++ {
			for k := 0; k < w; k++ {
				up[b*w+k] = level[2*b*w+k] | level[(2*b+1)*w+k]
			}
		}
		p.levels = append(p.levels, up)
		level = up
	}
	return p
}

// Len is the number of values.
func (p *SequencePyramid) Len() int { return len(p.values) }

// Values returns the indexed values (shared, read-only).
func (p *SequencePyramid) Values() []uint16 { return p.values }

// Max is the largest value.
func (p *SequencePyramid) Max() int { return p.maxV }

// Counts returns how many heaps have each value 0..Max (shared, read-only).
func (p *SequencePyramid) Counts() []int { return p.counts }

// RowShift is how values map to presence rows: value v is in row v>>RowShift.
func (p *SequencePyramid) RowShift() uint { return p.shift }

// Presence ORs into set (p.Words() words, cleared by the caller) the rows of
// the values of heaps a ≤ n < b.
func (p *SequencePyramid) Presence(a, b int, set []uint64) {
	a = max(a, 0)
	b = min(b, len(p.values))
	if a >= b {
		return
	}
	ba := (a + pyramidBase - 1) / pyramidBase
	bb := b / pyramidBase
	if ba >= bb {
		p.rawPresence(a, b, set)
		return
	}
	p.rawPresence(a, ba*pyramidBase, set)
	p.rawPresence(bb*pyramidBase, b, set)
	w := p.words
	or := func(level []uint64, blk int) {
		for k := 0; k < w; k++ {
			set[k] |= level[blk*w+k]
		}
	}
	for k := 0; ba < bb; k++ {
		level := p.levels[k]
		if ba&1 == 1 {
			or(level, ba)
			ba++
		}
		if bb&1 == 1 {
			bb--
			or(level, bb)
		}
		ba >>= 1
		bb >>= 1
	}
}

// Words is the number of uint64 words of a presence set.
func (p *SequencePyramid) Words() int { return p.words }

func (p *SequencePyramid) rawPresence(a, b int, set []uint64) {
	for _, v := range p.values[a:b] {
		r := int(v) >> p.shift
		set[r>>6] |= 1 << (r & 63)
	}
}

// SequenceView is the part of a sequence a picture shows and how: heaps
// X0 ≤ x < X1 across (heap n occupies [n, n+1)), values Y0 ≤ y ≤ Y1 up.
type SequenceView struct {
	X0, X1 float64
	Y0, Y1 float64
	// LogX spaces heaps logarithmically (X0 must then be ≥ 1).
	LogX bool
}

// ColumnHeaps returns the heaps a ≤ n < b whose cells meet pixel column i
// of a data area w pixels wide.
func (v SequenceView) ColumnHeaps(i, w int) (a, b int) {
	xa, xb := v.DataX(float64(i), w), v.DataX(float64(i+1), w)
	a = int(math.Floor(xa))
	b = int(math.Ceil(xb))
	if b <= a {
		b = a + 1
	}
	return a, b
}

// DataX returns the heap coordinate at pixel offset px of a data area w
// pixels wide.
func (v SequenceView) DataX(px float64, w int) float64 {
	return v.XAt(px / float64(w))
}

// XAt returns the heap coordinate at fraction t of the width (0 left, 1
// right).
func (v SequenceView) XAt(t float64) float64 {
	if v.LogX {
		l0, l1 := math.Log(v.X0), math.Log(v.X1)
		return math.Exp(l0 + t*(l1-l0))
	}
	return v.X0 + t*(v.X1-v.X0)
}

// PixelX returns the pixel offset of heap coordinate x in a data area w
// pixels wide.
func (v SequenceView) PixelX(x float64, w int) float64 {
	if v.LogX {
		l0, l1 := math.Log(v.X0), math.Log(v.X1)
		return (math.Log(x) - l0) / (l1 - l0) * float64(w)
	}
	return (x - v.X0) / (v.X1 - v.X0) * float64(w)
}

// PixelY returns the pixel offset (down from the top) of value y in a data
// area h pixels high.
func (v SequenceView) PixelY(y float64, h int) float64 {
	return (v.Y1 - y) / (v.Y1 - v.Y0) * float64(h)
}

// DataY returns the value at pixel offset py (down from the top).
func (v SequenceView) DataY(py float64, h int) float64 {
	return v.Y1 - py/float64(h)*(v.Y1-v.Y0)
}

// SequenceMarks are what is drawn besides the values: the periodic part and
// the split of the values into rare and common ones.
type SequenceMarks struct {
	// Period > 0 shades heaps ≥ Preperiod and draws the preperiod line.
	Period, Preperiod int
	// Saltus, when not 0, is the arithmetic-periodic step:
	// G(n+Period) = G(n) + Saltus for n ≥ Preperiod. The trend line
	// of slope Saltus/Period through the periodic part is drawn.
	Saltus int
	// RareMask splits values into rare (v AND mask has an even number of
	// one bits) and common ones; 0 draws every value in the common colour.
	RareMask uint16
	// MarkScale multiplies the largest height of a value's mark (6 pixels
	// zoomed in, 4 zoomed out) and the least of a rare one's (3 pixels);
	// 0 is 1. A window in presentation mode passes its text scale, so that
	// a short sequence's values on a projector are bars, not dashes.
	MarkScale float64
}

// scale is the marks' scale (MarkScale, 1 when unset).
func (m SequenceMarks) scale() float64 {
	if m.MarkScale > 0 {
		return m.MarkScale
	}
	return 1
}

// Colours of the sequence explorer's pictures.
var (
	// CommonColour draws common values (and every value without a mask).
	CommonColour = valueColour
	// RareColour draws rare values, larger, over the common ones.
	RareColour = rareColour
	// PeriodicShade is the background of the periodic part.
	PeriodicShade = periodicShade
	// TrendColour is the saltus trend line.
	TrendColour = nrgb(0x2e8b57)
	// MismatchColour marks heaps where G(n+p) differs from G(n).
	MismatchColour = nrgb(0xc0162c)
)

// DrawSequenceView draws the values of the view into the rectangle r of img
// (whose background the caller has painted): the periodic shading, the
// preperiod line, the values (common ones first, then rare ones larger and
// in their own colour, so that a single rare heap stays visible at any
// zoom) and the saltus trend. Its cost is proportional to the pixels of r
// times log n, not to the number of heaps.
func DrawSequenceView(img *image.NRGBA, r image.Rectangle, p *SequencePyramid, v SequenceView, m SequenceMarks) {
	w, h := r.Dx(), r.Dy()
	if w <= 0 || h <= 0 || p == nil || p.Len() == 0 {
		return
	}
	d := seqDrawer{img: img, r: r, p: p, v: v, m: m, w: w, h: h, n: p.Len(), rowPx: float64(h) / (v.Y1 - v.Y0)}
	d.periodic()
	if !v.LogX && float64(w)/(v.X1-v.X0) >= 2 {
		d.perHeap()
	} else {
		d.perColumn()
	}
	d.trend()
}

// seqDrawer draws one view of a sequence into the rectangle r of img:
// w×h pixels, n heaps, rowPx pixels per value unit.
type seqDrawer struct {
	img   *image.NRGBA
	r     image.Rectangle
	p     *SequencePyramid
	v     SequenceView
	m     SequenceMarks
	w, h  int
	n     int
	rowPx float64
}

// periodic shades the periodic part and draws the preperiod line.
func (d *seqDrawer) periodic() {
	m, v, r := d.m, d.v, d.r
	if m.Period <= 0 || m.Preperiod >= d.n {
		return
	}
	x := r.Min.X + int(math.Round(v.PixelX(math.Max(float64(m.Preperiod), v.X0), d.w)))
	if float64(m.Preperiod) <= v.X0 {
		x = r.Min.X
	}
	if x >= r.Max.X {
		return
	}
	xe := r.Min.X + int(math.Ceil(v.PixelX(float64(d.n), d.w)))
	fillN(d.img, image.Rect(max(x, r.Min.X), r.Min.Y, min(xe, r.Max.X), r.Max.Y), periodicShade)
	if float64(m.Preperiod) >= v.X0 {
		fillN(d.img, image.Rect(x-1, r.Min.Y, x+1, r.Max.Y).Intersect(r), PreperiodColour)
	}
}

// rowsOf is the pixel rows of a value's mark in the pyramid view.
func (d *seqDrawer) rowsOf(val int) (int, int) {
	y := d.r.Min.Y + int(math.Round(d.v.PixelY(float64(val), d.h)))
	th := int(math.Max(1, math.Min(d.rowPx*0.8, math.Round(4*d.m.scale()))))
	return y - th/2, y - th/2 + th
}

// rare reports whether val is a rare value of the marks' mask.
func (d *seqDrawer) rare(val int) bool {
	return d.m.RareMask != 0 && bits.OnesCount16(uint16(val)&d.m.RareMask)%2 == 0
}

// perHeap draws a zoomed-in view: one mark per heap, as wide as its cell.
func (d *seqDrawer) perHeap() {
	v, r := d.v, d.r
	first := max(int(math.Floor(v.X0)), 0)
	last := min(int(math.Ceil(v.X1)), d.n)
	for k := first; k < last; k++ {
		val := int(d.p.values[k])
		xa := r.Min.X + int(math.Round(v.PixelX(float64(k), d.w)))
		xb := r.Min.X + int(math.Round(v.PixelX(float64(k+1), d.w)))
		gap, hcap := d.markGap(xb - xa)
		// A mark as wide as the cell and, when values are far apart,
		// up to 6 pixels high (times the marks' scale): a dot per heap,
		// not a hairline.
		y := r.Min.Y + int(math.Round(v.PixelY(float64(val), d.h)))
		th := int(math.Max(2, math.Min(math.Min(d.rowPx*0.45, math.Round(6*d.m.scale())), hcap)))
		col := CommonColour
		if d.rare(val) {
			col = RareColour
			th = max(th, int(math.Round(3*d.m.scale())))
		}
		y0, y1 := y-th/2, y-th/2+th
		fillN(d.img, image.Rect(xa+gap, y0, xb-gap, y1).Intersect(r), col)
	}
}

// markGap returns the gap left on each side of a heap's mark in a cell
// cell pixels wide, and the most the mark may be high. Marks are a pixel
// apart and at most 2 pixels higher than wide. Marks grown for a projector
// (scale > 1) fill a cell too narrow for a gap and a mark 4 pixels (times
// the scale) wide, so that neighbouring marks become adjacent blocks, and
// may be twice as high as wide: a short sequence's marks are not thin
// dashes. A mark never leaves its heap's cell: wider, it would stand over
// its neighbour's heap.
func (d *seqDrawer) markGap(cell int) (gap int, hcap float64) {
	scale := d.m.scale()
	if scale <= 1 {
		if cell >= 4 {
			gap = 1
		}
		return gap, float64(cell) + 2
	}
	if float64(cell-2) >= 4*scale {
		gap = 1
	}
	return gap, 2*float64(cell) + 2
}

// rowSpan is a pyramid row's pixel span and whether its values are rare.
type rowSpan struct {
	y0, y1 int
	rare   bool
}

// perColumn draws a view of more than half a heap per pixel from the
// pyramid: each pixel column marks the values present among its heaps,
// common ones at once, rare ones last and larger.
func (d *seqDrawer) perColumn() {
	p := d.p
	set := make([]uint64, p.words)
	rows := (p.maxV >> p.shift) + 1
	// Each row's pixel span and colour, computed once per picture.
	spans := make([]rowSpan, rows)
	for row := range spans {
		val := row << p.shift
		y0, y1 := d.rowsOf(val)
		spans[row] = rowSpan{max(y0, d.r.Min.Y), min(y1, d.r.Max.Y), d.rare(val)}
	}
	var rareCols []int // x of columns with rare values, drawn last
	var rareRows [][]int
	for i := 0; i < d.w; i++ {
		a, b := d.v.ColumnHeaps(i, d.w)
		if b <= 0 || a >= d.n {
			continue
		}
		clear(set)
		p.Presence(a, b, set)
		x := d.r.Min.X + i
		if rr := d.column(x, set, spans); rr != nil {
			rareCols = append(rareCols, x)
			rareRows = append(rareRows, rr)
		}
	}
	for j, x := range rareCols {
		for _, val := range rareRows[j] {
			y0, y1 := d.rowsOf(val)
			least := int(math.Round(3 * d.m.scale()))
			y0, y1 = min(y0, y1-least), max(y1, y0+least)
			fillN(d.img, image.Rect(x-1, y0, x+2, y1).Intersect(d.r), RareColour)
		}
	}
}

// column paints the common values of set (the pyramid rows present) in
// pixel column x and returns its rare values, which are drawn last.
func (d *seqDrawer) column(x int, set []uint64, spans []rowSpan) []int {
	img, cc := d.img, CommonColour
	var rr []int
	for k, word := range set {
		for word != 0 {
			bit := bits.TrailingZeros64(word)
			word &^= 1 << bit
			row := k*64 + bit
			if row >= len(spans) {
				continue
			}
			sp := spans[row]
			if sp.rare {
				rr = append(rr, row<<d.p.shift)
				continue
			}
			for y := sp.y0; y < sp.y1; y++ {
				o := img.PixOffset(x, y)
				px := img.Pix[o : o+4 : o+4]
				px[0], px[1], px[2], px[3] = cc.R, cc.G, cc.B, 255
			}
		}
	}
	return rr
}

// trend draws the saltus trend line: the mean over the first period,
// rising Saltus a period.
func (d *seqDrawer) trend() {
	m, v, r := d.m, d.v, d.r
	if m.Saltus == 0 || m.Period <= 0 || m.Preperiod+m.Period > d.n {
		return
	}
	sum := 0.0
	for _, val := range d.p.values[m.Preperiod : m.Preperiod+m.Period] {
		sum += float64(val)
	}
	mean := sum / float64(m.Period)
	slope := float64(m.Saltus) / float64(m.Period)
	mid := float64(m.Preperiod) + float64(m.Period)/2
	for i := 0; i < d.w; i++ {
		x := v.DataX(float64(i)+0.5, d.w)
		if x < float64(m.Preperiod) || x > float64(d.n) {
			continue
		}
		y := r.Min.Y + int(math.Round(v.PixelY(mean+slope*(x-mid), d.h)))
		fillN(d.img, image.Rect(r.Min.X+i, y-1, r.Min.X+i+1, y+1).Intersect(r), TrendColour)
	}
}

// fillN paints the rectangle (clipped to the image) with an opaque colour.
func fillN(m *image.NRGBA, r image.Rectangle, col color.NRGBA) {
	r = r.Intersect(m.Rect)
	if r.Empty() {
		return
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		off := m.PixOffset(r.Min.X, y)
		line := m.Pix[off : off+4*r.Dx()]
		for i := 0; i < len(line); i += 4 {
			line[i], line[i+1], line[i+2], line[i+3] = col.R, col.G, col.B, 255
		}
	}
}
