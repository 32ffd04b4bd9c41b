package octal

import (
	"context"
	"math/bits"
	"sync"
	"unsafe"

	"github.com/nimlab/nimlab/solver/takebreak"
)

// grundyEngine is the sparse-space engine for Grundy's game 4!.0: G(n) is the
// mex of G(a) ⊕ G(n−a) over 1 ≤ a < n/2 (two unequal heaps).
//
// Under a mask (mask.go) the values split into rare and common ones; a
// common option value has exactly one rare heap, so scanning the pairs
// (r, n−r) for the rare heaps r < n (r ≠ n/2) finds every common option
// value, and the candidate c is the smallest common value not found. The
// rare values below c are then looked for among all pairs, a scan that stops
// as soon as each is found (the XOR of two common values is rare; about 35
// values are left to find, after some 3,600 pairs on average). For Grundy's
// game the mask 0xFE leaves 1,273 rare heaps below 2^20, the last at 82,860.
//
// Heaps go in blocks of grundyBlock (see block): phase 1 marks the pairs
// with a rare heap whose partner lies before the block, rare heap by rare
// heap over the block (sequential reads), two workers splitting the heaps;
// phase 2 finishes the heaps in order; past grundySpeculateFrom it guesses
// G(n) = c and phase 3 checks the guesses with both workers, each scan an
// AVX2 test of 32 pairs at a time where the CPU has it (grundyscan.go).
type grundyEngine struct {
	vals      []uint16
	mask      uint16
	rareHeaps []uint32 // heaps r ≥ 1 with a rare value, ascending
	rareVal   []uint16 // their values
	hist      []uint32
	maxValue  int
	size      int // option tables hold values < size (a power of two ≥ 64)

	nextMaskCheck int
	rareBits      []bool   // rareBits[v]: v is rare under mask
	rareWords     []uint64 // the same as a bit set: bit v&63 of word v>>6
	hits          []uint8  // grundyBlock rows of size bytes: option values found (0 or 1)
	eqSplit       []bool   // eqSplit[i]: phase 1 marked 0 for heap i from its equal split
	pendSets      []uint64 // speculative blocks: each heap's rare values still to rule out
	pending       []int32  // and how many
	workers       int
	exactUntil    int  // heaps below it go in exact blocks (after a block that could not guess)
	misses        int  // speculative guesses that were wrong (rare heaps found by phase 3)
	speculateFrom int  // grundySpeculateFrom; tests lower it
	coverBlocks   bool // use cover blocks where they apply (grundycover.go); tests turn them off
	cover         grundyCover
	coverRuns     int      // cover blocks run (tests check they did)
	bulkRuns      int      // and those whose rule-out began with the cover kernel
	rev           []uint16 // reversedPrefix of the first grundyRevLen heaps, once they are known
}

const grundyBlock = 256

// grundyCoverBlock is the length of a cover block (grundycover.go): longer,
// as its guesses are almost never wrong, so that the two workers meet less
// often.
const grundyCoverBlock = 1024

// grundyTile is how many heaps' rows phase 1 marks at a time.
const grundyTile = 64

// grundyDirect is where the engine starts using the rare heaps; the first
// values come from the definition.
const grundyDirect = 64

func newGrundyEngine(resume []uint16, limit int) engine {
	e := &grundyEngine{hist: make([]uint32, MaxValue+1), size: 64, workers: 2, speculateFrom: grundySpeculateFrom, coverBlocks: true}
	e.vals = make([]uint16, len(resume), limit)
	copy(e.vals, resume)
	for n := 1; n < len(e.vals); n++ {
		e.hist[e.vals[n]]++
		e.maxValue = max(e.maxValue, int(e.vals[n]))
	}
	e.size = seenSize(e.maxValue)
	e.nextMaskCheck = firstMaskCheck
	if n := len(e.vals); n >= firstMaskCheck {
		// Choose the resumed values' mask before listing the rare heaps:
		// with mask 0 every heap is rare, and that list of all of them
		// (6 bytes a heap, doubled while growing) took 1.5 GB to resume
		// 2^26 heaps. The result is rechooseMask's from mask 0.
		e.nextMaskCheck = n + max(firstMaskCheck, n/8)
		m, r := chooseMask(e.hist, e.maxValue)
		if float64(r) >= 0.8*float64(n-1) {
			m = 0
		}
		e.setMask(m)
	} else {
		e.setMask(0)
	}
	return e
}

