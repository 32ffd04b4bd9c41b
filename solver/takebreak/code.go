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
// a move may leave, and the modifier each of those numbers carries.
//
// A digit written with one modifier (6!, {2+}?) has Mod set and PerCount
// zero. A brace list whose counts carry different modifiers ({0,2!,3}) has
// Mod Plain and the modifier of each such count in PerCount. The counts
// from AtLeast on all carry the modifier of count AtLeast.
type Digit struct {
	// Counts has bit i set when the move may leave exactly i non-empty
	// heaps (0 ≤ i < 64).
	Counts uint64
	// AtLeast > 0 also allows every count ≥ AtLeast ({2+} is AtLeast 2).
	AtLeast int
	// Mod is the modifier of every count the digit allows, except those
	// listed in PerCount.
	Mod Modifier
	// PerCount[m−1] has bit i set when count i carries modifier m
	// (Distinct, NotAllEqual, AllEqual) instead of Mod.
	PerCount [3]uint64
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

// ModAt returns the modifier that count i carries (counts from AtLeast on
// carry the modifier of AtLeast).
func (d Digit) ModAt(i int) Modifier {
	if d.AtLeast > 0 && i > d.AtLeast {
		i = d.AtLeast
	}
	if i >= 0 && i < 64 {
		for m := range d.PerCount {
			if d.PerCount[m]&(1<<uint(i)) != 0 {
				return Modifier(m + 1)
			}
		}
	}
	return d.Mod
}

// AllowsOneHeap reports whether the digit may leave r ≥ 1 tokens as one
// heap. It follows CGSuite, whose "?" on the count 1 (0.6?, 0.7?, *?) also
// forbids leaving a single heap of one token: the heaps left by such a move
// are "not all equal" only when the heap has two tokens or more.
func (d Digit) AllowsOneHeap(r int) bool {
	if r < 1 || !d.Allows(1) {
		return false
	}
	return r >= 2 || d.ModAt(1) != NotAllEqual
}

// IsZero reports whether the digit allows no move.
func (d Digit) IsZero() bool { return d.Counts == 0 && d.AtLeast == 0 }

// Uniform reports whether every count the digit allows carries the same
// modifier (Mod).
func (d Digit) Uniform() bool { return d.PerCount == [3]uint64{} }

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

// highest returns the largest count the digit lists: AtLeast when it has
// one, else its largest count; −1 for the zero digit.
func (d Digit) highest() int {
	if d.AtLeast > 0 {
		return d.AtLeast
	}
	if d.Counts == 0 {
		return -1
	}
	return 63 - bits.LeadingZeros64(d.Counts)
}

// withMods returns the digit with count i carrying mods[i] (i ≤ highest).
func (d Digit) withMods(mods *[64]Modifier) Digit {
	d.Mod = Plain
	d.PerCount = [3]uint64{}
	for i := 0; i <= d.highest(); i++ {
		if d.Allows(i) && mods[i] != Plain {
			d.PerCount[mods[i]-1] |= 1 << uint(i)
		}
	}
	return d
}

// normalize puts the digit in CGSuite's canonical form: when the counts ≥ 2
// it allows carry one modifier, every count carries it (the digit is
// uniform); otherwise counts 0 and 1 carry none (a modifier changes nothing
// there but for "?" on one heap, see AllowsOneHeap); then an open range
// starts as low as the counts below it allow (the same modifier all the
// way: {2,3+} is {2+}).
func (d Digit) normalize() Digit {
	if d.AtLeast > 0 && d.AtLeast < 64 {
		d.Counts &= (1 << uint(d.AtLeast)) - 1
	}
	top := d.highest()
	if top < 0 {
		return Digit{}
	}
	var mods [64]Modifier
	var effective [4]bool
	kinds := 0
	for i := 0; i <= top; i++ {
		if !d.Allows(i) {
			continue
		}
		mods[i] = d.ModAt(i)
		if i >= 2 || (d.AtLeast > 0 && i == d.AtLeast) {
			if !effective[mods[i]] {
				effective[mods[i]] = true
				kinds++
			}
		}
	}
	switch kinds {
	case 0:
		d.Mod, d.PerCount = Plain, [3]uint64{}
	case 1:
		for m := range effective {
			if effective[m] {
				d.Mod, d.PerCount = Modifier(m), [3]uint64{}
			}
		}
	default:
		mods[0], mods[1] = Plain, Plain
		d = d.withMods(&mods)
	}
	for d.AtLeast > 1 && d.Allows(d.AtLeast-1) && d.ModAt(d.AtLeast-1) == d.ModAt(d.AtLeast) {
		d.AtLeast--
		d.Counts &^= 1 << uint(d.AtLeast)
		for m := range d.PerCount {
			if d.PerCount[m]&(1<<uint(d.AtLeast+1)) != 0 {
				d.PerCount[m] |= 1 << uint(d.AtLeast)
			}
			d.PerCount[m] &^= 1 << uint(d.AtLeast+1)
		}
	}
	return d
}

// digitChars are the single-character digits CGSuite writes, value 0..31.
// Parse also reads W-Z as 32-35.
const digitChars = "0123456789ABCDEFGHIJKLMNOPQRSTUV"

// String writes the digit as CGSuite does: one character 0-9 or A-V for
// counts up to 4 heaps, &n; for larger sets of counts, * for "any number of
// heaps", a brace list {0,1,3+} for open ranges, each followed by the
// digit's modifier; a digit whose counts carry different modifiers lists
// each count with its own ({0,2=,3?+}).
func (d Digit) String() string {
	if d.IsZero() {
		return "0"
	}
	var b strings.Builder
	if !d.Uniform() {
		b.WriteByte('{')
		for i := 0; i <= d.highest(); i++ {
			if !d.Allows(i) {
				continue
			}
			if b.Len() > 1 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(i))
			b.WriteString(d.ModAt(i).String())
		}
		if d.AtLeast > 0 {
			b.WriteByte('+')
		}
		b.WriteByte('}')
		return b.String()
	}
	switch {
	case d.AtLeast == 0 && d.Counts < uint64(len(digitChars)):
		b.WriteByte(digitChars[d.Counts])
	case d.AtLeast == 0:
		b.WriteString("&" + strconv.FormatUint(d.Counts, 10) + ";")
	case d.AtLeast == 1 && d.Counts&1 != 0:
		b.WriteByte('*')
	default:
		b.WriteByte('{')
		for i := 0; i < d.AtLeast; i++ {
			if d.Counts&(1<<uint(i)) != 0 {
				b.WriteString(strconv.Itoa(i) + ",")
			}
		}
		b.WriteString(strconv.Itoa(d.AtLeast) + "+}")
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
	// octal holds the code's octal digits, worked out once when the code
	// is parsed or built (the fast path: the octal engines run them); nil
	// when the game is not an octal game.
	octal []uint8
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
		if d.Mod != Plain || !d.Uniform() {
			return true
		}
	}
	return false
}

