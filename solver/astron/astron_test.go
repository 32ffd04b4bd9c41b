package astron

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// dawsonTable11 is the thesis' Table 1.1 (Lami, Periodicità nei giochi
// combinatori): G(D_n) for 0 ≤ n ≤ 203.
var dawsonTable11 = [][]int{
	{0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7},
	{4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7},
	{4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7},
	{4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7},
	{4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7},
	{4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7},
}

func TestOneStarIsDawsonsKayles(t *testing.T) {
	ctx := context.Background()
	s := NewSolver(AstronRules())
	brute := newBruteGame(bruteAstronOptions)
	for row, vals := range dawsonTable11 {
		for col, want := range vals {
			n := 34*row + col
			got, err := s.Nimber(ctx, Position{n}[:min(1, n)])
			require.NoError(t, err)
			assert.Equal(t, want, got, "G(A_%d) against Tabella 1.1", n)
			if n <= 60 {
				assert.Equal(t, want, brute.grundy([]int{n}), "brute G(A_%d)", n)
			}
		}
	}
	// Beyond the thesis' table: the octal engine on 0.07 itself.
	dk, err := octal.QuadraticExtend(ctx, octal.NewCode(takebreak.MustParse("0.07")), nil, 1000, nil)
	require.NoError(t, err)
	g1, err := OneStar(ctx, AstronRules(), 1000)
	require.NoError(t, err)
	assert.Equal(t, dk, g1)
}

func TestTable2MatchesBruteForce(t *testing.T) {
	const n = 25
	ctx := context.Background()
	tab, err := BuildTable2(ctx, AstronRules(), n, nil)
	require.NoError(t, err)
	brute := newBruteGame(bruteAstronOptions)
	for p := 0; p <= n; p++ {
		for q := 0; q <= n; q++ {
			require.Equal(t, brute.grundy([]int{p, q}), tab.At(p, q), "G(A_{%d,%d})", p, q)
		}
	}
}

func TestTable3MatchesBruteForce(t *testing.T) {
	const n = 25
	ctx := context.Background()
	tab, err := BuildTable3(ctx, AstronRules(), n, nil)
	require.NoError(t, err)
	brute := newBruteGame(bruteAstronOptions)
	for p := 0; p <= n; p++ {
		for q := p; q <= n; q++ {
			for r := q; r <= n; r++ {
				want := brute.grundy([]int{p, q, r})
				require.Equal(t, want, tab.At(p, q, r), "G(A_{%d,%d,%d})", p, q, r)
				require.Equal(t, want, tab.At(r, p, q), "G(A_{%d,%d,%d}) permuted", r, p, q)
			}
		}
	}
	// The slice R = 7 is the column r = 7 of the cube.
	sl := tab.Slice(7)
	for p := 0; p <= n; p++ {
		for q := 0; q <= n; q++ {
			require.Equal(t, brute.grundy([]int{p, q, 7}), int(sl.Rows[p][q]))
		}
	}
}

func TestManyStarsMatchBruteForce(t *testing.T) {
	ctx := context.Background()
	s := NewSolver(AstronRules())
	brute := newBruteGame(bruteAstronOptions)
	positions := [][]int{
		{1, 1, 1, 1}, {2, 2, 2, 2}, {3, 5, 7, 9}, {1, 2, 3, 4}, {4, 4, 6, 6}, {10, 3, 3, 1}, {8, 8, 8, 8},
		{1, 1, 1, 1, 1}, {2, 3, 4, 5, 6}, {5, 5, 5, 5, 5}, {1, 3, 5, 7, 2}, {6, 2, 6, 2, 6},
	}
	for _, pos := range positions {
		p, err := NewPosition(pos...)
		require.NoError(t, err)
		got, err := s.Nimber(ctx, p)
		require.NoError(t, err)
		assert.Equal(t, brute.grundy(pos), got, "G(%v)", p)
	}
	// Every 4-star position with stars up to 6.
	for a := 1; a <= 6; a++ {
		for b := a; b <= 6; b++ {
			for c := b; c <= 6; c++ {
				for d := c; d <= 6; d++ {
					got, err := s.Nimber(ctx, Position{a, b, c, d})
					require.NoError(t, err)
					require.Equal(t, brute.grundy([]int{a, b, c, d}), got, "G(A_{%d,%d,%d,%d})", a, b, c, d)
				}
			}
		}
	}
}

