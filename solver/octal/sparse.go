package octal

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"
	"time"
)

// Sparse is the sparse-space engine ("sparse space spells speed", Winning
// Ways ch. 4; Flammenkamp; Gangolli–Plambeck). It keeps the list of rare
// heaps between calls, so a run can be extended step by step.
//
// For a heap n, every option that splits the rest r = n−j into a + (r−a) and
// has a common value has exactly one rare part, so the common option values
// are all found by scanning the rare heaps a only. The smallest common value
// c not found is then the answer unless some smaller rare value is missing
// too; the rare values below c are looked for by a scan of every split that
// stops as soon as all of them are found. That scan ends quickly because the
// XOR of two common values is always rare and there are few rare values, so
// each pair hits one of them. It runs to the end only at the (rare) heaps
// whose value is rare.
//
// The mask is chosen from the histogram of the values (a Walsh–Hadamard
// transform prices every mask at once, see chooseSpace) and chosen again as
// the run grows. Where it pays, two workers compute alternate heaps
// (parallel.go). Values take two bytes each; the engine's other tables are a
// few hundred KiB plus four bytes per rare heap.
type Sparse struct {
	code  Code
	vals  []uint16
	whole []int // j ≥ 1 with b0: a heap of exactly j has option value 0
	take  []int // j ≥ 1 with b1: option value G(n−j)
	split []int // j ≥ 0 with b2, ascending: option values G(a)^G(n−j−a)

	mask uint16
	// parity is 1 for a space of the second type (the heap's parity counts,
	// see Space), jParity the parity of the split digits.
	parity, jParity int
	fixedSpace      bool     // the space was given (SetSpace), not chosen
	rare            []uint32 // heaps a ≥ 1 whose value is rare under mask, ascending
	hist            []uint32 // hist[v] counts the heaps 1..n−1 with value v
	histOdd         []uint32 // the same for the odd heaps only
	maxValue        int      // the largest value so far

	// seen[v] is 1 when the current heap has an option of value v, and 2
	// for a rare value still to be ruled out. Bytes rather than bits: the
	// scans only store, and stores to different bytes do not wait for each
	// other the way read-modify-writes of one word do.
	seen     []uint8              // table[:size], size a power of two above the values
	table    *[MaxValue + 1]uint8 // indexed by a uint16, so the hot loops need no bounds checks
	serial   scratch              // the table as used by heapValue (the same array)
	second   scratch              // the second worker's table (parallel.go)
	tuner    workerTuner          // picks one worker or two, by measured speed
	rareBits [2][]uint64          // the values rare for a heap n, as a bitset over 0..MaxValue: rareBits[s.target(n)]
	blocks   *blockState          // the block engine's tables (block.go)

	nextMaskCheck int

	// pairLimit, when positive, keeps the rule-out scans to splits whose
	// smaller part is below it (a streaming run, stream.go); a heap they
	// cannot decide then sets undecided and Extend stops there.
	pairLimit int
	undecided *UndecidedError
	// oneWorker keeps the block engine on one core.
	oneWorker bool
	// smallRev is G(len−1) down to G(0), for the vector rule-out scan of
	// the small-space engine (smallRevFor).
	smallRev []uint16
	// smallOneHeaps counts the heaps smallRoundOne computed, and
	// smallVectorBlocks the blocks of 32 pairs its vector rule-out scan
	// tested (for tests).
	smallOneHeaps, smallVectorBlocks int
	// pairWords is smallRoundMulti's ring of pair words (three digits).
	pairWords *pairWordRing
	// smallMultiHeaps counts the heaps smallRoundMulti computed, and
	// smallWordHeaps those it ruled out with the pair words.
	smallMultiHeaps, smallWordHeaps int
	// smallWideHeaps counts the heaps smallRoundWide computed.
	smallWideHeaps int
	// smallBatches counts the four-heap rare scans (rareOptions4).
	smallBatches int
}

// valueWords is the number of 64-bit words of a bitset over 0..MaxValue.
const valueWords = (MaxValue + 1) / 64

