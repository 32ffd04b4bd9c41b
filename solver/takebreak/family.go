package takebreak

import "fmt"

// Family returns the other codes of c's family, the games a researcher
// compares c with when looking for equivalent codes:
//
//   - a take-and-break code: every code with the same digit before the
//     point and the same shape (as many digits after the point, the same
//     repeated block), each digit after the point ranging over 0-7 when all
//     of c's are octal digits, else over 0-F (hexadecimal); 4.[3] → 4.[0] …
//     4.[7], 0.3F → 0.00 … 0.FF;
//   - a subtraction game S(F): every S(F′) with F′ a non-empty subset of
//     {1,…,max F};
//   - an all-but game S!(F): every S!(F′) with F′ ⊆ {1,…,max F}.
//
// Codes are canonical (String) and distinct, c itself and codes with no
// digit after the point left out, in the
// order of their digits. Codes with modifiers or open counts ({2+}) and
// digits above F have no such family: an error says so, as does a family of
// more than limit codes.
func Family(c Code, limit int) ([]Code, error) {
	switch c.Kind {
	case Subtraction, AllBut:
		return subtractionFamily(c, limit)
	}
	if c.HasModifiers() {
		return nil, fmt.Errorf("%s has a modifier (! ? =): its family of codes is not defined; accepted: codes with plain digits 0-F, S(…), S!(…)", c)
	}
	base := 8
	for j := 1; j < len(c.Digits); j++ {
		d := c.Digits[j]
		if d.AtLeast != 0 || d.Counts > 15 {
			return nil, fmt.Errorf("%s has a digit above F: its family is too large; accepted: codes with digits 0-F, S(…), S!(…)", c)
		}
		if d.Counts > 7 {
			base = 16
		}
	}
	if d0 := c.Digits[0]; d0.AtLeast != 0 {
		return nil, fmt.Errorf("%s has an open count before the point; accepted: codes with digits 0-F, S(…), S!(…)", c)
	}
	k := len(c.Digits) - 1
	if k < 1 {
		return nil, fmt.Errorf("%s has no digit after the point: it has no family to compare with", c)
	}
	total := 1
	for range k {
		if total *= base; total > limit {
			return nil, fmt.Errorf("%s has %d digits after the point, each 0-%X: %d^%d codes, more than the %d accepted", c, k, base-1, base, k, limit)
		}
	}
	seen := map[string]bool{c.String(): true}
	var out []Code
	for x := range total {
		digits := make([]Digit, k+1)
		digits[0] = c.Digits[0]
		for j, y := k, x; j >= 1; j, y = j-1, y/base {
			digits[j] = Digit{Counts: uint64(y % base)}
		}
		o := Code{Digits: digits, Repeat: c.Repeat, Kind: TakeBreak}.normalize().withOctal()
		if len(o.Digits) < 2 {
			continue // no move that removes tokens: not a code Parse accepts
		}
		if s := o.String(); !seen[s] {
			seen[s] = true
			out = append(out, o)
		}
	}
	return out, nil
}

// subtractionFamily is Family for S(F) and S!(F).
func subtractionFamily(c Code, limit int) ([]Code, error) {
	top := 0
	if len(c.Set) > 0 {
		top = c.Set[len(c.Set)-1]
	}
	if top > 20 || 1<<top > limit {
		return nil, fmt.Errorf("%s: the subsets of {1,…,%d} are %d codes, more than the %d accepted", c, top, 1<<top, limit)
	}
	var out []Code
	for mask := range 1 << top {
		var set []int
		for v := 1; v <= top; v++ {
			if mask&(1<<(v-1)) != 0 {
				set = append(set, v)
			}
		}
		if c.Kind == Subtraction && len(set) == 0 {
			continue
		}
		o := subtractionCode(c.Kind, set).withOctal()
		if o.String() != c.String() {
			out = append(out, o)
		}
	}
	return out, nil
}
