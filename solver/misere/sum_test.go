package misere

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// brute is the misère outcome from the definition alone: a position is P
// when it has a move and every move leads to an N-position. Its only
// shortcuts are exact bookkeeping, no game theory: a position is the
// multiset of its heaps (a sum does not depend on the order of its terms),
// stored as counts per heap size; heaps with no move are dropped (a sum with
// such a heap has exactly the moves of the sum without it); and one memo
// serves every sum of a code. Nothing is cancelled or merged.
type brute struct {
	code Rules
	memo map[string]bool
	opts [][]takebreak.Option // options of each heap size, cached
}

func (b *brute) options(h int) []takebreak.Option {
	for len(b.opts) <= h {
		n := len(b.opts)
		out := []takebreak.Option{}
		b.code.ForEachOption(n, func(take, x, y int) { out = append(out, takebreak.TwoHeapOption(take, x, y)) })
		b.opts = append(b.opts, out)
	}
	return b.opts[h]
}

// counts is the position of the heaps as counts per size, with the heaps that
// have no move left out.
func (b *brute) counts(heaps []int) []byte {
	var c []byte
	for _, h := range heaps {
		if len(b.options(h)) == 0 {
			continue
		}
		for len(c) <= h {
			c = append(c, 0)
		}
		c[h]++
	}
	return c
}

func (b *brute) isP(heaps []int) bool { return b.isPCounts(b.counts(heaps)) }

// isPCounts decides the position c (counts per heap size; c is restored
// before it returns).
func (b *brute) isPCounts(c []byte) bool {
	n := len(c)
	for n > 0 && c[n-1] == 0 {
		n--
	}
	c = c[:n]
	k := string(c)
	if v, ok := b.memo[k]; ok {
		return v
	}
	res := false
	for h := range c {
		if c[h] == 0 {
			continue
		}
		for _, o := range b.options(h) {
			res = true
			c[h]--
			next := slices.Clone(c)
			c[h]++
			for _, l := range o.Heaps {
				if len(b.options(l)) == 0 {
					continue
				}
				for len(next) <= l {
					next = append(next, 0)
				}
				next[l]++
			}
			if b.isPCounts(next) {
				b.memo[k] = false
				return false
			}
		}
	}
	b.memo[k] = res
	return res
}

func (b *brute) winningMoves(heaps []int) []octal.Move {
	moves := []octal.Move{}
	for i, h := range heaps {
		for _, o := range b.options(h) {
			next := append(append(slices.Clone(heaps[:i]), heaps[i+1:]...), o.Heaps...)
			if b.isP(next) {
				moves = append(moves, octal.Move{Heap: i, From: h, Take: o.Take, Leave: o.Heaps})
			}
		}
	}
	return moves
}

