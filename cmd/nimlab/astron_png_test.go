package main

import (
	"context"
	"encoding/json"
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/plotting/rendercheck"
	"github.com/nimlab/nimlab/solver/astron"
)

func TestAstronTablePutsTheFirstStarAcross(t *testing.T) {
	g := astron.Grid{Stars: 2, N: 1, Rows: [][]uint16{{0, 1}, {2, 3}}}
	tb := astronTable(g)
	assert.Equal(t, 2, tb.At(1, 0), "p = 1, q = 0")
	assert.Equal(t, 1, tb.At(0, 1), "p = 0, q = 1")
}

func TestAstronHeatmapPNGCellsAreTheNimbers(t *testing.T) {
	r, err := (&astronFlags{octal: "0.07", join: "0.04"}).rules()
	require.NoError(t, err)
	g, err := astron.BuildGrid(context.Background(), r, 2, 60, 0, nil)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "astron.png")
	req := pngRequest{File: path, Size: plotting.Size{Width: 1000, Height: 800, DPI: 96}, Palette: plotting.Viridis}
	require.NoError(t, writeAstronHeatmapPNG(req, g, r))
	img := rendercheck.ReadPNG(t, path)
	require.Equal(t, image.Rect(0, 0, 1000, 800), img.Bounds())
	// Every nimber's colour is in the picture, with at least as many pixels
	// as it has cells (cells are whole, square pixel blocks).
	counts := map[int]int{}
	for _, row := range g.Rows {
		for _, v := range row {
			counts[int(v)]++
		}
	}
	for v, n := range counts {
		assert.GreaterOrEqual(t, rendercheck.CountColour(img, plotting.Viridis.Colour(v, g.Max())), n, "nimber %d", v)
	}
}

// TestAstronHeatmapPreview draws Figure 2.7 (0 ≤ p, q ≤ 800) to
// $PLOTTING_PREVIEW_DIR when that is set, for a person to look at.
func TestAstronHeatmapPreview(t *testing.T) {
	dir := os.Getenv("PLOTTING_PREVIEW_DIR")
	if dir == "" {
		t.Skip("PLOTTING_PREVIEW_DIR is not set")
	}
	r, err := (&astronFlags{octal: "0.07", join: "0.04"}).rules()
	require.NoError(t, err)
	g, err := astron.BuildGrid(context.Background(), r, 2, 800, 0, nil)
	require.NoError(t, err)
	for _, pal := range plotting.Palettes {
		if pal.MaxColours > 0 {
			continue
		}
		req := pngRequest{File: filepath.Join(dir, "astron-800-"+pal.Name+".png"), Size: plotting.DefaultSize, Palette: pal}
		require.NoError(t, writeAstronHeatmapPNG(req, g, r))
	}
}

func TestAstronTablePNGFlag(t *testing.T) {
	path := filepath.Join(t.TempDir(), "astron.png")
	status, out, errOut := runCLI(t, "astron", "table", "--size", "40", "--png", path, "--width", "900", "--height", "700", "--json")
	require.Equal(t, exitOK, status, errOut)
	var rep struct {
		PNG       string     `json:"png"`
		MaxNimber int        `json:"max_nimber"`
		Table     [][]uint16 `json:"table"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, path, rep.PNG)
	img := rendercheck.ReadPNG(t, path)
	require.Equal(t, image.Rect(0, 0, 900, 700), img.Bounds())
	counts := map[int]int{}
	for _, row := range rep.Table {
		for _, v := range row {
			counts[int(v)]++
		}
	}
	for v, n := range counts {
		assert.GreaterOrEqual(t, rendercheck.CountColour(img, plotting.Rainbow.Colour(v, rep.MaxNimber)), n, "nimber %d has its cells", v)
	}

	status, out, errOut = runCLI(t, "astron", "table", "--size", "10", "--png", path)
	require.Equal(t, exitOK, status, errOut)
	assert.Regexp(t, `^wrote .*astron\.png: G\(A_\{p,q\}\) for 0 ≤ p, q ≤ 10 \(Astron\), largest nimber \d+\n$`, out, "a one-line summary instead of the table")
}

func TestAstronTablePNGBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--size", "10", "--dpi", "300"}, "nimlab: --dpi only applies to a picture: add --png FILE\n"},
		{[]string{"--size", "10", "--png", "x.png", "--palette", "jet"}, "nimlab: --palette: unknown palette \"jet\"; accepted: rainbow, viridis, cividis, grey, qualitative\n"},
		{[]string{"--size", "10", "--png", "x.png", "--width", "99999"}, "nimlab: --width 99999 is out of range; accepted: 200 to 16384 pixels\n"},
	} {
		status, out, errOut := runCLI(t, append([]string{"astron", "table"}, c.args...)...)
		assert.Equal(t, exitUsage, status, "%v", c.args)
		assert.Equal(t, c.msg, errOut, "%v", c.args)
		assert.Empty(t, out)
	}
	status, _, errOut := runCLI(t, "astron", "table", "--size", "40", "--png", filepath.Join(t.TempDir(), "q.png"), "--palette", "qualitative")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, `palette "qualitative" has 12 colours`)
}
