package octal

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"testing"

	"github.com/nimlab/nimlab/solver/takebreak"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// thesisTable11 is Table 1.1 of the thesis (Lami): G(D_0..D_203) of
// Dawson's Kayles, transcribed row by row (34 values a row).
var thesisTable11 = [][]uint16{
	{0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7},
	{4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7},
	{4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7},
	{4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7},
	{4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7},
	{4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7},
}

func TestDawsonsKaylesMatchesThesisTable11(t *testing.T) {
	want := slices.Concat(thesisTable11...)
	require.Len(t, want, 204)
	got, err := QuadraticExtend(context.Background(), NewCode(takebreak.MustParse("0.07")), nil, 203, nil)
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

func TestSolveCertifiesPublishedPeriods(t *testing.T) {
	tests := []struct {
		code              string
		period, preperiod int
	}{
		{"0.07", 34, 53}, // Dawson's Kayles: the thesis, Example 1.2.8
		{"0.77", 12, 71}, // Kayles: Winning Ways
		{".07", 34, 53},  // the same code written without the 0
		{"0.23", 3, 1},   // Di Prisa §2's table (the notes' text says period 2: see docs/FINDINGS.md)
	}
	for _, tc := range tests {
		t.Run(tc.code, func(t *testing.T) {
			res, err := Solve(context.Background(), NewCode(takebreak.MustParse(tc.code)), SolveOptions{})
			require.NoError(t, err)
			require.True(t, res.Certified)
			assert.Equal(t, tc.period, res.Period.Period, "period")
			assert.Equal(t, tc.preperiod, res.Period.Preperiod, "preperiod")
			assert.GreaterOrEqual(t, len(res.Values), res.Period.NeededTo)
		})
	}
}

// TestDiPrisaTable023 checks the values tabulated for 0.23 in Di Prisa's
// notes, §2: G(H_0..H_8) = 0 0 1 2 0 1 2 0 1.
func TestDiPrisaTable023(t *testing.T) {
	got, err := QuadraticExtend(context.Background(), NewCode(takebreak.MustParse("0.23")), nil, 8, nil)
	require.NoError(t, err)
	assert.Equal(t, []uint16{0, 0, 1, 2, 0, 1, 2, 0, 1}, got)
}

// bruteGame is a position of an octal game as a multiset of heap sizes,
// explored as a game tree straight from the definition: the Grundy value of
// a position is the mex of the values of all positions one move away. It
// shares nothing with the engine (no nim-sum, no Option type).
type bruteGame struct {
	digits []uint8
	memo   map[string]int
}

func (g *bruteGame) key(heaps []int) string {
	s := slices.Clone(heaps)
	sort.Ints(s)
	return fmt.Sprint(s)
}

func (g *bruteGame) grundy(heaps []int) int {
	k := g.key(heaps)
	if v, ok := g.memo[k]; ok {
		return v
	}
	seen := map[int]bool{}
	for i, h := range heaps {
		rest := slices.Delete(slices.Clone(heaps), i, i+1)
		for take := 0; take <= h && take < len(g.digits); take++ {
			d := g.digits[take]
			left := h - take
			if d&1 != 0 && take > 0 && left == 0 {
				seen[g.grundy(rest)] = true
			}
			if d&2 != 0 && take > 0 && left > 0 {
				seen[g.grundy(append(slices.Clone(rest), left))] = true
			}
			if d&4 != 0 {
				for a := 1; a < left; a++ {
					seen[g.grundy(append(slices.Clone(rest), a, left-a))] = true
				}
			}
		}
	}
	m := 0
	for seen[m] {
		m++
	}
	g.memo[k] = m
	return m
}

func randomCode(r *rand.Rand) string {
	s := "0."
	if r.IntN(4) == 0 {
		s = "4."
	}
	n := 1 + r.IntN(4)
	for i := 0; i < n; i++ {
		d := r.IntN(8)
		if i == n-1 && d == 0 {
			d = 1 + r.IntN(7)
		}
		s += fmt.Sprint(d)
	}
	return s
}

func TestGrundyValuesEqualGameTreeBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 60 {
		codeText := randomCode(r)
		code := NewCode(takebreak.MustParse(codeText))
		brute := &bruteGame{digits: code.Digits, memo: map[string]int{}}
		values, err := QuadraticExtend(context.Background(), code, nil, 24, nil)
		require.NoError(t, err)
		for n := 0; n <= 24; n++ {
			require.Equal(t, brute.grundy([]int{n}), int(values[n]), "%s heap %d", codeText, n)
		}
		// Sums: the brute force searches the sum's tree; the engine nim-sums.
		for range 10 {
			heaps := []int{r.IntN(10), r.IntN(10), r.IntN(8)}
			require.Equal(t, brute.grundy(heaps), NimSum(values, heaps), "%s heaps %v", codeText, heaps)
		}
	}
}

