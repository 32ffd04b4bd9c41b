package octal

import (
	"fmt"

	"github.com/nimlab/nimlab/solver/takebreak"
)

// Periods of take-and-break games that are not octal games.
//
// Guy–Smith for splits into up to m heaps. Let the code be finite with last
// non-zero digit k, no modifier and at most m ≥ 2 heaps left by any move. If
// G(n+p) = G(n) for every n with n0 ≤ n < m·n0 + (m−1)·p + k (n0 ≥ 1), then
// G(n+p) = G(n) for all n ≥ n0. Proof, by induction on N = n+p with n at least
// that bound: a move from N takes j ≤ k tokens and leaves i ≤ m heaps summing
// to N−j, so its largest heap b is at least (N−j)/i ≥ (n+p−k)/m ≥ n0+p;
// replacing b by b−p ≥ n0 ≥ 1 gives a move from n (same j, same number of
// heaps) of the same value, since G(b) = G(b−p) (b < N). Conversely a move
// from n leaves a largest heap b′ ≥ (n−k)/m ≥ n0, and b′+p gives a move from
// N of the same value. So the option values of N and n agree and
// G(N) = G(n). The check needs G(0..L−1) with
//
//	L = m·(n0 + p) + k                (n0 replaced by 1 when it is 0),
//
// which is the classical 2·n0 + 2p + k for m = 2. Moves that leave one heap
// only (m = 1: subtraction games and codes of digits 1-3) need the largest
// heap N−j ≥ n0+p, so the window is n0 ≤ n < n0 + k and L = n0 + p + k: the
// finite-window theorem (a subtraction game's next value depends on the last
// k values only).
//
// The argument needs every move of n+p to map to a move of n: a modifier
// (! ? =) can forbid the image (b−p may equal another heap), and a digit
// with an open count ({2+}) has no largest-heap bound, so such codes get no
// certificate: their periods are reported as seen, not proven. Infinite codes
// have no k; their values usually grow, and an arithmetic period
// G(n+p) = G(n) + s is looked for and reported as seen, except for the Nim
// lemma below.
//
// Nim lemma. When the digit before the point is 0 and every digit from d1 on
// (the code is infinite) allows leaving nothing and leaving one heap, a heap
// of n has options of every value 0..n−1 (take n−m leaving m, or all) and
// none of value n or more (the XOR of the heaps left is at most their sum
// n−j < n), so G(n) = n for every n: period 1, saltus 1, preperiod 0,
// proven. Nim 0.[3] and 0.[7] are such games.

// Arithmetic periods of one-heap games with a tail of 3s (all-but
// subtraction games). Let every move leave at most one heap, the digit before
// the point be 0, and every digit from T+1 on be 3 (remove j tokens, leaving
// one heap or nothing): S!(F) with T = max F, or codes such as 0.[3]
// (T = 0) and 0.030[3]. For n ≥ T+1 the options of n are
//
//	every G(m) with m < n−T     (remove n−m > T, a digit 3), and
//	G(n−j) for 1 ≤ j ≤ T whose digit allows leaving one heap.
//
// So G(n) is the smallest value that is neither among G(0..n−T−1) nor an
// allowed recent value: it depends only on the set V(n−T) of values
// G(0..n−T−1) and on the window G(n−T..n−1). Certificate (proof below):
// with p ≥ 1, s ≥ 1 and n0 ≥ T+1, if
//
//	(a) G(n+p) = G(n) + s for n0−T ≤ n < n0, and
//	(b) V(n0+p−T) = {0,…,s−1} ∪ (V(n0−T) + s),
//
// then G(n+p) = G(n) + s for every n ≥ n0−T. Proof, by induction on n ≥ n0:
// assume (a) for n−T ≤ m < n and (b) at n (V(n+p−T) = [0,s) ∪ (V(n−T)+s)).
// A value below s is in V(n+p−T), so not an option-free candidate for
// n+p; a value v+s is outside V(n+p−T) exactly when v is outside V(n−T),
// and is an allowed recent value of n+p exactly when v is one of n (the
// windows differ by s). So the smallest candidate of n+p is the smallest
// candidate of n plus s: G(n+p) = G(n) + s. Then V(n+1+p−T) adds
// G(n+p−T) = G(n−T) + s to the left side and V(n+1−T) adds G(n−T): (b)
// holds at n+1, and the window of n+1 satisfies (a). The check needs
// G(0..n0+p−1). (b) can hold only with every value below s seen; it is the
// set form of "all the values shifted by s, plus the ones below s".
// The argument is ours (a state argument: the next value depends on a set
// and a window, both mapped by v ↦ v+s); it is in the spirit of Austin's and
// A. Siegel's results that all-but subtraction games are arithmetic-periodic,
// whose exact finite checks we did not have. Other games with growing
// values (Lasker's Nim 4.[3], hexadecimal codes with splits) get no
// certificate here: their arithmetic periods are reported as seen.

