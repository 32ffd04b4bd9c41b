package octal

// Period is the periodicity found in a Grundy sequence.
type Period struct {
	// Period p and Preperiod n0: G(n+p) = G(n) for every known n ≥ n0.
	Period, Preperiod int
	// Certified is true when the Guy–Smith theorem proves the period for all
	// heaps: the values are known up to index 2·n0 + 2p + k − 1.
	Certified bool
	// NeededTo is 2·n0 + 2p + k: how many values (G(0..NeededTo−1)) the
	// certificate needs.
	NeededTo int
	// Saltus s ≠ 0 makes the period arithmetic: G(n+p) = G(n) + s for
	// n ≥ n0 (games with infinite codes, such as Nim with saltus 1).
	Saltus int `json:",omitempty"`
	// Proof names the theorem that certifies the period, when it is not the
	// Guy–Smith theorem for octal codes (see gamecert.go).
	Proof string `json:",omitempty"`
}

// CertificateLength is 2·n0 + 2p + k, the number of values G(0..) the
// Guy–Smith theorem needs to prove period p from preperiod n0 for a code whose
// last non-zero digit has index k.
//
// The theorem's proof lowers a heap b ≥ n0 + p to b − p and needs b − p to
// stay a non-empty heap, so it only holds for n0 ≥ 1: a preperiod of 0 is
// certified with the window of n0 = 1. (The seeds state the theorem without
// this condition; 0.4 is a counterexample, see docs/FINDINGS.md.)
func CertificateLength(preperiod, period, k int) int {
	return 2*max(preperiod, 1) + 2*period + k
}

// FindPeriod returns the smallest period p that the known values prove, with
// the smallest preperiod for it, and ok = true; ok is false when no period is
// proven yet.
//
// For each p, preperiodUpTo finds the preperiod the values allow.
func FindPeriod(values []uint16, k int) (Period, bool) {
	n := len(values)
	for p := 1; 2*p+k <= n; p++ {
		// A certified n0 satisfies CertificateLength(n0, p, k) ≤ n.
		maxN0 := (n - 2*p - k) / 2
		if n0, ok := preperiodUpTo(values, p, maxN0); ok {
			return Period{Period: p, Preperiod: n0, Certified: true, NeededTo: CertificateLength(n0, p, k)}, true
		}
	}
	return Period{}, false
}

// preperiodUpTo returns the smallest n0 with G(n+p) = G(n) for every known
// n ≥ n0, and ok when it is at most maxN0 (≥ 1: the largest preperiod a
// certificate allows with the values known). The values are compared from
// the end backwards: the first mismatch found is the last irregular heap,
// so n0 is one past it, and the scan stops as soon as n0 could no longer be
// at most maxN0, which keeps a wrong p cheap.
func preperiodUpTo(values []uint16, p, maxN0 int) (n0 int, ok bool) {
	if maxN0 < 1 {
		return 0, false
	}
	i := len(values) - 1 - p
	for i >= maxN0 && values[i+p] == values[i] {
		i--
	}
	if i >= maxN0 {
		return 0, false // a mismatch at i ≥ maxN0: this p is not proven
	}
	// values agree on [maxN0, n-p); look for the real last mismatch.
	for i >= 0 && values[i+p] == values[i] {
		i--
	}
	return i + 1, true
}
