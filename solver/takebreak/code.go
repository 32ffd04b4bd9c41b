package takebreak

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Modifier restricts the heaps a digit may leave when it leaves two or more.
type Modifier uint8

const (
	// Plain puts no restriction on the heaps left.
	Plain Modifier = iota
	// Distinct ("!") requires the heaps left to be pairwise unequal
	// (Grundy's game is 4!.0).
	Distinct
	// NotAllEqual ("?") requires the heaps left not to be all equal.
	NotAllEqual
	// AllEqual ("=") requires the heaps left to be all equal.
	AllEqual
)

// String returns the modifier's symbol: "", "!", "?" or "=".
func (m Modifier) String() string {
	switch m {
	case Distinct:
		return "!"
	case NotAllEqual:
		return "?"
	case AllEqual:
		return "="
	}
	return ""
}

// Digit is one digit of a take-and-break code: the numbers of non-empty heaps
// a move may leave, and a modifier.
type Digit struct {
	// Counts has bit i set when the move may leave exactly i non-empty
	// heaps (0 ≤ i < 64).
	Counts uint64
	// AtLeast > 0 also allows every count ≥ AtLeast ({2+} is AtLeast 2).
	AtLeast int
	// Mod restricts moves that leave two or more heaps.
	Mod Modifier
}

// Allows reports whether the digit allows leaving exactly i non-empty heaps.
func (d Digit) Allows(i int) bool {
	if i < 0 {
		return false
	}
	if d.AtLeast > 0 && i >= d.AtLeast {
		return true
	}
	return i < 64 && d.Counts&(1<<uint(i)) != 0
}

// IsZero reports whether the digit allows no move.
func (d Digit) IsZero() bool { return d.Counts == 0 && d.AtLeast == 0 }

// MaxHeaps returns the largest number of heaps the digit may leave: −1 when
// there is no bound ({2+}), 0 for the zero digit and for a digit that only
// removes whole heaps.
func (d Digit) MaxHeaps() int {
	if d.AtLeast > 0 {
		return -1
	}
	if d.Counts == 0 {
		return 0
	}
	return 63 - bits.LeadingZeros64(d.Counts)
}

// normalize drops what has no effect: count bits covered by AtLeast (and
// {2,3+} becomes {2+}), and a modifier on a digit that never leaves two or
// more heaps.
func (d Digit) normalize() Digit {
	if d.AtLeast > 0 {
		if d.AtLeast < 64 {
			d.Counts &= (1 << uint(d.AtLeast)) - 1
		}
		for d.AtLeast > 1 && d.Counts&(1<<uint(d.AtLeast-1)) != 0 {
			d.AtLeast--
			d.Counts &^= 1 << uint(d.AtLeast)
		}
	}
	if d.AtLeast == 0 && d.Counts < 4 {
		d.Mod = Plain
	}
	return d
}