// Proof names used in Period.Proof.
const (
	ProofGuySmithHeaps = "Guy–Smith theorem for splits into up to %d heaps"
	ProofFiniteWindow  = "finite-window theorem (moves leave at most one heap)"
	ProofNimLemma      = "Nim lemma: every smaller heap is an option and no option reaches n, so G(n) = n"
	ProofOneHeapTail   = "arithmetic-period certificate for one-heap games with a tail of 3s (values set and window shifted by the saltus)"
)

// GeneralCertificateLength is how many values G(0..L−1) prove period p from
// preperiod n0 for a finite code with last non-zero digit k whose moves
// leave at most m heaps (see the comment above): m·(n0'+p)+k for m ≥ 2,
// n0'+p+k for m ≤ 1, with n0' = max(n0, 1).
func GeneralCertificateLength(preperiod, period, k, m int) int {
	n0 := max(preperiod, 1)
	if m <= 1 {
		return n0 + period + k
	}
	return m*(n0+period) + k
}

// certifiable returns m and k of a code whose periods the generalised
// Guy–Smith theorem proves; ok is false for codes it does not cover.
func certifiable(r takebreak.Code) (m, k int, ok bool) {
	if !r.Finite() || r.HasModifiers() {
		return 0, 0, false
	}
	m = r.MaxHeaps()
	if m < 0 {
		return 0, 0, false
	}
	return m, r.K(), true
}

// nimLemma reports whether the Nim lemma proves G(n) = n for the code.
func nimLemma(r takebreak.Code) bool {
	if r.Finite() || !r.Digit(0).IsZero() {
		return false
	}
	for j := 1; j < len(r.Digits); j++ {
		d := r.Digit(j)
		if !d.Allows(0) || !d.Allows(1) {
			return false
		}
	}
	return true
}

// FindPeriodGeneral is FindPeriod with the certificate length of a code whose
// moves leave at most m heaps.
func FindPeriodGeneral(values []uint16, k, m int) (Period, bool) {
	n := len(values)
	for p := 1; GeneralCertificateLength(0, p, k, m) <= n; p++ {
		// the largest n0' with GeneralCertificateLength(n0', p, k, m) ≤ n
		var maxN0 int
		if m <= 1 {
			maxN0 = n - p - k
		} else {
			maxN0 = (n-k)/m - p
		}
		if maxN0 < 1 {
			continue
		}
		i := n - 1 - p
		for i >= maxN0 && values[i+p] == values[i] {
			i--
		}
		if i >= maxN0 {
			continue
		}
		for i >= 0 && values[i+p] == values[i] {
			i--
		}
		n0 := i + 1
		return Period{Period: p, Preperiod: n0, Certified: true, NeededTo: GeneralCertificateLength(n0, p, k, m)}, true
	}
	return Period{}, false
}

// arithmeticSearchWork bounds FindArithmeticPeriod's comparisons, per value.
const arithmeticSearchWork = 64

// FindArithmeticPeriod looks for the smallest p and a saltus s with
// G(n+p) = G(n) + s for every known n ≥ n0, where the regular part covers
// the second half of the values at least and three periods. s = 0 is an
// ordinary period. The result is what the values show, not a proof
// (Certified is false).
//
// The search compares at most arithmeticSearchWork·len(values) pairs of
// values and then reports none found: on a sequence with a short period
// whose preperiod covers more than half of the values, every multiple of
// the period matches far back before failing, and the search would be
// quadratic (minutes on 0.376's 2^24 values, during which a census could
// not be stopped).
func FindArithmeticPeriod(values []uint16) (Period, bool) {
	n := len(values)
	work := arithmeticSearchWork * n
	for p := 1; 3*p <= n/2; p++ {
		s := int(values[n-1]) - int(values[n-1-p])
		i := n - 1 - p
		for i >= 0 && int(values[i+p])-int(values[i]) == s {
			i--
		}
		n0 := i + 1
		if n0 <= n/2 && n-n0 >= 3*p {
			return Period{Period: p, Preperiod: n0, Saltus: s, NeededTo: n}, true
		}
		if work -= n - 1 - p - i; work < 0 {
			return Period{}, false
		}
	}
	return Period{}, false
}

