package census

import "fmt"

// Conflict checks whether two results for the same game can both be
// right. Runs are deterministic, so results with the same budget must
// agree; with different budgets the values both reach must agree, a period
// certified by one must not be missed by a run that computed further, and
// two certificates must give the same period and preperiod. It returns nil
// when they are compatible, else what differs.
func Conflict(a, b *Result) error {
	if a.Solved() && b.Solved() {
		if a.Period != b.Period || a.Preperiod != b.Preperiod || a.Saltus != b.Saltus {
			return fmt.Errorf("%s against %s", a.Summary(), b.Summary())
		}
	}
	for _, p := range [][2]*Result{{a, b}, {b, a}} {
		s, u := p[0], p[1]
		if s.Solved() && !u.Solved() && u.Heaps >= s.Heaps {
			return fmt.Errorf("%s against %s, which computed past the certificate", s.Summary(), u.Summary())
		}
	}
	common := min(len(a.Fingerprints[0]), len(b.Fingerprints[0]))
	for i := 0; i < common; i++ {
		if a.Fingerprints[0][i] != b.Fingerprints[0][i] {
			return fmt.Errorf("the values differ by heap %d (%s against %s)", FingerprintLength(i), a.Summary(), b.Summary())
		}
	}
	if !a.Solved() && !b.Solved() && a.Heaps == b.Heaps && a.MaxValue != b.MaxValue {
		return fmt.Errorf("largest value %d against %d by heap %d", a.MaxValue, b.MaxValue, a.Heaps)
	}
	return nil
}

// Better returns whichever of two compatible results says more: a
// certified period, else the longer computation.
func Better(a, b *Result) *Result {
	switch {
	case a.Solved() != b.Solved():
		if a.Solved() {
			return a
		}
		return b
	case b.Heaps > a.Heaps:
		return b
	}
	return a
}

// Summary describes the result in a few words: "period 12, preperiod 71"
// or "unsolved to 1048576 heaps".
func (r *Result) Summary() string {
	if r.Solved() {
		if r.Saltus != 0 {
			return fmt.Sprintf("period %d, preperiod %d, saltus %d", r.Period, r.Preperiod, r.Saltus)
		}
		return fmt.Sprintf("period %d, preperiod %d", r.Period, r.Preperiod)
	}
	return fmt.Sprintf("unsolved to %d heaps", r.Heaps)
}
