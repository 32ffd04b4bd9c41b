package main

import (
	"encoding/json"
	"image"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/plotting/rendercheck"
)

func TestOctalPNGWritesTheSequencePlot(t *testing.T) {
	path := filepath.Join(t.TempDir(), "seq.png")
	status, out, errOut := runCLI(t, "octal", "0.07", "--png", path, "--width", "1280", "--height", "720", "--dpi", "150", "--json")
	require.Equal(t, exitOK, status, errOut)
	var r map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &r), "stdout stays one JSON object")
	assert.Equal(t, 34.0, r["period"])
	img := rendercheck.ReadPNG(t, path)
	assert.Equal(t, image.Rect(0, 0, 1280, 720), img.Bounds())
	// The certified preperiod is marked: a vertical line of the preperiod
	// colour most of the data height tall.
	assert.Greater(t, rendercheck.CountColour(img, plotting.PreperiodColour), 300)

	for _, name := range []string{"viridis", "uniform"} { // uniform: viridis's old name
		status, out, errOut = runCLI(t, "octal", "0.07", "--png", path, "--palette", name)
		require.Equal(t, exitOK, status, errOut)
		assert.Contains(t, out, "picture: "+path+" (1920×1080)")
		img = rendercheck.ReadPNG(t, path)
		assert.Equal(t, image.Rect(0, 0, 1920, 1080), img.Bounds())
		assert.Greater(t, rendercheck.CountColour(img, plotting.Viridis.Colour(9, 9)), 10, "%s: the value 9 is drawn in viridis's last colour (yellow)", name)
		assert.Greater(t, rendercheck.CountColour(img, plotting.Viridis.Colour(0, 9)), 10, "%s: the value 0 in its first (dark violet)", name)
		assert.Zero(t, rendercheck.CountColour(img, plotting.Rainbow.Colour(0, 9)), "%s: no rainbow red", name)
	}
}

func TestOctalPNGWithoutAPeriodMarksNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "seq.png")
	status, _, errOut := runCLI(t, "octal", "0.007", "--n", "300", "--png", path)
	require.Equal(t, exitOK, status, errOut)
	assert.Zero(t, rendercheck.CountColour(rendercheck.ReadPNG(t, path), plotting.PreperiodColour))
}

func TestOctalPNGBadInput(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--width", "800"}, "nimlab: --width only applies to a picture: add --png FILE\n"},
		{[]string{"--png", ""}, "nimlab: --png was given an empty value; accepted: write the sequence plot (preperiod marked, period shaded) to FILE: PNG, SVG or PDF by FILE's extension (.png, .svg, .pdf)\n"},
		{[]string{"--png", "x.png", "--width", "wide"}, "nimlab: --width must be a number of pixels such as 1920 or a printed length such as 85mm, got \"wide\"\n"},
		{[]string{"--png", "x.png", "--height", "50"}, "nimlab: --height 50 is out of range; accepted: 200 to 16384 pixels\n"},
		{[]string{"--png", "x.png", "--dpi", "0"}, "nimlab: --dpi 0 is out of range; accepted: 10 to 2400\n"},
		{[]string{"--png", "x.png", "--palette", "jet"}, "nimlab: --palette: unknown palette \"jet\"; accepted: rainbow, viridis, cividis, grey, qualitative\n"},
	} {
		args := append([]string{"octal", "0.07"}, c.args...)
		status, out, errOut := runCLI(t, args...)
		assert.Equal(t, exitUsage, status, "%v", c.args)
		assert.Equal(t, c.msg, errOut, "%v", c.args)
		assert.Empty(t, out)
	}
	// Treblecross reaches values beyond the 12 qualitative colours.
	status, _, errOut := runCLI(t, "octal", "0.007", "--n", "400", "--png", filepath.Join(dir, "q.png"), "--palette", "qualitative")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, `palette "qualitative" has 12 colours`)
	// A missing folder is found before the work: bad input.
	status, _, errOut = runCLI(t, "octal", "0.07", "--png", filepath.Join(dir, "no", "x.png"))
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "does not exist")
}