// firstMaskCheck is the heap at which the engine first looks for a mask; the
// first values say little about which values will be rare.
const firstMaskCheck = 256

// NewSparse returns a sparse engine for code that continues from values,
// which must be G(0..len(values)−1) of code (the engine owns the slice from
// now on).
func NewSparse(code Code, values []uint16) *Sparse {
	s := newSparse(code, values)
	sp := Space{}
	if n := len(values); n >= firstMaskCheck {
		// Every heap is rare in the space of no mask: the choice is made
		// against their number, without listing them first.
		if c, ok := s.nextSpace(n - 1); ok {
			sp = c
		}
	}
	s.setSpace(sp)
	return s
}

// newSparseInSpace is NewSparse with the space sp set from the start (see
// SetSpace), without first listing the heaps that are rare in no space at
// all: every heap, which for a stream resumed with a first window of 2^29
// values was a list of 2 GiB.
func newSparseInSpace(code Code, values []uint16, sp Space) (*Sparse, error) {
	s := newSparse(code, values)
	return s, s.SetSpace(sp)
}

// newSparse is a sparse engine on values with its tables made but no space.
func newSparse(code Code, values []uint16) *Sparse {
	s := &Sparse{code: code, vals: values, hist: make([]uint32, MaxValue+1), histOdd: make([]uint32, MaxValue+1),
		rareBits: [2][]uint64{make([]uint64, valueWords), make([]uint64, valueWords)}, nextMaskCheck: firstMaskCheck}
	s.whole, s.take, s.split = code.moveDigits()
	if len(s.split) > 0 {
		s.jParity = s.split[0] & 1
	}
	for n := 1; n < len(values); n++ {
		s.hist[values[n]]++
		s.histOdd[values[n]] += uint32(n & 1)
		s.maxValue = max(s.maxValue, int(values[n]))
	}
	s.growSeen()
	return s
}

// Values returns G(0..Len()−1). The slice is shared with the engine: values
// already computed never change, later ones are appended.
func (s *Sparse) Values() []uint16 { return s.vals }

// Rare returns how many heaps (of 1..Len()−1) have a rare value.
func (s *Sparse) Rare() int { return len(s.rare) }

// Mask returns the mask that currently defines the rare values.
func (s *Sparse) Mask() uint16 { return s.mask }

// Space returns the rule that currently defines the rare heaps.
func (s *Sparse) Space() Space { return Space{Mask: s.mask, HeapParity: s.parity == 1} }

// IsRare reports whether heap n with value v is rare in the current space.
func (s *Sparse) IsRare(n int, v uint16) bool { return s.rareAt(n, v) }

// SetSpace makes sp the space from now on (the engine no longer chooses
// one); a space of the second type needs all split digits of one parity.
// Any space gives exact values: the space only decides the speed.
func (s *Sparse) SetSpace(sp Space) error {
	if sp.HeapParity && !s.parityAllowed() {
		return fmt.Errorf("%s: a sparse space with the heap's parity needs all split digits of one parity", s.code)
	}
	s.fixedSpace = true
	s.setSpace(sp)
	return nil
}

// parityAllowed reports whether the code allows a space of the second type.
func (s *Sparse) parityAllowed() bool {
	for _, j := range s.split {
		if j&1 != s.jParity {
			return false
		}
	}
	return len(s.split) > 0
}

// target is the parity of |v&mask| that makes heap n's value v rare.
func (s *Sparse) target(n int) int { return s.parity & (n ^ s.jParity) & 1 }

// rareAt reports whether heap n with value v is rare.
func (s *Sparse) rareAt(n int, v uint16) bool {
	return bits.OnesCount16(v&s.mask)&1 == s.parity&(n^s.jParity)&1
}

// Reserve makes room for values up to G(upTo) without further copying.
func (s *Sparse) Reserve(upTo int) {
	if cap(s.vals) < upTo+1 {
		grown := make([]uint16, len(s.vals), upTo+1)
		copy(grown, s.vals)
		s.vals = grown
	}
}

