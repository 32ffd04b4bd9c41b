package takebreak

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseCanonical(t *testing.T) {
	cases := []struct{ in, want string }{
		{"0.07", "0.07"},
		{".07", "0.07"},
		{"0.0700", "0.07"},
		{"4.7", "4.7"},
		{"0.b", "0.B"},
		{"0.F", "0.F"},
		{"8.0", "8.0"},
		{"4!.0", "4!.0"},
		{"0.3!", "0.3"}, // a modifier on a digit that never splits does nothing
		{"0.7?", "0.7?"},
		{"0.C=", "0.C="},
		{"0.{2,3}", "0.C"},
		{"0.{1,2,6}", "0.&70;"},
		{"0.&70;", "0.&70;"},
		{"0.W", "0.&32;"},
		{"0.{5}", "0.&32;"},
		{"0.{2+}", "0.{2+}"},
		{"0.{2,3+}", "0.{2+}"},
		{"0.{0+}", "0.*"},
		{"0.{1+}", "0.{1+}"},
		{"0.{0,1+}?", "0.*?"},
		{"0.{2,3,4,5+}", "0.{2+}"},
		{"0.{}", "0.0"},
		{"0.[3]", "0.[3]"},
		{"0.3[3]", "0.3[3]"}, // CGSuite keeps a repeated block as written
		{"0.[33]", "0.[33]"},
		{"0.[37]", "0.[37]"},
		{"0.3[73]", "0.3[73]"},
		{"0.1[0]", "0.1"},
		{"4.[3]", "4.[3]"},
		{"0.1[2!]", "0.1[2]"},
		{"0.[7!]", "0.[7!]"},
		{"{4}.0", "G.0"}, // count 4 is bit 4 = 16 = G
		{"C.0", "C.0"},
		{"S(1,2,5)", "S(1,2,5)"},
		{"s( 5, 2 ,1,1)", "S(1,2,5)"},
		{"S!(1,3)", "S!(1,3)"},
		{"all-but(3,1)", "S!(1,3)"},
		{"S!()", "S!()"},
	}
	for _, tc := range cases {
		c, err := Parse(tc.in)
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, c.String(), tc.in)
		again, err := Parse(c.String())
		require.NoError(t, err, c.String())
		assert.Equal(t, c.String(), again.String(), "round trip of %s", tc.in)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ in, reason string }{
		{"", "empty"},
		{"07", "no point"},
		{"0.", "no digits after the point"},
		{"2.07", "pass"},
		{"*.0", "leaving no heap"},
		{"{1,2}.0", "pass"},
		{"1.07", "leaving no heap"},
		{"20.017", "adds tokens"},
		{"0.{2+,5}", "not at the end of the brace list"},
		{"0.{5,2+}", "not the largest"},
		{"0.{2+?}", "written before the +"},
		{"0." + strings.Repeat("7", MaxLength), "more than the 65536"},
		{"0.{2,2!}", "listed twice"},
		{"0.{2!,3}?", "their own modifiers"},
		{"0.&5", "not closed by ;"},
		{"0.&x;", "not a digit value"},
		{"0.０７", "unexpected \"０\" at character 3"},
		{"0.0$", "unexpected"},
		{"0.{2,3", "not closed"},
		{"0.{x}", "not a heap count"},
		{"0.{70}", "above 63"},
		{"0.[3", "not closed"},
		{"0.3]", "without an opening"},
		{"0.[]", "empty brackets"},
		{"0.[3]1", "after the closing bracket"},
		{"0.!3", "does not follow a digit"},
		{"0.3!?", "two modifiers"},
		{"[4].0", "final digits"},
		{"S()", "empty"},
		{"S(0,1)", "not positive"},
		{"S(1,x)", "not a whole number"},
		{"S1,2", "S(1,2,5)"},
		{"S(1,2", "parentheses"},
	}
	for _, tc := range cases {
		_, err := Parse(tc.in)
		require.Error(t, err, tc.in)
		assert.Contains(t, err.Error(), tc.reason, tc.in)
		assert.Contains(t, err.Error(), "accepted:", tc.in)
	}
}

