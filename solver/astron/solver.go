package astron

import (
	"context"
	"fmt"
	"math"
	"slices"
)

// DefaultDense3 is the largest star size for which a Solver answers
// three-star positions from a dense table (built on demand) rather than by
// recursion.
const DefaultDense3 = 160

// Solver computes nimbers of arbitrary positions under one set of rules. One-
// and two-star positions are read from dense tables, grown on demand;
// three-star positions too while their stars are small; every other position
// is computed from the definition, memoised on its canonical form. A Solver
// is not safe for concurrent use.
type Solver struct {
	rules Rules
	// UseTables, when false, computes every position of two or more stars by
	// recursion over its moves (used to cross-check the tables).
	UseTables bool
	// Dense3 is the largest star size answered from the three-star table.
	Dense3 int
	// Progress, if set, is called every 1024 positions computed by
	// recursion with the number of positions memoised so far (a long
	// four-star search has no total to show a fraction of).
	Progress func(positions int)

	g1    []uint16
	t2    *Table2
	t3    *Table3
	memo  map[string]uint16
	calls int
}

// NewSolver returns a solver for the rules, using dense tables.
func NewSolver(r Rules) *Solver {
	return &Solver{rules: r, UseTables: true, Dense3: DefaultDense3, memo: map[string]uint16{}}
}

// Rules returns the solver's rules.
func (s *Solver) Rules() Rules { return s.rules }

// Analysis is what a position is worth and how to win it.
type Analysis struct {
	Position Position
	Nimber   int
	// Outcome is "P" when the player to move loses, "N" when they win.
	Outcome string
	// WinningMoves lists every distinct move to a position of nimber 0; it is
	// empty for a P-position.
	WinningMoves []Move
}

// Outcome returns "P" for nimber 0 and "N" otherwise.
func Outcome(nimber int) string {
	if nimber == 0 {
		return "P"
	}
	return "N"
}

// Analyse computes the nimber, the outcome and every winning move of p.
func (s *Solver) Analyse(ctx context.Context, p Position) (*Analysis, error) {
	v, err := s.Nimber(ctx, p)
	if err != nil {
		return nil, err
	}
	a := &Analysis{Position: p, Nimber: v, Outcome: Outcome(v), WinningMoves: []Move{}}
	if v == 0 {
		return a, nil
	}
	var moves []Move
	ForEachMove(s.rules, p, func(m Move) { moves = append(moves, m) })
	for _, m := range moves {
		x, err := s.SumNimber(ctx, m.Result)
		if err != nil {
			return nil, err
		}
		if x == 0 {
			a.WinningMoves = append(a.WinningMoves, m)
		}
	}
	slices.SortStableFunc(a.WinningMoves, compareMoves)
	return a, nil
}

// compareMoves lists joins first, then splits star by star, by the smaller
// part, then by what goes beside it.
func compareMoves(x, y Move) int {
	if x.Kind != y.Kind {
		if x.Kind == KindJoin {
			return -1
		}
		return 1
	}
	if c := slices.Compare(x.Stars, y.Stars); c != 0 {
		return c
	}
	if c := x.Take - y.Take; c != 0 {
		return c
	}
	if c := x.Parts[0] - y.Parts[0]; c != 0 {
		return c
	}
	return comparePositions(x.Beside[0], y.Beside[0])
}

// SumNimber returns the nimber of a sum of positions: the nim-sum of theirs.
func (s *Solver) SumNimber(ctx context.Context, parts []Position) (int, error) {
	x := 0
	for _, q := range parts {
		v, err := s.Nimber(ctx, q)
		if err != nil {
			return 0, err
		}
		x ^= v
	}
	return x, nil
}

// Nimber returns G(p); p must be canonical.
func (s *Solver) Nimber(ctx context.Context, p Position) (int, error) {
	switch {
	case len(p) == 0:
		return 0, nil
	case len(p) == 1:
		if err := s.ensureOne(ctx, p[0]); err != nil {
			return 0, err
		}
		return int(s.g1[p[0]]), nil
	case len(p) == 2 && s.UseTables:
		if err := s.ensureTwo(ctx, p[1]); err != nil {
			return 0, err
		}
		return s.t2.At(p[0], p[1]), nil
	case len(p) == 3 && s.UseTables && p[2] <= s.Dense3:
		if err := s.ensureThree(ctx, p[2]); err != nil {
			return 0, err
		}
		return s.t3.At(p[0], p[1], p[2]), nil
	}
	key := p.key()
	if v, ok := s.memo[key]; ok {
		return int(v), nil
	}
	s.calls++
	if s.calls&1023 == 0 {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		if s.Progress != nil {
			s.Progress(len(s.memo))
		}
	}
	var opts mexSet
	var seen []int
	var ferr error
	ForEachMove(s.rules, p, func(m Move) {
		if ferr != nil {
			return
		}
		x, err := s.SumNimber(ctx, m.Result)
		if err != nil {
			ferr = err
			return
		}
		seen = append(seen, x)
	})
	if ferr != nil {
		return 0, ferr
	}
	top := 0
	for _, x := range seen {
		top = max(top, x)
	}
	opts.reset(xorBound(top), maxBandPasses)
	for _, x := range seen {
		opts.add(uint16(x))
	}
	v := opts.mex()
	if v > math.MaxUint16-1 {
		return 0, fmt.Errorf("the nimber of %v exceeds %d, the largest value nimlab stores", p, math.MaxUint16-1)
	}
	s.memo[key] = uint16(v)
	return v, nil
}

func (s *Solver) ensureOne(ctx context.Context, n int) error {
	if n < len(s.g1) {
		return nil
	}
	upTo := max(n, 2*len(s.g1), 256)
	g, err := OneStar(ctx, s.rules, upTo)
	if err != nil {
		return err
	}
	s.g1 = g
	return nil
}

func (s *Solver) ensureTwo(ctx context.Context, n int) error {
	if s.t2 != nil && n <= s.t2.N {
		return nil
	}
	size := max(n, 64)
	if s.t2 != nil {
		size = max(size, 2*s.t2.N)
	}
	size = min(size, max(n, MaxTable2))
	if size > MaxTable2 {
		return fmt.Errorf("a two-star position with a star of %d points is beyond the largest table (%d)", n, MaxTable2)
	}
	t, err := BuildTable2(ctx, s.rules, size, nil)
	if err != nil {
		return err
	}
	s.t2 = t
	return nil
}

func (s *Solver) ensureThree(ctx context.Context, n int) error {
	if s.t3 != nil && n <= s.t3.N {
		return nil
	}
	size := max(n, 24)
	if s.t3 != nil {
		size = max(size, 2*s.t3.N)
	}
	size = min(size, max(n, s.Dense3))
	t, err := BuildTable3(ctx, s.rules, size, nil)
	if err != nil {
		return err
	}
	s.t3 = t
	// The three-star table carries a two-star table to 2·size.
	if s.t2 == nil || t.Two.N > s.t2.N {
		s.t2 = t.Two
	}
	return nil
}
