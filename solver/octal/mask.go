package octal

import "math/bits"

// A mask m splits Grundy values into rare ones (v&m has an even number of
// one bits) and common ones (odd). The rare values form a subgroup of the
// values under XOR and the common ones its other coset, so the XOR of two
// common values is rare and a common option value needs exactly one rare
// heap. Mask 0 makes every value rare: the sparse engine then degenerates to
// the full scan, which is what it should do for games without sparse space.

// isRare reports whether v is rare under mask.
func isRare(v, mask uint16) bool {
	return bits.OnesCount16(v&mask)&1 == 0
}

// rareCounts returns, for every mask m < len(hist), how many of the counted
// values are rare under m. hist[v] counts the heaps with value v; len(hist)
// must be a power of two larger than every counted value.
//
// With H = the Walsh–Hadamard transform of hist, H[m] = Σ hist[v]·(−1)^|v&m|
// = rare(m) − common(m), and rare(m) + common(m) is the total, so one
// O(S log S) transform prices every mask at once.
func rareCounts(hist []int64) []int64 {
	h := make([]int64, len(hist))
	copy(h, hist)
	for span := 1; span < len(h); span <<= 1 {
		for i := 0; i < len(h); i += 2 * span {
			for j := i; j < i+span; j++ {
				a, b := h[j], h[j+span]
				h[j], h[j+span] = a+b, a-b
			}
		}
	}
	total := h[0]
	for m := range h {
		h[m] = (total + h[m]) / 2
	}
	return h
}

// sparseFraction is the largest share of rare heaps for which the split pays:
// above it, the rare scan plus the scans that rule out rare values cost more
// than scanning every split once.
const sparseFraction = 0.4

// chooseMask picks the mask with the fewest rare heaps in the histogram (the
// smallest mask among equals, so the choice is deterministic), or 0 when no
// mask makes the rare heaps a small enough share.
func chooseMask(hist []uint32, maxValue int) (mask uint16, rare int64) {
	size := 1
	for size <= maxValue {
		size <<= 1
	}
	h := make([]int64, size)
	var total int64
	for v := 0; v < size && v < len(hist); v++ {
		h[v] = int64(hist[v])
		total += h[v]
	}
	counts := rareCounts(h)
	best := 0
	for m := 1; m < size; m++ {
		if best == 0 || counts[m] < counts[best] {
			best = m
		}
	}
	if best == 0 || float64(counts[best]) > sparseFraction*float64(total) {
		return 0, total
	}
	return uint16(best), counts[best]
}