// digitChars are the single-character digits, value 0..35.
const digitChars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// String writes the digit as one character when it fits (0-9, A-Z) and as a
// brace list otherwise, followed by its modifier.
func (d Digit) String() string {
	var b strings.Builder
	if d.AtLeast == 0 && d.Counts < uint64(len(digitChars)) {
		b.WriteByte(digitChars[d.Counts])
	} else {
		b.WriteByte('{')
		first := true
		for i := 0; i < 64; i++ {
			if d.Counts&(1<<uint(i)) == 0 {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			b.WriteString(strconv.Itoa(i))
		}
		if d.AtLeast > 0 {
			if !first {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(d.AtLeast) + "+")
		}
		b.WriteByte('}')
	}
	b.WriteString(d.Mod.String())
	return b.String()
}

// Kind says how a game was written.
type Kind uint8

const (
	// TakeBreak is a take-and-break code such as 0.07, 4!.0 or 0.[3].
	TakeBreak Kind = iota
	// Subtraction is a finite subtraction game S(1,2,5): remove a number
	// of tokens in the set from one heap.
	Subtraction
	// AllBut is an all-but subtraction game S!(1,3): remove any positive
	// number of tokens except those in the set.
	AllBut
)

// Code is a parsed take-and-break game. Digits[0] is the digit before the
// point; Digits[j] for j ≥ 1 rules removing j tokens. When Repeat > 0 the last
// Repeat digits repeat forever (an infinite code such as 0.[3]); otherwise
// digits beyond the slice are zero. Subtraction games are held as the codes
// they are (S(1,2,5) = 0.33003, S!(1,3) = 0.030[3]), with Kind and Set kept so
// that String writes them back as typed.
type Code struct {
	Digits []Digit
	Repeat int
	Kind   Kind
	// Set is the subtraction set (Subtraction) or the excluded numbers
	// (AllBut), ascending; nil for TakeBreak.
	Set []int
}

// Digit returns the digit that rules removing j tokens (j = 0 is the digit
// before the point).
func (c Code) Digit(j int) Digit {
	if j < len(c.Digits) {
		return c.Digits[j]
	}
	if c.Repeat == 0 {
		return Digit{}
	}
	start := len(c.Digits) - c.Repeat
	return c.Digits[start+(j-start)%c.Repeat]
}

// Finite reports whether the code has finitely many non-zero digits.
func (c Code) Finite() bool { return c.Repeat == 0 }

// K returns the index of the last non-zero digit of a finite code (the k of
// the Guy–Smith theorem), or −1 for an infinite code.
func (c Code) K() int {
	if c.Repeat > 0 {
		return -1
	}
	return len(c.Digits) - 1
}

// MaxHeaps returns the largest number of heaps a move may leave, −1 when it
// is unbounded (a digit such as {2+}).
func (c Code) MaxHeaps() int {
	m := 0
	for _, d := range c.Digits {
		h := d.MaxHeaps()
		if h < 0 {
			return -1
		}
		m = max(m, h)
	}
	return m
}

// HasModifiers reports whether some digit carries a modifier that matters.
func (c Code) HasModifiers() bool {
	for _, d := range c.Digits {
		if d.Mod != Plain {
			return true
		}
	}
	return false
}

// OctalDigits returns the code as octal digits (each 0..7, digit 0 being 0 or
// 4) when it is a finite code without modifiers or brace counts that the
// octal engines can run as it is; ok is false otherwise. Subtraction games
// with a finite set are octal (S(1,2,5) is 0.33003).
func (c Code) OctalDigits() (digits []uint8, ok bool) {
	if c.Repeat > 0 {
		return nil, false
	}
	out := make([]uint8, len(c.Digits))
	for j, d := range c.Digits {
		if d.AtLeast > 0 || d.Counts > 7 || d.Mod != Plain {
			return nil, false
		}
		if j == 0 && d.Counts != 0 && d.Counts != 4 {
			return nil, false
		}
		out[j] = uint8(d.Counts)
	}
	if len(out) == 0 {
		out = []uint8{0}
	}
	return out, true
}

// Equal reports whether c and o are the same game written the same way.
func (c Code) Equal(o Code) bool { return c.String() == o.String() }

// String returns the canonical spelling: "0.07", "4!.0", "0.[3]", "0.{2+}",
// "S(1,2,5)", "S!(1,3)". Parse(c.String()) gives c back.
func (c Code) String() string {
	switch c.Kind {
	case Subtraction, AllBut:
		var b strings.Builder
		b.WriteString("S")
		if c.Kind == AllBut {
			b.WriteString("!")
		}
		b.WriteByte('(')
		for i, v := range c.Set {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(v))
		}
		b.WriteByte(')')
		return b.String()
	}
	var b strings.Builder
	d0 := Digit{}
	if len(c.Digits) > 0 {
		d0 = c.Digits[0]
	}
	b.WriteString(d0.String())
	b.WriteByte('.')
	rest := []Digit{}
	if len(c.Digits) > 1 {
		rest = c.Digits[1:]
	}
	start := len(rest) - c.Repeat
	if len(rest) == 0 {
		b.WriteByte('0')
	}
	for i, d := range rest {
		if c.Repeat > 0 && i == start {
			b.WriteByte('[')
		}
		b.WriteString(d.String())
	}
	if c.Repeat > 0 {
		b.WriteByte(']')
	}
	return b.String()
}

