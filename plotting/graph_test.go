package plotting

import (
	"bytes"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/graph"
)

// discs finds the regions of pixels exactly of colour col (4-connected)
// with more than minArea pixels: their areas and bounding boxes.
func discs(fig *Figure, col [3]uint8, minArea int) (areas []int, boxes [][4]int) {
	img := fig.Image
	w, h := img.Rect.Dx(), img.Rect.Dy()
	seen := make([]bool, w*h)
	is := func(x, y int) bool {
		o := img.PixOffset(x, y)
		return img.Pix[o] == col[0] && img.Pix[o+1] == col[1] && img.Pix[o+2] == col[2]
	}
	for y := range h {
		for x := range w {
			if seen[y*w+x] || !is(x, y) {
				continue
			}
			box := [4]int{x, y, x, y}
			area := 0
			stack := [][2]int{{x, y}}
			seen[y*w+x] = true
			for len(stack) > 0 {
				p := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				area++
				box = [4]int{min(box[0], p[0]), min(box[1], p[1]), max(box[2], p[0]), max(box[3], p[1])}
				for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					q := [2]int{p[0] + d[0], p[1] + d[1]}
					if q[0] >= 0 && q[1] >= 0 && q[0] < w && q[1] < h && !seen[q[1]*w+q[0]] && is(q[0], q[1]) {
						seen[q[1]*w+q[0]] = true
						stack = append(stack, q)
					}
				}
			}
			if area > minArea {
				areas = append(areas, area)
				boxes = append(boxes, box)
			}
		}
	}
	return areas, boxes
}

// TestGraphPlotPlateGame draws the plate game (coins of 1 or 2 into a
// plate of 10) with its kernel {1, 4, 7, 10} filled: the picture holds
// exactly four filled discs of one size, round, inside the picture, from
// left to right (moves run rightwards in a wide picture), and its SVG and
// PDF are written.
func TestGraphPlotPlateGame(t *testing.T) {
	g, err := graph.PlateGame([]int{1, 2}, 10)
	require.NoError(t, err)
	sol, err := g.Solve()
	require.NoError(t, err)
	l, err := g.LayeredLayout()
	require.NoError(t, err)
	values := make([]string, g.Len())
	for v := range values {
		values[v] = "g=" + string(rune('0'+sol.Grundy[v]))
	}
	fig, err := GraphPlot(g, l, GraphOptions{Size: Size{Width: 1200, Height: 600, DPI: 96}, Values: values, P: sol.InKernel, Selected: -1})
	require.NoError(t, err)
	blue := [3]uint8{valueColour.R, valueColour.G, valueColour.B}
	areas, boxes := discs(fig, blue, 1000) // the holes of the 0s are smaller
	order := []int{0, 1, 2, 3}
	slices.SortFunc(order, func(a, b int) int { return boxes[a][0] - boxes[b][0] })
	require.Len(t, areas, 4, "the kernel's four vertices")
	for k, i := range order {
		b := boxes[i]
		dx, dy := b[2]-b[0]+1, b[3]-b[1]+1
		require.InDelta(t, 1, float64(dx)/float64(dy), 0.08, "round")
		require.InDelta(t, float64(areas[0]), float64(areas[i]), 0.15*float64(areas[0]), "one size")
		require.True(t, b[0] > 0 && b[1] > 0 && b[2] < 1199 && b[3] < 599, "inside")
		// A disc with its label cut out: the label takes a part of it.
		r := float64(dx) / 2
		require.Less(t, float64(areas[i]), math.Pi*r*r)
		require.Greater(t, float64(areas[i]), 0.5*math.Pi*r*r)
		if k > 0 {
			require.Greater(t, b[0], boxes[order[k-1]][2]+2*dx, "apart, from left to right")
		}
	}
	for _, format := range []string{FormatSVG, FormatPDF} {
		var buf bytes.Buffer
		require.NoError(t, fig.Encode(&buf, format))
		require.Greater(t, buf.Len(), 1000)
	}
	_, err = GraphPlot(g, l, GraphOptions{P: []bool{true}})
	require.Error(t, err, "marks for another graph")
}

// TestFitInCircle: a line that fits keeps its size; one that does not
// shrinks to the largest size whose outer corners lie inside the circle,
// a tenth of the radius from its ring.
func TestFitInCircle(t *testing.T) {
	inside := func(w, size, dy, r float64) bool {
		// The line's outer corners (half its width out, half its size
		// beyond its centre line), a tenth of the radius further out,
		// are still in the circle.
		x, y := w/2+0.1*r, math.Abs(dy)+size/2
		return math.Hypot(x, y) <= r+1e-9
	}
	for _, c := range []struct {
		name         string
		w, px, dy, r float64
		keeps        bool
	}{
		{"short name at the centre", 10, 20, 0, 50, true},
		{"short value below", 20, 20, 12, 50, true},
		{"g=1 under a name", 60, 34, 20, 50, false},
		{"long name above", 150, 30, 15, 50, false},
		{"wider than the circle", 400, 30, 0, 50, false},
	} {
		got := FitInCircle(c.w, c.px, c.dy, c.r)
		if c.keeps {
			require.Equal(t, c.px, got, c.name)
			continue
		}
		require.Less(t, got, c.px, c.name)
		w := c.w * got / c.px
		require.True(t, inside(w, got, c.dy, c.r), "%s: %.2f px inside", c.name, got)
		// And as large as allowed: 2% larger would not fit.
		require.False(t, inside(w*1.02, got*1.02, c.dy, c.r), "%s: %.2f px is the largest", c.name, got)
	}
}
