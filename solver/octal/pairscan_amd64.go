package octal

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// findPairsAVX512 is in pairscan_amd64.s.
//
//go:noescape
func findPairsAVX512(lo, hi *uint16, blocks int, set *valueSet512, count int) (left, done int)

// haveFindPairsSIMD reports whether findPairsAVX512 can run here.
var haveFindPairsSIMD = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasBMI1 && cpu.X86.HasBMI2

// findPairsSIMD is findPairsAVX512 where the CPU has it.
func findPairsSIMD(lo, hi *uint16, blocks int, set *valueSet512, count int) (left, done int) {
	return findPairsAVX512(lo, hi, blocks, set, count)
}

// findPairsAlignedAVX512 is in pairscan_amd64.s.
//
//go:noescape
func findPairsAlignedAVX512(lo, hi *uint16, blocks int, set *valueSet512, count int) (left, done int)

// findHitAlignedAVX2 is in pairscan_amd64.s.
//
//go:noescape
func findHitAlignedAVX2(lo, hi *uint16, blocks int, set *valueSet512) int

// haveAVX2PairScan reports whether findHitAlignedAVX2 can run here (the
// machines without AVX-512).
var haveAVX2PairScan = cpu.X86.HasAVX2

// findPairsAlignedAVX2 is findPairsAlignedAVX512 with AVX2: the vector
// loop finds the next block of 32 pairs with a value in the set, and the
// block's values are then cleared and counted here (a few blocks a heap).
func findPairsAlignedAVX2(lo, hi *uint16, blocks int, set *valueSet512, count int) (left, done int) {
	for done < blocks {
		done += findHitAlignedAVX2((*uint16)(unsafe.Add(unsafe.Pointer(lo), -64*done)),
			(*uint16)(unsafe.Add(unsafe.Pointer(hi), -64*done)), blocks-done, set)
		if done == blocks {
			break
		}
		l := unsafe.Slice((*uint16)(unsafe.Add(unsafe.Pointer(lo), -64*done)), 32)
		h := unsafe.Slice((*uint16)(unsafe.Add(unsafe.Pointer(hi), -64*done)), 32)
		done++
		for i := range 32 {
			if v := l[i] ^ h[i]; set.has(v) {
				set[v>>6] &^= 1 << (v & 63)
				if count--; count == 0 {
					return 0, done
				}
			}
		}
	}
	return count, done
}

// haveAlignedPairScan reports whether the block engine can scan its pairs
// with vectors (findPairsAligned).
func haveAlignedPairScan() bool { return haveFindPairsSIMD || haveAVX2PairScan }

// findPairsAligned is the vector scan of aligned pairs this CPU has.
func findPairsAligned(lo, hi *uint16, blocks int, set *valueSet512, count int) (left, done int) {
	if haveFindPairsSIMD {
		return findPairsAlignedAVX512(lo, hi, blocks, set, count)
	}
	return findPairsAlignedAVX2(lo, hi, blocks, set, count)
}

// ruleOut64AVX2 is in pairscan_amd64.s.
//
//go:noescape
func ruleOut64AVX2(lo, hi *uint16, blocks int, set uint64) (left uint64, done int)

// haveRuleOut64 reports whether ruleOut64 scans with vectors here.
var haveRuleOut64 = cpu.X86.HasAVX2 && cpu.X86.HasBMI1

// ruleOut64 removes from set (values below 64) the values of the pairs
// lo[l−16i] ^ hi[l−16i], l < 16, of blocks i = 0, 1, … until the set is
// empty or blocks blocks are tested; it returns the set left and the
// blocks tested.
func ruleOut64(lo, hi *uint16, blocks int, set uint64) (left uint64, done int) {
	return ruleOut64AVX2(lo, hi, blocks, set)
}

// ruleOut64x2AVX2 is in pairscan_amd64.s.
//
//go:noescape
func ruleOut64x2AVX2(lo, hi0, hi1 *uint16, blocks int, set uint64) (left uint64, done int)

// ruleOut64x2BITALG is in pairscan_amd64.s.
//
//go:noescape
func ruleOut64x2BITALG(lo, hi0, hi1 *uint16, blocks int, set uint64) (left uint64, done int)

// ruleOut64x3AVX512 is in pairscan_amd64.s: ruleOut64x2 for three split
// digits, 32 pairs of each a block.
//
//go:noescape
func ruleOut64x3AVX512(lo, hi0, hi1, hi2 *uint16, blocks int, set uint64) (left uint64, done int)

// ruleOut64x3AVX2 is in pairscan_amd64.s: 16 pairs of each digit a block.
//
//go:noescape
func ruleOut64x3AVX2(lo, hi0, hi1, hi2 *uint16, blocks int, set uint64) (left uint64, done int)

