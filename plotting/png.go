package plotting

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"io"
	"math"

	"github.com/nimlab/nimlab/solver/safewrite"
)

// EncodePNG writes the figure as a PNG whose pHYs chunk records the DPI, so
// that a word processor or LaTeX prints it at Width/DPI inches.
func (f *Figure) EncodePNG(w io.Writer) error {
	b, err := EncodePNG(f.Image, f.DPI)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// WritePNG writes the figure to path atomically: readers see the old file or
// the whole new one, never a half-written picture.
func (f *Figure) WritePNG(path string) error {
	b, err := EncodePNG(f.Image, f.DPI)
	if err != nil {
		return err
	}
	return safewrite.WriteFile(path, nil, b)
}

// pngEncoder is the general encoder, for images that are not opaque NRGBA.
var pngEncoder = png.Encoder{CompressionLevel: png.BestSpeed}

// EncodePNG encodes img as PNG with a pHYs chunk for dpi (0 leaves it out).
// The output depends only on the pixels and dpi.
func EncodePNG(img image.Image, dpi int) ([]byte, error) {
	var buf bytes.Buffer
	if m, ok := img.(*image.NRGBA); !ok || !encodeOpaqueRGB(&buf, m) {
		buf.Reset()
		if err := pngEncoder.Encode(&buf, img); err != nil {
			return nil, fmt.Errorf("encoding PNG: %w", err)
		}
	}
	if dpi <= 0 {
		return buf.Bytes(), nil
	}
	return insertPHYs(buf.Bytes(), dpi)
}

// pngHeaderLen is the signature (8) plus the IHDR chunk (4+4+13+4).
const pngHeaderLen = 8 + 25

// insertPHYs puts a pHYs chunk right after IHDR (it must precede IDAT).
func insertPHYs(b []byte, dpi int) ([]byte, error) {
	if len(b) < pngHeaderLen || string(b[12:16]) != "IHDR" {
		return nil, errors.New("encoding PNG: unexpected header")
	}
	ppm := uint32(math.Round(float64(dpi) / 0.0254)) // pixels per metre
	chunk := make([]byte, 4+4+9+4)
	binary.BigEndian.PutUint32(chunk[0:], 9)
	copy(chunk[4:], "pHYs")
	binary.BigEndian.PutUint32(chunk[8:], ppm)
	binary.BigEndian.PutUint32(chunk[12:], ppm)
	chunk[16] = 1 // unit: metre
	binary.BigEndian.PutUint32(chunk[17:], crc32.ChecksumIEEE(chunk[4:17]))
	out := make([]byte, 0, len(b)+len(chunk))
	out = append(out, b[:pngHeaderLen]...)
	out = append(out, chunk...)
	out = append(out, b[pngHeaderLen:]...)
	return out, nil
}

// encodeOpaqueRGB writes m as an 8-bit RGB PNG, every row with the Paeth
// filter, and reports false (writing garbage to w) if m is not opaque.
// image/png tries all five filters on every row, which is most of its time;
// a fixed Paeth filter suits nimlab's flat-coloured pictures as well and
// makes writing a projector-size picture several times faster.
func encodeOpaqueRGB(w *bytes.Buffer, m *image.NRGBA) bool {
	b := m.Bounds()
	width, height := b.Dx(), b.Dy()
	w.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, 2 // 8 bits per sample, truecolour
	writeChunk(w, "IHDR", ihdr[:])

	var idat bytes.Buffer
	zw, err := zlib.NewWriterLevel(&idat, zlib.BestSpeed)
	if err != nil {
		return false
	}
	n := 3 * width
	prev := make([]byte, n) // the row above; zeros above the first row
	cur := make([]byte, n)
	out := make([]byte, n+1)
	out[0] = 4 // Paeth
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := m.Pix[m.PixOffset(b.Min.X, y):]
		for x := 0; x < width; x++ {
			p := row[4*x : 4*x+4 : 4*x+4]
			if p[3] != 255 {
				return false
			}
			cur[3*x], cur[3*x+1], cur[3*x+2] = p[0], p[1], p[2]
		}
		for i := 0; i < n; i++ {
			var a, c int
			if i >= 3 {
				a, c = int(cur[i-3]), int(prev[i-3])
			}
			bb := int(prev[i])
			out[i+1] = cur[i] - paeth(a, bb, c)
		}
		if _, err := zw.Write(out); err != nil {
			return false
		}
		prev, cur = cur, prev
	}
	if err := zw.Close(); err != nil {
		return false
	}
	writeChunk(w, "IDAT", idat.Bytes())
	writeChunk(w, "IEND", nil)
	return true
}

// paeth is the PNG Paeth predictor of a (left), b (up) and c (up-left).
func paeth(a, b, c int) uint8 {
	p := a + b - c
	pa, pb, pc := abs(p-a), abs(p-b), abs(p-c)
	if pa <= pb && pa <= pc {
		return uint8(a)
	}
	if pb <= pc {
		return uint8(b)
	}
	return uint8(c)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// writeChunk appends one PNG chunk: length, type, data and CRC.
func writeChunk(w *bytes.Buffer, typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	w.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	w.WriteString(typ)
	w.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	w.Write(n[:])
}
