package widgets

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/plotting"
)

// xorTable is the nim-sum table p ⊕ q, whose values the test knows without
// any solver.
func xorTable(n int) ValueGrid {
	t := ValueGrid{Cols: n, Rows: n, Values: make([]int, n*n)}
	for q := 0; q < n; q++ {
		for p := 0; p < n; p++ {
			t.Values[q*n+p] = p ^ q
		}
	}
	return t
}

func newTestHeatmap(t *testing.T, n int, size fyne.Size) *Heatmap {
	t.Helper()
	test.NewTempApp(t)
	h := NewHeatmap()
	h.label = "A(%d, %d)"
	h.SetTable(xorTable(n))
	h.Resize(size)
	return h
}

func TestHeatmapHoverReadsTheCellUnderThePointer(t *testing.T) {
	h := newTestHeatmap(t, 16, fyne.NewSize(320, 320))
	// Fitted: 20 units per cell, p to the right, q upwards.
	var got string
	h.OnHover = func(s string) { got = s }
	h.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(5*20+10, 320-3*20-10)}})
	assert.Equal(t, "A(5, 3) = 6", got)
	h.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(15*20+1, 1)}})
	assert.Equal(t, "A(15, 15) = 0", got)
	h.MouseOut()
	assert.Equal(t, "", got)
}

func TestHeatmapZoomKeepsThePointAndPanMoves(t *testing.T) {
	h := newTestHeatmap(t, 16, fyne.NewSize(320, 320))
	pos := fyne.NewPos(5*20+10, 320-3*20-10) // centre of cell (5, 3)
	h.Scrolled(&fyne.ScrollEvent{PointEvent: fyne.PointEvent{Position: pos}, Scrolled: fyne.Delta{DY: 50}})
	assert.InDelta(t, 20*1.25*1.25, h.cellSize, 1e-9)
	c, r, ok := h.cellAt(pos)
	require.True(t, ok)
	assert.Equal(t, [2]int{5, 3}, [2]int{c, r}, "zoom keeps the cell under the pointer")
	// Drag one cell to the right and one up: the pointer now sees (4, 2).
	cs := float32(h.cellSize)
	h.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: cs, DY: -cs}})
	c, r, _ = h.cellAt(pos)
	assert.Equal(t, [2]int{4, 2}, [2]int{c, r})
	// However far one drags, part of the table stays in view.
	for range 50 {
		h.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: 300, DY: 300}})
	}
	view := 320 / h.cellSize
	keep := min(view/10, 16)
	assert.InDelta(t, keep-view, h.x0, 1e-9, "a tenth of the view still shows the table's right edge")
	assert.InDelta(t, 16-keep, h.y0, 1e-9, "and its top edge")
	h.DoubleTapped(nil)
	h.render(320, 320)
	assert.InDelta(t, 20, h.cellSize, 1e-9, "double tap fits the table again")
}

func TestHeatmapRenderColoursAndOverlay(t *testing.T) {
	h := newTestHeatmap(t, 16, fyne.NewSize(320, 320))
	img := h.render(320, 320)
	pal := HueScale{}.Colours(15)
	// Device pixel (x, y) shows cell (x/20, (319-y)/20).
	for _, c := range [][2]int{{0, 0}, {5, 3}, {15, 0}, {7, 9}} {
		x, y := c[0]*20+10, 319-(c[1]*20+10)
		assert.Equal(t, pal[c[0]^c[1]], img.At(x, y).(color.NRGBA), "cell %v", c)
	}
	h.SetOverlay(true, 4, 6)
	img = h.render(320, 320)
	black, white := color.NRGBA{0, 0, 0, 255}, color.NRGBA{255, 255, 255, 255}
	// The rainbow's colours are mostly light: black reads on more cells.
	assert.Equal(t, black, h.OverlayColour())
	assert.Equal(t, black, img.At(4*20, 100).(color.NRGBA), "preperiod line at p = 4")
	assert.Equal(t, black, img.At(10*20, 100).(color.NRGBA), "grid line at p = 10")
	assert.Equal(t, black, img.At(100, 320-4*20-1).(color.NRGBA), "preperiod line at q = 4")
	h.SetPalette(greyScale{})
	img = h.render(320, 320)
	assert.Equal(t, black, img.At(10, 310).(color.NRGBA))
	assert.Equal(t, color.NRGBA{150, 150, 150, 255}, img.At(7*20+10, 310).(color.NRGBA), "cell (7, 0)")
	// Half the cells white, the others greys: black reads on more.
	assert.Equal(t, black, h.OverlayColour())
	assert.Equal(t, black, img.At(4*20, 100).(color.NRGBA), "preperiod line at p = 4")
	// Greys from black to a dark grey: white reads on every cell, as the
	// rule the exported figures follow says.
	h.SetPalette(darkScale{})
	img = h.render(320, 320)
	assert.Equal(t, white, h.OverlayColour())
	assert.Equal(t, plotting.OverlayColour(darkScale{}.Colours(15), h.table.Values), h.OverlayColour())
	assert.Equal(t, white, img.At(4*20, 100).(color.NRGBA), "preperiod line at p = 4, white over the dark greys")
	assert.Equal(t, white, img.At(10*20, 100).(color.NRGBA), "grid line at p = 10")
}

// darkScale is value·8 grey: black to a dark grey.
type darkScale struct{}

func (darkScale) Colours(maxV int) []color.NRGBA {
	cs := make([]color.NRGBA, maxV+1)
	for v := range cs {
		g := uint8(min(v*8, 255))
		cs[v] = color.NRGBA{g, g, g, 255}
	}
	return cs
}

// greyScale is value·150/15 grey, to check that SetPalette takes effect.
type greyScale struct{}

func (greyScale) Colours(maxV int) []color.NRGBA {
	cs := make([]color.NRGBA, maxV+1)
	for v := range cs {
		g := uint8(v * 150 / 7)
		if v > 7 {
			g = 255
		}
		cs[v] = color.NRGBA{g, g, g, 255}
	}
	return cs
}