// setSpace switches to space sp and rebuilds the list of rare heaps.
func (s *Sparse) setSpace(sp Space) {
	s.mask, s.parity = sp.Mask, 0
	if sp.HeapParity {
		s.parity = 1
	}
	for t := range 2 {
		for w := range valueWords {
			var r uint64
			for b := range 64 {
				if bits.OnesCount16(uint16(w*64+b)&s.mask)&1 == t {
					r |= 1 << b
				}
			}
			s.rareBits[t][w] = r
		}
	}
	s.rare = s.rare[:0]
	for a := 1; a < len(s.vals); a++ {
		if s.rareAt(a, s.vals[a]) {
			s.rare = append(s.rare, uint32(a))
		}
	}
}

// rechooseMask looks at the value histogram and switches mask when another
// one makes clearly fewer heaps rare (the margin keeps it from flapping).
func (s *Sparse) rechooseMask() {
	if sp, ok := s.nextSpace(len(s.rare)); ok {
		s.setSpace(sp)
	}
}

// nextSpace sets when the mask is looked at next and returns the space
// chooseSpace picks, with ok when the engine may switch to it (its space
// is not fixed) and it makes clearly fewer heaps rare than the rare heaps
// of the current space.
func (s *Sparse) nextSpace(rare int) (sp Space, ok bool) {
	n := len(s.vals)
	s.nextMaskCheck = n + max(firstMaskCheck, n/8)
	if s.fixedSpace {
		return Space{}, false
	}
	sp, r := chooseSpace(s.hist, s.histOdd, s.maxValue, s.parityAllowed(), s.jParity)
	return sp, sp != s.Space() && float64(r) < 0.8*float64(rare)
}

// growSeen sizes seen so that every XOR of two values has a byte: a power
// of two above the largest value.
func (s *Sparse) growSeen() {
	size := 64
	for size <= s.maxValue {
		size <<= 1
	}
	if s.table == nil {
		s.table = new([MaxValue + 1]uint8)
		s.serial.table = s.table
	}
	if size > len(s.seen) {
		s.seen = s.table[:size]
	}
}

// Extend computes values until G(0..upTo) are known. It looks at ctx and
// reports progress about every progressInterval.
func (s *Sparse) Extend(ctx context.Context, upTo int, progress ProgressFunc) error {
	tick := newProgressTicker(ctx, progress, len(s.vals), upTo)
	if cap(s.vals) < upTo+1 {
		s.Reserve(max(upTo, len(s.vals)+len(s.vals)/2))
	}
	for n := len(s.vals); n <= upTo; n = len(s.vals) {
		if err := tick.check(n, len(s.rare)); err != nil {
			return err
		}
		if n >= s.nextMaskCheck {
			s.rechooseMask()
		}
		if s.undecided != nil {
			return s.undecided
		}
		if s.smallApplies(n) {
			if end := min(upTo+1, s.nextMaskCheck, n+blockRoundSize); end > n {
				s.smallRound(n, end)
				if len(s.vals) > n || s.undecided != nil {
					continue
				}
			}
		}
		if s.blockApplies(n) {
			if end := min(upTo+1, s.nextMaskCheck, n+blockRoundSize); end-n >= blockHeaps {
				s.blockRound(n, end)
				continue
			}
		}
		end := min(upTo+1, s.nextMaskCheck, n+roundSize)
		parallel, tuned := false, s.parallelApplies() && end-n == roundSize
		if tuned {
			var heaps int
			parallel, heaps = s.tuner.plan()
			end = n + heaps
		}
		roundStart, roundFrom := time.Now(), n
		if parallel {
			if at := s.parallelRound(n, end); at >= 0 {
				return errValueOverflow(s.code, at)
			}
		} else {
			for ; n < end; n++ {
				v, ok := s.next(n)
				if s.undecided != nil {
					return s.undecided
				}
				if !ok {
					return errValueOverflow(s.code, n)
				}
				s.vals = append(s.vals, v)
				s.record(n, v)
			}
		}
		if tuned && len(s.vals) == end {
			s.tuner.observe(parallel, end-roundFrom, time.Since(roundStart))
		}
	}
	tick.report(len(s.vals), len(s.rare))
	return nil
}

