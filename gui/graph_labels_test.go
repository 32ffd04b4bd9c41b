package gui

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/require"
)

// TestGraphLabelsClearOfRings draws the plate game, the random digraph
// and the two-kernel cycle in the window at projector and desk sizes, in
// presentation and normal mode, and reads the drawn pixels: inside every
// vertex's ring, a band of at least a fourteenth of the radius (2 px or more)
// holds nothing but the circle's fill, so that no name or value touches its
// ring.
func TestGraphLabelsClearOfRings(t *testing.T) {
	sizes := []fyne.Size{{Width: 1024, Height: 768}, {Width: 1280, Height: 720}, {Width: 1920, Height: 1080}, {Width: 800, Height: 600}}
	for _, size := range sizes {
		for _, present := range []bool{true, false} {
			t.Run(fmt.Sprintf("%.0fx%.0f-present=%v", size.Width, size.Height, present), func(t *testing.T) {
				u := newProjectorUI(t, size, present, tabGraph)
				g := u.graph
				for _, example := range []string{graphExamples[0].Name, "A token on a random digraph", "Two kernels"} {
					selectGraphExample(t, g, example)
					settle(u)
					img := u.win.Canvas().Capture()
					scale := float64(img.Bounds().Dx()) / float64(u.win.Canvas().Size().Width)
					path := pathTo(u.win.Canvas().Content(), g.view, fyne.Position{})
					require.NotNil(t, path)
					origin := path[len(path)-1].pos
					r := test.WidgetRenderer(g.view).(*graphRenderer)
					require.NotEmpty(t, r.circles)
					for v, c := range r.circles {
						centre := r.vertexCentre(v)
						rad := float64(c.Position2.X-c.Position1.X) / 2
						outer := rad - float64(c.StrokeWidth) - 1 // the ring's inner edge, less its anti-aliasing
						band := max(rad/14, 2)
						cx, cy := float64(origin.X+centre.X), float64(origin.Y+centre.Y)
						if p, ok := inkInBand(img, scale, cx, cy, outer-band, outer, c.FillColor); !ok {
							t.Errorf("%s at %.0fx%.0f: vertex %s (radius %.0f): ink at (%.0f,%.0f) within %.1f px of its ring (name %q at %.1f px, value %q at %.1f px)",
								example, size.Width, size.Height, g.view.g.Name(v), rad, p.X, p.Y, band, r.names[v].Text, r.names[v].TextSize, r.labels[v].Text, r.labels[v].TextSize)
						}
					}
				}
				saveLayoutShot(t, u.win.Canvas(), fmt.Sprintf("graph-labels-%.0fx%.0f-%v", size.Width, size.Height, present))
			})
		}
	}
}

// inkInBand looks at the pixels of img (scale pixels per unit) whose
// centres lie between radii lo and hi of (cx, cy): all must be of colour
// fill (within anti-aliasing's reach). It returns the first that is not.
func inkInBand(img image.Image, scale, cx, cy, lo, hi float64, fill color.Color) (fyne.Position, bool) {
	fr, fg, fb, _ := fill.RGBA()
	for y := int((cy - hi) * scale); y <= int((cy+hi)*scale)+1; y++ {
		for x := int((cx - hi) * scale); x <= int((cx+hi)*scale)+1; x++ {
			px, py := (float64(x)+0.5)/scale, (float64(y)+0.5)/scale
			d := math.Hypot(px-cx, py-cy)
			if d < lo || d > hi {
				continue
			}
			r, g, b, _ := img.At(x, y).RGBA()
			diff := max(absDiff(r, fr), absDiff(g, fg), absDiff(b, fb)) >> 8
			if diff > 48 {
				return fyne.NewPos(float32(px), float32(py)), false
			}
		}
	}
	return fyne.Position{}, true
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}
