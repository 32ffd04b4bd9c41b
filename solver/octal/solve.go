package octal

import (
	"context"
	"fmt"
)

// DefaultMax is the number of heaps auto mode computes before it gives up
// looking for a certified period.
const DefaultMax = 100000

// Extender computes more Grundy values: it appends to values until they hold
// G(0..upTo). QuadraticExtend is one; the sparse engine is another.
type Extender func(ctx context.Context, code Code, values []uint16, upTo int, progress ProgressFunc) ([]uint16, error)

// SolveOptions says how far Solve computes.
type SolveOptions struct {
	// N > 0 (or Exact) computes exactly G(0..N) and stops. Exact allows N = 0.
	N     int
	Exact bool
	// Max bounds auto mode: values are computed until a period is certified
	// or Max heaps are known. 0 means DefaultMax.
	Max int
	// Engine computes the values; nil means QuadraticExtend.
	Engine Extender
	// Progress, if set, receives progress reports.
	Progress ProgressFunc
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
func Solve(ctx context.Context, code Code, opts SolveOptions) (*Result, error) {
	engine := opts.Engine
	if engine == nil {
		engine = QuadraticExtend
	}
	res := &Result{Code: code}
	if opts.Exact || opts.N > 0 {
		if opts.N < 0 {
			return nil, fmt.Errorf("N must be ≥ 0, got %d", opts.N)
		}
		vals, err := engine(ctx, code, make([]uint16, 0, opts.N+1), opts.N, opts.Progress)
		if err != nil {
			return nil, err
		}
		res.Values = vals
		res.Period, res.Certified = FindPeriod(vals, code.K())
		return res, nil
	}
	max := opts.Max
	if max <= 0 {
		max = DefaultMax
	}
	var vals []uint16
	target := min(max, 256)
	for {
		var err error
		report := opts.Progress
		if report != nil {
			report = func(p Progress) { p.Total = max; opts.Progress(p) }
		}
		vals, err = engine(ctx, code, vals, target-1, report)
		if err != nil {
			return nil, err
		}
		if p, ok := FindPeriod(vals, code.K()); ok {
			res.Values, res.Period, res.Certified = vals, p, true
			return res, nil
		}
		if target >= max {
			res.Values = vals
			return res, nil
		}
		target = min(max, target+target/2)
	}
}
