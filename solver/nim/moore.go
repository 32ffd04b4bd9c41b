package nim

import (
	"math/bits"
	"slices"
)

// mooreSearch enumerates the moves of Moore's Nim_k that leave every bit
// column with a number of 1s divisible by k+1, column by column from the
// most significant. A heap is "tight" while its new bits equal its old ones
// and "freed" once a 1 became 0 (below that its bits are free, so the new
// value is smaller); at most k heaps may be freed, and only heaps allowed
// to change may be.
//
// With every heap allowed, every assignment of whole columns extends to a
// solution (at a column whose tight 1s leave residue r, either r more heaps
// can still be freed, or k+1-r freed heaps can take a 1), and within a
// column a branch is cut as soon as the remaining heaps cannot make the
// count divisible by k+1; so the search never meets a dead end and costs
// O(heaps × columns) per move found.
type mooreSearch struct {
	heaps   []int
	k       int
	allowed []bool // nil: every heap may change
	limit   int    // stop after this many solutions
	budget  int    // stop after this many search steps (restricted search)

	newVals []int
	freed   []bool
	nFreed  int
	found   [][]int
	// suffix[j] holds, for column j and each i, how many heaps from i on
	// are tight with a 1 that may drop, tight with a 1 that must stay, or
	// freed: enough to tell whether the column can still reach a count
	// divisible by k+1.
	suffix [][][3]int
}

func (s *mooreSearch) run() {
	width := 0
	for _, h := range s.heaps {
		width = max(width, bits.Len(uint(h)))
	}
	s.newVals = make([]int, len(s.heaps))
	s.freed = make([]bool, len(s.heaps))
	s.suffix = make([][][3]int, width)
	s.column(width - 1)
}

func (s *mooreSearch) done() bool { return len(s.found) >= s.limit || s.budget < 0 }

// column assigns bit j of every heap, then recurses to column j-1.
func (s *mooreSearch) column(j int) {
	if s.done() {
		return
	}
	if j < 0 {
		if s.nFreed > 0 {
			s.found = append(s.found, slices.Clone(s.newVals))
		}
		return
	}
	n := len(s.heaps)
	if s.suffix[j] == nil {
		s.suffix[j] = make([][3]int, n+1)
	}
	suf := s.suffix[j]
	for i := n - 1; i >= 0; i-- {
		suf[i] = suf[i+1]
		switch {
		case s.freed[i]:
			suf[i][2]++
		case s.heaps[i]>>j&1 == 1 && (s.allowed == nil || s.allowed[i]):
			suf[i][0]++
		case s.heaps[i]>>j&1 == 1:
			suf[i][1]++
		}
	}
	s.heap(j, 0, 0)
}

// heap chooses bit j of heap i, counting the 1s of column j so far.
func (s *mooreSearch) heap(j, i, ones int) {
	s.budget--
	if s.done() {
		return
	}
	// Prune: the heaps from i on can add any count in [lo, hi] (drop up to
	// k − nFreed of the droppable 1s, set any freed heap to 1); without a
	// multiple of k+1 in that range this branch has no solution.
	suf := s.suffix[j][i]
	lo := ones + suf[1] + suf[0] - min(suf[0], s.k-s.nFreed)
	hi := ones + suf[1] + suf[0] + suf[2]
	if (lo+s.k)/(s.k+1)*(s.k+1) > hi {
		return
	}
	if i == len(s.heaps) {
		s.column(j - 1)
		return
	}
	bit := 1 << j
	old := s.heaps[i] >> j & 1
	switch {
	case s.freed[i]:
		s.heap(j, i+1, ones)
		s.newVals[i] |= bit
		s.heap(j, i+1, ones+1)
		s.newVals[i] &^= bit
	case old == 1:
		s.newVals[i] |= bit
		s.heap(j, i+1, ones+1)
		s.newVals[i] &^= bit
		if s.nFreed < s.k && (s.allowed == nil || s.allowed[i]) {
			s.freed[i] = true
			s.nFreed++
			s.heap(j, i+1, ones)
			s.freed[i] = false
			s.nFreed--
		}
	default:
		s.heap(j, i+1, ones)
	}
}

// mooreWinningMoves lists up to limit winning moves, the article's first.
func (g Game) mooreWinningMoves(pos []int, limit int) ([]Move, bool) {
	if g.outcome(pos) == P {
		return nil, true
	}
	var moves []Move
	articleMove, ok := g.MooreArticleMove(pos)
	if ok {
		moves = append(moves, articleMove)
	}
	s := &mooreSearch{heaps: pos, k: g.K, limit: limit + 1, budget: 1 << 62}
	s.run()
	for _, to := range s.found {
		if ok && slices.Equal(to, articleMove.To) {
			continue
		}
		moves = append(moves, g.newMove(pos, to))
	}
	complete := len(s.found) <= limit
	if len(moves) > limit {
		moves = moves[:limit]
	}
	return moves, complete
}

