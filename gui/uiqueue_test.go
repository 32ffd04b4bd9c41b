package gui

import (
	"testing"

	"github.com/nimlab/nimlab/gui/internal/uitest"
	"github.com/nimlab/nimlab/gui/widgets"
)

// testQueue holds the functions workers hand to the UI thread; the test
// goroutine runs them (in waitJobs, waitUntil), as the real main loop would.
var testQueue *uitest.Queue

// installUIQueue routes widgets.UIDo through testQueue for the rest of the test.
func installUIQueue(t testing.TB) { testQueue = uitest.Install(t, widgets.SetUIDo) }

// waitJobs waits for every job of r to return, running the UI updates
// they send on the test goroutine meanwhile and after.
func waitJobs(t *testing.T, r uitest.Waiter) {
	t.Helper()
	testQueue.WaitJobs(t, r)
}

// waitUntil runs the workers' UI updates until cond holds (at most 60 s).
func waitUntil(t *testing.T, cond func() bool) {
	t.Helper()
	testQueue.WaitUntil(t, cond)
}

// children are the objects an object draws.
var children = uitest.Children

// drawnTexts are the texts of every canvas.Text and label drawn under o.
var drawnTexts = uitest.DrawnTexts

// holdJob runs start, which starts a job of r, and returns once the job's
// worker is held at its first progress update — the job is then provably
// still running, however fast the machine — with the function that lets
// the worker go on. The UI updates queued meanwhile run on the way.
func holdJob(t *testing.T, r *widgets.JobRunner, start func()) (release func()) {
	t.Helper()
	hold := r.HoldNextUpdate()
	start()
	waitUntil(t, func() bool {
		select {
		case <-hold.Reached:
			return true
		default:
			return false
		}
	})
	return hold.Release
}
