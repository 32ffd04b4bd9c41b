package misere

import (
	"fmt"
	"strings"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// Rules is a heap game the misère machinery plays: an octal code
// (octal.Code is Rules) or a take-and-break code of solver/takebreak whose
// moves leave at most two heaps (subtraction games, Grundy's game 4!.0,
// codes with repeated digits such as 0.[3]).
type Rules interface {
	// ForEachOption calls fn for every move from a heap of n tokens.
	ForEachOption(n int, fn func(octal.Option))
	String() string
	// K is the k of the misère periodicity theorem (the largest number of
	// tokens a move takes) when the theorem applies to the rules, else −1.
	K() int
}

// takeBreakRules plays a take-and-break code whose moves leave at most two
// heaps. The periodicity theorem is proved for octal games (seed 004, Thm
// 3.17); codes with modifiers or repeated digits get no certificate.
type takeBreakRules struct{ c takebreak.Code }

func (r takeBreakRules) ForEachOption(n int, fn func(octal.Option)) {
	r.c.ForEachOption(n, func(take int, heaps []int) bool {
		o := octal.Option{Take: take}
		switch len(heaps) {
		case 1:
			o.B = heaps[0]
		case 2:
			o.A, o.B = heaps[0], heaps[1]
		}
		fn(o)
		return true
	})
}

func (r takeBreakRules) String() string { return r.c.String() }
func (r takeBreakRules) K() int         { return -1 }

// ParseRules reads an octal code (0.07, 4.7) or a take-and-break code of
// solver/takebreak (S(1,2,5), 4!.0, 0.[3]). A take-and-break code that is an
// octal game becomes that octal code (so the periodicity theorem applies);
// codes with moves that leave three or more heaps are refused.
func ParseRules(s string) (Rules, error) {
	code, octErr := octal.ParseCode(s)
	if octErr == nil {
		return code, nil
	}
	c, err := takebreak.Parse(s)
	if err != nil {
		return nil, octErr
	}
	if m := c.MaxHeaps(); m < 0 || m > 2 {
		return nil, fmt.Errorf("%v; as a take-and-break code, %s has moves that leave three or more heaps, and the misère quotients and searches play moves that leave at most two", octErr, c)
	}
	if digits, ok := c.OctalDigits(); ok {
		var b strings.Builder
		fmt.Fprintf(&b, "%d.", digits[0])
		for _, d := range digits[1:] {
			fmt.Fprintf(&b, "%d", d)
		}
		if len(digits) == 1 {
			b.WriteString("0")
		}
		if code, err := octal.ParseCode(b.String()); err == nil {
			return code, nil
		}
	}
	return takeBreakRules{c}, nil
}

// RulesName returns the usual name of the game (Kayles, Dawson's Kayles, …)
// or "".
func RulesName(r Rules) string {
	if c, ok := r.(octal.Code); ok {
		return octal.GameName(c)
	}
	return ""
}
