package plotting

import (
	"image/color"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot/palette"
)

// luminance is the relative luminance of an sRGB colour (0 black, 1 white).
func luminance(c color.NRGBA) float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

func hue(c color.NRGBA) float64 {
	return palette.HSVAModel.Convert(c).(palette.HSVA).H
}

func TestRainbowRunsRedToViolet(t *testing.T) {
	const max = 50
	assert.Equal(t, color.NRGBA{R: 248, A: 255}, Rainbow.Colour(0, max), "0 is red")
	top := Rainbow.Colour(max, max)
	assert.Greater(t, top.B, top.R, "the largest value is violet: blue above red")
	assert.Greater(t, top.R, top.G, "… and red above green")
	assert.InDelta(t, 0.75, hue(top), 0.01, "violet is hue 270°")
	prev := -1.0
	for v := 0; v <= max; v++ {
		h := hue(Rainbow.Colour(v, max))
		assert.Greater(t, h, prev, "hue grows with the value (v=%d)", v)
		prev = h
	}
}

func TestViridisAndGreyGetLighterWithTheValue(t *testing.T) {
	for _, p := range []Palette{Viridis, Cividis, Grey} {
		const max = 40
		prev := -1.0
		for v := 0; v <= max; v++ {
			l := luminance(p.Colour(v, max))
			assert.Greater(t, l, prev, "%s: luminance grows with the value (v=%d)", p.Name, v)
			prev = l
		}
	}
	assert.Equal(t, color.NRGBA{A: 255}, Grey.Colour(0, 9), "grey: 0 is black")
	assert.Equal(t, nrgb(0x440154), Viridis.Colour(0, 9), "viridis starts dark violet")
	assert.Equal(t, nrgb(0xfde725), Viridis.Colour(9, 9), "viridis ends yellow")
	// Between its stops, against matplotlib's full 256-entry viridis table
	// at 1/4, 1/2 and 3/4 (#3b528b, #21918c, #5ec962): within 3 levels.
	for _, c := range []struct {
		v   int
		hex uint32
	}{{1, 0x3b528b}, {2, 0x21918c}, {3, 0x5ec962}} {
		got, want := Viridis.Colour(c.v, 4), nrgb(c.hex)
		for i, d := range []int{int(got.R) - int(want.R), int(got.G) - int(want.G), int(got.B) - int(want.B)} {
			assert.LessOrEqual(t, max(d, -d), 3, "viridis(%d/4) channel %d: %v, matplotlib %v", c.v, i, got, want)
		}
	}
}

// TestCividisFollowsThePublishedTable compares cividis with the published
// 256-entry table (Nuñez, Anderton and Renslow, PLoS ONE 2018, as matplotlib
// ships it) at its ends and at entries between the palette's stops: on a
// scale of 0..255 value v takes entry v, within 2 levels (the table's
// rounding and the interpolation's).
func TestCividisFollowsThePublishedTable(t *testing.T) {
	for _, c := range []struct {
		entry   int
		r, g, b float64 // the table's, 0..1
	}{
		{0, 0.000000, 0.135112, 0.304751},
		{7, 0.000000, 0.155377, 0.350500},
		{25, 0.032110, 0.201199, 0.440785},
		{50, 0.204385, 0.269823, 0.425126},
		{100, 0.394568, 0.406236, 0.438986},
		{128, 0.488697, 0.485318, 0.471008},
		{175, 0.668008, 0.626171, 0.449270},
		{210, 0.811054, 0.740801, 0.385198},
		{240, 0.941147, 0.847530, 0.275815},
		{253, 0.995249, 0.898384, 0.207561},
		{255, 0.995737, 0.909344, 0.217772},
	} {
		got := Cividis.Colour(c.entry, 255)
		for i, want := range []float64{c.r, c.g, c.b} {
			have := []uint8{got.R, got.G, got.B}[i]
			assert.InDelta(t, want*255, float64(have), 2, "cividis entry %d channel %d: %v", c.entry, i, got)
		}
	}
	// On a short scale the ends are the table's ends.
	assert.Equal(t, Cividis.Colour(0, 255), Cividis.Colour(0, 3))
	assert.Equal(t, Cividis.Colour(255, 255), Cividis.Colour(3, 3))
	// Red–green deficiency keeps it ordered: blue falls while red and
	// green rise past the middle.
	mid, top := Cividis.Colour(2, 4), Cividis.Colour(4, 4)
	assert.Greater(t, top.R, mid.R)
	assert.Greater(t, top.G, mid.G)
	assert.Less(t, top.B, mid.B)
}

func TestQualitativeColoursAreDistinct(t *testing.T) {
	cs := Qualitative.Colours(11)
	seen := map[color.NRGBA]bool{}
	for _, c := range cs {
		assert.False(t, seen[c], "colour %v repeats", c)
		seen[c] = true
	}
	assert.NoError(t, Qualitative.Fits(11))
	assert.Error(t, Qualitative.Fits(12))
}

func TestPaletteByName(t *testing.T) {
	for _, name := range []string{"rainbow", "viridis", "cividis", "grey", "qualitative", "Gray", " RAINBOW ", "uniform", "Cividis"} {
		p, err := PaletteByName(name)
		require.NoError(t, err, name)
		assert.NotEmpty(t, p.Name)
	}
	p, err := PaletteByName("uniform")
	require.NoError(t, err)
	assert.Equal(t, "viridis", p.Name, "uniform, the old name, is viridis")
	_, err = PaletteByName("jet")
	assert.EqualError(t, err, `unknown palette "jet"; accepted: rainbow, viridis, cividis, grey, qualitative`)
}

func TestColourClampsOutOfRangeValues(t *testing.T) {
	assert.Equal(t, Rainbow.Colour(9, 9), Rainbow.Colour(12, 9))
	assert.Equal(t, Rainbow.Colour(0, 9), Rainbow.Colour(-3, 9))
}
