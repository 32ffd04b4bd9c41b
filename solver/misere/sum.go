package misere

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/nimlab/nimlab/solver/octal"
)

// SumOptions bounds SolveSum.
type SumOptions struct {
	// QuotientTime bounds the time spent building partial quotients before
	// the search takes over; 0 means 200 ms.
	QuotientTime time.Duration
	// SearchLimit bounds the positions the search memoises (about 40 bytes
	// each); 0 means 2 million.
	SearchLimit int
	// MaxMoves, when positive, keeps only the first MaxMoves winning moves
	// (all are still counted in SumResult.MoveCount).
	MaxMoves int
}

// Method names the computation that decided a sum.
type Method string

const (
	// ByFullQuotient: the certified full quotient (every heap size).
	ByFullQuotient Method = "full quotient"
	// ByPartialQuotient: the partial quotient Q_m with m the largest heap.
	ByPartialQuotient Method = "partial quotient"
	// BySearch: a memoised search of the sum's positions; positions whose
	// heaps are all within the partial quotient Q_k it got are decided by it.
	BySearch Method = "search"
)

// SumResult is the misère outcome and the winning moves of a sum of heaps,
// with how they were found.
type SumResult struct {
	Code    string       `json:"code"`
	Heaps   []int        `json:"heaps"`
	Outcome Outcome      `json:"-"`
	Moves   []octal.Move `json:"winning_moves"`
	// MoveCount is the number of winning moves (Moves may hold fewer, see
	// SumOptions.MaxMoves).
	MoveCount int    `json:"winning_move_count"`
	Method    Method `json:"method"`
	// QuotientHeap is k for the quotient Q_k used (the full quotient when
	// Certified); QuotientOrder is |Q_k|.
	QuotientHeap  int  `json:"quotient_heap"`
	QuotientOrder int  `json:"quotient_order"`
	Certified     bool `json:"certified"`
	// Positions is the number of positions the search memoised (0 when the
	// quotient decided the sum alone).
	Positions int `json:"positions"`
	// Quotient is the quotient used.
	Quotient *Quotient `json:"-"`
}

// Describe says in words how the sum was decided.
func (r *SumResult) Describe() string {
	switch r.Method {
	case ByFullQuotient:
		return fmt.Sprintf("decided by the full misère quotient (order %d, certified by the periodicity theorem)", r.QuotientOrder)
	case ByPartialQuotient:
		return fmt.Sprintf("decided by the partial quotient Q_%d (order %d) of the heaps 0..%d", r.QuotientHeap, r.QuotientOrder, r.QuotientHeap)
	}
	return fmt.Sprintf("decided by a memoised search of %d positions; sums of heaps ≤ %d by the partial quotient Q_%d (order %d)", r.Positions, r.QuotientHeap, r.QuotientHeap, r.QuotientOrder)
}

// PartialQuotients builds Q_0, Q_1, … up to Q_m (or the full quotient, when
// the periodicity theorem certifies it sooner) within the time budget; it
// returns the last quotient reached. Running out of time or of memory is not
// an error: the quotient reached is exact for the heaps 0..ComputedTo.
func PartialQuotients(ctx context.Context, code Rules, m int, budget time.Duration) (*Quotient, error) {
	s := NewSolver(code)
	deadline := time.Now().Add(budget)
	qctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	var cert periodCertificate
	certified := false
	for s.Last() < m {
		if err := s.Next(qctx); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ErrTooLarge) {
				break
			}
			return nil, err
		}
		if cert, certified = s.certify(); certified {
			break
		}
	}
	q := s.snapshot()
	if certified {
		q.Certified, q.Period, q.Preperiod = true, cert.period, cert.preperiod
	}
	return q, nil
}

// SolveSum finds the misère outcome and the winning moves of the sum of
// heaps. It builds the partial quotients up to Q_m, m the largest heap (or
// the full quotient when it is certified sooner), and answers from Q_m; when
// Q_m is out of reach within the budget it searches the sum's positions,
// deciding those whose heaps are within the last quotient reached by that
// quotient. Every answer is exact.
func SolveSum(ctx context.Context, code Rules, heaps []int, opts SumOptions) (*SumResult, error) {
	if err := checkHeaps(heaps); err != nil {
		return nil, err
	}
	if opts.QuotientTime <= 0 {
		opts.QuotientTime = 200 * time.Millisecond
	}
	if opts.SearchLimit <= 0 {
		opts.SearchLimit = 2_000_000
	}
	keep := -1
	if opts.MaxMoves > 0 {
		keep = opts.MaxMoves
	}
	m := 0
	if len(heaps) > 0 {
		m = slices.Max(heaps)
	}
	q, err := PartialQuotients(ctx, code, m, opts.QuotientTime)
	if err != nil {
		return nil, err
	}
	r := &SumResult{Code: code.String(), Heaps: slices.Clone(heaps), Quotient: q,
		QuotientHeap: q.ComputedTo, QuotientOrder: q.Order, Certified: q.Certified}
	if q.Certified || m <= q.ComputedTo {
		r.Method = ByPartialQuotient
		if q.Certified {
			r.Method = ByFullQuotient
		}
		if r.Outcome, err = q.Outcome(heaps); err != nil {
			return nil, err
		}
		if r.Moves, r.MoveCount, err = q.winningMoves(heaps, keep); err != nil {
			return nil, err
		}
		return r, nil
	}
	s := NewSearcher(code)
	s.Limit = opts.SearchLimit
	s.UseQuotient(q)
	r.Method = BySearch
	if r.Outcome, err = s.Outcome(ctx, heaps); err != nil {
		return nil, err
	}
	if r.Outcome == N {
		r.Moves, r.MoveCount, err = winningMoves(code, heaps, keep, func(next []int) (bool, error) {
			o, err := s.Outcome(ctx, next)
			return o == P, err
		})
		if err != nil {
			return nil, err
		}
	} else {
		r.Moves = []octal.Move{}
	}
	r.Positions = s.Positions()
	return r, nil
}
