package plotting

import (
	"image"
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPyramidPresenceMatchesBruteForce compares the pyramid's value sets
// over random heap ranges with a direct scan, for value ranges that fit the
// rows exactly and for values that are bucketed.
func TestPyramidPresenceMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, maxV := range []int{1, 9, 63, 64, 300, 1000} {
		vals := make([]uint16, 20000+rng.IntN(5000))
		for i := range vals {
			vals[i] = uint16(rng.IntN(maxV + 1))
		}
		p := NewSequencePyramid(vals)
		for range 300 {
			a := rng.IntN(len(vals))
			b := a + rng.IntN(len(vals)-a+1)
			if rng.IntN(3) == 0 {
				b = min(a+rng.IntN(200), len(vals))
			}
			got := make([]uint64, p.Words())
			p.Presence(a, b, got)
			want := make([]uint64, p.Words())
			for _, v := range vals[a:b] {
				r := int(v) >> p.RowShift()
				want[r>>6] |= 1 << (r & 63)
			}
			require.Equal(t, want, got, "max %d heaps [%d, %d)", maxV, a, b)
		}
	}
}

// TestSingleRareValueStaysVisible draws three million common values with a
// single rare one among them on a 600-pixel-wide picture: the rare heap
// must be drawn in the rare colour in its column, at its value's row.
func TestSingleRareValueStaysVisible(t *testing.T) {
	const n, at = 3_000_000, 1_234_567
	vals := make([]uint16, n)
	for i := range vals {
		vals[i] = uint16(1 + 2*(i%2)) // 1 and 3: odd under mask 1, common
	}
	vals[at] = 2 // even under mask 1: rare
	p := NewSequencePyramid(vals)
	img := image.NewNRGBA(image.Rect(0, 0, 600, 300))
	v := SequenceView{X0: 0, X1: n, Y0: -0.2, Y1: 3.2}
	DrawSequenceView(img, img.Rect, p, v, SequenceMarks{RareMask: 1})
	col := int(v.PixelX(at, 600))
	row := int(v.PixelY(2, 300))
	assert.Equal(t, RareColour, img.NRGBAAt(col, row), "the rare heap's pixel")
	// Nowhere else is rare.
	rare := 0
	for x := 0; x < 600; x++ {
		for y := 0; y < 300; y++ {
			if img.NRGBAAt(x, y) == RareColour {
				rare++
				assert.InDelta(t, col, x, 2)
			}
		}
	}
	assert.Positive(t, rare)
	// And the common values are drawn in every column.
	for x := 0; x < 600; x++ {
		assert.Equal(t, CommonColour, img.NRGBAAt(x, int(v.PixelY(1, 300))), "column %d", x)
	}
	// Without a mask the heap is still there, in the common colour.
	img2 := image.NewNRGBA(image.Rect(0, 0, 600, 300))
	DrawSequenceView(img2, img2.Rect, p, v, SequenceMarks{})
	assert.Equal(t, CommonColour, img2.NRGBAAt(col, row))
}

// TestMismatchesMatchBruteForce checks counts and the last mismatch of a
// sequence periodic from heap 1000 with period 7, and with a saltus.
func TestMismatchesMatchBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	vals := make([]uint16, 50000)
	for i := range vals {
		if i < 1000 {
			vals[i] = uint16(rng.IntN(5))
		} else {
			vals[i] = vals[i-7]
		}
	}
	m := NewMismatches(vals, 7, 0)
	last := -1
	total := 0
	for i := 0; i+7 < len(vals); i++ {
		if vals[i+7] != vals[i] {
			last = i
			total++
		}
	}
	assert.Equal(t, last, m.Last())
	assert.Equal(t, total, m.Total())
	for range 500 {
		a := rng.IntN(len(vals))
		b := a + rng.IntN(len(vals)-a+1)
		want := 0
		for i := a; i < b; i++ {
			if i+7 < len(vals) && vals[i+7] != vals[i] {
				want++
			}
		}
		require.Equal(t, want, m.Count(a, b), "[%d, %d)", a, b)
	}
	// Arithmetic-periodic: G(n+3) = G(n) + 2 from heap 10.
	ap := make([]uint16, 2000)
	for i := range ap {
		ap[i] = uint16(i / 3 * 2)
		if i < 10 {
			ap[i] = uint16(bits.OnesCount(uint(i)))
		}
	}
	ms := NewMismatches(ap, 3, 2)
	assert.Less(t, ms.Last(), 10)
	d, ok := ms.Difference(500)
	assert.True(t, ok)
	assert.Equal(t, 0, d)
}

func TestFormatHelpers(t *testing.T) {
	assert.Equal(t, "10,061,916", GroupDigits(10061916))
	assert.Equal(t, "999", GroupDigits(999))
	assert.Equal(t, "1,000", GroupDigits(1000))
	assert.Equal(t, []int{0, 20, 40, 60, 80, 100}, AxisTicks(0, 100, 6))
	assert.Equal(t, []int{1, 10, 100, 1000}, LogAxisTicks(1, 3000, 10))
}

