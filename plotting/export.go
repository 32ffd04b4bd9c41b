package plotting

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"html"
	"io"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/nimlab/nimlab/solver/safewrite"
	"gonum.org/v1/plot/vg"
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
		if b, err = insertText(b, f.metadata().pngText()); err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	case FormatSVG, FormatPDF:
		return f.encodeVector(w, format)
	}
	return fmt.Errorf("plotting: unknown picture format %q; accepted: png, svg, pdf", format)
}

// metadata is what an exported file records about its picture besides
// drawing it.
type metadata struct {
	title    string // the picture's title
	subject  string // what it shows: the game, the range (the caption)
	command  string // the command that draws it again
	keywords string // comma-separated
	software string // "nimlab <version>"
	creator  string // software, and the command when there is one
}

// metadata gathers the figure's title, caption, command and keywords.
func (f *Figure) metadata() metadata {
	m := metadata{title: f.Title, subject: f.Caption, command: f.Command, software: "nimlab " + Version}
	if m.title == "" {
		m.title = f.Caption
	}
	kw := []string{"nimlab"}
	for _, k := range f.Keywords {
		if k != "" && !slices.Contains(kw, k) {
			kw = append(kw, k)
		}
	}
	m.keywords = strings.Join(kw, ", ")
	m.creator = m.software
	if m.command != "" {
		m.creator += ": " + m.command
	}
	return m
}

// description is the metadata as lines of text: the subject, the command,
// the software.
func (m metadata) description() string {
	var lines []string
	if m.subject != "" {
		lines = append(lines, m.subject)
	}
	if m.command != "" {
		lines = append(lines, "Command: "+m.command)
	}
	return strings.Join(append(lines, "Drawn by "+m.software), "\n")
}

// encodeVector draws the figure again onto a recording canvas and writes
// the pixel layer and then the recorded drawing as SVG or PDF.
func (f *Figure) encodeVector(w io.Writer, format string) error {
	size := Size{Width: f.Image.Rect.Dx(), Height: f.Image.Rect.Dy(), DPI: f.DPI, TextPt: f.textPt}
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
	meta := f.metadata()
	switch format {
	case FormatSVG:
		svg := vgsvg.NewWith(vgsvg.UseWH(width, height))
		svg.DrawImage(page, c.img)
		c.rec.ReplayOn(svg)
		var buf bytes.Buffer
		if _, err := svg.WriteTo(&buf); err != nil {
			return err
		}
		_, err := w.Write(svgWithMetadata(fixSVG(buf.Bytes()), meta))
		return err
	default:
		pdf := newPDFCanvas(width, height)
		pdf.setInfo(meta)
		pdf.DrawImage(page, c.img)
		c.rec.ReplayOn(pdf)
		_, err := pdf.WriteTo(w)
		return err
	}
}

// fixSVG corrects what gonum's SVG canvas writes: it labels the embedded
// PNG picture image/jpg, and librsvg (rsvg-convert, GNOME, many LaTeX and
// Pandoc pipelines) then draws nothing of it; its text has no stroke
// setting, and ImageMagick's SVG renderer outlines every letter (bold,
// smudged) and every filled shape: "stroke:none" is added; and it writes rotated text (the
// vertical axis label) as text in a rotated group, which ImageMagick's SVG
// renderer does not draw: each such text gets one matrix instead. (The font
// is named alone, "DejaVu Sans": ImageMagick drops a family list with
// fallbacks altogether.) A long open line (the misère quotient's step line)
// is split into subpaths of a few segments: ImageMagick's renderer strokes a
// long one with its closing segment too, a diagonal from its first point to
// its last, once the picture is rendered large enough.
func fixSVG(b []byte) []byte {
	b = bytes.ReplaceAll(b, []byte("data:image/jpg;base64,"), []byte("data:image/png;base64,"))
	b = openPath.ReplaceAllFunc(b, splitPath)
	b = bytes.ReplaceAll(b, []byte("style=\"font-family:"), []byte("style=\"stroke:none;font-family:"))
	b = filledPath.ReplaceAll(b, []byte(`style="fill:$1;stroke:none"`))
	return rotatedGroup.ReplaceAllFunc(b, func(g []byte) []byte {
		m := rotatedGroup.FindSubmatch(g)
		deg, err := strconv.ParseFloat(string(m[1]), 64)
		if err != nil {
			return g
		}
		sin, cos := math.Sincos(deg * math.Pi / 180)
		return rotatedText.ReplaceAllFunc(m[2], func(t []byte) []byte {
			xy := rotatedText.FindSubmatch(t)
			x, errX := strconv.ParseFloat(string(xy[1]), 64)
			y, errY := strconv.ParseFloat(string(xy[2]), 64)
			if errX != nil || errY != nil {
				return t
			}
			// rotate(deg) · scale(1, −1) · translate(x, y)
			return fmt.Appendf(nil, `<text transform="matrix(%.5g %.5g %.5g %.5g %.5g %.5g)"`,
				cos, sin, sin, -cos, cos*x+sin*y, sin*x-cos*y)
		})
	})
}

