package census

import (
	"fmt"
	"math/bits"
	"strings"
	"time"

	"github.com/nimlab/nimlab/solver/octal"
)

// EngineVersion names the engine whose results a census records. Results
// computed under another version are computed again; change it when
// solver/octal's values, certificates or the summary below change meaning.
const EngineVersion = "octal-sparse-2"

// DefaultMaxHeaps is the default per-game heap budget: 2^20.
const DefaultMaxHeaps = 1 << 20

// Budget is how much a census spends on each game.
type Budget struct {
	// MaxHeaps bounds the values computed: G(0..MaxHeaps−1) at most.
	MaxHeaps int
	// Time, if positive, bounds each game's time; a game stopped by it is
	// recorded as unsolved to the heaps it reached.
	Time time.Duration
}

// ParseTimeBudget reads Budget.Time as the command line and the window
// take it: a positive duration such as 30s or 5m, or "" or "none" for no
// time budget (0).
func ParseTimeBudget(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "none" {
		return 0, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%q is not a time budget; accepted: a positive duration such as 30s or 5m, or none", s)
	}
	return d, nil
}

// Status says what a census found for a game.
type Status string

const (
	// Periodic: the Guy–Smith theorem certifies the period.
	Periodic Status = "periodic"
	// Unsolved: no period certified within the budget.
	Unsolved Status = "unsolved"
)

// Result is the census entry of one game.
type Result struct {
	Code   string // the game's canonical code (the key)
	Octal  string // the octal code the engine ran
	Engine string // EngineVersion of the run
	Budget Budget

	Status Status
	// StoppedBy says why an unsolved game stopped: "max" (the heap budget),
	// "time" (the time budget), "saltus" (its values show an arithmetic
	// period, G(n+p) = G(n) + s with s ≠ 0: they grow for ever if it holds,
	// so no ordinary period can be certified) or "value" (the next value
	// exceeds octal.MaxValue, the largest the two-byte store holds).
	StoppedBy string
	// Heaps is how many values were computed: G(0..Heaps−1). For a periodic
	// game it is the certificate's length.
	Heaps int
	// Period, Preperiod and Saltus: G(n+Period) = G(n) + Saltus for every
	// n ≥ Preperiod. For a periodic game they are proven (PeriodKind
	// "proven", the theorem in Proof); an unsolved game may show one on the
	// values computed (PeriodKind "seen": the second half of the values at
	// least, three periods at least), which is no proof. Saltus is 0 for an
	// ordinary period; the Nim lemma proves saltus 1 for games such as
	// 0.[3].
	Period, Preperiod, Saltus int
	PeriodKind                string
	Proof                     string

	// SameAs, when not empty, names a game of the same census whose moves
	// this game's extend by moves that leave at most one heap, and whose
	// values it was shown to share on every heap that game computed (see
	// sameas.go): the values were checked, not computed again.
	SameAs string

	// MaxValue is the largest value computed, first at heap MaxAt.
	MaxValue, MaxAt int
	// RareMask is the sparse-space mask chosen from the values (0: the
	// values show no sparse space); RareCount counts the heaps 1..Heaps−1
	// whose value is rare under it, LastRare is the largest (0 if none).
	RareMask            int
	RareCount, LastRare int

	// Fingerprints[s][i] is a hash of G(1+s .. L_i+s), where L_i is
	// FingerprintLength(i); see Classes.
	Fingerprints [3][]uint64

	Seconds float64 // wall time of the game
}

// The kinds of period a result reports.
const (
	PeriodProven = "proven"
	PeriodSeen   = "seen"
)

// Solved reports whether the game's period is certified.
func (r *Result) Solved() bool { return r.Status == Periodic }

// firstFingerprint is the smallest i with a fingerprint: L_0 = 2^4 − 3.
const firstFingerprint = 4

// FingerprintLength returns L_i = 2^(i+4) − 3, the number of values the
// i-th fingerprint covers (13, 29, 61, …): the longest window G(1+s..L+s),
// s ≤ 2, within G(0..2^(i+4)−1).
func FingerprintLength(i int) int { return 1<<(i+firstFingerprint) - 3 }

// summarize builds the result of a game from its values: periodic when
// period is certified, else unsolved (stopped by stoppedBy) with the period
// the values show, if any.
func summarize(g Game, budget Budget, vals []uint16, period octal.Period, stoppedBy string, took time.Duration) *Result {
	r := &Result{Code: g.Code, Octal: g.Octal.String(), Engine: EngineVersion, Budget: budget,
		Heaps: len(vals), Seconds: took.Seconds()}
	switch {
	case period.Certified:
		r.Status = Periodic
		r.PeriodKind, r.Proof = PeriodProven, period.Proof
		if r.Proof == "" {
			r.Proof = octal.ProofGuySmith // a Period built outside Solve
		}
	default:
		r.Status = Unsolved
		r.StoppedBy = stoppedBy
		if period.Period > 0 {
			r.PeriodKind = PeriodSeen
		}
	}
	if r.PeriodKind != "" {
		r.Period, r.Preperiod, r.Saltus = period.Period, period.Preperiod, period.Saltus
	}
	for n, v := range vals {
		if int(v) > r.MaxValue {
			r.MaxValue, r.MaxAt = int(v), n
		}
	}
	if len(vals) > 1 && g.Octal.Digits != nil {
		mask := octal.NewSparse(g.Octal, vals).Mask()
		r.RareMask = int(mask)
		if mask != 0 {
			for n := 1; n < len(vals); n++ {
				if bits.OnesCount16(vals[n]&mask)&1 == 0 {
					r.RareCount++
					r.LastRare = n
				}
			}
		}
	}
	r.Fingerprints = fingerprints(vals, r, budget.MaxHeaps)
	return r
}

// fingerprints hashes G(1+s .. L_i+s) for s = 0, 1, 2 and every L_i whose
// window lies within the known values — or, for a certified game, within
// G(0..limit−1), the periodic (or arithmetic-periodic) extension standing
// in for the values not computed.
func fingerprints(vals []uint16, r *Result, limit int) [3][]uint64 {
	reach := len(vals)
	certified, period, saltus := r.Solved(), r.Period, r.Saltus
	if certified {
		reach = max(reach, limit)
	}
	p := octal.Period{Period: period, Saltus: saltus}
	// Beyond the values only for a certified game; a value past the
	// two-byte store wraps (the hash only has to tell sequences apart).
	at := func(n int) uint16 { return uint16(p.At(vals, n)) }
	var out [3][]uint64
	for s := 0; s < 3; s++ {
		h := uint64(fnvOffset)
		i := 0
		for j := 1; FingerprintLength(i)+s < reach; j++ {
			// FNV-1a over 16-bit words: one multiply a value.
			h = (h ^ uint64(at(j+s))) * fnvPrime
			if j == FingerprintLength(i) {
				out[s] = append(out[s], h)
				i++
			}
		}
	}
	return out
}

// The FNV-1a 64-bit offset basis and prime.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)
