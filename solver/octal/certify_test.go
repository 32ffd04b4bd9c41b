package octal

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/nimlab/nimlab/solver/takebreak"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSolveCertifiesRecordPeriods checks auto mode on two games whose
// published periods need 10^5–10^6 heaps (Flammenkamp's tables; the issue's
// list): it must find them and stop exactly at the Guy–Smith certificate.
func TestSolveCertifiesRecordPeriods(t *testing.T) {
	tests := []struct {
		code              string
		period, preperiod int
	}{
		{"0.16", 149459, 105351},
		{"0.56", 144, 326640},
	}
	for _, tc := range tests {
		t.Run(tc.code, func(t *testing.T) {
			code := NewCode(takebreak.MustParse(tc.code))
			var last Progress
			res, err := Solve(context.Background(), code, SolveOptions{Progress: func(p Progress) { last = p }})
			require.NoError(t, err)
			require.True(t, res.Certified)
			assert.Equal(t, tc.period, res.Period.Period, "period")
			assert.Equal(t, tc.preperiod, res.Period.Preperiod, "preperiod")
			assert.Equal(t, CertificateLength(tc.preperiod, tc.period, code.K()), len(res.Values), "the run stops at the certificate")
			assert.Positive(t, last.Rare, "progress reports the rare heaps")
			assert.Equal(t, DefaultMax, last.Total)
		})
	}
}

// TestAutoModeStopsAtFirstCertificate compares auto mode with a brute-force
// reading of the definition on random codes: the values are the quadratic
// engine's, and the run ends exactly at the shortest prefix G(0..L−1) in
// which FindPeriod proves a period.
func TestAutoModeStopsAtFirstCertificate(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	const heaps = 3000
	certified := 0
	for i := range 300 {
		code := randomSparseTestCode(rng, i%4 == 3)
		want, err := QuadraticExtend(context.Background(), code, nil, heaps-1, nil)
		require.NoError(t, err)
		res, err := Solve(context.Background(), code, SolveOptions{Max: heaps})
		require.NoError(t, err)
		require.True(t, slicesEqual(want[:len(res.Values)], res.Values), "%s: values differ", code)
		// The first prefix that proves any period.
		first := 0
		for l := 1; l <= heaps; l++ {
			if _, ok := FindPeriod(want[:l], code.K()); ok {
				first = l
				break
			}
		}
		if !res.Certified {
			assert.Zero(t, first, "%s: a period is proven by G(0..%d) but auto mode missed it", code, first-1)
			assert.Len(t, res.Values, heaps)
			continue
		}
		certified++
		p, ok := FindPeriod(res.Values, code.K())
		require.True(t, ok)
		assert.Equal(t, p, res.Period, "%s", code)
		assert.Equal(t, res.Period.NeededTo, len(res.Values), "%s", code)
		assert.Equal(t, first, len(res.Values), "%s: the first certificate is at %d", code, first)
	}
	assert.Greater(t, certified, 150, "most random codes should certify within %d heaps", heaps)
}

// TestExactModeSparseEqualsQuadratic runs exact mode with both engines.
func TestExactModeSparseEqualsQuadratic(t *testing.T) {
	for _, c := range []string{"0.6", "0.1777", "4.7", "0.354"} {
		code := NewCode(takebreak.MustParse(c))
		sparse, err := Solve(context.Background(), code, SolveOptions{N: 20000})
		require.NoError(t, err)
		quad, err := Solve(context.Background(), code, SolveOptions{N: 20000, Engine: QuadraticExtend})
		require.NoError(t, err)
		assert.True(t, slicesEqual(quad.Values, sparse.Values), "%s differs at %d", c, firstDifference(quad.Values, sparse.Values))
		assert.Equal(t, quad.Period, sparse.Period)
	}
}

// TestOEIS1777 checks the first values of 0.1777 against OEIS A071509
// (offset 1: a(1) = G(1)).
func TestOEIS1777(t *testing.T) {
	a071509 := []uint16{1, 1, 2, 2, 3, 4, 1, 1, 6, 6, 3, 2, 2, 1, 1, 6, 6, 8, 4, 4, 5, 10, 1, 1, 8, 3, 3, 4, 4, 7, 6, 6, 8, 8,
		4, 1, 1, 6, 7, 8, 4, 4, 5, 10, 8, 1, 1, 15, 5, 4, 4, 7, 6, 6, 1, 1, 4, 3, 3, 6, 1, 1, 4, 4, 3, 8, 8,
		1, 1, 10, 14, 8, 4, 13, 6, 6, 1, 1, 8, 3, 3, 13, 1, 1, 6}
	got, err := SparseExtend(context.Background(), NewCode(takebreak.MustParse("0.1777")), nil, len(a071509), nil)
	require.NoError(t, err)
	assert.Equal(t, a071509, got[1:])
}

func TestPrimeFactors(t *testing.T) {
	assert.Equal(t, []int{2, 3}, primeFactors(12))
	assert.Equal(t, []int{149459}, primeFactors(149459))
	assert.Equal(t, []int{3, 5, 1347127}, primeFactors(60620715)) // 3² · 5 · 1347127
}

// TestLookForCandidatesEqualsScan compares the hashed look for candidates
// with the test of every p one at a time (scanCandidates, the definition),
// on random sequences with planted periods of every size (short, around
// hashMinPeriod, up to n/2), planted near-periods that break at random
// places, and long runs of one value (many equal windows).
func TestLookForCandidatesEqualsScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 3))
	found := 0
	for trial := range 400 {
		n := 1024 + rng.IntN(6000)
		k := rng.IntN(4)
		alphabet := 1 + rng.IntN(4)
		if trial%3 == 0 {
			alphabet = 20
		}
		values := make([]uint16, n)
		for i := range values {
			values[i] = uint16(rng.IntN(alphabet))
		}
		switch trial % 5 {
		case 0, 1: // a period from some heap on, maybe broken once
			p := 1 + rng.IntN(n/2)
			if trial%10 == 0 {
				p = hashMinPeriod - 3 + rng.IntN(7)
			}
			from := rng.IntN(n)
			for i := max(from, p); i < n; i++ {
				values[i] = values[i-p]
			}
			if trial%5 == 1 && n > from+1 {
				values[from+rng.IntN(n-from)]++
			}
		case 2: // a run of one value
			from := rng.IntN(n)
			for i := from; i < n; i++ {
				values[i] = 7
			}
		case 3: // several periods: a square of squares
			p := 1 + rng.IntN(n/8)
			for i := p; i < n; i++ {
				if rng.IntN(200) != 0 {
					values[i] = values[i-p]
				}
			}
		}
		var want, got certifier
		want.k, got.k = k, k
		want.scanCandidates(values, 1, n)
		// The hashes are kept across looks: look at a shorter prefix first.
		got.lookForCandidates(values[:n-rng.IntN(n/3)])
		got.lookForCandidates(values)
		require.Equal(t, append([]candidate{}, want.cands...), append([]candidate{}, got.cands...), "trial %d (n %d, k %d)", trial, n, k)
		found += len(want.cands)
	}
	assert.Greater(t, found, 400, "the trials should find many candidates")
}
