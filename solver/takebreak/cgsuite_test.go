package takebreak

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cgsuiteNormalizations are the pairs of CGSuite's own notation test
// (TBCodeTest.scala in aaron-siegel/cgsuite, lib/core/src/test/scala/org/
// cgsuite/core/impartial/): a code as typed and the name CGSuite prints.
var cgsuiteNormalizations = []struct{ in, want string }{
	{"04.30", "4.3"},
	{"04.00[30]", "4.00[30]"},
	{"04.00[00]", "4.0"},
	{"00.00[00]", "0.0"},
	{"0.{1,2!}", "0.6!"},
	{"0.{0!,2!,3!}", "0.D!"},
	{"0.{0!,2!,3}", "0.{0,2!,3}"},
	{"0.{0!,2!,3!+}", "0.{0,2+}!"},
	{"0.{0!,2,3!+}", "0.{0,2,3!+}"},
	{"0.{0!,3+}", "0.{0,3+}"},
	{"0.{0,2!,4!+}", "0.{0,2,4+}!"},
	{"0.{0!,2!,4+}", "0.{0,2!,4+}"},
	{"0.{0!,2!,4?+}", "0.{0,2!,4?+}"},
	{"0.{0!,2?,4?+}", "0.{0,2,4+}?"},
	{"0.{0!,2=,4?+}", "0.{0,2=,4?+}"},
	{"0.{0!,2=,3?,4?+}", "0.{0,2=,3?+}"},
	{"0.{0!,2?,3?,4?+}", "0.{0,2+}?"},
	{"0.{0,1!,2,3,4+}", "0.*"},
	{"0.{0,1,2!,3!,4!+}", "0.*!"},
}

// cgsuiteOptions are the option lists of the same test: the options of a
// heap, in CGSuite's order, each written as its heaps joined by commas ("-"
// for none), separated by two spaces.
var cgsuiteOptions = []struct {
	code string
	heap int
	want string
}{
	{"0.3", 9, "8"},
	{"0.7", 9, "8  1,7  2,6  3,5  4,4"},
	{"0.77", 9, "8  1,7  2,6  3,5  4,4  7  1,6  2,5  3,4"},
	{"4.0", 8, "1,7  2,6  3,5  4,4"},
	{"4!.0", 8, "1,7  2,6  3,5"},
	{"0.3F", 9, "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3"},
	{"0.3F?", 9, "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3"},
	{"0.3F!", 9, "8  7  1,6  2,5  3,4  1,2,4"},
	{"0.3f", 11, "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4  3,3,3"},
	{"0.3f?", 11, "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4"},
	{"0.3f!", 11, "10  9  1,8  2,7  3,6  4,5  1,2,6  1,3,5  2,3,4"},
	{"0.*3", 7, "6  1,5  2,4  3,3  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  1,1,1,1,1,1  5"},
	{"0.*?3", 7, "6  1,5  2,4  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2  5"},
	{"0.*!3", 7, "6  1,5  2,4  1,2,3  5"},
	{"0.[3]", 7, "6  5  4  3  2  1  -"},
	{"0.[2]", 7, "6  5  4  3  2  1"},
	{"0.3[1]", 7, "6  -"},
	{"0.7[03]", 7, "6  1,5  2,4  3,3  4  2  -"},
	{"80.0", 7, "1,1,6  1,2,5  1,3,4  2,2,4  2,3,3"}, // adds a token: refused
	{"0.*=", 11, "10  5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1"},
	{"{2+}=.0", 10, "5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1"},
	{"0.{0,1,3+}", 1, "-"},
	{"0.{0,1,3+}", 2, "1"},
	{"0.{0,1,3+}", 7, "6  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  1,1,1,1,1,1"},
	{"0.{1,3+}", 1, ""},
	{"0.{2,3?+}", 7, "1,5  2,4  3,3  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2"},
}

// TestCGSuiteNormalization: every pair of CGSuite's test prints as CGSuite
// prints it, and the name parses back to itself.
func TestCGSuiteNormalization(t *testing.T) {
	for _, tc := range cgsuiteNormalizations {
		c, err := Parse(tc.in)
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, c.String(), tc.in)
		again, err := Parse(c.String())
		require.NoError(t, err, c.String())
		assert.Equal(t, tc.want, again.String(), "round trip of %s", tc.in)
	}
}