// roundSize is how many heaps Extend computes between two looks at its
// context (and two synchronisations of the parallel workers).
const roundSize = 1024

// blockRoundSize is the same for the block engine, whose workers start and
// stop once a round: 2^15 heaps are some tens of milliseconds.
const blockRoundSize = 1 << 15

// record updates the histogram, the largest value and the rare heaps for
// G(n) = v.
func (s *Sparse) record(n int, v uint16) {
	if n == 0 {
		return
	}
	s.hist[v]++
	s.histOdd[v] += uint32(n & 1)
	if int(v) > s.maxValue {
		s.maxValue = int(v)
		s.growSeen()
	}
	if s.rareAt(n, v) {
		s.rare = append(s.rare, uint32(n))
	}
}

// next computes G(n) from G(0..n−1); ok is false when it exceeds MaxValue.
func (s *Sparse) next(n int) (uint16, bool) {
	if s.mask == 0 {
		seen := s.seen
		clear(seen)
		s.markOptions(n, s.vals[:n], s.rare, s.table, false)
		// Every heap is rare, so the rare scan saw every split.
		return s.mex(), true
	}
	return s.heapValue(n, s.vals[:n], s.rare, &s.serial, s.maxValue, nil)
}

// scratch is one worker's table of option values.
type scratch struct {
	table *[MaxValue + 1]uint8
	dirty int // table[dirty:] is all zero
}

// markOptions marks in seen every option of heap n whose value the rare scan
// finds, and every take and whole move, except taking one token when
// skipTake1 (its value G(n−1) may not be known yet). vals holds at least
// G(0..n−2) and rare the rare heaps that splits of n can use.
func (s *Sparse) markOptions(n int, vals []uint16, rare []uint32, seen *[MaxValue + 1]uint8, skipTake1 bool) {
	s.markWholeAndTake(n, vals, seen, skipTake1)
	if len(s.split) > 0 {
		s.scanRare(n, vals, rare, seen)
	}
}

// markWholeAndTake marks the options of heap n that leave no heap or one
// heap, except taking one token when skipTake1.
func (s *Sparse) markWholeAndTake(n int, vals []uint16, seen *[MaxValue + 1]uint8, skipTake1 bool) {
	for _, j := range s.whole {
		if n == j {
			seen[0] = 1
		}
	}
	for _, j := range s.take {
		if n-j >= 1 && !(skipTake1 && j == 1) {
			seen[vals[n-j]] = 1
		}
	}
}

// heapValue computes G(n) under a non-zero mask. maxValue is the largest of
// the values it reads; pending, if not nil, delivers G(n−1) once it is known:
// then vals need only hold G(0..n−2), and everything that does not depend on
// G(n−1) (the rare scan and, speculatively, the rule-out scan) is done before
// waiting for it. ok is false when G(n) exceeds MaxValue or pending fails.
func (s *Sparse) heapValue(n int, vals []uint16, rare []uint32, t *scratch, maxValue int, pending func() (uint16, bool)) (uint16, bool) {
	size := seenSize(maxValue)
	clear(t.table[:max(t.dirty, size)])
	t.dirty = size
	seen := t.table
	s.markOptions(n, vals, rare, seen, pending != nil)
	c := s.commonGap(n, seen, size, 0)
	// The rare values below c that the rare scan did not find: the full
	// scan looks for them.
	count := markMissing(seen, 0, min(c, size))
	if count > 0 && len(s.split) > 0 {
		count = s.ruleOutRare(n, vals, seen, size, count)
		if count > 0 && s.cut(n) {
			s.undecideMissing(n, seen, min(c, size, 512))
			return 0, false
		}
	}
	// Every option value found by a scan is below pairBound; from there on
	// only the pending option can have marked a value.
	pairBound := size
	if pending != nil {
		var ok bool
		if size, c, count, ok = s.addPending(n, vals, t, size, c, count, pending); !ok {
			return 0, false
		}
	}
	return s.smallestMissing(n, seen, size, pairBound, c, count)
}

