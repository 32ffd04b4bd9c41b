package astron

import "math/bits"

// mexSet collects the nimbers of a position's options and returns their mex.
//
// Most nimbers are small, so the set is one machine word holding a band of 64
// values. When every value that can occur is below 64 (decided per diagonal
// or plane from the largest nimber known, since the XOR of two values below
// 2^j is below 2^j) the word takes the values as they are (narrow). Otherwise
// a pass keeps only the values of one band [64b, 64b+64): if the band is full
// the mex lies above it and the cell is computed again for the next band.
// Beyond a few bands a stamp array takes every value in one pass. Cells of
// nimber ≥ 64 are common among three stars (over a quarter at N = 240), and a
// second filtered pass is still cheaper than marking an array.
type mexSet struct {
	mode  mexMode
	band  uint64
	bits  uint64
	bound int
	gen   uint32
	stamp *[1 << 16]uint32
	// acc holds, in stamp mode, the values added as bit sets (addBits);
	// accUsed is how many of its words are in use.
	acc     []uint64
	accUsed int
}

type mexMode uint8

const (
	mexNarrow mexMode = iota // every value is below 64
	mexBand                  // keep the values of band b only
	mexStamp                 // any value, in the stamp array
)

// maxBandPasses is how many filtered passes a cell may take before the stamp
// array is used (a variable so that tests can compare the two ways).
var maxBandPasses = 4

// reset empties the set for pass number pass (0, 1, …) of a cell whose option
// values are below bound (a power of two ≤ 2^16).
func (s *mexSet) reset(bound int, pass int) {
	s.bits = 0
	s.bound = bound
	switch {
	case bound <= 64:
		s.mode = mexNarrow
	case pass < maxBandPasses:
		s.mode = mexBand
		s.band = uint64(pass)
	default:
		s.mode = mexStamp
		if s.stamp == nil {
			s.stamp = new([1 << 16]uint32)
		}
		s.gen++
		if s.gen == 0 {
			clear(s.stamp[:])
			s.gen = 1
		}
		clear(s.acc[:s.accUsed])
		s.accUsed = 0
	}
}

// addBits adds the values whose bits are set in the bit set b (value v is
// bit v&63 of word v>>6).
func (s *mexSet) addBits(b []uint64) {
	switch s.mode {
	case mexNarrow:
		if len(b) > 0 {
			s.bits |= b[0]
		}
	case mexBand:
		if int(s.band) < len(b) {
			s.bits |= b[s.band]
		}
	default:
		if len(s.acc) < len(b) {
			s.acc = append(s.acc, make([]uint64, len(b)-len(s.acc))...)
		}
		for i, w := range b {
			s.acc[i] |= w
		}
		s.accUsed = max(s.accUsed, len(b))
	}
}

// again reports whether the pass just made left the mex unknown: its band is
// full and values above it may occur.
func (s *mexSet) again() bool {
	return s.mode == mexBand && s.bits == ^uint64(0) && int(s.band+1)*64 < s.bound
}

func (s *mexSet) add(v uint16) {
	switch s.mode {
	case mexNarrow:
		s.bits |= 1 << (v & 63)
	case mexBand:
		if uint64(v>>6) == s.band {
			s.bits |= 1 << (v & 63)
		}
	default:
		s.stamp[v] = s.gen
	}
}

// addXor adds x[i] ^ y[i] for every i < len(x); len(y) ≥ len(x).
func (s *mexSet) addXor(x, y []uint16) {
	switch s.mode {
	case mexNarrow:
		s.bits |= orXor64(x, y)
	case mexBand:
		if s.bound <= 256 {
			s.bits |= orXorTable(x, y, &bandBits[s.band])
		} else {
			s.bits |= orXorBand(x, y, s.band)
		}
	default:
		st, g := s.stamp, s.gen
		y = y[:len(x)]
		for i, a := range x {
			st[a^y[i]] = g
		}
	}
}

// addMask adds the values below 64 whose bits are set in m.
func (s *mexSet) addMask(m uint64) {
	switch s.mode {
	case mexNarrow:
		s.bits |= m
	case mexBand:
		if s.band == 0 {
			s.bits |= m
		}
	default:
		if len(s.acc) == 0 {
			s.acc = make([]uint64, 1)
		}
		s.acc[0] |= m
		s.accUsed = max(s.accUsed, 1)
	}
}

