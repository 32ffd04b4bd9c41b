package plotting

import (
	"context"
	"testing"

	"github.com/nimlab/nimlab/solver/octal"
)

func solveOctal(t testing.TB, code string, n int) *octal.Result {
	t.Helper()
	c, err := octal.ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	res, err := octal.Solve(context.Background(), c, octal.SolveOptions{N: n})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestSequencePreview(t *testing.T) {
	res := solveOctal(t, "0.07", 400)
	seq := Sequence{Name: "0.07", Values: res.Values, Period: res.Period.Period, Preperiod: res.Period.Preperiod}
	for _, c := range []struct {
		name string
		opts SequenceOptions
	}{
		{"seq-steps.png", SequenceOptions{PeriodGrid: true}},
		{"seq-points.png", SequenceOptions{Style: Points}},
		{"seq-log.png", SequenceOptions{LogX: true, PeriodGrid: true}},
	} {
		fig, err := SequencePlot(seq, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		savePreview(t, fig, c.name)
	}
}

func TestHistogramPreview(t *testing.T) {
	res := solveOctal(t, "0.007", 3000)
	for _, c := range []struct {
		name string
		opts HistogramOptions
	}{
		{"hist.png", HistogramOptions{}},
		{"hist-rare.png", HistogramOptions{Rare: OddParity(0x11), LogY: true}},
	} {
		fig, err := Histogram(res.Values, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		savePreview(t, fig, c.name)
	}
}
