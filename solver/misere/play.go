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
// a P-position.
func (q *Quotient) WinningMoves(heaps []int) ([]octal.Move, error) {
	if _, err := q.Element(heaps); err != nil {
		return nil, err
	}
	return winningMoves(q.game, heaps, func(next []int) (bool, error) {
		o, err := q.Outcome(next)
		return o == P, err
	})
}
