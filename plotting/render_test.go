package plotting_test

import (
	"fmt"
	"image"
	"math"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/plotting/rendercheck"
)

// unicodeTitle has the characters nimlab's pictures write that code
// page 1252 and Liberation Sans lack.
const unicodeTitle = "Values 0 ≤ G ≤ 6 – Φ · ⊕ ⊗ × − 10⁻⁵ H₀"

// renderFigures are one picture of each kind, small, with asymmetric data
// (a mirrored data layer differs from the right one).
func renderFigures(t *testing.T) map[string]*plotting.Figure {
	return renderFiguresAt(t, plotting.Size{Width: 480, Height: 320, DPI: 96}, " · nimlab test")
}

// renderFiguresAt draws the pictures of renderFigures at the given size,
// with tail after each caption.
func renderFiguresAt(t *testing.T, size plotting.Size, tail string) map[string]*plotting.Figure {
	vals := make([]uint16, 300)
	for i := range vals {
		vals[i] = uint16(i % 7)
		if i < 40 {
			vals[i] = uint16(i % 3)
		}
	}
	ex := func(caption string) plotting.Export {
		return plotting.Export{Caption: caption + tail, Command: "nimlab test --png x", Keywords: []string{"test"}}
	}
	figs := map[string]*plotting.Figure{}
	var err error
	figs["sequence"], err = plotting.SequencePlot(plotting.Sequence{Name: "0.07", Values: vals, Period: 7, Preperiod: 40},
		plotting.SequenceOptions{Size: size, Title: "Grundy values of 0.07 (Dawson's Kayles)", Export: ex("0.07, heaps 0–299")})
	require.NoError(t, err)
	figs["histogram"], err = plotting.Histogram(vals, plotting.HistogramOptions{Size: size, Title: unicodeTitle,
		Rare: plotting.RareByMask(1), Export: ex("0.07 histogram")})
	require.NoError(t, err)
	tab := plotting.Table{Cols: 12, Rows: 12, Values: make([]int, 144)}
	for q := 0; q < 12; q++ {
		for p := 0; p < 12; p++ {
			tab.Values[q*12+p] = (p + 2*q*q) % 9 // row q = 0 differs from the top rows
		}
	}
	figs["heatmap"], err = plotting.Heatmap(tab, plotting.HeatmapOptions{Size: size, Title: "Astron: nimbers (0 ≤ p, q ≤ 11)",
		XLabel: "p (first star)", YLabel: "q (second star)", Export: ex("Astron, 0 ≤ p, q ≤ 11")})
	require.NoError(t, err)
	figs["heatmap-subscripts"], err = plotting.Heatmap(tab, plotting.HeatmapOptions{Size: size, Title: "Astron: G(A_{p,q}), 0 ≤ p ≤ 11",
		XLabel: "p", YLabel: "q", Palette: plotting.Viridis, Export: ex("Astron, viridis")})
	require.NoError(t, err)
	figs["quotient"], err = plotting.QuotientOrdersPlot(plotting.QuotientOrders{Name: "0.07", Orders: []int{1, 2, 2, 6, 6, 6, 12, 24, 24, 150}},
		plotting.QuotientOrdersOptions{Size: size, Export: ex("misère quotients of 0.07")})
	require.NoError(t, err)
	long := make([]uint16, 400_001)
	for i := range long {
		long[i] = uint16(i % 5)
	}
	figs["long-sequence"], err = plotting.SequencePlot(plotting.Sequence{Name: "a test game", Values: long},
		plotting.SequenceOptions{Size: size, Export: ex("heaps 0–4·10⁵")})
	require.NoError(t, err)
	pyr := plotting.NewSequencePyramid(vals)
	figs["sequence-view"], err = plotting.SequenceViewPlot(pyr, plotting.SequenceViewOptions{Size: size,
		View:  plotting.SequenceView{X0: 0, X1: 300, Y0: -0.5, Y1: 9},
		Marks: plotting.SequenceMarks{Period: 7, Preperiod: 40}, Export: ex("0.07 view")})
	require.NoError(t, err)
	return figs
}

// TestExportsRenderAlike exports each kind of picture as PNG, SVG and PDF,
// renders the SVG with rsvg-convert and ImageMagick and the PDF with
// pdftoppm and Ghostscript, and compares every rendering with the PNG:
// close to it, and much farther from it mirrored top to bottom. The title
// is read back from the PDF page, the PDF's document information, the
// SVG's <title> and the PNG's text.
func TestExportsRenderAlike(t *testing.T) {
	rendercheck.Require(t, rendercheck.Programs...)
	dir := t.TempDir()
	for name, fig := range renderFigures(t) {
		t.Run(name, func(t *testing.T) {
			CheckExport(t, fig, filepath.Join(dir, name))
		})
	}
	// The tick labels of a long axis, 2·10⁵, read back as written (the
	// axis has room for three at this size).
	text, err := rendercheck.PDFText(filepath.Join(dir, "long-sequence.pdf"))
	require.NoError(t, err)
	for _, label := range []string{"0", "2·10⁵", "4·10⁵"} {
		assert.Contains(t, rendercheck.Lines(text), label)
	}
}