// rotatedGroup is a group gonum's SVG canvas writes for rotated text: a
// rotation holding only texts; rotatedText is the start of one such text.
var (
	openPath     = regexp.MustCompile(`<path d="M[-+0-9.e,]+(?:L[-+0-9.e,]+){9,}" style="fill:none;`)
	pathPoint    = regexp.MustCompile(`[ML][-+0-9.e,]+`)
	filledPath   = regexp.MustCompile(`style="fill:(#[0-9A-Fa-f]{6})"`)
	rotatedGroup = regexp.MustCompile(`<g transform="rotate\(([-+0-9.e]+)\)">\n((?:<text [^>]*>[^<]*</text>\n)+)</g>\n`)
	rotatedText  = regexp.MustCompile(`<text x="([-+0-9.e]+)" y="([-+0-9.e]+)" transform="scale\(1, -1\)"`)
)

// pathSegments is how many segments of a long open line go into one
// subpath (fixSVG).
const pathSegments = 8

// splitPath rewrites the start of a long open path element, <path d="M…L…"
// style="fill:none; (openPath), so that each subpath of its d has at most
// pathSegments segments, each starting where the one before ended: the same
// line, joins included except between subpaths.
func splitPath(m []byte) []byte {
	const head = `<path d="`
	d := m[len(head) : bytes.IndexByte(m[len(head):], '"')+len(head)]
	pts := pathPoint.FindAll(d, -1)
	out := append([]byte{}, head...)
	for i, p := range pts {
		switch {
		case i == 0:
			out = append(out, p...)
		case i%pathSegments == 0 && i < len(pts)-1:
			out = append(out, p...)
			out = append(out, 'M')
			out = append(out, p[1:]...)
		default:
			out = append(out, p...)
		}
	}
	return append(out, m[len(head)+len(d):]...)
}

// svgWithMetadata puts a <title>, a <desc> and Dublin Core <metadata>
// right after the opening <svg> tag, where viewers, Inkscape and search
// tools look for them.
func svgWithMetadata(b []byte, m metadata) []byte {
	i := bytes.Index(b, []byte("<svg"))
	if i < 0 {
		return b
	}
	j := bytes.IndexByte(b[i:], '>')
	if j < 0 {
		return b
	}
	j += i + 1
	esc := html.EscapeString
	var ins bytes.Buffer
	ins.WriteString("\n<title>" + esc(m.title) + "</title>")
	ins.WriteString("\n<desc>" + esc(m.description()) + "</desc>")
	ins.WriteString("\n<metadata>\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">")
	ins.WriteString("\n<rdf:Description rdf:about=\"\">")
	ins.WriteString("\n<dc:title>" + esc(m.title) + "</dc:title>")
	if m.subject != "" {
		ins.WriteString("\n<dc:description>" + esc(m.subject) + "</dc:description>")
	}
	if m.command != "" {
		ins.WriteString("\n<dc:source>" + esc(m.command) + "</dc:source>")
	}
	ins.WriteString("\n<dc:subject>" + esc(m.keywords) + "</dc:subject>")
	ins.WriteString("\n<dc:creator>" + esc(m.software) + "</dc:creator>")
	ins.WriteString("\n<dc:format>image/svg+xml</dc:format>")
	ins.WriteString("\n</rdf:Description>\n</rdf:RDF>\n</metadata>")
	out := make([]byte, 0, len(b)+ins.Len())
	out = append(out, b[:j]...)
	out = append(out, ins.Bytes()...)
	return append(out, b[j:]...)
}

// pngText is the metadata under PNG's registered keywords.
func (m metadata) pngText() [][2]string {
	t := [][2]string{{"Title", m.title}}
	if m.subject != "" {
		t = append(t, [2]string{"Description", m.subject})
	}
	if m.command != "" {
		t = append(t, [2]string{"Comment", "Command: " + m.command})
	}
	return append(t, [2]string{"Software", m.software})
}

// insertText adds PNG iTXt chunks (UTF-8 text; tEXt is Latin-1 only) for
// the metadata right after the header chunks.
func insertText(b []byte, meta [][2]string) ([]byte, error) {
	if len(b) < pngHeaderLen || string(b[12:16]) != "IHDR" {
		return nil, errors.New("encoding PNG: unexpected header")
	}
	var chunks bytes.Buffer
	for _, kv := range meta {
		key, v := kv[0], kv[1]
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