// Random sums of up to 4 heaps ≤ 14 in 0.07, 0.137,
// 0.77, 0.75, 0.6 and random codes — outcome and the full set of winning
// moves from SolveSum (whichever method it picks), from the search with a
// small cut-off quotient Q_6 (so that positions mixing heaps within and
// beyond the quotient are exercised) and from the plain search, against the
// brute force.
func TestSolveSumMatchesBruteForce(t *testing.T) {
	// and three take-and-break codes that are not octal: Grundy's game,
	// Nim as 0.[3], and a code with a modifier
	codes := []string{"0.07", "0.137", "0.77", "0.75", "0.6", "4!.0", "0.[3]", "0.4?4"}
	rng := rand.New(rand.NewPCG(16, 4))
	for len(codes) < 11 {
		// a random code of 2 or 3 digits, each 0..7, last one non-zero
		n := 2 + rng.IntN(2)
		c := "0."
		for j := 0; j < n; j++ {
			d := rng.IntN(8)
			if j == n-1 && d == 0 {
				d = 1 + rng.IntN(7)
			}
			c += fmt.Sprint(d)
		}
		codes = append(codes, c)
	}
	maxHeap, trials := 14, 40
	if testing.Short() {
		maxHeap, trials = 10, 10
	}
	for _, cs := range codes {
		t.Run(cs, func(t *testing.T) {
			code, err := NewRules(takebreak.MustParse(cs))
			require.NoError(t, err)
			b := &brute{code: code, memo: map[string]bool{}}
			q6, err := PartialQuotients(context.Background(), code, 6, time.Minute)
			require.NoError(t, err)
			cut := NewSearcher(code)
			cut.UseQuotient(q6)
			plain := NewSearcher(code)
			large := 0 // sums of 4 heaps with more than 30 tokens
			for i := 0; i < trials; i++ {
				heaps := make([]int, 1+rng.IntN(4))
				tokens := 0
				for j := range heaps {
					heaps[j] = rng.IntN(maxHeap + 1)
					tokens += heaps[j]
				}
				if len(heaps) == 4 && tokens > 30 {
					large++
				}
				want := N
				if b.isP(heaps) {
					want = P
				}
				wantMoves := b.winningMoves(heaps)
				r, err := SolveSum(context.Background(), code, heaps, SumOptions{})
				require.NoError(t, err)
				require.Equal(t, want, r.Outcome, "%s %v by %s", cs, heaps, r.Method)
				require.Equal(t, wantMoves, r.Moves, "%s %v by %s", cs, heaps, r.Method)
				for name, s := range map[string]*Searcher{"cut-off Q_6": cut, "plain": plain} {
					o, err := s.Outcome(context.Background(), heaps)
					require.NoError(t, err)
					require.Equal(t, want, o, "%s %v, %s search", cs, heaps, name)
					m, err := s.WinningMoves(context.Background(), heaps)
					require.NoError(t, err)
					require.Equal(t, wantMoves, m, "%s %v, %s search", cs, heaps, name)
				}
			}
			if !testing.Short() {
				require.Positive(t, large, "no sum of 4 heaps above 30 tokens was checked")
			}
		})
	}
}

// A sum with a heap beyond the quotient reached in the budget is decided by
// the search (forced here with a budget too small for any quotient step).
func TestSolveSumFallsBackToSearch(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Go's clock on Windows moves in steps of up to 15.6 ms, so a 1 ns budget cannot stop the quotients before their first steps: the fallback is forced by time on other systems")
	}
	code := octal.NewCode(takebreak.MustParse("0.07"))
	r, err := SolveSum(context.Background(), code, []int{10, 11, 13}, SumOptions{QuotientTime: time.Nanosecond})
	require.NoError(t, err)
	require.Equal(t, BySearch, r.Method)
	b := &brute{code: code, memo: map[string]bool{}}
	want := N
	if b.isP([]int{10, 11, 13}) {
		want = P
	}
	require.Equal(t, want, r.Outcome)
	require.Greater(t, r.Positions, 0)
}

// MaxMoves keeps the first moves and counts them all, by either method.
func TestSolveSumMaxMoves(t *testing.T) {
	code := octal.NewCode(takebreak.MustParse("0.75"))
	all, err := SolveSum(context.Background(), code, []int{1000}, SumOptions{})
	require.NoError(t, err)
	require.Equal(t, ByFullQuotient, all.Method)
	require.Greater(t, all.MoveCount, 100)
	require.Len(t, all.Moves, all.MoveCount)
	few, err := SolveSum(context.Background(), code, []int{1000}, SumOptions{MaxMoves: 3})
	require.NoError(t, err)
	require.Equal(t, all.MoveCount, few.MoveCount)
	require.Equal(t, all.Moves[:3], few.Moves)

	t.Run("search", func(t *testing.T) {
		if runtime.GOOS == "windows" {
			t.Skip("Go's clock on Windows moves in steps of up to 15.6 ms, so a 1 ns budget cannot force the search (see TestSolveSumFallsBackToSearch)")
		}
		dk := octal.NewCode(takebreak.MustParse("0.07"))
		all, err := SolveSum(context.Background(), dk, []int{9, 12, 20}, SumOptions{QuotientTime: time.Nanosecond})
		require.NoError(t, err)
		require.Equal(t, BySearch, all.Method)
		few, err := SolveSum(context.Background(), dk, []int{9, 12, 20}, SumOptions{QuotientTime: time.Nanosecond, MaxMoves: 1})
		require.NoError(t, err)
		require.Equal(t, all.MoveCount, few.MoveCount)
		require.Equal(t, all.Moves[:min(1, len(all.Moves))], few.Moves)
	})
}

