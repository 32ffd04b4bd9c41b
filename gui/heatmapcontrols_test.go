package gui

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/gui/widgets"
	"github.com/nimlab/nimlab/plotting"
)

// cellCentre is the position in the heatmap of the centre of the cell at
// table column c, row r.
func cellCentre(h *widgets.Heatmap, c, r int) fyne.Position {
	st := h.State()
	x := (float64(c) + 0.5 - st.X0) * st.Cell
	y := float64(h.Size().Height) - (float64(r)+0.5-st.Y0)*st.Cell
	return fyne.NewPos(float32(x), float32(y))
}

// TestAstronHeatmapViewTools computes the two-star table (N = 800, the
// window's default), then: the axes follow the view; the difference view
// with τ = 34 marks (584, 481), where G(A_{618,481}) ≠ G(A_{584,481});
// clicking a cell evaluates exactly that position; and the current view
// exports as PNG, SVG and PDF.
func TestAstronHeatmapViewTools(t *testing.T) {
	u := newTestUI(t)
	a := u.astron
	u.win.Resize(fyne.NewSize(1280, 720))
	a.Shown()
	waitJobs(t, a.jobs)
	require.Equal(t, defaultAstron2+1, a.grid.Cols)
	h := a.heatmap
	a.hm.frame.Resize(fyne.NewSize(700, 600))
	a.hm.frame.Refresh()
	require.Greater(t, h.Size().Width, float32(100))

	// The difference view, computed in the background.
	a.hm.diff.SetChecked(true)
	waitJobs(t, h.DifferenceJobs())
	tau, count := h.Difference()
	assert.Equal(t, defaultTau, tau)
	assert.Positive(t, count)
	g := a.grid
	require.NotEqual(t, g.At(584+34, 481), g.At(584, 481), "the cell the issue names differs")
	assert.True(t, h.Differs(584, 481))
	// Brute force over the whole table.
	want := 0
	for r := 0; r < g.Rows; r++ {
		for c := 0; c+34 < g.Cols; c++ {
			if g.At(c+34, r) != g.At(c, r) {
				want++
			}
		}
	}
	assert.Equal(t, want, count)
	h.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: cellCentre(h, 584, 481)}})
	assert.Equal(t, fmt.Sprintf("A(584, 481) = %d, A(618, 481) = %d: differs", g.At(584, 481), g.At(618, 481)), a.readout.Text())

	// Zoom on (584, 481): the axes' labels follow.
	for range 12 {
		h.Scrolled(&fyne.ScrollEvent{PointEvent: fyne.PointEvent{Position: cellCentre(h, 584, 481)}, Scrolled: fyne.Delta{DY: 25}})
	}
	c0, c1, r0, r1 := h.VisibleCells()
	assert.True(t, c0 <= 584 && 584 < c1 && r0 <= 481 && 481 < r1, "the zoomed view holds the cell: %d–%d × %d–%d", c0, c1, r0, r1)
	assert.Less(t, c1-c0, 100)
	// The frame's labels follow the zoom on a later redraw: wait for it.
	var labels []string
	assert.Eventually(t, func() bool {
		testQueue.Drain()
		a.hm.frame.Refresh()
		labels = a.hm.frame.Labels()
		return slices.Contains(labels, "580")
	}, 5*time.Second, 20*time.Millisecond, "tick labels of the zoomed range")
	assert.Contains(t, labels, "580", "tick labels of the zoomed range: %v", labels)
	assert.NotContains(t, labels, "800")

	// Export exactly this view, in every format.
	fig, err := a.hm.viewFigure(plotting.Size{Width: 900, Height: 800, DPI: 96})
	require.NoError(t, err)
	assert.Contains(t, fig.Caption, fmt.Sprintf("%d ≤ p ≤ %d", c0, c1-1))
	dir := t.TempDir()
	for _, ext := range []string{"png", "svg", "pdf"} {
		path := filepath.Join(dir, "view."+ext)
		require.NoError(t, plotting.SaveByExtension(fig, path))
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		head := map[string]string{"png": "\x89PNG", "svg": "<?xml", "pdf": "%PDF-"}[ext]
		assert.True(t, bytes.HasPrefix(b, []byte(head)), "%s starts with %q: %q", ext, head, b[:8])
	}

	// Click a cell: its position is evaluated (in the background) and the
	// nimber agrees with the table's.
	a.hm.diff.SetChecked(false)
	waitJobs(t, h.DifferenceJobs())
	h.ResetView()
	h.Tapped(&fyne.PointEvent{Position: cellCentre(h, 17, 9)})
	assert.Equal(t, "17 9", a.stars.Text)
	waitJobs(t, a.eval)
	assert.Contains(t, a.analysis.Text(), fmt.Sprintf("G(A(9, 17)) = %d", g.At(17, 9)))
}
