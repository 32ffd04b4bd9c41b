package octal

import (
	"fmt"
	"math/bits"
)

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

// A sparse space of the second type (Flammenkamp; T. Czajka's solver calls
// it a mask with the position bit) makes a value rare or common according to
// the heap too: heap n is rare when |G(n)&m| has the parity of n − j, where j
// is any split digit. It needs every split digit to have the same parity:
// then for a split of n − j into a + b the heap parities of a and b add up to
// that of n − j, so (value, heap parity) pairs behave exactly as the values
// of the first type do, and a split's value is common for heap n iff exactly
// one part is rare. The heap's parity is the only part of a heap that adds
// up this way (higher bits carry), so these two types are all there is of
// this kind.

// rareCountsByParity returns, for every mask m < size, how many of the
// counted heaps are rare under m with the heap-parity rule, where even
// counts the even heaps by value, odd the odd ones, and evenTarget is the
// parity of |v&m| that makes an even heap rare (an odd heap's is the other).
func rareCountsByParity(even, odd []int64, evenTarget int) []int64 {
	re, ro := rareCounts(even), rareCounts(odd)
	var te, to int64
	for _, x := range even {
		te += x
	}
	for _, x := range odd {
		to += x
	}
	out := make([]int64, len(re))
	for m := range out {
		// rareCounts counts even parities; the other parity is the rest.
		if evenTarget == 0 {
			out[m] = re[m] + (to - ro[m])
		} else {
			out[m] = (te - re[m]) + ro[m]
		}
	}
	return out
}

// Space is the rule that makes a heap's value rare: Mask alone (the first
// type), or Mask and the heap's parity (HeapParity, the second type).
type Space struct {
	Mask       uint16
	HeapParity bool
}

// String names the space as the CLI and the GUI show it, e.g. "mask 0xd
// with the heap's parity".
func (sp Space) String() string {
	switch {
	case sp.Mask == 0:
		return "none"
	case sp.HeapParity:
		return fmt.Sprintf("mask %s with the heap's parity", MaskString(sp.Mask))
	}
	return "mask " + MaskString(sp.Mask)
}

// MaskString writes a rare-value mask the one way nimlab shows masks
// everywhere (the CLI's text and tables, the window, the plots' legends):
// in hexadecimal with 0x, e.g. 0xb8, where the bits a mask picks read
// directly. JSON keeps masks as numbers.
func MaskString(m uint16) string { return fmt.Sprintf("0x%x", m) }

// chooseSpace picks the space with the fewest rare heaps, or the zero Space
// when none makes them a small enough share: hist counts the heaps by value,
// histOdd the odd heaps among them. parityOK says whether the code allows
// the second type (all split digits of one parity, jParity); a fixed mask
// wins ties, so that games of the first type keep it.
func chooseSpace(hist, histOdd []uint32, maxValue int, parityOK bool, jParity int) (Space, int64) {
	size := 1
	for size <= maxValue {
		size <<= 1
	}
	all, even, odd := make([]int64, size), make([]int64, size), make([]int64, size)
	var total int64
	for v := 0; v < size && v < len(hist); v++ {
		all[v] = int64(hist[v])
		odd[v] = int64(histOdd[v])
		even[v] = all[v] - odd[v]
		total += all[v]
	}
	fixed := rareCounts(all)
	best, bestCount := Space{}, total
	for m := 1; m < size; m++ {
		if fixed[m] < bestCount {
			best, bestCount = Space{Mask: uint16(m)}, fixed[m]
		}
	}
	if parityOK {
		// An even heap n is rare when |v&m| ≡ n − j ≡ j (mod 2).
		byParity := rareCountsByParity(even, odd, jParity)
		for m := 1; m < size; m++ {
			if byParity[m] < bestCount {
				best, bestCount = Space{Mask: uint16(m), HeapParity: true}, byParity[m]
			}
		}
	}
	if best.Mask == 0 || float64(bestCount) > sparseFraction*float64(total) {
		return Space{}, total
	}
	return best, bestCount
}

// chooseMask is chooseSpace restricted to the first type (fixed masks):
// what a view that colours values without their heaps can show.
func chooseMask(hist []uint32, maxValue int) (mask uint16, rare int64) {
	sp, r := chooseSpace(hist, make([]uint32, len(hist)), maxValue, false, 0)
	return sp.Mask, r
}
