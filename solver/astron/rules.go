package astron

import (
	"fmt"
	"strings"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// JoinCode is a parsed multiadditive (join) code c0.c1c2…: Digits[k] = c_k,
// and bit n (n ≥ 2) of c_k allows joining n different stars into one star of
// their total size minus k. Bits 0 and 1 carry no meaning and are always 0.
// Trailing zero digits are dropped.
type JoinCode struct {
	Digits []uint8
}

// joinAccepted is what a join code may be, for error messages.
const joinAccepted = "accepted: a join code c0.c1c2… in the take-and-break notation with digits 0, 4, 8 or C " +
	"(bit 2 joins two stars, bit 3 joins three), e.g. 0.04 for Astron"

// NewJoinCode returns the join code written as a code of the take-and-break
// notation (read with takebreak.Parse, the one parser of the notation): join
// codes share its digits, 0.04 (Astron), .04, 0.0 (no joins), 0.08 (join
// three stars, losing 2), 0.0C (both). A digit must be plain, at most F and a
// multiple of 4 (bits 0 and 1 mean nothing for a join); anything else is
// refused with a *takebreak.ParseError.
func NewJoinCode(c takebreak.Code) (JoinCode, error) {
	fail := func(reason string) (JoinCode, error) {
		return JoinCode{}, &takebreak.ParseError{Input: c.String(), What: "join code", Reason: reason, Accepted: joinAccepted}
	}
	if c.Kind != takebreak.TakeBreak || !c.Finite() {
		return fail("a join code is a finite code c0.c1c2…, not a subtraction game or a repeating code")
	}
	digits := make([]uint8, len(c.Digits))
	for k, d := range c.Digits {
		where := "before the point"
		if k > 0 {
			where = fmt.Sprintf("at position %d after the point", k)
		}
		switch {
		case d.Mod != takebreak.Plain || !d.Uniform() || d.AtLeast > 0 || d.Counts > 15:
			return fail(fmt.Sprintf("the digit %s %s is not a hexadecimal digit 0-F", d, where))
		case d.Counts&3 != 0:
			return fail(fmt.Sprintf("the digit %s %s has bit 0 or 1 set, which means nothing for a join", d, where))
		}
		digits[k] = uint8(d.Counts)
	}
	return JoinCode{Digits: digits}, nil
}

// String returns the normalised code, e.g. "0.04".
func (c JoinCode) String() string {
	const hex = "0123456789abcdef"
	if len(c.Digits) == 0 {
		return "0.0"
	}
	var b strings.Builder
	b.WriteByte(hex[c.Digits[0]])
	b.WriteByte('.')
	if len(c.Digits) == 1 {
		b.WriteByte('0')
	}
	for _, d := range c.Digits[1:] {
		b.WriteByte(hex[d])
	}
	return b.String()
}

// K is the index of the last non-zero digit (0 when the code allows no join).
func (c JoinCode) K() int {
	for k := len(c.Digits) - 1; k >= 0; k-- {
		if c.Digits[k] != 0 {
			return k
		}
	}
	return 0
}

// Rules are the move rules of one multiadditive extension: the octal code
// that rules removing points from one star (and splitting it), and the join
// code that rules joining stars.
type Rules struct {
	Octal octal.Code
	Join  JoinCode
}

// AstronRules returns the rules of Astron: the extension 0.04 of 0.07.
func AstronRules() Rules {
	join, _ := NewJoinCode(takebreak.MustParse("0.04"))
	return Rules{Octal: octal.NewCode(takebreak.MustParse("0.07")), Join: join}
}

// IsAstron reports whether the rules are exactly Astron's.
func (r Rules) IsAstron() bool {
	return r.Octal.String() == "0.07" && r.Join.String() == "0.04"
}

// K is the largest index of a non-zero digit in either code: no move removes
// more than K points (the k of Theorem 2.3.7).
func (r Rules) K() int {
	return max(r.Octal.K(), r.Join.K())
}

// String names the rules as "--octal d --join c" would.
func (r Rules) String() string {
	return fmt.Sprintf("octal %s, join %s", r.Octal, r.Join)
}

// splitRule is one non-zero octal digit: removing K points from one star is
// allowed leaving nothing (Vanish), one star (Lower) or a split with a
// partition of the other stars (Split).
type splitRule struct {
	K                    int
	Vanish, Lower, Split bool
}

// smallestPart returns the smallest size the star keeps on one side when the
// rule leaves m points of it: 0 when a side may be empty (the star is lowered
// to m ≥ 1, or vanishes at m = 0), else 1.
func (sr splitRule) smallestPart(m int) int {
	if (sr.Lower && m >= 1) || (sr.Vanish && m == 0) {
		return 0
	}
	return 1
}

// leaves returns what the rule leaves of a star of x points: m = x − K
// points, and lo, the smallest part a side keeps (smallestPart). ok is false
// when the star has fewer than K points. Every engine's star loop starts
// here, so that they all read the rule alike.
func (sr splitRule) leaves(x int) (m, lo int, ok bool) {
	m = x - sr.K
	if m < 0 {
		return 0, 0, false
	}
	return m, sr.smallestPart(m), true
}

// joinRule allows joining N stars into one of their total size minus K.
type joinRule struct {
	K, N int
}

func (r Rules) splitRules() []splitRule {
	var out []splitRule
	for k, d := range r.Octal.Digits {
		if d == 0 {
			continue
		}
		// An octal code has 0 or 4 before the point, so k = 0 never
		// sets Vanish or Lower (which would be a pass); refuse them anyway.
		out = append(out, splitRule{K: k, Vanish: d&1 != 0 && k > 0, Lower: d&2 != 0 && k > 0, Split: d&4 != 0})
	}
	return out
}

func (r Rules) joinRules() []joinRule {
	var out []joinRule
	for k, d := range r.Join.Digits {
		for n := 2; n < 8; n++ {
			if d&(1<<n) != 0 {
				out = append(out, joinRule{K: k, N: n})
			}
		}
	}
	return out
}
