package widgets

import (
	"context"
	"sync"
	"time"

	"fyne.io/fyne/v2"
)

// JobRunner runs one background job at a time for a screen: starting a new
// job cancels the one before it, and a cancelled job's late results are
// dropped, because each job's UI updates check its generation on the UI
// thread before touching a widget.
type JobRunner struct {
	mu     sync.Mutex
	gen    int
	cancel context.CancelFunc
	// wg counts running jobs so that tests (and shutdown) can wait for them.
	wg sync.WaitGroup
	// hold, when set, stops the next job update on its worker (see
	// HoldNextUpdate).
	hold *Hold
}

// Hold keeps a job's worker inside its next JobHandle.Update: Reached is
// closed when the worker gets there, and Release lets it go on. A test
// that cancels a job holds it first, so that the job is provably still
// running when Cancel is pressed, whatever the machine's speed.
type Hold struct {
	Reached chan struct{}
	release chan struct{}
}

// Release lets the held worker go on.
func (h *Hold) Release() { close(h.release) }

// HoldNextUpdate makes the next Update of a job of r wait for the returned
// hold's Release.
func (r *JobRunner) HoldNextUpdate() *Hold {
	h := &Hold{Reached: make(chan struct{}), release: make(chan struct{})}
	r.mu.Lock()
	r.hold = h
	r.mu.Unlock()
	return h
}

// JobHandle is what a running job uses to talk to the UI.
type JobHandle struct {
	r   *JobRunner
	gen int
	// do is the hand-over to the UI thread in force when the job started:
	// a job that outlives its test must not hand its updates to fyne.Do
	// (which Fyne's test driver runs at once on the worker's goroutine)
	// while the next test builds its window.
	do func(func())
}

// Start cancels any running job and runs work in a new goroutine. work
// must send every widget update through h.Update (which uses fyne.Do).
func (r *JobRunner) Start(work func(ctx context.Context, h JobHandle)) {
	r.mu.Lock()
	if r.cancel != nil {
		r.cancel()
	}
	r.gen++
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	h := JobHandle{r: r, gen: r.gen, do: CurrentUIDo()}
	r.wg.Add(1)
	r.mu.Unlock()
	go func() {
		defer r.wg.Done()
		defer cancel()
		work(ctx, h)
	}()
}

// Cancel stops the running job, if any.
func (r *JobRunner) Cancel() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cancel != nil {
		r.cancel()
	}
}

// Wait blocks until every started job has returned.
func (r *JobRunner) Wait() { r.wg.Wait() }

// Generation is how many jobs have been started, so that a caller (or a
// test) can tell whether an action started one.
func (r *JobRunner) Generation() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.gen
}

// current reports whether h is still the newest job.
func (h JobHandle) current() bool {
	h.r.mu.Lock()
	defer h.r.mu.Unlock()
	return h.gen == h.r.gen
}

// uiHandOver is the hand-over to the UI thread in force: fyne.Do, or a
// test's queue. Workers of an earlier test may still read it while the next
// test installs its queue, hence the lock.
var uiHandOver = struct {
	mu sync.RWMutex
	do func(func())
}{do: fyne.Do}

// UIDo hands fn to the UI thread through the hand-over in force: fyne.Do,
// unless a test has installed a queue that the test goroutine drains
// (SetUIDo), so that the test goroutine plays the UI thread as the real
// driver's main loop does (Fyne's test driver would run fn at once on the
// worker's goroutine).
func UIDo(fn func()) { CurrentUIDo()(fn) }

// CurrentUIDo returns the hand-over in force now, for work that must use
// it later (a timer that fires after its test has ended must not run on the
// next test's queue).
func CurrentUIDo() func(func()) {
	uiHandOver.mu.RLock()
	defer uiHandOver.mu.RUnlock()
	return uiHandOver.do
}

// SetUIDo replaces the hand-over to the UI thread and returns the one it
// replaces. Tests use it to install their queue.
func SetUIDo(do func(func())) (old func(func())) {
	uiHandOver.mu.Lock()
	defer uiHandOver.mu.Unlock()
	old, uiHandOver.do = uiHandOver.do, do
	return old
}

// Update runs fn on the UI thread, unless a newer job has replaced this one.
func (h JobHandle) Update(fn func()) {
	h.r.mu.Lock()
	hold := h.r.hold
	h.r.hold = nil
	h.r.mu.Unlock()
	if hold != nil {
		close(hold.Reached)
		<-hold.release
	}
	h.do(func() {
		if h.current() {
			timeUpdate(fn)
		}
	})
}

// updateStats records how long worker updates ran on the UI thread (the
// UI-latency probe reports them).
var updateStats struct {
	mu    sync.Mutex
	count int
	max   time.Duration
	total time.Duration
}

// UpdateStats returns how many worker updates ran on the UI thread, the
// longest and their total time.
func UpdateStats() (count int, longest, total time.Duration) {
	updateStats.mu.Lock()
	defer updateStats.mu.Unlock()
	return updateStats.count, updateStats.max, updateStats.total
}

// timeUpdate runs fn and records its duration.
func timeUpdate(fn func()) {
	t0 := time.Now()
	fn()
	d := time.Since(t0)
	updateStats.mu.Lock()
	updateStats.count++
	updateStats.total += d
	updateStats.max = max(updateStats.max, d)
	updateStats.mu.Unlock()
}

// Finish runs fn on the UI thread as the job's final update. A superseded
// job's fn is dropped.
func (h JobHandle) Finish(fn func()) {
	h.do(func() {
		if !h.current() {
			return
		}
		timeUpdate(fn)
	})
}