func (e *grundyEngine) values() []uint16 { return e.vals }
func (e *grundyEngine) rare() int        { return len(e.rareHeaps) }

func (e *grundyEngine) setMask(m uint16) {
	e.mask = m
	e.rareBits = make([]bool, MaxValue+1)
	e.rareWords = make([]uint64, (MaxValue+1)/64)
	for v := range e.rareBits {
		e.rareBits[v] = isRare(uint16(v), m)
		if e.rareBits[v] {
			e.rareWords[v>>6] |= 1 << (v & 63)
		}
	}
	e.rareHeaps, e.rareVal = e.rareHeaps[:0], e.rareVal[:0]
	for a := 1; a < len(e.vals); a++ {
		if e.rareBits[e.vals[a]] {
			e.rareHeaps = append(e.rareHeaps, uint32(a))
			e.rareVal = append(e.rareVal, e.vals[a])
		}
	}
}

func (e *grundyEngine) rechooseMask() {
	n := len(e.vals)
	e.nextMaskCheck = n + max(firstMaskCheck, n/8)
	m, r := chooseMask(e.hist, e.maxValue)
	if m != e.mask && float64(r) < 0.8*float64(len(e.rareHeaps)) {
		e.setMask(m)
	}
}

func (e *grundyEngine) record(n int, v uint16) {
	e.vals = append(e.vals, v)
	if n == 0 {
		return
	}
	e.hist[v]++
	if int(v) > e.maxValue {
		e.maxValue = int(v)
		e.size = seenSize(e.maxValue)
	}
	if e.rareBits[v] {
		e.rareHeaps = append(e.rareHeaps, uint32(n))
		e.rareVal = append(e.rareVal, v)
	}
}

func (e *grundyEngine) extend(ctx context.Context, upTo int, progress ProgressFunc) error {
	tick := newProgressTicker(ctx, progress, len(e.vals), upTo)
	for n := len(e.vals); n <= upTo; n = len(e.vals) {
		if err := tick.check(n, len(e.rareHeaps)); err != nil {
			return err
		}
		if n >= e.nextMaskCheck {
			e.rechooseMask()
		}
		cover := n >= e.speculateFrom && e.workers > 1 && n >= e.exactUntil && e.coverBlockOK(n)
		blockLen := grundyBlock
		if cover {
			blockLen = grundyCoverBlock
		}
		end := min(upTo+1, n+blockLen, max(e.nextMaskCheck, n+1))
		if n < grundyDirect {
			for ; n < min(end, grundyDirect); n++ {
				e.record(n, uint16(e.directValue(n)))
			}
			continue
		}
		if cover {
			e.coverBlock(n, end-n)
		} else if at := e.block(n, end-n); at >= 0 {
			return errValueOverflow(FromRules(takebreak.MustParse("4!.0")), at)
		}
		if len(e.vals) == n {
			// a speculative block that could not guess its first heap
			e.exactUntil = n + 1
		}
	}
	tick.report(len(e.vals), len(e.rareHeaps))
	return nil
}

// directValue is the definition: the mex over every pair.
func (e *grundyEngine) directValue(n int) int {
	seen := make([]bool, e.size+1)
	vals := e.vals
	for a := 1; 2*a < n; a++ {
		seen[vals[a]^vals[n-a]] = true
	}
	m := 0
	for seen[m] {
		m++
	}
	return m
}

// grundySpeculateFrom is the first heap of the speculative blocks (see
// block): below it rare heaps are still frequent (Grundy's game has its last
// rare heap at 82,860) and a failed guess costs the rest of its block.
const grundySpeculateFrom = 1 << 16

