package octal

import (
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// The block engine: the sparse engine for codes whose split digits j are
// all below 32, values below 512, from heap blockEngineMin on. It computes
// 32 heaps at a time. The options of the 32 heaps that split off a kernel
// heap a ≥ blockLag (every rare heap the block may use, and the pair-kernel
// heaps of pairkernel.go) are marked first, for every split digit, in one
// table per heap: for a fixed a and j the second parts are consecutive
// values, so this is a stream of loads and byte stores (markGroup), and the
// marks go over to the heap worker as a 64-byte bit set a heap. Then each
// heap in turn adds the splits with a part below blockLag, which are the
// only ones that can read values of the last blockLagBlocks−1 blocks or of
// its own block, and its take and whole moves, takes the smallest common
// value c with no option and rules out the rare values below c by testing
// the splits whose parts are both at least blockLag (blockRuleOut).
//
// With two workers, one marks the blocks ahead while the other computes the
// heaps: a kernel heap a ≥ blockLag = L·blockHeaps (L = blockLagBlocks)
// only reads values from before the last L−1 blocks, so the marker may run
// up to L−1 blocks ahead. The two share the marking of a block by groups of
// blockGroup heaps: the heap worker marks the groups of its block that the
// marker has not claimed yet, so whichever is slower at the moment, neither
// waits for more than one group. Each marks into a table of its own: only
// the bit sets pass between the cores.
//
// Every split with a rare part is marked: a rare part a ≥ blockLag is in the
// kernel once the block L blocks back is done, and a later one leaves a
// second part below blockLag. So the common values are all found, as in the
// serial engine, and the rule-out scan does the rest: it tests every split
// whose parts are both at least blockLag, so the pair kernel (any heaps)
// only marks real options early and leaves it fewer values to find; the
// values are exactly the serial engine's.

const (
	blockHeaps     = 32                          // heaps per block
	blockLagBlocks = 3                           // blocks in flight
	blockLag       = blockLagBlocks * blockHeaps // the smallest kernel heap
	blockStride    = 512                         // table bytes per heap: values below 512
)

// blockPairKernel is how many heaps from blockLag on are kernel heaps
// besides the rare ones, for a code with one split digit (Officers: its
// marks leave 14 values for the rule-out scan instead of 43) and with more
// (where each kernel heap costs a store for every digit, and the rule-out
// scans of the record games find their values within a few dozen pairs).
//
// Without AVX-512 the rule-out scan (AVX2, or plain Go) is slower, so more
// kernel heaps pay: on Officers' first 10^6 heaps with the AVX2 scan, 384
// took 2.6–2.8 CPU-s, 640–1024 2.3–2.5 and 2048 3.0. Games whose values
// stay below 64 (0.127) rule out their few rare values within a few pairs,
// and a pair kernel only adds marking: 0.127's first 10^6 heaps took 0.64–0.88
// CPU-s with none, 0.87–0.91 with 384 and 1.3 with 768.
var (
	blockPairKernel      = pairKernelForScan()
	blockPairKernelSmall = 0
	blockPairKernelMulti = 0
)

// pairKernelForScan is blockPairKernel for this CPU's rule-out scan.
func pairKernelForScan() int {
	if haveFindPairsSIMD {
		return 384
	}
	return 768
}

// blockNoSmall turns the word marking of values below 64 off (tests).
var blockNoSmall = false

// blockMaxSplits is the most split digits the block engine takes.
const blockMaxSplits = 8

// blockPairs is the number of pair-kernel heaps for this code.
func (s *Sparse) blockPairs() int {
	if len(s.split) == 1 {
		if s.maxValue < 64 {
			return blockPairKernelSmall
		}
		return blockPairKernel
	}
	return blockPairKernelMulti
}

// blockEngineMin is the first heap the block engine computes; blockMinRare
// is the least number of rare heaps for which it pays. Tests lower both.
var (
	blockEngineMin = 1 << 14
	blockMinRare   = 64
)

// blockSpinYield+1 is how many times a worker waiting for the other one
// looks before it yields: a block takes tens of microseconds, and yielding
// more often costs the scheduler's futex calls (under the CLI, whose other
// goroutines are then woken, more than the wait itself).
const blockSpinYield = 1<<14 - 1

// blockTuner decides, round by round, whether the block engine's second
// worker (the marker) runs. Waiting for each other, the two workers spin, so
// a marker that is seldom ahead of the heap worker costs a core's time for
// little: on a machine whose cores are busy with other programs the heap
// worker, finding the marker descheduled, marks nearly every group itself,
// and two workers took twice the CPU time of one for the same wall time
// (0.172 to 2^22: 10.4 against 4.9 CPU-s at load 20). After a round in
// which the marker marked less than a quarter of the groups, one worker
// computes the next rounds, twice as many after each such round (up to
// blockSoloRounds), and then two try again.
type blockTuner struct {
	solo    int // rounds still to compute with one worker
	backoff int // the rounds one worker computes after the next poor round
}

// blockSoloRounds is the most rounds one worker computes before two try
// again: 2^21 heaps, so a poor trial costs about 2% of the time.
const blockSoloRounds = 64

// twoWorkers reports whether the next round runs the marker.
func (t *blockTuner) twoWorkers() bool {
	if t.solo > 0 {
		t.solo--
		return false
	}
	return true
}

// observe records a round of two workers in which the marker marked
// marker groups and the heap worker own.
func (t *blockTuner) observe(marker, own int) {
	if 4*marker >= marker+own {
		t.backoff = 0
		return
	}
	t.backoff = min(max(1, 2*t.backoff), blockSoloRounds)
	t.solo = t.backoff
}

// blockTable is the option tables of one block, blockStride bytes a heap.
type blockTable [blockHeaps * blockStride]uint8

// blockState is the block engine's working memory: a marking table for each
// of the two workers (each only ever written and read by its own core), the
// options they hand over, a bit set a heap for each block in flight, and
// lowRev, G(lowFrom+len(lowRev)−1) down to G(lowFrom): the low parts of the
// first pairs the rule-out scan tests, reversed.
type blockState struct {
	tabs    [2]*blockTable
	options [blockLagBlocks]*blockOptions
	lowRev  []uint16
	lowFrom int
	// pairKernel is the chosen pair-kernel heaps (choosePairKernel), chosen
	// at heap pairKernelAt.
	pairKernel   []uint32
	pairKernelAt int
	chooser      *pairChooser
	// kernel is the kernel's memory, kept from round to round.
	kernel []uint32
	tuner  blockTuner
}

// blockOptions is the kernel options of the heaps of a block, a bit set of
// values below 512 each: the one cache line a heap that passes from the
// marking core to the heap worker's.
type blockOptions [blockHeaps]valueSet512

// blockLowRev is how many low parts lowRev holds: more than nearly any
// rule-out scan reaches.
const blockLowRev = 1 << 13

// blockGroup is how many heaps of a block one claim marks (over the whole
// kernel): a few microseconds of stores, so that the heap worker, when it
// finds the marker still on its block, waits for one group at most. Groups
// of heaps rather than parts of the kernel, so that each heap's bit set is
// made by one worker.
const (
	blockGroup  = 8
	blockGroups = blockHeaps / blockGroup
)

// blockSlot is the state of one block in flight: its kernel, and
// in one word which block it is and how many of its groups are claimed (so
// that a worker late from an earlier block claims nothing, and reads the
// kernel only once a claim proves it is current), and which groups are
// marked (bit g for group g).
type blockSlot struct {
	kernel []uint32
	state  atomic.Int64 // block<<32 | groups claimed
	done   atomic.Int64
}

// reset makes the slot block b's, with the given kernel.
func (sl *blockSlot) reset(b int, kernel []uint32) {
	sl.kernel = kernel
	sl.done.Store(0)
	sl.state.Store(int64(b) << 32)
}

// markGroups claims groups of block b (heaps n..n+31) and marks them into
// tab (clearing them first) for every split digit until none is left,
// handing each heap's options over as a bit set in opts; the heaps of group
// g are complete when bit g of done is set. It returns how many groups it
// marked.
func (sl *blockSlot) markGroups(b int, tab *blockTable, opts *blockOptions, vals []uint16, n int, digits []int, small bool) (marked int) {
	for {
		x := sl.state.Load()
		g := int(x & (1<<32 - 1))
		if x>>32 != int64(b) || g >= blockGroups {
			return marked
		}
		if !sl.state.CompareAndSwap(x, x+1) {
			continue
		}
		marked++
		if small {
			// Values below 64: the options are bits of one word a heap.
			clear(opts[g*blockGroup : (g+1)*blockGroup])
			for _, j := range digits {
				markGroup64(opts, g, vals, n-j, sl.kernel)
			}
			sl.done.Or(1 << g)
			continue
		}
		clear(tab[g*blockGroup*blockStride : (g+1)*blockGroup*blockStride])
		for _, j := range digits {
			markGroup(tab, g, vals, n-j, sl.kernel)
		}
		for k := g * blockGroup; k < (g+1)*blockGroup; k++ {
			gatherTable(&opts[k], tab[k*blockStride:(k+1)*blockStride])
		}
		sl.done.Or(1 << g)
	}
}

// blockApplies reports whether blockRound can compute heaps from n on.
func (s *Sparse) blockApplies(n int) bool {
	return s.mask != 0 && len(s.split) >= 1 && len(s.split) <= blockMaxSplits &&
		s.split[len(s.split)-1] < blockHeaps &&
		s.maxValue < blockStride && len(s.rare) >= blockMinRare &&
		n >= max(blockEngineMin, 4*(blockLag+s.blockPairs()))
}

// blockRound computes the heaps from on in blocks of blockHeaps while a
// whole block fits below to (values must have room up to to), and returns
// the first heap it did not compute. It stops after a value of blockStride
// or more (the tables no longer fit).
func (s *Sparse) blockRound(from, to int) int {
	blocks := (to - from) / blockHeaps
	if blocks == 0 {
		return from
	}
	s.blockPrepare(from)
	// With every value below 64 so far, the kernel's options are marked as
	// bits of a word (markGroup64); the round ends after a value of 64 or
	// more, which the words cannot hold.
	r := &blockRun{full: s.vals[:from+blocks*blockHeaps], from: from, blocks: blocks, small: s.maxValue < 64 && !blockNoSmall}
	s.blockKernel(r)
	var wg sync.WaitGroup
	ownGroups := 0 // the groups the heap worker marked, for the tuner
	two := parallelWorkers >= 2 && !s.oneWorker && s.blocks.tuner.twoWorkers()
	if two {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.markAhead(r)
		}()
	}
	defer func() {
		r.abort.Store(true)
		wg.Wait()
		if two {
			s.blocks.tuner.observe(r.markerGroups, ownGroups)
		}
		s.blocks.kernel = r.kernel
	}()

	for b := range blocks {
		slot := b % blockLagBlocks
		sl, opts := &r.slots[slot], s.blocks.options[slot]
		n := from + b*blockHeaps
		ownGroups += sl.markGroups(b, s.blocks.tabs[1], opts, r.full, n, s.split, r.small)
		if end, stop := s.computeBlock(n, sl, opts, r.small); stop {
			return end
		}
		// The table is free for block b+L, which may use the rare heaps of
		// this block.
		if next := b + blockLagBlocks; next < blocks {
			r.addRare(s, n, n+blockHeaps)
			sl.reset(next, r.kernel)
		}
		r.finished.Store(int64(b + 1))
	}
	return from + blocks*blockHeaps
}

