package octal

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// DefaultMax is the number of heaps auto mode computes before it gives up
// looking for a certified period: enough for every period in the issue's
// list up to 0.354 (20 million heaps), 64 MiB of values.
const DefaultMax = 1 << 25

// MaxHeaps is the largest number of heaps a run may compute: heap indices
// stay below 2^31, so four bytes hold one.
const MaxHeaps = 1 << 31

// MemoryNeeded estimates the bytes a run of heaps heaps keeps in memory: two
// bytes a value, plus the engine's own tables (a few MiB; the rare heap list
// is small for the games where long runs make sense).
func MemoryNeeded(heaps int) int64 {
	return 2*int64(heaps) + 16<<20
}

// Extender computes more Grundy values: it appends to values until they hold
// G(0..upTo). QuadraticExtend and SparseExtend are two.
type Extender func(ctx context.Context, code Code, values []uint16, upTo int, progress ProgressFunc) ([]uint16, error)

// SolveOptions says how far Solve computes.
type SolveOptions struct {
	// N > 0 (or Exact) computes exactly G(0..N) and stops. Exact allows N = 0.
	N     int
	Exact bool
	// Max bounds auto mode: values are computed until a period is certified
	// or Max heaps are known. 0 means DefaultMaxFor(code) (see Heaps); at
	// most MaxHeaps.
	Max int
	// Engine computes the values; nil means the sparse engine (Sparse).
	Engine Extender
	// Progress, if set, receives progress reports.
	Progress ProgressFunc
	// Resume, if not nil, holds G(0..len−1) from an earlier run of the same
	// code (see ReadCheckpoint); the run continues from there.
	Resume []uint16
	// Checkpoint, if set, is called with the values known so far (a prefix
	// G(0..len−1); the slice must not be modified) about every
	// CheckpointEvery (0 means a minute), and once more when the run stops
	// early because ctx is done.
	Checkpoint      func(values []uint16) error
	CheckpointEvery time.Duration
}

// Result is the outcome of Solve.
type Result struct {
	Code   Code
	Values []uint16 // G(0..len-1)
	// Period is the certified period, if Certified.
	Period    Period
	Certified bool
}

// MaxAt returns the largest value and the first heap where it occurs.
func (r *Result) MaxAt() (value, at int) {
	for i, v := range r.Values {
		if int(v) > value {
			value, at = int(v), i
		}
	}
	return value, at
}

// Solve computes the Grundy sequence of code, in exact mode (G(0..N)) or in
// auto mode (until the Guy–Smith theorem certifies a period, or Max heaps).
//
// Auto mode checks for a certificate heap by heap (see certifier) and
// returns exactly G(0..2·n0 + 2p + k − 1) for the least period p and its
// preperiod n0, so a run that was interrupted and resumed gives the same
// result as one that was not.
func Solve(ctx context.Context, code Code, opts SolveOptions) (res *Result, err error) {
	if opts.N < 0 {
		return nil, fmt.Errorf("N must be ≥ 0, got %d", opts.N)
	}
	exact := opts.Exact || opts.N > 0
	limit := opts.Heaps(code) // the number of values to compute at most
	if limit > MaxHeaps {
		return nil, fmt.Errorf("%d heaps is more than the %d a run can compute", limit, MaxHeaps)
	}
	r := &solveRun{code: code, opts: opts, limit: limit, start: time.Now(), lastSave: time.Now()}
	resume := opts.Resume
	if len(resume) > limit {
		resume = resume[:limit]
	}
	r.startLen = len(resume)
	r.savedLen = len(resume)
	r.eng = newEngine(code, opts.Engine, resume, limit)
	// A finished run saves its last values too, so a later run with a
	// larger --max resumes from where this one ended (the 2^30 run of
	// Grundy's game had saved 1.01·10^9 of its 2^30 values).
	defer func() {
		if err == nil && opts.Checkpoint != nil && len(r.eng.values()) > r.savedLen {
			if err = opts.Checkpoint(r.eng.values()); err != nil {
				res, err = nil, fmt.Errorf("saving the checkpoint: %w", err)
			}
		}
	}()
	if code.usesGeneral() {
		return r.solveGeneral(ctx, exact)
	}
	if exact {
		// Once the Guy–Smith theorem certifies a period, every later value
		// is known: G(n) = G(n − p). So exact mode watches for a
		// certificate as auto mode does and fills the rest by the period,
		// instead of running the engine to N (0.07 to 250,000 heaps needs
		// only its first 176 values).
		cert := newCertifier(code.K())
		for n := len(r.eng.values()); n <= opts.N; n = len(r.eng.values()) {
			if p, ok := cert.feed(r.eng.values()); ok {
				vals, err := extendByPeriod(r.eng.values(), p, opts.N)
				if err != nil {
					return nil, fmt.Errorf("%s: %w", code, err)
				}
				return &Result{Code: code, Values: vals, Period: p, Certified: true}, nil
			}
			if err := r.extend(ctx, min(opts.N, n+max(1024, n/32))); err != nil {
				return nil, err
			}
		}
		res := &Result{Code: code, Values: r.eng.values()[:opts.N+1]}
		res.Period, res.Certified = FindPeriod(res.Values, code.K())
		return res, nil
	}
	r.cert = newCertifier(code.K())
	for {
		vals := r.eng.values()
		if p, ok := r.cert.feed(vals); ok {
			return &Result{Code: code, Values: vals[:p.NeededTo], Period: p, Certified: true}, nil
		}
		if len(vals) >= limit {
			if p, ok := r.cert.finish(vals); ok {
				return &Result{Code: code, Values: vals[:p.NeededTo], Period: p, Certified: true}, nil
			}
			return &Result{Code: code, Values: vals}, nil
		}
		// Chunks of about 1/32 of the run: the certifier catches up after
		// each, and the values past a certificate are cut off anyway.
		target := min(limit, len(vals)+max(1024, len(vals)/32))
		if err := r.extend(ctx, target-1); err != nil {
			return nil, err
		}
	}
}