// block computes the values of heaps n1..n1+B−1 (B ≤ grundyBlock), or fewer
// when a value outgrows the option tables (Extend then goes on from there).
// It returns −1, or the heap whose value does not fit.
//
// Each heap of the block has a row of size bytes (the option values found).
// Phase 1 marks, for every heap i, the pairs (r, n−r) with a rare heap r
// whose partner lies before the block (r > i): sequential reads, two
// workers splitting the block's heaps. Phase 2 goes heap by heap, on the
// row packed into bits:
// the rare heaps r ≤ i, the candidate c (smallest common value not found)
// and the set of rare values below c still to rule out by the other pairs.
//
// From grundySpeculateFrom on, with two workers, the block is speculative:
// phase 2 takes G(n) = c at once (right whenever n is not a rare heap, as
// every heap past 82,860 has been) and phase 3 checks it, both workers
// scanning the pairs of half the heaps for the rare values below c. At the
// first heap where one is missing, its value is that rare value (its scan
// read only values before it, all checked), and the heaps after it are
// dropped and computed again by the next block.
func (e *grundyEngine) block(n1, B int) int {
	size := e.size
	W := size / 64
	hits, eqSplit := e.blockRows(B, size)
	spec := n1 >= e.speculateFrom && e.workers > 1 && n1 >= e.exactUntil
	// Phase 1: every rare heap r < n1, for the heaps i < r of the block.
	hi := 0
	for hi < len(e.rareHeaps) && int(e.rareHeaps[hi]) < n1 {
		hi++
	}
	e.markBefore(n1, B, hi, hits, eqSplit)
	rare, rareVal := e.rareHeaps[:hi], e.rareVal[:hi]
	// Phase 2, heap by heap.
	if spec {
		e.guessRows(B, W)
	}
	rareWords := e.rareWords[:W]
	var scratch, rowBits [MaxValue/64 + 1]uint64
	for i := range B {
		n := n1 + i
		seen := hits[i*size : (i+1)*size]
		vals := e.vals
		if eqSplit[i] {
			e.recheckZero(n, i, seen, rare)
		}
		// the rare heaps r ≤ i (2r < n: r < B ≤ n1, never the equal split)
		for k, r32 := range rare {
			r := int(r32)
			if r > i {
				break // marked in phase 1
			}
			seen[vals[n-r]^rareVal[k]] = 1
		}
		// the rare heaps from n1 on, below n
		for k := hi; k < len(e.rareHeaps); k++ {
			r := int(e.rareHeaps[k])
			if r >= n {
				break
			}
			if 2*r != n {
				seen[vals[n-r]^e.rareVal[k]] = 1
			}
		}
		row := rowBits[:W]
		for w := range row {
			row[w] = gather64(seen[64*w : 64*w+64])
		}
		c := e.candidate(row, rareWords, size)
		if spec && c >= size {
			// a new largest value: no guess, this block ends here
			B = i
			break
		}
		set := scratch[:W]
		count := missingRare(row, rareWords, c, set)
		if spec {
			e.pending[i] = int32(count)
			copy(e.pendSets[i*W:(i+1)*W], set)
			e.vals = append(e.vals, uint16(c))
			continue
		}
		g := e.exactValue(n, c, size, set, count)
		if g > MaxValue {
			return n
		}
		e.record(n, uint16(g))
		if e.size != size {
			return -1 // a value outgrew the tables: the next block uses the new size
		}
	}
	if spec {
		e.checkGuesses(n1, B, W, false)
	}
	return -1
}

// blockRows returns block's cleared tables for B heaps: a row of size
// bytes a heap (the option values found) and the heaps phase 1 marked from
// an equal split.
func (e *grundyEngine) blockRows(B, size int) (hits []uint8, eqSplit []bool) {
	if len(e.hits) < B*size {
		e.hits = make([]uint8, B*size)
		e.eqSplit = make([]bool, B)
	}
	hits = e.hits[:B*size]
	clear(hits)
	eqSplit = e.eqSplit[:B]
	clear(eqSplit)
	return hits, eqSplit
}

// guessRows makes room for a speculative block's rare values still to rule
// out: W words and a count for each of B heaps.
func (e *grundyEngine) guessRows(B, W int) {
	if len(e.pending) < B {
		e.pending = make([]int32, B)
	}
	if len(e.pendSets) < B*W {
		e.pendSets = make([]uint64, B*W)
	}
}

