package misere

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// nimCode is Nim restricted to heaps of at most n tokens: 0.33…3 (n digits).
func nimCode(n int) octal.Code {
	return octal.NewCode(takebreak.MustParse("0." + strings.Repeat("3", n)))
}

// partial returns Q_n of code.
func partial(t testing.TB, code octal.Code, n int) *Quotient {
	t.Helper()
	s := NewSolver(code)
	for s.Last() < n {
		require.NoError(t, s.Next(context.Background()))
	}
	return s.Quotient()
}

func names(q *Quotient, xs []int) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = q.Names[x]
	}
	slices.Sort(out)
	return out
}

// Di Prisa §3–4: T_1 = Z/2, T_2 = ⟨a, b | a² = 1, b³ = b⟩ with P = {a, b²},
// |T_n| = 2^n + 2, and Φ(*n) = a^ε0 b1^ε1 … from the binary digits of n.
func TestNimPartialQuotients(t *testing.T) {
	code := nimCode(16)
	q1 := partial(t, code, 1)
	assert.Equal(t, 2, q1.Order)
	assert.Equal(t, []string{"a"}, names(q1, q1.PSet))
	assert.Equal(t, "⟨a | a² = 1⟩", q1.Presentation)
	assert.True(t, q1.Tame)
	assert.Equal(t, 1, q1.TameN)

	q2 := partial(t, code, 2)
	assert.Equal(t, 6, q2.Order)
	assert.Equal(t, []string{"a", "b²"}, names(q2, q2.PSet))
	assert.Equal(t, "⟨a, b | a² = 1, b³ = b⟩", q2.Presentation)
	assert.Equal(t, []string{"1", "1", "a", "b"}, []string{q2.Names[q2.Phi[0]], "1", q2.Names[q2.Phi[1]], q2.Names[q2.Phi[2]]})
	// The kernel {b, ab, b², ab²} is a group with identity b², and T_2 is normal.
	assert.Equal(t, []string{"ab", "ab²", "b", "b²"}, names(q2, q2.Kernel))
	assert.Equal(t, "b²", q2.Names[q2.KernelIdentity])
	assert.True(t, q2.Normal)
	assert.Equal(t, []string{"1", "b²"}, names(q2, q2.Idempotents))

	for n := 2; n <= 4; n++ {
		for _, heaps := range []int{1 << (n - 1), 1<<n - 1} {
			q := partial(t, code, heaps)
			assert.Equal(t, 1<<n+2, q.Order, "|Q_%d| of Nim", heaps)
			assert.True(t, q.Tame, "Q_%d of Nim is tame", heaps)
			assert.Equal(t, n, q.TameN)
			assert.Equal(t, 2, q.PSize())
		}
	}
	// Φ(*n) is the product of the images of the binary digits of n.
	q := partial(t, code, 15)
	for n := 1; n <= 15; n++ {
		want := 0
		for bit := 1; bit <= n; bit <<= 1 {
			if n&bit != 0 {
				want = q.Multiply(want, q.Phi[bit])
			}
		}
		assert.Equal(t, q.Names[want], q.Names[q.Phi[n]], "Φ(*%d)", n)
	}
}

// Di Prisa, Example 3.19: Q_n(0.23) ≅ T_2 for n ≥ 3 with Φ = 1 1 a b 1 a b 1 a …
func TestQuotientOf023IsT2(t *testing.T) {
	q, err := Compute(context.Background(), octal.NewCode(takebreak.MustParse("0.23")), Options{})
	require.NoError(t, err)
	assert.True(t, q.Certified)
	assert.Equal(t, 6, q.Order)
	assert.True(t, q.Tame)
	assert.Equal(t, 2, q.TameN)
	assert.Equal(t, "⟨a, b | a² = 1, b³ = b⟩", q.Presentation)
	want := []string{"1", "1", "a", "b", "1", "a", "b", "1", "a"}
	for n, w := range want {
		assert.Equal(t, w, q.Names[q.Phi[n]], "Φ(H_%d)", n)
	}
	assert.Equal(t, 3, q.Period)
	assert.Equal(t, 1, q.Preperiod)
	for n := 3; n <= 8; n++ {
		qn := partial(t, octal.NewCode(takebreak.MustParse("0.23")), n)
		assert.True(t, qn.Tame && qn.TameN == 2, "Q_%d(0.23) = T_2", n)
	}
}

// Di Prisa, Example 4.3: 0.75 has the wild quotient R_8 of order 8.
func TestQuotientOf075IsWildR8(t *testing.T) {
	q, err := Compute(context.Background(), octal.NewCode(takebreak.MustParse("0.75")), Options{})
	require.NoError(t, err)
	assert.True(t, q.Certified)
	assert.Equal(t, 8, q.Order)
	assert.False(t, q.Tame)
	assert.Equal(t, []string{"a", "b²"}, names(q, q.PSet))
	assert.Equal(t, "⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩", q.Presentation)
}