// TestCGSuiteOptions: every option list of CGSuite's test, in its order and
// format; the code that adds tokens is refused with an explanation.
func TestCGSuiteOptions(t *testing.T) {
	for _, tc := range cgsuiteOptions {
		c, err := Parse(tc.code)
		if strings.HasPrefix(tc.code, "80.") {
			require.Error(t, err, tc.code)
			assert.Contains(t, err.Error(), "adds tokens")
			assert.Contains(t, err.Error(), `"add 1 token to a heap, then leave exactly 3 heaps"`)
			continue
		}
		require.NoError(t, err, tc.code)
		var got []string
		for _, o := range c.Options(tc.heap) {
			got = append(got, o.String())
		}
		assert.Equal(t, tc.want, strings.Join(got, "  "), "%s heap %d", tc.code, tc.heap)
	}
}

// cgsuiteDigitName is CGSuite's digit normalisation and naming
// (Digit.apply and Digit.toString in TBCode.scala) transcribed as written
// there, on its own representation: one constraint per heap count (-1 for
// a count not allowed, else a Modifier), the last repeated for every larger
// count when allowMore. It is the oracle of TestCGSuiteDigitNames.
func cgsuiteDigitName(cons []int, allowMore bool) string {
	return cgsuiteDigitString(cgsuiteDigitApply(cons, allowMore), allowMore)
}

// cgsuiteDisallowed is CGSuite's DigitConstraint.Disallowed in the
// representation of cgsuiteDigitName.
const cgsuiteDisallowed = -1

// cgsuiteDigitApply is CGSuite's Digit.apply: trailing disallowed counts
// dropped, padded to four counts when allowMore, one constraint for every
// count when the counts ≥ 2 carry one, else none on counts 0 and 1, then an
// open range trimmed to start where its constraint starts.
func cgsuiteDigitApply(cons []int, allowMore bool) []int {
	last := -1
	for i, c := range cons {
		if c != cgsuiteDisallowed {
			last = i
		}
	}
	cons = cons[:last+1]
	for allowMore && len(cons) < 4 {
		cons = append(cons, cons[len(cons)-1])
	}
	effective := map[int]bool{}
	for i, c := range cons {
		if i >= 2 && c != cgsuiteDisallowed {
			effective[c] = true
		}
	}
	norm := make([]int, len(cons))
	for i, c := range cons {
		switch {
		case c == cgsuiteDisallowed:
			norm[i] = c
		case len(effective) == 1:
			for m := range effective {
				norm[i] = m
			}
		case i <= 1:
			norm[i] = int(Plain)
		default:
			norm[i] = c
		}
	}
	if !allowMore {
		return norm
	}
	lastMatching := -1
	for i, c := range norm {
		if c != norm[len(norm)-1] {
			lastMatching = i
		}
	}
	return norm[:lastMatching+2]
}

// cgsuiteDigitString is CGSuite's Digit.toString of a normalised digit.
func cgsuiteDigitString(norm []int, allowMore bool) string {
	if len(norm) == 0 {
		return "0"
	}
	lastC := norm[len(norm)-1]
	consistent := true
	for _, c := range norm {
		consistent = consistent && (c == lastC || c == cgsuiteDisallowed)
	}
	mod := func(c int) string { return Modifier(c).String() }
	switch {
	case consistent && !allowMore:
		v := uint64(0)
		for i, c := range norm {
			if c != cgsuiteDisallowed {
				v |= 1 << uint(i)
			}
		}
		if v < 32 {
			return string(digitChars[v]) + mod(lastC)
		}
		return fmt.Sprintf("&%d;", v) + mod(lastC)
	case consistent && len(norm) == 1:
		return "*" + mod(lastC)
	case consistent:
		var parts []string
		for i, c := range norm {
			if c == lastC {
				parts = append(parts, strconv.Itoa(i))
			}
		}
		return "{" + strings.Join(parts, ",") + "+}" + mod(lastC)
	}
	var parts []string
	for i, c := range norm {
		if c != cgsuiteDisallowed {
			parts = append(parts, strconv.Itoa(i)+mod(c))
		}
	}
	plus := ""
	if allowMore {
		plus = "+"
	}
	return "{" + strings.Join(parts, ",") + plus + "}"
}