// extendByPeriod returns G(0..n), the values known so far continued by the
// certified period p (and its saltus). It fills values' own array when it
// has room (the engine's, allocated for the whole run): a second array of n
// values would double the memory MemoryNeeded promises.
func extendByPeriod(values []uint16, p Period, n int) ([]uint16, error) {
	known := min(len(values), n+1)
	var out []uint16
	if cap(values) > n {
		out = values[:n+1]
	} else {
		out = make([]uint16, n+1)
		copy(out, values)
	}
	return out, continuePeriod(out, known, p)
}

// solveRun is the state of one Solve call.
type solveRun struct {
	code     Code
	opts     SolveOptions
	limit    int
	eng      engine
	cert     *certifier
	start    time.Time
	startLen int
	lastSave time.Time
	savedLen int // how many values the last checkpoint (or the resumed one) holds
}

// extend runs the engine up to G(upTo), reports progress, and saves
// checkpoints when they are due or when the run is cancelled.
func (r *solveRun) extend(ctx context.Context, upTo int) error {
	var report ProgressFunc
	if r.opts.Progress != nil {
		report = func(p Progress) {
			p.Total = r.limit
			p.Rate = rate(p.Done-r.startLen, r.start)
			p.Rare = r.eng.rare()
			if r.cert != nil {
				p.PeriodGuess = r.cert.guess()
			}
			r.opts.Progress(p)
		}
	}
	err := r.eng.extend(ctx, upTo, report)
	if r.opts.Checkpoint != nil {
		every := r.opts.CheckpointEvery
		if every <= 0 {
			every = time.Minute
		}
		if err != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) || time.Since(r.lastSave) >= every {
			if cerr := r.opts.Checkpoint(r.eng.values()); cerr != nil {
				return errors.Join(err, fmt.Errorf("saving the checkpoint: %w", cerr))
			}
			r.lastSave = time.Now()
			r.savedLen = len(r.eng.values())
		}
	}
	return err
}

// engine is what Solve needs from a Grundy engine: the sparse engine keeps
// state between steps, an Extender is called afresh each time.
type engine interface {
	extend(ctx context.Context, upTo int, progress ProgressFunc) error
	values() []uint16
	rare() int
}

func newEngine(code Code, fn Extender, resume []uint16, limit int) engine {
	if fn == nil && code.usesGeneral() {
		return newGeneralChoice(code, resume, limit)
	}
	vals := make([]uint16, len(resume), limit)
	copy(vals, resume)
	if fn == nil {
		return sparseEngine{NewSparse(code, vals)}
	}
	return &funcEngine{code: code, fn: fn, vals: vals}
}

type sparseEngine struct{ s *Sparse }

func (e sparseEngine) extend(ctx context.Context, upTo int, progress ProgressFunc) error {
	return e.s.Extend(ctx, upTo, progress)
}
func (e sparseEngine) values() []uint16 { return e.s.Values() }
func (e sparseEngine) rare() int        { return e.s.Rare() }

type funcEngine struct {
	code Code
	fn   Extender
	vals []uint16
}

func (e *funcEngine) extend(ctx context.Context, upTo int, progress ProgressFunc) error {
	vals, err := e.fn(ctx, e.code, e.vals, upTo, progress)
	e.vals = vals
	return err
}
func (e *funcEngine) values() []uint16 { return e.vals }
func (e *funcEngine) rare() int        { return 0 }
