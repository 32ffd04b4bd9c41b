package octal

import (
	"strings"

	"github.com/nimlab/nimlab/solver/takebreak"
)

// Code is the code the octal engines run (NewCode). Digits[0] is the digit before the point (0 or
// 4); Digits[j] for j ≥ 1 is the digit that rules removing j tokens. Trailing
// zero digits are dropped, so Digits[len(Digits)-1] is non-zero unless the
// code is the empty game 0.0.
//
// Rules, when not nil, is the game as written in the take-and-break notation
// (NewCode): a subtraction game, a hexadecimal or brace digit, a modifier,
// an infinite code. When the game is still an octal game (S(1,2,5) is
// 0.33003) Digits holds its octal digits too and the octal engines run it;
// otherwise Digits is nil and Solve uses the general engines (general.go,
// grundygame.go).
type Code struct {
	Digits []uint8
	Rules  *takebreak.Code
}

// NewCode returns the code the engines run for a take-and-break game (read
// with takebreak.Parse, the one parser of the notation): a code that is an
// octal code once normalised (04.30 is 4.3, 0.{1,2} is 0.6) becomes its
// octal digits alone; every other game (0.B, 4!.0, 0.[3], S(1,2,5) …) keeps
// its rules too (FromRules).
func NewCode(r takebreak.Code) Code {
	if r.Kind == takebreak.TakeBreak {
		if d, ok := r.OctalDigits(); ok {
			return Code{Digits: d}
		}
	}
	return FromRules(r)
}

// NewOctalCode returns the code of an octal game (takebreak.Code.OctalDigits:
// 0.07, 4.7, S(1,2,5) as 0.33003) for the front-ends that run octal games
// only (Astron's extensions, playing a game in the window); any other game
// (0.B, 4!.0, 0.[3], S!(1,3)) is refused with a *takebreak.ParseError that
// says why.
func NewOctalCode(c takebreak.Code) (Code, error) {
	d, ok := c.OctalDigits()
	if !ok {
		return Code{}, &takebreak.ParseError{Input: c.String(), What: "octal code", Reason: c.NotOctal(),
			Accepted: "accepted: octal games, codes d0.d1d2… with octal digits 0-7 after the point and 0 or 4 before it (e.g. 0.07, .77, 4.7), or S(1,2,5)"}
	}
	return NewCode(takebreak.FromOctal(d)), nil
}

// FromRules returns the Code of a take-and-break game: octal digits when the
// octal engines can run it, and the rules in any case.
func FromRules(r takebreak.Code) Code {
	c := Code{Rules: &r}
	if d, ok := r.OctalDigits(); ok {
		for len(d) > 1 && d[len(d)-1] == 0 {
			d = d[:len(d)-1]
		}
		c.Digits = d
	}
	return c
}

// General reports whether the game needs the general engines: it is not an
// octal game (Digits is nil).
func (c Code) General() bool { return c.Rules != nil && c.Digits == nil }

// TakeBreak returns the game in the take-and-break model.
func (c Code) TakeBreak() takebreak.Code {
	if c.Rules != nil {
		return *c.Rules
	}
	return takebreak.FromOctal(c.Digits)
}

// String returns the normalised code, e.g. "0.07" or "4.7".
func (c Code) String() string {
	if c.Rules != nil {
		return c.Rules.String()
	}
	var b strings.Builder
	if len(c.Digits) == 0 {
		return "0.0"
	}
	b.WriteByte('0' + c.Digits[0])
	b.WriteByte('.')
	if len(c.Digits) == 1 {
		b.WriteByte('0')
	}
	for _, d := range c.Digits[1:] {
		b.WriteByte('0' + d)
	}
	return b.String()
}

// K is the index of the last non-zero digit (the k of the Guy–Smith theorem).
func (c Code) K() int {
	if c.General() {
		return c.Rules.K()
	}
	return len(c.Digits) - 1
}

// digit returns d_j, or 0 beyond the code.
func (c Code) digit(j int) uint8 {
	if j < len(c.Digits) {
		return c.Digits[j]
	}
	return 0
}

// moveDigits lists the j (the tokens a move takes) by the heaps the move
// may leave: whole, none (j ≥ 1 with bit 1: the heap of exactly j is
// removed); take, one (j ≥ 1 with bit 2); split, two (bit 4; j = 0 is the
// digit before the point). The engines scan these lists rather than the
// digits.
func (c Code) moveDigits() (whole, take, split []int) {
	for j, d := range c.Digits {
		if j > 0 && d&1 != 0 {
			whole = append(whole, j)
		}
		if j > 0 && d&2 != 0 {
			take = append(take, j)
		}
		if d&4 != 0 {
			split = append(split, j)
		}
	}
	return whole, take, split
}

// ForEachOption calls fn for every move from a heap of n tokens, in the
// two-heap form of takebreak.Option: take tokens are removed and the heap is
// left as heaps a and b (0 means no heap; a ≤ b), so the value of the option
// is G(a) ⊕ G(b) with no slice to build (G(0) = 0). Moves that leave the
// same heaps with the same number of tokens taken are listed once (a split
// into a+b and b+a is one move).
func (c Code) ForEachOption(n int, fn func(take, a, b int)) {
	for j := 0; j <= n && j < len(c.Digits); j++ {
		d := c.Digits[j]
		if d == 0 {
			continue
		}
		r := n - j
		if d&1 != 0 && r == 0 && j > 0 {
			fn(j, 0, 0)
		}
		if d&2 != 0 && r >= 1 && j > 0 {
			fn(j, 0, r)
		}
		if d&4 != 0 && r >= 2 {
			for a := 1; a <= r/2; a++ {
				fn(j, a, r-a)
			}
		}
	}
}

// Options returns every move from a heap of n tokens.
func (c Code) Options(n int) []takebreak.Option {
	var out []takebreak.Option
	c.ForEachOption(n, func(take, a, b int) { out = append(out, takebreak.TwoHeapOption(take, a, b)) })
	return out
}
