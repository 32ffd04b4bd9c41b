package octal

import "math/bits"

// The two-word small-space loop: the small-space engine once the largest
// value has passed 63 (0.167 reaches 64 at heap 332,129,728), for values up
// to 127. Every set of values is two 64-bit words, lo for 0..63 and hi for
// 64..127; a value x sets 1 << x in lo and 1 << (x ^ 64) in hi, and Go
// shifts by 64 or more give 0, so each value lands in exactly one word
// without a branch. The loop is plain Go (no vector kernel); it computes
// exactly smallHeapValue's values: the rare scan of every split digit, the
// take and whole moves, then the rule-out scan of every split, smallest
// part first, until no rare value below the smallest missing common one is
// left.

// smallWideMaxValue bounds the values of the two-word loop.
const smallWideMaxValue = 127

// smallWideFrom is the largest value from which smallRound uses the
// two-word loop instead of the one-word ones: 64, a variable so that the
// tests can run the two-word loop on codes with small values.
var smallWideFrom = smallMaxValue + 1

// smallFits reports whether the values and mask so far fit the small-space
// engine: one word below smallWideFrom, two words up to smallWideMaxValue.
func (s *Sparse) smallFits() bool {
	if s.maxValue >= smallWideFrom {
		return s.maxValue <= smallWideMaxValue && s.mask <= smallWideMaxValue
	}
	return s.maxValue <= smallMaxValue && s.mask <= smallMaxValue
}

// wideBit is the two-word set {x} for a value x below 128.
func wideBit(x uint16) (lo, hi uint64) {
	return 1 << x, 1 << (x ^ 64)
}

// smallRoundWide computes G(from..to−1) with two-word value sets. Like
// smallRoundMulti it returns early, with every value so far recorded,
// after a rare heap or a new largest value, at a value of 128 or more, and
// at a heap it cannot decide.
func (s *Sparse) smallRoundWide(from, to int) {
	split, take, whole := s.split, s.take, s.whole
	// The rare heaps of values below 64 (lowRare) and the others
	// (highRare, the few heaps of 0.167 past 332,129,728): a pair of two
	// values below 64 has its value below 64 and needs one word, so the
	// scan of lowRare ORs 1 << (x & 63) and x itself; bit 6 of that OR says
	// a partner had a value of 64 or more, and only then is the digit's
	// scan done again with two words.
	lowRare, highRare := s.rareBySize()
	// The scan of lowRare for digit j at heap n is the first digit's at
	// heap n − (j − j0) when every rare heap is below n − j for every
	// digit (as in smallRoundMulti): the first digit's scans of the last
	// 16 heaps are kept in first (with the OR of their values in acc), so
	// that each heap makes one.
	var first [16]uint64
	var acc [16]uint16
	back := split[len(split)-1] - split[0]
	reuse := back < 16 && (len(s.rare) == 0 || int(s.rare[len(s.rare)-1]) < from-back-split[len(split)-1])
	if reuse {
		for m := from - back; m < from; m++ {
			first[m&15], acc[m&15] = lowOptions(s.vals, lowRare, m-split[0])
		}
	}
	// clean: the rare heaps of highRare are all the heaps of values 64 or
	// more (the loop ends at the next such value), so a rule-out scan that
	// stays clear of them may use the one-word vector scan (ruleOutClean2).
	clean := len(split) == 2 && s.highCount() == len(highRare)
	rb := [2][2]uint64{{s.rareBits[0][0], s.rareBits[0][1]}, {s.rareBits[1][0], s.rareBits[1][1]}}
	parity, jParity := s.parity, s.jParity
	maxValue := uint16(s.maxValue)
	buf := s.vals[:to] // Extend reserved room for to values
	n := from
	for ; n < to; n++ {
		lo, hi := wideMoveOptions(buf, n, take, whole)
		if reuse {
			first[n&15], acc[n&15] = lowOptions(buf, lowRare, n-split[0])
		}
		for _, j := range split {
			r := n - j
			var l uint64
			var x uint16
			if reuse {
				l, x = first[(n-j+split[0])&15], acc[(n-j+split[0])&15]
			} else {
				l, x = lowOptions(buf, lowRare, r)
			}
			if x&64 != 0 {
				l, hi = wideOptions(buf, lowRare, r, hi)
			}
			lo |= l
			for _, a := range highRare {
				if int(a) >= r {
					break
				}
				l, h := wideBit(buf[a] ^ buf[r-int(a)])
				lo, hi = lo|l, hi|h
			}
		}
		rare := rb[parity&(n^jParity)&1]
		var set0, set1 uint64
		var v uint16
		if common := ^(lo | rare[0]); common != 0 {
			c := bits.TrailingZeros64(common)
			v = uint16(c)
			set0 = ^lo & rare[0] & (1<<c - 1)
		} else if common := ^(hi | rare[1]); common != 0 {
			c := bits.TrailingZeros64(common)
			v = uint16(64 + c)
			set0, set1 = ^lo&rare[0], ^hi&rare[1]&(1<<c-1)
		} else {
			break // the value may be 128 or more
		}
		if set0|set1 != 0 {
			var cut bool
			if set0, set1, cut = s.wideRuleOut(n, buf[:n], set0, set1, clean, highRare); set0|set1 != 0 {
				if cut {
					s.undecide(n, &valueSet512{set0, set1})
					break
				}
				v = uint16(bits.TrailingZeros64(set0))
				if set0 == 0 {
					v = uint16(64 + bits.TrailingZeros64(set1))
				}
			}
		}
		if v > maxValue || rare[v>>6]>>(v&63)&1 != 0 || clean && v >= 64 {
			s.recordSlow(buf, n, v) // the caller rebuilds the tables
			n++
			break
		}
		buf[n] = v
		s.hist[v]++
		s.histOdd[v] += uint32(n & 1)
	}
	s.vals = buf[:n]
	s.smallWideHeaps += n - from
}

