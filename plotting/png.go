package plotting

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"io"
	"math"

	"github.com/google/renameio/v2"
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
	if err := renameio.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// pngEncoder favours speed: the pictures are mostly flat colour, which
// compresses well even at the fastest level, and a projector-size heatmap
// must be written in well under a second.
var pngEncoder = png.Encoder{CompressionLevel: png.BestSpeed}

// EncodePNG encodes img as PNG with a pHYs chunk for dpi (0 leaves it out).
// The output depends only on the pixels and dpi.
func EncodePNG(img image.Image, dpi int) ([]byte, error) {
	var buf bytes.Buffer
	if err := pngEncoder.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("encoding PNG: %w", err)
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
