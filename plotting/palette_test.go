package plotting

import (
	"context"
	"image/color"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot/palette"

	"github.com/nimlab/nimlab/solver/astron"
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

// TestContrastRatio checks WCAG 2.1's ratio against its published values:
// 21:1 for black on white, 4.5:1 (to two places, 4.48) for #777777 on
// white, and 1 for a colour on itself.
func TestContrastRatio(t *testing.T) {
	white, black := nrgb(0xffffff), nrgb(0x000000)
	assert.InDelta(t, 21, ContrastRatio(black, white), 1e-9)
	assert.InDelta(t, 21, ContrastRatio(white, black), 1e-9, "the ratio does not depend on the order")
	assert.InDelta(t, 4.48, ContrastRatio(nrgb(0x777777), white), 0.005)
	assert.InDelta(t, 1, ContrastRatio(nrgb(0x00224e), nrgb(0x00224e)), 1e-9)
	for _, c := range []color.NRGBA{white, black, nrgb(0x00224e), nrgb(0xfee838)} {
		assert.InDelta(t, luminance(c), RelativeLuminance(c), 1e-12)
	}
}

// astronTable is G(A_{p,q}) for 0 ≤ p, q ≤ n, the Astron tab's first table.
func astronTable(t *testing.T, n int) Table {
	t.Helper()
	g, err := astron.BuildGrid(context.Background(), astron.AstronRules(), 2, n, 0, nil)
	require.NoError(t, err)
	tb := Table{Cols: n + 1, Rows: n + 1, Values: make([]int, (n+1)*(n+1))}
	for p, row := range g.Rows {
		for q, v := range row {
			tb.Values[q*tb.Cols+p] = int(v)
		}
	}
	return tb
}

// TestOverlayColourReadsOnMostCells computes, for every palette, on an
// Astron table and on a nim-sum table (every value equally often), the
// share of cells against which each of black and white keeps a contrast of
// 3:1: the overlay takes the one that reads on more cells. On Astron's
// table in cividis, whose dark blue colours its many small values, that is
// white, which reads on cividis's 0; on the rainbow it stays black.
func TestOverlayColourReadsOnMostCells(t *testing.T) {
	white, black := nrgb(0xffffff), nrgb(0x000000)
	tables := map[string]Table{"astron": astronTable(t, 200), "nim sum": nimSumTable(64)}
	reads := func(line color.NRGBA, lut []color.NRGBA, tb Table) (n int) {
		for _, v := range tb.Values {
			if ContrastRatio(line, lut[min(v, len(lut)-1)]) >= 3 {
				n++
			}
		}
		return n
	}
	for name, tb := range tables {
		for _, p := range []Palette{Rainbow, Viridis, Cividis, Grey} {
			lut := p.Colours(tb.maxValue())
			got := OverlayColour(lut, tb.Values)
			other := white
			if got == white {
				other = black
			}
			require.Contains(t, []color.NRGBA{black, white}, got)
			assert.GreaterOrEqual(t, reads(got, lut, tb), reads(other, lut, tb), "%s in %s: %v reads on fewer cells than %v", name, p.Name, got, other)
		}
	}
	astronCells := tables["astron"]
	assert.Equal(t, black, OverlayColour(Rainbow.Colours(astronCells.maxValue()), astronCells.Values), "rainbow: black")
	cividis := Cividis.Colours(astronCells.maxValue())
	got := OverlayColour(cividis, astronCells.Values)
	assert.Equal(t, white, got, "cividis: white")
	assert.GreaterOrEqual(t, ContrastRatio(got, cividis[0]), 3.0, "the overlay reads on cividis's dark blue 0")
	assert.Equal(t, black, OverlayColour(nil, nil), "no cells: black")
	assert.Equal(t, black, OverlayColour(DifferencePalette.Colours(1), []int{0, 1}), "the difference view's grey and red: black")
	assert.Equal(t, black, OverlayColour(Rainbow.Colours(3), []int{-1, -1}), "unknown cells are white: black reads on them")
}

// TestHeatmapDrawsTheOverlayInItsColour draws the overlay on Astron's
// table in cividis: the preperiod line is white, the colour OverlayColour
// chooses, and a colour given in the options wins.
func TestHeatmapDrawsTheOverlayInItsColour(t *testing.T) {
	tb := astronTable(t, 120)
	opts := HeatmapOptions{Palette: Cividis, PeriodicFrom: 60, Period: 34, Size: Size{Width: 800, Height: 700, DPI: 96}}
	fig, err := Heatmap(tb, opts)
	require.NoError(t, err)
	x := int(math.Round(fig.PixelX(59.5)))
	y := int(math.Round(fig.PixelY(10)))
	assert.Equal(t, nrgb(0xffffff), at(fig, x, y), "the preperiod line at 59|60 is white on cividis")
	opts.OverlayColour = nrgb(0x000000)
	fig, err = Heatmap(tb, opts)
	require.NoError(t, err)
	assert.Equal(t, nrgb(0x000000), at(fig, x, y), "the options' colour wins")
}
