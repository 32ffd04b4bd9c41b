package census

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// Game is one member of a family: the code people write and the octal code
// the engine runs (the same for octal codes; S(1,2,5) runs as 0.33003).
type Game struct {
	// Code is the canonical name of the game, the key of its result.
	Code string
	// Octal is what solver/octal computes.
	Octal octal.Code
}

// Family is an ordered list of games, as parsed from a pattern.
type Family struct {
	// Pattern is the pattern the family was parsed from.
	Pattern string
	Games   []Game
}

// FamilyError says why a pattern is not a family.
type FamilyError struct {
	Pattern, Reason string
}

func (e *FamilyError) Error() string {
	return fmt.Sprintf("invalid census family %q: %s; accepted: an octal code pattern such as 0.??? or 4.??? or 0.1?? "+
		"(each ? is every digit 0-7), a hexadecimal pattern such as hex:0.?? or 0.?F (each ? is every digit 0-F), "+
		"S(1..k) for every subtraction set within {1..k} (k ≤ 16), "+
		"or @FILE with one code a line (take-and-break codes such as 0.07, 0.B6, 4!.0, S(1,2,5))", e.Pattern, e.Reason)
}

// maxFamily bounds the number of games a pattern may expand to: 0.?????
// (32 768 codes) is a census; more is almost certainly a typing mistake.
const maxFamily = 1 << 16

// maxSubtractionK bounds S(1..k): 2^16 − 1 subsets.
const maxSubtractionK = 16

// ParseFamily reads a family pattern:
//
//   - an octal code with ? for "every digit": 0.???, 4.???, 0.1?7 (each ?
//     after the point is 0–7; a ? before the point is 0 or 4);
//   - S(1..k): every non-empty subtraction set within {1..k}, run as the
//     octal code with digit 3 at each member (S(1,2,5) is 0.33003);
//   - @FILE: one code a line (blank lines and # comments skipped), read by
//     solver/takebreak's parser: octal codes and finite subtraction games.
//
// Codes are normalised (0.070 is 0.07) and listed once, in pattern order.
func ParseFamily(pattern string) (Family, error) {
	p := strings.TrimSpace(pattern)
	fail := func(format string, args ...any) (Family, error) {
		return Family{}, &FamilyError{Pattern: pattern, Reason: fmt.Sprintf(format, args...)}
	}
	switch {
	case p == "":
		return fail("it is empty")
	case strings.HasPrefix(p, "@"):
		f, err := os.Open(p[1:])
		if err != nil {
			return fail("cannot read the file: %v", err)
		}
		defer f.Close()
		return readCodeList(pattern, f)
	case strings.HasPrefix(strings.ToUpper(p), "S(") && !strings.Contains(p, ","):
		// S(1..k) or S(k); S(1,2,5) is one game. Text that is not a
		// game either (S(), S(0)) is refused for the notation's reason.
		fam, err := subtractionFamily(pattern, p)
		if err != nil {
			if _, gerr := parseGame(p); gerr != nil {
				return Family{}, gerr
			}
		}
		return fam, err
	case strings.HasPrefix(strings.ToLower(p), "hex:"):
		return codePattern(pattern, strings.TrimSpace(p[4:]), true)
	case strings.Contains(p, "?"):
		fam, err := codePattern(pattern, p, strings.ContainsAny(strings.ToUpper(p[strings.IndexByte(p+".", '.'):]), "89ABCDEF"))
		if err != nil {
			// Not a pattern, but maybe one code whose ? is CGSuite's
			// modifier "not all equal" ({2,3?+}, 0.{0,2?,4?+}): a
			// family of one. (0.7? stays the pattern 0.70 … 0.77; the
			// code 0.7? is read from a file, @FILE.)
			g, gerr := parseGame(p)
			if gerr == nil {
				return Family{Pattern: pattern, Games: []Game{g}}, nil
			}
			var fe *FamilyError
			var pe *takebreak.ParseError
			if errors.As(err, &fe) && errors.As(gerr, &pe) {
				return fam, &FamilyError{Pattern: pattern, Reason: fe.Reason + "; read as one code: " + pe.Reason}
			}
		}
		return fam, err
	}
	// A single code is a family of one; a bad one is refused with the
	// notation's own error, as every front-end refuses it.
	g, err := parseGame(p)
	if err != nil {
		return Family{}, err
	}
	return Family{Pattern: pattern, Games: []Game{g}}, nil
}

// ReadFamily reads a family from r, one code a line; name is the pattern
// recorded with the family (e.g. "@codes.txt").
func ReadFamily(name string, r io.Reader) (Family, error) {
	return readCodeList(name, r)
}

