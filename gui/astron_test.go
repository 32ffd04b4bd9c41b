package gui

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/plotting/rendercheck"
	"github.com/nimlab/nimlab/solver/astron"
)

// astronBrute computes G(A_pos) from the rules of Definition 2.1.3 alone:
// join two stars p, q into one of p+q−2 points, or split a star p ≥ 2 into
// a + b = p − 2 with the other stars shared between the two sides in any
// way (the result is the sum of the two sides).
type astronBrute map[string]int

func (m astronBrute) g(pos []int) int {
	var p []int
	for _, x := range pos {
		if x > 0 {
			p = append(p, x)
		}
	}
	slices.Sort(p)
	key := fmt.Sprint(p)
	if v, ok := m[key]; ok {
		return v
	}
	seen := map[int]bool{}
	for i := range p {
		for j := i + 1; j < len(p); j++ {
			rest := []int{p[i] + p[j] - 2}
			for k := range p {
				if k != i && k != j {
					rest = append(rest, p[k])
				}
			}
			seen[m.g(rest)] = true
		}
		if p[i] < 2 {
			continue
		}
		var others []int
		for k := range p {
			if k != i {
				others = append(others, p[k])
			}
		}
		for a := 0; a <= p[i]-2; a++ {
			b := p[i] - 2 - a
			for mask := 0; mask < 1<<len(others); mask++ {
				s1, s2 := []int{a}, []int{b}
				for k, o := range others {
					if mask>>k&1 == 1 {
						s1 = append(s1, o)
					} else {
						s2 = append(s2, o)
					}
				}
				seen[m.g(s1)^m.g(s2)] = true
			}
		}
	}
	v := 0
	for seen[v] {
		v++
	}
	m[key] = v
	return v
}

func TestAstronBruteIsDawsonsKayles(t *testing.T) {
	// One star is Dawson's Kayles (the thesis): check the brute force itself
	// against Table 1.1 before trusting it below.
	b := astronBrute{}
	for n, want := range dawsonTable11[0] {
		assert.Equal(t, want, b.g([]int{n}), "A_%d", n)
	}
}

func TestAstronEvaluate(t *testing.T) {
	u := newTestUI(t)
	a := u.astron
	b := astronBrute{}
	for _, stars := range [][]int{{3, 5}, {2, 3, 4}, {4, 4}, {1, 1, 6}, {7}} {
		a.stars.SetText("")
		test.Type(a.stars, strings.Trim(fmt.Sprint(stars), "[]"))
		test.Tap(a.eval.Action)
		waitJobs(t, a.eval)
		require.NotNil(t, a.lastEval)
		want := b.g(stars)
		assert.Equal(t, want, a.lastEval.Nimber, "%v", stars)
		assert.Contains(t, a.analysis.Text(), fmt.Sprintf(") = %d: ", want))
		if want == 0 {
			assert.Contains(t, a.analysis.Text(), "P-position")
		} else {
			assert.Contains(t, a.analysis.Text(), "N-position")
			assert.Contains(t, a.analysis.Text(), "•", "winning moves in words")
		}
	}
	assert.Equal(t, []string{"7", "1 1 6", "4 4", "2 3 4", "3 5"}, u.recent(prefRecentConfigs), "newest first")
	assert.Equal(t, u.recent(prefRecentConfigs), a.recent.Options)
	a.recent.SetSelected("3 5")
	waitJobs(t, a.eval)
	assert.Equal(t, "3 5", a.stars.Text)
	assert.Contains(t, a.analysis.Text(), fmt.Sprintf("G(A(3, 5)) = %d", b.g([]int{3, 5})))
}

func TestAstronBadInput(t *testing.T) {
	u := newTestUI(t)
	a := u.astron
	gen := a.eval.Generation()
	a.stars.SetText("3 x")
	test.Tap(a.eval.Action)
	assert.True(t, a.starsErr.Visible())
	assert.Contains(t, a.starsErr.Text, `"x" is not a star size`)
	assert.Equal(t, gen, a.eval.Generation(), "no job started")
	hgen := a.jobs.Generation()
	a.size.SetText("1")
	test.Tap(a.jobs.Action)
	assert.True(t, a.sizeErr.Visible())
	assert.Contains(t, a.sizeErr.Text, "size N must be")
	assert.Equal(t, hgen, a.jobs.Generation(), "no job started")
}

