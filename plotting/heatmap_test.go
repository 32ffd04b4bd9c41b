package plotting

import (
	"image"
	"image/color"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// octalSumTable is G(p) ⊕ G(q) for the octal game 0.07 (Dawson's Kayles),
// the value of the two-heap position (p, q): a real two-index table.
func octalSumTable(t testing.TB, n int) Table {
	res := solveOctal(t, "0.07", n-1)
	tb := Table{Cols: n, Rows: n, Values: make([]int, n*n)}
	for q := 0; q < n; q++ {
		for p := 0; p < n; p++ {
			tb.Values[q*n+p] = int(res.Values[p] ^ res.Values[q])
		}
	}
	return tb
}

func nimSumTable(n int) Table {
	t := Table{Cols: n, Rows: n, Values: make([]int, n*n)}
	for q := 0; q < n; q++ {
		for p := 0; p < n; p++ {
			t.Values[q*n+p] = p ^ q
		}
	}
	return t
}

// at returns the colour of pixel (x, y).
func at(fig *Figure, x, y int) color.NRGBA {
	return fig.Image.NRGBAAt(x, y)
}

// cellPixel returns the pixel at the centre of cell (c, r), computed from
// the data area alone: columns left to right, rows bottom to top.
func cellPixel(fig *Figure, tb Table, c, r int) image.Point {
	d := fig.Data
	x := d.Min.X + (2*c+1)*d.Dx()/(2*tb.Cols)
	y := d.Max.Y - 1 - (2*r+1)*d.Dy()/(2*tb.Rows)
	return image.Pt(x, y)
}

func TestHeatmapCellColoursMatchPalette(t *testing.T) {
	tb := octalSumTable(t, 120)
	maxV := tb.maxValue()
	require.Equal(t, 15, maxV, "G values of 0.07 below 120 are ≤ 9, so their nim-sums reach 15")
	for _, pal := range Palettes {
		if pal.MaxColours > 0 {
			continue // the qualitative palette has too few colours for 0..15
		}
		for _, size := range []Size{{Width: 1920, Height: 1080, DPI: 96}, {Width: 800, Height: 600, DPI: 150}, {Width: 1000, Height: 1400, DPI: 300}} {
			fig, err := Heatmap(tb, HeatmapOptions{Size: size, Palette: pal, Title: "G(p) xor G(q) for 0.07", XLabel: "p", YLabel: "q"})
			require.NoError(t, err)
			d := fig.Data
			require.Equal(t, image.Rect(0, 0, size.Width, size.Height), fig.Image.Bounds())
			// Cells are square and a whole number of pixels.
			cw := d.Dx() / tb.Cols
			require.GreaterOrEqual(t, cw, 1)
			require.Equal(t, cw*tb.Cols, d.Dx(), "%s %v: data width is a whole number of cells", pal.Name, size)
			require.Equal(t, cw*tb.Rows, d.Dy(), "%s %v: cells are square", pal.Name, size)
			for r := 0; r < tb.Rows; r++ {
				for c := 0; c < tb.Cols; c++ {
					want := pal.Colour(tb.At(c, r), maxV)
					// Every pixel of the cell, not just its centre.
					for dy := 0; dy < cw; dy++ {
						for dx := 0; dx < cw; dx++ {
							x, y := d.Min.X+c*cw+dx, d.Max.Y-(r+1)*cw+dy
							if got := at(fig, x, y); got != want {
								t.Fatalf("%s %v: cell (%d, %d) pixel (%d, %d) is %v, want %v for value %d",
									pal.Name, size, c, r, x, y, got, want, tb.At(c, r))
							}
						}
					}
				}
			}
			// Pixel to cell through the Figure's own mapping agrees.
			pt := cellPixel(fig, tb, 37, 91)
			assert.InDelta(t, 37, fig.DataX(float64(pt.X)+0.5), 0.5)
			assert.InDelta(t, 91, fig.DataY(float64(pt.Y)+0.5), 0.5)
		}
	}
}

func TestHeatmap801IsOnePixelPerCell(t *testing.T) {
	// The Figure 2.7 size: 801×801 cells on a projector picture.
	tb := nimSumTable(801)
	fig, err := Heatmap(tb, HeatmapOptions{Title: "p xor q"})
	require.NoError(t, err)
	require.Equal(t, 801, fig.Data.Dx())
	require.Equal(t, 801, fig.Data.Dy())
	maxV := 1023
	for _, pq := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {800, 0}, {0, 800}, {800, 800}, {583, 617}, {400, 399}} {
		p, q := pq[0], pq[1]
		x, y := fig.Data.Min.X+p, fig.Data.Max.Y-1-q
		assert.Equal(t, Rainbow.Colour(p^q, maxV), at(fig, x, y), "cell (%d, %d)", p, q)
	}
	assert.Equal(t, color.NRGBA{R: 248, A: 255}, Rainbow.Colour(0, maxV), "0 is red")
}