func readCodeList(pattern string, r io.Reader) (Family, error) {
	fam := Family{Pattern: pattern}
	seen := map[string]bool{}
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		s := sc.Text()
		if i := strings.IndexByte(s, '#'); i >= 0 {
			s = s[:i]
		}
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		g, err := parseGame(s)
		if err != nil {
			return Family{}, &FamilyError{Pattern: pattern, Reason: fmt.Sprintf("line %d: %v", line, err)}
		}
		if !seen[g.Code] {
			seen[g.Code] = true
			fam.Games = append(fam.Games, g)
		}
		if len(fam.Games) > maxFamily {
			return Family{}, &FamilyError{Pattern: pattern, Reason: fmt.Sprintf("more than %d codes", maxFamily)}
		}
	}
	if err := sc.Err(); err != nil {
		return Family{}, &FamilyError{Pattern: pattern, Reason: err.Error()}
	}
	if len(fam.Games) == 0 {
		return Family{}, &FamilyError{Pattern: pattern, Reason: "the file holds no code"}
	}
	return fam, nil
}

// codePattern expands ? in a code: every digit 0–7 after the point (0–F
// when hex), 0 or 4 before it. The codes are listed with the first ?
// varying slowest. Codes with a digit 8–F are take-and-break games that
// split into up to three heaps (or four: F); solver/octal's general engine
// runs them.
func codePattern(pattern, p string, hex bool) (Family, error) {
	fail := func(format string, args ...any) (Family, error) {
		return Family{}, &FamilyError{Pattern: pattern, Reason: fmt.Sprintf(format, args...)}
	}
	if strings.HasPrefix(p, ".") {
		p = "0" + p
	}
	if strings.IndexByte(p, '.') != 1 {
		return fail("write one digit (0, 4 or ?) before the point")
	}
	choices, reason := patternChoices(p, hex)
	if reason != "" {
		return fail("%s", reason)
	}
	fam := Family{Pattern: pattern}
	seen := map[string]bool{}
	buf := make([]byte, len(choices))
	var walk func(i int) error
	walk = func(i int) error {
		if i == len(choices) {
			g, err := parseGame(string(buf))
			if err != nil {
				return err
			}
			if !seen[g.Code] {
				seen[g.Code] = true
				fam.Games = append(fam.Games, g)
			}
			return nil
		}
		for _, ch := range choices[i] {
			buf[i] = ch
			if err := walk(i + 1); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(0); err != nil {
		return fail("%v", err)
	}
	return fam, nil
}

// patternChoices returns, for each character of the pattern p (one
// character before the point), the characters it stands for; reason says
// what is wrong, or is "".
func patternChoices(p string, hex bool) (choices [][]byte, reason string) {
	total := 1
	for i := 0; i < len(p); i++ {
		if p[i] >= utf8.RuneSelf {
			// Name the character typed and count characters, not bytes
			// ("0.?é" has é at position 2, not a stray 'Ã').
			r, _ := utf8.DecodeRuneInString(p[i:])
			if i == 0 {
				return nil, fmt.Sprintf("%q before the point is not 0, 4 or ?", r)
			}
			return nil, fmt.Sprintf("%q at position %d after the point is not a digit or ?", r, utf8.RuneCountInString(p[2:i])+1)
		}
		c, reason := patternChoice(p[i], i, hex)
		if reason != "" {
			return nil, reason
		}
		choices = append(choices, c)
		if total *= len(c); total > maxFamily {
			return nil, fmt.Sprintf("it expands to more than %d codes", maxFamily)
		}
	}
	return choices, ""
}

// patternChoice returns the characters that the ASCII character ch at
// position i of a pattern stands for: itself, or every digit for ?.
func patternChoice(ch byte, i int, hex bool) ([]byte, string) {
	switch {
	case i == 1:
		return []byte{'.'}, ""
	case ch == '?' && i == 0:
		return []byte("04"), ""
	case ch == '?' && hex:
		return []byte("0123456789ABCDEF"), ""
	case ch == '?':
		return []byte("01234567"), ""
	case i == 0 && ch != '0' && ch != '4':
		return nil, fmt.Sprintf("%q before the point is not 0, 4 or ?", ch)
	case hex && !strings.ContainsRune("0123456789ABCDEFabcdef", rune(ch)):
		return nil, fmt.Sprintf("%q at position %d after the point is neither a hexadecimal digit 0-F nor ?", ch, i-1)
	case !hex && i > 1 && (ch < '0' || ch > '7'):
		return nil, fmt.Sprintf("%q at position %d after the point is neither an octal digit 0-7 nor ?", ch, i-1)
	}
	return []byte{ch}, ""
}

// subtractionFamily expands S(1..k) (also S(k), meaning the same).
func subtractionFamily(pattern, p string) (Family, error) {
	fail := func(format string, args ...any) (Family, error) {
		return Family{}, &FamilyError{Pattern: pattern, Reason: fmt.Sprintf(format, args...)}
	}
	inner, ok := strings.CutSuffix(p[2:], ")")
	if !ok {
		return fail("S( is not closed")
	}
	inner = strings.TrimSpace(inner)
	if rest, ok := strings.CutPrefix(inner, "1.."); ok {
		inner = rest
	}
	k, err := strconv.Atoi(strings.TrimSpace(inner))
	if err != nil || k < 1 || k > maxSubtractionK {
		return fail("S(1..k) needs a whole number k from 1 to %d", maxSubtractionK)
	}
	fam := Family{Pattern: pattern}
	for set := 1; set < 1<<k; set++ {
		fam.Games = append(fam.Games, SubtractionGame(set))
	}
	return fam, nil
}

// SubtractionGame returns the subtraction game whose set has bit j−1 set
// for each j it may remove: its code S(…) in solver/takebreak's spelling and
// the octal code with digit 3 at each member.
func SubtractionGame(set int) Game {
	var members []int
	for j := 1; set>>(j-1) != 0; j++ {
		if set>>(j-1)&1 != 0 {
			members = append(members, j)
		}
	}
	c, err := takebreak.NewSubtraction(members, false)
	if err != nil {
		panic(err) // members are positive and distinct
	}
	return NewGame(c)
}

// NewGame returns the census game of a take-and-break code (read with
// takebreak.Parse, the one parser of the notation): octal codes such as
// 0.07 and 4.7 and finite subtraction games such as S(1,2,5) run on the
// octal engines (the sparse-space engine, the Guy–Smith certificate); every
// other take-and-break game (hexadecimal digits 0.B6, modifiers 4!.0,
// infinite codes 0.[3], all-but subtraction S!(1,3)) runs on solver/octal's
// general engine with its certificates (the generalised Guy–Smith theorem,
// the finite-window theorem, the Nim lemma) or seen periods.
func NewGame(c takebreak.Code) Game {
	digits, ok := c.OctalDigits()
	if !ok || c.Kind == takebreak.AllBut {
		return Game{Code: c.String(), Octal: octal.FromRules(c)}
	}
	oc := octal.Code{Digits: digits}
	for len(oc.Digits) > 1 && oc.Digits[len(oc.Digits)-1] == 0 {
		oc.Digits = oc.Digits[:len(oc.Digits)-1]
	}
	return Game{Code: c.String(), Octal: oc}
}

// parseGame reads one game of a family with takebreak.Parse.
func parseGame(s string) (Game, error) {
	c, err := takebreak.Parse(s)
	if err != nil {
		return Game{}, err
	}
	return NewGame(c), nil
}

// Shard returns the games of share i of n (0 ≤ i < n): the games whose
// position in the family is i modulo n. Dealing the games out in turn
// spreads the expensive ones (which come in runs of neighbouring codes)
// over the shards.
func (f Family) Shard(i, n int) Family {
	out := Family{Pattern: f.Pattern}
	for j, g := range f.Games {
		if j%n == i {
			out.Games = append(out.Games, g)
		}
	}
	return out
}

// ParseShard reads "i/n" with 0 ≤ i < n.
func ParseShard(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(strings.TrimSpace(s), "/")
	if ok {
		i, err1 := strconv.Atoi(strings.TrimSpace(a))
		n, err2 := strconv.Atoi(strings.TrimSpace(b))
		if err1 == nil && err2 == nil && n >= 1 && i >= 0 && i < n {
			return i, n, nil
		}
	}
	return 0, 0, fmt.Errorf("shard %q is not i/n with 0 ≤ i < n (e.g. 0/4, 1/4, 2/4, 3/4)", s)
}

// ShardFromSlurm reads the shard of a Slurm job-array task from the
// environment: SLURM_ARRAY_TASK_ID less SLURM_ARRAY_TASK_MIN (0 when unset)
// out of SLURM_ARRAY_TASK_COUNT. ok is false when the variables are not set.
func ShardFromSlurm(getenv func(string) string) (i, n int, ok bool, err error) {
	id, count := getenv("SLURM_ARRAY_TASK_ID"), getenv("SLURM_ARRAY_TASK_COUNT")
	if id == "" || count == "" {
		return 0, 0, false, nil
	}
	base := 0
	if m := getenv("SLURM_ARRAY_TASK_MIN"); m != "" {
		if base, err = strconv.Atoi(m); err != nil {
			return 0, 0, true, fmt.Errorf("SLURM_ARRAY_TASK_MIN=%q is not a number", m)
		}
	}
	i, err1 := strconv.Atoi(id)
	n, err2 := strconv.Atoi(count)
	if err1 != nil || err2 != nil || n < 1 || i-base < 0 || i-base >= n {
		return 0, 0, true, fmt.Errorf("SLURM_ARRAY_TASK_ID=%s, SLURM_ARRAY_TASK_MIN=%s, SLURM_ARRAY_TASK_COUNT=%s do not give a shard: "+
			"use an array of consecutive indices such as --array=0-7", id, getenv("SLURM_ARRAY_TASK_MIN"), count)
	}
	return i - base, n, true, nil
}
