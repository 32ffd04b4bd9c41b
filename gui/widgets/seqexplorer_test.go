package widgets

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/plotting"
)

// newTestExplorer shows an explorer of the given values in an 800×400 test
// window and waits until the sequence is installed.
func newTestExplorer(t *testing.T, d SequenceData) (*SequenceExplorer, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	installUIQueue(t)
	e := NewSequenceExplorer()
	w := test.NewWindow(e)
	w.Resize(fyne.NewSize(800, 400))
	t.Cleanup(w.Close)
	e.SetSequence(d)
	waitJobs(t, &e.jobs)
	e.Refresh()
	return e, w
}

// onCanvas converts a position in e to one on its window's canvas.
func onCanvas(e fyne.CanvasObject, pos fyne.Position) fyne.Position {
	return fyne.CurrentApp().Driver().AbsolutePositionForObject(e).Add(pos)
}

// sevens is G(n) = n mod 7 for n < 100000.
func sevens() []uint16 {
	v := make([]uint16, 100000)
	for i := range v {
		v[i] = uint16(i % 7)
	}
	return v
}

func TestExplorerZoomPanAndHover(t *testing.T) {
	vals := sevens()
	e, w := newTestExplorer(t, SequenceData{Name: "n mod 7", Values: vals, Period: 7, Preperiod: 0})
	x0, x1 := e.VisibleRange()
	assert.Equal(t, 0.0, x0)
	assert.Equal(t, 100000.0, x1)

	lay := e.layout
	centre := lay.data.Add(fyne.NewPos(lay.size.Width/2, lay.size.Height/2))
	// Wheel up 4 notches at the centre: 1.25^4 fewer heaps, centred.
	// (test.Scroll leaves the event's position out, so the event is sent
	// directly, as the desktop driver sends it.)
	e.Scrolled(&fyne.ScrollEvent{PointEvent: fyne.PointEvent{Position: centre}, Scrolled: fyne.Delta{DY: 100}})
	x0, x1 = e.VisibleRange()
	assert.InDelta(t, 100000/1.25/1.25/1.25/1.25, x1-x0, 1)
	assert.InDelta(t, 50000, (x0+x1)/2, 1)

	// Drag right by a quarter of the data width: the view moves left by a
	// quarter of its span.
	span := x1 - x0
	test.Drag(w.Canvas(), onCanvas(e, centre), lay.size.Width/4, 0)
	nx0, nx1 := e.VisibleRange()
	assert.InDelta(t, x0-span/4, nx0, 1)
	assert.InDelta(t, span, nx1-nx0, 1e-6)

	// Zoom far in and hover: the read-out names the heap under the pointer
	// and its value.
	e.SetVisibleRange(1000, 1100)
	for _, k := range []int{0, 31, 50, 77, 99} {
		frac := (float32(k) + 0.5) / 100 // the middle of heap 1000+k
		pos := lay.data.Add(fyne.NewPos(frac*lay.size.Width, lay.size.Height/2))
		n := 1000 + k
		test.MoveMouse(w.Canvas(), onCanvas(e, pos))
		want := fmt.Sprintf("G(%d) = %d", n, vals[n])
		assert.Equal(t, want, e.lastHover)
	}
	// Outside the data area: nothing.
	assert.Equal(t, "", e.ReadoutAt(fyne.NewPos(1, 1)))

	// Double click fits again.
	test.DoubleTap(e)
	x0, x1 = e.VisibleRange()
	assert.Equal(t, 0.0, x0)
	assert.Equal(t, 100000.0, x1)
}

func TestExplorerBoxZoomAndLogAxis(t *testing.T) {
	e, _ := newTestExplorer(t, SequenceData{Values: sevens()})
	lay := e.layout
	at := func(fx float32) fyne.Position {
		return lay.data.Add(fyne.NewPos(fx*lay.size.Width, lay.size.Height/2))
	}
	e.MouseDown(&desktop.MouseEvent{Button: desktop.MouseButtonSecondary})
	e.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: at(0.3)}, Dragged: fyne.Delta{DX: 0}})
	e.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: at(0.6)}, Dragged: fyne.Delta{DX: 0.3 * lay.size.Width}})
	e.DragEnd()
	x0, x1 := e.VisibleRange()
	assert.InDelta(t, 30000, x0, 200)
	assert.InDelta(t, 60000, x1, 200)

	e.ResetView()
	e.SetLogX(true)
	x0, x1 = e.VisibleRange()
	assert.Equal(t, 1.0, x0)
	// Hovering half-way along a log axis reads heap √(1·10^5) ≈ 316.
	pos := at(0.5)
	assert.Contains(t, e.ReadoutAt(pos), "G(316) = 1")
	_ = x1
}