// blockRun is what the two workers of one round of the block engine share.
type blockRun struct {
	slots  [blockLagBlocks]blockSlot
	kernel []uint32
	full   []uint16 // the values, with room for the round's heaps
	from   int
	blocks int
	small  bool
	// finished counts the blocks whose values are known; abort ends the
	// marker; markerGroups is how many groups it marked (read once it is
	// done).
	finished     atomic.Int64
	abort        atomic.Bool
	markerGroups int
}

// blockPrepare makes the block engine's tables, chooses the pair kernel
// again when it is due, and copies the low parts of the rule-out scan's
// first pairs for a round from heap from.
func (s *Sparse) blockPrepare(from int) {
	if s.blocks == nil {
		s.blocks = new(blockState)
		for i := range s.blocks.tabs {
			s.blocks.tabs[i] = new(blockTable)
		}
		for i := range s.blocks.options {
			s.blocks.options[i] = new(blockOptions)
		}
	}
	bs := s.blocks
	if pairs := s.blockPairs(); bs.pairKernel == nil || len(bs.pairKernel) > pairs ||
		from >= bs.pairKernelAt+blockPairRechoose {
		bs.pairKernel = s.choosePairKernel(from, pairs)
		bs.pairKernelAt = from
	}
	if low := blockLag; haveAlignedPairScan() &&
		(bs.lowFrom != low || len(bs.lowRev) < blockLowRev && len(bs.lowRev) < (from-low)&^31) {
		bs.lowFrom = low
		bs.lowRev = bs.lowRev[:0]
		top := low + min(blockLowRev, (from-low)&^31) - 1
		for a := top; a >= low; a-- {
			bs.lowRev = append(bs.lowRev, s.vals[a])
		}
	}
}

