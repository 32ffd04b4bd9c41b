package octal

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/takebreak"
)

// TestValuesUpTo: a result's values continued through its proven period
// (and saltus) or computed further when none is proven are the values the
// definition gives, and the result's own values are left alone.
func TestValuesUpTo(t *testing.T) {
	const upTo = 1500
	for _, tc := range []struct {
		code      string
		max       int
		certified bool
		period    int
		saltus    int
	}{
		{code: "0.07", certified: true, period: 34},            // Dawson's Kayles
		{code: "0.137", certified: true, period: 34},           // Dawson's chess
		{code: "0.[3]", certified: true, period: 1, saltus: 1}, // Nim
		{code: "4.[3]", certified: true, period: 4, saltus: 4}, // Lasker's Nim
		{code: "S!(1,3)", certified: true, period: 2, saltus: 1},
		{code: "0.6", max: 300}, // Officers: no period within 300 heaps
		{code: "0.2[3]", certified: true, period: 1, saltus: 1},
	} {
		t.Run(tc.code, func(t *testing.T) {
			code := NewCode(takebreak.MustParse(tc.code))
			res, err := Solve(context.Background(), code, SolveOptions{Max: tc.max})
			require.NoError(t, err)
			require.Equal(t, tc.certified, res.Certified)
			if tc.certified {
				assert.Equal(t, tc.period, res.Period.Period)
				assert.Equal(t, tc.saltus, res.Period.Saltus)
				assert.NotEmpty(t, res.Period.Proof, "a certified period names its proof")
			}
			require.Less(t, len(res.Values), upTo)
			before := append([]uint16(nil), res.Values...)
			got, err := res.ValuesUpTo(context.Background(), upTo)
			require.NoError(t, err)
			want := toUint16(twoHeapBrute(code.TakeBreak(), upTo))
			assert.Equal(t, want, got)
			if tc.certified {
				for n := range want {
					require.Equal(t, int(want[n]), res.Period.At(res.Values, n), "Period.At(%d)", n)
				}
			}
			assert.Equal(t, before, res.Values, "ValuesUpTo must not modify the result")
			short, err := res.ValuesUpTo(context.Background(), 10)
			require.NoError(t, err)
			assert.Equal(t, got[:11], short)
		})
	}
}

// TestValuesUpToLargestValue: Nim's saltus raises G(n) = n past the largest
// value stored, which is an error rather than a wrapped value.
func TestValuesUpToLargestValue(t *testing.T) {
	res, err := Solve(context.Background(), NewCode(takebreak.MustParse("0.[3]")), SolveOptions{})
	require.NoError(t, err)
	_, err = res.ValuesUpTo(context.Background(), MaxValue+1)
	assert.ErrorContains(t, err, "exceeds 65535")
	v, err := res.ValuesUpTo(context.Background(), MaxValue)
	require.NoError(t, err)
	assert.Equal(t, uint16(MaxValue), v[MaxValue])
}

// TestExactRunContinuesSaltus: an exact run past a proven arithmetic period
// continues it with its saltus (Lasker's Nim: G(4m+1..4m+4) = 4m+1, 4m+2,
// 4m+4, 4m+3).
func TestExactRunContinuesSaltus(t *testing.T) {
	res, err := Solve(context.Background(), NewCode(takebreak.MustParse("4.[3]")), SolveOptions{N: 4000})
	require.NoError(t, err)
	require.Len(t, res.Values, 4001)
	for n := 1; n <= 4000; n++ {
		want := n
		switch n % 4 {
		case 3:
			want = n + 1
		case 0:
			want = n - 1
		}
		require.Equal(t, want, int(res.Values[n]), "G(%d)", n)
	}
}

// TestSolveOptionsHeaps: the one place where "0 means the default" is
// resolved.
func TestSolveOptionsHeaps(t *testing.T) {
	for _, tc := range []struct {
		code string
		opts SolveOptions
		want int
	}{
		{"0.07", SolveOptions{N: 100}, 101},
		{"0.07", SolveOptions{Exact: true}, 1},
		{"0.07", SolveOptions{Max: 500}, 500},
		{"0.07", SolveOptions{}, DefaultMax},
		{"4!.0", SolveOptions{}, DefaultMax},
		{"0.[3]", SolveOptions{}, 1024},
		{"0.6!", SolveOptions{}, GeneralDefaultMax},
		{"0.6!", SolveOptions{Max: 100}, 100},
	} {
		assert.Equal(t, tc.want, tc.opts.Heaps(NewCode(takebreak.MustParse(tc.code))), "%s %+v", tc.code, tc.opts)
	}
}