func TestHeatmapMoreCellsThanPixelsNeverBlends(t *testing.T) {
	tb := octalSumTable(t, 700)
	maxV := tb.maxValue()
	fig, err := Heatmap(tb, HeatmapOptions{Size: Size{Width: 640, Height: 400, DPI: 96}, Palette: Viridis})
	require.NoError(t, err)
	d := fig.Data
	require.Less(t, d.Dx(), tb.Cols, "the test needs fewer pixels than cells")
	for y := d.Min.Y; y < d.Max.Y; y++ {
		r := tb.Rows - 1 - (y-d.Min.Y)*tb.Rows/d.Dy()
		for x := d.Min.X; x < d.Max.X; x++ {
			c := (x - d.Min.X) * tb.Cols / d.Dx()
			want := Viridis.Colour(tb.At(c, r), maxV)
			if got := at(fig, x, y); got != want {
				t.Fatalf("pixel (%d, %d) is %v, want the colour %v of cell (%d, %d)", x, y, got, want, c, r)
			}
		}
	}
}

func TestHeatmapOverlaysAtCellBoundaries(t *testing.T) {
	tb := nimSumTable(64)
	fig, err := Heatmap(tb, HeatmapOptions{PeriodicFrom: 16, Period: 16})
	require.NoError(t, err)
	d := fig.Data
	cw := d.Dx() / tb.Cols
	// The preperiod line lies on the boundary between index 15 and 16.
	bx := d.Min.X + 16*cw
	by := d.Max.Y - 16*cw
	row := d.Min.Y + 5*cw + cw/2 // inside row 58 (away from other lines)
	col := d.Min.X + 5*cw + cw/2
	black := color.NRGBA{A: 255}
	assert.Equal(t, black, at(fig, bx, row), "vertical preperiod line at the 15|16 boundary, black on the rainbow")
	assert.Equal(t, black, at(fig, col, by), "horizontal preperiod line at the 15|16 boundary")
	// Cell centres away from the lines keep their colour.
	pt := cellPixel(fig, tb, 20, 40)
	assert.Equal(t, Rainbow.Colour(20^40, 63), at(fig, pt.X, pt.Y))
	// A grid line dims the cells it crosses at 32|33... i.e. boundary 31|32.
	gx := d.Min.X + 32*cw
	assert.NotEqual(t, Rainbow.Colour(tb.At(32, 58), 63), at(fig, gx, row), "period grid line at 31|32")
}

func TestHeatmapRejectsBadInput(t *testing.T) {
	_, err := Heatmap(Table{Cols: 2, Rows: 2, Values: []int{1, 2, 3}}, HeatmapOptions{})
	assert.ErrorContains(t, err, "needs 4 values, got 3")
	_, err = Heatmap(nimSumTable(32), HeatmapOptions{Palette: Qualitative})
	assert.ErrorContains(t, err, `palette "qualitative" has 12 colours but the values run from 0 to 31`)
	_, err = Heatmap(nimSumTable(8), HeatmapOptions{Size: Size{Width: 100, Height: 500, DPI: 96}})
	assert.ErrorContains(t, err, "width 100 is out of range")
	_, err = TableFromGrid([][]int{{1, 2}, {3}})
	assert.ErrorContains(t, err, "column 1 has 1 values")
}

func TestTableFromGridPutsFirstIndexOnX(t *testing.T) {
	tb, err := TableFromGrid([][]int{{0, 1, 2}, {3, 4, 5}})
	require.NoError(t, err)
	assert.Equal(t, 2, tb.Cols)
	assert.Equal(t, 3, tb.Rows)
	assert.Equal(t, 5, tb.At(1, 2), "g[1][2]")
	assert.Equal(t, 2, tb.At(0, 2), "g[0][2]")
}

func TestHeatmapPreview(t *testing.T) {
	fig, err := Heatmap(octalSumTable(t, 801), HeatmapOptions{Title: "G(p) xor G(q) for 0.07", XLabel: "p", YLabel: "q", PeriodicFrom: 53, Period: 34})
	require.NoError(t, err)
	savePreview(t, fig, "heatmap-801.png")
	fig, err = Heatmap(nimSumTable(64), HeatmapOptions{Title: "Nim-sum p xor q", XLabel: "p", YLabel: "q", ValueLabel: "p xor q", PeriodicFrom: 16, Period: 16})
	require.NoError(t, err)
	savePreview(t, fig, "nimsum64.png")
	fig, err = Heatmap(octalSumTable(t, 200), HeatmapOptions{Title: "Two heaps of Dawson's Kayles: G(p) xor G(q)", XLabel: "heap p", YLabel: "heap q", PeriodicFrom: 53, Period: 34})
	require.NoError(t, err)
	savePreview(t, fig, "heatmap-0.07-200.png")
	fig, err = Heatmap(octalSumTable(t, 40), HeatmapOptions{Title: "G(p) xor G(q), 0.07", XLabel: "p", YLabel: "q", Palette: Qualitative})
	require.NoError(t, err)
	savePreview(t, fig, "qual.png")
	fig, err = Heatmap(octalSumTable(t, 120), HeatmapOptions{Title: "grey", Palette: Grey, Size: Size{Width: 800, Height: 600, DPI: 150}})
	require.NoError(t, err)
	savePreview(t, fig, "grey-small.png")
}
