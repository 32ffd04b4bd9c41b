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
// G(n+p) = G(n) + s is looked for: the Nim lemma and the arithmetic-period
// certificates below prove it where they apply, else it is reported as
// seen (so are the arithmetic periods of finite codes that grow, such as
// the hexadecimal 0.3F).
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
// whose exact finite checks we did not have (docs/FINDINGS.md).
//
// Arithmetic periods with two-heap splits (our argument too; it extends the
// one above to Lasker's Nim 4.[3] and codes such as 0.4[3], 4.37[3]). Let
// the code be infinite, without modifiers or open counts, with digit 0 or 4
// before the point, digits 0-7 (a move leaves at most two heaps) and every
// digit from T+1 on equal to 3. For N > T the options of N are
//
//	V(N−T) = {G(m) : m < N−T}                  (tail digits 3),
//	R(N)   = {G(N−j) : j ∈ Ones}               (j ≤ T, digit allows one heap),
//	S(N)   = {G(a) ⊕ G(b) : a+b = N−j, a, b ≥ 1, j ∈ Splits}
//	                                           (j ≤ T, digit allows two heaps;
//	                                            j = 0 for the 4 before the point).
//
// Claim: G(n+p) = G(n) + s for every n ≥ n0 (p, s ≥ 1). Call the heaps
// n ≥ n0 regular; let σ be the lowest set bit of s, l(n) = G(n) mod σ and
// C(n) = p·G(n) − s·n. On regular heaps the claim makes both depend only on
// n mod p. XOR fact: if y < σ then (x + s) ⊕ y = (x ⊕ y) + s (adding s
// changes no bit below σ, y has no bit from σ up). Certificate, for a base
// heap Nc ≥ max(T+1, n0+T, 2·n0+T):
//
//	(a) the claim holds on the known values G(0..Nc+p−1);
//	(b) V(Nc+p−T) = {0,…,s−1} ∪ (V(Nc−T) + s);
//	(c) residues: for every residue r of a heap, j ∈ Splits and residues
//	    ra + rb ≡ r − j (mod p): l(ra) ⊕ l(rb) ≠ l(r) or
//	    C(ra) + C(rb) − s·j < C(r);
//	(d) small heaps: for every b < n0 with G(b) ≥ σ, j ∈ Splits and r,
//	    with ra ≡ r − j − b: l(ra) ⊕ (G(b) mod σ) ≠ l(r) or
//	    C(ra) + p·G(b) − s·(j+b) < C(r);
//	(e) witnesses: for each N in Nc ≤ N < Nc+p, every u < G(N) outside
//	    V(N−T) ∪ R(N) is G(a) ⊕ G(b) for a split a + b = N−j (j ∈ Splits)
//	    with a ≥ n0 and G(b) < σ.
//
// Then G(n+p) = G(n) + s for every n ≥ n0. Proof, by induction on N ≥ Nc,
// assuming the claim below N (so every value below N+p follows it), (b) at
// N and (e) at N; we show G(N+p) = G(N) + s.
//  1. Every u < G(N) is an option of N (mex). If u ∈ V(N−T), u+s ∈
//     V(N+p−T) by (b); if u = G(N−j) ∈ R(N), u+s = G(N+p−j) ∈ R(N+p)
//     (N−j ≥ n0); otherwise (e) gives a + b = N−j and (a+p) + b = N+p−j has
//     G(a+p) ⊕ G(b) = (G(a)+s) ⊕ G(b) = u+s. With {0,…,s−1} ⊆ V(N+p−T),
//     every value below G(N)+s is an option of N+p.
//  2. G(N)+s is not an option of N+p: not in V(N+p−T) by (b), since G(N)
//     is not in V(N−T); not in R(N+p) = R(N)+s. For a split a + b = N+p−j
//     (b ≤ a): both heaps below n0 is impossible (a+b ≥ N+p−T > 2·n0);
//     both regular: G(a) ⊕ G(b) has low bits l(a) ⊕ l(b) and is at most
//     G(a) + G(b) = (s·(N+p−j) + C(a) + C(b))/p, while G(N+p) has low bits
//     l(N) and equals (s·(N+p) + C(N))/p, so (c) separates them; b < n0 with
//     G(b) < σ: a−p ≥ N−T−n0+1 ≥ n0, (a−p) + b = N−j is a split of N, so
//     G(a) ⊕ G(b) = (G(a−p) ⊕ G(b)) + s ≠ G(N) + s; b < n0 with G(b) ≥ σ:
//     (d) separates them as (c) does.
//  3. So G(N+p) = G(N) + s. (b) moves to N+1 as in the one-heap proof, and
//     (e) to N+p: by (b) and R(N+p) = R(N)+s the values of N+p to cover are
//     those of N plus s, and the witness (a, b) of N gives (a+p, b).
//
// The check reads G(0..Nc+p−1). Without splits (c)-(e) are empty and this is
// the one-heap certificate. It is a sufficient condition: 4.1[3] (period 8,
// saltus 4) and 0.611[3] (period 6, saltus 3) fail (c) with their own period,
// and pass it with the period doubled (certifyThreesTailMultiples: a proven
// multiple and one period of the claim give the claim); finite hexadecimal
// codes that grow (0.3F: period 6, saltus 3, as CGSuite lists) are outside
// it; their arithmetic periods are reported as seen. We could not read the
// statement of Howse and Nowakowski's arithmetic-periodicity theorem for
// hexadecimal games (TCS 313, 2004) and do not implement it
// (docs/FINDINGS.md).