func (s *mexSet) mex() int {
	switch s.mode {
	case mexNarrow:
		return bits.TrailingZeros64(^s.bits)
	case mexBand:
		return 64*int(s.band) + bits.TrailingZeros64(^s.bits)
	}
	m := 0
	for m < s.bound && (s.stamp[m] == s.gen || (m>>6 < s.accUsed && s.acc[m>>6]>>(m&63)&1 != 0)) {
		m++
	}
	return m
}

// bandBits[b][v] is the bit of v in band b's word, or 0 when v is outside
// the band: for values below 256 a table read is cheaper than the masking of
// orXorBand.
var bandBits = func() (t [4][256]uint64) {
	for b := range t {
		for v := range t[b] {
			if v>>6 == b {
				t[b][v] = 1 << (v & 63)
			}
		}
	}
	return t
}()

// orXorTable is orXorBand for values below 256 through bandBits.
func orXorTable(x, y []uint16, tab *[256]uint64) uint64 {
	y = y[:len(x)]
	var s0, s1, s2, s3 uint64
	i := 0
	for ; i+4 <= len(x); i += 4 {
		s0 |= tab[uint8(x[i]^y[i])]
		s1 |= tab[uint8(x[i+1]^y[i+1])]
		s2 |= tab[uint8(x[i+2]^y[i+2])]
		s3 |= tab[uint8(x[i+3]^y[i+3])]
	}
	for ; i < len(x); i++ {
		s0 |= tab[uint8(x[i]^y[i])]
	}
	return s0 | s1 | s2 | s3
}

// orXorBand is orXor64 for the values of band b only, as offsets in the band.
// h = (v >> 6) ^ b is zero exactly in the band, and (h − 1) >> 63 (signed) is
// then all ones: no branch per value.
func orXorBand(x, y []uint16, b uint64) uint64 {
	y = y[:len(x)]
	var s0, s1, s2, s3 uint64
	i := 0
	for ; i+4 <= len(x); i += 4 {
		v0 := uint64(x[i] ^ y[i])
		v1 := uint64(x[i+1] ^ y[i+1])
		v2 := uint64(x[i+2] ^ y[i+2])
		v3 := uint64(x[i+3] ^ y[i+3])
		s0 |= (1 << (v0 & 63)) & uint64((int64((v0>>6)^b)-1)>>63)
		s1 |= (1 << (v1 & 63)) & uint64((int64((v1>>6)^b)-1)>>63)
		s2 |= (1 << (v2 & 63)) & uint64((int64((v2>>6)^b)-1)>>63)
		s3 |= (1 << (v3 & 63)) & uint64((int64((v3>>6)^b)-1)>>63)
	}
	for ; i < len(x); i++ {
		v := uint64(x[i] ^ y[i])
		s0 |= (1 << (v & 63)) & uint64((int64((v>>6)^b)-1)>>63)
	}
	return s0 | s1 | s2 | s3
}

// mexOfBits is the mex of a set of values below 64 given as a bit mask.
func mexOfBits(m uint64) int { return bits.TrailingZeros64(^m) }

// orXor64 returns the set of x[i] ^ y[i] (all below 64) as a bit mask. It is
// the inner loop of every table: four accumulators keep the ORs independent.
func orXor64(x, y []uint16) uint64 {
	y = y[:len(x)]
	var s0, s1, s2, s3 uint64
	i := 0
	for ; i+4 <= len(x); i += 4 {
		s0 |= 1 << ((x[i] ^ y[i]) & 63)
		s1 |= 1 << ((x[i+1] ^ y[i+1]) & 63)
		s2 |= 1 << ((x[i+2] ^ y[i+2]) & 63)
		s3 |= 1 << ((x[i+3] ^ y[i+3]) & 63)
	}
	for ; i < len(x); i++ {
		s0 |= 1 << ((x[i] ^ y[i]) & 63)
	}
	return s0 | s1 | s2 | s3
}

// xorBound is the smallest power of two (at least 64) above maxValue: no XOR
// of two values ≤ maxValue reaches it.
func xorBound(maxValue int) int {
	b := 64
	for b <= maxValue {
		b *= 2
	}
	return b
}