// AnalyzePeriod returns the period of a take-and-break game's values: proven
// (Certified) by the Nim lemma or the generalised Guy–Smith theorem where
// they apply, else the arithmetic or ordinary period the values show
// (Certified false, Period 0 when none).
func AnalyzePeriod(code Code, values []uint16) Period {
	r := code.TakeBreak()
	if nimLemma(r) {
		return Period{Period: 1, Preperiod: 0, Saltus: 1, Certified: true, NeededTo: 1, Proof: ProofNimLemma}
	}
	if m, k, ok := certifiable(r); ok {
		if p, ok := FindPeriodGeneral(values, k, m); ok {
			if m <= 1 {
				p.Proof = ProofFiniteWindow
			} else {
				p.Proof = fmtProof(m)
			}
			return p
		}
		return Period{}
	}
	p, ok := FindArithmeticPeriod(values)
	if ok && p.Saltus > 0 {
		if T, ok := oneHeapTail(r); ok {
			if c, ok := CertifyOneHeapTail(values, T, p.Period, p.Saltus, p.Preperiod); ok {
				return c
			}
		}
	}
	return p
}

// oneHeapTail returns T for a code covered by the arithmetic-period
// certificate above: digit 0 before the point, an infinite code whose
// repeated digits are all 3, every digit leaving at most one heap (bits 0
// and 1 only, no modifier), digits from T+1 on all 3.
func oneHeapTail(r takebreak.Code) (T int, ok bool) {
	if r.Finite() || !r.Digit(0).IsZero() || r.HasModifiers() {
		return 0, false
	}
	three := takebreak.Digit{Counts: 3}
	for j := 1; j < len(r.Digits); j++ {
		d := r.Digit(j)
		if d.AtLeast != 0 || d.Counts&^3 != 0 {
			return 0, false
		}
		if j >= len(r.Digits)-r.Repeat && d != three {
			return 0, false
		}
	}
	T = len(r.Digits) - r.Repeat - 1
	for T >= 1 && r.Digit(T) == three {
		T--
	}
	return max(T, 0), true
}

// CertifyOneHeapTail checks the certificate above for the claim
// G(n+p) = G(n) + s (s ≥ 1) from preperiod n0 on, for a one-heap game whose
// digits are 3 from T+1 on: it looks for the smallest n ≥ max(T+1, n0+T)
// with n+p ≤ len(values) at which conditions (a) and (b) hold. It returns
// the proven period (Preperiod n0, NeededTo n+p: the values G(0..n+p−1) the
// check read) and true, or false when the values refute the claim or are
// too few to prove it.
func CertifyOneHeapTail(values []uint16, T, p, s, n0 int) (Period, bool) {
	if p < 1 || s < 1 || n0 < 0 || T < 0 {
		return Period{}, false
	}
	N := len(values)
	// the claim itself, on every known heap from n0 on
	for n := n0; n+p < N; n++ {
		if int(values[n+p]) != int(values[n])+s {
			return Period{}, false
		}
	}
	// (b) kept incrementally: mismatch counts the values v where
	// "v ∈ V(n+p−T)" and "v < s or v−s ∈ V(n−T)" differ.
	top := s
	for _, v := range values {
		top = max(top, int(v)+s+1)
	}
	inRight := make([]bool, top) // v ∈ V(n+p−T)
	inShift := make([]bool, top) // v−s ∈ V(n−T), or v < s
	mismatch := 0
	flip := func(v int, set []bool, other []bool) {
		if set[v] {
			return
		}
		before := set[v] != other[v]
		set[v] = true
		after := set[v] != other[v]
		switch {
		case before && !after:
			mismatch--
		case !before && after:
			mismatch++
		}
	}
	for v := range s {
		flip(v, inShift, inRight)
	}
	n := max(T+1, n0+T)
	if n+p > N {
		return Period{}, false
	}
	for m := range n + p - T {
		flip(int(values[m]), inRight, inShift)
	}
	for m := range n - T {
		flip(int(values[m])+s, inShift, inRight)
	}
	for {
		if mismatch == 0 {
			// (a) holds: n−T ≥ n0 and the claim was checked above
			return Period{Period: p, Preperiod: n0, Saltus: s, Certified: true, NeededTo: n + p, Proof: ProofOneHeapTail}, true
		}
		if n+p >= N {
			return Period{}, false
		}
		flip(int(values[n+p-T]), inRight, inShift)
		flip(int(values[n-T])+s, inShift, inRight)
		n++
	}
}

func fmtProof(m int) string {
	if m == 2 {
		return "Guy–Smith theorem"
	}
	return fmt.Sprintf(ProofGuySmithHeaps, m)
}
