package main

import (
	"context"
	"fmt"

	"github.com/nimlab/nimlab/solver/octal"
)

// equivalentReport lists the octal codes with as many digits as CODE (and
// the same digit before the point) whose Grundy values agree with CODE's.
type equivalentReport struct {
	Digits  int      `json:"digits"`
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
func equivalentCodes(ctx context.Context, code octal.Code, res *octal.Result) (*equivalentReport, error) {
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
		vals := make([]uint16, 0, L)
		agree := true
		for upTo := min(256, L) - 1; ; upTo = min(4*(upTo+1), L) - 1 {
			if vals, err = octal.SparseExtend(ctx, c, vals, upTo, nil); err != nil {
				return nil, err
			}
			for n := range vals {
				if vals[n] != want[n] {
					agree = false
					break
				}
			}
			if !agree || upTo == L-1 {
				break
			}
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
