package certcheck

import (
	"fmt"
	"strconv"
	"strings"
)

// rules is a take-and-break code as this package reads it, straight from
// the notation: digit[j] has bit i set when removing j tokens from a heap
// may leave exactly i non-empty heaps (j = 0: the digit before the point,
// which splits without taking). When repeat > 0 the last repeat digits
// repeat for ever; otherwise digits beyond the slice are 0.
type rules struct {
	digit  []uint64
	repeat int
}

// parseRules reads d0.d1d2…: digits 0-9 and A-Z (values 0..35), brace lists
// of heap counts {2,3}, and [ ] around the final digits. Modifiers (! ? =)
// and open counts ({2+}) are refused: no theorem checked here covers them.
func parseRules(s string) (rules, error) {
	var r rules
	dot := strings.IndexByte(s, '.')
	if dot < 0 {
		return r, fmt.Errorf("%q has no point", s)
	}
	d0, err := parseSplitDigit(s[:dot])
	if err != nil {
		return r, err
	}
	r.digit = []uint64{d0}
	open, closed, err := r.readDigits(s[dot+1:])
	if err != nil {
		return r, err
	}
	if len(r.digit) == 1 {
		return r, fmt.Errorf("no digit after the point in %q", s)
	}
	r.normalize(open, closed)
	return r, nil
}

// parseSplitDigit reads the digit before the point: none or 0, or one
// digit 1-9, A-Z that only splits (it may not leave 0 or 1 heap).
func parseSplitDigit(before string) (uint64, error) {
	if before == "" || before == "0" {
		return 0, nil
	}
	if d, ok := digitValue(before[0]); ok && len(before) == 1 {
		if d&3 != 0 {
			return 0, fmt.Errorf("the digit %s before the point would allow removing nothing and leaving 0 or 1 heap", before)
		}
		return d, nil
	}
	return 0, fmt.Errorf("%q before the point is not one digit", before)
}

// readDigits appends the digits after the point to r.digit; open is the
// index of the first digit inside [ ] (−1 without brackets), closed
// whether ] was read.
func (r *rules) readDigits(after string) (open int, closed bool, err error) {
	open = -1
	for i := 0; i < len(after); i++ {
		c := after[i]
		switch {
		case closed:
			return open, closed, fmt.Errorf("%q follows the closing bracket", after[i:])
		case c == '[' && open < 0:
			open = len(r.digit)
		case c == ']' && open >= 0 && open < len(r.digit):
			closed = true
		case c == '{':
			d, end, err := parseBraceDigit(after, i)
			if err != nil {
				return open, closed, err
			}
			r.digit = append(r.digit, d)
			i = end
		default:
			d, ok := digitValue(c)
			if !ok {
				return open, closed, fmt.Errorf("unexpected %q in %q (modifiers are not covered by any theorem checked here)", c, after)
			}
			r.digit = append(r.digit, d)
		}
	}
	if open >= 0 && !closed {
		return open, closed, fmt.Errorf("unclosed bracket in %q", after)
	}
	return open, closed, nil
}

// parseBraceDigit reads the brace list of heap counts that opens at
// after[i]; end is the index of its closing brace.
func parseBraceDigit(after string, i int) (d uint64, end int, err error) {
	n := strings.IndexByte(after[i:], '}')
	if n < 0 {
		return 0, 0, fmt.Errorf("unclosed brace in %q", after)
	}
	for _, part := range strings.Split(after[i+1:i+n], ",") {
		v, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil || v < 0 || v > 63 {
			return 0, 0, fmt.Errorf("%q in braces is not a heap count 0..63 (open counts n+ are not covered)", part)
		}
		d |= 1 << uint(v)
	}
	return d, i + n, nil
}

// normalize drops a repeated block of zero digits and the trailing zero
// digits of a finite code, as the notation does.
func (r *rules) normalize(open int, closed bool) {
	if closed {
		r.repeat = len(r.digit) - open
		allZero := true
		for _, d := range r.digit[open:] {
			allZero = allZero && d == 0
		}
		if allZero {
			r.digit, r.repeat = r.digit[:open], 0
		}
	}
	if r.repeat == 0 {
		for len(r.digit) > 1 && r.digit[len(r.digit)-1] == 0 {
			r.digit = r.digit[:len(r.digit)-1]
		}
	}
}

func digitValue(c byte) (uint64, bool) {
	switch {
	case c >= '0' && c <= '9':
		return uint64(c - '0'), true
	case c >= 'A' && c <= 'Z':
		return uint64(c-'A') + 10, true
	}
	return 0, false
}

// at returns the digit of removing j tokens.
func (r rules) at(j int) uint64 {
	if j < len(r.digit) {
		return r.digit[j]
	}
	if r.repeat == 0 {
		return 0
	}
	start := len(r.digit) - r.repeat
	return r.digit[start+(j-start)%r.repeat]
}

// finite reports whether the code has finitely many non-zero digits.
func (r rules) finite() bool { return r.repeat == 0 }

// k is the index of the last non-zero digit of a finite code.
func (r rules) k() int { return len(r.digit) - 1 }

// maxHeaps is the most heaps a move may leave.
func (r rules) maxHeaps() int {
	m := 0
	for _, d := range r.digit {
		for i := 63; i > m; i-- {
			if d&(1<<uint(i)) != 0 {
				m = i
				break
			}
		}
	}
	return m
}

// octal reports whether every digit is 0..7 (moves leave at most two heaps).
func (r rules) octal() bool {
	for _, d := range r.digit {
		if d > 7 {
			return false
		}
	}
	return true
}
