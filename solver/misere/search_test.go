package misere

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// SPEC §2: misère Nim — if every heap is at most 1, P ⇔ the number of
// 1-heaps is odd; otherwise P ⇔ the nim-sum is 0.
func TestSearchMatchesMisereNimRule(t *testing.T) {
	s := NewSearcher(nimCode(8))
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 500; i++ {
		heaps := make([]int, 1+rng.IntN(5))
		for j := range heaps {
			heaps[j] = rng.IntN(9)
		}
		x, big, ones := 0, false, 0
		for _, h := range heaps {
			x ^= h
			big = big || h > 1
			if h == 1 {
				ones++
			}
		}
		want := N
		if (!big && ones%2 == 1) || (big && x == 0) {
			want = P
		}
		got, err := s.Outcome(context.Background(), heaps)
		require.NoError(t, err)
		assert.Equal(t, want, got, "%v", heaps)
	}
}

// naiveIsP is the misère outcome from the definition, on unsorted lists
// (memoised by the exact list), with no cancellation at all.
func naiveIsP(code octal.Code, heaps []int, memo map[string]bool) bool {
	k := fmt.Sprint(heaps)
	if v, ok := memo[k]; ok {
		return v
	}
	res := false
	for i, h := range heaps {
		for _, o := range code.Options(h) {
			res = true
			next := append(append(slices.Clone(heaps[:i]), heaps[i+1:]...), o.Heaps...)
			if naiveIsP(code, next, memo) {
				memo[k] = false
				return false
			}
		}
	}
	memo[k] = res
	return res
}

// The canonical-sum search (sorting, dropping dead heaps, * + * = 0) agrees
// with the plain definition.
func TestSearchMatchesDefinition(t *testing.T) {
	for _, c := range []string{"0.77", "0.07", "0.137", "4.7", "0.75", "0.31"} {
		code := octal.NewCode(takebreak.MustParse(c))
		s := NewSearcher(code)
		memo := map[string]bool{}
		rng := rand.New(rand.NewPCG(3, 4))
		for i := 0; i < 60; i++ {
			heaps := make([]int, 1+rng.IntN(3))
			for j := range heaps {
				heaps[j] = rng.IntN(8)
			}
			want := N
			if naiveIsP(code, heaps, memo) {
				want = P
			}
			got, err := s.Outcome(context.Background(), heaps)
			require.NoError(t, err)
			assert.Equal(t, want, got, "%s %v", c, heaps)
		}
	}
}

// Misère Nim: g⁻(0) = 1, g⁻(*) = 0, g⁻(*n) = n for n ≥ 2; and g⁻ = 0 exactly
// for misère P-positions.
func TestGenusHead(t *testing.T) {
	s := NewSearcher(nimCode(8))
	ctx := context.Background()
	for n, want := range []int{1, 0, 2, 3, 4, 5, 6, 7, 8} {
		got, err := s.GenusHead(ctx, []int{n})
		require.NoError(t, err)
		assert.Equal(t, want, got, "g⁻(*%d)", n)
	}
	got, err := s.GenusHead(ctx, []int{2, 2})
	require.NoError(t, err)
	assert.Equal(t, 0, got, "*2 + *2 is a misère P-position (Di Prisa, Prop. 3.3)")
	got, err = s.GenusHead(ctx, []int{1, 1})
	require.NoError(t, err)
	assert.Equal(t, 1, got, "g⁻(* + *) = g⁻(0)")

	k := NewSearcher(octal.NewCode(takebreak.MustParse("0.77")))
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 100; i++ {
		heaps := []int{rng.IntN(10), rng.IntN(10)}
		g, err := k.GenusHead(ctx, heaps)
		require.NoError(t, err)
		o, err := k.Outcome(ctx, heaps)
		require.NoError(t, err)
		assert.Equal(t, g == 0, o == P, "%v", heaps)
	}
}

func TestSearchWinningMovesFormat(t *testing.T) {
	s := NewSearcher(nimCode(8))
	// 2 + 2 + 1 in misère Nim: the winning move takes the 1 (leaving *2 + *2).
	moves, err := s.WinningMoves(context.Background(), []int{2, 2, 1})
	require.NoError(t, err)
	assert.Equal(t, []octal.Move{{Heap: 2, From: 1, Take: 1, Leave: []int{}}}, moves)
	moves, err = s.WinningMoves(context.Background(), []int{2, 2})
	require.NoError(t, err)
	assert.Empty(t, moves)
	assert.NotNil(t, moves)
	_, err = s.Outcome(context.Background(), []int{-1})
	assert.Error(t, err)
}

func TestSearchLimit(t *testing.T) {
	s := NewSearcher(octal.NewCode(takebreak.MustParse("0.77")))
	s.Limit = 100
	_, err := s.Outcome(context.Background(), []int{30, 31})
	assert.ErrorIs(t, err, ErrSearchTooLarge)
}
