package plotting_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/nimlab/nimlab/plotting"
)

// A heatmap of the nim-sum p ⊕ q: 801×801 cells on a full-HD picture are one
// pixel each, and the cell colour is the palette's colour of the value.
func ExampleHeatmap() {
	const n = 801
	t := plotting.Table{Cols: n, Rows: n, Values: make([]int, n*n)}
	for q := range n {
		for p := range n {
			t.Values[q*n+p] = p ^ q
		}
	}
	fig, err := plotting.Heatmap(t, plotting.HeatmapOptions{Title: "p xor q", XLabel: "p", YLabel: "q"})
	if err != nil {
		fmt.Println(err)
		return
	}
	// Cell (p, q) = (5, 3) is the pixel 5 right of the left edge and 3 up
	// from the bottom edge of the data area.
	x, y := fig.Data.Min.X+5, fig.Data.Max.Y-1-3
	fmt.Println(fig.Data.Dx(), fig.Data.Dy(), fig.Image.NRGBAAt(x, y) == plotting.Rainbow.Colour(5^3, 1023))
	// Output: 801 801 true
}

// The sequence plot of the first 53 Grundy values of Dawson's Kayles (0.07),
// its preperiod, written to a PNG file.
func ExampleSequencePlot() {
	values := []uint16{ // G(0..52) of 0.07, as `nimlab octal 0.07 --n 52 --values` prints them
		0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2,
	}
	fig, err := plotting.SequencePlot(plotting.Sequence{Name: "0.07", Values: values}, plotting.SequenceOptions{
		Size: plotting.Size{Width: 1280, Height: 720, DPI: 150},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	path := filepath.Join(os.TempDir(), "nimlab-example-0.07.png")
	if err := fig.WritePNG(path); err != nil {
		fmt.Println(err)
		return
	}
	defer os.Remove(path)
	fmt.Println(fig.Image.Bounds().Dx(), fig.Image.Bounds().Dy())
	// Output: 1280 720
}

// A sequence plot for a journal column, 85 mm wide at 300 dpi with 8-point
// tick labels, written as a PDF with its title, caption and command in the
// document information.
func ExampleSaveByExtension() {
	values := []uint16{0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0}
	mm := 300 / 25.4 // pixels at 300 dpi
	fig, err := plotting.SequencePlot(plotting.Sequence{Name: "0.07", Values: values}, plotting.SequenceOptions{
		Size: plotting.Size{Width: int(85 * mm), Height: int(50 * mm), DPI: 300, TextPt: 8},
		Export: plotting.Export{
			Caption:  "0.07, heaps 0–35",
			Command:  "nimlab octal 0.07 --n 35 --width 85mm --height 50mm --png g.pdf",
			Keywords: []string{"Dawson's Kayles"},
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	path := filepath.Join(os.TempDir(), "nimlab-example-0.07.pdf")
	if err := plotting.SaveByExtension(fig, path); err != nil {
		fmt.Println(err)
		return
	}
	defer os.Remove(path)
	fmt.Println(fig.Title)
	// Output: Grundy values of 0.07
}