// blockKernel makes the kernel of the round's first blocks: the pair
// heaps, then the rare heaps from blockLag on. Block b may use the rare
// heaps below from+32b−32(L−1) (L = blockLagBlocks): their values are known
// once the blocks up to b−L are, which is when its table is free again.
func (s *Sparse) blockKernel(r *blockRun) {
	r.kernel = append(s.blocks.kernel[:0], s.blocks.pairKernel...)
	first := r.from - blockLag + blockHeaps // the end of the kernel of block 0
	for _, a := range s.rare {
		if int(a) >= blockLag && int(a) < first {
			r.kernel = append(r.kernel, a)
		}
	}
	for b := range min(blockLagBlocks, r.blocks) {
		if b > 0 {
			r.addRare(s, first+(b-1)*blockHeaps, first+b*blockHeaps)
		}
		r.slots[b].reset(b, r.kernel)
	}
}

// addRare adds to the kernel the rare heaps a ≥ blockLag in lo..hi−1.
func (r *blockRun) addRare(s *Sparse, lo, hi int) {
	for a := max(lo, blockLag); a < hi; a++ {
		if s.rareAt(a, r.full[a]) {
			r.kernel = append(r.kernel, uint32(a))
		}
	}
}

// markAhead is the marker: it marks the groups of each block of the round
// that the heap worker has not claimed, as soon as the block's slot is
// free, until the round ends or is aborted.
func (s *Sparse) markAhead(r *blockRun) {
	marked := 0
	defer func() { r.markerGroups = marked }()
	for b := range r.blocks {
		for i := 0; r.finished.Load() < int64(b-blockLagBlocks+1); i++ {
			if r.abort.Load() {
				return
			}
			if i&blockSpinYield == blockSpinYield {
				runtime.Gosched()
			}
		}
		slot := b % blockLagBlocks
		marked += r.slots[slot].markGroups(b, s.blocks.tabs[0], s.blocks.options[slot], r.full, r.from+b*blockHeaps, s.split, r.small)
	}
}

