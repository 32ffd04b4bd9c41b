package octal

import (
	"encoding/binary"
	"math/bits"
)

// valueSet512 is a set of values below 512, one bit each: value v is bit
// v&15 of word v>>4 (the layout the vector pair scan looks words up in).
type valueSet512 [32]uint16

// simdPairScanMin is the least number of pairs for which the vector scan is
// used; below it the setting up costs more than it saves.
const simdPairScanMin = 256

// scanPairsSIMD is scanPairs for option tables of at most 512 values on a
// CPU with the vector pair scan (pairscan_amd64.s): every value in lo and hi
// must be below size ≤ 512. The values marked 2 go into a bit set that the
// scan tests 32 pairs at a time against; those it finds are marked 1 again.
func scanPairsSIMD(lo, hi []uint16, seen *[MaxValue + 1]uint8, size, count int) int {
	hi = hi[:len(lo)]
	if len(lo) < 32 {
		return scanPairs(lo, hi, seen, count)
	}
	var set valueSet512
	for w := 0; w < size/64; w++ {
		x := gatherTwos(seen[w*64 : w*64+64])
		for i := range 4 {
			set[4*w+i] = uint16(x >> (16 * i))
		}
	}
	before := set
	blocks := len(lo) / 32
	left, done := findPairsSIMD(&lo[0], &hi[len(hi)-1], blocks, &set, count)
	for w, x := range set {
		for found := before[w] &^ x; found != 0; found &= found - 1 {
			seen[16*w+bits.TrailingZeros16(found)] = 1
		}
	}
	if left == 0 || done < blocks {
		return left
	}
	rest := 32 * done
	return scanPairs(lo[rest:], hi[:len(lo)-rest], seen, left)
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