// CheckExport writes fig as base.png, base.svg and base.pdf and checks
// them as TestExportsRenderAlike says.
func CheckExport(t *testing.T, fig *plotting.Figure, base string) {
	for _, ext := range []string{".png", ".svg", ".pdf"} {
		require.NoError(t, plotting.SaveByExtension(fig, base+ext))
	}
	rendercheck.CheckFiles(t, base, rendercheck.Want{Title: fig.Title, Caption: fig.Caption, Command: fig.Command,
		Software: "nimlab " + plotting.Version, Data: fig.Data, DPI: fig.DPI})
}

// TestFiguresKeepOffTheRightEdge checks that nothing of a picture (an axis
// end, a line, the title, the caption) touches its right edge: a figure
// whose axis runs into the edge looks cut off on a page. The narrow
// pictures have a caption as long as the CLI writes, which ran off the
// right edge of a picture 320 pixels wide.
func TestFiguresKeepOffTheRightEdge(t *testing.T) {
	sizes := []plotting.Size{
		{Width: 480, Height: 320, DPI: 96},
		{Width: 320, Height: 240, DPI: 96},
		{Width: 990, Height: 557, DPI: 300, TextPt: 8}, // --width 3.3in
	}
	const tail = " (period 34, preperiod 53, certified) · nimlab 0.2.0"
	figs := map[string]*plotting.Figure{}
	for _, s := range sizes {
		for name, fig := range renderFiguresAt(t, s, tail) {
			figs[fmt.Sprintf("%s %dx%d %gpt", name, s.Width, s.Height, s.TextPt)] = fig
		}
	}
	for name, fig := range figs {
		t.Run(name, func(t *testing.T) {
			b := fig.Image.Bounds()
			assert.Less(t, fig.Data.Max.X, b.Max.X-4, "the data area reaches the right edge")
			for x := b.Max.X - 4; x < b.Max.X; x++ {
				for y := b.Min.Y; y < b.Max.Y; y++ {
					r, g, bl, _ := fig.Image.At(x, y).RGBA()
					if r < 0xf000 || g < 0xf000 || bl < 0xf000 {
						t.Fatalf("pixel (%d, %d) near the right edge is drawn on: %v", x, y, fig.Image.At(x, y))
					}
				}
			}
		})
	}
}

// TestLongLinesRenderWithoutAClosingStroke draws the misère quotient
// orders of 0.07 (a step line of 68 points) at a printed column width and
// renders its SVG with ImageMagick: its renderer drew a long open path with
// a diagonal from the first point to the last once the picture was that
// large. The line's colour must cover about as many pixels of the data
// area as in the PNG (the diagonal added more than half again).
func TestLongLinesRenderWithoutAClosingStroke(t *testing.T) {
	rendercheck.Require(t, "convert")
	orders := []int{1, 1, 2, 2, 6, 6, 6, 6, 6, 6, 12, 12, 12, 12, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24,
		144, 144, 176, 176, 176, 352, 496, 528, 600}
	size := plotting.Size{Width: 990, Height: 557, DPI: 300, TextPt: 8} // --width 3.3in
	fig, err := plotting.QuotientOrdersPlot(plotting.QuotientOrders{Name: "0.07", Orders: orders}, plotting.QuotientOrdersOptions{Size: size})
	require.NoError(t, err)
	file := filepath.Join(t.TempDir(), "orders.svg")
	require.NoError(t, plotting.SaveByExtension(fig, file))
	var im rendercheck.Renderer
	for _, r := range rendercheck.For("svg") {
		if r.Name == "imagemagick" {
			im = r
		}
	}
	require.NotEmpty(t, im.Name)
	got, err := rendercheck.Render(im, file, size.Width, size.Height, size.DPI)
	require.NoError(t, err)
	line := func(img image.Image) int { // pixels near the line's colour #1b3a8c
		n := 0
		for y := fig.Data.Min.Y; y < fig.Data.Max.Y; y++ {
			for x := fig.Data.Min.X; x < fig.Data.Max.X; x++ {
				r, g, b, _ := img.At(x, y).RGBA()
				if d := math.Abs(float64(r>>8)-0x1b) + math.Abs(float64(g>>8)-0x3a) + math.Abs(float64(b>>8)-0x8c); d < 120 {
					n++
				}
			}
		}
		return n
	}
	want, have := line(fig.Image), line(got)
	require.Positive(t, want)
	assert.InDelta(t, 1, float64(have)/float64(want), 0.35, "line pixels: %d rendered by ImageMagick, %d in the PNG", have, want)
}