// ParseError says why a string is not a game and what is accepted.
type ParseError struct {
	Input  string
	Reason string
}

// Accepted is the one-line summary of the notation used in error messages.
const Accepted = "accepted: a take-and-break code d0.d1d2… (digits 0-9 and A-Z, or brace lists such as {2,3} or {2+}; " +
	"a digit before the point that only splits, e.g. 4 or 8; modifiers ! ? = after a digit; " +
	"[…] repeats the final digits forever), e.g. 0.07, 0.B, 4.7, 4!.0, 0.[3], 0.{2+}; " +
	"or a subtraction game S(1,2,5), or an all-but subtraction game S!(1,3)"

func (e *ParseError) Error() string {
	return fmt.Sprintf("invalid game %q: %s; %s", e.Input, e.Reason, Accepted)
}

// maxSubtraction bounds the numbers in a subtraction set (they become digit
// positions).
const maxSubtraction = 1 << 16

// Parse reads a take-and-break code or a subtraction game. It accepts:
//
//   - codes d0.d1d2…dk, with ".d1…" short for "0.d1…": each digit is 0-9 or
//     A-Z (value 0..35; lower case is read as upper case) or a brace list of
//     heap counts such as {2,3} (= C) or {2+} (two or more heaps), and may be
//     followed by one modifier: ! (the heaps left are pairwise unequal), ?
//     (not all equal) or = (all equal);
//   - infinite codes: […] around the final digits repeats them forever, as
//     in 0.[3] (Nim), 4.[3] (Lasker's Nim) or 0.1[23];
//   - S(a,b,…): the subtraction game with that set, and S!(a,b,…): the
//     all-but subtraction game that may remove any positive number of tokens
//     except a, b, …; "all-but(a,b)" is read as S!(a,b).
//
// The digit before the point may only split heaps (its bits 0 and 1 must be
// clear: they would mean a pass); codes with digits before the point beyond
// the first (moves that add tokens, as CGSuite's 20.017) are refused.
func Parse(s string) (Code, error) {
	in := strings.TrimSpace(s)
	fail := func(format string, a ...any) (Code, error) {
		return Code{}, &ParseError{Input: s, Reason: fmt.Sprintf(format, a...)}
	}
	if in == "" {
		return fail("it is empty")
	}
	lower := strings.ToLower(in)
	switch {
	case strings.HasPrefix(lower, "s!(") || strings.HasPrefix(lower, "all-but(") || strings.HasPrefix(lower, "allbut("):
		return parseSubtraction(s, in[strings.IndexByte(in, '('):], AllBut)
	case strings.HasPrefix(lower, "s("):
		return parseSubtraction(s, in[1:], Subtraction)
	case strings.HasPrefix(lower, "s") && !strings.Contains(in, "."):
		return fail("a subtraction game is written S(1,2,5) or S!(1,3)")
	}
	dot := strings.IndexByte(in, '.')
	if dot < 0 {
		return fail("there is no point")
	}
	before, after := in[:dot], in[dot+1:]
	var d0 Digit
	if before != "" {
		ds, rep, err := parseDigits(before)
		if err != "" {
			return fail("before the point: %s", err)
		}
		if rep >= 0 {
			return fail("brackets […] may only repeat the final digits after the point")
		}
		if len(ds) > 1 {
			return fail("%q has more than one digit before the point (moves that add tokens are not supported)", before)
		}
		d0 = ds[0]
		if d0.Counts&1 != 0 {
			return fail("the digit %s before the point has bit 0 set: removing nothing and leaving nothing is not a move", d0)
		}
		if d0.Counts&2 != 0 {
			return fail("the digit %s before the point has bit 1 set, which would allow a move that changes nothing (a pass); use a digit that only splits, such as 4 or 8", d0)
		}
	}
	if after == "" {
		return fail("no digits after the point")
	}
	ds, rep, err := parseDigits(after)
	if err != "" {
		return fail("after the point: %s", err)
	}
	c := Code{Digits: append([]Digit{d0}, ds...)}
	if rep >= 0 {
		c.Repeat = len(ds) - rep
	}
	return c.normalize(), nil
}

