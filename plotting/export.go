package plotting

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"html"
	"io"
	"path/filepath"
	"strings"

	"github.com/nimlab/nimlab/solver/safewrite"
	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Version is nimlab's version as written into exported pictures (the
// caption and the files' metadata); cmd/nimlab sets it from its build.
var Version = "dev"

// Picture formats SaveByExtension writes.
const (
	FormatPNG = "png"
	FormatSVG = "svg"
	FormatPDF = "pdf"
)

// Formats are the accepted file extensions, in the order they are offered.
var Formats = []string{".png", ".svg", ".pdf"}

// FormatOf returns the picture format a file name asks for by its
// extension (case-insensitive): PNG for .png and for a name without an
// extension (a device such as /dev/stdout, or "-"), SVG, PDF, or an error
// naming the extension and the accepted ones.
func FormatOf(path string) (string, error) {
	ext := strings.ToLower(filepath.Ext(path))
	switch ext {
	case ".png":
		return FormatPNG, nil
	case ".svg":
		return FormatSVG, nil
	case ".pdf":
		return FormatPDF, nil
	case "":
		return FormatPNG, nil
	}
	return "", fmt.Errorf("%s: unknown picture format %q; accepted: %s", path, ext, strings.Join(Formats, ", "))
}

// SaveByExtension writes fig to path, atomically, as PNG, SVG or PDF by
// the path's extension (PNG without one); any other extension is refused
// before anything is written. In SVG and PDF the axes, ticks, labels, titles and legends are
// vector drawing and text; what nimlab draws pixel by pixel (heatmap cells,
// decimated sequences: up to millions of marks) is one embedded lossless
// image under them, at the figure's pixel size, as plotting programs do for
// dense data.
func SaveByExtension(fig *Figure, path string) error {
	format, err := FormatOf(path)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := fig.Encode(&buf, format); err != nil {
		return err
	}
	return safewrite.WriteFile(path, nil, buf.Bytes())
}

// Encode writes the figure in the given format (FormatPNG, FormatSVG or
// FormatPDF).
func (f *Figure) Encode(w io.Writer, format string) error {
	switch format {
	case FormatPNG:
		b, err := EncodePNG(f.Image, f.DPI)
		if err != nil {
			return err
		}
		if b, err = insertText(b, f.metadata()); err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	case FormatSVG, FormatPDF:
		return f.encodeVector(w, format)
	}
	return fmt.Errorf("plotting: unknown picture format %q; accepted: png, svg, pdf", format)
}

// metadata is what the files record besides the picture.
func (f *Figure) metadata() map[string]string {
	m := map[string]string{"Software": "nimlab " + Version}
	if f.Caption != "" {
		m["Description"] = f.Caption
	}
	return m
}

// encodeVector draws the figure again onto a recording canvas and writes
// the pixel layer and then the recorded drawing as SVG or PDF.
func (f *Figure) encodeVector(w io.Writer, format string) error {
	size := Size{Width: f.Image.Rect.Dx(), Height: f.Image.Rect.Dy(), DPI: f.DPI}
	c := newVectorCanvas(size)
	c.caption = f.Caption
	if f.redraw != nil {
		if err := f.redraw(c); err != nil {
			return err
		}
	} else {
		// A figure that cannot be redrawn goes in whole as an image.
		copy(c.img.Pix, f.Image.Pix)
	}
	width, height := c.st.pt(float64(size.Width)), c.st.pt(float64(size.Height))
	page := vg.Rectangle{Max: vg.Point{X: width, Y: height}}
	switch format {
	case FormatSVG:
		svg := vgsvg.NewWith(vgsvg.UseWH(width, height))
		svg.DrawImage(page, c.img)
		if err := c.rec.ReplayOn(svg); err != nil {
			return fmt.Errorf("plotting: drawing the SVG: %w", err)
		}
		var buf bytes.Buffer
		if _, err := svg.WriteTo(&buf); err != nil {
			return err
		}
		_, err := w.Write(svgWithMetadata(buf.Bytes(), f.metadata()))
		return err
	default:
		pdf := vgpdf.New(width, height)
		pdf.EmbedFonts(true)
		pdf.DrawImage(page, c.img)
		if err := c.rec.ReplayOn(pdfCanvas{pdf}); err != nil {
			return fmt.Errorf("plotting: drawing the PDF: %w", err)
		}
		_, err := pdf.WriteTo(w)
		return err
	}
}

// svgWithMetadata puts a <title> and <desc> right after the opening <svg>
// tag, where viewers and search tools look for them.
func svgWithMetadata(b []byte, meta map[string]string) []byte {
	i := bytes.Index(b, []byte("<svg"))
	if i < 0 {
		return b
	}
	j := bytes.IndexByte(b[i:], '>')
	if j < 0 {
		return b
	}
	j += i + 1
	var ins bytes.Buffer
	ins.WriteString("\n<title>" + html.EscapeString(meta["Software"]) + "</title>")
	if d := meta["Description"]; d != "" {
		ins.WriteString("\n<desc>" + html.EscapeString(d) + "</desc>")
	}
	out := make([]byte, 0, len(b)+ins.Len())
	out = append(out, b[:j]...)
	out = append(out, ins.Bytes()...)
	return append(out, b[j:]...)
}

// insertText adds PNG iTXt chunks (UTF-8 text) for the metadata right
// after the header chunks.
func insertText(b []byte, meta map[string]string) ([]byte, error) {
	if len(b) < pngHeaderLen || string(b[12:16]) != "IHDR" {
		return nil, errors.New("encoding PNG: unexpected header")
	}
	var chunks bytes.Buffer
	for _, key := range []string{"Software", "Description"} {
		v, ok := meta[key]
		if !ok {
			continue
		}
		// keyword, NUL, compression flag 0, method 0, language "", NUL,
		// translated keyword "", NUL, text.
		data := append([]byte(key), 0, 0, 0, 0, 0)
		data = append(data, v...)
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], uint32(len(data)))
		chunks.Write(n[:])
		crc := crc32.NewIEEE()
		crc.Write([]byte("iTXt"))
		crc.Write(data)
		chunks.WriteString("iTXt")
		chunks.Write(data)
		binary.BigEndian.PutUint32(n[:], crc.Sum32())
		chunks.Write(n[:])
	}
	out := make([]byte, 0, len(b)+chunks.Len())
	out = append(out, b[:pngHeaderLen]...)
	out = append(out, chunks.Bytes()...)
	return append(out, b[pngHeaderLen:]...), nil
}

// pdfCanvas works around vgpdf registering every font without its style
// and then asking for the bold one by style ("undefined font …-bold B"):
// a bold or italic face is given a name of its own and no style, so the
// face's own data (already bold) is what the PDF embeds.
type pdfCanvas struct{ *vgpdf.Canvas }

// FillString implements vg.Canvas.
func (c pdfCanvas) FillString(f font.Face, pt vg.Point, s string) {
	if f.Font.Weight != xfont.WeightNormal || f.Font.Style != xfont.StyleNormal {
		f.Font.Typeface += font.Typeface(fmt.Sprintf("W%dS%d", int(f.Font.Weight), int(f.Font.Style)))
		f.Font.Weight, f.Font.Style = xfont.WeightNormal, xfont.StyleNormal
	}
	c.Canvas.FillString(f, pt, s)
}
