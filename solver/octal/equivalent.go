package octal

import (
	"context"
	"fmt"

	"github.com/nimlab/nimlab/solver/takebreak"
)

// EquivalentHeaps bounds how far Equivalent compares an octal code when its
// period is not proven (a proven period may need more).
const EquivalentHeaps = 1 << 14

// EquivalentFamilyLimit bounds the family Equivalent tries for a
// take-and-break code (each candidate runs the general engine): 0.d1d2d3
// with hexadecimal digits, S(F) and S!(F) with max F ≤ 12.
const EquivalentFamilyLimit = 1 << 12

// maxEquivalentDigits bounds the digits of an octal code whose family
// Equivalent tries: 8^5 = 32,768 codes.
const maxEquivalentDigits = 5

// Equivalence lists the games of a code's family whose Grundy values agree
// with the code's.
type Equivalence struct {
	// Digits is the number of digits after the point of the family's codes.
	Digits int
	// Family describes the family of a take-and-break code, subtraction or
	// all-but game (takebreak.Family's); it is empty for an octal code,
	// whose family is every code with as many digits and the same digit
	// before the point.
	Family string
	// Checked is the last heap compared: every code listed agrees with the
	// game on G(0..Checked).
	Checked int
	// Codes are the agreeing codes, in the family's order; Proven[i] is
	// true when Codes[i] is proven equal to the game at every heap (both
	// periods proven, see Comparison.Proven).
	Codes  []string
	Proven []bool
}

// CheckEquivalent reports why Equivalent cannot try code's family, or nil.
func CheckEquivalent(code Code) error {
	if code.Rules != nil {
		_, err := takebreak.Family(*code.Rules, EquivalentFamilyLimit)
		return err
	}
	if k := code.K(); k < 1 {
		return fmt.Errorf("%s has no digit after the point, and its family is every code with as many digits; accepted: a code such as 0.07", code)
	} else if k > maxEquivalentDigits {
		return fmt.Errorf("%s has %d digits after the point, and every code with as many digits is tried; accepted: at most %d (32,768 codes)", code, k, maxEquivalentDigits)
	}
	return nil
}

// equivalentFamily is the family Equivalent tries: its size, its i-th
// member, and how a member's values are computed and its period found.
type equivalentFamily struct {
	size   int
	member func(i int) (c Code, name string, ok bool)
	extend func(ctx context.Context, c Code, vals []uint16, upTo int) ([]uint16, error)
	period func(c Code, vals []uint16) Period
	heaps  int // compare at most this many values when no period is proven
}

// Equivalent tries every game of res's family and keeps those whose values
// agree with res's on G(0..L−1): L is res's certificate length when its
// period is proven, else the values computed (at most EquivalentHeaps for
// octal codes, GeneralDefaultMax for the others). A candidate whose own
// period is proven is equal at every heap when the values agree over the
// larger preperiod plus a common multiple of the periods, and both grow by
// the same amount over it. Candidates are computed 256 values first, then
// four times more: most are dropped at once.
//
// An octal code 0.d1…dk is tried against every code with k digits and the
// same digit before the point; a take-and-break code, subtraction or all-but
// game against takebreak.Family's members. progress, if not nil, is called
// before each candidate.
func Equivalent(ctx context.Context, res *Result, progress func(done, total int)) (*Equivalence, error) {
	code := res.Code
	if err := CheckEquivalent(code); err != nil {
		return nil, err
	}
	fam, e, err := familyOf(code)
	if err != nil {
		return nil, err
	}
	L := min(len(res.Values), fam.heaps)
	if res.Certified {
		L = max(L, res.Period.NeededTo)
	}
	want, err := res.ValuesUpTo(ctx, L-1)
	if err != nil {
		return nil, err
	}
	e.Checked = L - 1
	for i := range fam.size {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if progress != nil {
			progress(i, fam.size)
		}
		c, name, ok := fam.member(i)
		if !ok {
			continue
		}
		vals, agree, err := valuesAgreeing(ctx, want, func(vals []uint16, upTo int) ([]uint16, error) {
			return fam.extend(ctx, c, vals, upTo)
		})
		if err != nil {
			return nil, err
		}
		if !agree {
			continue
		}
		proven := false
		if res.Certified {
			if p := fam.period(c, vals); p.Certified {
				need := agreementNeeded(res.Period, p)
				proven = need > 0 && need <= L
			}
		}
		e.Codes = append(e.Codes, name)
		e.Proven = append(e.Proven, proven)
	}
	return e, nil
}