// markBefore is phase 1 of block: for the heaps n1+i of the block and the
// rare heaps r = rareHeaps[k], k < hi (all below n1), it marks the pairs
// (r, n1+i−r) whose partner lies before the block (i < r), and sets
// eqSplit[i] where it marked the equal split 2r = n1+i, which is not a move.
func (e *grundyEngine) markBefore(n1, B, hi int, hits []uint8, eqSplit []bool) {
	size := e.size
	rare, rareVal := e.rareHeaps[:hi], e.rareVal[:hi]
	vals := e.vals
	mark := func(from, to int) {
		// tiles of grundyTile heaps: their rows (16 KiB for values below
		// 256) stay in the first-level cache while every rare heap marks
		// them (about 30 % faster than sweeping the whole block each time)
		for t0 := from; t0 < to; t0 += grundyTile {
			t1 := min(t0+grundyTile, to)
			for k, r32 := range rare {
				r := int(r32)
				end := min(t1, r) // heap n1+i reads vals[n1+i−r], before the block when i < r
				if end <= t0 {
					continue
				}
				markRows(hits[t0*size:end*size], vals[n1-r+t0:n1-r+end], rareVal[k], size)
				if skip := 2*r - n1; skip >= t0 && skip < end {
					// the equal split n = 2r is not a move: phase 2
					// rechecks the value 0 of this heap
					eqSplit[skip] = true
				}
			}
		}
	}
	e.parallel(B, len(rare) > 64 && B >= 256, mark)
}

// recheckZero is phase 2's fix for heap n = n1+i of block, whose row seen
// phase 1 marked with the value 0 from the equal split 2r = n (not a move):
// 0 again only if a genuine pair with a rare heap r > i (of rare, the rare
// heaps before the block) gives it.
//
//go:noinline
func (e *grundyEngine) recheckZero(n, i int, seen []uint8, rare []uint32) {
	vals := e.vals
	seen[0] = 0
	for k, r32 := range rare {
		r := int(r32)
		if r > i && 2*r != n && vals[n-r] == e.rareVal[k] {
			seen[0] = 1
			return
		}
	}
}

// candidate returns the smallest common value not in row (a heap's option
// values found, W bits), or the smallest common value from size on.
func (e *grundyEngine) candidate(row, rareWords []uint64, size int) int {
	c := size
	for w, x := range row {
		if free := ^x &^ rareWords[w]; free != 0 {
			c = 64*w + bits.TrailingZeros64(free)
			break
		}
	}
	for c < MaxValue+1 && e.rareBits[c] {
		c++
	}
	return c
}

// missingRare sets set to the rare values below c not in row and returns
// how many there are.
func missingRare(row, rareWords []uint64, c int, set []uint64) int {
	count := 0
	for w, x := range row {
		t := ^x & rareWords[w]
		if lo := 64 * w; c < lo+64 {
			t &= 1<<max(c-lo, 0) - 1
		}
		set[w] = t
		count += bits.OnesCount64(t)
	}
	return count
}

// exactValue is G(n) in an exact block, given its candidate c and the count
// rare values below c in set that the rare pairs did not give: the smallest
// of them that no pair gives (a scan of every pair), else c. When no option
// value reaches size, a rare value from there on below c is the mex.
func (e *grundyEngine) exactValue(n, c, size int, set []uint64, count int) int {
	vals := e.vals
	g := c
	if count > 0 {
		h := (n - 1) / 2
		if scanSet(vals[1:h+1], vals[n-h:n], set, count) > 0 {
			g = smallestInSet(set)
		}
	}
	if g >= size {
		for v := size; v < c; v++ {
			if e.rareBits[v] {
				g = v
				break
			}
		}
	}
	return g
}

