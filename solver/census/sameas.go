package census

import (
	"math/bits"

	"github.com/nimlab/nimlab/solver/octal"
)

// Games whose moves are another game's plus moves that leave at most one
// heap often have the same values: in 0.??? and 4.??? most of the games with
// no period by 2^20 come in sets of 2 to 32 codes (0.764, 0.765, 0.766 and
// 0.767) that differ only in digit bits 0 and 1 and agree heap for heap.
//
// Let b's moves be a's plus some "whole" moves (bit 0 of digit j: a heap of
// exactly j is taken away, option value 0) and "take" moves (bit 1: j tokens
// are taken from a heap of more than j, option value G(n−j)), with the same
// splits. If G_b(m) = G_a(m) for every m < n, the option values of b at n
// are a's option values S plus the extra values E of those moves, and
// mex(S ∪ E) = mex(S) exactly when mex(S) ∉ E. So G_b = G_a on 0..N−1 as
// soon as, for every n < N, G_a(n) is not an extra option value of n — a
// check of a few comparisons a heap, against the quadratic work of the
// split scans that a game with many rare heaps costs. The first heap where
// the check fails is the first where the sequences differ, and b's engine
// starts there from the values they share.

// superset describes how game b extends game a: the j of the extra whole
// moves and of the extra take moves.
type superset struct {
	whole, take []int
}

// supersetOf reports whether b's moves are a's plus moves that leave at
// most one heap (a ≠ b; both plain octal codes with the same splits).
func supersetOf(a, b octal.Code) (superset, bool) {
	if a.Rules != nil || b.Rules != nil || a.Digits == nil || b.Digits == nil {
		return superset{}, false
	}
	var ext superset
	differ := false
	for j := 0; j < max(len(a.Digits), len(b.Digits)); j++ {
		da, db := digit(a, j), digit(b, j)
		if da&4 != db&4 || da&^db != 0 {
			return superset{}, false
		}
		extra := db &^ da
		if extra != 0 {
			differ = true
		}
		if j > 0 && extra&1 != 0 {
			ext.whole = append(ext.whole, j)
		}
		if j > 0 && extra&2 != 0 {
			ext.take = append(ext.take, j)
		}
	}
	return ext, differ
}

func digit(c octal.Code, j int) uint8 {
	if j < len(c.Digits) {
		return c.Digits[j]
	}
	return 0
}

// nonSplitMoves counts the bits 0 and 1 of a code's digits: a game's
// supersets (in the sense above) have more.
func nonSplitMoves(c octal.Code) int {
	n := 0
	for _, d := range c.Digits {
		n += bits.OnesCount8(d & 3)
	}
	return n
}

// agreement returns how many values of the superset game are known from
// vals = G_a(0..len−1): the first heap n where the extra moves reach
// G_a(n), or len(vals) when they never do. G_b(0..result−1) = vals[:result].
func (e superset) agreement(vals []uint16) int {
	for n := 1; n < len(vals); n++ {
		v := vals[n]
		for _, j := range e.whole {
			if n == j && v == 0 {
				return n
			}
		}
		for _, j := range e.take {
			if n-j >= 1 && vals[n-j] == v {
				return n
			}
		}
	}
	return len(vals)
}
