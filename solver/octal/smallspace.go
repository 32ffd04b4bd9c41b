package octal

import (
	"fmt"
	"math/bits"
)

// The small-space engine: the sparse engine for codes whose values are all
// below 64 and whose rare heaps are few (0.106 has 15, the last at 1103), so
// that a heap costs a handful of operations per rare heap. Every set of
// values is one 64-bit word: the options found by the rare scan and the
// take and whole moves, the rare values still to rule out. The rule-out
// scan walks the splits from the smallest part up and stops when the word
// is empty, which for these games happens within a few dozen splits.
//
// The values are exactly the serial engine's: the common values (for the
// heap, see Space) are all found by the rare scan, and every rare value
// below the smallest missing common one is looked for among all splits.

// smallMaxValue bounds the values of the small-space engine (one word).
const smallMaxValue = 63

// smallMaxWork is the most rare heaps × split digits for which the
// small-space engine is used; above it the block engine's vector marking
// on both cores is faster.
var smallMaxWork = 128

// smallApplies reports whether smallRound can compute heap n.
func (s *Sparse) smallApplies(n int) bool {
	return s.mask != 0 && len(s.split) >= 1 && s.maxValue <= smallMaxValue && s.mask <= smallMaxValue &&
		len(s.rare)*len(s.split) <= smallMaxWork && n >= firstMaskCheck
}

// smallRound computes G(from..to−1) while the values stay below 64; it
// stops early (the caller goes on with another engine) at a heap whose
// value would not fit, and at a heap it cannot decide within pairLimit.
func (s *Sparse) smallRound(from, to int) {
	for n := from; n < to; n++ {
		v, ok := s.smallHeapValue(n)
		if !ok {
			return
		}
		s.vals = append(s.vals, v)
		s.record(n, v)
		if s.maxValue > smallMaxValue || len(s.rare)*len(s.split) > smallMaxWork {
			return
		}
	}
}

// smallHeapValue computes G(n); ok is false when the value may be 64 or
// more (the serial engine then computes it) or when it cannot be decided
// within pairLimit (s.undecided is set).
func (s *Sparse) smallHeapValue(n int) (uint16, bool) {
	vals := s.vals[:n]
	var opts uint64
	for _, j := range s.whole {
		if n == j {
			opts |= 1
		}
	}
	for _, j := range s.take {
		if n-j >= 1 {
			opts |= 1 << (vals[n-j] & 63)
		}
	}
	rare := s.rare
	for _, j := range s.split {
		r := n - j
		if r < 2 {
			continue
		}
		second := vals[:r] // second[r−a] for a < r
		for _, a := range rare {
			if int(a) >= r {
				break
			}
			opts |= 1 << ((vals[a] ^ second[r-int(a)]) & 63)
		}
	}
	rareBits := s.rareBits[s.target(n)][0]
	common := ^(opts | rareBits)
	if common == 0 {
		return 0, false
	}
	c := bits.TrailingZeros64(common)
	set := ^opts & rareBits & (1<<c - 1)
	if set == 0 {
		return uint16(c), true
	}
	set, cut := s.smallRuleOut(n, vals, set)
	if set == 0 {
		return uint16(c), true
	}
	if cut {
		s.undecide(n, &valueSet512{set})
		return 0, false
	}
	return uint16(bits.TrailingZeros64(set)), true
}

// smallRuleOut removes from set the values of the splits of n, smallest
// part first, until none is left; cut reports that pairLimit kept it from
// testing every split.
func (s *Sparse) smallRuleOut(n int, vals []uint16, set uint64) (left uint64, cut bool) {
	limit := s.pairLimitFor(n)
	if len(s.split) == 1 {
		r := n - s.split[0]
		last := min(r/2, limit-1) // the largest first part tested
		a := 1
		for ; a+3 <= last; a += 4 {
			set &^= 1<<((vals[a]^vals[r-a])&63) | 1<<((vals[a+1]^vals[r-a-1])&63) |
				1<<((vals[a+2]^vals[r-a-2])&63) | 1<<((vals[a+3]^vals[r-a-3])&63)
			if set == 0 {
				return 0, false
			}
		}
		for ; a <= last; a++ {
			set &^= 1 << ((vals[a] ^ vals[r-a]) & 63)
		}
		return set, set != 0 && last < r/2
	}
	jmin := s.split[0]
	last := min((n-jmin)/2, limit-1)
	for a := 1; a <= last; a++ {
		va := vals[a]
		for _, j := range s.split {
			b := n - j - a
			if b < a {
				break
			}
			set &^= 1 << ((va ^ vals[b]) & 63)
		}
		if set == 0 {
			return 0, false
		}
	}
	return set, set != 0 && last < (n-jmin)/2
}

// pairLimitFor is the first part from which the rule-out scans of heap n
// may not read (a streaming run keeps only the first values and the last
// ones), or more than any part of n when every split may be read.
func (s *Sparse) pairLimitFor(n int) int {
	if s.pairLimit > 0 {
		return s.pairLimit
	}
	return n + 1
}

// cut reports whether pairLimit keeps the rule-out scans of heap n from
// some of its splits.
func (s *Sparse) cut(n int) bool {
	return s.pairLimit > 0 && len(s.split) > 0 && (n-s.split[0])/2 >= s.pairLimit
}

// UndecidedError says that a streaming run cannot decide a heap's value
// from the values it keeps: the rare values in Candidates (below the
// smallest missing common value) are not ruled out by the splits whose
// smaller part is below PairLimit, and the splits beyond would read values
// it no longer has. Computing with more kept values (a larger window), or
// in memory, decides it.
type UndecidedError struct {
	Code       Code
	Heap       int
	Candidates []int
	PairLimit  int
	Reason     string
}

func (e *UndecidedError) Error() string {
	if e.Reason != "" {
		return fmt.Sprintf("%s: cannot decide at heap %d: %s", e.Code, e.Heap, e.Reason)
	}
	return fmt.Sprintf("%s: cannot decide at heap %d: the rare values %v are not ruled out by the splits with a part below %d, the first values kept", e.Code, e.Heap, e.Candidates, e.PairLimit)
}

// undecide records that heap n cannot be decided with the rare values in
// set still to rule out.
func (s *Sparse) undecide(n int, set *valueSet512) {
	if s.undecided != nil {
		return
	}
	var cands []int
	for w, x := range set {
		for ; x != 0; x &= x - 1 {
			cands = append(cands, 64*w+bits.TrailingZeros64(x))
		}
	}
	s.undecided = &UndecidedError{Code: s.code, Heap: n, Candidates: cands, PairLimit: s.pairLimit}
}
