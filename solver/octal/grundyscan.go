package octal

import "math/bits"

// grundyVectorMin is the least number of pairs for which the vector rule-out
// scan is used.
const grundyVectorMin = 64

// grundyVectorWords is the largest set (in words: values below 1,024) the
// vector scan takes.
const grundyVectorWords = 16

// scanSet is the rule-out scan of the Grundy engine: set holds count values
// (bit v&63 of word v>>6, every value in lo and hi below 64·len(set)); it
// removes each value that is the XOR of lo[i] and hi[len(lo)−1−i] for some
// i and returns how many are left, stopping at none. On CPUs with AVX2 the
// pairs go 32 at a time through grundyScanSetAVX2 (a look-up of the values
// below 256 in registers; blocks with larger values checked pair by pair,
// so sets up to 1,024 values are covered), the rest one by one.
func scanSet(lo, hi []uint16, set []uint64, count int) int {
	hi = hi[:len(lo)]
	from := 0
	if haveGrundyScanAVX2 && len(set) <= grundyVectorWords && len(lo) >= grundyVectorMin && count > 0 {
		var buf [grundyVectorWords]uint64
		var scratch [32]uint16
		copy(buf[:], set)
		nb := len(lo) / 32
		_, count = grundyScanSetAVX2(&lo[0], &hi[len(lo)-1], nb, &buf, len(set), count, &scratch)
		copy(set, buf[:len(set)])
		if count == 0 {
			return 0
		}
		from = 32 * nb
	}
	for l := from; l < len(lo); l++ {
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

// grundyRevLen is how many small heaps' values the engine keeps in reverse
// for grundyScanRevAVX2 (pairs with a larger small heap are rare: the scans
// stop after a few thousand pairs).
const grundyRevLen = 1 << 14

// reversedPrefix returns rev with rev[i] = vals[len(rev)−i], the values of
// heaps len(rev)..1.
func reversedPrefix(vals []uint16, length int) []uint16 {
	rev := make([]uint16, length)
	for i := range rev {
		rev[i] = vals[length-i]
	}
	return rev
}

// scanHeap is the rule-out scan over the pairs (a, n−a), a0 ≤ a ≤ (n−1)/2,
// of heap n (see scanSet); rev, when not empty, is reversedPrefix(vals, …),
// and the pairs with a ≤ len(rev) go through grundyScanRevAVX2.
func scanHeap(vals, rev []uint16, n, a0 int, set []uint64, count int) int {
	h := (n - 1) / 2
	from := a0
	if haveGrundyScanAVX2 && len(rev) >= 32 && len(set) <= grundyVectorWords && count > 0 && min(h, len(rev))-a0+1 >= 32 {
		A := len(rev)
		nb := (min(h, A) - a0 + 1) / 32
		var buf [grundyVectorWords]uint64
		var scratch [32]uint16
		copy(buf[:], set)
		_, count = grundyScanRevAVX2(&rev[A-a0-31], &vals[n-a0-31], nb, &buf, len(set), count, &scratch)
		copy(set, buf[:len(set)])
		if count == 0 {
			return 0
		}
		from = a0 + 32*nb
	}
	if from > h {
		return count
	}
	return scanSet(vals[from:h+1], vals[n-h:n-from+1], set, count)
}
