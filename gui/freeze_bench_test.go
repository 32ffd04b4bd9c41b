package gui

import (
	"testing"

	"fyne.io/fyne/v2/test"
)

// BenchmarkHeapSumUIThread measures what the UI thread does for the
// heap-sum field of the Octal tab with Dawson's Kayles (0.07) computed:
// "keystroke" is one character typed into "3 5 100000|0" (the handler
// starts the debounced worker and returns), "show" is the worker's final
// update, the first lines of 117,650 winning moves and "… and 117,610
// more". docs/BENCHMARKS.md quotes both.
func BenchmarkHeapSumUIThread(b *testing.B) {
	a := test.NewTempApp(b)
	installUIQueue(b)
	u := newUI(a, false)
	o := u.octal
	for o.result == nil {
		<-testQueue.Signal()
		testQueue.Drain()
	}
	o.heaps.SetText("3 5 100000")
	b.Run("keystroke", func(b *testing.B) {
		for b.Loop() {
			test.Type(o.heaps, "0")
			b.StopTimer()
			o.heaps.SetText("3 5 100000")
			b.StartTimer()
		}
	})
	heading, lines := movesText(o.result, "3 5 1000000")
	if len(lines) != 117650 {
		b.Fatalf("%d winning moves, want 117650", len(lines))
	}
	b.Run("show", func(b *testing.B) {
		for b.Loop() {
			o.moves.Set(heading, lines)
		}
	})
	o.sumJobs.Cancel()
	o.sumJobs.Wait()
}
