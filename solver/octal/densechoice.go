package octal

import (
	"context"
	"runtime"
	"time"
)

// DenseOrSparse returns an Extender for one run of one game that computes
// with the sparse engine or the dense one (BlockDense), whichever is faster
// on it: the games with a sparse space need a scan of their few rare heaps a
// heap, the others a scan of every split, where the dense pass is cheaper
// than the sparse engine's scans. Both are exact, so the choice changes the
// time only. Games that are not plain octal codes go to the engine Solve
// would pick (ExtendValues).
//
// The choice is made by timing steps by the CPU time of the thread (both
// engines run on one core here: a census runs one game a core). Dense costs a known amount
// a split pair, measured on its steps, so while the sparse engine runs,
// from 2^13 values on and each time the run has doubled, Dense is tried
// for a step (the first two times always, then only when its predicted
// time a heap is below the sparse engine's); it takes over when it is
// measured faster. While Dense runs, the sparse engine is tried for two
// steps (the first warms it up, untimed) each time the run has grown
// fourfold, and as soon as Dense's time a heap exceeds the sparse engine's
// at its last trial.
//
// The Extender keeps its engines between calls; give each run its own.
func DenseOrSparse() Extender {
	e := &denseOrSparse{nextTrial: denseFirstTrial}
	return e.extend
}

// DenseOrSparseAllCores is DenseOrSparse for a run that has the machine
// to itself (nimlab octal): the sparse engine keeps its second worker, and
// the engines are timed by the CPU time of the whole process.
func DenseOrSparseAllCores() Extender {
	e := &denseOrSparse{nextTrial: denseFirstTrial, allCores: true}
	return e.extend
}

// denseFirstTrial is the first number of values at which DenseOrSparse
// tries the dense engine: below it every game takes milliseconds.
const denseFirstTrial = 1 << 13

type denseOrSparse struct {
	sparse    *Sparse
	dense     *BlockDense
	useDense  bool
	nextTrial int
	perHeap   time.Duration // CPU time a heap of the engine in use, its last timed step
	perPair   float64       // Dense's CPU seconds a split pair, 0 until measured
	// denseTrials counts the trials of Dense while the sparse engine ran.
	denseTrials int
	warmSteps   int // > 0: a trial of the sparse engine is under way
	// sparsePerHeap is the sparse engine's time a heap at its last trial,
	// lastTrial the values at the last trial.
	sparsePerHeap time.Duration
	lastTrial     int
	// trials records each comparison (for tests).
	trials []denseTrial
	// tryDenseAlways makes every trial point try Dense whatever its
	// predicted time (tests: which engine wins a trial depends on CPU
	// times, and the switching must be exercised either way).
	tryDenseAlways bool
	// allCores lets the sparse engine use its second worker and times the
	// engines by the process's CPU time (DenseOrSparseAllCores).
	allCores bool
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
	use, trial := e.choose(code, n, upTo)
	// The steps are timed by CPU time: on a busy machine wall time says
	// more about the others' load than about the engines.
	if !e.allCores {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
	}
	e.sync(use, code, values)
	t0 := e.cpu(use)
	vals, err := e.run(ctx, use, upTo, progress)
	perHeap := (e.cpu(use) - t0) / time.Duration(max(1, len(vals)-n))
	if err != nil {
		return vals, err
	}
	if use {
		if pairs := splitPairs(code, n); pairs > 0 {
			e.perPair = perHeap.Seconds() / float64(pairs)
		}
	}
	if !trial {
		e.perHeap = perHeap
	} else if use != e.useDense {
		e.judge(use, n, perHeap)
	}
	return vals, nil
}

// choose says which engine computes the step from n values to upTo (use:
// Dense) and whether the step is a trial of the engine not in use.
func (e *denseOrSparse) choose(code Code, n, upTo int) (use, trial bool) {
	switch {
	case e.warmSteps > 0:
		return false, true
	case e.useDense && e.perHeap > 0 && upTo+1-n >= 512 &&
		(n >= e.nextTrial || e.sparsePerHeap > 0 && e.perHeap > e.sparsePerHeap && n >= e.lastTrial+e.lastTrial/4):
		// Dense's time a heap grows with the heap, the sparse engine's
		// much less: once Dense is slower than the sparse engine last
		// measured, it is tried again at once (a trial of the sparse
		// engine on a dense game costs two slow steps, so otherwise only
		// at each fourfold growth).
		e.nextTrial = 4 * n
		e.warmSteps = 2
		return false, true
	case !e.useDense && n >= e.nextTrial && e.perHeap > 0 && upTo+1-n >= 512:
		e.nextTrial = 2 * n
		// Dense's first two trials are made whatever the prediction: a
		// cost a split measured on one short step of a busy machine can
		// be far off (0.415 stayed on the sparse engine, 4× slower).
		predicted := time.Duration(e.perPair * float64(splitPairs(code, n)) * 1e9)
		if e.denseTrials < 2 || e.tryDenseAlways || predicted < e.perHeap*8/10 {
			e.denseTrials++
			return true, true
		}
	}
	return e.useDense, false
}

// judge records a trial step of the engine not in use (use: Dense) at n
// values, which took perHeap a heap, and switches to it when it was
// faster.
func (e *denseOrSparse) judge(use bool, n int, perHeap time.Duration) {
	if !use {
		// The sparse engine's trial: its first step rebuilds its tables
		// and chooses a mask, so only the second is timed.
		if e.warmSteps--; e.warmSteps > 0 {
			return
		}
	}
	t := denseTrial{heaps: n, sparse: e.perHeap, dense: perHeap}
	if !use {
		t.sparse, t.dense = perHeap, e.perHeap
		e.sparsePerHeap = perHeap
	}
	e.lastTrial = n
	e.trials = append(e.trials, t)
	if perHeap < e.perHeap*9/10 {
		e.useDense, e.perHeap = use, perHeap
	}
}

// splitPairs is the number of splits of a heap of n: the pairs (a, r−a),
// 1 ≤ a ≤ r/2, of r = n−j for each split digit j.
func splitPairs(code Code, n int) int {
	pairs := 0
	for j, d := range code.Digits {
		if d&4 != 0 && n-j >= 2 {
			pairs += (n - j) / 2
		}
	}
	return pairs
}

// sync makes the chosen engine continue from values, rebuilding it when
// the other one computed the last values.
func (e *denseOrSparse) sync(dense bool, code Code, values []uint16) {
	// A rebuilt engine starts from values; the other one's tables (the
	// dense engine's come to 16 MiB) are of no more use.
	if dense {
		if e.dense == nil || len(e.dense.Values()) != len(values) {
			e.sparse = nil
			e.dense = NewBlockDense(code, values)
			if !e.allCores {
				// A census runs one game a core: a second worker only
				// adds its synchronisation.
				e.dense.workers = 1
			}
		}
		return
	}
	if e.sparse == nil || len(e.sparse.Values()) != len(values) {
		e.dense = nil
		e.sparse = NewSparse(code, values)
		// One worker unless allCores: the timing counts this thread only,
		// and a census runs one game a core.
		e.sparse.oneWorker = !e.allCores
	}
}

// cpu is the CPU time the engines have used: the process's (allCores), or
// this thread's (locked to the caller) and the dense engine's helper
// worker's, which runs on another thread.
func (e *denseOrSparse) cpu(dense bool) time.Duration {
	if e.allCores {
		return processCPU()
	}
	t := threadCPU()
	if dense && e.dense != nil {
		t += e.dense.HelperCPU()
	}
	return t
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
