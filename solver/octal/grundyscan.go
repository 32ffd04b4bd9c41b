package octal

import "math/bits"

// valueSet256 is a set of values below 256, one bit each: value v is bit
// v&63 of word v>>6 (in memory, bit v&7 of byte v>>3, the layout the vector
// scan looks bytes up in).
type valueSet256 [4]uint64

// grundyVectorMin is the least number of pairs for which the vector rule-out
// scan is used.
const grundyVectorMin = 64

// scanPairs256 removes from set each value that is the XOR of lo[i] and
// hi[len(lo)−1−i] for some i (every value in lo and hi below 256) and
// returns how many of its count values are left; it stops at none. The AVX2
// scan (grundyscan_amd64.s) tests 32 pairs at a time against the set, 32
// table look-ups in a few vector instructions; a block with a hit is
// finished here, pair by pair.
func scanPairs256(lo, hi []uint16, set *valueSet256, count int) int {
	hi = hi[:len(lo)]
	nb := len(lo) / 32
	i := 0 // blocks done
	for i < nb {
		k, hits := grundyScanAVX2(&lo[32*i], &hi[len(lo)-1-32*i], nb-i, set)
		i += k
		if hits == 0 {
			break
		}
		for ; hits != 0; hits &= hits - 1 {
			l := 32*i + bits.TrailingZeros32(hits)
			v := (lo[l] ^ hi[len(lo)-1-l]) & 255
			if set[v>>6]>>(v&63)&1 != 0 {
				set[v>>6] &^= 1 << (v & 63)
				if count--; count == 0 {
					return 0
				}
			}
		}
		i++
	}
	for l := 32 * nb; l < len(lo); l++ {
		v := (lo[l] ^ hi[len(lo)-1-l]) & 255
		if set[v>>6]>>(v&63)&1 != 0 {
			set[v>>6] &^= 1 << (v & 63)
			if count--; count == 0 {
				return 0
			}
		}
	}
	return count
}

// scanSet is the rule-out scan of the Grundy engine: set holds count values
// (bit v&63 of word v>>6, every value in lo and hi below 64·len(set)); it
// removes each value that is the XOR of lo[i] and hi[len(lo)−1−i] for some
// i and returns how many are left, stopping at none. Sets of at most 256
// values use the vector scan on CPUs with AVX2.
func scanSet(lo, hi []uint16, set []uint64, count int) int {
	hi = hi[:len(lo)]
	if haveGrundyScanAVX2 && len(set) <= 4 && len(lo) >= grundyVectorMin {
		var s256 valueSet256
		copy(s256[:], set)
		count = scanPairs256(lo, hi, &s256, count)
		copy(set, s256[:])
		return count
	}
	for l := range lo {
		v := lo[l] ^ hi[len(lo)-1-l]
		if w := int(v >> 6); w < len(set) && set[w]>>(v&63)&1 != 0 {
			set[w] &^= 1 << (v & 63)
			if count--; count == 0 {
				return 0
			}
		}
	}
	return count
}

// smallestInSet returns the smallest value in set, or −1 when it is empty.
func smallestInSet(set []uint64) int {
	for w, x := range set {
		if x != 0 {
			return 64*w + bits.TrailingZeros64(x)
		}
	}
	return -1
}