func TestWinningMovesAreExactlyTheMovesToZero(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 40 {
		codeText := randomCode(r)
		code := NewCode(takebreak.MustParse(codeText))
		brute := &bruteGame{digits: code.Digits, memo: map[string]int{}}
		values, err := QuadraticExtend(context.Background(), code, nil, 20, nil)
		require.NoError(t, err)
		for range 8 {
			heaps := []int{1 + r.IntN(12), 1 + r.IntN(12), r.IntN(9)}
			moves, err := WinningMoves(code, values, heaps)
			require.NoError(t, err)
			got := map[string]bool{}
			for _, m := range moves {
				after := slices.Delete(slices.Clone(heaps), m.Heap, m.Heap+1)
				after = append(after, m.Leave...)
				require.Equal(t, 0, brute.grundy(after), "%s %v: move %+v does not reach a P-position", codeText, heaps, m)
				sum := 0
				for _, h := range m.Leave {
					sum += h
				}
				require.Equal(t, m.From, heaps[m.Heap])
				require.Equal(t, m.From-m.Take, sum)
				got[fmt.Sprint(m.Heap, brute.key(m.Leave), m.Take)] = true
			}
			require.Len(t, got, len(moves), "a move is listed twice")
			// Every legal move of the brute force that reaches value 0 is listed.
			for i, h := range heaps {
				rest := slices.Delete(slices.Clone(heaps), i, i+1)
				for take := 0; take <= h && take < len(code.Digits); take++ {
					d, left := code.Digits[take], h-take
					var results [][]int
					if d&1 != 0 && take > 0 && left == 0 {
						results = append(results, nil)
					}
					if d&2 != 0 && take > 0 && left > 0 {
						results = append(results, []int{left})
					}
					if d&4 != 0 {
						for a := 1; a <= left-a; a++ {
							results = append(results, []int{a, left - a})
						}
					}
					for _, leave := range results {
						if brute.grundy(append(slices.Clone(rest), leave...)) == 0 {
							assert.True(t, got[fmt.Sprint(i, brute.key(leave), take)], "%s %v: missing move heap %d take %d leave %v", codeText, heaps, i, take, leave)
						}
					}
				}
			}
		}
	}
}

func TestFindPeriodAgreesWithDefinition(t *testing.T) {
	// An independent check of FindPeriod: for every p up to the data's reach,
	// test the Guy–Smith window condition literally for every n0 ≥ 1 (the
	// theorem needs n0 ≥ 1, see CertificateLength); the preperiod is then the
	// least n0 from which every known value repeats with period p.
	r := rand.New(rand.NewPCG(5, 6))
	for range 40 {
		code := NewCode(takebreak.MustParse(randomCode(r)))
		values, err := QuadraticExtend(context.Background(), code, nil, 400, nil)
		require.NoError(t, err)
		k := code.K()
		wantP, wantN0, found := 0, 0, false
	search:
		for p := 1; 2*p+k <= len(values); p++ {
			for n0 := 1; 2*n0+2*p+k <= len(values); n0++ {
				ok := true
				for n := n0; n < 2*n0+p+k; n++ {
					if values[n+p] != values[n] {
						ok = false
						break
					}
				}
				if ok {
					wantP, found = p, true
					wantN0 = n0
					for wantN0 > 0 && values[wantN0-1+p] == values[wantN0-1] {
						wantN0--
					}
					break search
				}
			}
		}
		got, ok := FindPeriod(values, k)
		require.Equal(t, found, ok, code.String())
		if found {
			assert.Equal(t, wantP, got.Period, code.String())
			assert.Equal(t, wantN0, got.Preperiod, code.String())
		}
	}
}