// OctalDigits returns the code as octal digits (each 0..7, digit 0 being 0 or
// 4) when it is a finite code without modifiers or brace counts that the
// octal engines can run as it is; ok is false otherwise. Subtraction games
// with a finite set are octal (S(1,2,5) is 0.33003). Parse works the digits
// out once.
func (c Code) OctalDigits() (digits []uint8, ok bool) {
	if c.octal != nil {
		return slices.Clone(c.octal), true
	}
	return c.octalDigits()
}

// FromOctal returns the take-and-break code of octal digits (digits[0] 0 or
// 4, the others 0..7, as OctalDigits gives them).
func FromOctal(digits []uint8) Code {
	c := Code{Digits: make([]Digit, max(len(digits), 1))}
	for j, d := range digits {
		c.Digits[j] = Digit{Counts: uint64(d)}
	}
	return c.normalize().withOctal()
}

// IsOctal reports whether the game is an octal game (OctalDigits).
func (c Code) IsOctal() bool {
	_, ok := c.OctalDigits()
	return ok
}

// octalDigits works out OctalDigits.
func (c Code) octalDigits() ([]uint8, bool) {
	if c.Repeat > 0 {
		return nil, false
	}
	out := make([]uint8, len(c.Digits))
	for j, d := range c.Digits {
		if d.AtLeast > 0 || d.Counts > 7 || d.Mod != Plain || !d.Uniform() {
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

// withOctal returns c with its octal digits worked out.
func (c Code) withOctal() Code {
	c.octal = nil
	if d, ok := c.octalDigits(); ok {
		c.octal = d
	}
	return c
}

// NotOctal says why the game is not an octal game (a front-end whose
// engine runs octal games only puts it in its refusal); "" when it is one.
func (c Code) NotOctal() string {
	if c.IsOctal() {
		return ""
	}
	switch {
	case c.Kind == AllBut:
		return fmt.Sprintf("%s is an all-but subtraction game, not an octal game", c)
	case !c.Finite():
		return fmt.Sprintf("%s repeats digits forever: it is a take-and-break code, not an octal code", c)
	}
	for j, d := range c.Digits {
		switch {
		case d.Mod != Plain || !d.Uniform():
			return fmt.Sprintf("the digit %s of %s has a modifier: it is a take-and-break code, not an octal code", d, c)
		case j == 0 && d.Counts != 0 && d.Counts != 4:
			return fmt.Sprintf("the digit %s before the point is not 0 or 4", d)
		case j > 0 && (d.AtLeast > 0 || d.Counts > 7):
			tokens := "tokens"
			if j == 1 {
				tokens = "token"
			}
			return fmt.Sprintf("the digit %s (removing %d %s) of %s is not an octal digit 0-7: it is a take-and-break code, not an octal code", d, j, tokens, c)
		}
	}
	return fmt.Sprintf("%s is not an octal code", c)
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

// ParseError says why a string is not a game and what is accepted. It is
// the one error every front-end reports for a code it refuses: the
// notation's errors (Parse) and the restrictions of an engine that runs a
// part of the notation only (octal games for Astron's extensions, join
// codes), which set What and Accepted.
type ParseError struct {
	Input  string
	Reason string
	// What names what was expected ("" is "game"), e.g. "join code".
	What string
	// Accepted replaces the summary of the notation (the constant
	// Accepted) when the front-end accepts less.
	Accepted string
}

// Accepted is the one-line summary of the notation used in error messages.
const Accepted = "accepted: a take-and-break code d0.d1d2… (digits 0-9 and A-V, &n; for larger digits, * for any number of heaps, " +
	"brace lists of heap counts such as {2,3}, {0,2+} or {1,2!}; a digit before the point that only splits, e.g. 4 or 8; " +
	"modifiers ! ? = after a digit or a count; […] repeats the final digits forever), e.g. 0.07, 0.B, 4.7, 4!.0, 0.[3], 0.{2+}, 0.*!3; " +
	"or a subtraction game S(1,2,5), or an all-but subtraction game S!(1,3)"

func (e *ParseError) Error() string {
	what, accepted := e.What, e.Accepted
	if what == "" {
		what = "game"
	}
	if accepted == "" {
		accepted = Accepted
	}
	return fmt.Sprintf("invalid %s %q: %s; %s", what, e.Input, e.Reason, accepted)
}

// MaxLength is the longest code Parse reads, in characters: a code names
// the rules, and one longer than this is a mistake (a file pasted in
// place of a code) that the message should not echo back whole.
const MaxLength = 1 << 16

// maxSubtraction bounds the numbers in a subtraction set (they become digit
// positions).
const maxSubtraction = 1 << 16

// Parse reads a take-and-break code in CGSuite's notation, or a subtraction
// game. It accepts:
//
//   - codes d0.d1d2…dk, with ".d1…" short for "0.d1…" and zeros before d0
//     ignored (04.3 is 4.3); each digit is one of
//     0-9 and A-V (value 0..31; lower case is read as upper case, and W-Z
//     as 32..35), &n; (any value n, 0.&32; is 0.{5}), * (any number of
//     heaps, zero included), or a brace list of heap counts such as {2,3}
//     (= C), {2+} (two or more heaps) or {0,1,3+}; a digit may be followed
//     by one modifier: ! (the heaps left are pairwise unequal), ? (not all
//     equal) or = (all equal), and each count of a brace list may carry its
//     own instead ({1,2!}, {0,2?,4?+});
//   - infinite codes: […] around the final digits repeats them forever, as
//     in 0.[3] (Nim), 4.[3] (Lasker's Nim) or 0.1[23];
//   - S(a,b,…): the subtraction game with that set, and S!(a,b,…): the
//     all-but subtraction game that may remove any positive number of tokens
//     except a, b, …; "all-but(a,b)" is read as S!(a,b).
//
// The digit before the point may only split heaps (it may not allow leaving
// nothing or one heap: that would mean a pass). Non-zero digits further left,
// which in CGSuite's notation add tokens (20.017), are refused with an
// explanation. Positions in error messages count characters.
func Parse(s string) (Code, error) {
	in := strings.TrimSpace(s)
	fail := func(format string, a ...any) (Code, error) {
		return Code{}, &ParseError{Input: s, Reason: fmt.Sprintf(format, a...)}
	}
	if in == "" {
		return fail("it is empty")
	}
	if n := utf8.RuneCountInString(in); n > MaxLength {
		return Code{}, &ParseError{Input: string([]rune(in)[:40]) + "…", Reason: fmt.Sprintf("it is %d characters long, more than the %d a code may have", n, MaxLength)}
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
	runes := []rune(in)
	dot := slices.Index(runes, '.')
	if dot < 0 {
		return fail("there is no point")
	}
	before, after := runes[:dot], runes[dot+1:]
	var d0 Digit
	if len(before) > 0 {
		ds, rep, err := parseDigits(before, 0)
		if err != "" {
			return fail("%s", err)
		}
		if rep >= 0 {
			return fail("brackets […] may only repeat the final digits after the point")
		}
		d0 = ds[len(ds)-1].normalize()
		if why := addsTokens(in, ds[:len(ds)-1]); why != "" {
			return fail("%s", why)
		}
		if d0.Allows(0) {
			return fail("the digit %s before the point allows leaving no heap: removing nothing and leaving nothing is not a move", d0)
		}
		if d0.Allows(1) {
			return fail("the digit %s before the point allows leaving one heap, which would be a move that changes nothing (a pass); use a digit that only splits, such as 4 or 8", d0)
		}
	}
	if len(after) == 0 {
		return fail("no digits after the point")
	}
	ds, rep, err := parseDigits(after, dot+1)
	if err != "" {
		return fail("%s", err)
	}
	c := Code{Digits: append([]Digit{d0}, ds...)}
	if rep >= 0 {
		c.Repeat = len(ds) - rep
	}
	return c.normalize().withOctal(), nil
}

// addsTokens explains why a code with non-zero digits left of the digit
// before the point is refused; "" when there are none (04.3 is 4.3).
// additive holds those digits in the order written.
func addsTokens(code string, additive []Digit) string {
	for k, d := range additive {
		if d.normalize().IsZero() {
			continue
		}
		t := len(additive) - k // tokens this digit adds
		tokens := "1 token"
		if t > 1 {
			tokens = fmt.Sprintf("%d tokens", t)
		}
		return fmt.Sprintf("in %s the digit %s left of the digit before the point adds tokens: CGSuite reads it as \"add %s to a heap, then leave %s\". "+
			"nimlab does not compute such games: it finds a heap's value from smaller heaps and proves periods with theorems for games whose moves only take tokens and split heaps, "+
			"and a move that adds tokens breaks both (in 20.017 a heap can grow for ever, so play need not end)",
			code, d.normalize(), tokens, describeCounts(d.normalize()))
	}
	return ""
}

// describeCounts says in words what a digit may leave: "nothing", "one
// heap", "exactly 3 heaps", "one or 2 heaps", "2 or more heaps", with its
// modifier.
func describeCounts(d Digit) string {
	var parts []string
	for i := 0; i <= d.highest(); i++ {
		if !d.Allows(i) {
			continue
		}
		switch {
		case d.AtLeast > 0 && i == d.AtLeast:
			parts = append(parts, fmt.Sprintf("%d or more heaps", i))
		case i == 0:
			parts = append(parts, "nothing")
		case i == 1:
			parts = append(parts, "one heap")
		default:
			parts = append(parts, fmt.Sprintf("%d heaps", i))
		}
	}
	s := strings.Join(parts, " or ")
	if len(parts) == 1 && d.AtLeast == 0 && d.highest() >= 2 {
		s = "exactly " + s
	}
	if d.Uniform() && d.Mod != Plain && d.highest() >= 2 {
		s += map[Modifier]string{Distinct: ", pairwise unequal", NotAllEqual: ", not all equal", AllEqual: ", all equal"}[d.Mod]
	}
	return s
}

// parseDigits reads a run of digits; rep is the index of the first repeated
// digit ([), −1 when there are no brackets. off is the position of s[0] in
// the code, for messages. err is "" on success.
func parseDigits(s []rune, off int) (ds []Digit, rep int, err string) {
	rep = -1
	closed := false
	at := func(i int) int { return off + i + 1 }
	for i := 0; i < len(s); {
		ch := s[i]
		switch {
		case closed:
			return nil, 0, fmt.Sprintf("%q after the closing bracket (character %d): brackets repeat the final digits", string(s[i:]), at(i))
		case ch == '[' && rep >= 0:
			return nil, 0, fmt.Sprintf("a second opening bracket at character %d", at(i))
		case ch == '[':
			rep = len(ds)
			i++
			continue
		case ch == ']' && rep < 0:
			return nil, 0, fmt.Sprintf("a closing bracket without an opening one at character %d", at(i))
		case ch == ']' && rep == len(ds):
			return nil, 0, "empty brackets []"
		case ch == ']':
			closed = true
			i++
			continue
		}
		if _, ok := modifierOf(ch); ok {
			return nil, 0, fmt.Sprintf("modifier %c at character %d does not follow a digit", ch, at(i))
		}
		d, n, e := parseDigit(s[i:], at(i))
		if e != "" {
			return nil, 0, e
		}
		ds = append(ds, d)
		i += n
	}
	if rep >= 0 && !closed {
		return nil, 0, "the opening bracket [ is not closed"
	}
	if len(ds) == 0 {
		return nil, 0, "no digits"
	}
	return ds, rep, ""
}

// parseDigit reads one digit and its modifier at the start of s; n is the
// number of characters read. pos is the position of s[0] in the code, for
// messages.
func parseDigit(s []rune, pos int) (d Digit, n int, err string) {
	d, n, explicit, err := parseDigitValue(s, pos)
	if err != "" || n >= len(s) {
		return d, n, err
	}
	m, ok := modifierOf(s[n])
	if !ok {
		return d, n, ""
	}
	if explicit {
		return d, 0, fmt.Sprintf("modifier %c at character %d follows a brace list whose counts carry their own modifiers (write it on every count, or only after the brace)", s[n], pos+n)
	}
	if n+1 < len(s) {
		if _, two := modifierOf(s[n+1]); two {
			return d, 0, fmt.Sprintf("two modifiers in a row at character %d (one per digit)", pos+n+1)
		}
	}
	d.Mod = m
	return d, n + 1, ""
}

// parseDigitValue reads one digit without its modifier: a character 0-9,
// A-Z (or a-z), *, &n; or a brace list. explicit reports a brace list whose
// counts carry their own modifiers.
func parseDigitValue(s []rune, pos int) (d Digit, n int, explicit bool, err string) {
	ch := s[0]
	switch {
	case ch >= '0' && ch <= '9':
		return Digit{Counts: uint64(ch - '0')}, 1, false, ""
	case ch >= 'A' && ch <= 'Z':
		return Digit{Counts: uint64(ch-'A') + 10}, 1, false, ""
	case ch >= 'a' && ch <= 'z':
		return Digit{Counts: uint64(ch-'a') + 10}, 1, false, ""
	case ch == '*':
		return Digit{Counts: 1, AtLeast: 1}, 1, false, ""
	case ch == '&':
		end := slices.Index(s, ';')
		if end < 0 {
			return d, 0, false, fmt.Sprintf("the digit & at character %d is not closed by ; (write &n; for the digit of value n, e.g. &32; for 0.{5})", pos)
		}
		v, perr := strconv.ParseUint(string(s[1:end]), 10, 64)
		if perr != nil {
			return d, 0, false, fmt.Sprintf("%q at character %d is not a digit value (&n; with n a whole number below 2^64)", string(s[:end+1]), pos)
		}
		return Digit{Counts: v}, end + 1, false, ""
	case ch == '{':
		end := slices.Index(s, '}')
		if end < 0 {
			return d, 0, false, fmt.Sprintf("the brace at character %d is not closed", pos)
		}
		d, explicit, err = parseBrace(s[1:end], pos+1)
		return d, end + 1, explicit, err
	}
	return d, 0, false, fmt.Sprintf("unexpected %q at character %d", string(ch), pos)
}

// parseBrace reads the inside of {…}: heap counts 0..63, each with an
// optional modifier, the largest optionally open-ended (n+: n or more).
// explicit reports whether some count carries a modifier. pos is the
// position of s[0] in the code, for messages.
func parseBrace(s []rune, pos int) (d Digit, explicit bool, err string) {
	if strings.TrimSpace(string(s)) == "" {
		return d, false, ""
	}
	var mods [64]Modifier
	listed := uint64(0)
	open, largest := -1, -1
	parts := strings.Split(string(s), ",")
	for k, raw := range parts {
		v, m, plus, e := parseCount(raw, pos)
		if e != "" {
			return d, false, e
		}
		if plus && k < len(parts)-1 {
			return d, false, fmt.Sprintf("the open-ended count %d+ at character %d is not at the end of the brace list (as in CGSuite, + may only end the list: write {…,%d+})", v, pos, v)
		}
		if m != Plain {
			explicit = true
		}
		if listed&(1<<uint(v)) != 0 && mods[v] != m {
			return d, false, fmt.Sprintf("heap count %d is listed twice with different modifiers in the brace list at character %d", v, pos)
		}
		listed |= 1 << uint(v)
		mods[v] = m
		largest = max(largest, v)
		if plus {
			open = v
		}
		pos += utf8.RuneCountInString(raw) + 1
	}
	if open >= 0 && open != largest {
		return d, false, fmt.Sprintf("the open-ended count %d+ is not the largest count of the brace list (CGSuite reads a final + as \"the largest count or more\": write the counts in order, e.g. {2,%d+})", open, largest)
	}
	d.Counts = listed
	switch {
	case open == 0:
		d.AtLeast = 1
		mods[1] = mods[0]
	case open > 0:
		d.AtLeast = open
		d.Counts &^= 1 << uint(open)
	}
	if !explicit {
		return d, false, ""
	}
	return d.withMods(&mods), true, ""
}

// parseCount reads one count of a brace list as CGSuite writes it: a heap
// count 0..63, then optionally a modifier, then optionally + ("or more"),
// spaces around it allowed. pos is its position, for messages.
func parseCount(raw string, pos int) (v int, m Modifier, plus bool, err string) {
	part := strings.TrimSpace(raw)
	part, plus = strings.CutSuffix(part, "+")
	if n := len(part); n > 0 {
		if mod, ok := modifierOf(rune(part[n-1])); ok {
			m, part = mod, part[:n-1]
		}
	}
	v, perr := strconv.Atoi(part)
	if perr != nil || v < 0 {
		return 0, 0, false, fmt.Sprintf("%q in the brace list at character %d is not a heap count (0, 1, 2, … or n+, each optionally followed by ! ? or =, written before the +)", strings.TrimSpace(raw), pos)
	}
	if v > 63 {
		return 0, 0, false, fmt.Sprintf("heap count %d in the brace list at character %d is above 63 (write 63+ for \"63 or more\" if that is meant)", v, pos)
	}
	return v, m, plus, ""
}

// modifierOf returns the modifier a character writes: ! ? or =.
func modifierOf(ch rune) (Modifier, bool) {
	switch ch {
	case '!':
		return Distinct, true
	case '?':
		return NotAllEqual, true
	case '=':
		return AllEqual, true
	}
	return Plain, false
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
	return subtractionCode(kind, set).withOctal(), nil
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

// normalize puts a TakeBreak code in CGSuite's canonical form: each digit
// normalised, a repeated block of zero digits dropped, trailing zero digits
// of a finite code dropped. A repeated block is kept as written (0.[33] is
// not shortened to 0.[3], 4.00[30] is not rotated to 4.0[03]): CGSuite
// keeps it so, and the names nimlab prints are the names CGSuite prints.
func (c Code) normalize() Code {
	for i := range c.Digits {
		c.Digits[i] = c.Digits[i].normalize()
	}
	if c.Repeat > 0 {
		zero := true
		for _, d := range c.Digits[len(c.Digits)-c.Repeat:] {
			if !d.IsZero() {
				zero = false
			}
		}
		if !zero {
			return c
		}
		c.Digits = c.Digits[:len(c.Digits)-c.Repeat]
		c.Repeat = 0
	}
	for len(c.Digits) > 1 && c.Digits[len(c.Digits)-1].IsZero() {
		c.Digits = c.Digits[:len(c.Digits)-1]
	}
	if len(c.Digits) == 0 {
		c.Digits = []Digit{{}}
	}
	return c
}
