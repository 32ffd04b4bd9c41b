package octal

import "math/bits"

// valueSet256 is a set of values below 256, one bit each: value v is bit
// v&63 of word v>>6 (in memory, bit v&7 of byte v>>3, the layout the vector
// scan looks bytes up in).
type valueSet256 [4]uint64

// grundyVectorMin is the least number of pairs for which the vector rule-out
// scan is used.
const grundyVectorMin = 64

// scanPairs256 is scanPairs for option tables of 256 values (every value
// in lo and hi below 256, row[v] the mark of value v) with the AVX2 scan
// (grundyscan_amd64.s): the values marked 2 go into a 256-bit set that 32
// pairs at a time are tested against, 32 table look-ups in a few vector
// instructions; a block with a hit is finished here, pair by pair.
func scanPairs256(lo, hi []uint16, row []uint8, count int) int {
	hi = hi[:len(lo)]
	row = row[:256]
	var set valueSet256
	for w := range set {
		set[w] = gatherTwos(row[64*w : 64*w+64])
	}
	nb := len(lo) / 32
	i := 0 // blocks done
	for i < nb {
		k, hits := grundyScanAVX2(&lo[32*i], &hi[len(lo)-1-32*i], nb-i, &set)
		i += k
		if hits == 0 {
			break
		}
		for ; hits != 0; hits &= hits - 1 {
			l := 32*i + bits.TrailingZeros32(hits)
			v := (lo[l] ^ hi[len(lo)-1-l]) & 255
			if set[v>>6]>>(v&63)&1 != 0 {
				set[v>>6] &^= 1 << (v & 63)
				row[v] = 1
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
			row[v] = 1
			if count--; count == 0 {
				return 0
			}
		}
	}
	return count
}

// scanRow is the rule-out scan of the Grundy engine on one heap's row of
// option marks (len(row) = the option table size, every value in lo and hi
// below it): each value marked 2 that is the XOR of lo[i] and
// hi[len(lo)−1−i] for some i becomes 1; it returns how many are left. The
// vector scan serves rows of 256 values on CPUs with AVX2; scratch (a
// worker's own) serves the scalar scan.
func scanRow(lo, hi []uint16, row []uint8, scratch *[MaxValue + 1]uint8, count int) int {
	if haveGrundyScanAVX2 && len(row) == 256 && len(lo) >= grundyVectorMin {
		return scanPairs256(lo, hi, row, count)
	}
	copy(scratch[:len(row)], row)
	count = scanPairs(lo, hi, scratch, count)
	copy(row, scratch[:len(row)])
	return count
}