// checkGuesses is phase 3 of a speculative block: e.vals[n1:n1+B] hold the
// guesses c, e.pendSets the rare values below c that heap n1+i still has to
// find among its pairs (W words a heap) and e.pending[i] how many. It keeps
// the guesses up to the first heap that lacks one, gives that heap its value
// and drops the rest.
//
// With bulk (cover blocks, whose compressed values are ready, past the last
// rare heap by more than grundyBulkPairs) the first pairs are tested for
// sixteen heaps at once by the cover kernel (bulkRuleOut; common a only: a
// rare a has a common partner there, so its pair's value is common) before
// each heap's scan goes on from the next pair.
func (e *grundyEngine) checkGuesses(n1, B, W int, bulk bool) {
	if e.rev == nil && n1 > grundyRevLen {
		e.rev = reversedPrefix(e.vals, grundyRevLen)
	}
	c := &e.cover
	bulk = bulk && len(c.bulkAs) > 0 && e.size <= 512
	if bulk {
		e.bulkRuns++
	}
	chunks := 1
	if e.size > 256 {
		chunks = 2
	}
	fail := [2]int{B, B}
	failVal := [2]uint16{}
	vals := e.vals
	check := func(from, to int) {
		w := 0
		if from > 0 {
			w = 1
		}
		var acc, need [2][64]uint32
		bulkA0 := 1
		for i := from; i < to; i++ {
			lane := (i - from) % grundyLanes
			if bulk && lane == 0 {
				bulkA0 = e.bulkRuleOut(n1, i, min(i+grundyLanes, to), W, chunks, &acc, &need)
			}
			count := int(e.pending[i])
			if count == 0 {
				continue
			}
			n := n1 + i
			set := e.pendSets[i*W : (i+1)*W]
			a0 := 1
			if bulk {
				// the rare values no first pair gave
				a0 = bulkA0
				clear(set)
				count = 0
				for ch := range chunks {
					for w := range 4 {
						x := w*grundyLanes + lane
						for rem := need[ch][x] &^ acc[ch][x]; rem != 0; rem &= rem - 1 {
							v := decompressRare(uint16(ch*128+w*32+bits.TrailingZeros32(rem)), c.bit, e.mask)
							set[v>>6] |= 1 << (v & 63)
							count++
						}
					}
				}
			}
			if count > 0 && scanHeap(vals, e.rev, n, a0, set, count) > 0 {
				fail[w], failVal[w] = i, uint16(smallestInSet(set))
				return
			}
		}
	}
	e.parallel(B, B >= 64, check)
	f, g := fail[0], failVal[0]
	if f == B {
		f, g = fail[1], failVal[1]
	}
	guesses := e.vals[n1 : n1+min(f, B)]
	e.vals = e.vals[:n1]
	for i, c := range guesses {
		e.record(n1+i, c)
	}
	if f < B {
		e.record(n1+f, g)
		e.misses++
	}
}

// parallel runs work(0, B/2) and work(B/2, B) on two goroutines when split
// (and the engine has two workers), else work(0, B).
func (e *grundyEngine) parallel(B int, split bool, work func(from, to int)) {
	if e.workers > 1 && split {
		var wg sync.WaitGroup
		wg.Add(1)
		go func() { defer wg.Done(); work(0, B/2) }()
		work(B/2, B)
		wg.Wait()
		return
	}
	work(0, B)
}

// markRows sets rows[i·size + (src[i] ⊕ g)] = 1 for every i: the option
// values G(n−r) ⊕ G(r) of one rare heap r for consecutive heaps n. Every
// value in src and g is below size (a power of two), so each index is
// inside rows; the loop writes through a pointer, unrolled by four, without
// a bounds check per store (this loop is most of the engine's time).
func markRows(rows []uint8, src []uint16, g uint16, size int) {
	if len(rows) < len(src)*size || len(src) == 0 {
		panic("octal: markRows rows too short")
	}
	base := unsafe.Pointer(unsafe.SliceData(rows))
	m := uint16(size - 1)
	off := 0
	i := 0
	for ; i+4 <= len(src); i += 4 {
		s := src[i : i+4 : i+4]
		*(*uint8)(unsafe.Add(base, off+int((s[0]^g)&m))) = 1
		*(*uint8)(unsafe.Add(base, off+size+int((s[1]^g)&m))) = 1
		*(*uint8)(unsafe.Add(base, off+2*size+int((s[2]^g)&m))) = 1
		*(*uint8)(unsafe.Add(base, off+3*size+int((s[3]^g)&m))) = 1
		off += 4 * size
	}
	for ; i < len(src); i++ {
		*(*uint8)(unsafe.Add(base, off+int((src[i]^g)&m))) = 1
		off += size
	}
}
