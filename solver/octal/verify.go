package octal

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"time"

	"github.com/nimlab/nimlab/solver/valuestore"
)

// VerifyPeriod checks a claimed period p from preperiod n0 in constant
// memory: two streams, one p heaps ahead of the other, compare G(n+p) with
// G(n) for every n from n0 up to the end of the Guy–Smith window
// (CertificateLength(n0, p, k) values). Equal all the way proves the
// period; the first n where they differ refutes the claim there.
//
// The streams run on both cores, a round of heaps at a time; between rounds
// the state of both (their windows and the next heap to compare) can be
// saved, and a run resumed from it ends with the identical result, since
// every value is exact.

// VerifyOptions configures VerifyPeriod.
type VerifyOptions struct {
	Period, Preperiod int
	// Stream sets the windows of both streams (see StreamOptions).
	Stream StreamOptions
	// Round is how many heaps each stream computes between two looks at
	// ctx, progress and checkpoints; 0 means a quarter of the last window.
	Round int
	// Progress, if set, is called after every round.
	Progress func(VerifyProgress)
	// Resume, if set, continues a run saved by Checkpoint.
	Resume *VerifyState
	// Checkpoint, if set, is called with the state of the run about every
	// CheckpointEvery (0 means a minute) and when ctx ends the run. The
	// state's values belong to the streams: write them before returning.
	Checkpoint      func(*VerifyState) error
	CheckpointEvery time.Duration
}

// VerifyProgress reports how far a verification has got.
type VerifyProgress struct {
	Compared, ToCompare int     // heaps n compared so far, of all
	Heaps, TotalHeaps   int64   // values computed by both streams, of all
	Rate                float64 // values per second (both streams) in this session
	ETA                 time.Duration
}

// VerifyState is a verification between two rounds: the next heap to
// compare and both streams (the record of valuestore's verification
// checkpoints).
type VerifyState = valuestore.VerifyState

// VerifyResult is the outcome of VerifyPeriod.
type VerifyResult struct {
	Code              Code
	Period, Preperiod int
	// Proven is true when G(n+p) = G(n) for every n in the window: the
	// Guy–Smith theorem then proves the period for all heaps.
	Proven bool
	// Mismatch is the first heap n ≥ Preperiod with G(n) ≠ G(n+p) (when
	// not Proven), with Value = G(n) and Ahead = G(n+p).
	Mismatch      int
	Value, Ahead  uint16
	Compared      int   // heaps n compared
	Heaps         int64 // values computed by both streams, over all sessions
	Space         Space
	Rare          []int
	MaxValue      int
	First, Window int
}

// verifyEnd returns the first heap not compared: G(n+p) = G(n) is needed
// for n < CertificateLength(n0, p, k) − p.
func verifyEnd(code Code, p, n0 int) int { return CertificateLength(n0, p, code.K()) - p }

// VerifyPeriod runs the verification (see above).
func VerifyPeriod(ctx context.Context, code Code, opts VerifyOptions) (*VerifyResult, error) {
	p, n0 := opts.Period, opts.Preperiod
	if p < 1 || n0 < 0 {
		return nil, fmt.Errorf("a period is at least 1 and a preperiod at least 0 (got %d and %d)", p, n0)
	}
	end := verifyEnd(code, p, n0)
	if end+p > StreamMaxHeaps {
		return nil, fmt.Errorf("the window of period %d from %d needs %d heaps, more than a stream computes (%d)", p, n0, end+p, int64(StreamMaxHeaps))
	}
	v := &verification{code: code, opts: opts, p: p, n0: n0, end: end, next: n0}
	if err := v.openStreams(); err != nil {
		return nil, err
	}
	defer v.behind.Close()
	defer v.ahead.Close()
	return v.run(ctx)
}

// verification is one run of VerifyPeriod: the claim, its two streams and
// the next heap n to compare.
type verification struct {
	code          Code
	opts          VerifyOptions
	p, n0, end    int
	next          int
	behind, ahead *Stream
	round         int
	every         time.Duration
	total         int64
	start         time.Time
	lastSave      time.Time
	startHeaps    int64
}

// openStreams starts both streams, or resumes them from opts.Resume.
func (v *verification) openStreams() error {
	code, p, err := v.code, v.p, error(nil)
	if r := v.opts.Resume; r != nil {
		if r.Period != p || r.Preperiod != v.n0 {
			return fmt.Errorf("the saved run verifies period %d from %d, not %d from %d", r.Period, r.Preperiod, p, v.n0)
		}
		v.next = r.Next
		if v.behind, err = ResumeStream(code, r.Behind, v.end+1); err != nil {
			return err
		}
		if v.ahead, err = ResumeStream(code, r.Ahead, v.end+p+1); err != nil {
			v.behind.Close()
			return err
		}
		// The saved windows are in the streams now: let the copies go, and
		// the memory they took with them, so that a resumed run is as small
		// as a fresh one.
		v.opts.Resume = nil
		debug.FreeOSMemory()
		return nil
	}
	so := v.opts.Stream
	so.OneWorker = true // the two streams take a core each
	so.Heaps = v.end + 1
	if v.behind, err = NewStream(code, so); err != nil {
		return err
	}
	so.Heaps = v.end + p + 1
	if v.ahead, err = NewStream(code, so); err != nil {
		v.behind.Close()
		return err
	}
	return nil
}

