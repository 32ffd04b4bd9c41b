package misere

import "slices"

// game holds, for the heaps computed so far, what every quotient computation
// needs: the heaps each move leaves and each heap's birthday.
type game struct {
	code Rules
	// leaves[h] lists the distinct pairs {a, b} (a ≤ b, 0 = no heap) that a
	// move from H_h leaves.
	leaves [][][2]int
	// birthday[h] is the height of H_h's game tree; a sum's birthday is the
	// sum of its heaps' birthdays, and every option has a smaller one.
	birthday []int
}

func newGame(code Rules) *game {
	return &game{code: code}
}

// extend computes the leaves and birthday of the next heap and returns its size.
func (g *game) extend() int {
	h := len(g.leaves)
	var ls [][2]int
	b := 0
	g.code.ForEachOption(h, func(_, a, b int) {
		pair := [2]int{a, b}
		if !slices.Contains(ls, pair) {
			ls = append(ls, pair)
		}
	})
	for _, pair := range ls {
		b = max(b, g.birthday[pair[0]]+g.birthday[pair[1]]+1)
	}
	g.leaves = append(g.leaves, ls)
	g.birthday = append(g.birthday, b)
	return h
}

// optionImages returns the sorted distinct images φ(H_a)·φ(H_b) of the
// options of H_h (φ(H_0) is the identity).
func optionImages[T comparable](g *game, h int, phi []T, times func(x, y T) T, cmp func(a, b T) int) []T {
	out := make([]T, 0, len(g.leaves[h]))
	for _, pair := range g.leaves[h] {
		out = append(out, times(phi[pair[0]], phi[pair[1]]))
	}
	slices.SortFunc(out, cmp)
	return slices.Compact(out)
}

// shrink forgets heap h and above (a heap whose quotient step failed).
func (g *game) shrink(h int) {
	g.leaves = g.leaves[:h]
	g.birthday = g.birthday[:h]
}
