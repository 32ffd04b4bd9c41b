package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// BenchmarkHeatmapRedraw measures what one zoom or pan step costs: moving
// the view and drawing an 800×800 table (the thesis' Figure 2.7) into a
// 1600×1000-pixel heatmap, about what the Astron tab shows on a full-HD
// screen in presentation mode.
func BenchmarkHeatmapRedraw(b *testing.B) {
	for _, bc := range []struct {
		name string
		step func(h *Heatmap, i int)
	}{
		{"zoom", func(h *Heatmap, i int) {
			f := 1.25
			if i%2 == 1 {
				f = 1 / 1.25
			}
			h.zoomAt(fyne.NewPos(700, 400), f)
		}},
		{"pan", func(h *Heatmap, i int) { h.pan(float32(5-i%11), float32(3-i%7)) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			test.NewTempApp(b)
			h := NewHeatmap()
			h.SetTable(xorTable(800))
			h.SetOverlay(true, 583, 34)
			h.Resize(fyne.NewSize(1600, 1000))
			h.zoomAt(fyne.NewPos(800, 500), 1.5)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				bc.step(h, i)
				h.render(1600, 1000)
			}
		})
	}
}