// markMissing marks with 2 the values in from..to−1 that no option has
// (seen[v] == 0), the rare values a rule-out scan must look for, and
// returns how many it marked.
func markMissing(seen *[MaxValue + 1]uint8, from, to int) int {
	count := 0
	for v := from; v < to; v++ {
		if seen[v] == 0 {
			seen[v] = 2
			count++
		}
	}
	return count
}

// undecideMissing records that heap n is undecided within the pair limit:
// its candidates are the values below to still marked 2.
func (s *Sparse) undecideMissing(n int, seen *[MaxValue + 1]uint8, to int) {
	var set valueSet512
	for v := range to {
		if seen[v] == 2 {
			set[v>>6] |= 1 << (v & 63)
		}
	}
	s.undecide(n, &set)
}

// addPending is heapValue's last option when a worker computes heap n
// before G(n−1) is known: it waits for G(n−1) = v through pending and marks
// the option of taking one token. That rules out a missing rare value, or
// takes the candidate c: then the next common gap is the candidate, and the
// rare values up to it are looked for too. It returns the table size (grown
// if v is beyond it), the candidate and the count of rare values still
// missing; ok is false when pending fails.
func (s *Sparse) addPending(n int, vals []uint16, t *scratch, size, c, count int, pending func() (uint16, bool)) (newSize, newC, newCount int, ok bool) {
	pairBound := size
	v, ok := pending()
	if !ok {
		return size, c, count, false
	}
	if grown := seenSize(int(v)); grown > size {
		clear(t.table[size:grown])
		size, t.dirty = grown, grown
	}
	seen := t.table
	switch seen[v] {
	case 2:
		seen[v] = 1
		count--
	case 0:
		seen[v] = 1
		if int(v) == c {
			c = s.commonGap(n, seen, size, c+1)
			extra := markMissing(seen, int(v)+1, min(c, pairBound))
			if extra > 0 && len(s.split) > 0 {
				extra = s.ruleOutRare(n, vals, seen, pairBound, extra)
			}
			count += extra
		}
	}
	return size, c, count, true
}

// smallestMissing is G(n) once the options are marked: the smallest rare
// value below the candidate c that no scan ruled out (count of them are
// still marked 2), else c. ok is false when that exceeds MaxValue.
func (s *Sparse) smallestMissing(n int, seen *[MaxValue + 1]uint8, size, pairBound, c, count int) (uint16, bool) {
	if count > 0 {
		for v := range min(c, size) {
			if seen[v] == 2 {
				return uint16(v), true
			}
		}
	}
	// Rare values from pairBound on are beyond every option value but the
	// pending one.
	for v := pairBound; v < c; v++ {
		if s.rareAt(n, uint16(v)) && (v >= size || seen[v] == 0) {
			return uint16(v), true
		}
	}
	if c > MaxValue {
		return 0, false
	}
	return uint16(c), true
}

// seenSize is the length of the option table for values up to maxValue: a
// power of two above it (at least 64), so every XOR of two values fits.
func seenSize(maxValue int) int {
	size := 64
	for size <= maxValue {
		size <<= 1
	}
	return size
}

// commonGap returns the smallest value common for heap n v ≥ from with no option
// (seen[v] == 0; values from size on have none), or MaxValue+1.
func (s *Sparse) commonGap(n int, seen *[MaxValue + 1]uint8, size, from int) int {
	if from == 0 {
		rareBits := s.rareBits[s.target(n)]
		for w := 0; w < size/64; w++ {
			if x := gather64(seen[w*64:w*64+64]) | rareBits[w]; x != ^uint64(0) {
				return w*64 + bits.TrailingZeros64(^x)
			}
		}
		from = size
	}
	for v := from; v <= MaxValue; v++ {
		if (v >= size || seen[v] == 0) && !s.rareAt(n, uint16(v)) {
			return v
		}
	}
	return MaxValue + 1
}