// TestRecursionMatchesTables computes two- and three-star positions without
// the dense tables (by the memoised recursion over ForEachMove) and compares.
func TestRecursionMatchesTables(t *testing.T) {
	ctx := context.Background()
	rec := NewSolver(AstronRules())
	rec.UseTables = false
	tab, err := BuildTable3(ctx, AstronRules(), 14, nil)
	require.NoError(t, err)
	for p := 0; p <= 14; p++ {
		for q := p; q <= 14; q++ {
			for r := q; r <= 14; r++ {
				pos, _ := NewPosition(p, q, r)
				got, err := rec.Nimber(ctx, pos)
				require.NoError(t, err)
				require.Equal(t, tab.At(p, q, r), got, "G(%v)", pos)
			}
		}
	}
}

// TestSumIsNimSum checks the Sprague–Grundy step the brute force relies on:
// a sum of small positions played as one game has the nim-sum of the values.
func TestSumIsNimSum(t *testing.T) {
	brute := newBruteGame(bruteAstronOptions)
	memo := map[string]int{}
	sums := [][][]int{
		{{3}, {4}}, {{2, 3}, {5}}, {{4, 4}, {1, 2}}, {{6}, {2, 2}, {3}}, {{3, 3, 2}, {4}}, {{7}, {1, 1}},
	}
	for _, comps := range sums {
		want := 0
		for _, c := range comps {
			want ^= brute.grundy(c)
		}
		assert.Equal(t, want, brute.sumGrundy(comps, memo), "sum %v", comps)
	}
}

func TestWinningMovesAreExactlyTheZeroOptions(t *testing.T) {
	ctx := context.Background()
	s := NewSolver(AstronRules())
	brute := newBruteGame(bruteAstronOptions)
	positions := [][]int{{3, 5}, {7, 5}, {10}, {4, 6, 9}, {2, 2, 2}, {3, 5, 7, 9}, {12, 13}, {1, 1, 1, 1, 1}, {8, 2, 11}, {20, 21, 22}}
	for _, pos := range positions {
		p, _ := NewPosition(pos...)
		a, err := s.Analyse(ctx, p)
		require.NoError(t, err)
		want := brute.grundy(pos)
		require.Equal(t, want, a.Nimber, "G(%v)", p)
		require.Equal(t, Outcome(want), a.Outcome)
		// The brute force's zero options, as canonical results.
		wantResults := map[string]bool{}
		for _, opt := range bruteAstronOptions(pos) {
			x := 0
			for _, c := range opt {
				x ^= brute.grundy(c)
			}
			if x == 0 {
				wantResults[resultKey(opt)] = true
			}
		}
		legal := map[string]bool{}
		for _, opt := range bruteAstronOptions(pos) {
			legal[resultKey(opt)] = true
		}
		got := map[string]bool{}
		for _, m := range a.WinningMoves {
			comps := make([][]int, len(m.Result))
			for i, c := range m.Result {
				comps[i] = c
			}
			k := resultKey(comps)
			assert.True(t, legal[k], "%v: move %q is not a legal option", p, m.Text())
			x := 0
			for _, c := range comps {
				x ^= brute.grundy(c)
			}
			assert.Zero(t, x, "%v: move %q leads to nimber %d", p, m.Text(), x)
			got[k] = true
		}
		for k := range wantResults {
			assert.True(t, got[k], "%v: winning option %s is missing", p, k)
		}
		if want == 0 {
			assert.Empty(t, a.WinningMoves)
		} else {
			assert.NotEmpty(t, a.WinningMoves)
		}
	}
}