// TestExplorerDifferenceView checks the difference view's counts and
// read-out on a sequence that becomes periodic at heap 500.
func TestExplorerDifferenceView(t *testing.T) {
	vals := sevens()[:5000]
	vals[400] = 6 // breaks G(n+7) = G(n) at n = 393 and 400
	e, _ := newTestExplorer(t, SequenceData{Values: vals, Period: 7, Preperiod: 401})
	e.SetMode(ExploreDifference)
	m := e.Mismatches()
	require.NotNil(t, m)
	assert.Equal(t, 2, m.Total())
	assert.Equal(t, 400, m.Last())
	e.SetVisibleRange(390, 410)
	lay := e.layout
	pos := lay.data.Add(fyne.NewPos(lay.size.Width*(3.5/20), lay.size.Height/2))
	assert.Equal(t, "G(393) = 1, G(400) = 6: G(n+7) − G(n) = 5", e.ReadoutAt(pos))
	img := e.RenderData(400, 200)
	assert.Equal(t, 400, img.Rect.Dx())
}

// TestExplorerExportsTheView exports a zoomed view with a rare value in
// it: the picture covers exactly the heaps shown, names them in its
// caption, and draws the rare heap in the rare colour.
func TestExplorerExportsTheView(t *testing.T) {
	vals := make([]uint16, 200000)
	for i := range vals {
		vals[i] = 1
	}
	vals[123456] = 2 // rare under mask 1
	e, _ := newTestExplorer(t, SequenceData{Name: "synthetic", Values: vals, RareMask: 1})
	// The legend names the mask as everywhere else (0x…).
	assert.Contains(t, drawnTexts(e), "rare (mask 0x1)")
	e.SetVisibleRange(100000, 150000)
	render, err := e.ViewExport(plotting.Size{Width: 800, Height: 500, DPI: 96})
	require.NoError(t, err)
	fig, err := render()
	require.NoError(t, err)
	assert.Contains(t, fig.Caption, "heaps 100,000–149,999")
	assert.Equal(t, 100000.0, fig.X.Min)
	assert.Equal(t, 150000.0, fig.X.Max)
	x := int(fig.PixelX(123456.5))
	found := false
	for y := fig.Data.Min.Y; y < fig.Data.Max.Y; y++ {
		if fig.Image.NRGBAAt(x, y) == plotting.RareColour {
			found = true
		}
	}
	assert.True(t, found, "the rare heap is drawn in the export")
	dir := t.TempDir()
	for _, name := range []string{"v.png", "v.svg", "v.pdf"} {
		require.NoError(t, plotting.SaveByExtension(fig, filepath.Join(dir, name)))
	}
	b, err := os.ReadFile(filepath.Join(dir, "v.svg"))
	require.NoError(t, err)
	assert.Contains(t, string(b), "<desc>Grundy values of synthetic, heaps 100,000–149,999")
}

// TestExplorerLabelsAlwaysFit shows 0.354's shape (20,126,195 heaps,
// preperiod 10,061,916, period 1180) at several widths and views: the
// preperiod and period labels are whole and inside the widget, do not
// overlap, and the heap axis keeps at least two tick labels.
func TestExplorerLabelsAlwaysFit(t *testing.T) {
	vals := make([]uint16, 20_126_195)
	e, w := newTestExplorer(t, SequenceData{Name: "0.354", Values: vals, Period: 1180, Preperiod: 10_061_916, Certified: true})
	for _, width := range []float32{260, 400, 640, 1000, 1600} {
		w.Resize(fyne.NewSize(width+20, 400))
		e.Resize(fyne.NewSize(width, 360))
		for _, view := range [][2]float64{{0, 20_126_195}, {0, 9e6}, {1.1e7, 1.2e7}, {10_061_000, 10_062_000}, {10_061_910, 10_061_930}} {
			e.SetVisibleRange(view[0], view[1])
			e.mu.Lock()
			texts := e.labelsLocked(e.Size())
			e.mu.Unlock()
			var pre, per *canvas.Text
			xTicks := 0
			for _, tx := range texts {
				x, tw := tx.Position().X, tx.Size().Width
				assert.GreaterOrEqual(t, x, float32(0), "%q at width %g view %v", tx.Text, width, view)
				assert.LessOrEqual(t, x+tw, width+0.5, "%q at width %g view %v", tx.Text, width, view)
				switch {
				case strings.Contains(tx.Text, "preperiod"):
					pre = tx
				case strings.HasPrefix(tx.Text, "period"):
					per = tx
				case tx.Position().Y > e.layout.data.Y+e.layout.size.Height && tx.Text != "heap size n":
					xTicks++
				}
			}
			require.NotNil(t, pre, "width %g view %v", width, view)
			require.NotNil(t, per)
			assert.Contains(t, pre.Text, "10,061,916")
			a0, a1 := pre.Position().X, pre.Position().X+pre.Size().Width
			b0, b1 := per.Position().X, per.Position().X+per.Size().Width
			assert.True(t, a1 <= b0 || b1 <= a0, "labels overlap at width %g view %v: [%g,%g] [%g,%g]", width, view, a0, a1, b0, b1)
			assert.GreaterOrEqual(t, xTicks, 2, "heap ticks at width %g view %v", width, view)
		}
	}
}
