package octal

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"time"
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
// compare and both streams.
type VerifyState struct {
	Period, Preperiod int
	Next              int
	Behind, Ahead     *StreamState
}

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
	var behind, ahead *Stream
	var err error
	next := n0
	if r := opts.Resume; r != nil {
		if r.Period != p || r.Preperiod != n0 {
			return nil, fmt.Errorf("the saved run verifies period %d from %d, not %d from %d", r.Period, r.Preperiod, p, n0)
		}
		next = r.Next
		if behind, err = ResumeStream(code, r.Behind, end+1); err != nil {
			return nil, err
		}
		if ahead, err = ResumeStream(code, r.Ahead, end+p+1); err != nil {
			behind.Close()
			return nil, err
		}
		// The saved windows are in the streams now: let the copies go, and
		// the memory they took with them, so that a resumed run is as small
		// as a fresh one.
		opts.Resume, r = nil, nil
		debug.FreeOSMemory()
	} else {
		so := opts.Stream
		so.OneWorker = true // the two streams take a core each
		so.Heaps = end + 1
		if behind, err = NewStream(code, so); err != nil {
			return nil, err
		}
		so.Heaps = end + p + 1
		if ahead, err = NewStream(code, so); err != nil {
			behind.Close()
			return nil, err
		}
	}
	defer behind.Close()
	defer ahead.Close()
	round := opts.Round
	if round <= 0 {
		round = behind.Window() / 4
	}
	round = min(round, behind.Window()/2)
	every := opts.CheckpointEvery
	if every <= 0 {
		every = time.Minute
	}
	total := int64(end) + int64(end+p)
	start, lastSave := time.Now(), time.Now()
	startHeaps := int64(behind.Len() + ahead.Len())
	state := func() *VerifyState {
		return &VerifyState{Period: p, Preperiod: n0, Next: next, Behind: behind.State(), Ahead: ahead.State()}
	}
	save := func() error {
		if opts.Checkpoint == nil {
			return nil
		}
		lastSave = time.Now()
		return opts.Checkpoint(state())
	}
	result := func() *VerifyResult {
		return &VerifyResult{Code: code, Period: p, Preperiod: n0, Mismatch: -1, Compared: next - n0,
			Heaps: int64(behind.Len() + ahead.Len()), Space: behind.Space(), Rare: behind.Rare(),
			MaxValue: max(behind.MaxValue(), ahead.MaxValue()), First: behind.First(), Window: behind.Window()}
	}
	for next < end {
		c := min(round, end-next)
		wantB, wantA := next+c, next+p+c // the lengths that let heaps next..next+c−1 be compared
		var errB, errA error
		var wg sync.WaitGroup
		if behind.Len() < wantB {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errB = behind.Extend(ctx, min(wantB, behind.Len()+round)-1, nil)
			}()
		}
		if ahead.Len() < wantA {
			errA = ahead.Extend(ctx, min(wantA, ahead.Len()+round)-1, nil)
		}
		wg.Wait()
		if err := errors.Join(errB, errA); err != nil {
			if ctx.Err() != nil {
				// A round cut short leaves the streams exact: save them.
				if cerr := save(); cerr != nil {
					return nil, errors.Join(err, cerr)
				}
			}
			return nil, err
		}
		if behind.Len() >= wantB && ahead.Len() >= wantA {
			x, y := behind.Kept(next, next+c), ahead.Kept(next+p, next+p+c)
			if x == nil || y == nil {
				return nil, fmt.Errorf("internal: heaps %d..%d are not in the streams' windows", next, next+c-1)
			}
			if d := firstMismatch(x, y); d >= 0 {
				next += d
				r := result()
				r.Mismatch, r.Value, r.Ahead = next, x[d], y[d]
				return r, nil
			}
			next += c
		}
		if opts.Progress != nil {
			heaps := int64(behind.Len() + ahead.Len())
			rt := rate(int(heaps-startHeaps), start)
			vp := VerifyProgress{Compared: next - n0, ToCompare: end - n0, Heaps: heaps, TotalHeaps: total, Rate: rt}
			if rt > 0 {
				vp.ETA = time.Duration(float64(total-heaps) / rt * float64(time.Second))
			}
			opts.Progress(vp)
		}
		if time.Since(lastSave) >= every {
			if err := save(); err != nil {
				return nil, err
			}
		}
		if err := ctx.Err(); err != nil {
			if cerr := save(); cerr != nil {
				return nil, errors.Join(err, cerr)
			}
			return nil, err
		}
	}
	r := result()
	r.Proven = true
	return r, nil
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