func TestAstronHeatmapFirstShowAndHover(t *testing.T) {
	u := newTestUI(t)
	a := u.astron
	assert.Equal(t, 0, a.jobs.Generation(), "nothing computed before the tab is shown")
	for _, ti := range u.tabs.Items {
		if ti.Text == tabAstron {
			u.tabs.Select(ti)
		}
	}
	assert.Equal(t, 1, a.jobs.Generation(), "first show starts the heatmap")
	waitJobs(t, a.jobs)
	require.Equal(t, defaultAstron2+1, a.grid.Cols)
	h0 := a.heatmap
	b := astronBrute{}
	for p := 0; p <= 9; p++ {
		for q := 0; q <= 9; q++ {
			require.Equal(t, b.g([]int{p, q}), a.grid.At(p, q), "A(%d, %d)", p, q)
		}
	}
	// Theorem 2.2.3 of the thesis: two stars have period 34. (The preperiod
	// is the solver's business and its findings; the tab shows what it
	// computed, in both conventions.)
	require.NotNil(t, a.period)
	assert.Equal(t, 34, a.period.Period)
	assert.Contains(t, a.summary.Text, fmt.Sprintf("2-star bulb: period 34, preperiod %d (the thesis' π = %d)", a.period.Preperiod, a.period.Preperiod-1))
	assert.True(t, h0.Overlay(), "the overlay is on by default")
	// Hover over a known cell.
	h := h0
	h.Resize(fyne.NewSize(801, 801)) // one unit per cell
	h.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(5.5, 801-3.5)}})
	assert.Equal(t, fmt.Sprintf("A(5, 3) = %d", b.g([]int{5, 3})), a.readout.Text())
	// Export through the plotting package.
	data, err := a.heatmapPNG()
	require.NoError(t, err)
	img, err := png.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	assert.Equal(t, 1500, img.Bounds().Dx())
	a.palette.SetSelected("grey")
	assert.Equal(t, "grey", u.prefs.String(prefPalette))
	// Every palette of the pictures is offered; cividis (colour-blind
	// safe) colours the heatmap and its export.
	assert.Equal(t, plotting.PaletteNames(), a.palette.Options)
	a.palette.SetSelected("cividis")
	assert.Equal(t, "cividis", u.prefs.String(prefPalette))
	data, err = a.heatmapPNG()
	require.NoError(t, err)
	img, err = png.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	maxV := 0
	for _, v := range a.grid.Values {
		maxV = max(maxV, v)
	}
	assert.Greater(t, rendercheck.CountColour(img, plotting.Cividis.Colour(0, maxV)), 100, "the P-positions (0) in cividis's dark blue")
	assert.Greater(t, rendercheck.CountColour(img, plotting.Cividis.Colour(maxV, maxV)), 0, "the largest value in cividis's yellow")
	assert.Zero(t, rendercheck.CountColour(img, plotting.Viridis.Colour(0, maxV)), "no viridis violet for 0")

	// The overlay is white on cividis (its many small values are dark
	// blue), black on the rainbow, as plotting.OverlayColour chooses from
	// the cells' colours; the window's view and its exports draw it alike.
	white, black := color.NRGBA{255, 255, 255, 255}, color.NRGBA{0, 0, 0, 255}
	for _, c := range []struct {
		palette string
		want    color.NRGBA
	}{{"cividis", white}, {"rainbow", black}} {
		a.palette.SetSelected(c.palette)
		pal, err := plotting.PaletteByName(c.palette)
		require.NoError(t, err)
		require.Equal(t, c.want, plotting.OverlayColour(pal.Colours(maxV), a.grid.Values), c.palette)
		assert.Equal(t, c.want, h.OverlayColour(), "%s: on screen", c.palette)
		// The preperiod lines span the table: they add hundreds of pixels
		// in the overlay's colour to the export, in the full picture and
		// in the view's.
		lines := func(export func() image.Image) int {
			a.overlay.SetChecked(false)
			off := rendercheck.CountColour(export(), c.want)
			a.overlay.SetChecked(true)
			return rendercheck.CountColour(export(), c.want) - off
		}
		full := func() image.Image {
			data, err := a.heatmapPNG()
			require.NoError(t, err)
			img, err := png.Decode(bytes.NewReader(data))
			require.NoError(t, err)
			return img
		}
		view := func() image.Image {
			fig, err := a.hm.viewFigure(plotting.Size{Width: 1500, Height: 1300, DPI: 96})
			require.NoError(t, err)
			return fig.Image
		}
		assert.Greater(t, lines(full), 1000, "%s: the exported picture's overlay", c.palette)
		assert.Greater(t, lines(view), 1000, "%s: the exported view's overlay", c.palette)
	}
}