// rareBySize returns the rare heaps of values below 64 and the others.
func (s *Sparse) rareBySize() (low, high []uint32) {
	for _, a := range s.rare {
		if s.vals[a] < 64 {
			low = append(low, a)
		} else {
			high = append(high, a)
		}
	}
	return low, high
}

// wideMoveOptions returns the two-word set of the values of the take and
// whole moves from heap n.
func wideMoveOptions(vals []uint16, n int, take, whole []int) (lo, hi uint64) {
	for _, w := range whole {
		if n == w {
			lo |= 1
		}
	}
	for _, t := range take {
		if n-t >= 1 {
			l, h := wideBit(vals[n-t])
			lo, hi = lo|l, hi|h
		}
	}
	return lo, hi
}

// lowOptions returns the set of the values of the pairs (a, r − a) for
// the rare heaps a below r taken below 64 (x & 63), and the OR of those
// values: when its bit 6 is set, the set is wrong and wideOptions must
// make it.
func lowOptions(vals []uint16, rare []uint32, r int) (lo uint64, acc uint16) {
	for _, a := range rare {
		if int(a) >= r {
			break
		}
		x := vals[a] ^ vals[r-int(a)]
		lo |= 1 << (x & 63)
		acc |= x
	}
	return lo, acc
}

// wideOptions returns the two-word set of the values of the pairs
// (a, r − a) for the rare heaps a below r, the low word alone and the high
// word ORed into hi.
func wideOptions(vals []uint16, rare []uint32, r int, hi uint64) (lo, hi2 uint64) {
	for _, a := range rare {
		if int(a) >= r {
			break
		}
		l, h := wideBit(vals[a] ^ vals[r-int(a)])
		lo, hi = lo|l, hi|h
	}
	return lo, hi
}

// wideRuleOut is the rule-out scan of the two-word loop: the one-word
// vector scan where clean allows it (ruleOutClean2), else two words.
func (s *Sparse) wideRuleOut(n int, vals []uint16, set0, set1 uint64, clean bool, high []uint32) (left0, left1 uint64, cut bool) {
	if clean && set1 == 0 {
		if left, cut, ok := s.ruleOutClean2(n, vals, set0, high); ok {
			return left, 0, cut
		}
	}
	return s.smallRuleOutWide(n, vals, set0, set1)
}

// highCount is how many of the heaps 1..n−1 have a value of 64 or more.
func (s *Sparse) highCount() int {
	c := 0
	for _, h := range s.hist[64 : smallWideMaxValue+1] {
		c += int(h)
	}
	return c
}

