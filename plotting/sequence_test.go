package plotting

import (
	"context"
	"image/color"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

func solveOctal(t testing.TB, code string, n int) *octal.Result {
	t.Helper()
	cTB, err := takebreak.Parse(code)
	c := octal.NewCode(cTB)
	require.NoError(t, err)
	res, err := octal.Solve(context.Background(), c, octal.SolveOptions{N: n})
	require.NoError(t, err)
	return res
}

// sequenceOf returns the solver's values with its period, for plotting.
func sequenceOf(t testing.TB, code string, n int) Sequence {
	res := solveOctal(t, code, n)
	require.True(t, res.Certified, "%s up to %d", code, n)
	return Sequence{Name: code, Values: res.Values, Period: res.Period.Period, Preperiod: res.Period.Preperiod}
}

// runsOf returns the [start, end) pixel runs of colour col along row y.
func runsOf(fig *Figure, y int, col color.NRGBA) [][2]int {
	var runs [][2]int
	for x := fig.Image.Rect.Min.X; x < fig.Image.Rect.Max.X; x++ {
		if at(fig, x, y) != col {
			continue
		}
		if len(runs) > 0 && runs[len(runs)-1][1] == x {
			runs[len(runs)-1][1]++
		} else {
			runs = append(runs, [2]int{x, x + 1})
		}
	}
	return runs
}

func TestSequencePreperiodLineIsWhereTheSolverSays(t *testing.T) {
	seq := sequenceOf(t, "0.07", 400)
	require.Equal(t, 34, seq.Period)
	require.Equal(t, 53, seq.Preperiod)
	for _, opts := range []SequenceOptions{
		{},
		{Style: Points},
		{LogX: true, PeriodGrid: true},
		{Size: Size{Width: 800, Height: 500, DPI: 200}},
	} {
		fig, err := SequencePlot(seq, opts)
		require.NoError(t, err)
		// The line runs the full height, hidden only where a value is
		// drawn over it: look along every row below the legend.
		var runs [][2]int
		rows := 0
		for y := fig.Data.Min.Y + fig.Data.Dy()/3; y < fig.Data.Max.Y; y++ {
			r := runsOf(fig, y, PreperiodColour)
			if len(r) == 0 {
				continue
			}
			require.Len(t, r, 1, "%+v: one preperiod line on row %d", opts, y)
			if runs == nil {
				runs = r
			}
			// A value drawn over the line may hide part of its width.
			runs[0][0] = min(runs[0][0], r[0][0])
			runs[0][1] = max(runs[0][1], r[0][1])
			rows++
		}
		require.LessOrEqual(t, runs[0][1]-runs[0][0], 3, "%+v: the line is straight and thin", opts)
		require.Greater(t, rows, fig.Data.Dy()/2, "%+v: the line is visible", opts)
		centre := float64(runs[0][0]+runs[0][1]) / 2
		assert.InDelta(t, fig.PixelX(53), centre, 1, "%+v: the line is at heap 53", opts)
		// Independently of the Figure's mapping: on a linear axis heap 53
		// starts 53/N of the way across the data area.
		if !opts.LogX {
			want := float64(fig.Data.Min.X) + 53.0/float64(len(seq.Values))*float64(fig.Data.Dx())
			assert.InDelta(t, want, centre, 1, "%+v", opts)
		}
		// The periodic part right of the line is shaded, the rest is not.
		mid := fig.Data.Min.Y + fig.Data.Dy()/2
		shadeRuns := runsOf(fig, mid, periodicShade)
		require.NotEmpty(t, shadeRuns)
		assert.GreaterOrEqual(t, shadeRuns[0][0], runs[0][0], "%+v: nothing left of the preperiod is shaded", opts)
		for x := fig.Data.Min.X; x < runs[0][0]; x++ {
			assert.NotEqual(t, periodicShade, at(fig, x, mid))
		}
	}
}

func TestSequenceStepsFollowTheValues(t *testing.T) {
	seq := sequenceOf(t, "0.07", 200)
	fig, err := SequencePlot(seq, SequenceOptions{})
	require.NoError(t, err)
	lw := newStyle(DefaultSize).line
	// Each heap is ~8 pixels wide here; in the middle of heap n the step
	// is drawn at the row of G(n) and at no other row away from risers.
	for n, v := range seq.Values {
		x := int(fig.PixelX(float64(n) + 0.5))
		y := int(math.Floor(fig.PixelY(float64(v))))
		assert.Equal(t, valueColour, at(fig, x, y), "heap %d, G = %d", n, v)
		for _, other := range []int{int(v) + 1, int(v) - 1} {
			if other < 0 {
				continue
			}
			yo := int(math.Floor(fig.PixelY(float64(other))))
			assert.NotEqual(t, valueColour, at(fig, x, yo), "heap %d has no value %d", n, other)
		}
	}
	assert.Equal(t, 3.0, lw)
}

func TestSequencePointsMarkEveryValue(t *testing.T) {
	seq := sequenceOf(t, "0.07", 180)
	for _, pal := range []Palette{{}, Rainbow} {
		fig, err := SequencePlot(seq, SequenceOptions{Style: Points, Palette: pal})
		require.NoError(t, err)
		for n, v := range seq.Values {
			x := int(fig.PixelX(float64(n)))
			y := int(fig.PixelY(float64(v)))
			want := valueColour
			if pal.Name != "" {
				want = pal.Colour(int(v), 9)
			}
			// The dot is antialiased at its rim but solid at its centre.
			assert.Equal(t, want, at(fig, x, y), "%s: heap %d, G = %d", pal.Name, n, v)
		}
	}
}

// TestSequenceDecimationLosesNothing plots 3·10^6 values (0.07 extended by
// its certified period, plus single spikes) and checks that every pixel
// column reaches the largest value under it, so a lone value is never lost.
func TestSequenceDecimationLosesNothing(t *testing.T) {
	vals := longSequence(t, 3_000_000)
	spikes := map[int]uint16{1_234_567: 14, 2_999_999: 12, 777: 13}
	for n, v := range spikes {
		vals[n] = v
	}
	for _, opts := range []SequenceOptions{{}, {Style: Points}, {LogX: true}} {
		fig, err := SequencePlot(Sequence{Name: "0.07+spikes", Values: vals}, opts)
		require.NoError(t, err)
		for n, v := range spikes {
			x := int(fig.PixelX(float64(n) + 0.5))
			if opts.Style == Points {
				x = int(fig.PixelX(float64(n)))
			}
			y := int(math.Floor(fig.PixelY(float64(v))))
			assert.Equal(t, valueColour, at(fig, x, y), "%+v: spike G(%d) = %d is drawn", opts, n, v)
			// Nothing else in the data reaches that high.
			assert.NotEqual(t, valueColour, at(fig, x+20, y), "%+v: column beside the spike", opts)
		}
	}
}

// longSequence returns G(0..n−1) for 0.07: computed by the solver up to its
// certificate, then continued by the period the solver proved.
func longSequence(t testing.TB, n int) []uint16 {
	seq := sequenceOf(t, "0.07", 300)
	vals := make([]uint16, n)
	copy(vals, seq.Values)
	for i := len(seq.Values); i < n; i++ {
		vals[i] = vals[i-seq.Period]
	}
	return vals
}

func TestSequenceRejectsBadInput(t *testing.T) {
	_, err := SequencePlot(Sequence{}, SequenceOptions{})
	assert.ErrorContains(t, err, "no values")
	_, err = SequencePlot(Sequence{Values: []uint16{0}}, SequenceOptions{LogX: true})
	assert.ErrorContains(t, err, "at least 2 values")
	_, err = SequencePlot(Sequence{Values: []uint16{0, 1}}, SequenceOptions{Size: Size{Width: 1920, Height: 1080, DPI: 5000}})
	assert.ErrorContains(t, err, "dpi 5000 is out of range; accepted: 10 to 2400")
	_, err = SequencePlot(Sequence{Values: []uint16{0, 13}}, SequenceOptions{Style: Points, Palette: Qualitative})
	assert.ErrorContains(t, err, `palette "qualitative" has 12 colours but the values run from 0 to 13`)
}

func TestSequenceWithoutPeriodMarksNothing(t *testing.T) {
	res := solveOctal(t, "0.007", 500) // Treblecross: no period in sight
	require.False(t, res.Certified)
	fig, err := SequencePlot(Sequence{Name: "0.007", Values: res.Values}, SequenceOptions{})
	require.NoError(t, err)
	for y := fig.Data.Min.Y; y < fig.Data.Max.Y; y += 7 {
		assert.Empty(t, runsOf(fig, y, PreperiodColour))
		assert.Empty(t, runsOf(fig, y, periodicShade))
	}
}

func TestSequencePreview(t *testing.T) {
	seq := sequenceOf(t, "0.07", 400)
	for _, c := range []struct {
		name string
		opts SequenceOptions
	}{
		{"seq-steps.png", SequenceOptions{PeriodGrid: true}},
		{"seq-points.png", SequenceOptions{Style: Points}},
		{"seq-points-rainbow.png", SequenceOptions{Style: Points, Palette: Rainbow, LogX: true}},
		{"seq-log.png", SequenceOptions{LogX: true, PeriodGrid: true}},
	} {
		fig, err := SequencePlot(seq, c.opts)
		require.NoError(t, err)
		savePreview(t, fig, c.name)
	}
	fig, err := SequencePlot(Sequence{Name: "0.07", Values: longSequence(t, 3_000_000), Period: 34, Preperiod: 53}, SequenceOptions{LogX: true})
	require.NoError(t, err)
	savePreview(t, fig, "seq-3e6-log.png")
	fig, err = SequencePlot(Sequence{Name: "0.07", Values: longSequence(t, 3_000_000), Period: 34, Preperiod: 53}, SequenceOptions{})
	require.NoError(t, err)
	savePreview(t, fig, "seq-3e6.png")
}

// TestTickMarksLineUpWithTheData checks that gonum's tick marks, drawn below
// the data area, sit at the pixel the Figure maps their value to: the axes
// and the pixels drawn by plotting agree, on linear and logarithmic axes.
func TestTickMarksLineUpWithTheData(t *testing.T) {
	seq := sequenceOf(t, "0.07", 400)
	black := color.NRGBA{A: 255}
	below := func(fig *Figure) int { return fig.Data.Max.Y + 3 + 4 } // past the 3-pixel frame
	for _, c := range []struct {
		opts  SequenceOptions
		ticks []float64
	}{
		{SequenceOptions{}, []float64{0, 100, 200, 300, 400}},
		{SequenceOptions{LogX: true}, []float64{1, 10, 100, 20, 300}},
	} {
		fig, err := SequencePlot(seq, c.opts)
		require.NoError(t, err)
		for _, v := range c.ticks {
			x := int(math.Floor(fig.PixelX(v)))
			hit := at(fig, x, below(fig)) == black || at(fig, x-1, below(fig)) == black
			assert.True(t, hit, "%+v: tick %v at x=%d", c.opts, v, x)
		}
		// And nothing black halfway between two ticks.
		mid := int(fig.PixelX(c.ticks[0])+fig.PixelX(c.ticks[1])) / 2
		if !c.opts.LogX {
			assert.NotEqual(t, black, at(fig, mid+3, below(fig)))
		}
	}
	// Heatmap ticks sit at cell centres.
	tb := nimSumTable(64)
	fig, err := Heatmap(tb, HeatmapOptions{})
	require.NoError(t, err)
	cw := fig.Data.Dx() / tb.Cols
	for _, p := range []int{0, 10, 20, 30, 40, 50, 60} {
		x := fig.Data.Min.X + p*cw + cw/2
		hit := at(fig, x, below(fig)) == black || at(fig, x-1, below(fig)) == black
		assert.True(t, hit, "heatmap tick %d at the centre of its cell (x=%d)", p, x)
	}
}
