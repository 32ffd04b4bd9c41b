package astron

import (
	"fmt"
	"slices"
	"strings"
)

// Move kinds.
const (
	KindJoin  = "join"
	KindSplit = "split"
)

// Move is one move from a position.
//
// A join takes the stars in Stars (two or more) and leaves one star of their
// total minus Take points. Every other move is a split of the single star in
// Stars: Take points are used and the rest is left as Parts[0] + Parts[1],
// with the other stars Beside[0] next to Parts[0] and Beside[1] next to
// Parts[1]; the position falls into the sum of the two sides (a side that is
// empty is no game). Lowering a star (Parts[0] = 0, nothing beside it) and
// removing it (both parts 0) are splits in this sense, as in Definition 2.1.3.
type Move struct {
	Kind   string   `json:"kind"`
	Stars  []int    `json:"stars"`
	Take   int      `json:"take"`
	Parts  [2]int   `json:"parts"`
	Beside [2][]int `json:"beside"`
	// Result is the position after the move as a sum of its non-empty
	// components, each canonical, in canonical order. It is empty when no
	// star is left.
	Result []Position `json:"result"`

	// astronWords is true when the move belongs to Astron itself, whose moves
	// always use 2 points and need no mention of it.
	astronWords bool
}

// Text describes the move for a person, e.g. "join the 3 and the 5" or
// "split the 7 into 2 + 3 with {5} beside the 3".
func (m Move) Text() string {
	var b strings.Builder
	if m.Kind == KindJoin {
		b.WriteString("join ")
		for i, s := range m.Stars {
			switch {
			case i == 0:
			case i == len(m.Stars)-1:
				b.WriteString(" and ")
			default:
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "the %d", s)
		}
		if !m.astronWords {
			fmt.Fprintf(&b, " into a %d (using %d)", m.Stars[0]+sumInts(m.Stars[1:])-m.Take, m.Take)
		}
		return b.String()
	}
	a, c := m.Parts[0], m.Parts[1]
	if !m.astronWords && a == 0 && len(m.Beside[0]) == 0 {
		// Outside Astron, lowering and removing are moves of their own
		// (bits 1 and 0 of the digit), so they get their own words.
		if c == 0 {
			return fmt.Sprintf("remove the %d", m.Stars[0])
		}
		return fmt.Sprintf("take %d from the %d, leaving %d", m.Take, m.Stars[0], c)
	}
	fmt.Fprintf(&b, "split the %d into %d + %d", m.Stars[0], a, c)
	if !m.astronWords {
		fmt.Fprintf(&b, " (using %d)", m.Take)
	}
	var clauses []string
	switch {
	case a != c:
		for i := range 2 {
			if len(m.Beside[i]) > 0 {
				clauses = append(clauses, fmt.Sprintf("{%s} beside the %d", joinInts(m.Beside[i], ", "), m.Parts[i]))
			}
		}
	case len(m.Beside[0]) > 0 && len(m.Beside[1]) > 0:
		clauses = append(clauses, fmt.Sprintf("{%s} beside one %d", joinInts(m.Beside[0], ", "), a),
			fmt.Sprintf("{%s} beside the other", joinInts(m.Beside[1], ", ")))
	default:
		for i := range 2 {
			if len(m.Beside[i]) > 0 {
				clauses = append(clauses, fmt.Sprintf("{%s} beside one %d", joinInts(m.Beside[i], ", "), a))
			}
		}
	}
	if len(clauses) > 0 {
		b.WriteString(" with ")
		b.WriteString(strings.Join(clauses, " and "))
	}
	return b.String()
}