// Proof names used in Period.Proof.
const (
	ProofGuySmithHeaps = "Guy–Smith theorem for splits into up to %d heaps"
	ProofFiniteWindow  = "finite-window theorem (moves leave at most one heap)"
	ProofNimLemma      = "Nim lemma: every smaller heap is an option and no option reaches n, so G(n) = n"
	ProofOneHeapTail   = "arithmetic-period certificate for one-heap games with a tail of 3s (values set and window shifted by the saltus)"
	ProofTwoHeapTail   = "arithmetic-period certificate for tails of 3s with two-heap splits (values set and window shifted by the saltus; splits checked by residues and size)"
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
		// every single heap, the heap of one included ("?" on one heap
		// refuses it, takebreak.Digit.AllowsOneHeap)
		if !d.Allows(0) || !d.AllowsOneHeap(1) {
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
		if n0, ok := periodStart(values, p, maxN0); ok {
			return Period{Period: p, Preperiod: n0, Certified: true, NeededTo: GeneralCertificateLength(n0, p, k, m)}, true
		}
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
		// finite codes whose moves leave two or more heaps can grow
		// (hexadecimal 0.3F: period 6, saltus 3): report what is seen
		if p, ok := FindArithmeticPeriod(values); ok && p.Saltus > 0 {
			return p
		}
		return Period{}
	}
	p, ok := FindArithmeticPeriod(values)
	if ok && p.Saltus > 0 {
		if tail, ok := threesTail(r); ok {
			if c, ok := certifyThreesTailMultiples(values, tail, p.Period, p.Saltus, p.Preperiod); ok {
				return c
			}
		}
	}
	return p
}

// oneHeapTail returns T for a code covered by the one-heap certificate
// above: digit 0 before the point, an infinite code whose repeated digits
// are all 3, every digit leaving at most one heap (bits 0 and 1 only, no
// modifier), digits from T+1 on all 3.
func oneHeapTail(r takebreak.Code) (T int, ok bool) {
	tail, ok := threesTail(r)
	if !ok || len(tail.Splits) > 0 {
		return 0, false
	}
	return tail.T, true
}

// ThreesTail describes a game covered by the arithmetic-period
// certificates: its digits are 3 from T+1 on, Ones lists the j ≤ T (j ≥ 1)
// whose digit allows leaving one heap and Splits the j ≤ T whose digit
// allows leaving two heaps (j = 0: the digit 4 before the point).
type ThreesTail struct {
	T            int
	Ones, Splits []int
}

