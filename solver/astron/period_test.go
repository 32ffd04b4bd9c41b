package astron

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// naiveTwoStar computes G(A_{p,q}) for p, q ≤ n straight from Definition
// 2.1.3, with its own Dawson's Kayles and no code of the package: every
// option is listed (both sides of every split, in both orders), the cells
// are filled by increasing p + q.
func naiveTwoStar(n int) [][]int {
	d := make([]int, 2*n+1)
	for k := range d {
		seen := make([]bool, 64)
		for m := 0; m+2 <= k; m++ {
			seen[d[m]^d[k-2-m]] = true
		}
		for d[k] = 0; seen[d[k]]; d[k]++ {
		}
	}
	g := make([][]int, n+1)
	for p := range g {
		g[p] = make([]int, n+1)
	}
	for q := 0; q <= n; q++ {
		g[0][q], g[q][0] = d[q], d[q]
	}
	seen := make([]bool, 512)
	for s := 2; s <= 2*n; s++ {
		for p := max(1, s-n); p <= min(n, s-1); p++ {
			q := s - p
			clear(seen)
			seen[d[p+q-2]] = true // join
			for _, st := range [][2]int{{p, q}, {q, p}} {
				x, other := st[0], st[1]
				for a := 0; a+2 <= x; a++ {
					b := x - 2 - a
					seen[d[a]^g[b][other]] = true // other beside b
					seen[g[a][other]^d[b]] = true // other beside a
				}
			}
			v := 0
			for seen[v] {
				v++
			}
			g[p][q] = v
		}
	}
	return g
}

func TestPeriods(t *testing.T) {
	ctx := context.Background()
	// One star: Dawson's Kayles, period 34 and preperiod 53, certified
	// (the thesis, Example 1.2.8).
	one, err := BulbPeriod(ctx, AstronRules(), 1, 300, nil)
	require.NoError(t, err)
	assert.Equal(t, 34, one.Period.Period)
	assert.Equal(t, 53, one.Period.Preperiod)
	assert.True(t, one.Period.Certified)
	assert.Equal(t, []int{52}, one.Period.LastIrregular)
	// Guy–Smith needs G(0..2·53+2·34+2−1).
	assert.Equal(t, 175, one.Period.CertificateNeeds)
	short, err := BulbPeriod(ctx, AstronRules(), 1, 174, nil)
	require.NoError(t, err)
	assert.False(t, short.Period.Certified)
	assert.Equal(t, 34, short.Period.Period)

	// Two stars to 1300: period 34 (Theorem 2.2.3), certified.
	two, err := BulbPeriod(ctx, AstronRules(), 2, 1300, nil)
	require.NoError(t, err)
	p := two.Period
	assert.Equal(t, 34, p.Period)
	assert.True(t, p.Certified)
	require.NotNil(t, p.Lower)
	assert.True(t, p.Lower.Certified)
	assert.Equal(t, CertificateSize(p.Preperiod, 34, 2), p.CertificateNeeds)
	require.Len(t, p.LastIrregular, 2)
	assert.Equal(t, p.Preperiod-1, p.LastIrregular[0])
	// Just short of the certificate the same period is only seen.
	seen, err := BulbPeriod(ctx, AstronRules(), 2, p.CertificateNeeds-1, nil)
	require.NoError(t, err)
	assert.False(t, seen.Period.Certified)
	assert.Equal(t, p.Period, seen.Period.Period)
	assert.Equal(t, p.Preperiod, seen.Period.Preperiod)
	assert.Equal(t, 56, two.MaxBySize[len(two.MaxBySize)-1])
}

// TestTwoStarPreperiodRecheck rechecks, with the naive computation above, the
// position behind the preperiod found for two stars (docs/FINDINGS.md): the
// thesis' π = 583 means every index ≥ 584 can be raised by 34, but A_{584,q}
// changes for some q.
func TestTwoStarPreperiodRecheck(t *testing.T) {
	if testing.Short() {
		t.Skip("the naive table to 620 takes a few seconds")
	}
	ctx := context.Background()
	const n = 620
	naive := naiveTwoStar(n)
	tab, err := BuildTable2(ctx, AstronRules(), n, nil)
	require.NoError(t, err)
	for p := 0; p <= n; p++ {
		for q := 0; q <= n; q++ {
			require.Equal(t, naive[p][q], tab.At(p, q), "G(A_{%d,%d})", p, q)
		}
	}
	two, err := BulbPeriod(ctx, AstronRules(), 2, 1300, nil)
	require.NoError(t, err)
	last := two.Period.LastIrregular
	require.Len(t, last, 2)
	x, q := last[0], last[1]
	require.LessOrEqual(t, x+34, n)
	assert.NotEqual(t, naive[x][q], naive[x+34][q], "A_{%d,%d} against A_{%d,%d}", x, q, x+34, q)
	assert.Equal(t, two.Period.IrregularNimbers, []int{naive[x][q], naive[x+34][q]})
	// The thesis' claim would need x ≤ 583.
	assert.Equal(t, 584, x)
}

// TestCertificateNeedsPositivePreperiod: with n0 = 0 the Guy–Smith window is
// too short (docs/FINDINGS.md, octal section). 0.4 starts 0, 0, 0, 1: period
// 1 "from 0" fits G(0..2) but is false.
func TestCertificateNeedsPositivePreperiod(t *testing.T) {
	r := Rules{Octal: octal.NewCode(takebreak.MustParse("0.4")), Join: mustJoin("0.0")}
	g1, err := OneStar(context.Background(), r, 2)
	require.NoError(t, err)
	require.Equal(t, []uint16{0, 0, 0}, g1)
	assert.False(t, OneStarPeriod(g1, r).Certified)
	g1, err = OneStar(context.Background(), r, 400)
	require.NoError(t, err)
	p := OneStarPeriod(g1, r)
	assert.True(t, p.Certified)
	assert.Equal(t, 34, p.Period)
	assert.Equal(t, 54, p.Preperiod)
}
