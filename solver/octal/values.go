package octal

import (
	"context"
	"fmt"
)

// ProofGuySmith names the Guy–Smith periodicity theorem for octal codes in
// Period.Proof: every certified Period names its proof.
const ProofGuySmith = "Guy–Smith theorem"

// Heaps returns how many values a run of code with options o computes at
// most: N+1 in exact mode, else Max, where 0 means DefaultMaxFor(code).
// Solve, the command line and the window all read the bound from here.
func (o SolveOptions) Heaps(code Code) int {
	if o.Exact || o.N > 0 {
		return o.N + 1
	}
	if o.Max > 0 {
		return o.Max
	}
	return DefaultMaxFor(code)
}

// ValuesUpTo returns G(0..upTo) of r's game: r's values when they reach
// upTo; else r's values continued through the certified period and its
// saltus, G(n) = G(n−p) + s (exact for every heap: that is what the
// certificate proves); else, when no period is certified, r's values
// computed further with the engine Solve would use.
//
// r.Values is never modified; the values beyond it are a new slice. An
// error says a value would exceed MaxValue, or that ctx was cancelled.
func (r *Result) ValuesUpTo(ctx context.Context, upTo int) ([]uint16, error) {
	if upTo < len(r.Values) {
		return r.Values[:upTo+1], nil
	}
	out := make([]uint16, len(r.Values), upTo+1)
	copy(out, r.Values)
	if !r.Certified {
		return ExtendValues(ctx, r.Code, out, upTo)
	}
	out = out[:upTo+1]
	if err := continuePeriod(out, len(r.Values), r.Period); err != nil {
		return nil, fmt.Errorf("%s: %w", r.Code, err)
	}
	return out, nil
}

// At returns G(n) for a game whose known values G(0..len(values)−1) hold
// at least one whole period of the periodic part of p: values[n] within
// them, else G(n) = G(n − t·p) + t·s for the t that brings n − t·p into the
// last period known (the closed form of ValuesUpTo's continuation, for a
// caller that needs a few values far out, not all of them). The value is an
// int: with a saltus it grows past MaxValue.
func (p Period) At(values []uint16, n int) int {
	if n < len(values) {
		return int(values[n])
	}
	t := (n - len(values) + p.Period) / p.Period
	return int(values[n-t*p.Period]) + t*p.Saltus
}

// continuePeriod fills values[known:] through period p and its saltus from
// the values before known, which hold at least one period of the periodic
// part.
func continuePeriod(values []uint16, known int, p Period) error {
	for n := known; n < len(values); n++ {
		v := int(values[n-p.Period]) + p.Saltus
		if v > MaxValue || v < 0 {
			return fmt.Errorf("the Grundy value of heap %d exceeds %d, the largest value nimlab stores", n, MaxValue)
		}
		values[n] = uint16(v)
	}
	return nil
}
