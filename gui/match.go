package gui

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/nimlab/nimlab/solver/astron"
	"github.com/nimlab/nimlab/solver/nim"
	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// This file is the bridge between the solvers and the "play against the
// computer" pane: a game-agnostic match (position, legal moves, the
// computer's choice, history and undo) over playRules, with one playRules
// per family of games — the Nim family (nim.Game), octal
// games (octal.Code with its Grundy values) and Astron (astron.Solver).
// Nothing here touches a widget, so tests drive a whole game directly.

// playPos is a position: the entries of a Nim-family position, the heaps
// of an octal sum, or an Astron sum's components written one after the
// other with astronSep between them.
type playPos []int

// playMove is one legal move.
type playMove struct {
	To   playPos
	Text string
	// Changed are the indices of pos the move changes (for highlighting);
	// nil when the move reshapes the position (a split).
	Changed []int
}

// maxListedMoves bounds the legal moves listed for a position (Moore's Nim_k
// on many heaps has exponentially many).
const maxListedMoves = 5000

// playRules is what a match needs from a game.
type playRules interface {
	// Title names the game, e.g. "Staircase Nim, normal play".
	Title() string
	// Describe writes a position for a person.
	Describe(p playPos) string
	// Moves lists the legal moves from p (at most maxListedMoves).
	Moves(ctx context.Context, p playPos) ([]playMove, error)
	// Winning lists the moves from p to a position the player to move then
	// loses (empty when p is a P-position).
	Winning(ctx context.Context, p playPos) ([]playMove, error)
	// Misere reports misère play: whoever makes the last move loses.
	Misere() bool
}

// Players of a match.
const (
	playerHuman    = "you"
	playerComputer = "the computer"
)

// playRecord is one move made in a match.
type playRecord struct {
	Player string
	Move   playMove
	Before playPos
}

// match is a game being played against the computer.
type match struct {
	rules     playRules
	pos       playPos
	humanTurn bool
	over      bool
	winner    string
	history   []playRecord
}

// newMatch starts a match on start; humanFirst says who moves first.
func newMatch(ctx context.Context, rules playRules, start playPos, humanFirst bool) (*match, error) {
	m := &match{rules: rules, pos: slices.Clone(start), humanTurn: humanFirst}
	if err := m.checkOver(ctx); err != nil {
		return nil, err
	}
	return m, nil
}

// mover is the player whose turn it is.
func (m *match) mover() string {
	if m.humanTurn {
		return playerHuman
	}
	return playerComputer
}

// other is the opponent of player.
func other(player string) string {
	if player == playerHuman {
		return playerComputer
	}
	return playerHuman
}

// checkOver ends the match when the player to move has no move: in normal
// play they lose, in misère play they win (the other made the last move).
func (m *match) checkOver(ctx context.Context) error {
	moves, err := m.rules.Moves(ctx, m.pos)
	if err != nil {
		return err
	}
	if len(moves) == 0 {
		m.over = true
		m.winner = other(m.mover())
		if m.rules.Misere() {
			m.winner = m.mover()
		}
	}
	return nil
}

// play makes mv for the player to move; mv must be one of the legal moves.
func (m *match) play(ctx context.Context, mv playMove) error {
	if m.over {
		return errors.New("the game is over")
	}
	moves, err := m.rules.Moves(ctx, m.pos)
	if err != nil {
		return err
	}
	if !slices.ContainsFunc(moves, func(x playMove) bool { return slices.Equal(x.To, mv.To) }) {
		return fmt.Errorf("%s is not a legal move from %s", mv.Text, m.rules.Describe(m.pos))
	}
	m.history = append(m.history, playRecord{Player: m.mover(), Move: mv, Before: m.pos})
	m.pos = slices.Clone(mv.To)
	m.humanTurn = !m.humanTurn
	return m.checkOver(ctx)
}

