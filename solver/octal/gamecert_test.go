package octal

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nimlab/nimlab/solver/takebreak"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// allButBrute is the definition of the all-but subtraction game S!(F):
// G(n) = mex{G(m) : 0 ≤ m < n, n−m ∉ F}.
func allButBrute(F []int, n int) []uint16 {
	g := make([]uint16, n)
	for i := range n {
		seen := make([]bool, i+2)
		for m := range i {
			if !slices.Contains(F, i-m) {
				seen[g[m]] = true
			}
		}
		for seen[g[i]] {
			g[i]++
		}
	}
	return g
}

// TestOneHeapTailCertificateHolds certifies arithmetic periods of all-but
// subtraction games from a short prefix of their values (brute force from
// the definition, in the test) and checks each proven claim on values
// computed four times further. The engine's values must be the same.
func TestOneHeapTailCertificateHolds(t *testing.T) {
	sets := [][]int{{1}, {2}, {1, 3}, {2, 3}, {1, 2, 4}, {3, 5, 6}, {2, 5}, {1, 4, 7}}
	rng := rand.New(rand.NewPCG(14, 3))
	for len(sets) < 40 {
		var F []int
		for j := 1; j <= 9; j++ {
			if rng.IntN(3) == 0 {
				F = append(F, j)
			}
		}
		if len(F) > 0 {
			sets = append(sets, F)
		}
	}
	const short, long = 400, 1600
	certified := 0
	for _, F := range sets {
		name := "S!(" + joinInts(F) + ")"
		codeTB, err := takebreak.Parse(name)
		code := NewCode(codeTB)
		require.NoError(t, err, name)
		want := allButBrute(F, long)
		res, err := Solve(context.Background(), code, SolveOptions{N: short - 1})
		require.NoError(t, err, name)
		require.Equal(t, want[:short], res.Values, name)
		p := res.Period
		if !p.Certified {
			continue
		}
		certified++
		require.Equal(t, ProofOneHeapTail, p.Proof, name)
		require.LessOrEqual(t, p.NeededTo, short, name)
		for n := p.Preperiod; n+p.Period < long; n++ {
			require.Equal(t, int(want[n])+p.Saltus, int(want[n+p.Period]), "%s: proven %+v fails at %d", name, p, n)
		}
	}
	t.Logf("%d of %d all-but games certified from %d values", certified, len(sets), short)
	require.GreaterOrEqual(t, certified, len(sets)/2, "too few games certified: the test checks little")
}

func joinInts(xs []int) string {
	s := ""
	for i, x := range xs {
		if i > 0 {
			s += ","
		}
		s += fmt.Sprint(x)
	}
	return s
}

// TestOneHeapTailCertificateRefuses checks that the certificate is not
// given where its conditions fail: a claim with the wrong saltus, values
// changed after the certificate point (a planted wrong claim), a sequence
// that misses a value below the saltus (condition (b) never holds), too few
// values, and games outside its scope (Lasker's Nim 4.[3], 0.[37]).
func TestOneHeapTailCertificateRefuses(t *testing.T) {
	F := []int{1, 3}
	vals := allButBrute(F, 400)
	code := NewCode(takebreak.MustParse("S!(1,3)"))
	p := AnalyzePeriod(code, vals)
	require.True(t, p.Certified, "%+v", p)
	T := 3
	_, ok := CertifyOneHeapTail(vals, T, p.Period, p.Saltus, p.Preperiod)
	require.True(t, ok)
	_, ok = CertifyOneHeapTail(vals, T, p.Period, p.Saltus+1, p.Preperiod)
	assert.False(t, ok, "wrong saltus")
	_, ok = CertifyOneHeapTail(vals, T, p.Period+1, p.Saltus, p.Preperiod)
	assert.False(t, ok, "wrong period")
	planted := slices.Clone(vals)
	planted[len(planted)-3]++
	_, ok = CertifyOneHeapTail(planted, T, p.Period, p.Saltus, p.Preperiod)
	assert.False(t, ok, "a value changed near the end refutes the claim")
	// G(n) = 2n satisfies G(n+1) = G(n) + 2 but never shows the value 1
	double := make([]uint16, 300)
	for n := range double {
		double[n] = uint16(2 * n)
	}
	_, ok = CertifyOneHeapTail(double, 0, 1, 2, 0)
	assert.False(t, ok, "condition (b) fails: 1 is never a value")
	_, ok = CertifyOneHeapTail(vals[:p.NeededTo-1], T, p.Period, p.Saltus, p.Preperiod)
	assert.False(t, ok, "one value fewer than the certificate needs")
	// out of the one-heap certificate's scope: Lasker's Nim splits heaps
	// (the two-heap certificate proves it, gamecert_split_test.go)
	res, err := Solve(context.Background(), NewCode(takebreak.MustParse("4.[3]")), SolveOptions{N: 2000})
	require.NoError(t, err)
	assert.Equal(t, ProofTwoHeapTail, res.Period.Proof)
	assert.Equal(t, 4, res.Period.Saltus)
	_, ok = oneHeapTail(NewCode(takebreak.MustParse("4.[3]")).TakeBreak())
	assert.False(t, ok)
	_, ok = oneHeapTail(NewCode(takebreak.MustParse("0.[37]")).TakeBreak())
	assert.False(t, ok)
	T, ok = oneHeapTail(NewCode(takebreak.MustParse("0.[3]")).TakeBreak())
	assert.True(t, ok)
	assert.Equal(t, 0, T)
	T, ok = oneHeapTail(NewCode(takebreak.MustParse("S!(2,5)")).TakeBreak())
	assert.True(t, ok)
	assert.Equal(t, 5, T)
}

// TestFindArithmeticPeriod: planted periods and arithmetic periods are found
// with their preperiod; a tail too short, or a preperiod over half of the
// values, gives none — the last case (period 7, preperiod 60 % of 2^21
// values) is the one whose every multiple of 7 matches far back, which the
// work bound keeps linear.
func TestFindArithmeticPeriod(t *testing.T) {
	planted := func(n, pre, p, s int) []uint16 {
		v := make([]uint16, n)
		for i := range v {
			if i < pre {
				v[i] = uint16(1000 + i%13*7 + i%5) // irregular, never a continuation
				continue
			}
			v[i] = uint16((i-pre)%p*3 + (i-pre)/p*s)
		}
		if pre > 0 {
			v[pre-1] = 9999
		}
		return v
	}
	for _, c := range []struct {
		name         string
		values       []uint16
		ok           bool
		p, pre, salt int
	}{
		{"period 5 from 40", planted(400, 40, 5, 0), true, 5, 40, 0},
		{"arithmetic 4, saltus 2, from 100", planted(600, 100, 4, 2), true, 4, 100, 2},
		{"arithmetic 1, saltus 1 (Nim)", planted(300, 0, 1, 1), true, 1, 0, 1},
		{"preperiod over half", planted(1000, 600, 7, 0), false, 0, 0, 0},
		{"long preperiod, 2^21 values", planted(1<<21, 6*(1<<21)/10, 7, 0), false, 0, 0, 0},
	} {
		got, ok := FindArithmeticPeriod(c.values)
		require.Equal(t, c.ok, ok, c.name)
		if ok {
			assert.Equal(t, c.p, got.Period, c.name)
			assert.Equal(t, c.pre, got.Preperiod, c.name)
			assert.Equal(t, c.salt, got.Saltus, c.name)
		}
	}
}
