package gui

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bruteWinner decides positions by exhaustive search over the rules' legal
// moves alone (no Grundy values, no nim-sums, no quotient): the player to
// move wins when some move leads to a position the opponent loses; with no
// move left they lose in normal play and win in misère play.
type bruteWinner struct {
	rules playRules
	memo  map[string]bool
}

func (b *bruteWinner) wins(t *testing.T, p playPos) bool {
	key := fmt.Sprint(p)
	if v, ok := b.memo[key]; ok {
		return v
	}
	moves, err := b.rules.Moves(context.Background(), p)
	require.NoError(t, err)
	win := len(moves) == 0 && b.rules.Misere()
	for _, m := range moves {
		if !b.wins(t, m.To) {
			win = true
			break
		}
	}
	b.memo[key] = win
	return win
}

// TestPlayEveryVariantAgainstBruteForce plays games of every variant, the
// human side moving at random, and checks the computer against a brute
// force: whenever a winning move exists it plays one, its list of winning
// moves (the hints) is exactly the brute force's, and the winner is the
// player the rules say.
func TestPlayEveryVariantAgainstBruteForce(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ game, param, start string }{
		{playNim, "", "1 3 5 7"},
		{playNim, "", "2 3 6"},
		{playMisereNim, "", "1 2 3"},
		{playMisereNim, "", "1 1 4"},
		{playNimble, "", "1 4 6 7"},
		{playStaircase, "", "3 1 4 2"},
		{playMoore, "2", "1 2 3 4"},
		{playMoore, "3", "2 3 5 6"},
		{playOctal, "0.07", "5 6 9"},
		{playOctal, "0.137", "4 7 10"},
		{playOctal, "0.77", "3 4 8"},
		{playAstron, "", "3 4"},
		{playAstron, "", "2 3 4"},
	} {
		t.Run(c.game+" "+c.param+" "+c.start, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(len(c.start))))
			for round := range 4 {
				rules, start, err := parsePlayStart(ctx, c.game, c.param, c.start)
				require.NoError(t, err)
				b := &bruteWinner{rules: rules, memo: map[string]bool{}}
				m, err := newMatch(ctx, rules, start, round%2 == 0)
				require.NoError(t, err)
				for steps := 0; !m.over; steps++ {
					require.Less(t, steps, 500)
					moves, err := rules.Moves(ctx, m.pos)
					require.NoError(t, err)
					// The hints are exactly the moves the brute force finds.
					win, err := rules.Winning(ctx, m.pos)
					require.NoError(t, err)
					var want, got []string
					for _, mv := range moves {
						if !b.wins(t, mv.To) {
							want = append(want, fmt.Sprint(mv.To))
						}
					}
					for _, mv := range win {
						got = append(got, fmt.Sprint(mv.To))
					}
					slices.Sort(want)
					slices.Sort(got)
					require.Equal(t, want, got, "winning moves from %v", m.pos)
					if m.humanTurn {
						require.NoError(t, m.play(ctx, moves[rng.IntN(len(moves))]))
						continue
					}
					mv, err := m.computerChoice(ctx)
					require.NoError(t, err)
					if b.wins(t, m.pos) {
						assert.False(t, b.wins(t, mv.To), "from %v the computer played %s, not a winning move", m.pos, mv.Text)
					}
					require.NoError(t, m.play(ctx, mv))
				}
				// Whoever faced the end: the rules say who won.
				last := m.history[len(m.history)-1].Player
				if rules.Misere() {
					assert.Equal(t, other(last), m.winner)
				} else {
					assert.Equal(t, last, m.winner)
				}
				// A computer that starts from a winning position never loses.
				if !m.history[0].Before.equal(start) {
					t.Fatal("history does not start at the start")
				}
				if m.history[0].Player == playerComputer && b.wins(t, start) {
					assert.Equal(t, playerComputer, m.winner)
				}
			}
		})
	}
}

func (p playPos) equal(q playPos) bool { return slices.Equal(p, q) }

func TestMatchUndo(t *testing.T) {
	ctx := context.Background()
	rules, start, err := parsePlayStart(ctx, playNim, "", "3 4 5")
	require.NoError(t, err)
	m, err := newMatch(ctx, rules, start, true)
	require.NoError(t, err)
	assert.False(t, m.undo(), "nothing to undo")
	moves, _ := rules.Moves(ctx, m.pos)
	require.NoError(t, m.play(ctx, moves[0]))
	mv, err := m.computerChoice(ctx)
	require.NoError(t, err)
	require.NoError(t, m.play(ctx, mv))
	assert.Len(t, m.history, 2)
	assert.True(t, m.undo())
	assert.Equal(t, start, m.pos)
	assert.True(t, m.humanTurn)
	assert.Empty(t, m.history)
	// An illegal move is refused.
	assert.Error(t, m.play(ctx, playMove{To: playPos{3, 4, 6}, Text: "grow a heap"}))
}