// threesTail returns the tail of a code covered by the certificates (see
// "Arithmetic periods with two-heap splits" above): an infinite code without
// modifiers or open counts, digit 0 or 4 before the point, digits 0-7
// (leave at most two heaps), every digit from T+1 on equal to 3.
func threesTail(r takebreak.Code) (tail ThreesTail, ok bool) {
	if r.Finite() || r.HasModifiers() {
		return tail, false
	}
	d0 := r.Digit(0)
	if d0.AtLeast != 0 || (d0.Counts != 0 && d0.Counts != 4) {
		return tail, false
	}
	three := takebreak.Digit{Counts: 3}
	for j := 1; j < len(r.Digits); j++ {
		d := r.Digit(j)
		if d.AtLeast != 0 || d.Counts&^7 != 0 {
			return tail, false
		}
		if j >= len(r.Digits)-r.Repeat && d != three {
			return tail, false
		}
	}
	T := len(r.Digits) - r.Repeat - 1
	for T >= 1 && r.Digit(T) == three {
		T--
	}
	tail.T = max(T, 0)
	for j := 0; j <= tail.T; j++ {
		if j >= 1 && r.Digit(j).Allows(1) {
			tail.Ones = append(tail.Ones, j)
		}
		if r.Digit(j).Allows(2) {
			tail.Splits = append(tail.Splits, j)
		}
	}
	return tail, true
}

// CertifyOneHeapTail checks the certificate above for the claim
// G(n+p) = G(n) + s (s ≥ 1) from preperiod n0 on, for a one-heap game whose
// digits are 3 from T+1 on: it looks for the smallest n ≥ max(T+1, n0+T)
// with n+p ≤ len(values) at which conditions (a) and (b) hold. It returns
// the proven period (Preperiod n0, NeededTo n+p: the values G(0..n+p−1) the
// check read) and true, or false when the values refute the claim or are
// too few to prove it.
func CertifyOneHeapTail(values []uint16, T, p, s, n0 int) (Period, bool) {
	return CertifyThreesTail(values, ThreesTail{T: T}, p, s, n0)
}

// CertifyThreesTail checks the claim G(n+p) = G(n) + s for every n ≥ n0 of
// a game whose digits are 3 from T+1 on and whose other moves leave at most
// two heaps (tail; no splits: the one-heap certificate, else the two-heap
// certificate, s a power of two). It looks for the smallest base heap Nc (at least
// max(T+1, n0+T), and 2·n0+T with splits) at which conditions (a)-(d) of
// the comments above hold and returns the proven period (NeededTo Nc+p:
// the values G(0..Nc+p−1) the check read) and true; false when the values
// refute the claim, are too few, or a condition fails.
func CertifyThreesTail(values []uint16, tail ThreesTail, p, s, n0 int) (Period, bool) {
	T, splits := tail.T, tail.Splits
	if p < 1 || s < 1 || n0 < 0 || T < 0 || !saltusHolds(values, p, s, n0) {
		return Period{}, false
	}
	N := len(values)
	nMin := max(T+1, n0+T)
	if len(splits) > 0 {
		nMin = max(nMin, 2*n0+T)
	}
	if nMin+p > N || n0+p > N {
		return Period{}, false
	}
	// (c) and (d): no split of a heap M ≥ nMin+p reaches G(M) (residues)
	var witness []bool // witness[N]: (d) holds at heap N
	if len(splits) > 0 {
		if !splitsExcluded(values, splits, p, s, n0) {
			return Period{}, false
		}
		witness = shiftableWitnesses(values, tail, s, n0, nMin)
	}
	n := nMin
	seen := newShiftedSeen(values, T, p, s, n)
	// bad counts the heaps of the window [n, n+p) where (d) fails
	bad := 0
	if witness != nil {
		for m := n; m < n+p; m++ {
			if !witness[m] {
				bad++
			}
		}
	}
	proof := ProofOneHeapTail
	if len(splits) > 0 {
		proof = ProofTwoHeapTail
	}
	for {
		if seen.mismatch == 0 && bad == 0 {
			// (a) holds: n−T ≥ n0 and the claim was checked above
			return Period{Period: p, Preperiod: n0, Saltus: s, Certified: true, NeededTo: n + p, Proof: proof}, true
		}
		if n+p >= N {
			return Period{}, false
		}
		seen.next(n)
		if witness != nil {
			if !witness[n] {
				bad--
			}
			if !witness[n+p] {
				bad++
			}
		}
		n++
	}
}

