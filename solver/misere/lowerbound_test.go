package misere

import (
	"context"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// The empty position's profile (1, ∅) must not excuse later profiles (1, O)
// from their check. In 0.3 the heap H_1 = * is a misère P-position; the
// trivial candidate {1} labels it N although its only option, 0, is not P.
// (Before the fix, (1, {1}) counted as "dominated" by (1, ∅) and the
// candidate passed.)
func TestVerifyChecksPositionsOfIdentityImage(t *testing.T) {
	g := newGame(octal.NewCode(takebreak.MustParse("0.3")))
	g.extend()
	g.extend()
	_, _, bad, err := verify(context.Background(), g, trivialMonoid(), []bool{false}, []int32{0, 0})
	require.NoError(t, err)
	assert.Equal(t, map[int]int{1: 1}, bad)
}

// A verified (reduced) quotient has all its elements pairwise distinguished,
// and with no failure every position is labelled right: the bound is exact.
func TestLowerBoundOfVerifiedQuotientIsItsOrder(t *testing.T) {
	for _, c := range []struct {
		code string
		n    int
	}{{"0.77", 30}, {"0.75", 12}, {"0.137", 16}} {
		s := NewSolver(octal.NewCode(takebreak.MustParse(c.code)))
		for s.Last() < c.n {
			require.NoError(t, s.Next(context.Background()))
		}
		lb, _ := certifiedLowerBound(s.q, s.p, repsOf(s.q, s.trans), -1)
		assert.Equal(t, s.q.size, lb, c.code)
	}
}

// Every candidate of 0.07 that fails verification on the way to Q_30 gives a
// lower bound on |Q_h| that the verified Q_h respects, and the distinctions
// it rests on are real: the search (with Q_24 deciding the positions without
// a heap above 24) finds the candidate's labels on sampled positions
// rep(x) + rep(z) below the failure's birthday, at heap 25.
func TestLowerBoundsOfFailedCandidates(t *testing.T) {
	code := octal.NewCode(takebreak.MustParse("0.07"))
	type record struct{ h, lb, candidate int }
	var records []record
	var q24 *Quotient
	rng := rand.New(rand.NewSource(16))
	checked := 0
	s := NewSolver(code)
	failedCandidate = func(h int, q *monoid, p []bool, phi []int32, bad map[int]int) {
		limit := positionBirthday(s.g, bad)
		r := repsOf(q, transitionsOf(s.g, phi, q.times, cmpInt32))
		lb, d := certifiedLowerBound(q, p, r, limit)
		records = append(records, record{h, lb, q.size})
		if h != 25 {
			return
		}
		// the labels below the failure's birthday are the search's outcomes
		search := NewSearcher(code)
		search.UseQuotient(q24)
		var rows, cols []int32
		for x := int32(0); int(x) < q.size; x++ {
			if r.dist[x] >= 0 && r.dist[x]+d < limit {
				rows = append(rows, x)
			}
			if r.dist[x] >= 0 && r.dist[x] <= d {
				cols = append(cols, x)
			}
		}
		for k := 0; k < 6; k++ {
			x, z := rows[rng.Intn(len(rows))], cols[rng.Intn(len(cols))]
			var heaps []int
			for hh, m := range r.witness(x) {
				for ; m > 0; m-- {
					heaps = append(heaps, hh)
				}
			}
			for hh, m := range r.witness(z) {
				for ; m > 0; m-- {
					heaps = append(heaps, hh)
				}
			}
			o, err := search.Outcome(context.Background(), heaps)
			require.NoError(t, err)
			assert.Equal(t, p[q.times(x, z)], o == P, "heaps %v", heaps)
			checked++
		}
	}
	defer func() { failedCandidate = nil }()
	for s.Last() < 30 {
		if s.Last() == 24 {
			q24 = s.Quotient()
		}
		require.NoError(t, s.Next(context.Background()))
	}
	orders := s.Orders()
	require.NotEmpty(t, records)
	assert.Positive(t, checked)
	for _, rc := range records {
		assert.LessOrEqual(t, rc.lb, orders[rc.h], "heap %d candidate of order %d", rc.h, rc.candidate)
	}
	// at heap 25 the failed candidates already prove more than |Q_24| = 24
	best := 0
	for _, rc := range records {
		if rc.h == 25 {
			best = max(best, rc.lb)
		}
	}
	assert.Greater(t, best, orders[24])
	lb, _ := certifiedLowerBound(s.q, s.p, repsOf(s.q, s.trans), -1)
	assert.Equal(t, 360, lb) // the verified Q_30 (|Q_30| = 360, Siegel's figure)
}

// Compute stopped in the middle of a change of quotient reports the last
// verified Q_n and the bound on Q_n+1 found so far.
func TestComputeStoppedReportsNextLowerBound(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	failures := 0
	failedCandidate = func(h int, q *monoid, p []bool, phi []int32, bad map[int]int) {
		if h == 25 {
			if failures++; failures == 9 {
				cancel()
			}
		}
	}
	defer func() { failedCandidate = nil }()
	q, err := Compute(ctx, octal.NewCode(takebreak.MustParse("0.07")), Options{Max: 30})
	require.ErrorIs(t, err, context.Canceled)
	require.NotNil(t, q)
	assert.Equal(t, 24, q.ComputedTo)
	require.NotNil(t, q.NextBound)
	b := q.NextBound
	assert.Equal(t, 25, b.Heap)
	assert.GreaterOrEqual(t, b.Order, 24)  // |Q_24|
	assert.LessOrEqual(t, b.Order, 144)    // |Q_25|
	assert.Greater(t, b.Distinguished, 24) // the candidates prove more than Q_24
	assert.Less(t, b.Limit, 60)
}

// A candidate whose table would be too large stops the computation with
// ErrTooLarge (not an out-of-memory crash), keeping Q_n.
func TestComputeStopsAtTheTableLimit(t *testing.T) {
	old := maxTableOrder
	maxTableOrder = 30 // |Q_24| = 24 fits; heap 25's first candidate has 48 elements
	defer func() { maxTableOrder = old }()
	q, err := Compute(context.Background(), octal.NewCode(takebreak.MustParse("0.07")), Options{Max: 30})
	require.ErrorIs(t, err, ErrTooLarge)
	require.NotNil(t, q)
	assert.Equal(t, 24, q.ComputedTo)
	assert.Equal(t, 24, q.Order)
	assert.Nil(t, q.NextBound) // no candidate was verified, so none failed
}

// SetMemoryLimit lowers the table limit to what the memory allows (the
// command line passes what ulimit -v leaves: 0.6 --table died of OOM
// under a 4 GB limit), and 0 restores the default.
func TestSetMemoryLimit(t *testing.T) {
	defer SetMemoryLimit(0)
	SetMemoryLimit(tableBytesPerCell * 30 * 30)
	assert.Equal(t, 30, maxTableOrder)
	q, err := Compute(context.Background(), octal.NewCode(takebreak.MustParse("0.07")), Options{Max: 30})
	require.ErrorIs(t, err, ErrTooLarge)
	assert.Equal(t, 24, q.ComputedTo)
	SetMemoryLimit(1 << 40)
	assert.Equal(t, defaultTableOrder, maxTableOrder, "never above the default")
	SetMemoryLimit(0)
	assert.Equal(t, defaultTableOrder, maxTableOrder)
}
