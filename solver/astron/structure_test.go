package astron

import (
	"context"
	"math/rand/v2"
	"testing"
)

func TestFindSequencePeriods(t *testing.T) {
	// A planted plain period 7 from n = 11, an arithmetic period
	// (+3 every 5) from n = 4 and an XOR period (⊕ 8 every 6) from 0.
	rng := rand.New(rand.NewPCG(1, 2))
	base := make([]uint16, 20)
	for i := range base {
		base[i] = uint16(rng.IntN(8))
	}
	plain := make([]uint16, 300)
	add := make([]uint16, 300)
	xor := make([]uint16, 300)
	for n := range plain {
		plain[n] = uint16(100 + rng.IntN(50))
		if n >= 11 {
			plain[n] = base[(n-11)%7]
		}
		add[n] = uint16(200 + rng.IntN(50))
		if n >= 4 {
			add[n] = base[(n-4)%5] + uint16(3*((n-4)/5))
		}
		xor[n] = base[n%6] ^ uint16(8*((n/6)%2))
	}
	got := FindSequencePeriods(plain)
	if p := got.Plain; p == nil || p.Period != 7 || p.Preperiod != 11 {
		t.Errorf("plain: %v, want period 7 from 11", p)
	}
	if got.Additive != nil || got.Xor != nil {
		t.Errorf("plain sequence: additive %v, XOR %v, want none", got.Additive, got.Xor)
	}
	got = FindSequencePeriods(add)
	if p := got.Additive; p == nil || p.Period != 5 || p.Shift != 3 || p.Preperiod != 4 {
		t.Errorf("additive: %v, want +3 every 5 from 4", p)
	}
	if got.Plain != nil {
		t.Errorf("arithmetic sequence has plain period %v", got.Plain)
	}
	got = FindSequencePeriods(xor)
	if p := got.Xor; p == nil || p.Period != 6 || p.Shift != 8 || p.Preperiod != 0 {
		t.Errorf("XOR: %v, want ⊕8 every 6 from 0", p)
	}
	// An XOR period τ implies the plain period 2τ.
	if p := got.Plain; p == nil || p.Period != 12 {
		t.Errorf("XOR sequence: plain %v, want 12", p)
	}
	noise := make([]uint16, 1000)
	for i := range noise {
		noise[i] = uint16(rng.IntN(300))
	}
	got = FindSequencePeriods(noise)
	if got.Plain != nil || got.Additive != nil || got.Xor != nil {
		t.Errorf("noise: %v %v %v, want nothing", got.Plain, got.Additive, got.Xor)
	}
}

// syntheticCube fills a cube from a function of the sorted triple.
func syntheticCube(n int, f func(p, q, r int) int) *Cube3 {
	c := &Cube3{N: n, v: make([]uint16, CubeCells(n)), Rules: AstronRules()}
	for r := 0; r <= n; r++ {
		for q := 0; q <= r; q++ {
			for p := 0; p <= q; p++ {
				v := f(p, q, r)
				c.v[cubeIndex(p, q, r)] = uint16(v)
				c.max = max(c.max, v)
			}
		}
	}
	return c
}