// saltusHolds checks the claim G(n+p) = G(n) + s itself on every known
// heap n ≥ n0.
func saltusHolds(values []uint16, p, s, n0 int) bool {
	for n := n0; n+p < len(values); n++ {
		if int(values[n+p]) != int(values[n])+s {
			return false
		}
	}
	return true
}

// shiftedSeen keeps condition (b) of the certificates for a base heap n
// incrementally: mismatch counts the values v where "v ∈ V(n+p−T)" and
// "v < s or v−s ∈ V(n−T)" differ (V(m): the values of G(0..m−1)).
type shiftedSeen struct {
	values   []uint16
	T, p, s  int
	inRight  []bool // v ∈ V(n+p−T)
	inShift  []bool // v−s ∈ V(n−T), or v < s
	mismatch int
}

// newShiftedSeen is the state of (b) at base heap n.
func newShiftedSeen(values []uint16, T, p, s, n int) *shiftedSeen {
	top := s
	for _, v := range values {
		top = max(top, int(v)+s+1)
	}
	b := &shiftedSeen{values: values, T: T, p: p, s: s, inRight: make([]bool, top), inShift: make([]bool, top)}
	for v := range s {
		b.add(v, b.inShift, b.inRight)
	}
	for m := range n + p - T {
		b.add(int(values[m]), b.inRight, b.inShift)
	}
	for m := range n - T {
		b.add(int(values[m])+s, b.inShift, b.inRight)
	}
	return b
}

// add puts v in set, keeping mismatch.
func (b *shiftedSeen) add(v int, set, other []bool) {
	if set[v] {
		return
	}
	before := set[v] != other[v]
	set[v] = true
	after := set[v] != other[v]
	switch {
	case before && !after:
		b.mismatch--
	case !before && after:
		b.mismatch++
	}
}

// next moves the base heap from n to n+1.
func (b *shiftedSeen) next(n int) {
	b.add(int(b.values[n+b.p-b.T]), b.inRight, b.inShift)
	b.add(int(b.values[n-b.T])+b.s, b.inShift, b.inRight)
}

// maxPeriodMultiple bounds the multiples k·p that certifyThreesTailMultiples
// tries.
const maxPeriodMultiple = 16

// certifyThreesTailMultiples is CertifyThreesTail for the claim
// G(n+p) = G(n) + s, tried with the period and saltus multiplied by
// k = 1, 2, 4, … maxPeriodMultiple. A multiple sees more: the low bits mod
// the lowest set bit of k·s and the residues mod k·p separate splits that
// mod p do not (4.1[3]: period 8, saltus 4 fails condition (c); period 16,
// saltus 8 passes). The multiple proves G(n+kp) = G(n) + ks for n ≥ n0;
// then D(n) = G(n+p) − G(n) satisfies D(n+kp) = D(n) for n ≥ n0, so
// D(n) = s on the kp heaps n0 ≤ n < n0+kp (checked on the values) gives
// D(n) = s for every n ≥ n0: the claim itself. The check needs
// G(0..max(L_k, n0+kp+p)−1), L_k the multiple's certificate length.
func certifyThreesTailMultiples(values []uint16, tail ThreesTail, p, s, n0 int) (Period, bool) {
	for k := 1; k <= maxPeriodMultiple && n0+k*p <= len(values); k *= 2 {
		c, ok := CertifyThreesTail(values, tail, k*p, k*s, n0)
		if !ok {
			continue
		}
		if k == 1 {
			return c, true
		}
		if n0+(k+1)*p > len(values) {
			return Period{}, false // too few values to check one period of the claim
		}
		for n := n0; n < n0+k*p; n++ {
			if int(values[n+p]) != int(values[n])+s {
				return Period{}, false
			}
		}
		c.Period, c.Saltus = p, s
		c.NeededTo = max(c.NeededTo, n0+(k+1)*p)
		return c, true
	}
	return Period{}, false
}