// MooreSelections runs the first half of Eugeni, Mascella and Tondini's move
// algorithm for Moore's Nim_k: with s_j the number of 1s in bit column j mod
// k+1 and J the highest column with s_j ≠ 0, it walks down from column J and
// adds the heaps having a 1 in the current column, until k heaps are chosen
// or the columns run out. When a column offers more heaps than still fit, the
// article takes "a subset B_s of the right size" without saying which; this
// calls yield with every such choice, in lexicographic order of the heap
// indices, until yield returns false. Each choice is sorted. A P-position
// yields nothing.
func MooreSelections(heaps []int, k int, yield func(chosen []int) bool) {
	res := columnResidues(heaps, k+1)
	top := -1
	for j := len(res) - 1; j >= 0; j-- {
		if res[j] != 0 {
			top = j
			break
		}
	}
	if top < 0 || k < 1 {
		return
	}
	in := make([]bool, len(heaps))
	var chosen []int
	for r := top; len(chosen) < k && r >= 0; r-- {
		var b []int
		for i, h := range heaps {
			if !in[i] && h>>r&1 == 1 {
				b = append(b, i)
			}
		}
		if len(chosen)+len(b) > k {
			// The last step: every subset of b of the size that fills A.
			forEachSubset(b, k-len(chosen), func(sub []int) bool {
				c := append(slices.Clone(chosen), sub...)
				slices.Sort(c)
				return yield(c)
			})
			return
		}
		for _, i := range b {
			in[i] = true
			chosen = append(chosen, i)
		}
	}
	slices.Sort(chosen)
	yield(chosen)
}

// forEachSubset calls f with every size-s subset of set, in lexicographic
// order, until f returns false.
func forEachSubset(set []int, s int, f func(sub []int) bool) bool {
	if s == 0 {
		return f(nil)
	}
	for i := 0; i+s <= len(set); i++ {
		head := set[i]
		if !forEachSubset(set[i+1:], s-1, func(sub []int) bool {
			return f(append([]int{head}, sub...))
		}) {
			return false
		}
	}
	return true
}

// MooreArticleMove is the move algorithm for Moore's Nim_k that Eugeni,
// Mascella and Tondini's article (Un'applicazione del calcolo binario: il
// gioco del Nim, §5) prescribes: choose the heaps with MooreSelections, then
// rewrite only those heaps, column by column from the top, turning 1s into 0s
// and 0s into 1s only to the right of a 1 already turned into 0 in the same
// heap, so that every column's count of 1s becomes divisible by k+1. Not
// every choice the article allows admits a rewrite (k = 2, heaps 2, 3, 4:
// choosing heaps 2 and 4 fails, 3 and 4 works; see docs/FINDINGS.md), so the
// choices are tried in order and the first rewrite found (search order: keep
// a 1 before dropping it, 0 before 1) is returned. false for a P-position or
// if no choice works.
func (g Game) MooreArticleMove(pos []int) (Move, bool) {
	if g.Variant != Moore || g.Validate(pos) != nil {
		return Move{}, false
	}
	var found []int
	// Restricted to the chosen heaps the search can meet dead ends; one
	// budget of search steps for all choices keeps a large input from
	// running away (the full search in WinningMoves still finds moves).
	budget := 1 << 20
	MooreSelections(pos, g.K, func(chosen []int) bool {
		to, ok, used := mooreRewrite(pos, g.K, chosen, budget)
		budget -= used
		if ok {
			found = to
			return false
		}
		return budget > 0
	})
	if found == nil {
		return Move{}, false
	}
	return g.newMove(pos, found), true
}

// mooreRewrite is the second half of the article's algorithm: the first rewrite
// of the chosen heaps that makes every column divisible by k+1, searched
// with at most budget steps; it also returns the steps used.
func mooreRewrite(pos []int, k int, chosen []int, budget int) ([]int, bool, int) {
	allowed := make([]bool, len(pos))
	for _, i := range chosen {
		allowed[i] = true
	}
	s := &mooreSearch{heaps: pos, k: k, allowed: allowed, limit: 1, budget: budget}
	s.run()
	used := budget - s.budget
	if len(s.found) == 0 {
		return nil, false, used
	}
	return s.found[0], true, used
}
