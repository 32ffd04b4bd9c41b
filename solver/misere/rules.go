package misere

import (
	"fmt"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// Rules is a heap game the misère machinery plays: an octal code
// (octal.Code is Rules) or a take-and-break code of solver/takebreak whose
// moves leave at most two heaps (subtraction games, Grundy's game 4!.0,
// codes with repeated digits such as 0.[3]).
type Rules interface {
	// ForEachOption calls fn for every move from a heap of n tokens, in
	// the two-heap form of takebreak.Option: take tokens removed, heaps a
	// and b left (0 means no heap; a ≤ b).
	ForEachOption(n int, fn func(take, a, b int))
	String() string
	// K is the k of the misère periodicity theorem (the largest number of
	// tokens a move takes) when the theorem applies to the rules, else −1.
	K() int
}

// takeBreakRules plays a take-and-break code whose moves leave at most two
// heaps. The periodicity theorem is proved for octal games (Di Prisa, Thm
// 3.17); codes with modifiers or repeated digits get no certificate.
type takeBreakRules struct{ c takebreak.Code }

func (r takeBreakRules) ForEachOption(n int, fn func(take, a, b int)) {
	r.c.ForEachOption(n, func(take int, heaps []int) bool {
		switch len(heaps) {
		case 0:
			fn(take, 0, 0)
		case 1:
			fn(take, 0, heaps[0])
		case 2:
			fn(take, heaps[0], heaps[1])
		}
		return true
	})
}

func (r takeBreakRules) String() string { return r.c.String() }
func (r takeBreakRules) K() int         { return -1 }

// NewRules returns the rules the misère machinery plays for a take-and-break
// code (read with takebreak.Parse, the one parser of the notation). A game
// that is an octal game becomes its octal code (S(1,2,5) is 0.33003), so the
// periodicity theorem applies; games whose moves may leave three or more
// heaps are refused with a *takebreak.ParseError.
func NewRules(c takebreak.Code) (Rules, error) {
	if digits, ok := c.OctalDigits(); ok {
		return octal.NewCode(takebreak.FromOctal(digits)), nil
	}
	if m := c.MaxHeaps(); m < 0 || m > 2 {
		return nil, &takebreak.ParseError{Input: c.String(), What: "game for misère play",
			Reason:   threeHeaps(c) + ", and the misère quotients and searches play moves that leave at most two",
			Accepted: "accepted: take-and-break codes whose moves leave at most two heaps, e.g. 0.07, 4.7, 0.6!, 4!.0, 0.[3], S(1,2,5), S!(1,3)"}
	}
	return takeBreakRules{c}, nil
}

// threeHeaps names the first digit of c that may leave three or more heaps.
func threeHeaps(c takebreak.Code) string {
	for j, d := range c.Digits {
		if m := d.MaxHeaps(); m < 0 || m > 2 {
			return fmt.Sprintf("the digit %s (removing %d) may leave three or more heaps", d, j)
		}
	}
	return "its moves may leave three or more heaps"
}

// RulesName returns the usual name of the game (Kayles, Dawson's Kayles, …)
// or "".
func RulesName(r Rules) string {
	if c, ok := r.(octal.Code); ok {
		return octal.GameName(c)
	}
	return ""
}