// splitsExcluded checks condition (d) of the two-heap certificate: no
// split a + b = M − j (j in splits) of a heap M ≥ 2·n0+T+p reaches the
// claimed G(M). With σ the lowest set bit of s, l(n) = G(n) mod σ and
// C(n) = p·G(n) − s·n (both depend only on n mod p for n ≥ n0), a split of
// two regular heaps (a, b ≥ n0) is excluded by its residues when
// l(a) ⊕ l(b) ≠ l(M) (the XOR has other low bits) or
// C(a) + C(b) − s·j < C(M) (then G(a) ⊕ G(b) ≤ G(a) + G(b) < G(M)); a
// split with a small heap b < n0 is excluded when G(b) < σ (shift: see the
// proof), when l(a) ⊕ (G(b) mod σ) ≠ l(M), or when
// C(a) + p·G(b) − s·(j+b) < C(M).
func splitsExcluded(values []uint16, splits []int, p, s, n0 int) bool {
	sigma := s & -s
	low := make([]int, p) // low[r] = l(r)
	c := make([]int, p)   // c[r] = C(r)
	for n := n0; n < n0+p; n++ {
		low[n%p] = int(values[n]) & (sigma - 1)
		c[n%p] = p*int(values[n]) - s*n
	}
	mod := func(x int) int { return ((x % p) + p) % p }
	for r := range p {
		for _, j := range splits {
			for ra := range p {
				rb := mod(r - j - ra)
				if low[ra]^low[rb] == low[r] && c[ra]+c[rb]-s*j >= c[r] {
					return false
				}
			}
			for b := 1; b < n0; b++ {
				gb := int(values[b])
				if gb < sigma {
					continue
				}
				ra := mod(r - j - b)
				if low[ra]^(gb&(sigma-1)) == low[r] && c[ra]+p*gb-s*(j+b) >= c[r] {
					return false
				}
			}
		}
	}
	return true
}

// shiftableWitnesses returns w with w[N] (nMin ≤ N < len(values)) true when
// condition (e) of the two-heap certificate holds at N: every value
// u < G(N) that is neither a value G(m), m < N−T, nor a recent one-heap
// option G(N−j) (j in tail.Ones) is G(a) ⊕ G(b) for a split a + b = N − j
// (j in tail.Splits) with a ≥ n0 and G(b) < s.
func shiftableWitnesses(values []uint16, tail ThreesTail, s, n0, nMin int) []bool {
	T, splits := tail.T, tail.Splits
	N := len(values)
	w := make([]bool, N)
	top := 1
	for _, v := range values {
		top = max(top, int(v)+1)
	}
	inV := make([]bool, top) // inV[v]: v ∈ V(N−T)
	lowest := 0              // smallest value not in V(N−T)
	sigma := s & -s
	var small []int // heaps b ≥ 1 with G(b) < σ, the lowest set bit of s
	for b := 1; b < N; b++ {
		if int(values[b]) < sigma {
			small = append(small, b)
		}
	}
	next := 0 // V(next) is in inV
	recent := map[int]bool{}
	for n := nMin; n < N; n++ {
		for ; next < n-T; next++ {
			inV[values[next]] = true
		}
		for lowest < top && inV[lowest] {
			lowest++
		}
		clear(recent)
		for _, j := range tail.Ones {
			if n-j >= 1 {
				recent[int(values[n-j])] = true
			}
		}
		ok := true
		for u := lowest; u < int(values[n]) && ok; u++ {
			if inV[u] || recent[u] {
				continue
			}
			ok = false
			for _, j := range splits {
				for _, b := range small {
					a := n - j - b
					if a < max(n0, 1) {
						break
					}
					if int(values[a]^values[b]) == u {
						ok = true
						break
					}
				}
				if ok {
					break
				}
			}
		}
		w[n] = ok
	}
	return w
}

func fmtProof(m int) string {
	if m == 2 {
		return "Guy–Smith theorem"
	}
	return fmt.Sprintf(ProofGuySmithHeaps, m)
}