func TestDigits(t *testing.T) {
	c := MustParse("0.1[23]")
	want := []uint64{0, 1, 2, 3, 2, 3, 2}
	for j, w := range want {
		assert.Equal(t, w, c.Digit(j).Counts, "digit %d", j)
	}
	assert.False(t, c.Finite())
	assert.Equal(t, -1, c.K())
	ab := MustParse("S!(1,3)")
	for j, w := range []uint64{0, 0, 3, 0, 3, 3, 3, 3} {
		assert.Equal(t, w, ab.Digit(j).Counts, "all-but digit %d", j)
	}
	s := MustParse("S(1,2,5)")
	d, ok := s.OctalDigits()
	require.True(t, ok)
	assert.Equal(t, []uint8{0, 3, 3, 0, 0, 3}, d)
	assert.Equal(t, 5, s.K())
	_, ok = MustParse("4!.0").OctalDigits()
	assert.False(t, ok)
	_, ok = MustParse("0.B").OctalDigits()
	assert.False(t, ok)
	assert.Equal(t, 3, MustParse("0.B").MaxHeaps())
	assert.Equal(t, -1, MustParse("0.{2+}").MaxHeaps())
	assert.True(t, MustParse("4!.0").HasModifiers())
}

// optionsByDefinition lists the moves of heap n from the definition: every
// ordered tuple of positive parts, sorted and de-duplicated.
func optionsByDefinition(c Code, n int) []string {
	set := map[string]bool{}
	for j := 0; j <= n; j++ {
		d := c.Digit(j)
		r := n - j
		var rec func(left int, parts []int)
		rec = func(left int, parts []int) {
			if left == 0 {
				i := len(parts)
				if !d.Allows(i) || (j == 0 && i <= 1) {
					return
				}
				s := slices.Clone(parts)
				sort.Ints(s)
				mod := d.ModAt(i)
				if i == 1 && mod == NotAllEqual && s[0] == 1 {
					return // CGSuite: "?" forbids leaving a single heap of one token
				}
				if i >= 2 {
					allEq, distinct := true, true
					for x := 1; x < i; x++ {
						if s[x] != s[0] {
							allEq = false
						}
						if s[x] == s[x-1] {
							distinct = false
						}
					}
					if (mod == Distinct && !distinct) || (mod == NotAllEqual && allEq) || (mod == AllEqual && !allEq) {
						return
					}
				}
				set[fmt.Sprint(j, s)] = true
				return
			}
			for a := 1; a <= left; a++ {
				rec(left-a, append(parts, a))
			}
		}
		rec(r, nil)
	}
	out := []string{}
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func TestOptionsAgainstDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 1))
	codes := []string{"4!.0", "0.8", "0.F?", "0.C=", "0.{2+}", "0.{1,3+}!", "4.[3]", "S(1,2,5)", "S!(2)", "0.[37]", "C?.1",
		"0.*", "0.*!3", "0.*?3", "0.*=", "0.{0,2!,3}", "0.{0,2=,3?+}", "0.{1,2?,3!,4=+}", "0.6?", "0.&100;?", "{2,3!,4?}.*?"}
	mods := "!?= "
	for range 30 {
		var b strings.Builder
		b.WriteString([]string{"0", "4", "8", "C"}[rng.IntN(4)])
		b.WriteByte('.')
		for range 1 + rng.IntN(3) {
			if rng.IntN(3) == 0 { // a brace list, each count with its own modifier
				b.WriteByte('{')
				for i := range 1 + rng.IntN(4) {
					if i > 0 {
						b.WriteByte(',')
					}
					fmt.Fprintf(&b, "%d", i+rng.IntN(2))
					if m := mods[rng.IntN(4)]; m != ' ' {
						b.WriteByte(m)
					}
				}
				if rng.IntN(2) == 0 {
					b.WriteByte('+')
				}
				b.WriteByte('}')
				continue
			}
			b.WriteByte(digitChars[rng.IntN(32)])
			if m := mods[rng.IntN(4)]; m != ' ' {
				b.WriteByte(m)
			}
		}
		codes = append(codes, b.String())
	}
	for _, s := range codes {
		c, err := Parse(s)
		if err != nil {
			assert.Contains(t, err.Error(), "brace list", s) // a random list such as {1,1!}
			continue
		}
		for n := 0; n <= 12; n++ {
			got := []string{}
			seen := map[string]bool{}
			c.ForEachOption(n, func(take int, heaps []int) bool {
				k := fmt.Sprint(take, heaps)
				assert.False(t, seen[k], "%s n=%d: %s listed twice", s, n, k)
				seen[k] = true
				assert.True(t, sort.IntsAreSorted(heaps))
				got = append(got, k)
				return true
			})
			sort.Strings(got)
			require.Equal(t, optionsByDefinition(c, n), got, "%s heap %d", s, n)
		}
	}
}

func TestForEachOptionStops(t *testing.T) {
	calls := 0
	done := MustParse("0.7").ForEachOption(10, func(int, []int) bool { calls++; return false })
	assert.False(t, done)
	assert.Equal(t, 1, calls)
}