// computerChoice is the computer's move: a winning move whenever there is
// one, else the first legal move (the smallest change, which keeps the
// game long and gives the human a chance to go wrong).
func (m *match) computerChoice(ctx context.Context) (playMove, error) {
	win, err := m.rules.Winning(ctx, m.pos)
	if err != nil {
		return playMove{}, err
	}
	if len(win) > 0 {
		return win[0], nil
	}
	moves, err := m.rules.Moves(ctx, m.pos)
	if err != nil {
		return playMove{}, err
	}
	if len(moves) == 0 {
		return playMove{}, errors.New("no move left")
	}
	return moves[0], nil
}

// undo takes back moves until it is the human's turn again with one human
// move fewer (the human's last move and the computer's reply); it reports
// whether anything was taken back.
func (m *match) undo() bool {
	i := len(m.history) - 1
	for i >= 0 && m.history[i].Player != playerHuman {
		i--
	}
	if i < 0 {
		return false
	}
	m.pos = m.history[i].Before
	m.history = m.history[:i]
	m.humanTurn, m.over, m.winner = true, false, ""
	return true
}

// lastComputerMove is the computer's most recent move, if it made the last
// move.
func (m *match) lastComputerMove() (playMove, bool) {
	if n := len(m.history); n > 0 && m.history[n-1].Player == playerComputer {
		return m.history[n-1].Move, true
	}
	return playMove{}, false
}

// nimRules plays a game of the Nim family through nim.Game.
type nimRules struct{ g nim.Game }

func (r nimRules) Title() string { return r.g.Title() }
func (r nimRules) Misere() bool  { return r.g.Misere }

func (r nimRules) Describe(p playPos) string {
	switch r.g.Variant {
	case nim.Nimble:
		return "coins on squares " + joinInts(p, ", ")
	case nim.Staircase:
		return "coins on steps 1… : " + joinInts(p, ", ")
	}
	return "heaps " + joinInts(p, ", ")
}

func (r nimRules) convert(moves []nim.Move) []playMove {
	out := make([]playMove, len(moves))
	for i, m := range moves {
		out[i] = playMove{To: m.To, Text: m.Text}
		for _, c := range m.Changes {
			out[i].Changed = append(out[i].Changed, c.Index)
		}
	}
	return out
}

func (r nimRules) Moves(_ context.Context, p playPos) ([]playMove, error) {
	moves, _, err := r.g.LegalMoves(p, maxListedMoves)
	return r.convert(moves), err
}

func (r nimRules) Winning(_ context.Context, p playPos) ([]playMove, error) {
	moves, _, err := r.g.WinningMoves(p, 0)
	return r.convert(moves), err
}

// octalRules plays a sum of heaps of an octal game in normal play, from its
// Grundy values (computed once up to the largest heap of the start).
type octalRules struct {
	code   octal.Code
	values []uint16 // G(0..largest heap)
}

// newOctalRules computes the Grundy values a game from start needs.
func newOctalRules(ctx context.Context, code octal.Code, start playPos) (*octalRules, error) {
	top := 0
	for _, h := range start {
		top = max(top, h)
	}
	res, err := octal.Solve(ctx, code, octal.SolveOptions{N: top, Exact: true})
	if err != nil {
		return nil, err
	}
	return &octalRules{code: code, values: res.Values}, nil
}

func (r *octalRules) Title() string {
	return displayName(r.code.String()) + ", normal play"
}
func (r *octalRules) Misere() bool              { return false }
func (r *octalRules) Describe(p playPos) string { return "heaps " + joinInts(p, ", ") }

// apply is the position after an octal move: heap i replaced by what it
// leaves.
func apply(p playPos, m octal.Move) playPos {
	to := slices.Clone(p[:m.Heap])
	to = append(to, m.Leave...)
	return append(to, p[m.Heap+1:]...)
}