// Di Prisa, Example 3.18: Kayles' full quotient has order 40 and
// Φ(H_{n+12}) = Φ(H_n) for n ≥ 71.
func TestKaylesFullQuotient(t *testing.T) {
	q, err := Compute(context.Background(), octal.NewCode(takebreak.MustParse("0.77")), Options{})
	require.NoError(t, err)
	assert.True(t, q.Certified)
	assert.Equal(t, 40, q.Order)
	assert.Equal(t, 12, q.Period)
	assert.Equal(t, 71, q.Preperiod)
	assert.Equal(t, 2*71+2*12+2, q.ComputedTo, "certified at M = 2n0 + 2p + k")
	assert.False(t, q.Tame)
	assert.NotEqual(t, q.Phi[70], q.Phi[82], "71 is the least preperiod")
}

// Tameness and Normality name the class of known quotients: T_n is Nim's
// quotient (Di Prisa, “Impartial Games and Misère Play”, §3–4; T_0 = {1} with P = ∅, T_1 = Z/2 with P = {a}, T_2
// as above), 0.23's full quotient is T_2 (Example 3.19) and 0.75's is the
// wild R_8 (Example 4.3). T_1 is a group, so its kernel is all of it, with
// identity z = 1, and meets P in a ≠ z: not normal. The kernel
// {b, ab, b², ab²} of T_2 and of R_8 meets P = {a, b²} only in z = b².
func TestQuotientClass(t *testing.T) {
	full := func(code string) *Quotient {
		q, err := Compute(context.Background(), octal.NewCode(takebreak.MustParse(code)), Options{})
		require.NoError(t, err)
		require.True(t, q.Certified, code)
		return q
	}
	for _, tc := range []struct {
		name                string
		q                   *Quotient
		tameness, normality string
	}{
		{"Nim, Q_0 = T_0", partial(t, nimCode(4), 0), "tame (T_0)", "normal"},
		{"Nim, Q_1 = T_1", partial(t, nimCode(4), 1), "tame (T_1)", "not normal"},
		{"Nim, Q_2 = T_2", partial(t, nimCode(4), 2), "tame (T_2)", "normal"},
		{"Nim, Q_4 = T_3", partial(t, nimCode(4), 4), "tame (T_3)", "normal"},
		{"0.23 = T_2", full("0.23"), "tame (T_2)", "normal"},
		{"0.75 = R_8", full("0.75"), "wild", "normal"},
	} {
		assert.Equal(t, tc.tameness, tc.q.Tameness(), tc.name)
		assert.Equal(t, tc.normality, tc.q.Normality(), tc.name)
	}
}

// The outcome predicted by the quotient equals the game-tree search on
// random sums, for several games.
func TestQuotientOutcomesMatchSearch(t *testing.T) {
	for _, tc := range []struct {
		code            string
		n               int // quotient Q_n
		maxHeap, maxLen int
		trials          int
	}{
		{"0.3333333333", 10, 10, 5, 300},
		{"0.23", 30, 30, 4, 200},
		{"0.75", 14, 14, 4, 200},
		{"0.77", 20, 20, 3, 200},
		{"0.07", 24, 24, 4, 200},
		{"0.137", 20, 20, 3, 200},
		{"0.6", 16, 16, 3, 150},
		{"4.7", 10, 10, 3, 150},
	} {
		t.Run(tc.code, func(t *testing.T) {
			code := octal.NewCode(takebreak.MustParse(tc.code))
			q := partial(t, code, tc.n)
			s := NewSearcher(code)
			rng := rand.New(rand.NewPCG(uint64(tc.n), 7))
			for i := 0; i < tc.trials; i++ {
				heaps := make([]int, 1+rng.IntN(tc.maxLen))
				for j := range heaps {
					heaps[j] = rng.IntN(tc.maxHeap + 1)
				}
				want, err := s.Outcome(context.Background(), heaps)
				require.NoError(t, err)
				got, err := q.Outcome(heaps)
				require.NoError(t, err)
				require.Equal(t, want, got, "%s %v", tc.code, heaps)
				if i%10 == 0 {
					wm, err := s.WinningMoves(context.Background(), heaps)
					require.NoError(t, err)
					gm, err := q.WinningMoves(heaps)
					require.NoError(t, err)
					require.Equal(t, wm, gm, "%s %v", tc.code, heaps)
				}
			}
		})
	}
}

