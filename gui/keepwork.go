package gui

import (
	"fmt"

	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/solver/octal"
)

// apparentPeriod is octal.TailPeriod: the period the end of an
// uncertified Grundy sequence shows, with its preperiod and the number of
// values its Guy–Smith certificate needs, so that the window can say how far
// the next step must go.
func apparentPeriod(values []uint16, k int) (p, n0, need int, ok bool) {
	t, ok := octal.TailPeriod(values, k)
	return t.Period, t.Preperiod, t.NeededTo, ok
}

// continueHint says how far Continue will compute an uncertified run of n
// values and why: to the certificate of the period the values show, or
// four times as far when they show none.
func continueHint(values []uint16, k int) (next int, hint string) {
	n := len(values)
	if p, n0, need, ok := apparentPeriod(values, k); ok && need > n {
		return need, fmt.Sprintf(" The values from heap %s on repeat with period %d: the Guy–Smith theorem certifies it from G(0..%s), so the next step needs %s heaps — Continue computes them.",
			plotting.GroupDigits(n0), p, plotting.GroupDigits(need-1), plotting.GroupDigits(need))
	}
	next = min(max(4*n, 1000), maxOctalHeaps)
	return next, fmt.Sprintf(" No period shows yet; Continue extends the values to %s heaps.", plotting.GroupDigits(next))
}

// maxOctalHeaps is the most heaps the Octal tab computes (200 MB of values).
const maxOctalHeaps = 100_000_000

// seenPeriodHint is the Continue hint for a run whose values show a period
// that no theorem certifies (an arithmetic period, or a game outside the
// Guy–Smith theorem): more values cannot prove it, but show how far it
// holds.
func seenPeriodHint(r *octal.Result) (next int, hint string) {
	n := len(r.Values)
	next = min(max(4*n, 1000), maxOctalHeaps)
	return next, fmt.Sprintf(" Continue checks the period on %s heaps (more values cannot prove it, but show whether it holds).", plotting.GroupDigits(next))
}
