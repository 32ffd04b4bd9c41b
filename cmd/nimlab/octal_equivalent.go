package main

import (
	"context"
	"fmt"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// equivalentReport lists the codes of CODE's family (for an octal code:
// as many digits, the same digit before the point) whose Grundy values
// agree with CODE's.
type equivalentReport struct {
	Digits  int      `json:"digits"`
	Family  string   `json:"family,omitempty"`
	Checked int      `json:"checked_to"`
	Codes   []string `json:"codes"`
	Proven  []bool   `json:"proven"`
	Text    string   `json:"text"`
}

// equivalentHeaps bounds how far --equivalent compares when CODE has no
// proven period to settle it sooner.
const equivalentHeaps = 1 << 14

// equivalentCodes tries every code 0.d1…dk (k the number of digits of
// code, d0 the same) and keeps those whose values agree with code's on
// G(0..L−1), L = CODE's certificate length when its period is proven (then
// a candidate whose own period is proven within L and that agrees over the
// larger preperiod plus a common multiple of the periods is equivalent at
// every heap: proven), else the values computed, at most equivalentHeaps.
// Candidates are computed 256 values first, so most are dropped at once.
func equivalentCodes(ctx context.Context, code octal.Code, res *octal.Result, progress func(done, total int)) (*equivalentReport, error) {
	if code.Rules != nil {
		return equivalentGames(ctx, code, res, progress)
	}
	k := code.K()
	if k < 1 {
		return nil, badInput("--equivalent needs a code with digits after the point")
	}
	if k > 5 {
		return nil, badInput("--equivalent tries every code with as many digits: %s has %d, accepted: at most 5 (32,768 codes)", code, k)
	}
	L := min(len(res.Values), equivalentHeaps)
	if res.Certified {
		L = max(L, res.Period.NeededTo)
	}
	want, err := valuesCovering(ctx, code, res, L-1)
	if err != nil {
		return nil, err
	}
	want = want[:L]
	r := &equivalentReport{Digits: k, Checked: L - 1}
	total := 1
	for range k {
		total *= 8
	}
	for x := range total {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		progress(x, total)
		digits := make([]uint8, k+1)
		digits[0] = code.Digits[0]
		for j, y := k, x; j >= 1; j, y = j-1, y/8 {
			digits[j] = uint8(y % 8)
		}
		for len(digits) > 1 && digits[len(digits)-1] == 0 {
			digits = digits[:len(digits)-1]
		}
		c := octal.Code{Digits: digits}
		if c.String() == code.String() {
			continue
		}
		vals, agree, err := valuesAgreeing(ctx, want, func(vals []uint16, upTo int) ([]uint16, error) {
			return octal.SparseExtend(ctx, c, vals, upTo, nil)
		})
		if err != nil {
			return nil, err
		}
		if !agree {
			continue
		}
		proven := false
		if res.Certified {
			if p, ok := octal.FindPeriod(vals, c.K()); ok {
				p1, p2 := res.Period.Period, p.Period
				if max(res.Period.Preperiod, p.Preperiod)+p1/gcd(p1, p2)*p2 <= L {
					proven = true
				}
			}
		}
		r.Codes = append(r.Codes, c.String())
		r.Proven = append(r.Proven, proven)
	}
	switch {
	case len(r.Codes) == 0:
		r.Text = fmt.Sprintf("no other code with %d digits agrees with %s on G(0..%d)", k, code, L-1)
	default:
		n := 0
		for _, p := range r.Proven {
			if p {
				n++
			}
		}
		r.Text = fmt.Sprintf("%d codes with %d digits agree with %s on G(0..%d) (%d of them proven equal at every heap: both periods proven):", len(r.Codes), k, code, L-1, n)
	}
	return r, nil
}

// equivalentFamilyLimit bounds the family --equivalent tries for a
// take-and-break code (each candidate runs the general engine): 0.d1d2d3
// with hexadecimal digits, S(F) and S!(F) with max F ≤ 12.
const equivalentFamilyLimit = 1 << 12

// equivalentGames is equivalentCodes for take-and-break codes, subtraction
// and all-but games: the family is takebreak.Family's, each candidate is
// computed with the engine Solve would use (256 values first, then four
// times more up to L), and a candidate that agrees on G(0..L−1) is proven
// equal at every heap when both periods are proven (ordinary or
// arithmetic: the Guy–Smith theorems, the finite-window theorem, the Nim
// lemma or the arithmetic-period certificates), grow by the same amount
// over a common multiple l of the periods, and agree over the larger
// preperiod plus l: past that, both sequences repeat (shifted by the same
// amount) what they agree on.
func equivalentGames(ctx context.Context, code octal.Code, res *octal.Result, progress func(done, total int)) (*equivalentReport, error) {
	fam, err := takebreak.Family(*code.Rules, equivalentFamilyLimit)
	if err != nil {
		return nil, badInput("--equivalent: %v", err)
	}
	L := min(len(res.Values), octal.GeneralDefaultMax)
	if res.Certified {
		L = max(L, res.Period.NeededTo)
	}
	want, err := valuesCovering(ctx, code, res, L-1)
	if err != nil {
		return nil, err
	}
	want = want[:L]
	r := &equivalentReport{Digits: len(code.Rules.Digits) - 1, Family: familyName(*code.Rules, len(fam)), Checked: L - 1}
	for i, rules := range fam {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		progress(i, len(fam))
		c := octal.FromRules(rules)
		vals, agree, err := valuesAgreeing(ctx, want, func(vals []uint16, upTo int) ([]uint16, error) {
			return octal.ExtendValues(ctx, c, vals, upTo)
		})
		if err != nil {
			return nil, err
		}
		if !agree {
			continue
		}
		proven := false
		if res.Certified {
			if p := octal.AnalyzePeriod(c, vals); p.Certified {
				p1, p2 := res.Period.Period, p.Period
				l := p1 / gcd(p1, p2) * p2
				if res.Period.Saltus*(l/p1) == p.Saltus*(l/p2) && max(res.Period.Preperiod, p.Preperiod)+l <= L {
					proven = true
				}
			}
		}
		r.Codes = append(r.Codes, rules.String())
		r.Proven = append(r.Proven, proven)
	}
	n := 0
	for _, p := range r.Proven {
		if p {
			n++
		}
	}
	if len(r.Codes) == 0 {
		r.Text = fmt.Sprintf("no other code of %s agrees with %s on G(0..%d)", r.Family, code, L-1)
	} else {
		noun := "codes"
		if len(r.Codes) == 1 {
			noun = "code"
		}
		r.Text = fmt.Sprintf("%d %s of %s agree with %s on G(0..%d) (%d of them proven equal at every heap: both periods proven):", len(r.Codes), noun, r.Family, code, L-1, n)
	}
	return r, nil
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

// familyName describes takebreak.Family's family of c in a few words.
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