func TestStudyCubeSynthetic(t *testing.T) {
	ctx := context.Background()
	const n = 120
	// Planted: the nimber depends on the largest star through a pattern
	// of period 9 plus 4 for every 9 (an arithmetic period along every
	// row), and on the smaller stars.
	pattern := []int{3, 1, 4, 1, 5, 9, 2, 6, 5}
	arith := syntheticCube(n, func(p, q, r int) int { return pattern[r%9] + 4*(r/9) + (p^q)%3 })
	st, err := StudyCube(ctx, arith, Period{}, StudyOptions{RowPairs: 20})
	if err != nil {
		t.Fatal(err)
	}
	rows := st.Families[0]
	if rows.Additive != rows.Lines || rows.Plain != 0 {
		t.Errorf("arithmetic cube rows: %d of %d additive, %d plain", rows.Additive, rows.Lines, rows.Plain)
	}
	if c := rows.Common[0]; c.Form != "additive" || c.Period != 9 || c.Shift != 4 || c.Lines != rows.Lines {
		t.Errorf("arithmetic cube: most common %+v", c)
	}
	if g := st.Growth; g.Slope < 0.4 || g.Slope > 0.5 {
		t.Errorf("growth slope %.3f, want 4/9", g.Slope)
	}
	// Planted plain period 9 in the largest star.
	plain := syntheticCube(n, func(p, q, r int) int { return pattern[r%9] + (p^q)%3 })
	st, err = StudyCube(ctx, plain, Period{Period: 9}, StudyOptions{RowPairs: 20})
	if err != nil {
		t.Fatal(err)
	}
	rows = st.Families[0]
	if rows.Plain != rows.Lines || rows.Additive != 0 || rows.PeriodsMultipleOfTwoStar != rows.Lines {
		t.Errorf("periodic cube rows: %+v", rows)
	}
	// Noise: nothing anywhere.
	rng := rand.New(rand.NewPCG(3, 4))
	noise := syntheticCube(n, func(p, q, r int) int { return rng.IntN(200) })
	st, err = StudyCube(ctx, noise, Period{}, StudyOptions{RowPairs: 20, DiagonalOffsets: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range st.Families {
		if f.Plain+f.Additive+f.Xor != 0 {
			t.Errorf("noise, %s: %d plain, %d additive, %d XOR", f.Family, f.Plain, f.Additive, f.Xor)
		}
	}
}

func TestStudyCubeAstron(t *testing.T) {
	ctx := context.Background()
	c, err := BuildCube3(ctx, AstronRules(), 60, CubeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := StudyCube(ctx, c, Period{Period: 34, Preperiod: 585, Certified: true}, StudyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// The largest nimbers of the issue: 47 at N = 60.
	if got := st.Growth.MaxBySize[60]; got != 47 {
		t.Errorf("max at 60 = %d, want 47", got)
	}
	// G(A_{0,0,n}) is the one-star game: Dawson's Kayles has period 34 from
	// 53, beyond N = 60; G(A_{0,1,n}) is two-star.
	if len(st.Findings) == 0 || st.Theorem.Verdict == "" {
		t.Error("no findings")
	}
}

func TestStudySlab(t *testing.T) {
	ctx := context.Background()
	sl, err := BuildSlab3(ctx, AstronRules(), 6, 700, nil)
	if err != nil {
		t.Fatal(err)
	}
	two := Period{Period: 34, Preperiod: 585, Certified: true}
	st, err := StudySlab(ctx, sl, two, 2)
	if err != nil {
		t.Fatal(err)
	}
	if st.Rows.Lines != 28 {
		t.Errorf("%d rows, want 28", st.Rows.Lines)
	}
	// G(A_{0,0,n}) is Dawson's Kayles: period 34 from 53.
	found := false
	for _, lp := range st.Rows.Preperiods {
		if lp.Line == "G(A_{0,0,n})" {
			found = lp.Period == 34 && lp.Preperiod == 53
		}
	}
	if !found {
		t.Errorf("G(A_{0,0,n}) not seen with period 34 from 53: %+v", st.Rows.Preperiods)
	}
	if len(st.Theorem) != 2 || st.Verdict == "" {
		t.Fatalf("theorem check: %+v", st)
	}
	for _, pc := range st.Theorem {
		if f := pc.FirstFailure; f != nil {
			if sl.At(f[0], f[1], f[2]) == sl.At(f[0]+pc.Period, f[1], f[2]) || f[0] < 585 {
				t.Errorf("τ = %d: reported failure %v is none", pc.Period, f)
			}
		}
	}
}

// TestStudyOffsetsStopAtTheCube: diagonals G(a, n, n + c) with c > N hold no
// cell, so asking for a billion offsets studies the N + 1 that exist (it
// built a billion empty lines and ran out of memory).
func TestStudyOffsetsStopAtTheCube(t *testing.T) {
	const n = 10
	cube := syntheticCube(n, func(p, q, r int) int { return (p + q + r) % 5 })
	st, err := StudyCube(context.Background(), cube, Period{}, StudyOptions{RowPairs: 5, DiagonalOffsets: 1_000_000_000})
	if err != nil {
		t.Fatal(err)
	}
	all, err := StudyCube(context.Background(), cube, Period{}, StudyOptions{RowPairs: 5, DiagonalOffsets: n})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := st.Families[1].Lines, (n+1)*(n+1); got != want || all.Families[1].Lines != want {
		t.Errorf("diagonal lines: %d and %d, want %d", got, all.Families[1].Lines, want)
	}
}