// resultKey names a sum of components up to order and zero stars.
func resultKey(comps [][]int) string {
	var keys []string
	for _, c := range comps {
		if k := bruteKey(c); k != "" {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	out := ""
	for _, k := range keys {
		out += "[" + k + "]"
	}
	return out
}

func TestMoveText(t *testing.T) {
	moves := Moves(AstronRules(), Position{5, 7})
	texts := map[string][]Position{}
	for _, m := range moves {
		texts[m.Text()] = m.Result
	}
	assert.Equal(t, []Position{{10}}, texts["join the 5 and the 7"])
	assert.Equal(t, []Position{{2}, {3, 5}}, texts["split the 7 into 2 + 3 with {5} beside the 3"])
	assert.Equal(t, []Position{{3}, {2, 5}}, texts["split the 7 into 2 + 3 with {5} beside the 2"])
	assert.Equal(t, []Position{{5}, {5}}, texts["split the 7 into 0 + 5 with {5} beside the 0"])
	assert.Equal(t, []Position{{5, 5}}, texts["split the 7 into 0 + 5 with {5} beside the 5"])
	assert.Equal(t, []Position{{2}, {1, 7}}, texts["split the 5 into 1 + 2 with {7} beside the 1"])
	// A 7 beside a 5: one join; the 7 leaves a + b = 5 with a ≤ b in 3 ways
	// and the 5 leaves 3 in 2 ways, the other star beside either part.
	assert.Len(t, moves, 1+3*2+2*2)
	// Equal parts: one side named "one", the other "the other".
	m := Moves(AstronRules(), Position{3, 4, 8})
	found := false
	for _, mv := range m {
		if mv.Text() == "split the 8 into 3 + 3 with {3} beside one 3 and {4} beside the other" {
			found = true
		}
	}
	assert.True(t, found)
	// Outside Astron, lowering and removing have their own words.
	texts = map[string][]Position{}
	r := Rules{Octal: octal.NewCode(takebreak.MustParse("0.137")), Join: mustJoin("0.0c")}
	for _, m := range Moves(r, Position{3, 5}) {
		texts[m.Text()] = m.Result
	}
	assert.Equal(t, []Position{{5}}, texts["remove the 3"])
	assert.Equal(t, []Position{{2, 3}}, texts["take 3 from the 5, leaving 2"])
	assert.Equal(t, []Position{{3, 3}}, texts["take 2 from the 5, leaving 3"])
	assert.Equal(t, []Position{{6}}, texts["join the 3 and the 5 into a 6 (using 2)"])
	assert.Equal(t, []Position{{1}, {1, 3}}, texts["split the 5 into 1 + 1 (using 3) with {3} beside one 1"])
}

func TestOtherExtensionsMatchBruteForce(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		octal, join string
		d, c        []int
	}{
		{"0.137", "0.0c", []int{0, 1, 3, 7}, []int{0, 0, 12}},
		{"0.6", "0.4", []int{0, 6}, []int{0, 4}},
		{"4.07", "4.0", []int{4, 0, 7}, []int{4}},
		{"0.34", "0.08", []int{0, 3, 4}, []int{0, 0, 8}},
	}
	for _, tc := range cases {
		r := Rules{Octal: octal.NewCode(takebreak.MustParse(tc.octal)), Join: mustJoin(tc.join)}
		brute := newBruteGame(bruteMultiadditiveOptions(tc.d, tc.c))
		const n = 12
		tab, err := BuildTable3(ctx, r, n, nil)
		require.NoError(t, err)
		for p := 0; p <= n; p++ {
			for q := p; q <= n; q++ {
				require.Equal(t, brute.grundy([]int{p, q}), tab.Two.At(p, q), "%s: G(A_{%d,%d})", r, p, q)
				for rr := q; rr <= n; rr++ {
					require.Equal(t, brute.grundy([]int{p, q, rr}), tab.At(p, q, rr), "%s: G(A_{%d,%d,%d})", r, p, q, rr)
				}
			}
		}
		rec := NewSolver(r)
		for _, pos := range [][]int{{1, 2, 3, 4}, {3, 3, 5, 2}, {2, 2, 2, 2, 2}} {
			p, _ := NewPosition(pos...)
			got, err := rec.Nimber(ctx, p)
			require.NoError(t, err)
			assert.Equal(t, brute.grundy(pos), got, "%s: G(%v)", r, p)
		}
	}
}

// mustJoin reads a join code known to be valid.
func mustJoin(s string) JoinCode {
	c, err := NewJoinCode(takebreak.MustParse(s))
	if err != nil {
		panic(err)
	}
	return c
}

// parseJoin reads a join code as the command line does.
func parseJoin(s string) (JoinCode, error) {
	c, err := takebreak.Parse(s)
	if err != nil {
		return JoinCode{}, err
	}
	return NewJoinCode(c)
}

func TestNewJoinCode(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"0.04", "0.04", true}, {".04", "0.04", true}, {"0.0", "0.0", true}, {"0.0c", "0.0c", true},
		{"0.040", "0.04", true}, {"4.0", "4.0", true},
		{"0.08", "0.08", true}, {"0.0C", "0.0c", true}, {"0.{2,3}", "0.c", true},
		{"0.03", "", false}, {"0.0g", "", false}, {"", "", false}, {"04", "", false}, {"0.", "", false}, {"12.4", "", false},
		{"0.4!", "", false}, {"0.[4]", "", false}, {"S(1)", "", false}, {"0.{2+}", "", false}, {"1.04", "", false},
	} {
		c, err := parseJoin(tc.in)
		if !tc.ok {
			assert.Error(t, err, tc.in)
			continue
		}
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, c.String())
	}
	assert.Equal(t, 2, mustJoin("0.04").K())
	assert.True(t, AstronRules().IsAstron())
}

