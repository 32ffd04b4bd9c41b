package gui

import (
	"fmt"

	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/solver/octal"
)

// apparentPeriod looks for a period that the end of an uncertified Grundy
// sequence already shows: the smallest p whose last max(3p, 300) values
// repeat with period p, with its preperiod n0 (one past the last heap
// where G(n) ≠ G(n+p)). It returns the number of values the Guy–Smith
// certificate of that period needs, 2·n0 + 2p + k, so that the window can
// say how far the next step must go; ok is false when the values show no
// period yet (0.6, Officers, at any length computed so far).
func apparentPeriod(values []uint16, k int) (p, n0, need int, ok bool) {
	n := len(values)
	for p = 1; p <= 4096; p++ {
		run := max(3*p, 300)
		if run+p > n {
			return 0, 0, 0, false
		}
		i := n - 1 - p
		for i >= n-run-p && values[i] == values[i+p] {
			i--
		}
		if i >= n-run-p {
			continue // not a period of the tail
		}
		for i >= 0 && values[i] == values[i+p] {
			i--
		}
		n0 = i + 1
		return p, n0, octal.CertificateLength(n0, p, k), true
	}
	return 0, 0, 0, false
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
