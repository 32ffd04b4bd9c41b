package octal

import (
	"math/bits"
	"sort"
	"unsafe"
)

// Cover blocks: Grundy's game past twice its last rare heap.
//
// Once n1 > 2·R, R the last rare heap, every partner n−r of a rare heap r
// (n ≥ n1) is a common heap, so every rare-pair option value G(r) ⊕ G(n−r)
// is common, and the candidate c is the smallest common value that no rare
// pair gives. With values below 256 they start at n1 > R: a rare partner's
// compressed value is stored with bit 7 set, so its pair (a rare option, or
// the equal split n = 2r, which is no move) falls outside every window; the
// rule-out scan, which reads every pair, finds the rare options. The common values are one coset of the rare subgroup, so
// deleting one mask bit b from a value (compress) maps them one to one and
// in order onto 0..size/2−1, and the deletion is linear: compress(G(r) ⊕
// G(n−r)) = compress(G(r)) ⊕ compress(G(n−r)). Each heap's common options
// then fit in 128 bits (values below 256; 256 bits below 512), and sixteen
// consecutive heaps are covered at once by grundyCoverAVX2: one vector load
// of their partners' compressed values per rare heap, an XOR and a
// variable shift per 32-value window (about two vector instructions per
// rare pair instead of a byte store). The small rare heaps r < grundyLanes,
// whose partners may lie in the same group, are marked one heap at a time.
//
// The rare values below c are then ruled out exactly as in the speculative
// blocks (checkGuesses): the guess G(n) = c stands only when all of them
// are options; the first heap where one is missing gets it as its value
// and the block is cut there.

// grundyLanes is how many consecutive heaps the cover kernel handles.
const grundyLanes = 16

// grundyCover is the state of the cover blocks.
type grundyCover struct {
	mask  uint16
	bit   uint     // the mask bit compress deletes (the lowest)
	from  int      // cv[h−from] is compress(G(h)) for from ≤ h < to
	to    int      //
	cv    []uint8  // compressed values of the recent heaps
	rs    []int32  // the rare heaps, ascending
	rho   []uint32 // compress(G(r)), then the same with bit 7 set (second chunk)
	nrare int      // how many rare heaps rs holds
	acc   []uint32 // per group of grundyLanes heaps: chunks of [4][grundyLanes] windows
	// the common small heaps a ≤ grundyBulkPairs and compress(G(a)) (then
	// with bit 7 flipped), for the rule-out of the cover blocks
	bulkAs  []int32
	bulkRho []uint32
}

// grundyBulkPairs is how many pairs (a, n−a), a = 1, 2, …, the rule-out of a
// cover block tests for sixteen heaps at once with the cover kernel before
// each heap's own scan goes on (see checkGuesses): the first pairs find most
// of the rare values, each find a costly exit from the scan's loop, while
// the kernel has no branch.
const grundyBulkPairs = 1536

// decompressRare is the rare value whose compressed form is i.
func decompressRare(i uint16, b uint, mask uint16) uint16 {
	v := (i>>b)<<(b+1) | i&(1<<b-1)
	if !isRare(v, mask) {
		v |= 1 << b
	}
	return v
}

// bulkRuleOut runs the first pairs of the rule-out for the heaps n1+i0 …
// n1+i1−1 (at most grundyLanes): need gets, per heap, the compressed rare
// values it has to find (its pending set), acc the ones the pairs (a, n−a)
// with common a ≤ grundyBulkPairs give. It returns the first pair the heaps'
// own scans go on from. (Stopping early once every heap of the group has
// found its values, checked every 256 pairs, did not pay: one of sixteen
// heaps nearly always needs them all; nor did 2,048 or 4,096 pairs instead
// of 1,536: BenchmarkGrundyCoverRegime-like runs at 2^18 and 2^24.)
func (e *grundyEngine) bulkRuleOut(n1, i0, i1, W, chunks int, acc, need *[2][64]uint32) int {
	c := &e.cover
	*acc, *need = [2][64]uint32{}, [2][64]uint32{}
	for i := i0; i < i1; i++ {
		j := i - i0
		for k, x := range e.pendSets[i*W : (i+1)*W] {
			for t := x; t != 0; t &= t - 1 {
				ci := compressValue(uint16(64*k+bits.TrailingZeros64(t)), c.bit)
				need[ci>>7][int(ci>>5&3)*grundyLanes+j] |= 1 << (ci & 31)
			}
		}
	}
	nb := len(c.bulkAs)
	for ch := range chunks {
		c.run(n1+i0-c.from, c.bulkAs, c.bulkRho[ch*nb:(ch+1)*nb], &acc[ch])
	}
	return grundyBulkPairs + 1
}

