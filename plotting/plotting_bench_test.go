package plotting

import (
	"context"
	"io"
	"testing"

	"github.com/nimlab/nimlab/solver/astron"
)

// BenchmarkHeatmap801PNG draws Figure 2.7, the Astron two-star table
// G(A_{p,q}) for 0 ≤ p, q ≤ 800 (801×801 cells), with axes, colour bar and
// the period overlays at 1920×1080 and encodes it as PNG. Goal: ≤ 300 ms.
func BenchmarkHeatmap801PNG(b *testing.B) {
	g, err := astron.BuildGrid(context.Background(), astron.AstronRules(), 2, 800, 0, nil)
	if err != nil {
		b.Fatal(err)
	}
	tb := Table{Cols: 801, Rows: 801, Values: make([]int, 801*801)}
	for p, row := range g.Rows {
		for q, v := range row {
			tb.Values[q*801+p] = int(v)
		}
	}
	// The thesis' two-star period: 34 from π + 1 = 584 on.
	opts := HeatmapOptions{Title: "Astron: nimbers of two stars p, q", XLabel: "p", YLabel: "q", PeriodicFrom: 584, Period: 34}
	b.ResetTimer()
	for b.Loop() {
		fig, err := Heatmap(tb, opts)
		if err != nil {
			b.Fatal(err)
		}
		if err := fig.EncodePNG(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSequence3e6PNG plots 3·10^6 Grundy values at 1920×1080 and
// encodes the PNG. Goal: ≤ 1 s.
func BenchmarkSequence3e6PNG(b *testing.B) {
	seq := Sequence{Name: "0.07", Values: longSequence(b, 3_000_000), Period: 34, Preperiod: 53}
	for _, c := range []struct {
		name string
		opts SequenceOptions
	}{
		{"steps", SequenceOptions{PeriodGrid: true}},
		{"points", SequenceOptions{Style: Points}},
		{"logx", SequenceOptions{LogX: true}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				fig, err := SequencePlot(seq, c.opts)
				if err != nil {
					b.Fatal(err)
				}
				if err := fig.EncodePNG(io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSequence1e7 draws 10^7 values (no PNG encoding): the decimation
// itself.
func BenchmarkSequence1e7(b *testing.B) {
	seq := Sequence{Name: "0.07", Values: longSequence(b, 10_000_000), Period: 34, Preperiod: 53}
	for b.Loop() {
		if _, err := SequencePlot(seq, SequenceOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHistogram3e6PNG counts and draws 3·10^6 values.
func BenchmarkHistogram3e6PNG(b *testing.B) {
	vals := longSequence(b, 3_000_000)
	for b.Loop() {
		fig, err := Histogram(vals, HistogramOptions{Rare: RareByMask(1)})
		if err != nil {
			b.Fatal(err)
		}
		if err := fig.EncodePNG(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
