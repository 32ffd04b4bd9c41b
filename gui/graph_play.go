package gui

import (
	"fmt"
	"strings"

	"github.com/nimlab/nimlab/solver/graph"
)

// maxPlayMoves ends a game on a loopy graph as a draw after this many moves
// (in a D-position best play never ends; a repeated position with the same
// player to move ends it earlier).
const maxPlayMoves = 200

// graphPlay is a game on a graph between the user and the computer: a
// token starts on a vertex, the players move it in turn along an edge, and
// the player who cannot move loses. The computer plays the labelling's
// BestMove: the winning move with the smallest counter from N, a drawing
// move from D.
type graphPlay struct {
	g        *graph.Graph
	sol      *graph.LoopySolution
	token    int
	userTurn bool
	moves    []string // "you: a → b", "computer: b → c"
	seen     map[[2]int]int
	over     bool
	result   string
}

// newGraphPlay starts a game from start with the user to move.
func newGraphPlay(g *graph.Graph, sol *graph.LoopySolution, start int) *graphPlay {
	p := &graphPlay{g: g, sol: sol, token: start, userTurn: true, seen: map[[2]int]int{}}
	p.check()
	return p
}

// turnKey is the token and whose turn it is.
func (p *graphPlay) turnKey() [2]int {
	t := 0
	if p.userTurn {
		t = 1
	}
	return [2]int{p.token, t}
}

// check ends the game at a sink, on the third visit of a position with
// the same player to move, or after maxPlayMoves moves.
func (p *graphPlay) check() {
	p.seen[p.turnKey()]++
	switch {
	case len(p.g.Successors(p.token)) == 0 && p.userTurn:
		p.over, p.result = true, "You cannot move: the computer wins."
	case len(p.g.Successors(p.token)) == 0:
		p.over, p.result = true, "The computer cannot move: you win!"
	case p.seen[p.turnKey()] >= 3:
		p.over, p.result = true, fmt.Sprintf("Position %s came back a third time with the same player to move: a draw.", p.g.Name(p.token))
	case len(p.moves) >= maxPlayMoves:
		p.over, p.result = true, fmt.Sprintf("%d moves without an end: a draw.", maxPlayMoves)
	}
}

// UserMove moves the token to w for the user; it reports an error for a
// vertex that is not an option of the token.
func (p *graphPlay) UserMove(w int) error {
	if p.over || !p.userTurn {
		return fmt.Errorf("it is not your move")
	}
	ok := false
	for _, x := range p.g.Successors(p.token) {
		ok = ok || x == w
	}
	if !ok {
		return fmt.Errorf("%s is not a move from %s; tap one of %s", p.g.Name(w), p.g.Name(p.token), p.optionNames())
	}
	p.moves = append(p.moves, fmt.Sprintf("you: %s → %s", p.g.Name(p.token), p.g.Name(w)))
	p.token, p.userTurn = w, false
	p.check()
	return nil
}

// ComputerMove makes the computer's move (when it is its turn).
func (p *graphPlay) ComputerMove() {
	if p.over || p.userTurn {
		return
	}
	w := p.sol.BestMove(p.token)
	p.moves = append(p.moves, fmt.Sprintf("computer: %s → %s", p.g.Name(p.token), p.g.Name(w)))
	p.token, p.userTurn = w, true
	p.check()
}

func (p *graphPlay) optionNames() string {
	var s []string
	for i, w := range p.g.Successors(p.token) {
		if i == 12 {
			s = append(s, "…")
			break
		}
		s = append(s, p.g.Name(w))
	}
	return strings.Join(s, ", ")
}

// Status says whose move it is and what the position is worth to them.
func (p *graphPlay) Status() string {
	if p.over {
		return p.result
	}
	v := p.token
	worth := map[graph.Outcome]string{
		graph.P: "a P-position: every move loses against best play",
		graph.N: "an N-position: you can win",
		graph.D: "a D-position: you can hold a draw, not win",
	}[p.sol.Outcome(v)]
	return fmt.Sprintf("Your move from %s (value %s, %s). Tap one of: %s.", p.g.Name(v), p.sol.Value(v), worth, p.optionNames())
}

// LastMoves is the record of the last few moves.
func (p *graphPlay) LastMoves(k int) string {
	from := max(0, len(p.moves)-k)
	s := strings.Join(p.moves[from:], "; ")
	if from > 0 {
		s = "… " + s
	}
	return s
}