// A sum whose search is large gives the quotients more time before the big
// search: Kayles' 1000 + 1001 + 3 with no time for quotients at first still
// ends at the certified full quotient (the answer must not depend on the
// machine's load).
func TestSolveSumGivesQuotientsMoreTime(t *testing.T) {
	code := octal.NewCode(takebreak.MustParse("0.77"))
	r, err := SolveSum(context.Background(), code, []int{1000, 1001, 3},
		SumOptions{QuotientTime: time.Nanosecond, FirstSearchLimit: 1000})
	require.NoError(t, err)
	require.Equal(t, ByFullQuotient, r.Method)
	q, err := Compute(context.Background(), code, Options{})
	require.NoError(t, err)
	want, err := q.Outcome([]int{1000, 1001, 3})
	require.NoError(t, err)
	require.Equal(t, want, r.Outcome)
}

// The brute force itself, on Nim (0.[3]) against Bouton's misère rule: P
// exactly when the nim-sum is 0, except that with every heap ≤ 1 it is P
// exactly when the nim-sum is 1.
func TestBruteForceIsMisereNim(t *testing.T) {
	code, err := NewRules(takebreak.MustParse("0.[3]"))
	require.NoError(t, err)
	b := &brute{code: code, memo: map[string]bool{}}
	for x := 0; x <= 7; x++ {
		for y := 0; y <= 7; y++ {
			for z := 0; z <= 7; z++ {
				for w := 0; w <= 3; w++ {
					small := x <= 1 && y <= 1 && z <= 1 && w <= 1
					want := x^y^z^w == 0
					if small {
						want = x^y^z^w == 1
					}
					require.Equal(t, want, b.isP([]int{x, y, z, w}), "%d %d %d %d", x, y, z, w)
				}
			}
		}
	}
}

// A sum far beyond the quotients' reach is refused at once with an estimate,
// not after searches that cannot end; the error still is ErrSearchTooLarge.
func TestSolveSumRefusesHopelessSumsEarly(t *testing.T) {
	code := octal.NewCode(takebreak.MustParse("0.07"))
	opts := SumOptions{QuotientTime: 50 * time.Millisecond, MoreQuotientTime: 50 * time.Millisecond}
	_, err := SolveSum(context.Background(), code, []int{1000, 3}, opts)
	var be *BeyondReachError
	require.ErrorAs(t, err, &be)
	require.ErrorIs(t, err, ErrSearchTooLarge)
	require.Greater(t, be.Estimate, 1e12)
	require.Contains(t, err.Error(), "beyond reach")

	// the estimate of sums the search does decide stays far below the bar
	for _, heaps := range [][]int{{28, 29, 30}, {30, 30, 30}, {30, 30, 30, 30}} {
		for _, k := range []int{4, 13, 24} {
			require.Less(t, searchEstimate(code, heaps, k), hopelessFactor*2e6, "%v above Q_%d", heaps, k)
		}
	}
	// partitions of 10 into parts 2..4 (the heaps of 0.07 with moves, up to
	// 4): 4+4+2, 4+3+3, 4+2+2+2, 3+3+2+2, 2+2+2+2+2 — with one heap of 5
	// left, 15 tokens above Q_4 give 5 positions.
	require.Equal(t, 5.0, searchEstimate(code, []int{15}, 4))
}
