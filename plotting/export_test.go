package plotting

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSaveByExtension writes a sequence plot, a histogram and a heatmap as
// PNG, SVG and PDF and checks each file's header and metadata; unknown
// extensions are refused and write nothing.
func TestSaveByExtension(t *testing.T) {
	vals := make([]uint16, 500)
	for i := range vals {
		vals[i] = uint16(i % 7)
	}
	size := Size{Width: 640, Height: 400, DPI: 96}
	ex := Export{Caption: "test caption: 0.07, heaps 0–499, nimlab dev"}
	seq, err := SequencePlot(Sequence{Values: vals, Period: 7, Preperiod: 3}, SequenceOptions{Size: size, Export: ex})
	require.NoError(t, err)
	hist, err := Histogram(vals, HistogramOptions{Size: size, Export: ex, Rare: RareByMask(1)})
	require.NoError(t, err)
	heat, err := Heatmap(Table{Cols: 3, Rows: 2, Values: []int{0, 1, 2, 3, 4, 5}}, HeatmapOptions{Size: size, Export: ex, Title: "Astron: G(A_{p,q}), 0 ≤ p ≤ 2", XLabel: "p", YLabel: "q"})
	require.NoError(t, err)
	dir := t.TempDir()
	for name, fig := range map[string]*Figure{"seq": seq, "hist": hist, "heat": heat} {
		for _, ext := range []string{".png", ".svg", ".PDF"} {
			path := filepath.Join(dir, name+ext)
			require.NoError(t, SaveByExtension(fig, path), path)
			b, err := os.ReadFile(path)
			require.NoError(t, err)
			switch strings.ToLower(ext) {
			case ".png":
				require.True(t, bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")))
				img, err := png.Decode(bytes.NewReader(b))
				require.NoError(t, err, "a valid PNG")
				assert.Equal(t, 640, img.Bounds().Dx())
				assert.Contains(t, string(b), "iTXtDescription\x00\x00\x00\x00\x00test caption")
				assert.Contains(t, string(b), "iTXtSoftware\x00\x00\x00\x00\x00nimlab dev")
			case ".svg":
				assert.Contains(t, string(b[:200]), "<svg")
				assert.Contains(t, string(b), "<desc>test caption: 0.07, heaps 0–499, nimlab dev\nDrawn by nimlab dev</desc>")
				assert.Contains(t, string(b), "data:image/png;base64,", "the pixel layer is labelled PNG (librsvg draws nothing of image/jpg)")
				assert.Contains(t, string(b), "<text", "the labels are text, not pixels")
				assert.True(t, strings.HasSuffix(strings.TrimSpace(string(b)), "</svg>"))
			default:
				assert.True(t, bytes.HasPrefix(b, []byte("%PDF-")), "a PDF header")
				assert.Contains(t, string(b[len(b)-32:]), "%%EOF")
			}
		}
	}
	for _, bad := range []string{"x.jpg", "x.JPEG", "x.png.txt"} {
		err := SaveByExtension(seq, filepath.Join(dir, bad))
		require.Error(t, err)
		assert.Contains(t, err.Error(), "accepted: .png, .svg, .pdf")
		_, statErr := os.Stat(filepath.Join(dir, bad))
		assert.True(t, os.IsNotExist(statErr), "nothing written for %s", bad)
	}
}

// TestPDFReproducible: with SOURCE_DATE_EPOCH set, the PDF records that
// date and the same figure gives the same bytes.
func TestPDFReproducible(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	fig, err := Heatmap(Table{Cols: 2, Rows: 2, Values: []int{0, 1, 2, 3}}, HeatmapOptions{Size: Size{Width: 300, Height: 200, DPI: 96}, Title: "0 ≤ p ≤ 1"})
	require.NoError(t, err)
	var a, b bytes.Buffer
	require.NoError(t, fig.Encode(&a, FormatPDF))
	require.NoError(t, fig.Encode(&b, FormatPDF))
	assert.Equal(t, a.Bytes(), b.Bytes())
	assert.Contains(t, a.String(), "/CreationDate (D:20231114221320)")
}