func (r *octalRules) Moves(_ context.Context, p playPos) ([]playMove, error) {
	var out []playMove
	for i, h := range p {
		r.code.ForEachOption(h, func(take, a, b int) {
			if len(out) < maxListedMoves {
				m := octal.Move{Heap: i, From: h, Take: take, Leave: takebreak.TwoHeapOption(take, a, b).Heaps}
				out = append(out, playMove{To: apply(p, m), Text: moveText(m), Changed: []int{i}})
			}
		})
	}
	return out, nil
}

func (r *octalRules) Winning(_ context.Context, p playPos) ([]playMove, error) {
	moves, err := octal.WinningMoves(r.code, r.values, p)
	if err != nil {
		return nil, err
	}
	out := make([]playMove, len(moves))
	for i, m := range moves {
		out[i] = playMove{To: apply(p, m), Text: moveText(m), Changed: []int{m.Heap}}
	}
	return out, nil
}

// astronSep separates the components of an Astron sum in a playPos.
const astronSep = -1

// astronRules plays Astron (Lami's thesis, chapter 2) on a sum of star fields.
type astronRules struct {
	solver *astron.Solver
}

func newAstronRules() *astronRules {
	return &astronRules{solver: astron.NewSolver(astron.AstronRules())}
}

func (r *astronRules) Title() string { return "Astron, normal play" }
func (r *astronRules) Misere() bool  { return false }

// components splits a playPos into its star fields.
func astronComponents(p playPos) []astron.Position {
	var out []astron.Position
	var cur []int
	flush := func() {
		if len(cur) > 0 {
			pos, err := astron.NewPosition(cur...)
			if err == nil {
				out = append(out, pos)
			}
		}
		cur = nil
	}
	for _, x := range p {
		if x == astronSep {
			flush()
			continue
		}
		cur = append(cur, x)
	}
	flush()
	return out
}

// astronPlayPos joins star fields into a playPos.
func astronPlayPos(parts []astron.Position) playPos {
	var out playPos
	for i, c := range parts {
		if i > 0 {
			out = append(out, astronSep)
		}
		out = append(out, c...)
	}
	return out
}

func (r *astronRules) Describe(p playPos) string {
	parts := astronComponents(p)
	if len(parts) == 0 {
		return "no stars left"
	}
	s := make([]string, len(parts))
	for i, c := range parts {
		s[i] = "A" + posText(c)
	}
	return strings.Join(s, " + ")
}

func (r *astronRules) Moves(_ context.Context, p playPos) ([]playMove, error) {
	parts := astronComponents(p)
	var out []playMove
	for j, c := range parts {
		astron.ForEachMove(r.solver.Rules(), c, func(m astron.Move) {
			if len(out) >= maxListedMoves {
				return
			}
			next := slices.Clone(parts[:j])
			next = append(next, m.Result...)
			next = append(next, parts[j+1:]...)
			text := m.Text()
			if len(parts) > 1 {
				text = "in A" + posText(c) + ": " + text
			}
			out = append(out, playMove{To: astronPlayPos(next), Text: text})
		})
	}
	return out, nil
}

func (r *astronRules) Winning(ctx context.Context, p playPos) ([]playMove, error) {
	moves, err := r.Moves(ctx, p)
	if err != nil {
		return nil, err
	}
	var out []playMove
	for _, m := range moves {
		x, err := r.solver.SumNimber(ctx, astronComponents(m.To))
		if err != nil {
			return nil, err
		}
		if x == 0 {
			out = append(out, m)
		}
	}
	return out, nil
}

// Games offered by the play pane.
const (
	playNim       = "Nim"
	playMisereNim = "Nim, misère"
	playNimble    = "Nimble"
	playStaircase = "Staircase Nim"
	playMoore     = "Moore's Nim_k"
	playOctal     = "Octal game"
	playAstron    = "Astron"
)

var playGames = []string{playNim, playMisereNim, playNimble, playStaircase, playMoore, playOctal, playAstron}

