// Package rendercheck is a test oracle for exported pictures: it draws an
// SVG or PDF file with the programs people open them with (poppler's
// pdftoppm and Ghostscript for PDF, librsvg's rsvg-convert and ImageMagick
// for SVG) and measures how far each result is from the PNG export of the
// same picture, and from that PNG mirrored top to bottom, which a right
// rendering must be much farther from. It also reads back what the files
// say: the text of a PDF page (pdftotext), its document information
// (pdfinfo), an SVG's <title> and a PNG's text chunks.
//
// The programs come from Debian's poppler-utils, ghostscript, librsvg2-bin
// and imagemagick (`make deps` installs them). A test that needs one that
// is missing is skipped, except under CI (CI=true), where it fails.
package rendercheck

import (
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	xdraw "golang.org/x/image/draw"
)

// Renderer is a program that draws a PDF or SVG file into pixels.
type Renderer struct {
	// Name names the renderer in messages and in saved renders.
	Name string
	// Format is the file format it reads: "pdf" or "svg".
	Format string
	// Program is the executable that must be on PATH.
	Program string
	// args returns the arguments that render in to out (a PNG) at about
	// w×h pixels, for a page sized at dpi.
	args func(in, out string, w, h, dpi int) []string
}

// Renderers are the four renderers, PDF ones first.
var Renderers = []Renderer{
	{Name: "pdftoppm", Format: "pdf", Program: "pdftoppm", args: func(in, out string, w, h, dpi int) []string {
		return []string{"-png", "-singlefile", "-scale-to-x", strconv.Itoa(w), "-scale-to-y", strconv.Itoa(h), in, strings.TrimSuffix(out, ".png")}
	}},
	{Name: "ghostscript", Format: "pdf", Program: "gs", args: func(in, out string, w, h, dpi int) []string {
		return []string{"-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=png16m", "-dTextAlphaBits=4", "-dGraphicsAlphaBits=4",
			"-r" + strconv.Itoa(dpi), "-sOutputFile=" + out, in}
	}},
	{Name: "rsvg-convert", Format: "svg", Program: "rsvg-convert", args: func(in, out string, w, h, dpi int) []string {
		return []string{"-w", strconv.Itoa(w), "-h", strconv.Itoa(h), "-b", "white", "-o", out, in}
	}},
	{Name: "imagemagick", Format: "svg", Program: imageMagick, args: func(in, out string, w, h, dpi int) []string {
		// ImageMagick's own SVG renderer takes a point for a pixel at
		// 96 dpi: 4/3 of the picture's DPI draws it at its pixel size.
		return []string{"-density", strconv.Itoa(dpi * 4 / 3), "-background", "white", in, "-flatten", out}
	}},
}

// imageMagick is ImageMagick's program: convert (version 6, Debian 12),
// or magick where only version 7's name is installed.
var imageMagick = func() string {
	if _, err := exec.LookPath("convert"); err != nil {
		if _, err := exec.LookPath("magick"); err == nil {
			return "magick"
		}
	}
	return "convert"
}()

// For returns the renderers of a format ("pdf" or "svg").
func For(format string) []Renderer {
	var rs []Renderer
	for _, r := range Renderers {
		if r.Format == format {
			rs = append(rs, r)
		}
	}
	return rs
}

// Require skips the test when one of the programs is not installed, or
// fails it under CI, where `make deps` must have installed them.
func Require(t testing.TB, programs ...string) {
	t.Helper()
	var missing []string
	for _, p := range programs {
		if _, err := exec.LookPath(p); err != nil {
			missing = append(missing, p)
		}
	}
	if len(missing) == 0 {
		return
	}
	msg := fmt.Sprintf("%s not installed (make deps installs poppler-utils, ghostscript, librsvg2-bin, imagemagick)", strings.Join(missing, ", "))
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// Programs are every program the package runs.
var Programs = []string{"pdftoppm", "gs", "rsvg-convert", imageMagick, "pdftotext", "pdfinfo"}

// Render draws the file with r and returns the result scaled to w×h.
func Render(r Renderer, in string, w, h, dpi int) (*image.NRGBA, error) {
	out := filepath.Join(filepath.Dir(in), fmt.Sprintf("%s.%s.png", filepath.Base(in), r.Name))
	cmd := exec.Command(r.Program, r.args(in, out, w, h, dpi)...)
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%s: %v: %s", r.Name, err, msg)
	}
	f, err := os.Open(out)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s wrote no PNG: %w", r.Name, err)
	}
	return Scale(img, w, h), nil
}