// run compares round after round until the window is done, a heap differs
// or ctx ends.
func (v *verification) run(ctx context.Context) (*VerifyResult, error) {
	v.round = v.opts.Round
	if v.round <= 0 {
		v.round = v.behind.Window() / 4
	}
	v.round = min(v.round, v.behind.Window()/2)
	v.every = v.opts.CheckpointEvery
	if v.every <= 0 {
		v.every = time.Minute
	}
	v.total = int64(v.end) + int64(v.end+v.p)
	v.start, v.lastSave = time.Now(), time.Now()
	v.startHeaps = int64(v.behind.Len() + v.ahead.Len())
	for v.next < v.end {
		if r, err := v.step(ctx); r != nil || err != nil {
			return r, err
		}
		v.report()
		if time.Since(v.lastSave) >= v.every {
			if err := v.save(); err != nil {
				return nil, err
			}
		}
		if err := ctx.Err(); err != nil {
			return nil, v.stopped(err)
		}
	}
	r := v.result()
	r.Proven = true
	return r, nil
}

// step extends both streams by a round and compares the heaps both then
// hold: it returns the result when a heap differs.
func (v *verification) step(ctx context.Context) (*VerifyResult, error) {
	behind, ahead, next, p := v.behind, v.ahead, v.next, v.p
	c := min(v.round, v.end-next)
	wantB, wantA := next+c, next+p+c // the lengths that let heaps next..next+c−1 be compared
	var errB, errA error
	var wg sync.WaitGroup
	if behind.Len() < wantB {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errB = behind.Extend(ctx, min(wantB, behind.Len()+v.round)-1, nil)
		}()
	}
	if ahead.Len() < wantA {
		errA = ahead.Extend(ctx, min(wantA, ahead.Len()+v.round)-1, nil)
	}
	wg.Wait()
	if err := errors.Join(errB, errA); err != nil {
		if ctx.Err() != nil {
			// A round cut short leaves the streams exact: save them.
			return nil, v.stopped(err)
		}
		return nil, err
	}
	if behind.Len() < wantB || ahead.Len() < wantA {
		return nil, nil
	}
	x, y := behind.Kept(next, next+c), ahead.Kept(next+p, next+p+c)
	if x == nil || y == nil {
		return nil, fmt.Errorf("internal: heaps %d..%d are not in the streams' windows", next, next+c-1)
	}
	if d := firstMismatch(x, y); d >= 0 {
		v.next += d
		r := v.result()
		r.Mismatch, r.Value, r.Ahead = v.next, x[d], y[d]
		return r, nil
	}
	v.next += c
	return nil, nil
}

// report calls opts.Progress, if set.
func (v *verification) report() {
	if v.opts.Progress == nil {
		return
	}
	heaps := int64(v.behind.Len() + v.ahead.Len())
	rt := rate(int(heaps-v.startHeaps), v.start)
	vp := VerifyProgress{Compared: v.next - v.n0, ToCompare: v.end - v.n0, Heaps: heaps, TotalHeaps: v.total, Rate: rt}
	if rt > 0 {
		vp.ETA = time.Duration(float64(v.total-heaps) / rt * float64(time.Second))
	}
	v.opts.Progress(vp)
}

// save hands the state to opts.Checkpoint, if set.
func (v *verification) save() error {
	if v.opts.Checkpoint == nil {
		return nil
	}
	v.lastSave = time.Now()
	return v.opts.Checkpoint(&VerifyState{Period: v.p, Preperiod: v.n0, Next: v.next, Behind: v.behind.State(), Ahead: v.ahead.State()})
}

// stopped saves the run that ctx ended and returns why it stopped.
func (v *verification) stopped(err error) error {
	if cerr := v.save(); cerr != nil {
		return errors.Join(err, cerr)
	}
	return err
}

func (v *verification) result() *VerifyResult {
	behind, ahead := v.behind, v.ahead
	return &VerifyResult{Code: v.code, Period: v.p, Preperiod: v.n0, Mismatch: -1, Compared: v.next - v.n0,
		Heaps: int64(behind.Len() + ahead.Len()), Space: behind.Space(), Rare: behind.Rare(),
		MaxValue: max(behind.MaxValue(), ahead.MaxValue()), First: behind.First(), Window: behind.Window()}
}

// firstMismatch returns the first i with x[i] ≠ y[i] (len(x) = len(y)), or −1.
func firstMismatch(x, y []uint16) int {
	for i := range x {
		if x[i] != y[i] {
			return i
		}
	}
	return -1
}
