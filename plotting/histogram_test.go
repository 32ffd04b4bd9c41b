package plotting

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

func TestRareByMask(t *testing.T) {
	rare := RareByMask(0b0110)
	for v, want := range map[int]bool{0: true, 1: true, 2: false, 4: false, 6: true, 7: true, 3: false, 9: true} {
		assert.Equal(t, want, rare(v), "v=%d", v)
	}
	// The rare values are closed under XOR (a subgroup) and two common
	// values XOR to a rare one, as the sparse engine relies on.
	for a := 0; a < 64; a++ {
		for b := 0; b < 64; b++ {
			if rare(a) == rare(b) {
				assert.True(t, rare(a^b), "%d xor %d", a, b)
			} else {
				assert.False(t, rare(a^b), "%d xor %d", a, b)
			}
		}
	}
	all := RareByMask(0)
	assert.True(t, all(0) && all(5) && all(1000), "mask 0: every value is rare")
}

func TestHistogramBarHeightsAreTheCounts(t *testing.T) {
	res := solveOctal(t, "0.007", 2000)
	counts := map[int]int{}
	for _, v := range res.Values {
		counts[int(v)]++
	}
	rare := RareByMask(0b1)
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

// TestRareByMaskAgreesWithTheSparseEngine computes 0.16, a sparse-space
// game, with the octal sparse engine and checks that RareByMask with the
// engine's mask counts the same rare heaps as the engine does.
func TestRareByMaskAgreesWithTheSparseEngine(t *testing.T) {
	codeTB, err := takebreak.Parse("0.16")
	code := octal.NewCode(codeTB)
	require.NoError(t, err)
	s := octal.NewSparse(code, nil)
	require.NoError(t, s.Extend(context.Background(), 20000, nil))
	mask := s.Mask()
	require.NotZero(t, mask, "0.16 has sparse space")
	rare := RareByMask(mask)
	n := 0
	for _, v := range s.Values()[1:] {
		if rare(int(v)) {
			n++
		}
	}
	assert.Equal(t, s.Rare(), n)
	assert.Less(t, n, len(s.Values())/10, "rare values are rare")

	fig, err := Histogram(s.Values(), HistogramOptions{Title: fmt.Sprintf("0.16: Grundy values of heaps 0 to 20000 (mask %d)", mask), Rare: rare, LogY: true})
	require.NoError(t, err)
	for v := 0; v < 40; v++ {
		x := int(fig.PixelX(float64(v)))
		c := at(fig, x, fig.Data.Max.Y-1)
		if c == rareColour {
			assert.True(t, rare(v), "value %d is drawn rare", v)
		} else if c == commonColour {
			assert.False(t, rare(v), "value %d is drawn common", v)
		}
	}
	savePreview(t, fig, "hist-0.16-sparse.png")
}

func TestHistogramPreview(t *testing.T) {
	res := solveOctal(t, "0.007", 3000)
	for _, c := range []struct {
		name string
		opts HistogramOptions
	}{
		{"hist.png", HistogramOptions{}},
		{"hist-rare.png", HistogramOptions{Rare: RareByMask(0x11), LogY: true}},
	} {
		fig, err := Histogram(res.Values, c.opts)
		require.NoError(t, err)
		savePreview(t, fig, c.name)
	}
}
