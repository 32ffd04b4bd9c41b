package octal

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/takebreak"
)

// TestCompare checks Compare against the definition: the first heap where
// the two games differ is the one twoHeapBrute finds within 1,500 heaps;
// games that agree there are proven equal exactly when both periods are
// proven with the same growth (0.161 and 0.36, equal in Flammenkamp's
// table, first differ at heap 519).
func TestCompare(t *testing.T) {
	const brute = 1500
	for _, tc := range []struct {
		a, b    string
		opts    SolveOptions
		proven  bool
		checked int // when they agree: the last heap Compare compares
	}{
		{a: "0.161", b: "0.36", opts: SolveOptions{Max: 4096}},
		{a: "0.161", b: "0.36", opts: SolveOptions{N: 100, Exact: true}, checked: 100},
		{a: "4.[3]", b: "4.37[3]", proven: true},
		{a: "0.51", b: "0.55", proven: true},
		{a: "0.07", b: "0.137"},
		{a: "0.07", b: "0.7"},
		{a: "0.[3]", b: "0.2[3]"},
		{a: "0.6[3]", b: "0.2[3]", proven: true},
		{a: "0.07", b: "0.07", proven: true},
	} {
		t.Run(fmt.Sprintf("%s/%s/%d", tc.a, tc.b, tc.opts.N), func(t *testing.T) {
			ctx := context.Background()
			a, b := NewCode(takebreak.MustParse(tc.a)), NewCode(takebreak.MustParse(tc.b))
			res, err := Solve(ctx, a, tc.opts)
			require.NoError(t, err)
			c, err := Compare(ctx, res, b, CompareOptions{N: tc.opts.N, Exact: tc.opts.Exact})
			require.NoError(t, err)
			ga, gb := twoHeapBrute(a.TakeBreak(), brute), twoHeapBrute(b.TakeBreak(), brute)
			first := -1
			for n := range ga {
				if ga[n] != gb[n] {
					first = n
					break
				}
			}
			if first >= 0 && (!tc.opts.Exact || first <= tc.opts.N) {
				require.True(t, c.Differ, "the definition differs at heap %d", first)
				assert.Equal(t, first, c.FirstDiff)
				assert.Equal(t, [2]int{ga[first], gb[first]}, c.Values)
				assert.False(t, c.Proven)
				return
			}
			require.False(t, c.Differ, "differ at %d", c.FirstDiff)
			assert.Equal(t, tc.proven, c.Proven)
			if tc.checked > 0 {
				assert.Equal(t, tc.checked, c.Checked)
			}
		})
	}
}

// TestAgreementNeeded: equal values over the larger preperiod plus a common
// multiple of the periods settle every heap, unless the two grow apart.
func TestAgreementNeeded(t *testing.T) {
	for _, tc := range []struct {
		p, q Period
		want int
	}{
		{Period{Period: 34, Preperiod: 53}, Period{Period: 34, Preperiod: 52}, 53 + 34},
		{Period{Period: 4, Preperiod: 1}, Period{Period: 6, Preperiod: 9}, 9 + 12},
		{Period{Period: 1, Saltus: 1}, Period{Period: 2, Saltus: 2, Preperiod: 3}, 3 + 2},
		{Period{Period: 1, Saltus: 1}, Period{Period: 2, Saltus: 1}, 0},
		{Period{Period: 4, Saltus: 4}, Period{Period: 4}, 0},
	} {
		assert.Equal(t, tc.want, agreementNeeded(tc.p, tc.q), "%+v %+v", tc.p, tc.q)
		assert.Equal(t, tc.want, agreementNeeded(tc.q, tc.p), "%+v %+v", tc.q, tc.p)
	}
}
