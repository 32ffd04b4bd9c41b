package octal

import (
	"context"
	"runtime"
	"time"
)

// DenseOrSparse returns an Extender for one run of one game that computes
// with the sparse engine or the dense one (Dense), whichever is faster on
// it: the games with a sparse space need a scan of their few rare heaps a
// heap, the others a scan of every split, where Dense's one pass is cheaper
// than the sparse engine's scans. From 2^13 values on, and again each time
// the run has grown fourfold, it computes one step with the other engine
// and keeps the one that took less CPU time a heap (the sparse engine runs
// on one core here: a census runs one game a core). Both are exact, so the choice
// changes the time only. Games that are not plain octal codes go to the
// engine Solve would pick (ExtendValues).
//
// The Extender keeps its engines between calls; give each run its own.
func DenseOrSparse() Extender {
	e := &denseOrSparse{nextTrial: denseFirstTrial}
	return e.extend
}

// denseFirstTrial is the first number of values at which DenseOrSparse
// times both engines: below it every game takes milliseconds.
const denseFirstTrial = 1 << 13

type denseOrSparse struct {
	sparse    *Sparse
	dense     *Dense
	useDense  bool
	nextTrial int
	perHeap   time.Duration // CPU time a heap of the engine in use, its last step
	// trials records each comparison (for tests).
	trials []denseTrial
}

// denseTrial is one comparison: the time a heap of each engine at heaps values.
type denseTrial struct {
	heaps         int
	sparse, dense time.Duration
}

func (e *denseOrSparse) extend(ctx context.Context, code Code, values []uint16, upTo int, progress ProgressFunc) ([]uint16, error) {
	if code.usesGeneral() || len(code.Digits) == 0 {
		return ExtendValues(ctx, code, values, upTo)
	}
	n := len(values)
	use := e.useDense
	trial := n >= e.nextTrial && e.perHeap > 0 && upTo+1-n >= 512
	if trial {
		e.nextTrial = 4 * n
		use = !use
	}
	// Both engines are timed on one core, by the CPU time of this thread:
	// on a busy machine wall time says more about the others' load than
	// about the engines (and in a census the other core runs another game).
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	fresh := e.sync(use, code, values) // a fresh engine's first step is not timed
	t0 := threadCPU()
	vals, err := e.run(ctx, use, upTo, progress)
	perHeap := (threadCPU() - t0) / time.Duration(max(1, len(vals)-n))
	if err != nil || len(vals)-n < 256 {
		return vals, err
	}
	if trial {
		t := denseTrial{heaps: n, sparse: e.perHeap, dense: perHeap}
		if !use {
			t.sparse, t.dense = perHeap, e.perHeap
		}
		e.trials = append(e.trials, t)
		// The engine in use keeps the run unless the other is clearly
		// faster: the other's step came right after a rebuild.
		if perHeap < e.perHeap*9/10 {
			e.useDense = use
		}
		e.perHeap = 0
		return vals, nil
	}
	if !fresh {
		e.perHeap = perHeap
	}
	return vals, nil
}

// sync makes the chosen engine continue from values (rebuilding it when
// the other one computed the last values) and reports whether it was built.
func (e *denseOrSparse) sync(dense bool, code Code, values []uint16) bool {
	if dense {
		if e.dense == nil || len(e.dense.Values()) != len(values) {
			e.dense = NewDense(code, values)
			return true
		}
		return false
	}
	if e.sparse == nil || len(e.sparse.Values()) != len(values) {
		e.sparse = NewSparse(code, values)
		// One worker: the timing counts this thread only, and a census
		// runs one game a core.
		e.sparse.oneWorker = true
		return true
	}
	return false
}

// run extends the chosen engine's values until G(0..upTo) are known.
func (e *denseOrSparse) run(ctx context.Context, dense bool, upTo int, progress ProgressFunc) ([]uint16, error) {
	if dense {
		err := e.dense.Extend(ctx, upTo, progress)
		return e.dense.Values(), err
	}
	err := e.sparse.Extend(ctx, upTo, progress)
	return e.sparse.Values(), err
}