// Scale returns img drawn at w×h (unchanged pixels when it has that size).
func Scale(img image.Image, w, h int) *image.NRGBA {
	out := image.NewNRGBA(image.Rect(0, 0, w, h))
	if b := img.Bounds(); b.Dx() == w && b.Dy() == h {
		draw.Draw(out, out.Rect, img, b.Min, draw.Src)
		return out
	}
	xdraw.ApproxBiLinear.Scale(out, out.Rect, img, img.Bounds(), draw.Src, nil)
	return out
}

// Block is the side in pixels of the blocks Compare compares.
const Block = 4

// Blocks returns img reduced k times: each pixel the mean of k×k (the
// last partial row and column of blocks are dropped), on white.
func Blocks(img image.Image, k int) *image.NRGBA {
	m := toNRGBA(img)
	out := image.NewNRGBA(image.Rect(0, 0, m.Rect.Dx()/k, m.Rect.Dy()/k))
	sums := make([]float64, 3*out.Rect.Dx())
	for by := 0; by < out.Rect.Dy(); by++ {
		clear(sums)
		for y := by * k; y < by*k+k; y++ {
			row := m.Pix[y*m.Stride:]
			for x := 0; x < out.Rect.Dx()*k; x++ {
				p := row[4*x : 4*x+4]
				a := float64(p[3]) / 255
				for i := 0; i < 3; i++ {
					sums[3*(x/k)+i] += float64(p[i])*a + 255*(1-a)
				}
			}
		}
		for bx := 0; bx < out.Rect.Dx(); bx++ {
			o := out.PixOffset(bx, by)
			for i := 0; i < 3; i++ {
				out.Pix[o+i] = uint8(sums[3*bx+i]/float64(k*k) + 0.5)
			}
			out.Pix[o+3] = 255
		}
	}
	return out
}

// toNRGBA returns img as an *image.NRGBA at the origin (img itself when it
// is one).
func toNRGBA(img image.Image) *image.NRGBA {
	if m, ok := img.(*image.NRGBA); ok && m.Rect.Min == (image.Point{}) {
		return m
	}
	b := img.Bounds()
	m := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(m, m.Rect, img, b.Min, draw.Src)
	return m
}

// MeanDiff returns the mean absolute difference of the colour channels of
// a and b inside r (0: equal; 255: black against white), both composited on
// white.
func MeanDiff(a, b image.Image, r image.Rectangle) float64 {
	r = r.Intersect(a.Bounds()).Intersect(b.Bounds())
	if r.Empty() {
		return 0
	}
	var sum float64
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ca, cb := onWhite(a, x, y), onWhite(b, x, y)
			for i := range ca {
				d := ca[i] - cb[i]
				if d < 0 {
					d = -d
				}
				sum += d
			}
		}
	}
	return sum / float64(3*r.Dx()*r.Dy())
}

func onWhite(m image.Image, x, y int) [3]float64 {
	r, g, b, a := m.At(x, y).RGBA()
	white := float64(0xffff - a)
	return [3]float64{(float64(r) + white) / 257, (float64(g) + white) / 257, (float64(b) + white) / 257}
}