// Every two elements of a computed quotient are really different: for each
// pair the quotient names a position Z that tells them apart, and the search
// confirms that o⁻(X+Z) ≠ o⁻(Y+Z) for positions X, Y mapping to them. So
// |Q_n| is a lower bound proven by the search, independently of the
// quotient's own verification.
func TestQuotientElementsAreDistinguishedBySearch(t *testing.T) {
	for _, tc := range []struct {
		code string
		n    int
	}{{"0.77", 12}, {"0.75", 8}, {"0.07", 14}, {"0.3333", 4}} {
		t.Run(tc.code, func(t *testing.T) {
			code := octal.NewCode(takebreak.MustParse(tc.code))
			q := partial(t, code, tc.n)
			reps := representatives(q)
			s := NewSearcher(code)
			for x := 0; x < q.Order; x++ {
				require.NotNil(t, reps[x], "every element is the image of a position")
				for y := x + 1; y < q.Order; y++ {
					z := -1
					for c := 0; c < q.Order && z < 0; c++ {
						if q.P[q.Multiply(x, c)] != q.P[q.Multiply(y, c)] {
							z = c
						}
					}
					require.GreaterOrEqual(t, z, 0, "%s and %s are indistinguishable in the quotient", q.Names[x], q.Names[y])
					ox, err := s.Outcome(context.Background(), append(slices.Clone(reps[x]), reps[z]...))
					require.NoError(t, err)
					oy, err := s.Outcome(context.Background(), append(slices.Clone(reps[y]), reps[z]...))
					require.NoError(t, err)
					assert.NotEqual(t, ox, oy, "%s vs %s with %s", q.Names[x], q.Names[y], q.Names[z])
				}
			}
		})
	}
}

// representatives finds for each element a position mapping to it, with as
// few tokens as possible.
func representatives(q *Quotient) [][]int {
	reps := make([][]int, q.Order)
	reps[0] = []int{}
	for changed := true; changed; {
		changed = false
		for x := 0; x < q.Order; x++ {
			if reps[x] == nil {
				continue
			}
			for h := 1; h <= q.ComputedTo; h++ {
				y := q.Multiply(x, q.Phi[h])
				cand := append(slices.Clone(reps[x]), h)
				if reps[y] == nil || tokens(cand) < tokens(reps[y]) {
					reps[y] = cand
					changed = true
				}
			}
		}
	}
	return reps
}

func tokens(heaps []int) int {
	n := 0
	for _, h := range heaps {
		n += h
	}
	return n
}

func TestPhiOfUsesCertifiedPeriod(t *testing.T) {
	q, err := Compute(context.Background(), octal.NewCode(takebreak.MustParse("0.77")), Options{})
	require.NoError(t, err)
	for h := 71; h < 71+12; h++ {
		for k := 1; k < 30; k++ {
			got, err := q.PhiOf(h + 12*k)
			require.NoError(t, err)
			assert.Equal(t, q.Phi[h], got)
		}
	}
	// Beyond the table without a certificate is an error.
	p := partial(t, octal.NewCode(takebreak.MustParse("0.77")), 10)
	_, err = p.PhiOf(11)
	assert.Error(t, err)
}

func TestComputeHonoursContextAndMax(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	partialQ, err := Compute(ctx, octal.NewCode(takebreak.MustParse("0.07")), Options{Max: 100})
	assert.ErrorIs(t, err, context.Canceled)
	require.NotNil(t, partialQ, "the last complete quotient comes with the error")
	assert.Equal(t, 0, partialQ.ComputedTo)

	var reports []Progress
	q, err := Compute(context.Background(), octal.NewCode(takebreak.MustParse("0.07")), Options{Max: 12, Progress: func(p Progress) { reports = append(reports, p) }})
	require.NoError(t, err)
	assert.Equal(t, 12, q.ComputedTo)
	assert.False(t, q.Certified)
	require.NotEmpty(t, reports)
	assert.Equal(t, 1, reports[0].Heap, "the first heap is reported at once")
	assert.Equal(t, 12, reports[len(reports)-1].Heap)
}

// A heap of n tokens in 0.4 (take one, split the rest in two) is the same game
// as a heap of n−1 in Dawson's Kayles 0.07 (see FINDINGS, octal section), so
// Q_n(0.4) must be Q_{n−1}(0.07), with Φ shifted by one heap. The two runs go
// through different move lists, candidates and recalibrations.
func TestDawsonsKaylesShiftedIsTheSameQuotient(t *testing.T) {
	d := NewSolver(octal.NewCode(takebreak.MustParse("0.07")))
	f := NewSolver(octal.NewCode(takebreak.MustParse("0.4")))
	require.NoError(t, f.Next(context.Background())) // 0.4 runs one heap ahead
	for d.Last() < 27 {
		require.NoError(t, d.Next(context.Background()))
		require.NoError(t, f.Next(context.Background()))
		qd, qf := d.Quotient(), f.Quotient()
		require.Equal(t, qd.Order, qf.Order, "|Q_%d(0.07)| vs |Q_%d(0.4)|", d.Last(), f.Last())
		assert.Equal(t, qd.Presentation, qf.Presentation)
		assert.Equal(t, names(qd, qd.PSet), names(qf, qf.PSet))
		for h := 1; h <= d.Last(); h++ {
			assert.Equal(t, qd.Names[qd.Phi[h]], qf.Names[qf.Phi[h+1]], "Φ(H_%d) in 0.07 vs Φ(H_%d) in 0.4", h, h+1)
		}
	}
}
