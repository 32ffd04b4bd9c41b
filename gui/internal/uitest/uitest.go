// Package uitest plays the UI thread in tests of the window's widgets.
//
// Fyne's test driver runs fyne.Do at once on the calling goroutine, so a
// background job's widget updates would race with the test. Install routes
// the hand-over through a Queue instead, and the test goroutine runs the
// queued updates while it waits (WaitJobs, WaitUntil), as the real driver's
// main loop does.
package uitest

import (
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// Queue collects the functions workers hand to the UI thread.
type Queue struct {
	mu     sync.Mutex
	fns    []func()
	signal chan struct{}
}

// Install makes a new queue's Push the package's hand-over to the UI thread
// (set replaces it and returns the one it replaced) for the rest of the
// test, and returns the queue.
func Install(t testing.TB, set func(func(func())) func(func())) *Queue {
	q := &Queue{signal: make(chan struct{}, 1)}
	old := set(q.Push)
	t.Cleanup(func() { set(old) })
	return q
}

// Push queues fn for the UI thread.
func (q *Queue) Push(fn func()) {
	q.mu.Lock()
	q.fns = append(q.fns, fn)
	q.mu.Unlock()
	select {
	case q.signal <- struct{}{}:
	default:
	}
}

// Drain runs every queued function, including those queued meanwhile.
func (q *Queue) Drain() {
	for {
		q.mu.Lock()
		fns := q.fns
		q.fns = nil
		q.mu.Unlock()
		if len(fns) == 0 {
			return
		}
		for _, fn := range fns {
			fn()
		}
	}
}

// Signal receives when functions have been queued.
func (q *Queue) Signal() <-chan struct{} { return q.signal }

// Waiter is a job runner that can wait for its jobs.
type Waiter interface{ Wait() }

// WaitJobs waits for every job of r to return, running the UI updates
// they send on the test goroutine meanwhile and after.
func (q *Queue) WaitJobs(t testing.TB, r Waiter) {
	t.Helper()
	done := make(chan struct{})
	go func() { r.Wait(); close(done) }()
	timeout := time.After(60 * time.Second)
	for {
		select {
		case <-q.signal:
			q.Drain()
		case <-done:
			q.Drain()
			return
		case <-timeout:
			t.Fatal("the background job did not finish within 60 s")
		}
	}
}

// WaitUntil runs the workers' UI updates until cond holds (at most 60 s).
// cond is checked after every batch of updates, so it sees each state the
// UI thread would.
func (q *Queue) WaitUntil(t testing.TB, cond func() bool) {
	t.Helper()
	timeout := time.After(60 * time.Second)
	for !cond() {
		select {
		case <-q.signal:
			q.Drain()
		case <-time.After(10 * time.Millisecond):
		case <-timeout:
			t.Fatal("the condition did not hold within 60 s")
		}
	}
}

// Children are the objects an object draws: a container's objects, a
// widget's renderer's objects.
func Children(o fyne.CanvasObject) []fyne.CanvasObject {
	switch x := o.(type) {
	case *fyne.Container:
		return x.Objects
	case fyne.Widget:
		return test.WidgetRenderer(x).Objects()
	}
	return nil
}

// DrawnTexts are the texts of every canvas.Text and label drawn under o.
func DrawnTexts(o fyne.CanvasObject) []string {
	var out []string
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *canvas.Text:
			out = append(out, x.Text)
		case *widget.Label:
			out = append(out, x.Text)
			return
		}
		for _, c := range Children(o) {
			walk(c)
		}
	}
	walk(o)
	return out
}
