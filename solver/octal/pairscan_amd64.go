package octal

import "golang.org/x/sys/cpu"

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
