package misere

import (
	"context"
	"fmt"
	"slices"

	"github.com/nimlab/nimlab/solver/octal"
)

// Outcome is a misère outcome class.
type Outcome byte

const (
	// N: the player to move wins.
	N Outcome = 'N'
	// P: the previous player (the one who just moved) wins.
	P Outcome = 'P'
)

func (o Outcome) String() string { return string(o) }

// Searcher finds misère outcomes of sums of heaps from the game tree, with
// memoisation on canonical sums. It is the ground truth the quotients are
// tested against; its cost grows quickly with the number and size of heaps.
//
// A canonical sum is the sorted multiset of its heaps with two
// simplifications that are exact in misère play: heaps with no move are the
// game 0 and are dropped, and heaps whose every move empties them are the game
// * = {0}, and * + * = 0 (seed 004, Prop. 3.2), so they are kept modulo 2.
// Nothing else is cancelled: G + G ≠ 0 in misère play in general (*2 + *2 is
// a P-position).
type Searcher struct {
	code    octal.Code
	leaves  [][][2]int
	isZero  []bool // no move
	isStar  []bool // the game {0}
	outcome map[string]bool
	genus   map[string]int
	// Limit bounds the number of memoised positions (memory); 0 means 20 million.
	Limit int
}

// NewSearcher returns a Searcher for code.
func NewSearcher(code octal.Code) *Searcher {
	return &Searcher{code: code, outcome: map[string]bool{}, genus: map[string]int{}}
}

// ErrSearchTooLarge is returned when a search needs more positions than Limit.
var ErrSearchTooLarge = fmt.Errorf("the misère search needs more positions than its limit")

func (s *Searcher) prepare(h int) {
	for n := len(s.leaves); n <= h; n++ {
		var ls [][2]int
		s.code.ForEachOption(n, func(o octal.Option) {
			pair := [2]int{o.A, o.B}
			if !slices.Contains(ls, pair) {
				ls = append(ls, pair)
			}
		})
		s.leaves = append(s.leaves, ls)
		s.isZero = append(s.isZero, len(ls) == 0)
		star := len(ls) > 0
		for _, pair := range ls {
			if !s.isZero[pair[0]] || !s.isZero[pair[1]] {
				star = false
			}
		}
		s.isStar = append(s.isStar, star)
	}
}

// canonical sorts the heaps, drops the zero games and keeps the *-heaps
// modulo 2 (as one heap of the least *-size).
func (s *Searcher) canonical(heaps []int) []int {
	out := make([]int, 0, len(heaps))
	stars, starSize := 0, -1
	for _, h := range heaps {
		switch {
		case s.isZero[h]:
		case s.isStar[h]:
			stars++
			if starSize < 0 || h < starSize {
				starSize = h
			}
		default:
			out = append(out, h)
		}
	}
	if stars%2 == 1 {
		out = append(out, starSize)
	}
	slices.Sort(out)
	return out
}

func key(heaps []int) string {
	b := make([]byte, 0, 3*len(heaps))
	for _, h := range heaps {
		b = append(b, byte(h), byte(h>>8), byte(h>>16))
	}
	return string(b)
}

// checkHeaps validates heap sizes.
func checkHeaps(heaps []int) error {
	for _, h := range heaps {
		if h < 0 || h >= 1<<24 {
			return fmt.Errorf("heap size %d is out of range (0..%d)", h, 1<<24-1)
		}
	}
	return nil
}

// Outcome returns the misère outcome of the sum of heaps.
func (s *Searcher) Outcome(ctx context.Context, heaps []int) (Outcome, error) {
	if err := checkHeaps(heaps); err != nil {
		return N, err
	}
	if len(heaps) > 0 {
		s.prepare(slices.Max(heaps))
	}
	isP, err := s.isP(ctx, s.canonical(heaps))
	if err != nil {
		return N, err
	}
	if isP {
		return P, nil
	}
	return N, nil
}

// isP: a position is P exactly when it has a move and every move leads to
// an N-position; the empty sum is N (the player to move has no move, so the
// opponent made the last move and lost).
func (s *Searcher) isP(ctx context.Context, c []int) (bool, error) {
	if len(c) == 0 {
		return false, nil
	}
	k := key(c)
	if v, ok := s.outcome[k]; ok {
		return v, nil
	}
	limit := s.Limit
	if limit == 0 {
		limit = 20_000_000
	}
	if len(s.outcome) >= limit {
		return false, ErrSearchTooLarge
	}
	if len(s.outcome)&8191 == 0 {
		if err := ctx.Err(); err != nil {
			return false, err
		}
	}
	res := true
	err := s.forEachOption(c, func(_ int, _ [2]int, next []int) (bool, error) {
		p, err := s.isP(ctx, s.canonical(next))
		if err != nil {
			return false, err
		}
		if p {
			res = false
			return false, nil
		}
		return true, nil
	})
	if err != nil {
		return false, err
	}
	s.outcome[k] = res
	return res, nil
}

