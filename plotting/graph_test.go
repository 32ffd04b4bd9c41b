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
