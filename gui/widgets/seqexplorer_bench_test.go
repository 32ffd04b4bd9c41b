package widgets

import (
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/nimlab/nimlab/plotting"
)

// explorerBenchValues is 3·10^7 values shaped like an octal game's: common
// values 1..63 (odd under mask 1) and one heap in a thousand with a rare
// (even) value.
func explorerBenchValues() []uint16 {
	rng := rand.New(rand.NewPCG(7, 7))
	v := make([]uint16, 30_000_000)
	for i := range v {
		if rng.IntN(1000) == 0 {
			v[i] = uint16(2 * rng.IntN(32))
		} else {
			v[i] = uint16(2*rng.IntN(32) + 1)
		}
	}
	return v
}

// BenchmarkExplorerRedraw measures one redraw of the sequence explorer's
// data area (1600×800 pixels, the full-HD window's plot) and its labels
// after a zoom or pan step, over 3·10^7 values: the cost the UI thread pays
// per wheel notch or drag event. The pyramid is built once, as the explorer
// builds it in the background.
//
//	go test -tags migrated_fynedo -run '^$' -bench ExplorerRedraw -benchtime 50x ./gui
func BenchmarkExplorerRedraw(b *testing.B) {
	vals := explorerBenchValues()
	test.NewTempApp(b)
	e := NewSequenceExplorer()
	e.pyr = plotting.NewSequencePyramid(vals)
	e.data = SequenceData{Values: vals, Period: 1000, Preperiod: 10_061_916}
	e.mask = 1
	e.fit = true
	e.fitLocked()
	e.Resize(fyne.NewSize(1700, 900))
	e.labelsLocked(e.Size())
	centre := e.layout.data.Add(fyne.NewPos(e.layout.size.Width/2, 10))
	for _, c := range []struct {
		name string
		step func(i int)
	}{
		{"whole", func(int) { e.ResetView() }},
		{"zoom", func(i int) {
			// In and out by turns, from the whole sequence down to ~10^3 heaps.
			f := 1.25
			if (i/40)%2 == 1 {
				f = 1 / f
			}
			e.zoomAt(centre, f)
		}},
		{"pan", func(i int) {
			if i == 0 {
				e.SetVisibleRange(1e7, 1.3e7)
			}
			dx := float32(37)
			if (i/50)%2 == 1 {
				dx = -dx
			}
			e.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: dx}})
		}},
		{"difference", func(i int) {
			if i == 0 {
				e.mis = plotting.NewMismatches(vals, 1000, 0)
				e.mode = ExploreDifference
				e.SetVisibleRange(0, 3e7)
			}
			e.zoomAt(centre, 1.0001)
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			i := 0
			cpu0 := processCPU()
			for b.Loop() {
				c.step(i)
				i++
				e.mu.Lock()
				e.labelsLocked(e.Size())
				e.renderLocked(1600, 800)
				e.mu.Unlock()
			}
			// CPU time as well as wall time: on a shared machine the wall
			// time includes waiting for a core.
			b.ReportMetric(float64(processCPU()-cpu0)/1e6/float64(b.N), "cpu-ms/op")
		})
	}
}

// BenchmarkSequencePyramid measures building the pyramid of 3·10^7 values
// (done once per result, in the background).
func BenchmarkSequencePyramid(b *testing.B) {
	vals := explorerBenchValues()
	for b.Loop() {
		plotting.NewSequencePyramid(vals)
	}
}

// processCPU is the user and system CPU time the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
