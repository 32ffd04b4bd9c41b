package octal

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"unsafe"
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
// Once a value passes 63 the engine goes on with two words a set
// (smallRoundWide, values up to 127).

// smallMaxValue bounds the values of the one-word small-space loops.
const smallMaxValue = 63

// smallMaxWork is the most rare heaps × split digits for which the
// small-space engine is used; above it the block engine's vector marking
// on both cores is faster.
var smallMaxWork = 128

// smallApplies reports whether smallRound can compute heap n.
func (s *Sparse) smallApplies(n int) bool {
	return s.mask != 0 && len(s.split) >= 1 && s.smallFits() &&
		len(s.rare)*len(s.split) <= smallMaxWork && n >= firstMaskCheck
}

// smallRound computes G(from..to−1) while the values stay below 128 (one
// word below 64, two words from there: smallRoundWide); it stops early (the
// caller goes on with another engine) at a heap whose value would not fit,
// and at a heap it cannot decide within pairLimit.
func (s *Sparse) smallRound(from, to int) {
	for n := from; n < to; n = len(s.vals) {
		if s.maxValue >= smallWideFrom {
			if s.smallRoundWide(n, to); s.undecided != nil || len(s.vals) == n {
				return
			}
			if !s.smallFits() || len(s.rare)*len(s.split) > smallMaxWork {
				return
			}
			continue
		}
		if one := s.smallOneApplies(n); one || s.smallMultiApplies(n) {
			if one {
				s.smallRoundOne(n, to)
			} else {
				s.smallRoundMulti(n, to)
			}
			if s.undecided != nil || len(s.vals) == n {
				return
			}
			if !s.smallFits() || len(s.rare)*len(s.split) > smallMaxWork {
				return
			}
			continue
		}
		v, ok := s.smallHeapValue(n)
		if !ok {
			return
		}
		s.vals = append(s.vals, v)
		s.record(n, v)
		if !s.smallFits() || len(s.rare)*len(s.split) > smallMaxWork {
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
	set, cut := s.smallRuleOut(n, vals, set, 1)
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
// testing every split. With one split digit the scan starts at the first
// part from (the parts below it are tested already); with several, from is 1.
func (s *Sparse) smallRuleOut(n int, vals []uint16, set uint64, from int) (left uint64, cut bool) {
	limit := s.pairLimitFor(n)
	if len(s.split) == 1 {
		r := n - s.split[0]
		last := min(r/2, limit-1) // the largest first part tested
		a := from
		for ; a+3 <= min(last, smallScalarPairs); a += 4 {
			set &^= 1<<((vals[a]^vals[r-a])&63) | 1<<((vals[a+1]^vals[r-a-1])&63) |
				1<<((vals[a+2]^vals[r-a-2])&63) | 1<<((vals[a+3]^vals[r-a-3])&63)
			if set == 0 {
				return 0, false
			}
		}
		// Most scans end within a few pairs; the longer ones go on 16
		// pairs at a time against the reversed copy of the first values.
		if rev := s.smallRevFor(n); len(rev) > 0 {
			if blocks := (min(last, len(rev)-1) - a + 1) / 16; blocks > 0 {
				var done int
				set, done = ruleOut64(&rev[len(rev)-16-a], &vals[r-a-15], blocks, set)
				if s.smallVectorBlocks += done; set == 0 {
					return 0, false
				}
				a += 16 * done
			}
		}
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
	if len(s.split) == 2 {
		return s.smallRuleOut2(n, vals, set, limit)
	}
	if len(s.split) == 3 && haveRuleOut64x3 {
		return s.smallRuleOut3(n, vals, set, limit)
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

// smallRuleOut2 is smallRuleOut for two split digits j0 < j1: the pairs
// (a, n−j0−a) and (a, n−j1−a) side by side, from a = 1 up (16 or 32 of
// each at a time against the reversed copy of the first values), then the first
// digit's alone. A pair past the middle of the second digit's splits is
// still a split of n, so the vector blocks may go on to the first digit's
// middle.
func (s *Sparse) smallRuleOut2(n int, vals []uint16, set uint64, limit int) (left uint64, cut bool) {
	r0, r1 := n-s.split[0], n-s.split[1]
	last0, last1 := min(r0/2, limit-1), min(r1/2, limit-1)
	// No scalar start as with one digit: on 0.167 the first four pairs of
	// each digit left 6.2 of the 7.1 values to rule out, and never all.
	a := 1
	if rev := s.smallRevFor(n); len(rev) > 0 {
		lanes := ruleOut64x2Lanes()
		if blocks := (min(last1, len(rev)-1) - a + 1) / lanes; blocks > 0 {
			var done int
			set, done = ruleOut64x2(&rev[len(rev)-lanes-a], &vals[r0-a-lanes+1], &vals[r1-a-lanes+1], blocks, set)
			if s.smallVectorBlocks += done; set == 0 {
				return 0, false
			}
			a += lanes * done
		}
	}
	return ruleOutTail2(vals, r0, r1, a, last0, last1, set)
}

// ruleOutTail2 rules out the values of the pairs (a, r0−a) and (a, r1−a)
// that the vector blocks left, from a on: both digits' pairs up to last1,
// then the first digit's alone up to last0 (r0 > r1). It is the end of
// smallRuleOut2 and smallRuleOut3.
func ruleOutTail2(vals []uint16, r0, r1, a, last0, last1 int, set uint64) (left uint64, cut bool) {
	for ; a <= last1; a++ {
		if set &^= 1<<((vals[a]^vals[r0-a])&63) | 1<<((vals[a]^vals[r1-a])&63); set == 0 {
			return 0, false
		}
	}
	for ; a <= last0; a++ {
		if set &^= 1 << ((vals[a] ^ vals[r0-a]) & 63); set == 0 {
			return 0, false
		}
	}
	return set, last0 < r0/2
}

// smallRuleOut3 is smallRuleOut2 for three split digits j0 < j1 < j2
// (0.1777: 2, 3, 4), 32 pairs of each digit at a time on AVX-512 (16 on
// AVX2), then each digit's remaining pairs.
func (s *Sparse) smallRuleOut3(n int, vals []uint16, set uint64, limit int) (left uint64, cut bool) {
	return s.smallRuleOut3From(n, vals, set, limit, 1)
}

// smallRuleOut3From is smallRuleOut3 from the first part a on (the pairs
// with smaller first parts are tested already).
func (s *Sparse) smallRuleOut3From(n int, vals []uint16, set uint64, limit, a int) (left uint64, cut bool) {
	r0, r1, r2 := n-s.split[0], n-s.split[1], n-s.split[2]
	last0, last1, last2 := min(r0/2, limit-1), min(r1/2, limit-1), min(r2/2, limit-1)
	if rev := s.smallRevFor(n); len(rev) > 0 {
		lanes := ruleOut64x3Lanes()
		if blocks := (min(last2, len(rev)-1) - a + 1) / lanes; blocks > 0 {
			var done int
			set, done = ruleOut64x3(&rev[len(rev)-lanes-a], &vals[r0-a-lanes+1], &vals[r1-a-lanes+1], &vals[r2-a-lanes+1], blocks, set)
			if s.smallVectorBlocks += done; set == 0 {
				return 0, false
			}
			a += lanes * done
		}
	}
	for ; a <= last2; a++ {
		va := vals[a]
		if set &^= 1<<((va^vals[r0-a])&63) | 1<<((va^vals[r1-a])&63) | 1<<((va^vals[r2-a])&63); set == 0 {
			return 0, false
		}
	}
	return ruleOutTail2(vals, r0, r1, a, last0, last1, set)
}

// pairWordBlocks is how many blocks of pairs pairWordRing keeps a heap:
// past them (a few heaps in 10^4 on 0.1777) the scan goes on with
// ruleOut64x3.
const pairWordBlocks = 8

// pairWordRing holds, for the last 16 heaps m, the words of the first split
// digit j0's pairs (a, m − j0 − a) by blocks of L = ruleOut64x3Lanes()
// first parts: words[m & 15][b] is the OR of 1 << (G(a) ^ G(m − j0 − a))
// over a = 1 + bL … (b + 1)L, for b < count[m & 15]. The pairs of digit j
// at heap n are the first digit's at heap n − (j − j0), so with three
// digits close together (0.1777: 2, 3, 4) a block of the rule-out scan is
// the OR of three words, and each word is made once instead of once a
// digit: one heap's word serves the next heaps too.
type pairWordRing struct {
	words [16][pairWordBlocks]uint64
	count [16]int
}

// pairWordsApply reports whether smallRoundWords can compute heap n and
// the next ones (smallRoundMulti's rare-scan reuse must hold too): three
// split digits j0 < j1 < j2 with j0 ≥ 2 (so heap n may make the first words
// of n + 1 and n + 2) and j2 − j0 < 12 (the ring holds 16 heaps), the
// vector kernel, and a first block of L first parts that are splits of n
// for every digit and lie in the reversed copy of the first values (both
// hold for every later heap too).
func (s *Sparse) pairWordsApply(n int) bool {
	if len(s.split) != 3 || !haveRuleOut64x3 || s.split[0] < 2 || s.split[2]-s.split[0] >= 12 {
		return false
	}
	rev := s.smallRevFor(n)
	return min((n-s.split[2])/2, s.pairLimitFor(n)-1, len(rev)-1) >= ruleOut64x3Lanes()
}

// fill makes the words of heap m up to block b (count[m & 15] > b).
func (w *pairWordRing) fill(m, b, j0 int, rev, vals []uint16) {
	e := &w.count[m&15]
	lanes := ruleOut64x3Lanes()
	for ; *e <= b; *e++ {
		a := 1 + lanes**e
		w.words[m&15][*e] = pairWord(&rev[len(rev)-lanes-a], &vals[m-j0-a-lanes+1])
	}
}

// start makes the first word of heap m anew (its slot held heap m − 16).
func (w *pairWordRing) start(m, j0 int, rev, vals []uint16) {
	w.count[m&15] = 0
	w.fill(m, 0, j0, rev, vals)
}

// start3 makes the first words of heaps m, m + 1 and m + 2 anew; they read
// values up to G(m + 1 − j0), so with j0 ≥ 2 heap m may make them.
func (w *pairWordRing) start3(m, j0 int, rev, vals []uint16) {
	lanes := ruleOut64x3Lanes()
	x0, x1, x2 := pairWords3(&rev[len(rev)-lanes-1], &vals[m-j0-lanes])
	w.words[m&15][0], w.words[(m+1)&15][0], w.words[(m+2)&15][0] = x0, x1, x2
	w.count[m&15], w.count[(m+1)&15], w.count[(m+2)&15] = 1, 1, 1
}

// fill3 makes block b of heaps m, m + 1 and m + 2, whose words go up to
// block b − 1.
func (w *pairWordRing) fill3(m, b, j0 int, rev, vals []uint16) {
	lanes := ruleOut64x3Lanes()
	a := 1 + lanes*b
	x0, x1, x2 := pairWords3(&rev[len(rev)-lanes-a], &vals[m-j0-a-lanes+1])
	w.words[m&15][b], w.words[(m+1)&15][b], w.words[(m+2)&15][b] = x0, x1, x2
	w.count[m&15], w.count[(m+1)&15], w.count[(m+2)&15] = b+1, b+1, b+1
}

// smallRuleOut3Words is smallRuleOut3 for a heap n whose first block the
// caller has ruled out with the words of w (back holds j − j0 for the three
// digits): blocks 1 to blocks − 1 by the words too, then smallRuleOut3From.
// blocks is at most pairWordBlocks, and each block's first parts must be
// splits of n for every digit and lie in the reversed copy of the first
// values (wordBlocks).
func (s *Sparse) smallRuleOut3Words(n int, vals []uint16, set uint64, w *pairWordRing, back *[smallMultiMaxSplits]int, blocks int) (left uint64, cut bool) {
	rev := s.smallRev
	j0 := s.split[0]
	consecutive := back[1] == 1 && back[2] == 2
	b := 1
	for ; b < blocks; b++ {
		if consecutive && w.count[n&15] == b && w.count[(n-1)&15] == b && w.count[(n-2)&15] == b {
			w.fill3(n-2, b, j0, rev, vals)
		} else {
			for _, d := range back[:3] {
				w.fill(n-d, b, j0, rev, vals)
			}
		}
		if set &^= w.words[n&15][b] | w.words[(n-back[1])&15][b] | w.words[(n-back[2])&15][b]; set == 0 {
			return 0, false
		}
	}
	return s.smallRuleOut3From(n, vals, set, s.pairLimitFor(n), 1+ruleOut64x3Lanes()*b)
}

// wordBlocks is how many blocks of pair words smallRuleOut3Words may use
// for heap n, and for every later heap (at most pairWordBlocks).
func (s *Sparse) wordBlocks(n int) int {
	return min(min((n-s.split[2])/2, s.pairLimitFor(n)-1, len(s.smallRev)-1)/ruleOut64x3Lanes(), pairWordBlocks)
}

// smallFirstSplitsFrom is the least r = n − j for which smallRoundOne tests
// the splits (a, r − a), a = 1..4, itself: a ≤ r/2 and a below the
// streaming runs' first window, so every one of them is a split smallRuleOut
// would test.
const smallFirstSplitsFrom = 8

// smallScalarPairs is how many pairs the one-digit rule-out scan tests one
// at a time before the vector scan: a third of the scans end within four
// (fewer instructions than 0 or 8 by cachegrind on 0.106).
const smallScalarPairs = 4

// smallRevLen is how many of the first values smallRev holds, reversed:
// more than nearly every rule-out scan of 0.106 reaches (the longest of
// 4·10^6 heaps went to about 8,000 pairs). A variable for the tests.
var smallRevLen = 1 << 13

// smallRevFor returns the reversed copy of the first values the one-digit
// rule-out scan of heap n tests 16 pairs at a time, G(len−1) down to G(0),
// or nil where there is no vector scan or the first values are too few.
// The first values never change, so the copy is made once.
func (s *Sparse) smallRevFor(n int) []uint16 {
	if len(s.smallRev) > 0 || !haveRuleOut64 {
		return s.smallRev
	}
	size := min(smallRevLen, s.pairLimitFor(n))
	if n < 2*size {
		return nil
	}
	s.smallRev = make([]uint16, size)
	for i := range size {
		s.smallRev[i] = s.vals[size-1-i]
	}
	return s.smallRev
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

// smallOneMaxRare is the most rare heaps smallRoundOne keeps in registers
// and on the stack.
const smallOneMaxRare = 32

// smallOneApplies reports whether smallRoundOne can compute heap n: one
// split digit j, at most smallOneMaxRare rare heaps, all below n − j (so
// every rare heap is a first part of a split of n), and n beyond every
// whole-heap move.
func (s *Sparse) smallOneApplies(n int) bool {
	return len(s.split) == 1 && len(s.rare) <= smallOneMaxRare && s.smallLoopApplies(n)
}

// smallLoopApplies reports whether every rare heap is below n − j for
// every split digit j (so every rare heap is a first part of a split of n
// for every digit) and n is beyond every whole-heap and take move.
func (s *Sparse) smallLoopApplies(n int) bool {
	if len(s.rare) > 0 && int(s.rare[len(s.rare)-1]) >= n-s.split[len(s.split)-1] {
		return false
	}
	for _, w := range s.whole {
		if n <= w {
			return false
		}
	}
	for _, t := range s.take {
		if n-t < 1 {
			return false
		}
	}
	return true
}

// smallRoundOne is smallRound specialised for the games of the 24-hour
// verification (0.106: one split digit, 15 rare heaps): the rare heaps and
// their values sit in local arrays, the values are written in place, and
// the histogram is kept inline. It computes G(from..to−1) and returns
// early, with every value so far recorded, after a rare heap (the caller
// rebuilds its tables and calls again), at a value of 64 or more, and at a
// heap it cannot decide. The values are exactly smallHeapValue's: the same
// option word, the same rule-out scan.
func (s *Sparse) smallRoundOne(from, to int) {
	j := s.split[0]
	nr := len(s.rare)
	var ra [smallOneMaxRare]int    // the rare heaps' byte offsets back from n − j
	var rv [smallOneMaxRare]uint16 // their values
	for i, a := range s.rare {
		ra[i] = 2 * int(a)
		rv[i] = s.vals[a]
	}
	// Four independent chains of ORs: pad to a multiple of four with
	// copies of the first rare heap (an OR twice is the same OR).
	for ; nr%4 != 0; nr++ {
		ra[nr], rv[nr] = ra[0], rv[0]
	}
	// Four heaps at once: the rare scan of heaps n..n+3 reads values up
	// to n+3−j−a, known at heap n when j + a ≥ 4 for every rare heap a.
	batched := haveRareOptions4 && nr > 0 && j+int(s.rare[0]) >= 4
	var offs [smallOneMaxRare]int
	var rv64 [smallOneMaxRare]uint64
	for i := range nr {
		offs[i], rv64[i] = ra[i], uint64(rv[i])
	}
	var batch [4]uint64
	next := 4 // the lane of batch for heap n; 4: none computed
	take := s.take
	rb := [2]uint64{s.rareBits[0][0], s.rareBits[1][0]}
	parity, jParity := s.parity, s.jParity
	maxValue := uint16(s.maxValue)
	hist, histOdd := s.hist[:64:64], s.histOdd[:64:64]
	buf := s.vals[:to] // Extend reserved room for to values
	// first4 holds G(4), G(3), G(2), G(1) in its 16-bit lanes, lowest
	// first: the first parts of the splits (a, r − a), a = 4..1, lined up
	// with G(r−4..r−1) read as one word.
	var first4 uint64
	if from > 4 {
		first4 = uint64(buf[4]) | uint64(buf[3])<<16 | uint64(buf[2])<<32 | uint64(buf[1])<<48
	}
	n := from
	defer func() {
		s.vals = buf[:n]
		s.smallOneHeaps += n - from
	}()
	for ; n < to; n++ {
		var opts uint64
		if len(take) == 1 {
			opts = 1 << (buf[n-take[0]] & 63)
		} else {
			for _, t := range take {
				opts |= 1 << (buf[n-t] & 63)
			}
		}
		// Every rare heap a is below n − j (smallOneApplies, and a new
		// rare heap ends the round), so n − j − a ≥ 1 is in buf.
		end := unsafe.Pointer(unsafe.SliceData(buf[n-j:]))
		if batched {
			if next == 4 {
				rareOptions4((*uint16)(end), &offs[0], &rv64[0], nr, &batch)
				next = 0
				s.smallBatches++
			}
			opts |= batch[next&3]
			next++
		} else {
			var o1, o2, o3 uint64
			for i := 0; i < nr; i += 4 {
				opts |= 1 << ((rv[i] ^ *(*uint16)(unsafe.Add(end, -ra[i]))) & 63)
				o1 |= 1 << ((rv[i+1] ^ *(*uint16)(unsafe.Add(end, -ra[i+1]))) & 63)
				o2 |= 1 << ((rv[i+2] ^ *(*uint16)(unsafe.Add(end, -ra[i+2]))) & 63)
				o3 |= 1 << ((rv[i+3] ^ *(*uint16)(unsafe.Add(end, -ra[i+3]))) & 63)
			}
			opts |= o1 | o2 | o3
		}
		rare := rb[parity&(n^jParity)&1]
		common := ^(opts | rare)
		if common == 0 {
			return // the value may be 64 or more
		}
		c := bits.TrailingZeros64(common)
		v := uint16(c)
		if set := ^opts & rare & (1<<c - 1); set != 0 {
			// The first four splits, (a, r − a) for a = 1..4 with r = n − j,
			// here: G(1..4) are fixed (first4), G(r−4..r−1) is one word
			// (a third of the scans end within them).
			firstPart := 1
			if n-j >= smallFirstSplitsFrom {
				x := binary.LittleEndian.Uint64(unsafe.Slice((*byte)(unsafe.Add(end, -8)), 8)) ^ first4
				set &^= 1<<(x&63) | 1<<(x>>16&63) | 1<<(x>>32&63) | 1<<(x>>48&63)
				firstPart = 5
			}
			if set != 0 {
				var cut bool
				if set, cut = s.smallRuleOut(n, buf[:n], set, firstPart); set != 0 {
					if cut {
						s.undecide(n, &valueSet512{set})
						return
					}
					v = uint16(bits.TrailingZeros64(set))
				}
			}
		}
		if v > maxValue || rare>>v&1 != 0 {
			s.recordSlow(buf, n, v) // the caller rebuilds the tables
			n++
			return
		}
		buf[n] = v
		hist[v]++
		histOdd[v] += uint32(n & 1)
	}
}

// recordSlow stores G(n) = v in buf, the room the small-space loops write
// their values in, and records it the slow way (record): v is a new largest
// value or a rare heap's, so the loop ends and the caller rebuilds its
// tables.
func (s *Sparse) recordSlow(buf []uint16, n int, v uint16) {
	buf[n] = v
	s.vals = buf[:n+1]
	s.record(n, v)
}

// firstDigitScans returns the rare scans of the first split digit j0 for
// the heaps m from − (jmax − j0) to from − 1, at first[m & 15], and j − j0
// for each digit j: smallRoundMulti's start when it reuses them. offs and
// rv hold the rare heaps' byte offsets and values.
func (s *Sparse) firstDigitScans(from int, offs []int, rv []uint64) (first [16]uint64, back [smallMultiMaxSplits]int) {
	split := s.split
	for d, j := range split {
		back[d] = j - split[0]
	}
	for m := from - back[len(split)-1]; m < from; m++ {
		var o uint64
		second := s.vals[:m-split[0]] // every rare heap a is below m − j0
		for i := range offs {
			o |= 1 << ((uint16(rv[i]) ^ second[m-split[0]-offs[i]/2]) & 63)
		}
		first[m&15] = o
	}
	return first, back
}

// rareOffsets puts the rare heaps' byte offsets (2a) and values in offs
// and rv, padded to a multiple of four with copies of the first rare heap
// (an OR twice is the same OR), and returns how many it put.
func (s *Sparse) rareOffsets(offs *[smallMultiMaxRare]int, rv *[smallMultiMaxRare]uint64) int {
	nr := len(s.rare)
	for i, a := range s.rare {
		offs[i], rv[i] = 2*int(a), uint64(s.vals[a])
	}
	for ; nr%4 != 0; nr++ {
		offs[nr], rv[nr] = offs[0], rv[0]
	}
	return nr
}

// smallMultiMaxRare is the most rare heaps smallRoundMulti keeps on the
// stack: with two split digits, smallMaxWork allows 64.
const smallMultiMaxRare = 64

// smallMultiMaxSplits is the most split digits smallRoundMulti takes.
const smallMultiMaxSplits = 4

// smallMultiApplies reports whether smallRoundMulti can compute heap n: two
// to smallMultiMaxSplits split digits, at most smallMultiMaxRare rare heaps,
// and smallLoopApplies.
func (s *Sparse) smallMultiApplies(n int) bool {
	return len(s.split) >= 2 && len(s.split) <= smallMultiMaxSplits && len(s.rare) <= smallMultiMaxRare &&
		s.smallLoopApplies(n)
}

// smallRoundMulti is smallRoundOne for two or more split digits (0.167):
// the rare heaps and their values sit in local arrays, the rare scans of
// four heaps are made at once for each digit, the values are written in
// place and the histogram is kept inline. It returns early, with every
// value so far recorded, after a rare heap or a new largest value, at a
// value of 64 or more, and at a heap it cannot decide. The values are
// exactly smallHeapValue's: the same option word, the same rule-out scan.
func (s *Sparse) smallRoundMulti(from, to int) {
	split := s.split
	var offs [smallMultiMaxRare]int    // the rare heaps' byte offsets back from n − j
	var rv64 [smallMultiMaxRare]uint64 // their values
	nr := s.rareOffsets(&offs, &rv64)
	// The rare scan of heaps n..n+3 reads values up to n+3−j−a, known at
	// heap n when j + a ≥ 4 for every digit and rare heap.
	batched := haveRareOptions4 && nr > 0 && split[0]+int(s.rare[0]) >= 4
	var batch, part [4]uint64
	next := 4 // the lane of batch for heap n; 4: none computed
	// The rare scan of digit j at heap n is the first digit's at heap
	// n − (j − j0): the pairs (a, n − j − a) for the same rare heaps a.
	// So with digits close together (0.1777: 2, 3, 4) the first digit's
	// scans are kept for the last heaps (first[m & 15] for heap m) and
	// each heap ORs len(split) of them: one scan a heap instead of one a
	// digit.
	three := len(split) == 3 && haveRuleOut64x3 // smallRuleOut's choice
	reuse := batched && split[len(split)-1]-split[0] < 12
	var first [16]uint64
	var back [smallMultiMaxSplits]int // j − j0 for each digit
	if reuse {
		first, back = s.firstDigitScans(from, offs[:nr], rv64[:nr])
	}
	// The same for the rule-out scan: each heap's pair words of the first
	// digit, made once and ORed for the three digits (pairWordRing).
	if reuse && s.pairWordsApply(from) {
		s.smallRoundWords(from, to, &multiRare{offs: &offs, rv: &rv64, nr: nr, first: first, back: back})
		return
	}
	take := s.take
	rb := [2]uint64{s.rareBits[0][0], s.rareBits[1][0]}
	parity, jParity := s.parity, s.jParity
	maxValue := uint16(s.maxValue)
	hist, histOdd := s.hist[:64:64], s.histOdd[:64:64]
	buf := s.vals[:to] // Extend reserved room for to values
	n := from
	defer func() {
		s.vals = buf[:n]
		s.smallMultiHeaps += n - from
	}()
	for ; n < to; n++ {
		var opts uint64
		for _, t := range take {
			opts |= 1 << (buf[n-t] & 63)
		}
		if reuse {
			if next == 4 {
				rareOptions4(&buf[n-split[0]], &offs[0], &rv64[0], nr, &part)
				first[n&15], first[(n+1)&15], first[(n+2)&15], first[(n+3)&15] = part[0], part[1], part[2], part[3]
				next = 0
				s.smallBatches++
			}
			next++
			for _, b := range back[:len(split)] {
				opts |= first[(n-b)&15]
			}
		} else if batched {
			if next == 4 {
				batch = [4]uint64{}
				for _, j := range split {
					rareOptions4(&buf[n-j], &offs[0], &rv64[0], nr, &part)
					batch[0] |= part[0]
					batch[1] |= part[1]
					batch[2] |= part[2]
					batch[3] |= part[3]
				}
				next = 0
				s.smallBatches++
			}
			opts |= batch[next&3]
			next++
		} else {
			for _, j := range split {
				second := buf[:n-j] // every rare heap a is below n − j
				for i := range nr {
					opts |= 1 << ((uint16(rv64[i]) ^ second[n-j-offs[i]/2]) & 63)
				}
			}
		}
		rare := rb[parity&(n^jParity)&1]
		common := ^(opts | rare)
		if common == 0 {
			return // the value may be 64 or more
		}
		c := bits.TrailingZeros64(common)
		v := uint16(c)
		if set := ^opts & rare & (1<<c - 1); set != 0 {
			var cut bool
			if three {
				set, cut = s.smallRuleOut3(n, buf[:n], set, s.pairLimitFor(n))
			} else {
				set, cut = s.smallRuleOut(n, buf[:n], set, 1)
			}
			if set != 0 {
				if cut {
					s.undecide(n, &valueSet512{set})
					return
				}
				v = uint16(bits.TrailingZeros64(set))
			}
		}
		if v > maxValue || rare>>v&1 != 0 {
			s.recordSlow(buf, n, v) // the caller rebuilds the tables
			n++
			return
		}
		buf[n] = v
		hist[v]++
		histOdd[v] += uint32(n & 1)
	}
}

// multiRare is smallRoundMulti's rare scan handed to smallRoundWords: the
// rare heaps' byte offsets and values (nr of them, padded to a multiple of
// four), the first digit's scans of the last heaps and j − j0 for each digit.
type multiRare struct {
	offs  *[smallMultiMaxRare]int
	rv    *[smallMultiMaxRare]uint64
	nr    int
	first [16]uint64
	back  [smallMultiMaxSplits]int
}

// smallRoundWords is smallRoundMulti for three split digits j0 < j1 < j2
// with j0 ≥ 2 and a pairWordRing (pairWordsApply; 0.1777): the rare scans
// reused as there, and the rule-out scan by the first digit's pair words,
// whose first block is made for three heaps at once (heap n may make those
// of n + 1 and n + 2, which read values up to G(n − 1)). The values are
// exactly smallHeapValue's.
func (s *Sparse) smallRoundWords(from, to int, r *multiRare) {
	split := s.split
	j0 := split[0]
	b1, b2 := r.back[1], r.back[2]
	first := r.first
	var part [4]uint64
	next := 4 // the lane of part for heap n; 4: none computed
	if s.pairWords == nil {
		s.pairWords = new(pairWordRing)
	}
	w, rev := s.pairWords, s.smallRev
	blocks := s.wordBlocks(from)
	for m := from - b2; m < from; m++ {
		w.start(m, j0, rev, s.vals)
	}
	ahead := 0 // the heaps from n on whose first words are made
	take := s.take
	rb := [2]uint64{s.rareBits[0][0], s.rareBits[1][0]}
	parity, jParity := s.parity, s.jParity
	maxValue := uint16(s.maxValue)
	hist, histOdd := s.hist[:64:64], s.histOdd[:64:64]
	buf := s.vals[:to] // Extend reserved room for to values
	// No deferred function: one would hold n in memory for the whole loop.
	n := from
loop:
	for ; n < to; n++ {
		var opts uint64
		for _, t := range take {
			opts |= 1 << (buf[n-t] & 63)
		}
		if next == 4 {
			rareOptions4(&buf[n-j0], &r.offs[0], &r.rv[0], r.nr, &part)
			first[n&15], first[(n+1)&15], first[(n+2)&15], first[(n+3)&15] = part[0], part[1], part[2], part[3]
			next = 0
			s.smallBatches++
		}
		next++
		opts |= first[n&15] | first[(n-b1)&15] | first[(n-b2)&15]
		if ahead == 0 {
			w.start3(n, j0, rev, buf)
			ahead = 3
		}
		ahead--
		rare := rb[parity&(n^jParity)&1]
		common := ^(opts | rare)
		if common == 0 {
			break // the value may be 64 or more
		}
		c := bits.TrailingZeros64(common)
		v := uint16(c)
		if set := ^opts & rare & (1<<c - 1); set != 0 {
			set &^= w.words[n&15][0] | w.words[(n-b1)&15][0] | w.words[(n-b2)&15][0]
			if set != 0 {
				var cut bool
				if set, cut = s.smallRuleOut3Words(n, buf[:n], set, w, &r.back, blocks); set != 0 {
					if cut {
						s.undecide(n, &valueSet512{set})
						break loop
					}
					v = uint16(bits.TrailingZeros64(set))
				}
			}
		}
		if v > maxValue || rare>>v&1 != 0 {
			s.recordSlow(buf, n, v) // the caller rebuilds the tables
			n++
			break
		}
		buf[n] = v
		hist[v]++
		histOdd[v] += uint32(n & 1)
	}
	s.vals = buf[:n]
	s.smallMultiHeaps += n - from
	s.smallWordHeaps += n - from
}