// scanRare marks in seen the value of every split of n with a rare part.
func (s *Sparse) scanRare(n int, vals []uint16, rare []uint32, seen *[MaxValue + 1]uint8) {
	split := s.split
	// For each digit j the second part is n−j−a, read from the end of
	// vals[:n−j]; the loops run while every part is non-empty.
	switch len(split) {
	case 1:
		b0 := vals[:max(n-split[0], 0)]
		for _, a := range rare {
			if int(a) >= len(b0) {
				break
			}
			seen[vals[a]^b0[len(b0)-int(a)]] = 1
		}
		return
	case 2:
		b0, b1 := vals[:max(n-split[0], 0)], vals[:max(n-split[1], 0)]
		i := 0
		for ; i < len(rare) && int(rare[i]) < len(b1); i++ {
			a := int(rare[i])
			va := vals[a]
			seen[va^b0[len(b0)-a]] = 1
			seen[va^b1[len(b1)-a]] = 1
		}
		for ; i < len(rare) && int(rare[i]) < len(b0); i++ {
			a := int(rare[i])
			seen[vals[a]^b0[len(b0)-a]] = 1
		}
		return
	case 3:
		b0, b1, b2 := vals[:max(n-split[0], 0)], vals[:max(n-split[1], 0)], vals[:max(n-split[2], 0)]
		i := 0
		for ; i < len(rare) && int(rare[i]) < len(b2); i++ {
			a := int(rare[i])
			va := vals[a]
			seen[va^b0[len(b0)-a]] = 1
			seen[va^b1[len(b1)-a]] = 1
			seen[va^b2[len(b2)-a]] = 1
		}
		for ; i < len(rare) && int(rare[i]) < len(b1); i++ {
			a := int(rare[i])
			va := vals[a]
			seen[va^b0[len(b0)-a]] = 1
			seen[va^b1[len(b1)-a]] = 1
		}
		for ; i < len(rare) && int(rare[i]) < len(b0); i++ {
			a := int(rare[i])
			seen[vals[a]^b0[len(b0)-a]] = 1
		}
		return
	}
	jmin, jmax := split[0], split[len(split)-1]
	i := 0
	// Heaps a ≤ n−jmax−1 leave a non-empty second part for every digit.
	for lim := n - jmax - 1; i < len(rare) && int(rare[i]) <= lim; i++ {
		a := int(rare[i])
		va := vals[a]
		for _, j := range split {
			seen[va^vals[n-j-a]] = 1
		}
	}
	for lim := n - jmin - 1; i < len(rare) && int(rare[i]) <= lim; i++ {
		a := int(rare[i])
		va := vals[a]
		for _, j := range split {
			if b := n - j - a; b >= 1 {
				seen[va^vals[b]] = 1
			}
		}
	}
}