// parseDigits reads a run of digits; rep is the index of the first repeated
// digit ([), −1 when there are no brackets. err is "" on success.
func parseDigits(s string) (ds []Digit, rep int, err string) {
	rep = -1
	closed := false
	for i := 0; i < len(s); {
		ch := s[i]
		if closed {
			return nil, 0, fmt.Sprintf("%q after the closing bracket: brackets repeat the final digits", s[i:])
		}
		switch {
		case ch == '[':
			if rep >= 0 {
				return nil, 0, "a second opening bracket"
			}
			rep = len(ds)
			i++
			continue
		case ch == ']':
			if rep < 0 {
				return nil, 0, "a closing bracket without an opening one"
			}
			if rep == len(ds) {
				return nil, 0, "empty brackets []"
			}
			closed = true
			i++
			continue
		case ch == '!' || ch == '?' || ch == '=':
			return nil, 0, fmt.Sprintf("modifier %c at position %d does not follow a digit", ch, charPos(s, i))
		}
		var d Digit
		switch {
		case ch >= '0' && ch <= '9':
			d.Counts = uint64(ch - '0')
			i++
		case ch >= 'A' && ch <= 'Z':
			d.Counts = uint64(ch-'A') + 10
			i++
		case ch >= 'a' && ch <= 'z':
			d.Counts = uint64(ch-'a') + 10
			i++
		case ch == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return nil, 0, fmt.Sprintf("the brace at position %d is not closed", charPos(s, i))
			}
			var e string
			if d, e = parseBrace(s[i+1 : i+end]); e != "" {
				return nil, 0, e
			}
			i += end + 1
		default:
			r, _ := utf8.DecodeRuneInString(s[i:])
			return nil, 0, fmt.Sprintf("unexpected %q at position %d", r, charPos(s, i))
		}
		if i < len(s) {
			switch s[i] {
			case '!':
				d.Mod = Distinct
				i++
			case '?':
				d.Mod = NotAllEqual
				i++
			case '=':
				d.Mod = AllEqual
				i++
			}
			if i < len(s) && (s[i] == '!' || s[i] == '?' || s[i] == '=') {
				return nil, 0, fmt.Sprintf("two modifiers in a row at position %d (one per digit)", charPos(s, i))
			}
		}
		ds = append(ds, d)
	}
	if rep >= 0 && !closed {
		return nil, 0, "the opening bracket [ is not closed"
	}
	if len(ds) == 0 {
		return nil, 0, "no digits"
	}
	return ds, rep, ""
}

// parseBrace reads the inside of {…}: heap counts 0..63 and at most one
// open-ended count n+.
func parseBrace(s string) (Digit, string) {
	var d Digit
	if strings.TrimSpace(s) == "" {
		return d, ""
	}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		plus := strings.HasSuffix(part, "+")
		num := strings.TrimSuffix(part, "+")
		v, err := strconv.Atoi(num)
		if err != nil || v < 0 {
			return d, fmt.Sprintf("%q in {…} is not a heap count (0, 1, 2, … or n+)", part)
		}
		if v > 63 {
			return d, fmt.Sprintf("heap count %d in {…} is above 63 (write %d+ for \"%d or more\" if that is meant)", v, min(v, 63), v)
		}
		if plus {
			if d.AtLeast > 0 {
				return d, "two open-ended counts n+ in one brace"
			}
			d.AtLeast = v
			if v == 0 {
				d.Counts |= 1 // 0+ is 0 and 1+
				d.AtLeast = 1
			}
		} else {
			d.Counts |= 1 << uint(v)
		}
	}
	return d, ""
}