// forEachOption calls fn with every option of the sum c (heap index i is
// replaced by the pair of heaps), once per distinct heap size; fn returns
// false to stop.
func (s *Searcher) forEachOption(c []int, fn func(i int, leave [2]int, next []int) (bool, error)) error {
	for i, h := range c {
		if i > 0 && c[i-1] == h {
			continue
		}
		for _, pair := range s.leaves[h] {
			next := make([]int, 0, len(c)+1)
			next = append(next, c[:i]...)
			next = append(next, c[i+1:]...)
			if pair[0] > 0 {
				next = append(next, pair[0])
			}
			if pair[1] > 0 {
				next = append(next, pair[1])
			}
			more, err := fn(i, pair, next)
			if err != nil || !more {
				return err
			}
		}
	}
	return nil
}

// WinningMoves lists the moves of the sum of heaps that leave a misère
// P-position, heap by heap and in the order of octal.Code.ForEachOption. It
// is empty for a P-position.
func (s *Searcher) WinningMoves(ctx context.Context, heaps []int) ([]octal.Move, error) {
	return winningMoves(s.code, heaps, func(next []int) (bool, error) {
		o, err := s.Outcome(ctx, next)
		return o == P, err
	})
}

// winningMoves tries every move of the sum and keeps those whose result isP
// says is a P-position.
func winningMoves(code octal.Code, heaps []int, isP func([]int) (bool, error)) ([]octal.Move, error) {
	if err := checkHeaps(heaps); err != nil {
		return nil, err
	}
	moves := []octal.Move{}
	var err error
	for i, h := range heaps {
		code.ForEachOption(h, func(o octal.Option) {
			if err != nil {
				return
			}
			next := make([]int, 0, len(heaps)+1)
			next = append(next, heaps[:i]...)
			next = append(next, heaps[i+1:]...)
			next = append(next, o.Leave()...)
			var p bool
			if p, err = isP(next); err == nil && p {
				moves = append(moves, octal.Move{Heap: i, From: h, Take: o.Take, Leave: o.Leave()})
			}
		})
		if err != nil {
			return nil, err
		}
	}
	return moves, nil
}

// GenusHead returns the misère Grundy value g⁻ of the sum of heaps (the head
// of its genus): g⁻(0) = 1 and otherwise g⁻(G) = mex{g⁻(G')}. A position is a
// misère P-position exactly when g⁻ = 0. Only zero games are dropped here
// (the genus of * + * is not that of 0).
func (s *Searcher) GenusHead(ctx context.Context, heaps []int) (int, error) {
	if err := checkHeaps(heaps); err != nil {
		return 0, err
	}
	if len(heaps) > 0 {
		s.prepare(slices.Max(heaps))
	}
	c := make([]int, 0, len(heaps))
	for _, h := range heaps {
		if !s.isZero[h] {
			c = append(c, h)
		}
	}
	slices.Sort(c)
	return s.genusHead(ctx, c)
}

func (s *Searcher) genusHead(ctx context.Context, c []int) (int, error) {
	if len(c) == 0 {
		return 1, nil
	}
	k := key(c)
	if v, ok := s.genus[k]; ok {
		return v, nil
	}
	limit := s.Limit
	if limit == 0 {
		limit = 20_000_000
	}
	if len(s.genus) >= limit {
		return 0, ErrSearchTooLarge
	}
	if len(s.genus)&8191 == 0 {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
	}
	var seen []int
	err := s.forEachOption(c, func(_ int, _ [2]int, next []int) (bool, error) {
		n := next[:0:0]
		for _, h := range next {
			if !s.isZero[h] {
				n = append(n, h)
			}
		}
		slices.Sort(n)
		v, err := s.genusHead(ctx, n)
		if err != nil {
			return false, err
		}
		seen = append(seen, v)
		return true, nil
	})
	if err != nil {
		return 0, err
	}
	m := 0
	for slices.Contains(seen, m) {
		m++
	}
	s.genus[k] = m
	return m, nil
}
