package widgets

import (
	"testing"

	"github.com/nimlab/nimlab/gui/internal/uitest"
)

// testQueue holds the functions workers hand to the UI thread; the test
// goroutine runs them (in waitJobs, waitUntil), as the real main loop would.
var testQueue *uitest.Queue

// installUIQueue routes UIDo through testQueue for the rest of the test.
func installUIQueue(t testing.TB) { testQueue = uitest.Install(t, SetUIDo) }

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

// drawnTexts are the texts of every canvas.Text and label drawn under o.
var drawnTexts = uitest.DrawnTexts