// TestSequenceMarksGrowWithTheirScale draws the ten values of 0.23 (period
// 3) zoomed in on a projector-sized picture: each heap's mark is 6 pixels
// high, and MarkScale 1.75 (presentation mode's text scale) makes it 11
// (rounded), 2.5 makes it 15; rare marks keep at least 3 pixels times the
// scale. Zoomed out, the per-column marks' cap (4) scales the same way.
func TestSequenceMarksGrowWithTheirScale(t *testing.T) {
	vals := []uint16{0, 0, 1, 2, 0, 1, 2, 0, 1, 2}
	p := NewSequencePyramid(vals)
	v := SequenceView{X0: 0, X1: 10, Y0: -0.2, Y1: 2.2}
	// markHeight is the height of the run of col pixels in heap k's column.
	markHeight := func(img *image.NRGBA, k int, val int) int {
		x := int(v.PixelX(float64(k)+0.5, img.Rect.Dx()))
		y := int(v.PixelY(float64(val), img.Rect.Dy()))
		c := img.NRGBAAt(x, y)
		require.NotEqual(t, uint8(0), c.A, "heap %d is drawn at its value", k)
		h := 0
		for yy := 0; yy < img.Rect.Dy(); yy++ {
			if img.NRGBAAt(x, yy) == c {
				h++
			}
		}
		return h
	}
	for _, tc := range []struct {
		scale      float64
		want, rare int
	}{{0, 6, 6}, {1, 6, 6}, {1.75, 11, 11}, {2.5, 15, 15}} {
		img := image.NewNRGBA(image.Rect(0, 0, 1000, 500))
		DrawSequenceView(img, img.Rect, p, v, SequenceMarks{Period: 3, Preperiod: 1, MarkScale: tc.scale})
		for k, val := range vals {
			assert.Equal(t, tc.want, markHeight(img, k, int(val)), "scale %v heap %d", tc.scale, k)
		}
		// Rare values (mask 1: 0 and 2) are drawn at least as high.
		img = image.NewNRGBA(image.Rect(0, 0, 1000, 500))
		DrawSequenceView(img, img.Rect, p, v, SequenceMarks{RareMask: 1, MarkScale: tc.scale})
		assert.Equal(t, tc.rare, markHeight(img, 3, 2), "scale %v, a rare mark", tc.scale)
	}
	// Zoomed out (more than half a heap a pixel): a column's mark is at
	// most 4 pixels high, 7 at scale 1.75.
	many := make([]uint16, 5000)
	for i := range many {
		many[i] = uint16(i % 3)
	}
	pm := NewSequencePyramid(many)
	vm := SequenceView{X0: 0, X1: 5000, Y0: -0.2, Y1: 2.2}
	for _, tc := range []struct {
		scale float64
		want  int
	}{{1, 4}, {1.75, 7}} {
		img := image.NewNRGBA(image.Rect(0, 0, 400, 500))
		DrawSequenceView(img, img.Rect, pm, vm, SequenceMarks{MarkScale: tc.scale})
		h := 0
		for y := 0; y < 500; y++ {
			if img.NRGBAAt(200, y) == CommonColour {
				h++
			}
		}
		assert.Equal(t, 3*tc.want, h, "scale %v: three values' marks in a column", tc.scale)
	}
}

// TestShortSequenceMarksFillTheirCellsOnAProjector draws the 176 values of
// 0.07 into a 1013-pixel-wide view (the Octal tab on a 1920×1080 projector:
// under 6 pixels a heap). In the window (scale 1) each mark leaves a pixel
// on each side and is at most 2 pixels higher than wide; on a projector
// (scale 1.75) each mark fills its heap's cell whole (adjacent blocks, 5 or
// 6 pixels wide rather than 3 or 4) and is 11 pixels high; in neither does
// a mark reach into a neighbouring heap's cell.
func TestShortSequenceMarksFillTheirCellsOnAProjector(t *testing.T) {
	vals := sequenceOf(t, "0.07", 175).Values // G(0..175), as the Octal tab computes
	require.Len(t, vals, 176)
	p := NewSequencePyramid(vals)
	v := SequenceView{X0: 0, X1: 176, Y0: -0.4, Y1: 9.4}
	const w, h = 1013, 560
	for _, tc := range []struct {
		scale  float64
		gap    int
		height func(cell int) int
	}{
		{1, 1, func(cell int) int { return min(6, cell+2) }},
		{1.75, 0, func(int) int { return 11 }},
	} {
		img := image.NewNRGBA(image.Rect(0, 0, w, h))
		DrawSequenceView(img, img.Rect, p, v, SequenceMarks{MarkScale: tc.scale})
		for k, val := range vals {
			xa := int(math.Round(v.PixelX(float64(k), w)))
			xb := int(math.Round(v.PixelX(float64(k+1), w)))
			y := int(math.Round(v.PixelY(float64(val), h)))
			// The mark's row: its own cell coloured but for the gaps; the
			// neighbours' cells only where they hold the same value.
			for x := xa - 1; x <= xb; x++ {
				mine := x >= xa+tc.gap && x < xb-tc.gap
				neighbour := (x < xa && k > 0 && vals[k-1] == val) || (x >= xb && k+1 < len(vals) && vals[k+1] == val)
				if x < xa || x >= xb {
					mine = neighbour && tc.gap == 0
				}
				assert.Equal(t, mine, img.NRGBAAt(x, y) == CommonColour, "scale %v heap %d column %d", tc.scale, k, x)
			}
			high := 0
			for yy := range h {
				if img.NRGBAAt((xa+xb)/2, yy) == CommonColour {
					high++
				}
			}
			assert.Equal(t, tc.height(xb-xa), high, "scale %v heap %d: its mark's height", tc.scale, k)
		}
	}
}
