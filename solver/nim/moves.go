package nim

import (
	"fmt"
	"slices"
	"strings"
)

// Change is one entry of a position changed by a move.
type Change struct {
	Index    int // index in the position (0-based)
	From, To int
}

// Move is a move with the whole position after it.
type Move struct {
	To      []int
	Changes []Change
	// Text says the move in words, e.g. "take 2 from heap 2 (12 → 10)".
	Text string
}

// DefaultMoveLimit is how many winning moves WinningMoves lists for Moore's
// Nim_k, where their number grows exponentially with k; the other variants
// have at most three per heap or step and are always listed in full.
const DefaultMoveLimit = 100

// WinningMoves returns the moves from pos to a P-position: all of them for
// Nim, Nimble, Staircase and Plainim (normal and misère), and for Moore's
// Nim_k at most limit (≤ 0 means DefaultMoveLimit), the article's move first.
// complete is false when the list was cut at the limit. A P-position has no
// winning move.
func (g Game) WinningMoves(pos []int, limit int) (moves []Move, complete bool, err error) {
	if err := g.Validate(pos); err != nil {
		return nil, false, err
	}
	if limit <= 0 {
		limit = DefaultMoveLimit
	}
	switch g.Variant {
	case Moore:
		moves, complete = g.mooreWinningMoves(pos, limit)
		return moves, complete, nil
	case Staircase:
		return g.staircaseWinningMoves(pos), true, nil
	default:
		return g.heapWinningMoves(pos), true, nil
	}
}

// candidateTargets returns the values a heap (or odd step) may take so that
// the position can become P, given the nim-sum of the other heaps: the
// nim-sum itself, and in misère play also 0 and 1 (the all-small endings).
func (g Game) candidateTargets(others int) []int {
	if g.Misere {
		c := []int{others}
		for _, v := range []int{0, 1} {
			if v != others {
				c = append(c, v)
			}
		}
		return c
	}
	return []int{others}
}

// heapWinningMoves handles Nim, Nimble and Plainim: one entry decreases.
func (g Game) heapWinningMoves(pos []int) []Move {
	x, _ := g.NimSum(pos)
	var moves []Move
	for i, a := range pos {
		if g.Variant == Nimble && slices.Index(pos, a) < i {
			continue // coins on one square are interchangeable: same move
		}
		for _, t := range g.candidateTargets(x ^ a) {
			if t >= a {
				continue
			}
			to := slices.Clone(pos)
			to[i] = t
			if g.outcome(to) == P {
				moves = append(moves, g.newMove(pos, to))
			}
		}
	}
	return moves
}

// staircaseWinningMoves: coins from an odd step change that odd step's count
// downwards; coins from an even step raise the odd step below it.
func (g Game) staircaseWinningMoves(pos []int) []Move {
	x, _ := g.NimSum(pos)
	var moves []Move
	for i, a := range pos {
		if a == 0 {
			continue
		}
		odd := i // index of the odd step whose count the move changes
		if i%2 == 1 {
			odd = i - 1
		}
		for _, t := range g.candidateTargets(x ^ pos[odd]) {
			c := pos[odd] - t // coins moved, when the step itself is odd
			if i%2 == 1 {
				c = t - pos[odd]
			}
			if c < 1 || c > a {
				continue
			}
			to := slices.Clone(pos)
			to[i] -= c
			if i > 0 {
				to[i-1] += c
			}
			if g.outcome(to) == P {
				moves = append(moves, g.newMove(pos, to))
			}
		}
	}
	return moves
}

// IsMove reports whether to is reachable from from in one move.
func (g Game) IsMove(from, to []int) bool {
	if len(from) != len(to) || g.Validate(from) != nil || g.Validate(to) != nil {
		return false
	}
	var changed []int
	for i := range from {
		if from[i] != to[i] {
			changed = append(changed, i)
		}
	}
	switch g.Variant {
	case Staircase:
		if len(changed) == 1 {
			return changed[0] == 0 && to[0] < from[0]
		}
		if len(changed) != 2 || changed[1] != changed[0]+1 {
			return false
		}
		lo, hi := changed[0], changed[1]
		c := from[hi] - to[hi]
		return c >= 1 && to[lo] == from[lo]+c
	case Moore:
		if len(changed) == 0 || len(changed) > g.K {
			return false
		}
	default:
		if len(changed) != 1 {
			return false
		}
	}
	for _, i := range changed {
		if to[i] >= from[i] {
			return false
		}
	}
	return true
}

// newMove builds the Move from pos to to, with its text.
func (g Game) newMove(pos, to []int) Move {
	m := Move{To: to}
	for i := range pos {
		if pos[i] != to[i] {
			m.Changes = append(m.Changes, Change{Index: i, From: pos[i], To: to[i]})
		}
	}
	m.Text = g.moveText(m.Changes)
	return m
}

func (g Game) moveText(ch []Change) string {
	switch g.Variant {
	case Nimble:
		c := ch[0]
		return fmt.Sprintf("move the coin on square %d to square %d", c.From, c.To)
	case Staircase:
		if len(ch) == 1 { // from step 1 to the floor
			c := ch[0]
			return fmt.Sprintf("move %s from step 1 to the floor", coins(c.From-c.To))
		}
		hi := ch[1]
		return fmt.Sprintf("move %s from step %d to step %d", coins(hi.From-hi.To), hi.Index+1, hi.Index)
	case Plainim:
		c := ch[0]
		w := g.rowWidth(c.From)
		return fmt.Sprintf("row %d: %s → %s", c.Index+1, FormatRow(c.From, w), FormatRow(c.To, w))
	case Moore:
		takes := make([]string, len(ch))
		for i, c := range ch {
			takes[i] = fmt.Sprintf("%d from heap %d (%d → %d)", c.From-c.To, c.Index+1, c.From, c.To)
		}
		return "take " + strings.Join(takes, " and ")
	}
	c := ch[0]
	return fmt.Sprintf("take %d from heap %d (%d → %d)", c.From-c.To, c.Index+1, c.From, c.To)
}

func coins(n int) string {
	if n == 1 {
		return "1 coin"
	}
	return fmt.Sprintf("%d coins", n)
}

// Analysis is everything a teacher's screen shows about one position.
type Analysis struct {
	Game     Game
	Position []int
	Outcome  Outcome
	// NimSum is the deciding nim-sum; HasNimSum is false for Moore.
	NimSum    int
	HasNimSum bool
	Moves     []Move
	// Complete is false when Moves was cut at the limit (Moore only).
	Complete bool
	Columns  ColumnView
}

// Analyze returns the outcome, nim-sum, winning moves (at most limit for
// Moore; ≤ 0 means DefaultMoveLimit) and binary column view of pos.
func (g Game) Analyze(pos []int, limit int) (*Analysis, error) {
	moves, complete, err := g.WinningMoves(pos, limit)
	if err != nil {
		return nil, err
	}
	a := &Analysis{Game: g, Position: slices.Clone(pos), Outcome: g.outcome(pos), Moves: moves, Complete: complete}
	a.NimSum, a.HasNimSum = g.NimSum(pos)
	a.Columns = g.Columns(pos)
	return a, nil
}