// parseSubtraction reads "(a,b,…)" after S or S!.
func parseSubtraction(input, s string, kind Kind) (Code, error) {
	fail := func(format string, a ...any) (Code, error) {
		return Code{}, &ParseError{Input: input, Reason: fmt.Sprintf(format, a...)}
	}
	if !strings.HasPrefix(s, "(") || !strings.HasSuffix(s, ")") {
		return fail("a subtraction set is written in parentheses, as S(1,2,5)")
	}
	inner := strings.TrimSpace(s[1 : len(s)-1])
	var set []int
	if inner != "" {
		for _, part := range strings.Split(inner, ",") {
			part = strings.TrimSpace(part)
			v, err := strconv.Atoi(part)
			if err != nil {
				return fail("%q in the subtraction set is not a whole number", part)
			}
			if v < 1 {
				return fail("%d in the subtraction set is not positive", v)
			}
			if v > maxSubtraction {
				return fail("%d in the subtraction set is above %d", v, maxSubtraction)
			}
			set = append(set, v)
		}
	}
	slices.Sort(set)
	set = slices.Compact(set)
	if kind == Subtraction && len(set) == 0 {
		return fail("the subtraction set is empty (no move at all)")
	}
	return subtractionCode(kind, set), nil
}

// subtractionCode builds the code of a subtraction game: digit 3 (leave
// nothing or one heap) at each allowed number.
func subtractionCode(kind Kind, set []int) Code {
	c := Code{Kind: kind, Set: set}
	three := Digit{Counts: 3}
	if kind == Subtraction {
		c.Digits = make([]Digit, set[len(set)-1]+1)
		for _, v := range set {
			c.Digits[v] = three
		}
		return c
	}
	top := 0
	if len(set) > 0 {
		top = set[len(set)-1]
	}
	c.Digits = make([]Digit, top+2)
	for j := 1; j <= top+1; j++ {
		c.Digits[j] = three
	}
	for _, v := range set {
		c.Digits[v] = Digit{}
	}
	c.Repeat = 1
	return c
}

// NewSubtraction returns the subtraction game S(set) (or S!(set) when allBut).
// The set must hold positive numbers; it is sorted and de-duplicated.
func NewSubtraction(set []int, allBut bool) (Code, error) {
	var b strings.Builder
	if allBut {
		b.WriteString("S!(")
	} else {
		b.WriteString("S(")
	}
	for i, v := range set {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(v))
	}
	b.WriteByte(')')
	return Parse(b.String())
}

// MustParse is Parse for codes known to be valid (tests, examples, built-in
// lists); it panics on a bad code.
func MustParse(s string) Code {
	c, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return c
}

// normalize puts a TakeBreak code in its canonical form: digits normalised,
// the repeated block reduced to its shortest period and pulled as far left
// as it goes, an all-zero block dropped, trailing zeros dropped.
func (c Code) normalize() Code {
	for i := range c.Digits {
		c.Digits[i] = c.Digits[i].normalize()
	}
	if c.Repeat > 0 {
		start := len(c.Digits) - c.Repeat
		block := slices.Clone(c.Digits[start:])
		// shortest period of the block
		for p := 1; p <= len(block); p++ {
			if len(block)%p != 0 {
				continue
			}
			ok := true
			for i := p; i < len(block); i++ {
				if block[i] != block[i-p] {
					ok = false
					break
				}
			}
			if ok {
				block = block[:p]
				break
			}
		}
		prefix := c.Digits[:start]
		// pull left: while the digit before the block equals its last digit
		for len(prefix) > 1 && prefix[len(prefix)-1] == block[len(block)-1] {
			prefix = prefix[:len(prefix)-1]
			block = append([]Digit{block[len(block)-1]}, block[:len(block)-1]...)
		}
		zero := true
		for _, d := range block {
			if !d.IsZero() {
				zero = false
			}
		}
		if zero {
			c.Digits = slices.Clone(prefix)
			c.Repeat = 0
		} else {
			c.Digits = append(slices.Clone(prefix), block...)
			c.Repeat = len(block)
			return c
		}
	}
	for len(c.Digits) > 1 && c.Digits[len(c.Digits)-1].IsZero() {
		c.Digits = c.Digits[:len(c.Digits)-1]
	}
	if len(c.Digits) == 0 {
		c.Digits = []Digit{{}}
	}
	return c
}

// charPos is the position (from 1, in characters, not bytes) of the byte
// at index i of s: messages point at what the user typed ("0.０７" has a
// wide digit at position 1, not a stray byte).
func charPos(s string, i int) int {
	return utf8.RuneCountInString(s[:i]) + 1
}