func sumInts(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

// group is a multiset of star sizes as distinct values with multiplicities,
// used to enumerate sub-multisets without repeats.
type group struct {
	vals, counts []int
}

func groupOf(p []int) group {
	var g group
	for i, s := range p {
		if i > 0 && s == p[i-1] {
			g.counts[len(g.counts)-1]++
			continue
		}
		g.vals = append(g.vals, s)
		g.counts = append(g.counts, 1)
	}
	return g
}

// forEachSubMultiset calls fn with every sub-multiset of g (as chosen counts),
// including the empty one and g itself. take is reused between calls.
func (g group) forEachSubMultiset(fn func(take []int)) {
	take := make([]int, len(g.vals))
	var rec func(i int)
	rec = func(i int) {
		if i == len(g.vals) {
			fn(take)
			return
		}
		for c := 0; c <= g.counts[i]; c++ {
			take[i] = c
			rec(i + 1)
		}
		take[i] = 0
	}
	rec(0)
}

// pick expands chosen counts to the chosen sizes and the rest, both ascending.
func (g group) pick(take []int) (chosen, rest []int) {
	chosen, rest = []int{}, []int{}
	for i, v := range g.vals {
		for range take[i] {
			chosen = append(chosen, v)
		}
		for range g.counts[i] - take[i] {
			rest = append(rest, v)
		}
	}
	return chosen, rest
}

// ForEachMove calls fn once for every distinct move from p under the rules:
// stars of equal size are interchangeable, and a split is listed once however
// its two sides are ordered. p must be canonical.
func ForEachMove(r Rules, p Position, fn func(Move)) {
	astronWords := r.IsAstron()
	g := groupOf(p)
	for _, jr := range r.joinRules() {
		if jr.N <= len(p) {
			forEachJoin(g, jr, astronWords, fn)
		}
	}
	// Splits: every distinct star, every rule, every way to share the rest.
	for vi, x := range g.vals {
		others := g.without(vi)
		og := groupOf(others)
		for _, sr := range r.splitRules() {
			if x >= sr.K {
				forEachSplit(x, others, og, sr, astronWords, fn)
			}
		}
	}
}

// forEachJoin calls fn for every join of jr.N stars of g (every
// sub-multiset of that size) that leaves a star of size ≥ 0.
func forEachJoin(g group, jr joinRule, astronWords bool, fn func(Move)) {
	g.forEachSubMultiset(func(take []int) {
		n := 0
		for _, c := range take {
			n += c
		}
		if n != jr.N {
			return
		}
		chosen, rest := g.pick(take)
		size := sumInts(chosen) - jr.K
		if size < 0 {
			return
		}
		res := canonical(append(slices.Clone(rest), size))
		m := Move{Kind: KindJoin, Stars: chosen, Take: jr.K, astronWords: astronWords}
		if len(res) > 0 {
			m.Result = []Position{res}
		} else {
			m.Result = []Position{}
		}
		fn(m)
	})
}

// without is the stars of g less one star of the vi-th size, ascending.
func (g group) without(vi int) []int {
	others := make([]int, 0, sumInts(g.counts)-1)
	for i, v := range g.vals {
		c := g.counts[i]
		if i == vi {
			c--
		}
		for range c {
			others = append(others, v)
		}
	}
	return others
}

// forEachSplit calls fn for every move of rule sr on a star of size x
// (x ≥ sr.K) beside the other stars (og their group): removing it,
// lowering it, or splitting it in two with the others shared between the
// two sides.
func forEachSplit(x int, others []int, og group, sr splitRule, astronWords bool, fn func(Move)) {
	m := x - sr.K
	emit := func(a, b int, g1, g2 []int) {
		fn(splitMove(x, sr.K, a, b, g1, g2, astronWords))
	}
	if sr.Vanish && m == 0 {
		emit(0, 0, []int{}, others)
	}
	if sr.Lower && m >= 1 {
		emit(0, m, []int{}, others)
	}
	if !sr.Split {
		return
	}
	og.forEachSubMultiset(func(take []int) {
		g1, g2 := og.pick(take)
		for a := 0; a <= m; a++ {
			b := m - a
			// Both sides must be non-empty: a side with no star is
			// the lowering or removal above, which has its own bit.
			if (a == 0 && len(g1) == 0) || (b == 0 && len(g2) == 0) {
				continue
			}
			// List the unordered pair {(a,G1), (b,G2)} once.
			if a > b || (a == b && comparePositions(g1, g2) > 0) {
				continue
			}
			emit(a, b, g1, g2)
		}
	})
}

// splitMove is the move taking k from a star of size x and leaving the
// sides a beside g1 and b beside g2 (empty sides dropped from Result).
func splitMove(x, k, a, b int, g1, g2 []int, astronWords bool) Move {
	mv := Move{Kind: KindSplit, Stars: []int{x}, Take: k, Parts: [2]int{a, b}, Beside: [2][]int{g1, g2}, astronWords: astronWords}
	mv.Result = []Position{}
	for _, side := range []Position{canonical(append(slices.Clone(g1), a)), canonical(append(slices.Clone(g2), b))} {
		if len(side) > 0 {
			mv.Result = append(mv.Result, side)
		}
	}
	slices.SortFunc(mv.Result, comparePositions)
	return mv
}

// Moves returns every distinct move from p (see ForEachMove).
func Moves(r Rules, p Position) []Move {
	var out []Move
	ForEachMove(r, p, func(m Move) { out = append(out, m) })
	return out
}
