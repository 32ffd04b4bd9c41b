package widgets

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
)

// TestHeatmapFrameLabelsDoNotOverlap lays a frame out round tables of 801
// and 17 indices at a desk's and a projector's text size: no two of its
// labels (index ticks, the axes' titles, the colour bar's values) overlap
// — the q axis's title once ran into the tick label at mid-height
// ("q ↑400").
func TestHeatmapFrameLabelsDoNotOverlap(t *testing.T) {
	for _, n := range []int{801, 17} {
		for _, scale := range []float32{1, 1.75} {
			t.Run(fmt.Sprintf("n=%d/scale=%.2f", n, scale), func(t *testing.T) {
				a := test.NewTempApp(t)
				a.Settings().SetTheme(scaledTheme{fyne.CurrentApp().Settings().Theme(), scale})
				h := NewHeatmap()
				h.SetTable(xorTable(n))
				f := NewHeatmapFrame(h)
				f.XLabel, f.YLabel = "p", "q"
				w := test.NewWindow(f)
				defer w.Close()
				w.Resize(fyne.NewSize(600, 560))
				f.Refresh()
				texts := f.texts[:f.used]
				assert.Contains(t, f.Labels(), "q ↑")
				for i, a := range texts {
					for _, b := range texts[i+1:] {
						overlap := a.Position().X < b.Position().X+b.Size().Width && b.Position().X < a.Position().X+a.Size().Width &&
							a.Position().Y < b.Position().Y+b.Size().Height && b.Position().Y < a.Position().Y+a.Size().Height
						assert.False(t, overlap, "%q at %v (%v) overlaps %q at %v (%v)", a.Text, a.Position(), a.Size(), b.Text, b.Position(), b.Size())
					}
				}
			})
		}
	}
}

// scaledTheme is a theme whose sizes are scale times another's, as
// presentation mode makes them.
type scaledTheme struct {
	fyne.Theme
	scale float32
}

func (s scaledTheme) Size(n fyne.ThemeSizeName) float32 { return s.Theme.Size(n) * s.scale }