// TestPeriodicShortcutMatchesDirect builds two-star tables with and without
// the periodic one-star shortcut; the shortcut only starts beyond
// n1 + tau1 = 87 for Astron, past the brute-force tests.
func TestPeriodicShortcutMatchesDirect(t *testing.T) {
	ctx := context.Background()
	for _, r := range []Rules{
		AstronRules(),
		{Octal: octal.NewCode(takebreak.MustParse("0.137")), Join: mustJoin("0.0c")},
		{Octal: octal.NewCode(takebreak.MustParse("0.6")), Join: mustJoin("0.4")},
	} {
		fast, err := BuildTable2(ctx, r, 400, nil)
		require.NoError(t, err)
		disableShortcut = true
		slow, err := BuildTable2(ctx, r, 400, nil)
		disableShortcut = false
		require.NoError(t, err)
		require.Equal(t, slow.v, fast.v, "%s", r)
	}
}

// TestOneStarContinuesItsPeriod: one star's values equal the definition's
// (the quadratic scan), and a star of 10^6 points takes a certified period's
// continuation, not 10^12 steps (astron 1000000 hung).
func TestOneStarContinuesItsPeriod(t *testing.T) {
	r := AstronRules()
	want, err := octal.QuadraticExtend(context.Background(), r.Octal, nil, 3000, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := OneStar(context.Background(), r, 3000)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Fatal("OneStar differs from the definition")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	big, err := OneStar(ctx, r, 1_000_000)
	if err != nil {
		t.Fatal(err)
	}
	if len(big) != 1_000_001 || big[1_000_000] != big[1_000_000-34] {
		t.Errorf("%d values; G(10^6) = %d, G(10^6 − 34) = %d (period 34)", len(big), big[1_000_000], big[1_000_000-34])
	}
}
