package octal

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/takebreak"
)

// TestEquivalent checks Equivalent against the definition: the codes it
// lists are exactly the family members whose values (twoHeapBrute) agree
// with the game's on G(0..Checked), and a member it calls proven agrees
// with it on 1,200 heaps too.
func TestEquivalent(t *testing.T) {
	const brute = 1200
	for _, tc := range []struct {
		code   string
		family func(Code) []takebreak.Code
		want   []string // a member the published tables or the definition give
	}{
		{code: "0.51", family: octalFamily, want: []string{"0.55"}}, // G = 0,1,1,1,…
		{code: "0.07", family: octalFamily},
		{code: "0.6[3]", family: rulesFamily, want: []string{"0.2[3]"}},
		{code: "S(1,2,5)", family: rulesFamily, want: []string{"S(1,2)"}},
		{code: "S!(1,3)", family: rulesFamily, want: []string{"S!(1)"}},
	} {
		t.Run(tc.code, func(t *testing.T) {
			ctx := context.Background()
			code := NewCode(takebreak.MustParse(tc.code))
			res, err := Solve(ctx, code, SolveOptions{})
			require.NoError(t, err)
			calls := 0
			e, err := Equivalent(ctx, res, func(done, total int) { calls++ })
			require.NoError(t, err)
			require.Len(t, e.Proven, len(e.Codes))
			assert.Positive(t, calls)
			want := twoHeapBrute(code.TakeBreak(), brute)
			var agree []string
			for _, m := range tc.family(code) {
				if m.String() == code.TakeBreak().String() {
					continue
				}
				// most members differ within a few heaps: the full
				// definition (cubic) runs only for the others
				if head := min(64, e.Checked); !slices.Equal(twoHeapBrute(m, head), want[:head+1]) {
					assert.NotContains(t, e.Codes, FromRules(m).String())
					continue
				}
				g := twoHeapBrute(m, brute)
				if slices.Equal(g[:e.Checked+1], want[:e.Checked+1]) {
					agree = append(agree, FromRules(m).String())
				}
				if i := slices.Index(e.Codes, FromRules(m).String()); i >= 0 && e.Proven[i] {
					assert.Equal(t, want, g, "%s is proven equal to %s", m, code)
				}
			}
			assert.ElementsMatch(t, agree, e.Codes)
			for _, w := range tc.want {
				assert.Contains(t, e.Codes, w)
			}
		})
	}
}

// octalFamily is every code with as many digits as c and the same digit
// before the point.
func octalFamily(c Code) []takebreak.Code {
	var out []takebreak.Code
	var rec func(s string, left int)
	rec = func(s string, left int) {
		if left == 0 {
			out = append(out, takebreak.MustParse(s))
			return
		}
		for d := range 8 {
			rec(s+fmt.Sprint(d), left-1)
		}
	}
	rec(fmt.Sprintf("%d.", c.Digits[0]), c.K())
	return out
}

func rulesFamily(c Code) []takebreak.Code {
	fam, err := takebreak.Family(*c.Rules, EquivalentFamilyLimit)
	if err != nil {
		panic(err)
	}
	return fam
}

// TestCheckEquivalent: the families Equivalent refuses, before any run.
func TestCheckEquivalent(t *testing.T) {
	for _, tc := range []struct {
		code, err string
	}{
		{"0.07", ""},
		{"S(1,2,5)", ""},
		{"0.123456", "at most 5"},
		{"4!.0", "modifier"},
		{"0.3F7F", "more than the 4096 accepted"},
	} {
		err := CheckEquivalent(NewCode(takebreak.MustParse(tc.code)))
		if tc.err == "" {
			assert.NoError(t, err, tc.code)
		} else {
			assert.ErrorContains(t, err, tc.err, tc.code)
		}
	}
}
