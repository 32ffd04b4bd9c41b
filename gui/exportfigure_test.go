package gui

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/plotting/rendercheck"
)

// exportThrough taps button with the file dialog answered by base+ext, for
// each of PNG, SVG and PDF, and waits for each file to be written.
func exportThrough(t *testing.T, button fyne.Tappable, base string) {
	t.Helper()
	done := make(chan error, 1)
	exported = func(_ string, err error) { done <- err }
	t.Cleanup(func() { exported = nil })
	old := chooseExportPath
	t.Cleanup(func() { chooseExportPath = old })
	for _, ext := range []string{".png", ".svg", ".pdf"} {
		chooseExportPath = func(_ *ui, _ string, save func(string)) { save(base + ext) }
		test.Tap(button)
		select {
		case err := <-done:
			require.NoError(t, err, ext)
		case <-time.After(60 * time.Second):
			t.Fatalf("the %s export did not finish within 60 s", ext)
		}
	}
}

// TestWindowExportsRenderAlike exports the Astron heatmap (in the viridis
// palette chosen in the window), the octal sequence explorer's view and the
// game graph's drawing through their Export buttons as PNG, SVG and PDF, and checks them as the
// CLI's pictures are checked: poppler, Ghostscript, librsvg and ImageMagick
// draw the PNG's picture, not mirrored, and the title, caption, window
// command and version read back from every file.
func TestWindowExportsRenderAlike(t *testing.T) {
	rendercheck.Require(t, rendercheck.Programs...)
	dir := t.TempDir()
	u := newTestUI(t)

	a := u.astron
	for _, ti := range u.tabs.Items {
		if ti.Text == tabAstron {
			u.tabs.Select(ti)
		}
	}
	waitJobs(t, a.jobs)
	a.heatmap.Resize(fyne.NewSize(400, 400))
	a.palette.SetSelected("viridis")
	base := filepath.Join(dir, "astron")
	exportThrough(t, a.view.Export, base)
	checkWindowExport(t, base, "nimlab window, Astron tab")
	img := rendercheck.ReadPNG(t, base+".png")
	maxV := 0
	for _, v := range a.grid.Values {
		maxV = max(maxV, v)
	}
	assert.Greater(t, rendercheck.CountColour(img, plotting.Viridis.Colour(0, maxV)), 100, "the P-positions (0) in viridis's dark violet")
	assert.Zero(t, rendercheck.CountColour(img, plotting.Rainbow.Colour(0, maxV)), "no rainbow red for 0")

	o := u.octal
	require.NotNil(t, o.result)
	base = filepath.Join(dir, "octal")
	exportThrough(t, o.explorer.view.Export, base)
	checkWindowExport(t, base, "nimlab window, sequence explorer")

	g := u.graph
	waitJobs(t, &g.jobs)
	g.view.Resize(fyne.NewSize(800, 500))
	base = filepath.Join(dir, "graph")
	exportThrough(t, g.export, base)
	checkWindowExport(t, base, "nimlab window, Graph tab")
}

// checkWindowExport runs rendercheck.CheckFiles on a picture exported from
// the window: its title and caption as the PNG records them (their
// content is the window's business), the command naming the window.
func checkWindowExport(t *testing.T, base, command string) {
	t.Helper()
	b, err := os.ReadFile(base + ".png")
	require.NoError(t, err)
	meta, err := rendercheck.PNGText(b)
	require.NoError(t, err)
	require.NotEmpty(t, meta["Title"])
	assert.Contains(t, meta["Description"], "nimlab "+plotting.Version)
	rendercheck.CheckFiles(t, base, rendercheck.Want{Title: meta["Title"], Caption: meta["Description"],
		Command: command, Software: "nimlab " + plotting.Version, DPI: 96})
}
