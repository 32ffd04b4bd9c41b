package plotting

import (
	"image"
	"math"
	"math/bits"
)

// Mismatches records where a sequence is not periodic with a given period
// and saltus: heap n is a mismatch when G(n+Period) ≠ G(n) + Saltus (for n +
// Period within the values). For a certified period the last mismatch is
// heap preperiod − 1; for a wrong period the mismatches show where the
// periodicity breaks. Counts over any heap range take O(1) block look-ups
// plus at most two blocks of bits, so the difference view draws as fast as
// the values view.
type Mismatches struct {
	Period, Saltus int
	values         []uint16
	bits           []uint64 // bit n: heap n is a mismatch
	cum            []uint32 // cum[k] = mismatches among heaps < k·mismatchBlock
	total          int
	last           int // last mismatch, −1 when none
}

const mismatchBlock = 4096

// NewMismatches compares every heap with the one a period later (O(n): build
// it off the UI thread).
func NewMismatches(values []uint16, period, saltus int) *Mismatches {
	m := &Mismatches{Period: period, Saltus: saltus, values: values, last: -1}
	n := len(values)
	m.bits = make([]uint64, (n+63)/64)
	m.cum = make([]uint32, n/mismatchBlock+2)
	if period > 0 {
		for k := 0; k+period < n; k++ {
			if int(values[k+period]) != int(values[k])+saltus {
				m.bits[k>>6] |= 1 << (k & 63)
				m.total++
				m.last = k
			}
		}
	}
	c := 0
	for b := 0; b < len(m.cum)-1; b++ {
		m.cum[b] = uint32(c)
		lo, hi := b*mismatchBlock/64, min((b+1)*mismatchBlock/64, len(m.bits))
		for _, w := range m.bits[min(lo, len(m.bits)):hi] {
			c += bits.OnesCount64(w)
		}
	}
	m.cum[len(m.cum)-1] = uint32(c)
	return m
}

// Total is the number of mismatches.
func (m *Mismatches) Total() int { return m.total }

// Last is the last mismatch, or −1.
func (m *Mismatches) Last() int { return m.last }

// Compared is the number of heaps that have a heap a period later.
func (m *Mismatches) Compared() int { return max(len(m.values)-m.Period, 0) }

// At reports whether heap n is a mismatch.
func (m *Mismatches) At(n int) bool {
	return n >= 0 && n < len(m.values) && m.bits[n>>6]&(1<<(n&63)) != 0
}

// Difference is G(n+Period) − G(n) − Saltus, and false when n+Period is
// beyond the values.
func (m *Mismatches) Difference(n int) (int, bool) {
	if n < 0 || n+m.Period >= len(m.values) || m.Period <= 0 {
		return 0, false
	}
	return int(m.values[n+m.Period]) - int(m.values[n]) - m.Saltus, true
}

// prefix counts the mismatches among heaps < k.
func (m *Mismatches) prefix(k int) int {
	k = min(max(k, 0), len(m.values))
	b := k / mismatchBlock
	c := int(m.cum[b])
	w := b * mismatchBlock / 64
	for ; (w+1)*64 <= k; w++ {
		c += bits.OnesCount64(m.bits[w])
	}
	if r := k - w*64; r > 0 {
		c += bits.OnesCount64(m.bits[w] & (1<<r - 1))
	}
	return c
}

// Count is the number of mismatches among heaps a ≤ n < b.
func (m *Mismatches) Count(a, b int) int {
	if b <= a {
		return 0
	}
	return m.prefix(b) - m.prefix(a)
}

// DrawMismatchView draws the difference view into r: zoomed out, one bar per
// pixel column whose height grows with the logarithm of the number of
// mismatches under it (a single one is a quarter of the height, so it is
// never lost); zoomed in (two pixels or more per heap), the difference
// G(n+p) − G(n) − saltus of each heap as a stem from the middle line.
// v's Y range is ignored.
func DrawMismatchView(img *image.NRGBA, r image.Rectangle, m *Mismatches, v SequenceView) {
	w, h := r.Dx(), r.Dy()
	if w <= 0 || h <= 0 || m == nil {
		return
	}
	n := len(m.values)
	if !v.LogX && float64(w)/(v.X1-v.X0) >= 2 {
		first := max(int(math.Floor(v.X0)), 0)
		last := min(int(math.Ceil(v.X1)), n)
		maxAbs := 1
		for k := first; k < last; k++ {
			if d, ok := m.Difference(k); ok {
				maxAbs = max(maxAbs, abs(d))
			}
		}
		mid := r.Min.Y + h/2
		fillN(img, image.Rect(r.Min.X, mid, r.Max.X, mid+1), nrgb(0x909090))
		for k := first; k < last; k++ {
			d, ok := m.Difference(k)
			if !ok || d == 0 {
				continue
			}
			xa := r.Min.X + int(math.Round(v.PixelX(float64(k), w)))
			xb := max(xa+1, r.Min.X+int(math.Round(v.PixelX(float64(k+1), w)))-1)
			y := mid - int(math.Round(float64(d)/float64(maxAbs)*float64(h/2-4)))
			y0, y1 := min(y, mid), max(y, mid)+1
			fillN(img, image.Rect(xa, y0, xb, y1).Intersect(r), MismatchColour)
		}
		return
	}
	counts := make([]int, w)
	maxC := 0
	for i := range counts {
		a, b := v.ColumnHeaps(i, w)
		counts[i] = m.Count(a, b)
		maxC = max(maxC, counts[i])
	}
	if maxC == 0 {
		return
	}
	top := math.Log(float64(maxC) + 1)
	for i, c := range counts {
		if c == 0 {
			continue
		}
		frac := 0.25
		if top > 0 {
			frac = 0.25 + 0.75*math.Log(float64(c)+1)/top
			if maxC == 1 {
				frac = 0.25
			}
		}
		y := r.Max.Y - int(math.Round(frac*float64(h)))
		fillN(img, image.Rect(r.Min.X+i, y, r.Min.X+i+1, r.Max.Y), MismatchColour)
	}
}
