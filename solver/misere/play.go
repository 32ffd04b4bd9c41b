package misere

import "github.com/nimlab/nimlab/solver/octal"

// Element returns Φ of the sum of heaps: the product of the heaps' images.
func (q *Quotient) Element(heaps []int) (int, error) {
	if err := checkHeaps(heaps); err != nil {
		return 0, err
	}
	x := 0
	for _, h := range heaps {
		y, err := q.PhiOf(h)
		if err != nil {
			return 0, err
		}
		x = q.Mul[x][y]
	}
	return x, nil
}

// Outcome returns the misère outcome of the sum of heaps: P exactly when
// Φ(H_1)·…·Φ(H_k) is in the P-portion.
func (q *Quotient) Outcome(heaps []int) (Outcome, error) {
	x, err := q.Element(heaps)
	if err != nil {
		return N, err
	}
	if q.P[x] {
		return P, nil
	}
	return N, nil
}

// WinningMoves lists the moves of the sum of heaps that leave a misère
// P-position, in the format and order of octal.WinningMoves. It is empty for
// a P-position. Each move costs two products: the product of the other heaps
// is computed once per heap (prefix and suffix products), so a heap of 10^6
// tokens with its half a million moves takes no more than its moves.
func (q *Quotient) WinningMoves(heaps []int) ([]octal.Move, error) {
	moves, _, err := q.winningMoves(heaps, -1)
	return moves, err
}

// winningMoves lists the first keep winning moves (all when keep < 0) and
// counts them all.
func (q *Quotient) winningMoves(heaps []int, keep int) ([]octal.Move, int, error) {
	if _, err := q.Element(heaps); err != nil {
		return nil, 0, err
	}
	n := len(heaps)
	prefix, suffix := make([]int, n+1), make([]int, n+1)
	for i, h := range heaps {
		x, _ := q.PhiOf(h)
		prefix[i+1] = q.Mul[prefix[i]][x]
	}
	for i := n - 1; i >= 0; i-- {
		x, _ := q.PhiOf(heaps[i])
		suffix[i] = q.Mul[suffix[i+1]][x]
	}
	return collectWinningMoves(q.game, heaps, keep, func(i, _, a, b int) (bool, error) {
		u := q.Mul[prefix[i]][suffix[i+1]] // the other heaps
		for _, part := range [2]int{a, b} {
			if part > 0 {
				x, err := q.PhiOf(part)
				if err != nil {
					return false, err
				}
				u = q.Mul[u][x]
			}
		}
		return q.P[u], nil
	})
}