// computeBlock computes the heaps n..n+31 from their kernel options in opts
// (complete once sl says so); stop reports that the round ends at end: at
// a heap left undecided, or after a value the tables cannot hold.
func (s *Sparse) computeBlock(n int, sl *blockSlot, opts *blockOptions, small bool) (end int, stop bool) {
	for k := range blockHeaps {
		// The marker may still be on a group: the heaps of the groups
		// before it need not wait for it.
		for i := 0; sl.done.Load()>>(k/blockGroup)&1 == 0; i++ {
			if i&blockSpinYield == blockSpinYield {
				runtime.Gosched()
			}
		}
		m := n + k
		v := s.blockHeapValue(m, &opts[k])
		if s.undecided != nil {
			return m, true
		}
		s.vals = append(s.vals, v)
		s.record(m, v)
		if int(v) >= blockStride || small && v >= 64 {
			return m + 1, true
		}
	}
	return 0, false
}

// blockHeapValue computes G(m) from the options of its kernel splits.
func (s *Sparse) blockHeapValue(m int, kernelOptions *valueSet512) uint16 {
	t := &s.serial
	seen := t.table
	clear(seen[:max(t.dirty, blockStride)])
	t.dirty = blockStride
	vals := s.vals[:m]
	s.markWholeAndTake(m, vals, seen, false)
	for _, j := range s.split {
		r := m - j
		markSplits(seen, vals, r, min(blockLag, r))
	}
	size := seenSize(s.maxValue)
	var own valueSet512
	gatherTable(&own, seen[:blockStride])
	c, set := s.ruleOutSet(m, &own, kernelOptions, size)
	if c == size {
		c = s.commonGap(m, seen, size, size)
	}
	count := 0
	for _, x := range set {
		count += bits.OnesCount64(x)
	}
	if count > 0 {
		if haveAlignedPairScan() {
			count = s.blockRuleOut(m, vals, &set, count)
		} else {
			for v := range size {
				if set.has(uint16(v)) {
					seen[v] = 2
				}
			}
			count = s.ruleOutRare(m, vals, seen, size, count)
			for v := range size {
				if seen[v] != 2 {
					set[v>>6] &^= 1 << (v & 63)
				}
			}
		}
		if count > 0 {
			if s.cut(m) {
				s.undecide(m, &set)
				return 0
			}
			return uint16(set.smallest())
		}
	}
	for v := size; v < c; v++ {
		if s.rareAt(m, uint16(v)) {
			return uint16(v)
		}
	}
	return uint16(c)
}

