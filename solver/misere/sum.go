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
	// MoreQuotientTime is the further time given to the quotients when the
	// search needs more than FirstSearchLimit positions; 0 means 20 s.
	MoreQuotientTime time.Duration
	// FirstSearchLimit bounds the first search; 0 means 300 000 positions.
	FirstSearchLimit int
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

// quotientRun builds partial quotients and can be resumed with more time.
type quotientRun struct {
	s         *Solver
	cert      periodCertificate
	certified bool
	// stuck: the next quotient needs more memory than allowed.
	stuck bool
}

// advance builds Q_{n+1}, … towards Q_m for at most budget. Running out of
// time or memory is not an error: the quotient reached stays exact.
func (qr *quotientRun) advance(ctx context.Context, m int, budget time.Duration) error {
	if qr.certified || qr.stuck {
		return nil
	}
	qctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	for qr.s.Last() < m {
		if err := qr.s.Next(qctx); err != nil {
			switch {
			case ctx.Err() != nil:
				return ctx.Err()
			case errors.Is(err, ErrTooLarge):
				qr.stuck = true
				return nil
			case errors.Is(err, context.DeadlineExceeded):
				return nil
			}
			return err
		}
		if qr.cert, qr.certified = qr.s.certify(); qr.certified {
			return nil
		}
	}
	return nil
}

func (qr *quotientRun) quotient() *Quotient {
	q := qr.s.snapshot()
	if qr.certified {
		q.Certified, q.Period, q.Preperiod = true, qr.cert.period, qr.cert.preperiod
	}
	return q
}

// PartialQuotients builds Q_0, Q_1, … up to Q_m (or the full quotient, when
// the periodicity theorem certifies it sooner) within the time budget; it
// returns the last quotient reached. Running out of time or of memory is not
// an error: the quotient reached is exact for the heaps 0..ComputedTo.
func PartialQuotients(ctx context.Context, code Rules, m int, budget time.Duration) (*Quotient, error) {
	qr := &quotientRun{s: NewSolver(code)}
	if err := qr.advance(ctx, m, budget); err != nil {
		return nil, err
	}
	return qr.quotient(), nil
}

// SolveSum finds the misère outcome and the winning moves of the sum of
// heaps. It builds the partial quotients up to Q_m, m the largest heap (or
// the full quotient when it is certified sooner), and answers from Q_m; when
// Q_m is out of reach within QuotientTime it searches the sum's positions,
// deciding those whose heaps are within the last quotient reached by that
// quotient. A search that needs more than 300 000 positions first gives the
// quotients MoreQuotientTime more, so that the answer does not depend on the
// machine's load when a quotient is within reach. Every answer is exact.
func SolveSum(ctx context.Context, code Rules, heaps []int, opts SumOptions) (*SumResult, error) {
	if err := checkHeaps(heaps); err != nil {
		return nil, err
	}
	if opts.QuotientTime <= 0 {
		opts.QuotientTime = 200 * time.Millisecond
	}
	if opts.MoreQuotientTime <= 0 {
		opts.MoreQuotientTime = 20 * time.Second
	}
	if opts.SearchLimit <= 0 {
		opts.SearchLimit = 2_000_000
	}
	if opts.FirstSearchLimit <= 0 {
		opts.FirstSearchLimit = 300_000
	}
	keep := -1
	if opts.MaxMoves > 0 {
		keep = opts.MaxMoves
	}
	m := 0
	if len(heaps) > 0 {
		m = slices.Max(heaps)
	}
	qr := &quotientRun{s: NewSolver(code)}
	if err := qr.advance(ctx, m, opts.QuotientTime); err != nil {
		return nil, err
	}
	q := qr.quotient()
	if q.Certified || m <= q.ComputedTo {
		return byQuotient(code, heaps, q, keep)
	}
	if est := searchEstimate(code, heaps, q.ComputedTo); est > hopelessFactor*float64(opts.SearchLimit) {
		// No search can end: only the quotients can still answer.
		if err := qr.advance(ctx, m, opts.MoreQuotientTime); err != nil {
			return nil, err
		}
		if q = qr.quotient(); q.Certified || m <= q.ComputedTo {
			return byQuotient(code, heaps, q, keep)
		}
		return nil, &BeyondReachError{Heaps: slices.Clone(heaps), QuotientHeap: q.ComputedTo,
			QuotientOrder: q.Order, Estimate: searchEstimate(code, heaps, q.ComputedTo), Limit: opts.SearchLimit}
	}
	s := NewSearcher(code)
	s.UseQuotient(q)
	s.Limit = min(opts.SearchLimit, opts.FirstSearchLimit)
	r, err := searchSum(ctx, s, code, heaps, keep)
	if errors.Is(err, ErrSearchTooLarge) && s.Limit < opts.SearchLimit {
		if err := qr.advance(ctx, m, opts.MoreQuotientTime); err != nil {
			return nil, err
		}
		if q = qr.quotient(); q.Certified || m <= q.ComputedTo {
			return byQuotient(code, heaps, q, keep)
		}
		s.UseQuotient(q)
		s.Limit = opts.SearchLimit
		r, err = searchSum(ctx, s, code, heaps, keep)
	}
	if err != nil {
		return nil, err
	}
	r.Quotient, r.QuotientHeap, r.QuotientOrder = q, q.ComputedTo, q.Order
	return r, nil
}