// TestGuySmithNeedsPositivePreperiod is the counterexample to the theorem
// as stated with n0 = 0: in 0.4, G(0..2) = 0 0 0 satisfies the window
// condition for p = 1, n0 = 0, k = 1, yet G(3) = 1.
func TestGuySmithNeedsPositivePreperiod(t *testing.T) {
	values, err := QuadraticExtend(context.Background(), NewCode(takebreak.MustParse("0.4")), nil, 3, nil)
	require.NoError(t, err)
	assert.Equal(t, []uint16{0, 0, 0, 1}, values)
	_, ok := FindPeriod(values[:3], 1)
	assert.False(t, ok, "three zeros must not certify period 1")
}

func TestQuadraticExtendIsCancellableAndReportsProgress(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var reports []Progress
	_, err := QuadraticExtend(ctx, NewCode(takebreak.MustParse("0.07")), nil, 3000, func(p Progress) {
		reports = append(reports, p)
	})
	require.NoError(t, err)
	require.NotEmpty(t, reports)
	assert.Equal(t, 3001, reports[len(reports)-1].Done)
	cancel()
	vals, err := QuadraticExtend(ctx, NewCode(takebreak.MustParse("0.07")), nil, 1<<20, nil)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Less(t, len(vals), 1<<20)
}

// TestExactModeUsesCertifiedPeriod: --n N stops computing once a period is
// certified and continues the values by it; the result must equal the
// definition (the quadratic engine) value for value.
func TestExactModeUsesCertifiedPeriod(t *testing.T) {
	for _, c := range []string{"0.07", "0.77", "0.137", "0.6", "0.33", "4.7"} {
		code := NewCode(takebreak.MustParse(c))
		const n = 4000
		want, err := QuadraticExtend(context.Background(), code, nil, n, nil)
		require.NoError(t, err)
		res, err := Solve(context.Background(), code, SolveOptions{N: n, Exact: true})
		require.NoError(t, err)
		require.Len(t, res.Values, n+1, c)
		assert.Equal(t, want, res.Values, c)
		p, ok := FindPeriod(want, code.K())
		assert.Equal(t, ok, res.Certified, c)
		if ok {
			assert.Equal(t, p.Period, res.Period.Period, c)
			assert.Equal(t, p.Preperiod, res.Period.Preperiod, c)
		}
	}
	// 0.07 far beyond its certificate (G(0..175)): period 34 from heap 53.
	res, err := Solve(context.Background(), NewCode(takebreak.MustParse("0.07")), SolveOptions{N: 250_000, Exact: true})
	require.NoError(t, err)
	require.Len(t, res.Values, 250_001)
	assert.True(t, res.Certified)
	assert.Equal(t, 34, res.Period.Period)
	for n := 53; n+34 <= 250_000; n++ {
		require.Equal(t, res.Values[n], res.Values[n+34], n)
	}
}

// TestExactRunMemory: an exact run of a game certified early fills the rest
// by the period in the array it allocated for the run, so it allocates about
// MemoryNeeded (2 bytes a heap), not twice that (a second array of N values
// crashed `octal 0.07 --n 1000000000` under a 4 GB address-space limit).
func TestExactRunMemory(t *testing.T) {
	const n = 1 << 24
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res, err := Solve(context.Background(), NewCode(takebreak.MustParse("0.07")), SolveOptions{N: n - 1})
	require.NoError(t, err)
	runtime.ReadMemStats(&after)
	require.Len(t, res.Values, n)
	assert.Equal(t, res.Values[n-1-34], res.Values[n-1], "period 34")
	assert.LessOrEqual(t, after.TotalAlloc-before.TotalAlloc, uint64(MemoryNeeded(n)))
}

// TestOptionsAreTheDefinition holds the octal engines' move list (the
// two-heap form of takebreak.Option) to the definition's
// (takebreak.Code.Options, which enumerates the partitions generically), in
// the same order: by tokens taken, then heaps left, then the heaps.
func TestOptionsAreTheDefinition(t *testing.T) {
	for _, s := range []string{"0.07", "0.77", "0.137", "4.7", "4.0", "0.4", "0.6", "0.3456", "4.12", "0.0"} {
		code := NewCode(takebreak.MustParse(s))
		require.False(t, code.General(), s)
		def := code.TakeBreak()
		for n := 0; n <= 24; n++ {
			want := def.Options(n)
			got := code.Options(n)
			assert.Equal(t, len(want), len(got), "%s heap %d", s, n)
			for i := range min(len(want), len(got)) {
				assert.Equal(t, want[i].Take, got[i].Take, "%s heap %d option %d", s, n, i)
				assert.Equal(t, want[i].Heaps, got[i].Heaps, "%s heap %d option %d", s, n, i)
			}
		}
	}
}