// FlipRows returns a copy of img with the rows inside r upside down (the
// rest unchanged): r = img.Bounds() mirrors the whole picture, r = the data
// area mirrors the data under unchanged axes.
func FlipRows(img image.Image, r image.Rectangle) *image.NRGBA {
	src := toNRGBA(img)
	out := image.NewNRGBA(src.Rect)
	copy(out.Pix, src.Pix)
	r = r.Sub(img.Bounds().Min).Intersect(src.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		from := r.Max.Y - 1 - (y - r.Min.Y)
		copy(out.Pix[out.PixOffset(r.Min.X, y):out.PixOffset(r.Max.X, y)], src.Pix[src.PixOffset(r.Min.X, from):src.PixOffset(r.Max.X, from)])
	}
	return out
}

// Score is how one rendering compares with the PNG export.
type Score struct {
	Renderer string
	// Diff is the mean difference from the PNG over the whole picture,
	// DataDiff over the data area.
	Diff, DataDiff float64
	// Mirrored is the mean difference from the PNG mirrored top to bottom,
	// DataMirrored from the PNG with only its data area mirrored (axes
	// unchanged).
	Mirrored, DataMirrored float64
}

func (s Score) String() string {
	return fmt.Sprintf("%s: mean difference %.2f (data %.2f); from the mirrored PNG %.2f (data mirrored under the axes: %.2f)",
		s.Renderer, s.Diff, s.DataDiff, s.Mirrored, s.DataMirrored)
}

// Compare renders file (PDF or SVG, by its extension) with every renderer
// of its format and scores each against ref, the PNG export, whose data
// area is data. When the environment variable NIMLAB_RENDER_DIR is set,
// the renders are kept there to be looked at.
func Compare(file string, ref image.Image, data image.Rectangle, dpi int) ([]Score, error) {
	format := strings.TrimPrefix(strings.ToLower(filepath.Ext(file)), ".")
	w, h := ref.Bounds().Dx(), ref.Bounds().Dy()
	// The pictures are compared in blocks of Block×Block pixels (their
	// mean colours): renderers place an image and a line to a fraction of
	// a pixel and smooth edges and letters in their own ways (poppler blurs
	// every image it does not enlarge 4 times), which says nothing about
	// whether they draw the same picture; a blur keeps a block's mean.
	half := func(m image.Image) *image.NRGBA { return Blocks(m, Block) }
	halfData := image.Rect(data.Min.X/Block, data.Min.Y/Block, data.Max.X/Block, data.Max.Y/Block)
	small := half(ref)
	mirrored := half(FlipRows(ref, ref.Bounds()))
	dataMirrored := half(FlipRows(ref, data))
	var scores []Score
	for _, r := range For(format) {
		got, err := Render(r, file, w, h, dpi)
		if err != nil {
			return nil, err
		}
		if dir := os.Getenv("NIMLAB_RENDER_DIR"); dir != "" {
			if err := savePNG(filepath.Join(dir, filepath.Base(file)+"."+r.Name+".png"), got); err != nil {
				return nil, err
			}
		}
		got = half(got)
		scores = append(scores, Score{
			Renderer:     r.Name,
			Diff:         MeanDiff(small, got, small.Rect),
			DataDiff:     MeanDiff(small, got, halfData),
			Mirrored:     MeanDiff(mirrored, got, small.Rect),
			DataMirrored: MeanDiff(dataMirrored, got, halfData),
		})
	}
	return scores, nil
}