// compress deletes bit b of v (v common: the bit follows from the others).
func compressValue(v uint16, b uint) uint16 {
	return (v>>(b+1))<<b | v&(1<<b-1)
}

// decompressCommon is the common value whose compressed form is i.
func decompressCommon(i uint16, b uint, mask uint16) uint16 {
	v := (i>>b)<<(b+1) | i&(1<<b-1)
	if isRare(v, mask) {
		v |= 1 << b
	}
	return v
}

// grundyCoverScalar is the definition of grundyCoverAVX2: for k < count and
// lanes j < grundyLanes, x = src[j−rs[k]] ^ rho[k] (src at index base); when
// x < 128 it sets bit x&31 of acc[(x>>5)·grundyLanes + j].
func grundyCoverScalar(cv []uint8, base int, rs []int32, rho []uint32, acc *[64]uint32) {
	for k, r := range rs {
		for j := range grundyLanes {
			x := uint32(cv[base+j-int(r)]) ^ rho[k]
			if x < 128 {
				acc[(x>>5)*grundyLanes+uint32(j)] |= 1 << (x & 31)
			}
		}
	}
}

// cover runs the cover kernel for the lanes whose first heap has
// compressed value at cv[base], over the rare heaps rs[k0:k1], chunk ch.
func (c *grundyCover) cover(base, k0, k1, ch int, acc *[64]uint32) {
	if k1 <= k0 {
		return
	}
	rho := c.rho[ch*c.nrare : (ch+1)*c.nrare]
	c.run(base, c.rs[k0:k1], rho[k0:k1], acc)
}

// run is the cover kernel over the heaps rs (ascending) and values rho.
func (c *grundyCover) run(base int, rs []int32, rho []uint32, acc *[64]uint32) {
	if len(rs) == 0 {
		return
	}
	if haveGrundyCoverAVX2 {
		if base-int(rs[len(rs)-1]) < 0 || base+grundyLanes > len(c.cv) || len(rho) < len(rs) {
			panic("octal: cover kernel out of its window")
		}
		grundyCoverAVX2((*uint8)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(c.cv)), base)), &rs[0], &rho[0], len(rs), acc)
		return
	}
	grundyCoverScalar(c.cv, base, rs, rho, acc)
}

// coverBlockOK reports whether the block from n1 can be a cover block.
func (e *grundyEngine) coverBlockOK(n1 int) bool {
	if !e.coverBlocks || e.mask == 0 || e.size > 512 || len(e.rareHeaps) == 0 {
		return false
	}
	if b := bits.TrailingZeros16(e.mask); 1<<(b+1) > e.size {
		return false // the mask's bits lie above every value
	}
	last := int(e.rareHeaps[len(e.rareHeaps)-1])
	if e.size <= 256 {
		// a rare partner's compressed value is stored as 128 and more,
		// outside every window (prepareCover)
		return n1 > last
	}
	return n1 > 2*last
}

// prepareCover brings the compressed values up to heap n1 (and room for B
// more) and the rare lists up to date.
func (e *grundyEngine) prepareCover(n1, B int) {
	c := &e.cover
	if c.mask != e.mask {
		c.mask, c.bit = e.mask, uint(bits.TrailingZeros16(e.mask))
		c.cv, c.nrare = c.cv[:0], -1
		c.from, c.to = 0, 0
		c.bulkAs, c.bulkRho = nil, nil
	}
	last := int(e.rareHeaps[len(e.rareHeaps)-1])
	lowest := max(n1-max(last, grundyBulkPairs), 0)
	if c.from > lowest || n1+B+grundyLanes > c.from+len(c.cv) {
		// a new window: the partners of the block's rare pairs (and of its
		// first pairs) and room for 2^16 more heaps
		c.from = lowest
		c.to = c.from
		if need := n1 - lowest + B + grundyLanes + 1<<16; cap(c.cv) < need {
			c.cv = make([]uint8, need)
		} else {
			c.cv = c.cv[:need]
		}
	}
	c.to = min(c.to, n1)
	for h := c.to; h < n1; h++ {
		v := e.vals[h]
		c.cv[h-c.from] = uint8(compressValue(v, c.bit))
		if e.rareBits[v] {
			c.cv[h-c.from] |= 128
		}
	}
	c.to = n1
	if c.bulkAs == nil && n1 > grundyBulkPairs {
		for a := 1; a <= grundyBulkPairs; a++ {
			if !e.rareBits[e.vals[a]] {
				c.bulkAs = append(c.bulkAs, int32(a))
			}
		}
		nb := len(c.bulkAs)
		c.bulkRho = make([]uint32, 2*nb)
		for k, a := range c.bulkAs {
			v := uint32(compressValue(e.vals[a], c.bit))
			c.bulkRho[k], c.bulkRho[nb+k] = v, v^128
		}
	}
	if c.nrare != len(e.rareHeaps) {
		nr := len(e.rareHeaps)
		c.nrare = nr
		c.rs = c.rs[:0]
		c.rho = append(c.rho[:0], make([]uint32, 2*nr)...)
		for k, r := range e.rareHeaps {
			c.rs = append(c.rs, int32(r))
			v := uint32(compressValue(e.rareVal[k], c.bit))
			c.rho[k], c.rho[nr+k] = v, v^128
		}
	}
}