// haveRuleOut64x3 reports whether ruleOut64x3 runs here; elsewhere the
// scalar scan is used. haveRuleOut64x3Wide: the AVX-512 kernel, 32 pairs
// of each digit a block (16 on AVX2).
var (
	haveRuleOut64x3     = cpu.X86.HasAVX2 && cpu.X86.HasBMI1
	haveRuleOut64x3Wide = cpu.X86.HasAVX512F && cpu.X86.HasBMI1
)

// ruleOut64x3Lanes is how many pairs of each digit a block of ruleOut64x3
// tests.
func ruleOut64x3Lanes() int {
	if haveRuleOut64x3Wide {
		return 32
	}
	return 16
}

// ruleOut64x3 is ruleOut64x2 for three split digits: block i tests the
// pairs lo[l−Li] ^ hiD[l−Li], l < L = ruleOut64x3Lanes(), D = 0, 1, 2.
func ruleOut64x3(lo, hi0, hi1, hi2 *uint16, blocks int, set uint64) (left uint64, done int) {
	if haveRuleOut64x3Wide {
		return ruleOut64x3AVX512(lo, hi0, hi1, hi2, blocks, set)
	}
	return ruleOut64x3AVX2(lo, hi0, hi1, hi2, blocks, set)
}

// pairWordAVX512 is in pairscan_amd64.s: the word of 32 pairs.
//
//go:noescape
func pairWordAVX512(lo, hi *uint16) uint64

// pairWordAVX2 is in pairscan_amd64.s: the word of 16 pairs.
//
//go:noescape
func pairWordAVX2(lo, hi *uint16) uint64

// pairWord returns the OR of 1 << (lo[l] ^ hi[l]) over the
// L = ruleOut64x3Lanes() lanes l < L (values below 64): one digit's share
// of a block of ruleOut64x3. It runs where haveRuleOut64x3 is set.
func pairWord(lo, hi *uint16) uint64 {
	if haveRuleOut64x3Wide {
		return pairWordAVX512(lo, hi)
	}
	return pairWordAVX2(lo, hi)
}

// pairWords3AVX512 is in pairscan_amd64.s: the words of three heaps.
//
//go:noescape
func pairWords3AVX512(lo, hi *uint16) (w0, w1, w2 uint64)

// pairWords3 is pairWord for three heaps whose second parts start at hi,
// hi + 1 and hi + 2 (the same first parts lo): wh is the word of the
// pairs lo[l] ^ hi[h + l]. The words come back in registers, not through
// memory: a copy of an array the assembly wrote word by word would stall
// on store forwarding.
func pairWords3(lo, hi *uint16) (w0, w1, w2 uint64) {
	if haveRuleOut64x3Wide {
		return pairWords3AVX512(lo, hi)
	}
	return pairWords3AVX2(lo, hi)
}

// pairWords3AVX2 is in pairscan_amd64.s: pairWords3AVX512 with 16 pairs a
// word.
//
//go:noescape
func pairWords3AVX2(lo, hi *uint16) (w0, w1, w2 uint64)

// haveRuleOut64x2Wide reports whether ruleOut64x2 tests 32 pairs of each
// digit a block (AVX-512 with BITALG) rather than 16.
var haveRuleOut64x2Wide = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512BITALG && cpu.X86.HasBMI1

// ruleOut64x2Lanes is how many pairs of each digit a block of ruleOut64x2
// tests.
func ruleOut64x2Lanes() int {
	if haveRuleOut64x2Wide {
		return 32
	}
	return 16
}

// ruleOut64x2 is ruleOut64 for two split digits: block i tests the pairs
// lo[l−Li] ^ hi0[l−Li] and lo[l−Li] ^ hi1[l−Li], l < L = ruleOut64x2Lanes().
func ruleOut64x2(lo, hi0, hi1 *uint16, blocks int, set uint64) (left uint64, done int) {
	if haveRuleOut64x2Wide {
		return ruleOut64x2BITALG(lo, hi0, hi1, blocks, set)
	}
	return ruleOut64x2AVX2(lo, hi0, hi1, blocks, set)
}

// rareOptions4AVX2 is in pairscan_amd64.s.
//
//go:noescape
func rareOptions4AVX2(end *uint16, offs *int, vals *uint64, nr int, out *[4]uint64)

// haveRareOptions4 reports whether rareOptions4 runs here.
var haveRareOptions4 = cpu.X86.HasAVX2

// rareOptions4 is the rare scan of four heaps at once (rareOptions4AVX2).
func rareOptions4(end *uint16, offs *int, vals *uint64, nr int, out *[4]uint64) {
	rareOptions4AVX2(end, offs, vals, nr, out)
}
