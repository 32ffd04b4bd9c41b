package octal

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/takebreak"
)

// TestTailPeriod: the period the end of a sequence shows, against
// sequences built with a known period and preperiod and Dawson's Kayles
// from the definition (period 34; its last irregular value is G(52)).
func TestTailPeriod(t *testing.T) {
	periodic := func(n, p, last int) []uint16 {
		v := make([]uint16, n)
		for i := range v {
			v[i] = uint16(i % p)
		}
		if last >= 0 {
			v[last] = 999
		}
		return v
	}
	kayles := toUint16(twoHeapBrute(NewCode(takebreak.MustParse("0.07")).TakeBreak(), 700))
	for _, tc := range []struct {
		name   string
		values []uint16
		k      int
		ok     bool
		p, n0  int
	}{
		{"period 7 from 1000", periodic(2000, 7, 999), 3, true, 7, 1000},
		{"period 150 from 0", periodic(600, 150, -1), 2, true, 150, 0},
		{"too short to show period 150", periodic(599, 150, -1), 2, false, 0, 0},
		{"too short for the 300-value run", periodic(300, 1, -1), 1, false, 0, 0},
		{"irregular end", periodic(2000, 7, 1990), 3, false, 0, 0},
		{"Dawson's Kayles", kayles, 2, true, 34, 53},
	} {
		got, ok := TailPeriod(tc.values, tc.k)
		require.Equal(t, tc.ok, ok, tc.name)
		if !ok {
			continue
		}
		assert.Equal(t, tc.p, got.Period, tc.name)
		assert.Equal(t, tc.n0, got.Preperiod, tc.name)
		assert.Equal(t, CertificateLength(tc.n0, tc.p, tc.k), got.NeededTo, tc.name)
		assert.False(t, got.Certified, tc.name)
	}
}

// TestProvenPeriod: the period a theorem proves, by the theorem Solve uses
// for the game. Dawson's Kayles from the definition has period 34 from heap
// 53, proven on its first 2·53 + 2·34 + 2 = 176 values and not on fewer;
// S(1,2) (subtraction, moves leave at most one heap) has period 3 from 0 by
// the finite-window theorem; 0.[3] (take any number, leave one heap or none)
// is Nim, proven by the Nim lemma.
func TestProvenPeriod(t *testing.T) {
	kayles := toUint16(twoHeapBrute(NewCode(takebreak.MustParse("0.07")).TakeBreak(), 700))
	subtraction := make([]uint16, 60)
	for n := range subtraction {
		subtraction[n] = uint16(n % 3) // S(1,2): G(n) = n mod 3
	}
	nim := make([]uint16, 50)
	for n := range nim {
		nim[n] = uint16(n)
	}
	for _, tc := range []struct {
		code          string
		values        []uint16
		ok            bool
		p, n0, saltus int
		needed        int
		proof         string
	}{
		{"0.07", kayles, true, 34, 53, 0, 176, ProofGuySmith},
		{"0.07", kayles[:176], true, 34, 53, 0, 176, ProofGuySmith},
		{"0.07", kayles[:175], false, 0, 0, 0, 0, ""},
		{"S(1,2)", subtraction, true, 3, 0, 0, 0, ProofFiniteWindow},
		{"0.[3]", nim, true, 1, 0, 1, 1, ProofNimLemma},
	} {
		code := NewCode(takebreak.MustParse(tc.code))
		got, ok := ProvenPeriod(code, tc.values)
		require.Equal(t, tc.ok, ok, "%s on %d values", tc.code, len(tc.values))
		if !ok {
			assert.Equal(t, Period{}, got, tc.code)
			continue
		}
		assert.True(t, got.Certified, tc.code)
		assert.Equal(t, [3]int{tc.p, tc.n0, tc.saltus}, [3]int{got.Period, got.Preperiod, got.Saltus}, tc.code)
		assert.Equal(t, tc.proof, got.Proof, tc.code)
		if tc.needed > 0 {
			assert.Equal(t, tc.needed, got.NeededTo, tc.code)
		}
		res, err := Solve(context.Background(), code, SolveOptions{})
		require.NoError(t, err, tc.code)
		assert.Equal(t, res.Period.Period, got.Period, "%s: Solve certifies the same period", tc.code)
		assert.Equal(t, res.Period.Proof, got.Proof, "%s: Solve names the same proof", tc.code)
	}
}

// TestFindSaltus: arithmetic periods with saltus ≠ 0 only, and only where
// the values grow; each found period is checked on the values.
func TestFindSaltus(t *testing.T) {
	seq := func(n int, f func(i int) int) []uint16 {
		v := make([]uint16, n)
		for i := range v {
			v[i] = uint16(f(i))
		}
		return v
	}
	for _, tc := range []struct {
		name          string
		values        []uint16
		ok            bool
		p, n0, saltus int
	}{
		{"Nim", seq(300, func(i int) int { return i }), true, 1, 0, 1},
		{"period 3, saltus 1, from 5", seq(600, func(i int) int {
			if i < 5 {
				return 0
			}
			return i%3 + i/3
		}), true, 3, 5, 1},
		{"ordinary period 7", seq(600, func(i int) int { return i % 7 }), false, 0, 0, 0},
		{"growing, no period", seq(600, func(i int) int { return i * i / 50 }), false, 0, 0, 0},
		{"arithmetic under a higher first half", seq(600, func(i int) int {
			if i < 100 {
				return 5000
			}
			return i%4*3 + i/4*2
		}), false, 0, 0, 0},
	} {
		got, ok := FindSaltus(tc.values)
		require.Equal(t, tc.ok, ok, tc.name)
		if !ok {
			continue
		}
		assert.Equal(t, [3]int{tc.p, tc.n0, tc.saltus}, [3]int{got.Period, got.Preperiod, got.Saltus}, tc.name)
		assert.False(t, got.Certified, tc.name)
		for n := got.Preperiod; n+got.Period < len(tc.values); n++ {
			require.Equal(t, int(tc.values[n])+got.Saltus, int(tc.values[n+got.Period]), "%s at %d", tc.name, n)
		}
		if n := got.Preperiod - 1; n >= 0 {
			assert.NotEqual(t, int(tc.values[n])+got.Saltus, int(tc.values[n+got.Period]), "%s: the preperiod is the smallest", tc.name)
		}
	}
}

// TestSeenPeriod: a result's own period when it has one, else the saltus
// its values show.
func TestSeenPeriod(t *testing.T) {
	nim := make([]uint16, 300)
	for n := range nim {
		nim[n] = uint16(n)
	}
	own := Period{Period: 4, Preperiod: 2}
	assert.Equal(t, own, (&Result{Values: nim, Period: own}).SeenPeriod())
	assert.Equal(t, Period{Period: 1, Saltus: 1, NeededTo: 300}, (&Result{Values: nim}).SeenPeriod())
	assert.Equal(t, Period{}, (&Result{Values: make([]uint16, 300)}).SeenPeriod())
}
