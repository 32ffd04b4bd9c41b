package widgets

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shownLines are the lines a label draws.
func shownLines(t *testing.T, r *ReadoutLabel) []string {
	t.Helper()
	var lines []string
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *canvas.Text:
			if x.Visible() && x.Text != "" {
				lines = append(lines, x.Text)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		}
	}
	walk(r.Label())
	return lines
}

// TestReadoutLabelWrapsItsHint puts a read-out under a plot in panes of a
// desk's and a projector's width: the hint is drawn whole (every word, no
// "…"), on as many lines as the width needs, inside the read-out's
// height; a shorter read-out keeps that height, so the plot above does not
// move.
func TestReadoutLabelWrapsItsHint(t *testing.T) {
	test.NewTempApp(t)
	const hint = "wheel: zoom · drag: pan · shift-drag: zoom to box · double-click: fit"
	for _, tc := range []struct {
		width     float32
		wantLines int
	}{
		{900, 1},
		{300, 2},
		{160, 3},
	} {
		r := NewReadoutLabel(hint, fyne.TextStyle{})
		plot := canvas.NewRectangle(nil)
		w := test.NewWindow(container.NewBorder(nil, r, nil, nil, plot))
		w.SetPadded(false)
		w.Resize(fyne.NewSize(tc.width, 400))
		// The driver lays the window out again when a minimum size
		// changed (the read-out's follows its width).
		w.Content().Refresh()
		lines := shownLines(t, r)
		require.GreaterOrEqual(t, len(lines), tc.wantLines, "width %.0f: %q", tc.width, lines)
		joined := strings.Join(lines, " ")
		assert.NotContains(t, joined, "…")
		assert.Equal(t, strings.Fields(hint), strings.Fields(joined), "width %.0f: every word of the hint is drawn", tc.width)
		assert.GreaterOrEqual(t, r.Size().Height, r.Label().MinSize().Height, "width %.0f: the lines fit the read-out", tc.width)

		plotHeight := plot.Size().Height
		r.SetText("G(12) = 4")
		w.Content().Refresh()
		assert.Equal(t, "G(12) = 4", r.Text())
		assert.Equal(t, plotHeight, plot.Size().Height, "width %.0f: the plot keeps its height under a short read-out", tc.width)
		r.SetText("")
		assert.Equal(t, hint, r.Text())
		w.Close()
	}
}
