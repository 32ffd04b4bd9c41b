package nim

import "slices"

// LegalMoves returns every move from pos, at most limit of them (≤ 0: no
// bound), with their texts: what a player may do, not only the winning
// moves. Nim, Nimble and Plainim lower one entry; Staircase moves coins
// one step down; Moore's Nim_k lowers from one to k heaps. complete is
// false when the list was cut at limit. A position with no legal move is
// the end of the game (in normal play the player to move has lost).
func (g Game) LegalMoves(pos []int, limit int) (moves []Move, complete bool, err error) {
	if err := g.Validate(pos); err != nil {
		return nil, false, err
	}
	add := func(to []int) bool {
		if limit > 0 && len(moves) >= limit {
			return false
		}
		moves = append(moves, g.newMove(pos, to))
		return true
	}
	switch g.Variant {
	case Staircase:
		for i, a := range pos {
			for c := 1; c <= a; c++ {
				to := slices.Clone(pos)
				to[i] -= c
				if i > 0 {
					to[i-1] += c
				}
				if !add(to) {
					return moves, false, nil
				}
			}
		}
	case Moore:
		// Every non-empty choice of at most K heaps, each lowered by at
		// least one token.
		var rec func(start int, to []int, chosen int) bool
		rec = func(start int, to []int, chosen int) bool {
			for i := start; i < len(pos); i++ {
				for v := pos[i] - 1; v >= 0; v-- {
					to[i] = v
					if !add(slices.Clone(to)) {
						return false
					}
					if chosen+1 < g.K && !rec(i+1, to, chosen+1) {
						return false
					}
				}
				to[i] = pos[i]
			}
			return true
		}
		if !rec(0, slices.Clone(pos), 0) {
			return moves, false, nil
		}
	default:
		for i, a := range pos {
			if g.Variant == Nimble && slices.Index(pos, a) < i {
				continue // coins on one square are interchangeable
			}
			for v := a - 1; v >= 0; v-- {
				to := slices.Clone(pos)
				to[i] = v
				if !add(to) {
					return moves, false, nil
				}
			}
		}
	}
	return moves, true, nil
}

// MoveTo returns the move from pos to to, with its text, and false when to
// is not one move away.
func (g Game) MoveTo(pos, to []int) (Move, bool) {
	if !g.IsMove(pos, to) {
		return Move{}, false
	}
	return g.newMove(pos, to), true
}