// ruleOutClean2 is the rule-out scan of heap n for two split digits and a
// set of values below 64 by the one-word scan (smallRuleOut2, vector
// blocks) while the pairs stay clear of the heaps of values 64 or more,
// high: their first parts below every such heap h and below r − h for
// each r = n − j above h, where every pair's value is below 64. ok is
// false when the answer needs the pairs beyond (the caller then scans
// with two words).
func (s *Sparse) ruleOutClean2(n int, vals []uint16, set uint64, high []uint32) (left uint64, cut, ok bool) {
	limit := s.pairLimitFor(n)
	lim := limit
	r0, r1 := n-s.split[0], n-s.split[1]
	for _, b := range high {
		lim = min(lim, int(b))
		if r0 > int(b) {
			lim = min(lim, r0-int(b))
		}
		if r1 > int(b) {
			lim = min(lim, r1-int(b))
		}
	}
	lim = max(lim, 1)
	left, cut = s.smallRuleOut2(n, vals, set, lim)
	if left == 0 || !cut || lim == limit {
		return left, cut, true
	}
	return 0, false, false
}

// smallRuleOutWide removes from the two-word set (set0, set1) the values
// of the splits of n, smallest part first, until none is left; cut reports
// that pairLimit kept it from testing every split.
func (s *Sparse) smallRuleOutWide(n int, vals []uint16, set0, set1 uint64) (left0, left1 uint64, cut bool) {
	limit := s.pairLimitFor(n)
	if len(s.split) == 2 && set1 == 0 {
		// One word, as long as no pair has a value of 64 or more (bit 6
		// of the OR of the pairs' values); else again with two words.
		r0, r1 := n-s.split[0], n-s.split[1]
		last0, last1 := min(r0/2, limit-1), min(r1/2, limit-1)
		if left, cut, ok := ruleOutLow2(vals, r0, r1, last0, last1, set0); ok {
			return left, 0, cut
		}
	}
	if len(s.split) == 2 {
		r0, r1 := n-s.split[0], n-s.split[1]
		last0, last1 := min(r0/2, limit-1), min(r1/2, limit-1)
		a := 1
		for ; a <= last1; a++ {
			va := vals[a]
			l0, h0 := wideBit(va ^ vals[r0-a])
			l1, h1 := wideBit(va ^ vals[r1-a])
			set0, set1 = set0&^(l0|l1), set1&^(h0|h1)
			if set0|set1 == 0 {
				return 0, 0, false
			}
		}
		for ; a <= last0; a++ {
			l, h := wideBit(vals[a] ^ vals[r0-a])
			if set0, set1 = set0&^l, set1&^h; set0|set1 == 0 {
				return 0, 0, false
			}
		}
		return set0, set1, last0 < r0/2
	}
	jmin := s.split[0]
	last := min((n-jmin)/2, limit-1)
	for a := 1; a <= last; a++ {
		va := vals[a]
		for _, j := range s.split {
			b := n - j - a
			if b < a {
				break
			}
			l, h := wideBit(va ^ vals[b])
			set0, set1 = set0&^l, set1&^h
		}
		if set0|set1 == 0 {
			return 0, 0, false
		}
	}
	return set0, set1, set0|set1 != 0 && last < (n-jmin)/2
}

// ruleOutLow2 is smallRuleOutWide's two-digit scan for a set of values
// below 64 with one word: ok is false when a pair had a value of 64 or more
// (its bit x & 63 may have removed a value wrongly), and the scan must be
// done with two words.
func ruleOutLow2(vals []uint16, r0, r1, last0, last1 int, set uint64) (left uint64, cut, ok bool) {
	var acc uint16
	a := 1
	for ; a <= last1; a++ {
		va := vals[a]
		x0, x1 := va^vals[r0-a], va^vals[r1-a]
		acc |= x0 | x1
		if set &^= 1<<(x0&63) | 1<<(x1&63); set == 0 {
			return 0, false, acc&64 == 0
		}
	}
	for ; a <= last0; a++ {
		x := vals[a] ^ vals[r0-a]
		acc |= x
		if set &^= 1 << (x & 63); set == 0 {
			return 0, false, acc&64 == 0
		}
	}
	return set, last0 < r0/2, acc&64 == 0
}
