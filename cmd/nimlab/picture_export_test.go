package main

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/plotting/rendercheck"
)

// TestPicturesRenderAlike exports the sequence plot, the Astron heatmap,
// the misère quotient orders and a game graph with --png FILE.{png,svg,pdf} and checks,
// with poppler, Ghostscript, librsvg and ImageMagick, that the SVG and the
// PDF render the PNG's picture (not mirrored), and that the title, caption,
// command and version read back from each file.
func TestPicturesRenderAlike(t *testing.T) {
	rendercheck.Require(t, rendercheck.Programs...)
	dir := t.TempDir()
	cases := []struct {
		name  string
		args  []string
		title string
	}{
		{"octal", []string{"octal", "0.07", "--n", "300"}, "Grundy values of 0.07 (Dawson's Kayles)"},
		{"astron", []string{"astron", "table", "--size", "12"}, "Astron: nimbers of two stars p, q (0 ≤ p, q ≤ 12)"},
		{"misere", []string{"misere", "0.07", "--max", "20"}, "Partial misère quotients of 0.07"},
		{"graph", []string{"graph", "--plate", "1,2", "--n", "10"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := append(c.args, "--width", "480", "--height", "320")
			base := filepath.Join(dir, c.name)
			for _, ext := range []string{".png", ".svg", ".pdf"} {
				status, _, errOut := runCLI(t, append(args, "--png", base+ext)...)
				require.Equal(t, 0, status, errOut)
			}
			b, err := os.ReadFile(base + ".png")
			require.NoError(t, err)
			meta, err := rendercheck.PNGText(b)
			require.NoError(t, err)
			caption := meta["Description"]
			title := c.title
			if title == "" {
				title = caption // a picture without a title is named by its caption
			}
			assert.Contains(t, caption, "nimlab "+plotting.Version, "the caption names the version")
			assert.Regexp(t, `0–\d+|0 ≤ p, q ≤ 12|\d+ vertices`, caption, "the caption names the range")
			rendercheck.CheckFiles(t, base, rendercheck.Want{
				Title: title, Caption: caption, Software: "nimlab " + plotting.Version,
				Command: "nimlab " + strings.Join(args, " ") + " --png " + base, DPI: 96,
			})
		})
	}
}

// TestPrintedSize asks for pictures at a journal's column width: the PDF
// page is that wide, the tick labels are about 8 points high, and the PNG
// has the pixels of 300 dpi.
func TestPrintedSize(t *testing.T) {
	rendercheck.Require(t, "pdfinfo", "pdftotext")
	dir := t.TempDir()
	const mm = 72 / 25.4 // points
	cases := []struct {
		args         []string
		wantW, wantH float64 // points
	}{
		{[]string{"octal", "0.07", "--width", "85mm"}, 85 * mm, 85 * mm * 1080 / 1920},
		{[]string{"astron", "table", "--size", "30", "--width", "85mm", "--height", "80mm"}, 85 * mm, 80 * mm},
		{[]string{"misere", "0.07", "--max", "20", "--width", "3.35in", "--height", "170pt"}, 3.35 * 72, 170},
	}
	for i, c := range cases {
		path := filepath.Join(dir, strconv.Itoa(i)+".pdf")
		status, _, errOut := runCLI(t, append(c.args, "--png", path)...)
		require.Equal(t, 0, status, errOut)
		info, err := rendercheck.PDFInfo(path)
		require.NoError(t, err)
		var w, h float64
		_, err = fmt.Sscanf(info["Page size"], "%g x %g pts", &w, &h)
		require.NoError(t, err, info["Page size"])
		assert.InDelta(t, c.wantW, w, 0.5, "%v: page width", c.args)
		assert.InDelta(t, c.wantH, h, 0.5, "%v: page height", c.args)
		words, err := rendercheck.PDFWords(path)
		require.NoError(t, err)
		ticks := 0
		for _, wd := range words {
			if _, err := strconv.Atoi(wd.Text); err == nil && len(wd.Text) <= 3 {
				// A number's box is the font's ascent to descent: about
				// 1.16 times its size in DejaVu Sans.
				assert.InDelta(t, 8*1.16, wd.YMax-wd.YMin, 1.2, "%v: tick label %q is %.1f pt high", c.args, wd.Text, wd.YMax-wd.YMin)
				ticks++
			}
		}
		assert.Greater(t, ticks, 3, "%v: tick labels found", c.args)
	}

	// The PNG at a printed size: 300 dpi.
	path := filepath.Join(dir, "col.png")
	status, _, errOut := runCLI(t, "octal", "0.07", "--width", "85mm", "--png", path)
	require.Equal(t, 0, status, errOut)
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	assert.Equal(t, 1004, img.Bounds().Dx(), "85 mm at 300 dpi")

	for _, bad := range []string{"85furlongs", "-3mm", "mm", "0pt"} {
		status, _, errOut := runCLI(t, "octal", "0.07", "--width", bad, "--png", filepath.Join(dir, "x.pdf"))
		assert.Equal(t, 2, status, bad)
		assert.Contains(t, errOut, "--width", bad)
	}
}