func savePNG(path string, img image.Image) error {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// PDFText returns the text of the PDF's pages as pdftotext reads it.
func PDFText(file string) (string, error) {
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", file, "-").Output()
	return string(out), err
}

// PDFInfo returns the PDF's document information as pdfinfo reads it
// (Title, Subject, Keywords, Creator, Producer, Page size, …).
func PDFInfo(file string) (map[string]string, error) {
	out, err := exec.Command("pdfinfo", "-enc", "UTF-8", file).Output()
	if err != nil {
		return nil, err
	}
	info := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok {
			info[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	return info, nil
}

// SVGTitle returns the text of the SVG's <title> and <desc>.
func SVGTitle(b []byte) (title, desc string, err error) {
	var doc struct {
		Title string `xml:"title"`
		Desc  string `xml:"desc"`
	}
	if err := xml.Unmarshal(b, &doc); err != nil {
		return "", "", err
	}
	return doc.Title, doc.Desc, nil
}

// PNGText returns a PNG's tEXt and iTXt chunks (uncompressed) by keyword.
func PNGText(b []byte) (map[string]string, error) {
	const sig = "\x89PNG\r\n\x1a\n"
	if !bytes.HasPrefix(b, []byte(sig)) {
		return nil, errors.New("not a PNG")
	}
	text := map[string]string{}
	for p := len(sig); p+12 <= len(b); {
		n := int(binary.BigEndian.Uint32(b[p:]))
		if p+12+n > len(b) {
			return nil, errors.New("truncated PNG chunk")
		}
		kind, data := string(b[p+4:p+8]), b[p+8:p+8+n]
		switch kind {
		case "tEXt":
			if k, v, ok := bytes.Cut(data, []byte{0}); ok {
				text[string(k)] = string(v)
			}
		case "iTXt":
			// keyword NUL flag method language NUL translated NUL text
			k, rest, ok := bytes.Cut(data, []byte{0})
			if ok && len(rest) >= 2 && rest[0] == 0 {
				parts := bytes.SplitN(rest[2:], []byte{0}, 3)
				if len(parts) == 3 {
					text[string(k)] = string(parts[2])
				}
			}
		}
		p += 12 + n
	}
	return text, nil
}

// Limits of CheckFiles, in mean absolute difference of the colour channels
// (0–255) between a rendering and the PNG export, compared in Block×Block
// blocks.
const (
	// MaxMeanDiff over the whole picture. Measured: 0.1–0.7 for
	// rsvg-convert, 1–3 for Ghostscript, 2–6 for ImageMagick and pdftoppm;
	// a mirrored picture scores 17–60.
	MaxMeanDiff = 8.0
	// MaxDataDiff inside the data area (pdftoppm smooths the 1-pixel lines
	// of a dense sequence plot: 9.4).
	MaxDataDiff = 12.0
	// MirrorFactor: a rendering must be this many times farther from the
	// PNG mirrored top to bottom (wholly, or only its data under the axes,
	// as gonum's PDF canvas drew it) than from the PNG itself.
	MirrorFactor = 3.0
)

// Want is what CheckFiles expects of an exported picture.
type Want struct {
	// Title is the picture's title; drawn in one piece (no A_{p,q}
	// subscripts) it must read back from the PDF page exactly.
	Title    string
	Caption  string // the caption, drawn and in the metadata
	Command  string // the command in the metadata (or its start)
	Software string // "nimlab <version>"
	// Data is the data area in the PNG's pixels (the whole picture when
	// empty); DPI the picture's resolution.
	Data image.Rectangle
	DPI  int
}

// CheckFiles checks base.png, base.svg and base.pdf, the three exports of
// one picture: every rendering of the SVG and the PDF is close to the PNG
// and much farther from it mirrored; the title, caption, command and
// software read back from the PDF (page text and document information),
// the SVG (<title>, <desc>) and the PNG (text chunks).
func CheckFiles(t *testing.T, base string, want Want) {
	t.Helper()
	pngBytes, err := os.ReadFile(base + ".png")
	require.NoError(t, err)
	ref, err := png.Decode(bytes.NewReader(pngBytes))
	require.NoError(t, err)
	if want.Data.Empty() {
		want.Data = ref.Bounds()
	}
	for _, ext := range []string{".svg", ".pdf"} {
		scores, err := Compare(base+ext, ref, want.Data, want.DPI)
		require.NoError(t, err)
		for _, s := range scores {
			t.Log(filepath.Base(base)+ext, s)
			assert.Less(t, s.Diff, MaxMeanDiff, "%s: %s renders the picture differently", ext, s)
			assert.Less(t, s.DataDiff, MaxDataDiff, "%s: %s renders the data differently", ext, s)
			assert.Greater(t, s.Mirrored, MirrorFactor*s.Diff, "%s: %s is no closer to the PNG than to it mirrored", ext, s)
			assert.Greater(t, s.DataMirrored, MirrorFactor*s.DataDiff, "%s: %s: the data is no closer to the PNG's than to it mirrored", ext, s)
		}
	}

	info, err := PDFInfo(base + ".pdf")
	require.NoError(t, err)
	assert.Equal(t, want.Title, info["Title"], "PDF Title")
	assert.True(t, strings.HasPrefix(info["Subject"], want.Caption), "PDF Subject %q starts with the caption %q", info["Subject"], want.Caption)
	assert.Contains(t, info["Creator"], want.Software)
	assert.Contains(t, info["Creator"], want.Command)
	assert.Contains(t, info["Keywords"], "nimlab")
	text, err := PDFText(base + ".pdf")
	require.NoError(t, err)
	if !strings.Contains(want.Title, "_") {
		assert.Contains(t, Lines(text), want.Title, "the title on the PDF page, as pdftotext reads it")
	}
	assert.Contains(t, strings.Join(Lines(text), " "), want.Caption, "the caption on the PDF page")

	svg, err := os.ReadFile(base + ".svg")
	require.NoError(t, err)
	title, desc, err := SVGTitle(svg)
	require.NoError(t, err)
	assert.Equal(t, want.Title, title, "SVG <title>")
	assert.Contains(t, desc, want.Caption)
	assert.Contains(t, desc, want.Command)
	assert.Contains(t, desc, want.Software)
	assert.Contains(t, string(svg), "data:image/png;base64,", "the embedded picture is labelled PNG")

	meta, err := PNGText(pngBytes)
	require.NoError(t, err)
	assert.Equal(t, want.Title, meta["Title"], "PNG Title")
	assert.Equal(t, want.Caption, meta["Description"])
	assert.Equal(t, want.Software, meta["Software"])
	assert.Contains(t, meta["Comment"], "Command: "+want.Command)
}

// Lines are the lines of s, trimmed.
func Lines(s string) []string {
	ls := strings.Split(s, "\n")
	for i := range ls {
		ls[i] = strings.TrimSpace(ls[i])
	}
	return ls
}

// Word is a word on a PDF page and its box, in points from the top left.
type Word struct {
	Text                   string
	XMin, YMin, XMax, YMax float64
}

// PDFWords returns the words of the PDF's first page with their boxes
// (pdftotext -bbox).
func PDFWords(file string) ([]Word, error) {
	out, err := exec.Command("pdftotext", "-bbox", "-enc", "UTF-8", "-f", "1", "-l", "1", file, "-").Output()
	if err != nil {
		return nil, err
	}
	var doc struct {
		Words []struct {
			XMin float64 `xml:"xMin,attr"`
			YMin float64 `xml:"yMin,attr"`
			XMax float64 `xml:"xMax,attr"`
			YMax float64 `xml:"yMax,attr"`
			Text string  `xml:",chardata"`
		} `xml:"body>doc>page>word"`
	}
	// The XHTML has a DOCTYPE that encoding/xml need not resolve.
	d := xml.NewDecoder(bytes.NewReader(out))
	d.Strict = false
	if err := d.Decode(&doc); err != nil {
		return nil, err
	}
	words := make([]Word, len(doc.Words))
	for i, w := range doc.Words {
		words[i] = Word{Text: w.Text, XMin: w.XMin, YMin: w.YMin, XMax: w.XMax, YMax: w.YMax}
	}
	return words, nil
}

// ReadPNG decodes the PNG file at path, failing the test if it cannot.
func ReadPNG(t testing.TB, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	return img
}

// CountColour counts the pixels of exactly colour c.
func CountColour(img image.Image, c color.NRGBA) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA) == c {
				n++
			}
		}
	}
	return n
}