// TestCGSuiteDigitNames: random brace lists (counts 0-6, each with its own
// modifier or one after the brace, open-ended or not), single-character and
// &n; digits with a modifier, and *, are named as CGSuite's normalisation
// names them.
func TestCGSuiteDigitNames(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 3))
	mods := []string{"", "!", "?", "="}
	for range 5000 {
		var typed, want string
		switch k := rng.IntN(10); {
		case k < 2: // a character or &n; with one modifier
			v := 1 + rng.IntN(45)
			m := rng.IntN(4)
			typed = "&" + strconv.Itoa(v) + ";"
			if v < 32 {
				typed = string(digitChars[v])
			}
			typed += mods[m]
			cons := make([]int, 0, 6)
			for i := 0; v>>i != 0; i++ {
				if v>>i&1 != 0 {
					cons = append(cons, m)
				} else {
					cons = append(cons, -1)
				}
			}
			want = cgsuiteDigitName(cons, false)
		case k < 3:
			m := rng.IntN(4)
			typed, want = "*"+mods[m], cgsuiteDigitName([]int{m}, true)
		default:
			perCount := rng.IntN(2) == 0
			global := 0
			if !perCount {
				global = rng.IntN(4)
			}
			cons := []int{}
			var parts []string
			for c := range 7 {
				if rng.IntN(2) == 0 {
					continue
				}
				m := global
				if perCount {
					m = rng.IntN(4)
				}
				for len(cons) < c {
					cons = append(cons, -1)
				}
				cons = append(cons, m)
				parts = append(parts, strconv.Itoa(c)+mods[m*btoi(perCount)])
			}
			if len(parts) == 0 {
				continue
			}
			open := rng.IntN(2) == 0
			typed = "{" + strings.Join(parts, ",")
			if open {
				typed += "+"
			}
			typed += "}" + mods[global]
			want = cgsuiteDigitName(cons, open)
		}
		c, err := Parse("0." + typed)
		require.NoError(t, err, typed)
		require.Equal(t, "0."+want, c.String(), "typed 0.%s", typed)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestCGSuiteDifferences holds nimlab to each deliberate difference from
// CGSuite's reader of the notation (TBCode.parse in TBCode.scala, read, not
// run), as the README lists them: what CGSuite reads, nimlab reads the
// same way except in these rows. cgsuite says what CGSuite does; want is
// nimlab's canonical name, or the reason it refuses (refused true).
func TestCGSuiteDifferences(t *testing.T) {
	for _, tc := range []struct {
		code, cgsuite, want string
		refused             bool
	}{
		// nimlab reads more.
		{".07", "refuses: a digit before the point is required", "0.07", false},
		{"0.W", "refuses: one-character digits are 0-9 and A-V", "0.&32;", false},
		{" 0.{ 1 , 2 } ", "refuses spaces", "0.6", false},
		{"0.{}", "refuses an empty brace list", "0.0", false},
		{"0.&9223372036854775808;", "refuses &n; above 2^63-1", "0.&9223372036854775808;", false},
		{"S(1,2,5)", "writes it TakeAndBreak.fromSubtractionSet, not in the notation", "S(1,2,5)", false},
		{"S!()", "refuses an empty all-but set", "S!()", false},
		// nimlab refuses what CGSuite reads.
		{"20.017", "adds a token to a heap", "adds tokens", true},
		{"2.0", "a move that leaves the heap as it was (a pass)", "a pass", true},
		{"1.0", "removing nothing and leaving nothing (from an empty heap)", "leaving no heap", true},
		{"0.", "0.0", "no digits after the point", true},
		{"4.", "4.0", "no digits after the point", true},
		{"0.{3,2+}", "0.{2+} (+ on the largest count, whatever the order)", "not the largest", true},
		{"0.&-5;", "a negative digit value", "not a digit value", true},
		{"0.\u0131", "0.I (Java's upper case of the dotless i)", "unexpected", true},
		{"0." + strings.Repeat("7", MaxLength), "0.777…", "more than the 65536", true},
	} {
		c, err := Parse(tc.code)
		if tc.refused {
			require.Error(t, err, "%q (CGSuite: %s)", tc.code, tc.cgsuite)
			assert.Contains(t, err.Error(), tc.want, tc.code)
			continue
		}
		require.NoError(t, err, "%q (CGSuite: %s)", tc.code, tc.cgsuite)
		assert.Equal(t, tc.want, c.String(), tc.code)
	}
	// Where the notation is shared the games are CGSuite's: its ? forbids
	// leaving a single heap of one token, so from a heap of 2 in 0.6? no
	// move leaves the heap of 1 that 0.6 leaves, and G(2) is 0, not 1.
	assert.Empty(t, MustParse("0.6?").Options(2))
	assert.Len(t, MustParse("0.6").Options(2), 1)
}