// ruleOutRare scans every split of n, smallest part first, and turns each
// value marked 2 (a rare value to rule out) that an option has into 1. It
// stops when none is left and returns how many are left. size bounds the
// values in vals (a power of two, see seenSize).
func (s *Sparse) ruleOutRare(n int, vals []uint16, seen *[MaxValue + 1]uint8, size, count int) int {
	split := s.split
	jmin := split[0]
	if len(split) == 1 {
		// One split digit: the pairs (a, r−a) for a = 1..r/2, walked
		// from both ends of vals[:r].
		r := n - jmin
		if r < 2 {
			return count
		}
		h := min(r/2, s.pairLimitFor(n)-1)
		lo, hi := vals[1:h+1], vals[r-h:r]
		if haveFindPairsSIMD && size <= 512 && len(lo) >= simdPairScanMin {
			return scanPairsSIMD(lo, hi, seen, size, count)
		}
		return scanPairs(lo, hi, seen, count)
	}
	if len(split) == 2 {
		// Two digits j0 < j1: pairs (a, n−j0−a) and (a, n−j1−a) side by
		// side while both have a ≤ b, then the first digit's alone.
		r0, r1 := n-jmin, n-split[1]
		x0, x1 := vals[:max(r0, 0)], vals[:max(r1, 0)]
		limit := s.pairLimitFor(n)
		a := 1
		for ; 2*a <= r1 && a < limit; a++ {
			va := vals[a]
			if v := va ^ x0[r0-a]; seen[v] == 2 {
				seen[v] = 1
				if count--; count == 0 {
					return 0
				}
			}
			if v := va ^ x1[r1-a]; seen[v] == 2 {
				seen[v] = 1
				if count--; count == 0 {
					return 0
				}
			}
		}
		for ; 2*a <= r0 && a < limit; a++ {
			if v := vals[a] ^ x0[r0-a]; seen[v] == 2 {
				seen[v] = 1
				if count--; count == 0 {
					return 0
				}
			}
		}
		return count
	}
	for a, limit := 1, s.pairLimitFor(n); 2*a <= n-jmin && a < limit; a++ {
		va := vals[a]
		for _, j := range split {
			b := n - j - a
			if b < a {
				break // split is ascending in j, so later digits leave even less
			}
			if v := va ^ vals[b]; seen[v] == 2 {
				seen[v] = 1
				count--
				if count == 0 {
					return 0
				}
			}
		}
	}
	return count
}

// scanPairs turns into 1 each value marked 2 that is the XOR of lo[i] and
// hi[len(lo)−1−i] for some i, and returns how many are left (it stops at
// none). Eight pairs at a time: almost every pair's value is marked 0 or 1
// already, and one test of the eight costs one branch instead of eight.
func scanPairs(lo, hi []uint16, seen *[MaxValue + 1]uint8, count int) int {
	hi = hi[:len(lo)]
	i, j := 0, len(lo)
	for ; j >= 8; i, j = i+8, j-8 {
		l, h := lo[i:i+8], hi[j-8:j]
		v0, v1, v2, v3 := l[0]^h[7], l[1]^h[6], l[2]^h[5], l[3]^h[4]
		v4, v5, v6, v7 := l[4]^h[3], l[5]^h[2], l[6]^h[1], l[7]^h[0]
		if (seen[v0]|seen[v1]|seen[v2]|seen[v3]|seen[v4]|seen[v5]|seen[v6]|seen[v7])&2 == 0 {
			continue
		}
		for _, v := range [8]uint16{v0, v1, v2, v3, v4, v5, v6, v7} {
			if seen[v] == 2 {
				seen[v] = 1
				if count--; count == 0 {
					return 0
				}
			}
		}
	}
	for ; i < len(lo); i++ {
		if v := lo[i] ^ hi[len(lo)-1-i]; seen[v] == 2 {
			seen[v] = 1
			if count--; count == 0 {
				return 0
			}
		}
	}
	return count
}

// mex returns the smallest value with no option.
func (s *Sparse) mex() uint16 {
	for v, x := range s.seen {
		if x == 0 {
			return uint16(v)
		}
	}
	return uint16(len(s.seen))
}

// gather64 packs 64 bytes that are each 0 or 1 into the bits of a word:
// the multiplication moves byte i of each 8-byte group to bit 56+i without
// carries.
func gather64(b []uint8) uint64 {
	var x uint64
	for g := range 8 {
		x |= (binary.LittleEndian.Uint64(b[8*g:8*g+8]) * 0x0102040810204080 >> 56) << (8 * g)
	}
	return x
}

// SparseExtend is the sparse engine as an Extender: it appends values until
// values holds G(0..upTo).
func SparseExtend(ctx context.Context, code Code, values []uint16, upTo int, progress ProgressFunc) ([]uint16, error) {
	s := NewSparse(code, values)
	err := s.Extend(ctx, upTo, progress)
	return s.Values(), err
}
