package main

import (
	"context"
	"fmt"

	"github.com/nimlab/nimlab/solver/octal"
)

// compareReport says where two games' Grundy sequences first differ.
type compareReport struct {
	Other     string `json:"other"`
	FirstDiff *int   `json:"first_difference,omitempty"`
	Values    [2]int `json:"values_there,omitempty"`
	Checked   int    `json:"checked_to"`
	Proven    bool   `json:"identical_proven"`
	Text      string `json:"text"`
}

// compareHeaps is how far --compare looks when neither game has a proven
// period that settles the question sooner.
const compareHeaps = 1 << 16

// compareGames compares code's values (res) with other's: the first heap
// where they differ, or that they agree on every heap (proven when both
// periods are proven and the values agree from the larger preperiod over a
// common multiple of the periods), or how far they agree.
//
// other is first computed only as far as the comparison looks
// (compareHeaps, or the general engines' auto-mode limit): most pairs
// differ early (0.161 and 0.36 at heap 519), and other's auto mode may run
// to 2^25 heaps without a period (0.36: half a CPU-minute). Only when the
// values agree and code's period is proven does other get its full auto
// mode, to prove its own period and the two games equal.
func compareGames(ctx context.Context, code octal.Code, res *octal.Result, other octal.Code, opts octal.SolveOptions) (*compareReport, error) {
	// the general engines' cost per heap grows with the heap: compare
	// games they run as far as auto mode goes (unless a proof needs more)
	upTo := min(compareHeaps, octal.DefaultMaxFor(code), octal.DefaultMaxFor(other)) - 1
	oopts := octal.SolveOptions{Max: upTo + 1}
	if opts.Exact {
		upTo = opts.N
		oopts = octal.SolveOptions{N: opts.N, Exact: true}
	}
	ores, err := octal.Solve(ctx, other, oopts)
	if err != nil {
		return nil, fmt.Errorf("--compare %s: %w", other, err)
	}
	r := &compareReport{Other: other.String()}
	if differ, err := firstDifference(ctx, r, code, res, other, ores, upTo); differ || err != nil {
		return r, err
	}
	if !opts.Exact && res.Certified && !ores.Certified && octal.DefaultMaxFor(other) > upTo+1 {
		if ores, err = octal.Solve(ctx, other, octal.SolveOptions{Max: octal.DefaultMaxFor(other)}); err != nil {
			return nil, fmt.Errorf("--compare %s: %w", other, err)
		}
	}
	proof := 0
	if res.Certified && ores.Certified {
		p1, p2 := res.Period.Period, ores.Period.Period
		l := p1 / gcd(p1, p2) * p2
		// Over l heaps both grow by the same amount, or the comparison
		// of a finite window proves nothing.
		if res.Period.Saltus*(l/p1) == ores.Period.Saltus*(l/p2) {
			proof = max(res.Period.Preperiod, ores.Period.Preperiod) + l
		}
	}
	if proof > 0 && !opts.Exact {
		if h := max(proof, len(res.Values), len(ores.Values)) - 1; h > upTo {
			if differ, err := firstDifference(ctx, r, code, res, other, ores, h); differ || err != nil {
				return r, err
			}
			upTo = h
		}
	}
	if proof > 0 && upTo+1 >= proof {
		r.Proven = true
		r.Text = fmt.Sprintf("%s and %s have the same Grundy value at every heap (both periods proven; they agree on G(0..%d))", code, other, upTo)
		return r, nil
	}
	r.Text = fmt.Sprintf("%s and %s agree on G(0..%d), not proven beyond", code, other, upTo)
	return r, nil
}

// firstDifference compares the two games on G(0..upTo) (extending the
// values as needed) and fills r: the first heap where they differ (true),
// or how far they agree (false).
func firstDifference(ctx context.Context, r *compareReport, code octal.Code, res *octal.Result, other octal.Code, ores *octal.Result, upTo int) (bool, error) {
	a, err := valuesCovering(ctx, code, res, upTo)
	if err != nil {
		return false, err
	}
	b, err := valuesCovering(ctx, other, ores, upTo)
	if err != nil {
		return false, err
	}
	r.Checked = upTo
	for n := 0; n <= upTo; n++ {
		if a[n] != b[n] {
			r.FirstDiff = &n
			r.Values = [2]int{int(a[n]), int(b[n])}
			r.Text = fmt.Sprintf("%s and %s first differ at heap %d: G = %d and %d", code, other, n, a[n], b[n])
			return true, nil
		}
	}
	return false, nil
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