func TestAstronThreeStarSlices(t *testing.T) {
	u := newTestUI(t)
	a := u.astron
	a.mode.SetSelected(astronThree) // sets N = 160 and starts
	a.size.SetText("24")
	test.Tap(a.jobs.Action) // a new job cancels the running one
	waitJobs(t, a.jobs)
	require.NotNil(t, a.table3)
	assert.Equal(t, 24, a.table3.N)
	assert.True(t, a.sliderBox.Visible())
	// On a projector the slider goes above the heatmap (the column of
	// controls has no room for it above the palette), and back.
	u.SetPresentation(true)
	assert.Same(t, a.sliderBox, a.sliderAbove.Objects[0])
	assert.True(t, a.sliderAbove.Visible() && !a.sliderLeft.Visible() && a.sliderBox.Visible())
	u.SetPresentation(false)
	assert.Same(t, a.sliderBox, a.sliderLeft.Objects[0])
	assert.True(t, a.sliderLeft.Visible() && !a.sliderAbove.Visible() && a.sliderBox.Visible())
	a.slider.SetValue(5)
	b := astronBrute{}
	for p := 0; p <= 6; p++ {
		for q := 0; q <= 6; q++ {
			require.Equal(t, b.g([]int{p, q, 5}), a.grid.At(p, q), "A(%d, %d, 5)", p, q)
		}
	}
	assert.Equal(t, "r = 5", a.sliceLbl.Text)
	sliceMax := 1
	for _, v := range a.grid.Values {
		sliceMax = max(sliceMax, v)
	}
	assert.Equal(t, sliceMax, a.heatmap.ColourMax(), "by default a slice is coloured on its own scale")
	a.hm.scale.SetSelected(scaleCube)
	assert.Equal(t, a.table3.Max(), a.heatmap.ColourMax(), "or on the cube's, so that slices compare")
	// The tab finds the three-star period from its own cube; it must agree
	// with the solver's one-call BulbPeriod.
	rep, err := astron.BulbPeriod(context.Background(), astron.AstronRules(), 3, 24, nil)
	require.NoError(t, err)
	require.NotNil(t, a.period)
	assert.Equal(t, rep.Period, *a.period)
}

func TestAstronEvaluateCancel(t *testing.T) {
	u := newTestUI(t)
	a := u.astron
	// Five stars of this size take the memoised recursion many seconds.
	a.stars.SetText("20 21 22 23 24")
	release := holdJob(t, &a.eval.JobRunner, func() { test.Tap(a.eval.Action) })
	assert.False(t, a.eval.CancelButton.Disabled())
	test.Tap(a.eval.CancelButton)
	release()
	waitJobs(t, a.eval)
	assert.Equal(t, "cancelled", a.eval.Status.Text)
	assert.True(t, a.eval.CancelButton.Disabled())
	assert.Nil(t, a.lastEval)
}

func TestAstronCancel(t *testing.T) {
	u := newTestUI(t)
	a := u.astron
	a.mode.SetSelected(astronThree)
	a.size.SetText("400") // the largest cube: many seconds
	release := holdJob(t, &a.jobs.JobRunner, func() { test.Tap(a.jobs.Action) })
	test.Tap(a.jobs.CancelButton)
	release()
	waitJobs(t, a.jobs)
	assert.Equal(t, "cancelled", a.jobs.Status.Text)
	assert.Nil(t, a.table3)
}

// TestScreenMathHasNoRawTeX: what the window shows of Astron positions and
// lines is plain text, not TeX.
func TestScreenMathHasNoRawTeX(t *testing.T) {
	assert.Equal(t, "G(A(1, 1, n)), n = 0..30", screenMath("G(A_{1,1,n}), n = 0..30"))
	assert.Equal(t, "A(584, 481) and A(618, 481)", screenMath("A_{584,481} and A_{618,481}"))
	assert.Equal(t, "split the 7 into 2 + 3 with {5} beside the 3", screenMath("split the 7 into 2 + 3 with {5} beside the 3"))
	pos, err := astron.NewPosition(7, 3, 5)
	require.NoError(t, err)
	assert.Equal(t, "(3, 5, 7)", posText(pos))
}

// TestAstronInputErrorsAreSeenOnAProjector enters a size of 10^6 and a
// star of 12 digits on a 1024×768 projector, with the column of controls
// scrolled to its top: the inline error that says why nothing starts is
// scrolled into view. The size's error, under Compute, was below the
// bottom of the screen: Return seemed to do nothing. Its text names the
// game with its capital, A(p, q) ("a(p, q)" before).
func TestAstronInputErrorsAreSeenOnAProjector(t *testing.T) {
	u := newProjectorUI(t, fyne.NewSize(1024, 768), true, tabAstron)
	a := u.astron
	waitJobs(t, a.jobs)
	settle(u)
	a.leftScroll.ScrollToTop()
	a.size.SetText("1000000")
	a.size.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	settle(u)
	require.True(t, a.sizeErr.Visible())
	assert.Equal(t, "size N must be a whole number from 2 to 6000 for two stars A(p, q)", a.sizeErr.Text)
	assertOnScreen(t, u.win.Canvas(), a.sizeErr)
	a.size.SetText("800")
	a.sizeErr.Set("")
	a.leftScroll.ScrollToBottom()
	a.stars.SetText("999999999999 3")
	a.stars.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	settle(u)
	require.True(t, a.starsErr.Visible())
	assert.Contains(t, a.starsErr.Text, `"999999999999" is not a star size`)
	assertOnScreen(t, u.win.Canvas(), a.starsErr)
}
