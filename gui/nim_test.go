package gui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNimAnalyseMarienbad(t *testing.T) {
	u := newTestUI(t)
	n := u.nim
	// Eugeni, Mascella and Tondini: Marienbad's start 1 3 5 7 is a P-position.
	assert.Contains(t, n.outcome.Text, "position 1 3 5 7: P-position, nim-sum 0")
	assert.Equal(t, "none (a P-position)", n.moves.Text())
	n.position.SetText("")
	test.Type(n.position, "3 4 5")
	test.Tap(n.analyze)
	// 3 ⊕ 4 ⊕ 5 = 2: the deciding column is 2, only heap 3 (= 011) has it.
	assert.Contains(t, n.outcome.Text, "N-position, nim-sum 2")
	require.NotNil(t, n.analysis)
	assert.Equal(t, 1, n.analysis.Columns.Deciding)
	assert.Equal(t, []int{0}, n.analysis.Columns.Movers)
	assert.Contains(t, n.moves.Text(), "heap 1")
	assert.Equal(t, 1, strings.Count(n.moves.Text(), "•"), n.moves.Text())
	texts := canvasTexts(n.columns)
	assert.Contains(t, texts, "Deciding column: 2 (the leftmost with a non-zero residue); a winning move reduces a heap with a 1 there.")
}

func TestNimBadInputShowsError(t *testing.T) {
	u := newTestUI(t)
	n := u.nim
	before := n.outcome.Text
	n.position.SetText("3 x 5")
	test.Tap(n.analyze)
	assert.True(t, n.errLabel.Visible())
	assert.Contains(t, n.errLabel.Text, `"x" is not a whole number`)
	assert.Equal(t, before, n.outcome.Text)
	n.variant.SetSelected("moore")
	n.k.SetText("0")
	n.position.SetText("1 2 3")
	test.Tap(n.analyze)
	assert.Contains(t, n.errLabel.Text, "k must be")
	n.k.SetText("2")
	test.Tap(n.analyze)
	assert.False(t, n.errLabel.Visible())
	// Moore's Nim_2 on 1 2 3: bit columns count 2 and 2, both ≢ 0 mod 3.
	assert.Contains(t, n.outcome.Text, "N-position")
}

func TestNimMisereAllSmall(t *testing.T) {
	u := newTestUI(t)
	n := u.nim
	n.position.SetText("1 1 1")
	n.misere.SetChecked(true)
	// Misère Nim with every heap ≤ 1: P ⇔ an odd number of 1-heaps.
	assert.Contains(t, n.outcome.Text, "misère play")
	assert.Contains(t, n.outcome.Text, "P-position")
	n.position.SetText("1 1")
	test.Tap(n.analyze)
	assert.Contains(t, n.outcome.Text, "N-position")
}

// tokens returns the clickable tokens of heap i on the board (row 0 is the
// position written out).
func tokens(p *playPane, i int) []*widget.Button {
	row := p.board.Objects[i+1].(*fyne.Container)
	var out []*widget.Button
	for _, o := range row.Objects[1:] {
		out = append(out, o.(*fyne.Container).Objects[0].(*widget.Button))
	}
	return out
}

func TestNimPlayComputerAnswersWithAPPosition(t *testing.T) {
	u := newTestUI(t)
	p := u.nim.play
	p.replyDelay = 0
	p.heaps.SetText("1 3 5 7")
	p.hints.SetChecked(true)
	test.Tap(p.newGame)
	require.NotNil(t, p.match)
	assert.True(t, p.match.humanTurn)
	assert.Contains(t, p.hintLabel.Text, "P-position", "1 3 5 7 has no winning move")
	for moves := 0; !p.match.over && moves < 40; moves++ {
		// The human takes the last token of the first non-empty heap.
		i := 0
		for p.match.pos[i] == 0 {
			i++
		}
		ts := tokens(p, i)
		test.Tap(ts[len(ts)-1])
		if p.match.over {
			break
		}
		// After the computer's reply the position is P again (nim-sum 0),
		// and the reply is announced.
		x := 0
		for _, h := range p.match.pos {
			x ^= h
		}
		assert.Equal(t, 0, x, "computer left %v", p.match.pos)
		assert.Contains(t, p.status.Text, "The computer: take ")
	}
	assert.True(t, p.match.over)
	assert.Equal(t, playerComputer, p.match.winner)
	assert.True(t, p.banner.Visible())
	assert.Equal(t, "The computer won.", p.banner.Text)
	assert.Contains(t, p.status.Text, "Game over")
	assert.Equal(t, "you: 1. heap 1: 1 → 0", p.historyLines()[0])
	// Undo takes back the last human move and the computer's answer.
	n := len(p.match.history)
	test.Tap(p.undo)
	assert.False(t, p.match.over)
	assert.Less(t, len(p.match.history), n)
	assert.False(t, p.banner.Visible())
}

func TestNimPlayHintAndComputerFirst(t *testing.T) {
	u := newTestUI(t)
	p := u.nim.play
	p.replyDelay = 0
	p.heaps.SetText("3 4 5")
	p.hints.SetChecked(true)
	test.Tap(p.newGame)
	// 3 4 5 is N: the hint names the winning move (take 2 from heap 1).
	assert.Contains(t, p.hintLabel.Text, "heap 1")
	hinted := 0
	for _, b := range tokens(p, 0) {
		if b.Importance == widget.WarningImportance {
			hinted++
		}
	}
	assert.Equal(t, 2, hinted, "the two tokens to take are highlighted")
	assert.Equal(t, "★ take 2 from heap 1 (3 → 1)", p.moveLabel(0), "the winning move heads the list")
	p.humanFirst.SetSelected(computerStart)
	test.Tap(p.newGame)
	assert.Equal(t, playPos{1, 4, 5}, p.match.pos, "the computer opens with the winning move")
	assert.True(t, p.match.humanTurn)
	assert.Contains(t, p.status.Text, "The computer: take 2 from heap 1 (3 → 1)")
	p.heaps.SetText("3 99")
	test.Tap(p.newGame)
	assert.Contains(t, p.status.Text, "too large")
}

// TestPlayEveryGameThroughThePane starts each game of the pane and plays
// it out through its move list: the computer answers every move and the
// game ends with a winner.
func TestPlayEveryGameThroughThePane(t *testing.T) {
	u := newTestUI(t)
	p := u.nim.play
	p.replyDelay = 0
	for _, g := range playGames {
		p.game.SetSelected(g)
		if g == playAstron {
			p.heaps.SetText("3 4")
		} else {
			p.heaps.SetText("2 3 4")
		}
		p.humanFirst.SetSelected(youStart)
		test.Tap(p.newGame)
		require.NotNil(t, p.match, g)
		require.NotContains(t, p.status.Text, "⚠", g)
		for steps := 0; !p.match.over; steps++ {
			require.Less(t, steps, 200, g)
			require.NotEmpty(t, p.legal, g)
			p.moveList.Select(len(p.legal) - 1)
		}
		assert.True(t, p.banner.Visible(), g)
		assert.NotEmpty(t, p.historyLines(), g)
	}
}

// canvasTexts collects every label and text under o.
func canvasTexts(o fyne.CanvasObject) []string {
	var out []string
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *widget.Label:
			out = append(out, x.Text)
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case *container.Scroll:
			walk(x.Content)
		}
	}
	walk(o)
	return out
}