// familyOf returns the family Equivalent tries for code, and the
// Equivalence it fills.
func familyOf(code Code) (equivalentFamily, *Equivalence, error) {
	if code.Rules != nil {
		members, err := takebreak.Family(*code.Rules, EquivalentFamilyLimit)
		if err != nil {
			return equivalentFamily{}, nil, err
		}
		fam := equivalentFamily{
			size: len(members),
			member: func(i int) (Code, string, bool) {
				return FromRules(members[i]), members[i].String(), true
			},
			extend: ExtendValues,
			period: AnalyzePeriod,
			heaps:  GeneralDefaultMax,
		}
		e := &Equivalence{Digits: len(code.Rules.Digits) - 1, Family: familyName(*code.Rules, len(members))}
		return fam, e, nil
	}
	k := code.K()
	total := 1
	for range k {
		total *= 8
	}
	fam := equivalentFamily{
		size: total,
		member: func(x int) (Code, string, bool) {
			digits := make([]uint8, k+1)
			digits[0] = code.Digits[0]
			for j, y := k, x; j >= 1; j, y = j-1, y/8 {
				digits[j] = uint8(y % 8)
			}
			for len(digits) > 1 && digits[len(digits)-1] == 0 {
				digits = digits[:len(digits)-1]
			}
			c := Code{Digits: digits}
			return c, c.String(), c.String() != code.String()
		},
		extend: func(ctx context.Context, c Code, vals []uint16, upTo int) ([]uint16, error) {
			return SparseExtend(ctx, c, vals, upTo, nil)
		},
		period: func(c Code, vals []uint16) Period {
			p, _ := FindPeriod(vals, c.K())
			return p
		},
		heaps: EquivalentHeaps,
	}
	return fam, &Equivalence{Digits: k}, nil
}

// valuesAgreeing computes a candidate's values with extend, 256 first and
// then four times more, up to len(want), and stops at the first that
// differs from want: most candidates are dropped after 256 values.
func valuesAgreeing(ctx context.Context, want []uint16, extend func(vals []uint16, upTo int) ([]uint16, error)) (vals []uint16, agree bool, err error) {
	L := len(want)
	for upTo := min(256, L) - 1; ; upTo = min(4*(upTo+1), L) - 1 {
		if err := ctx.Err(); err != nil {
			return nil, false, err
		}
		if vals, err = extend(vals, upTo); err != nil {
			return nil, false, err
		}
		for n := range vals {
			if vals[n] != want[n] {
				return vals, false, nil
			}
		}
		if upTo == L-1 {
			return vals, true, nil
		}
	}
}

// familyName describes takebreak.Family's family of c, of size members
// besides c, in a few words.
func familyName(c takebreak.Code, size int) string {
	switch c.Kind {
	case takebreak.Subtraction:
		return fmt.Sprintf("the %d subtraction games S(F), F ⊆ {1,…,%d}", size+1, c.Set[len(c.Set)-1])
	case takebreak.AllBut:
		top := 0
		if len(c.Set) > 0 {
			top = c.Set[len(c.Set)-1]
		}
		return fmt.Sprintf("the %d all-but games S!(F), F ⊆ {1,…,%d}", size+1, top)
	}
	shape := c.Digits[0].String() + "."
	for j := 1; j < len(c.Digits); j++ {
		if j == len(c.Digits)-c.Repeat {
			shape += "["
		}
		shape += fmt.Sprintf("d%d", j)
	}
	if c.Repeat > 0 {
		shape += "]"
	}
	digits := "0-7"
	for _, d := range c.Digits[1:] {
		if d.Counts > 7 {
			digits = "0-F"
		}
	}
	return fmt.Sprintf("the %d codes %s (digits %s)", size+1, shape, digits)
}
