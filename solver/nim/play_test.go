package nim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLegalMoves(t *testing.T) {
	for _, c := range []struct {
		g    Game
		pos  []int
		want [][]int
	}{
		{Game{Variant: Nim}, []int{1, 2}, [][]int{{0, 2}, {1, 1}, {1, 0}}},
		{Game{Variant: Nimble}, []int{2, 2}, [][]int{{1, 2}, {0, 2}}},
		{Game{Variant: Staircase}, []int{1, 1}, [][]int{{0, 1}, {2, 0}}},
		{Game{Variant: Moore, K: 2}, []int{1, 1}, [][]int{{0, 1}, {0, 0}, {1, 0}}},
		{Game{Variant: Moore, K: 1}, []int{1, 1, 1}, [][]int{{0, 1, 1}, {1, 0, 1}, {1, 1, 0}}},
		{Game{Variant: Nim}, []int{0, 0}, nil},
	} {
		moves, complete, err := c.g.LegalMoves(c.pos, 0)
		require.NoError(t, err)
		assert.True(t, complete)
		var got [][]int
		for _, m := range moves {
			got = append(got, m.To)
			assert.True(t, c.g.IsMove(c.pos, m.To), "%v → %v", c.pos, m.To)
			assert.NotEmpty(t, m.Text)
		}
		assert.Equal(t, c.want, got, "%s %v", c.g.Title(), c.pos)
	}
	moves, complete, err := Game{Variant: Moore, K: 3}.LegalMoves([]int{9, 9, 9, 9, 9}, 10)
	require.NoError(t, err)
	assert.Len(t, moves, 10)
	assert.False(t, complete)
}
