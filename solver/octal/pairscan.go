package octal

import (
	"encoding/binary"
	"math/bits"
)

// valueSet512 is a set of values below 512, one bit each: value v is bit
// v&63 of word v>>6. In memory (little-endian) that is also bit v&15 of the
// 16-bit word v>>4, the layout the vector pair scan looks words up in.
type valueSet512 [8]uint64

// simdPairScanMin is the least number of pairs for which the vector scan is
// used; below it the setting up costs more than it saves.
const simdPairScanMin = 256

// scanPairsSIMD is scanPairs for option tables of at most 512 values on a
// CPU with the vector pair scan (pairscan_amd64.s): every value in lo and hi
// must be below size ≤ 512. The values marked 2 go into a bit set that the
// scan tests 32 pairs at a time against; those it finds are marked 1 again.
func scanPairsSIMD(lo, hi []uint16, seen *[MaxValue + 1]uint8, size, count int) int {
	var set valueSet512
	for w := 0; w < size/64; w++ {
		set[w] = gatherTwos(seen[w*64 : w*64+64])
	}
	before := set
	left := findPairsInSet(lo, hi, &set, count)
	for w, x := range set {
		for found := before[w] &^ x; found != 0; found &= found - 1 {
			seen[64*w+bits.TrailingZeros64(found)] = 1
		}
	}
	return left
}

// findPairsInSet removes from set every value that is the XOR of lo[i] and
// hi[len(lo)−1−i] for some i, and returns how many of its count values are
// left (it stops at none). Values must be below 512; with AVX-512
// (haveFindPairsSIMD) it scans 32 pairs at a time.
func findPairsInSet(lo, hi []uint16, set *valueSet512, count int) int {
	hi = hi[:len(lo)]
	done := 0
	if blocks := len(lo) / 32; blocks > 0 && haveFindPairsSIMD {
		count, done = findPairsSIMD(&lo[0], &hi[len(hi)-1], blocks, set, count)
		if count == 0 {
			return 0
		}
	}
	for i := 32 * done; i < len(lo); i++ {
		if v := lo[i] ^ hi[len(lo)-1-i]; set.has(v) {
			set[v>>6] &^= 1 << (v & 63)
			if count--; count == 0 {
				return 0
			}
		}
	}
	return count
}

// has reports whether v is in the set.
func (s *valueSet512) has(v uint16) bool { return s[v>>6]>>(v&63)&1 != 0 }

// smallest returns the smallest value in the set, or −1 when it is empty.
func (s *valueSet512) smallest() int {
	for w, x := range s {
		if x != 0 {
			return 64*w + bits.TrailingZeros64(x)
		}
	}
	return -1
}

// gatherTwos packs 64 bytes that are each 0, 1 or 2 into the bits of a
// word, one where the byte is 2 (see gather64).
func gatherTwos(b []uint8) uint64 {
	var x uint64
	for g := range 8 {
		twos := binary.LittleEndian.Uint64(b[8*g:8*g+8]) >> 1 & 0x0101010101010101
		x |= (twos * 0x0102040810204080 >> 56) << (8 * g)
	}
	return x
}