// coverBlock is block for a cover block (see the comment at the top): it
// guesses heaps n1..n1+B−1 (fewer when a value would outgrow the tables)
// and checks the guesses.
func (e *grundyEngine) coverBlock(n1, B int) {
	e.coverRuns++
	e.prepareCover(n1, B)
	c := &e.cover
	last := int(e.rareHeaps[len(e.rareHeaps)-1])
	size := e.size
	W := size / 64
	chunks := 1
	if size > 256 {
		chunks = 2
	}
	groups := (B + grundyLanes - 1) / grundyLanes
	if need := groups * chunks * 64; len(c.acc) < need {
		c.acc = make([]uint32, need)
	}
	acc := c.acc[:groups*chunks*64]
	clear(acc)
	accOf := func(g, ch int) *[64]uint32 { return (*[64]uint32)(acc[(g*chunks+ch)*64:]) }
	nr := c.nrare
	firstFrom := func(r int) int { return sort.Search(nr, func(k int) bool { return int(c.rs[k]) >= r }) }
	kSmall := firstFrom(grundyLanes)
	// Phase 1: the rare heaps whose partners all lie before the block.
	e.parallel(groups, groups >= 2, func(from, to int) {
		for g := from; g < to; g++ {
			i0 := g * grundyLanes
			k0 := max(firstFrom(i0+grundyLanes), kSmall)
			for ch := range chunks {
				c.cover(n1+i0-c.from, k0, nr, ch, accOf(g, ch))
			}
		}
	})
	// Phase 2, group by group: the rare heaps whose partners lie in earlier
	// groups, then heap by heap the small ones and the guess.
	if len(e.pending) < B {
		e.pending = make([]int32, B)
	}
	if len(e.pendSets) < B*W {
		e.pendSets = make([]uint64, B*W)
	}
	rareWords := e.rareWords[:W]
	half := size / 2
	cut := false
	for g := 0; g < groups && !cut; g++ {
		i0 := g * grundyLanes
		k0 := max(firstFrom(i0+grundyLanes), kSmall)
		for ch := range chunks {
			c.cover(n1+i0-c.from, kSmall, k0, ch, accOf(g, ch))
		}
		for j := 0; j < grundyLanes && i0+j < B; j++ {
			n := n1 + i0 + j
			for k := range kSmall {
				x := uint32(c.cv[n-int(c.rs[k])-c.from]) ^ c.rho[k]
				if int(x>>7) < chunks { // not a rare partner
					acc[(g*chunks+int(x>>7))*64+int(x>>5&3)*grundyLanes+j] |= 1 << (x & 31)
				}
			}
			ci := half
			for ch := range chunks {
				a := accOf(g, ch)
				for w := range 4 {
					if x := a[w*grundyLanes+j]; x != ^uint32(0) {
						ci = min(ci, ch*128+w*32+bits.TrailingZeros32(^x))
						break
					}
				}
				if ci < half {
					break
				}
			}
			if ci >= half {
				// a new largest value: no guess, the block ends here
				B, cut = i0+j, true
				break
			}
			v := decompressCommon(uint16(ci), c.bit, e.mask)
			i := i0 + j
			set := e.pendSets[i*W : (i+1)*W]
			count := 0
			for w := range set {
				t := rareWords[w]
				if lo := 64 * w; int(v) < lo+64 {
					t &= 1<<max(int(v)-lo, 0) - 1
				}
				set[w] = t
				count += bits.OnesCount64(t)
			}
			e.pending[i] = int32(count)
			e.vals = append(e.vals, v)
			c.cv[n-c.from] = uint8(ci)
		}
	}
	// the first pairs of the rule-out at sixteen heaps a time need every
	// partner n−a, a ≤ grundyBulkPairs, common: a pair of two rare heaps
	// gives a rare option the kernel does not see
	e.checkGuesses(n1, B, W, n1 > last+grundyBulkPairs)
}