// Bounds of a position played on screen: every move is listed, and the
// computer must answer at once.
const (
	maxPlayEntries = 10
	maxPlayEntry   = 40
	// maxAstronPlayPoints bounds an Astron game: the computer searches
	// fields of four or more stars by recursion.
	maxAstronPlayPoints = 40
)

// parsePlayStart reads the start of a game and its rules: param is Moore's
// k or the octal code.
func parsePlayStart(ctx context.Context, game, param, start string) (playRules, playPos, error) {
	pos, err := positionEntry.read(start)
	if err != nil {
		return nil, nil, err
	}
	if len(pos) > maxPlayEntries {
		return nil, nil, fmt.Errorf("at most %d heaps (or stars) can be played", maxPlayEntries)
	}
	for _, v := range pos {
		if v > maxPlayEntry {
			return nil, nil, fmt.Errorf("%d is too large to play; accepted: at most %d", v, maxPlayEntry)
		}
	}
	switch game {
	case playNim, playMisereNim, playNimble, playStaircase:
		v := map[string]nim.Variant{playNim: nim.Nim, playMisereNim: nim.Nim, playNimble: nim.Nimble, playStaircase: nim.Staircase}[game]
		return nimRules{nim.Game{Variant: v, Misere: game == playMisereNim}}, playPos(pos), nil
	case playMoore:
		k, err := nim.ParseK(param)
		if err != nil {
			return nil, nil, fmt.Errorf("Moore's Nim_k, in the k / code field: %v", err)
		}
		return nimRules{nim.Game{Variant: nim.Moore, K: k}}, playPos(pos), nil
	case playOctal:
		code, err := readOctalGame(param)
		if err != nil {
			return nil, nil, errors.New(inlineCodeError(err))
		}
		r, err := newOctalRules(ctx, code, pos)
		if err != nil {
			return nil, nil, err
		}
		return r, playPos(pos), nil
	case playAstron:
		total := 0
		for _, v := range pos {
			total += v
		}
		if total > maxAstronPlayPoints {
			return nil, nil, fmt.Errorf("%d points in all is too many to play at once; accepted: at most %d", total, maxAstronPlayPoints)
		}
		sp, err := astron.NewPosition(pos...)
		if err != nil {
			return nil, nil, err
		}
		return newAstronRules(), astronPlayPos([]astron.Position{sp}), nil
	}
	return nil, nil, fmt.Errorf("unknown game %q", game)
}

// historyText is how the move history writes rec, the i-th move (from 0):
// numbered, and short enough for one line of a projector's narrow history
// column — the rows the move changes as the board's row labels read them
// ("3. heap 2: 3 → 2", "heap 3: 7 → 2 + 4" for a split of an octal game),
// or the move's own text when it changes no single row (an Astron move).
// Who moved is shown beside it, not written.
func historyText(r playRules, i int, rec playRecord) string {
	before, after := rec.Before, rec.Move.To
	var parts []string
	switch ch := rec.Move.Changed; {
	case len(ch) == 0:
		return fmt.Sprintf("%d. %s", i+1, rec.Move.Text)
	case len(after) == len(before):
		for _, j := range ch {
			parts = append(parts, fmt.Sprintf("%s: %d → %d", rowName(r, j), before[j], after[j]))
		}
	case len(ch) == 1 && len(after) >= len(before)-1:
		// One heap replaced by what the move leaves of it (none, one or
		// more heaps).
		j := ch[0]
		left := []int(after[j : j+len(after)-len(before)+1])
		to := "0"
		if len(left) > 0 {
			to = joinInts(left, " + ")
		}
		parts = append(parts, fmt.Sprintf("%s: %d → %s", rowName(r, j), before[j], to))
	default:
		return fmt.Sprintf("%d. %s", i+1, rec.Move.Text)
	}
	return fmt.Sprintf("%d. %s", i+1, strings.Join(parts, ", "))
}
