package plotting

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/plotting/rendercheck"
)

// TestSmallPrintedSequenceKeepsItsLabelsOffTheValues draws Dawson's Kayles
// at printed sizes a little larger than a stamp, with 8-point text: the
// legend and the preperiod and period labels, which take a fixed height of
// text, were drawn over the values there (the axes keep the values at
// least 0.3 of the data area's height whatever the labels need), and a
// 1-inch square picture never finished (its first layout pass gave the
// value axis a NaN range, whose ticks were listed without end). Each
// picture must now be drawn, with every legend and label line above the
// highest value.
func TestSmallPrintedSequenceKeepsItsLabelsOffTheValues(t *testing.T) {
	seq := sequenceOf(t, "0.07", 300)
	maxV := 0
	for _, v := range seq.Values {
		maxV = max(maxV, int(v))
	}
	for _, s := range []Size{
		{Width: 602, Height: 354, DPI: 300, TextPt: 8}, // --width 51mm --height 30mm
		{Width: 450, Height: 300, DPI: 300, TextPt: 8}, // --width 1.5in --height 1in
		{Width: 300, Height: 300, DPI: 300, TextPt: 8}, // --width 1in --height 1in
		{Width: 990, Height: 557, DPI: 300, TextPt: 8}, // --width 3.3in
	} {
		t.Run(fmt.Sprintf("%dx%d", s.Width, s.Height), func(t *testing.T) {
			fig, err := SequencePlot(seq, SequenceOptions{Size: s})
			require.NoError(t, err)
			require.NotEmpty(t, fig.legendRows)
			top := fig.PixelY(float64(maxV)) - newStyle(s).line/2 // the highest value's step, drawn
			for _, r := range fig.legendRows {
				assert.True(t, r.In(fig.Data), "legend line %v outside the data area %v", r, fig.Data)
				assert.LessOrEqual(t, float64(r.Max.Y), top, "legend or label line %v reaches down to the values (top at y = %.1f)", r, top)
			}
			// The values' colour is drawn up to that row, not above it
			// outside the legend's lines (the labels do not hide them).
			found := false
			for x := fig.Data.Min.X; x < fig.Data.Max.X && !found; x++ {
				found = at(fig, x, int(top)+1) == valueColour
			}
			assert.True(t, found, "no value drawn at the highest value's row %d", int(top)+1)
		})
	}
}

// TestValueAxisLabelsMoreThanZero checks the value axis of a sequence whose
// largest value is 3 on a 240-point column, read back from the PDF: its
// step was 5, so that 0 was the axis's only label; now 2 is labelled too
// (the heap axis has 0, 1000 and 2000).
func TestValueAxisLabelsMoreThanZero(t *testing.T) {
	rendercheck.Require(t, "pdftotext")
	seq := sequenceOf(t, "0.3122", 2000)
	fig, err := SequencePlot(seq, SequenceOptions{Size: Size{Width: 1000, Height: 563, DPI: 300, TextPt: 8}})
	require.NoError(t, err)
	file := filepath.Join(t.TempDir(), "axis.pdf")
	require.NoError(t, SaveByExtension(fig, file))
	words, err := rendercheck.PDFWords(file)
	require.NoError(t, err)
	var left []string // the words left of the data area: the value axis
	for _, w := range words {
		if w.XMax*float64(fig.DPI)/72 < float64(fig.Data.Min.X) && w.Text != "G(n)" {
			left = append(left, w.Text)
		}
	}
	assert.ElementsMatch(t, []string{"0", "2"}, left)
}
