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
	// Proof names the theorem that certifies the period (ProofGuySmith for
	// octal codes, the others in gamecert.go); never empty when Certified.
	Proof string `json:",omitempty"`
}

// CertificateLength is 2·n0 + 2p + k, the number of values G(0..) the
// Guy–Smith theorem needs to prove period p from preperiod n0 for a code whose
// last non-zero digit has index k.
//
// The theorem's proof lowers a heap b ≥ n0 + p to b − p and needs b − p to
// stay a non-empty heap, so it only holds for n0 ≥ 1: a preperiod of 0 is
// certified with the window of n0 = 1. (The thesis and Di Prisa's notes
// state the theorem without this condition; 0.4 is a counterexample, see
// docs/FINDINGS.md.)
func CertificateLength(preperiod, period, k int) int {
	return 2*max(preperiod, 1) + 2*period + k
}

// FindPeriod returns the smallest period p that the known values prove, with
// the smallest preperiod for it, and ok = true; ok is false when no period is
// proven yet.
//
// For each p the values are compared from the end backwards: the first
// mismatch found is the last irregular heap, so n0 is one past it. The scan for
// a p stops as soon as n0 could no longer satisfy the certificate, which
// keeps a wrong p cheap.
func FindPeriod(values []uint16, k int) (Period, bool) {
	n := len(values)
	for p := 1; 2*p+k <= n; p++ {
		// A certified n0 satisfies CertificateLength(n0, p, k) ≤ n.
		maxN0 := (n - 2*p - k) / 2
		if maxN0 < 1 {
			continue
		}
		if n0, ok := periodStart(values, p, maxN0); ok {
			return Period{Period: p, Preperiod: n0, Certified: true, NeededTo: CertificateLength(n0, p, k), Proof: ProofGuySmith}, true
		}
	}
	return Period{}, false
}

// tailPeriodMax and tailPeriodRun bound TailPeriod: periods up to
// tailPeriodMax, shown by at least tailPeriodRun values (or three periods).
const (
	tailPeriodMax = 4096
	tailPeriodRun = 300
)

// TailPeriod returns the period that the end of a Grundy sequence shows,
// proven or not: the smallest p ≤ 4096 whose last max(3p, 300) values
// repeat with period p, with its preperiod n0 (one past the last heap where
// G(n) ≠ G(n+p)) and NeededTo = CertificateLength(n0, p, k), the values the
// Guy–Smith certificate of that period needs for a code whose last digit has
// index k. Certified is false (FindPeriod proves periods); ok is false when
// the values show no period yet (0.6, Officers, at any length computed so
// far).
//
// Unlike FindArithmeticPeriod, the regular part may be a small end of the
// values: it says how far a run must go to prove a period that appears
// late (0.376: period 4 from heap 2,268,248).
func TailPeriod(values []uint16, k int) (Period, bool) {
	n := len(values)
	for p := 1; p <= tailPeriodMax; p++ {
		run := max(3*p, tailPeriodRun)
		if run+p > n {
			return Period{}, false
		}
		if n0, ok := periodStart(values, p, n-run-p); ok {
			return Period{Period: p, Preperiod: n0, NeededTo: CertificateLength(n0, p, k)}, true
		}
	}
	return Period{}, false
}

// periodStart returns the preperiod of period p in values, one past the
// last heap i where G(i) ≠ G(i+p), and ok = true, when that heap is below
// from: the values repeat with period p from heap from on. The values are
// compared from the end backwards, so a p that fails is dropped at its
// last mismatch.
func periodStart(values []uint16, p, from int) (n0 int, ok bool) {
	i := len(values) - 1 - p
	for i >= from && values[i+p] == values[i] {
		i--
	}
	if i >= from {
		return 0, false
	}
	for i >= 0 && values[i+p] == values[i] {
		i--
	}
	return i + 1, true
}

// ProvenPeriod returns the period a theorem proves for code on the values
// G(0..len(values)−1), as Solve certifies it: the Guy–Smith theorem for
// octal codes (FindPeriod), the theorems of AnalyzePeriod for the games the
// general engines run. ok is false when no period is proven yet.
func ProvenPeriod(code Code, values []uint16) (Period, bool) {
	if code.usesGeneral() {
		p := AnalyzePeriod(code, values)
		if !p.Certified {
			return Period{}, false
		}
		return p, true
	}
	return FindPeriod(values, code.K())
}

// FindSaltus returns the arithmetic period with saltus s ≠ 0 that the values
// show (FindArithmeticPeriod: G(n+p) = G(n) + s over the second half of the
// values and three periods at least), which is no proof (Certified false);
// ok is false when they show none.
//
// It looks only when the second half of the values holds a value above
// every value of the first: an arithmetic period with s > 0 over the second
// half, three periods at least, raises it by 3s. That keeps
// FindArithmeticPeriod off the sequences that cannot have one, so a run may
// ask after every step (a census stops a game whose values grow for ever).
func FindSaltus(values []uint16) (Period, bool) {
	if !growing(values) {
		return Period{}, false
	}
	if p, ok := FindArithmeticPeriod(values); ok && p.Saltus != 0 {
		return p, true
	}
	return Period{}, false
}

// growing reports whether the second half of the values holds a value above
// every value of the first half.
func growing(values []uint16) bool {
	half := len(values) / 2
	var first, second uint16
	for _, v := range values[:half] {
		first = max(first, v)
	}
	for _, v := range values[half:] {
		second = max(second, v)
	}
	return second > first
}

// SeenPeriod returns the period r's values show, proven or not (Period 0
// when none): r.Period when it has one (certified, or what AnalyzePeriod sees
// in the values of a game the general engines run), else the arithmetic
// period FindSaltus finds.
//
// An ordinary period of an octal code that its certificate does not reach
// yet is not looked for: on a game such as 0.376 (period 4 from heap
// 2,268,248) every multiple of the period would be scanned over the whole
// regular part, quadratic work on millions of values. TailPeriod is the
// bounded search for it.
func (r *Result) SeenPeriod() Period {
	if r.Period.Period > 0 {
		return r.Period
	}
	p, _ := FindSaltus(r.Values)
	return p
}
