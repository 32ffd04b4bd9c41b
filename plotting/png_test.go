package plotting

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pHYs returns the pixels-per-metre of the PNG's pHYs chunk, or 0.
func pHYs(t *testing.T, b []byte) uint32 {
	t.Helper()
	for i := 8; i+8 <= len(b); {
		n := int(binary.BigEndian.Uint32(b[i:]))
		typ := string(b[i+4 : i+8])
		if typ == "pHYs" {
			require.Equal(t, byte(1), b[i+16], "unit is the metre")
			assert.Equal(t, binary.BigEndian.Uint32(b[i+8:]), binary.BigEndian.Uint32(b[i+12:]), "square pixels")
			return binary.BigEndian.Uint32(b[i+8:])
		}
		if typ == "IDAT" {
			t.Fatal("no pHYs chunk before IDAT")
		}
		i += 12 + n
	}
	return 0
}

func TestWritePNGRecordsSizeAndDPIAndIsDeterministic(t *testing.T) {
	seq := sequenceOf(t, "0.07", 300)
	dir := t.TempDir()
	size := Size{Width: 1200, Height: 700, DPI: 300}
	var files [][]byte
	for i := range 2 {
		fig, err := SequencePlot(seq, SequenceOptions{Size: size})
		require.NoError(t, err)
		path := filepath.Join(dir, "seq.png")
		require.NoError(t, fig.WritePNG(path))
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		files = append(files, b)
		img, err := png.Decode(bytes.NewReader(b))
		require.NoError(t, err, "render %d", i)
		assert.Equal(t, 1200, img.Bounds().Dx())
		assert.Equal(t, 700, img.Bounds().Dy())
		assert.Equal(t, uint32(11811), pHYs(t, b), "300 dpi = 11811 pixels per metre")
		// The file holds exactly the figure's pixels.
		for _, pt := range [][2]int{{0, 0}, {600, 350}, {fig.Data.Min.X + 3, fig.Data.Max.Y - 3}} {
			r, g, bl, _ := img.At(pt[0], pt[1]).RGBA()
			c := fig.Image.NRGBAAt(pt[0], pt[1])
			assert.Equal(t, [3]uint8{c.R, c.G, c.B}, [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8)})
		}
	}
	assert.True(t, bytes.Equal(files[0], files[1]), "the same input gives the same bytes")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no temporary files are left behind")
}

func TestWritePNGFailsCleanlyOnABadDirectory(t *testing.T) {
	fig, err := Heatmap(nimSumTable(8), HeatmapOptions{})
	require.NoError(t, err)
	err = fig.WritePNG(filepath.Join(t.TempDir(), "missing", "x.png"))
	assert.ErrorContains(t, err, "missing does not exist")
}

func TestEncodePNGRoundTripsEveryPixel(t *testing.T) {
	// A real figure (text, antialiasing, flat areas) and a noisy image that
	// exercises every Paeth branch.
	fig, err := Heatmap(octalSumTable(t, 200), HeatmapOptions{Size: Size{Width: 640, Height: 480, DPI: 72}, Title: "round trip"})
	require.NoError(t, err)
	noisy := image.NewNRGBA(image.Rect(0, 0, 257, 129))
	x := uint32(12345)
	for i := range noisy.Pix {
		x = x*1103515245 + 12345
		noisy.Pix[i] = uint8(x >> 16)
		if i%4 == 3 {
			noisy.Pix[i] = 255
		}
	}
	translucent := image.NewNRGBA(image.Rect(0, 0, 3, 2))
	translucent.Pix[3] = 128 // not opaque: the general encoder must be used
	for name, m := range map[string]*image.NRGBA{"figure": fig.Image, "noisy": noisy, "translucent": translucent} {
		b, err := EncodePNG(m, 96)
		require.NoError(t, err, name)
		got, err := png.Decode(bytes.NewReader(b))
		require.NoError(t, err, name)
		require.Equal(t, m.Bounds(), got.Bounds(), name)
		for y := m.Rect.Min.Y; y < m.Rect.Max.Y; y++ {
			for x := m.Rect.Min.X; x < m.Rect.Max.X; x++ {
				want := m.NRGBAAt(x, y)
				if c := color.NRGBAModel.Convert(got.At(x, y)).(color.NRGBA); c != want {
					t.Fatalf("%s: pixel (%d, %d) decodes as %v, want %v", name, x, y, c, want)
				}
			}
		}
		assert.Equal(t, uint32(3780), pHYs(t, b), "%s: 96 dpi = 3780 pixels per metre", name)
	}
}

func TestFiguresRenderConcurrently(t *testing.T) {
	// The GUI draws on worker goroutines: pictures must not share state.
	seq := sequenceOf(t, "0.07", 300)
	done := make(chan []byte, 4)
	for i := range 4 {
		go func() {
			var fig *Figure
			var err error
			if i%2 == 0 {
				fig, err = SequencePlot(seq, SequenceOptions{Size: Size{Width: 800, Height: 500, DPI: 96}})
			} else {
				fig, err = Heatmap(nimSumTable(50), HeatmapOptions{Size: Size{Width: 800, Height: 500, DPI: 96}})
			}
			if err != nil {
				done <- nil
				return
			}
			b, _ := EncodePNG(fig.Image, fig.DPI)
			done <- b
		}()
	}
	var outs [][]byte
	for range 4 {
		b := <-done
		require.NotNil(t, b)
		outs = append(outs, b)
	}
	// Two of each kind, each pair byte-identical whatever the interleaving.
	n := 0
	for i := range outs {
		for j := i + 1; j < len(outs); j++ {
			if bytes.Equal(outs[i], outs[j]) {
				n++
			}
		}
	}
	assert.Equal(t, 2, n)
}
