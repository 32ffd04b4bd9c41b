package plotting

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOddParity(t *testing.T) {
	rare := OddParity(0b0110)
	for v, want := range map[int]bool{0: false, 1: false, 2: true, 4: true, 6: false, 7: false, 3: true, 9: false} {
		assert.Equal(t, want, rare(v), "v=%d", v)
	}
}

func TestHistogramBarHeightsAreTheCounts(t *testing.T) {
	res := solveOctal(t, "0.007", 2000)
	counts := map[int]int{}
	for _, v := range res.Values {
		counts[int(v)]++
	}
	rare := OddParity(0b1)
	for _, logY := range []bool{false, true} {
		fig, err := Histogram(res.Values, HistogramOptions{Rare: rare, LogY: logY})
		require.NoError(t, err)
		for v, n := range counts {
			x := int(fig.PixelX(float64(v)))
			want := commonColour
			if rare(v) {
				want = rareColour
			}
			top := int(math.Round(fig.PixelY(float64(n))))
			top = min(top, fig.Data.Max.Y-1)
			assert.Equal(t, want, at(fig, x, top), "logY=%v: bar of value %d reaches count %d", logY, v, n)
			assert.Equal(t, want, at(fig, x, fig.Data.Max.Y-1), "logY=%v: bar of value %d starts at the axis", logY, v)
			if top-3 > fig.Data.Min.Y+100 { // below the legend
				assert.NotEqual(t, want, at(fig, x, top-3), "logY=%v: bar of value %d stops at count %d", logY, v, n)
			}
		}
	}
}

func TestHistogramPreview(t *testing.T) {
	res := solveOctal(t, "0.007", 3000)
	for _, c := range []struct {
		name string
		opts HistogramOptions
	}{
		{"hist.png", HistogramOptions{}},
		{"hist-rare.png", HistogramOptions{Rare: OddParity(0x11), LogY: true}},
	} {
		fig, err := Histogram(res.Values, c.opts)
		require.NoError(t, err)
		savePreview(t, fig, c.name)
	}
}
