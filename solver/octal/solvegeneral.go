package octal

import (
	"context"

	"github.com/nimlab/nimlab/solver/takebreak"
)

// usesGeneral reports whether Solve runs the game with the general engines
// and AnalyzePeriod: every game that is not a plain octal code, and the
// subtraction games (octal, but proven by the finite-window theorem).
func (c Code) usesGeneral() bool {
	return c.General() || (c.Rules != nil && c.Rules.Kind != takebreak.TakeBreak)
}

// IsGrundysGame reports whether the code is Grundy's game 4!.0 (split a heap
// into two unequal heaps), which has its own sparse-space engine.
func (c Code) IsGrundysGame() bool {
	return c.Rules != nil && c.Rules.String() == "4!.0"
}

// GeneralDefaultMax is auto mode's heap limit for games the general engine
// runs: its cost per heap grows with the heap, so it is meant for tens of
// thousands of heaps, not millions.
const GeneralDefaultMax = 1 << 13

// DefaultMaxFor is auto mode's default heap limit for code.
func DefaultMaxFor(code Code) int {
	switch {
	case !code.usesGeneral() || code.IsGrundysGame():
		return DefaultMax
	case nimLemma(code.TakeBreak()):
		return 1024
	}
	return GeneralDefaultMax
}

// newGeneralChoice picks the engine for a game that is not a plain octal
// code.
func newGeneralChoice(code Code, resume []uint16, limit int) engine {
	if code.IsGrundysGame() {
		return newGrundyEngine(resume, limit)
	}
	return newGeneralEngine(code.TakeBreak(), resume, limit)
}

// generalFirstChunk is how many values auto mode computes before it first
// looks for a period, and the fewest it returns.
const generalFirstChunk = 1024

// solveGeneral is Solve for games that are not plain octal codes: the
// values, and the period that AnalyzePeriod proves or sees.
func (r *solveRun) solveGeneral(ctx context.Context, exact bool) (*Result, error) {
	code := r.code
	if exact {
		for n := len(r.eng.values()); n <= r.opts.N; n = len(r.eng.values()) {
			if err := r.extend(ctx, min(r.opts.N, n+max(1024, n/8))); err != nil {
				return nil, err
			}
		}
		res := &Result{Code: code, Values: r.eng.values()}
		res.Period = AnalyzePeriod(code, res.Values)
		res.Certified = res.Period.Certified
		return res, nil
	}
	first := min(r.limit, generalFirstChunk)
	target := first
	for {
		for n := len(r.eng.values()); n < target; n = len(r.eng.values()) {
			// With a checkpoint the doubling goes in steps of 1/16 of
			// the values, so --checkpoint-every holds on a run of hours
			// (a step to 2^30 heaps of Grundy's game takes one); the
			// period is still looked for once per doubling only.
			step := target
			if r.opts.Checkpoint != nil {
				step = min(target, n+max(1<<16, n/16))
			}
			if err := r.extend(ctx, step-1); err != nil {
				return nil, err
			}
		}
		vals := r.eng.values()
		p := AnalyzePeriod(code, vals)
		if p.Certified {
			keep := min(len(vals), max(p.NeededTo, first))
			return &Result{Code: code, Values: vals[:keep], Period: p, Certified: true}, nil
		}
		if len(vals) >= r.limit {
			return &Result{Code: code, Values: vals, Period: p}, nil
		}
		target = min(r.limit, 2*len(vals))
	}
}

// ExtendValues appends values of code (any game) until values holds
// G(0..upTo), with the engine Solve would use.
func ExtendValues(ctx context.Context, code Code, values []uint16, upTo int) ([]uint16, error) {
	if !code.usesGeneral() {
		return SparseExtend(ctx, code, values, upTo, nil)
	}
	eng := newGeneralChoice(code, values, upTo+1)
	err := eng.extend(ctx, upTo, nil)
	return eng.values(), err
}