// byQuotient answers a sum whose heaps are all within q (or q certified).
func byQuotient(code Rules, heaps []int, q *Quotient, keep int) (*SumResult, error) {
	r := &SumResult{Code: code.String(), Heaps: slices.Clone(heaps), Quotient: q,
		QuotientHeap: q.ComputedTo, QuotientOrder: q.Order, Certified: q.Certified, Method: ByPartialQuotient}
	if q.Certified {
		r.Method = ByFullQuotient
	}
	var err error
	if r.Outcome, err = q.Outcome(heaps); err != nil {
		return nil, err
	}
	if r.Moves, r.MoveCount, err = q.winningMoves(heaps, keep); err != nil {
		return nil, err
	}
	return r, nil
}

// searchSum answers a sum by the search s.
func searchSum(ctx context.Context, s *Searcher, code Rules, heaps []int, keep int) (*SumResult, error) {
	r := &SumResult{Code: code.String(), Heaps: slices.Clone(heaps), Method: BySearch}
	var err error
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

// hopelessFactor: a sum whose search estimate exceeds hopelessFactor times
// the search limit is not searched at all. The estimate counts positions
// that the search would meet if it explored everything; the search itself
// stops early at winning moves and merges equal heaps, so it often needs far
// fewer (3 heaps ≤ 30 of 0.07 on top of Q_24: estimate ~10⁶, 10⁴–10⁵
// positions searched), hence the wide margin.
const hopelessFactor = 1e6

// BeyondReachError is returned by SolveSum for a sum that neither the partial
// quotients (within their time) nor any search within the limit can decide.
// It wraps ErrSearchTooLarge.
type BeyondReachError struct {
	Heaps         []int
	QuotientHeap  int // the last partial quotient reached, Q_QuotientHeap
	QuotientOrder int
	// Estimate is the number of positions with a heap above QuotientHeap that
	// the sum leads to, about (see searchEstimate).
	Estimate float64
	Limit    int
}

func (e *BeyondReachError) Error() string {
	return fmt.Sprintf("the sum %v is beyond reach: the partial quotients reached Q_%d (order %d) and its search would meet about %.1e positions with a heap above %d (the limit is %d)",
		e.Heaps, e.QuotientHeap, e.QuotientOrder, e.Estimate, e.QuotientHeap, e.Limit)
}

func (e *BeyondReachError) Unwrap() error { return ErrSearchTooLarge }

// searchEstimate estimates how many positions with a heap above k the search
// of a sum would have to decide: a position keeping one heap of k+1 tokens
// and splitting the rest of the tokens of the heaps above k into heaps ≤ k
// that have moves, counted as the partitions of that number into such parts.
// It is an estimate (not every partition need be reachable, and the search
// stops early), used only to refuse sums of astronomically many positions at
// once.
func searchEstimate(code Rules, heaps []int, k int) float64 {
	excess := 0
	for _, h := range heaps {
		if h > k {
			excess += h
		}
	}
	if excess == 0 {
		return 0
	}
	m := min(excess-(k+1), 20_000) // beyond that the count is astronomical anyway
	if m <= 0 {
		return 1
	}
	ways := make([]float64, m+1)
	ways[0] = 1
	for part := 1; part <= k && part <= m; part++ {
		hasMove := false
		code.ForEachOption(part, func(_, _, _ int) { hasMove = true })
		if !hasMove {
			continue
		}
		for t := part; t <= m; t++ {
			ways[t] += ways[t-part]
		}
	}
	return ways[m]
}