// markGroupGo is markGroup in Go: for each kernel heap a and each heap k of
// group g it marks tab[k·blockStride + (vals[a] ^ vals[base+k−a])].
func markGroupGo(tab *blockTable, g int, vals []uint16, base int, kernel []uint32) {
	for _, a := range kernel {
		x := vals[a]
		for k := g * blockGroup; k < (g+1)*blockGroup; k++ {
			tab[k*blockStride+int((x^vals[base+k-int(a)])&(blockStride-1))] = 1
		}
	}
}

// markGroup64Go is markGroupGo for values below 64, into word 0 of the
// heaps' option sets: bit vals[a] ^ vals[base+k−a] for each kernel heap a
// and each heap k of group g.
func markGroup64Go(opts *blockOptions, g int, vals []uint16, base int, kernel []uint32) {
	for k := g * blockGroup; k < (g+1)*blockGroup; k++ {
		var w uint64
		for _, a := range kernel {
			w |= 1 << ((vals[a] ^ vals[base+k-int(a)]) & 63)
		}
		opts[k][0] |= w
	}
}

// ruleOutSet returns c, the smallest value common for heap m below size in neither
// option set (size when there is none), and the rare values below c in
// neither: the values the rule-out scan has to find.
func (s *Sparse) ruleOutSet(m int, own, kernel *valueSet512, size int) (c int, set valueSet512) {
	rareBits := s.rareBits[s.target(m)]
	for w := 0; w < size/64; w++ {
		x := own[w] | kernel[w]
		if common := ^(x | rareBits[w]); common != 0 {
			c = w*64 + bits.TrailingZeros64(common)
			set[w] = ^x & rareBits[w] & (1<<(c-w*64) - 1)
			return c, set
		}
		set[w] = ^x & rareBits[w]
	}
	return size, set
}

// blockRuleOut removes from set the values of the splits of heap m whose
// parts are both at least blockLag (the others are marked already) and
// returns how many of its count values are left; it stops at none. The first pairs of each digit are tested against the reversed copy
// of their low parts; with several digits they take turns, a few blocks of
// pairs each, so that a value only one digit reaches is not left to the end
// of another digit's pairs.
func (s *Sparse) blockRuleOut(m int, vals []uint16, set *valueSet512, count int) int {
	low := blockLag
	var next [blockMaxSplits]int // the next pair to test, for each digit
	for i, j := range s.split {
		next[i] = min(low, (m-j)/2+1)
	}
	if rev := s.blocks.lowRev; low == s.blocks.lowFrom && len(rev) > 0 {
		turn := len(rev) / 32
		if len(s.split) > 1 {
			turn = 4
		}
		for more := true; more; {
			more = false
			for i, j := range s.split {
				r, a := m-j, next[i]
				blocks := min(turn, (min(low+len(rev), r/2+1)-a)/32)
				if a < low || blocks <= 0 {
					continue
				}
				var done int
				count, done = findPairsAligned(&rev[len(rev)-32-(a-low)], &vals[r-a-31], blocks, set, count)
				if count == 0 {
					return 0
				}
				next[i] += 32 * done
				more = true
			}
		}
	}
	limit := s.pairLimitFor(m)
	for i, j := range s.split {
		r, a := m-j, next[i]
		if h := min(r/2, limit-1); a <= h {
			if count = findPairsInSet(vals[a:h+1], vals[r-h:r-a+1], set, count); count == 0 {
				return 0
			}
		}
	}
	return count
}
