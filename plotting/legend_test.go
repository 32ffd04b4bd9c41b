package plotting

import (
	"fmt"
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLegendStaysInsideThePicture draws every picture that has a legend at
// the narrowest sizes nimlab accepts (200 pixels wide, on the screen and
// printed with 8-point text), at 640 pixels and at full HD, and checks
// that every text line of the legend, swatch included, and the period
// labels lie inside the data area, so inside the picture; and that the
// legend's box is drawn there. The sequence view with a rare mask has the
// longest entry ("rare values (v AND 0x3 has an even number of 1 bits)"),
// which ran off the left edge of a 640-pixel picture when the legend was
// one row.
func TestLegendStaysInsideThePicture(t *testing.T) {
	seq := sequenceOf(t, "0.23", 3000)
	pyr := NewSequencePyramid(seq.Values)
	long := sequenceOf(t, "0.07", 600)
	mis := NewMismatches(long.Values, long.Period, 0)
	screen := []Size{
		{Width: MinPixels, Height: MinPixels, DPI: 96},
		{Width: MinPixels, Height: 1080, DPI: 96},
		{Width: 640, Height: 360, DPI: 96},
		{Width: 1920, Height: 1080, DPI: 96},
	}
	col85 := Size{Width: 1004, Height: 565, DPI: 300, TextPt: 8} // --width 85mm
	col51 := Size{Width: 600, Height: 338, DPI: 300, TextPt: 8}  // --width 51mm
	pictures := []struct {
		name  string
		draw  func(Size) (*Figure, error)
		sizes []Size
	}{
		{"sequence view, rare values", func(s Size) (*Figure, error) {
			return SequenceViewPlot(pyr, SequenceViewOptions{Size: s, View: SequenceView{X0: 0, X1: 3000},
				Marks: SequenceMarks{Period: seq.Period, Preperiod: seq.Preperiod, RareMask: 3}})
		}, append(screen, col85, col51)},
		{"sequence plot", func(s Size) (*Figure, error) {
			return SequencePlot(long, SequenceOptions{Size: s, PeriodGrid: true})
		}, append(screen, col85, col51)},
		// The difference view and the histogram are exported from the
		// window only, at screen sizes.
		{"difference view", func(s Size) (*Figure, error) {
			return SequenceViewPlot(NewSequencePyramid(long.Values), SequenceViewOptions{Size: s, View: SequenceView{X0: 0, X1: 600}, Mismatches: mis})
		}, screen},
		{"histogram, rare values", func(s Size) (*Figure, error) {
			return Histogram(long.Values, HistogramOptions{Size: s, Rare: RareByMask(1)})
		}, append(screen, col85)},
	}
	for _, pic := range pictures {
		for _, s := range pic.sizes {
			t.Run(fmt.Sprintf("%s %dx%d %gpt", pic.name, s.Width, s.Height, s.TextPt), func(t *testing.T) {
				fig, err := pic.draw(s)
				require.NoError(t, err)
				require.NotEmpty(t, fig.legendRows)
				for _, r := range fig.legendRows {
					assert.True(t, r.In(fig.Image.Bounds()), "legend line %v outside the picture %v", r, fig.Image.Bounds())
					assert.True(t, r.In(fig.Data), "legend line %v outside the data area %v", r, fig.Data)
				}
				box := runsOfColour(fig, nrgb(0xb0b0b0))
				require.False(t, box.Empty(), "no legend box drawn")
				assert.True(t, box.In(fig.Data), "legend box %v outside the data area %v", box, fig.Data)
			})
		}
	}
}

// runsOfColour returns the smallest rectangle holding every horizontal run
// of at least 30 pixels of colour col (a box's top and bottom edges, not a
// stroke of antialiased text that happens to have the colour).
func runsOfColour(fig *Figure, col color.NRGBA) image.Rectangle {
	var r image.Rectangle
	for y := fig.Image.Rect.Min.Y; y < fig.Image.Rect.Max.Y; y++ {
		for _, run := range runsOf(fig, y, col) {
			if run[1]-run[0] >= 30 {
				r = r.Union(image.Rect(run[0], y, run[1], y+1))
			}
		}
	}
	return r
}

// TestLegendWrapsLongEntriesEvenly checks the layout of a legend in a
// narrow room: an entry too long for a row is broken at spaces into lines
// of even width (no lone word on the last line), no line is wider than the
// room, and a room narrower than a word or too low for the lines sets the
// legend smaller.
func TestLegendWrapsLongEntriesEvenly(t *testing.T) {
	st := newStyle(Size{Width: 640, Height: 360, DPI: 96})
	none := func(x, y, w, size float64) {}
	leg := legend{sw: 1.3 * st.note, items: []legendItem{
		{"common values", none},
		{"rare values (v AND 0x3 has an even number of 1 bits)", none},
		{"periodic part", none},
		{"preperiod", none},
	}}
	width := func(lay legendLayout, s string) float64 { return st.textWidth(lay.textStyle, s) }

	wide := leg.layout(st, 5000, 1000)
	assert.Equal(t, 1, wide.lines, "one row when there is room")
	assert.Equal(t, st.note, wide.size)

	room := 0.8 * (leg.sw + 0.4*st.note + width(wide, leg.items[1].label))
	lay := leg.layout(st, room, 1000)
	assert.Equal(t, st.note, lay.size, "every word fits: full size")
	assert.LessOrEqual(t, lay.w, room)
	rare := lay.cells[1].text
	require.Len(t, rare, 2, "the rare entry on two lines: %q", rare)
	assert.Equal(t, leg.items[1].label, strings.Join(rare, " "))
	w0, w1 := width(lay, rare[0]), width(lay, rare[1])
	assert.InDelta(t, w0, w1, 0.25*w0, "even lines: %q", rare)
	for _, c := range lay.cells {
		for _, s := range c.text {
			assert.LessOrEqual(t, c.x+lay.sw+lay.gap+width(lay, s), room+1e-9, s)
		}
	}

	tiny := leg.layout(st, 40, 1000)
	assert.Less(t, tiny.size, st.note, "smaller text when a word does not fit")
	assert.LessOrEqual(t, tiny.w, 40.0)

	low := leg.layout(st, room, 60)
	assert.Less(t, low.size, st.note, "smaller text when the lines do not fit the height")
	assert.LessOrEqual(t, leg.height(st, low), 60.0)
}
