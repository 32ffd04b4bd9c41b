package nim

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// Eugeni, Mascella and Tondini's left-hand example: heaps 5, 12, 17, 30 have
// nim-sum 110₂ = 6, the deciding column is 2² and the article reduces 12 to
// 10.
func TestArticleLeftHandExample(t *testing.T) {
	pos := []int{5, 12, 17, 30}
	a, err := Game{Variant: Nim}.Analyze(pos, 0)
	require.NoError(t, err)
	require.Equal(t, N, a.Outcome)
	require.Equal(t, 6, a.NimSum)
	require.True(t, a.HasNimSum)
	require.Equal(t, 2, a.Columns.Deciding)
	require.Equal(t, []int{0, 1, 3}, a.Columns.Movers, "5, 12 and 30 have a 1 in column 2²")
	var tos [][]int
	for _, m := range a.Moves {
		tos = append(tos, m.To)
	}
	require.Equal(t, [][]int{{3, 12, 17, 30}, {5, 10, 17, 30}, {5, 12, 17, 24}}, tos)
	require.Equal(t, "take 2 from heap 2 (12 → 10)", a.Moves[1].Text)
}

// Eugeni, Mascella and Tondini list Marienbad's P-positions below 1, 3, 5, 7
// "up to permutation". The exhaustive list has three more: the terminal
// position and (0,2,5,7), (0,3,4,7); see docs/FINDINGS.md.
func TestMarienbadPPositions(t *testing.T) {
	var article [][]int
	for m := 1; m <= 5; m++ { // (0,0,m,m) and (1,1,m,m), m > 0, as far as 1,3,5,7 allows
		article = append(article, []int{0, 0, m, m})
		article = append(article, []int{1, 1, m, m})
	}
	article = append(article, [][]int{
		{0, 1, 4, 5}, {0, 1, 2, 3}, {0, 2, 4, 6}, {0, 3, 5, 6},
		{1, 2, 4, 7}, {1, 2, 5, 6}, {1, 3, 4, 6}, {1, 3, 5, 7},
	}...)
	for _, p := range article {
		slices.Sort(p)
	}
	got, err := Game{Variant: Nim}.PPositionsBelow(context.Background(), []int{1, 3, 5, 7}, PPositionOptions{UpToPermutation: true})
	require.NoError(t, err)
	var extra [][]int
	for _, p := range got {
		if !slices.ContainsFunc(article, func(q []int) bool { return slices.Equal(p, q) }) {
			extra = append(extra, p)
		}
	}
	for _, p := range article {
		require.True(t, slices.ContainsFunc(got, func(q []int) bool { return slices.Equal(p, q) }), "article position %v", p)
	}
	require.Equal(t, [][]int{{0, 0, 0, 0}, {0, 2, 5, 7}, {0, 3, 4, 7}}, extra)
	// Independent check of the extra ones: exhaustive search says P (and
	// both fit under 1, 3, 5, 7 heap by heap).
	for _, p := range [][]int{{0, 2, 5, 7}, {0, 3, 4, 7}} {
		require.Zero(t, p[0]^p[1]^p[2]^p[3])
		b := &bruteGame{options: nimOptions, memo: map[string]bool{}}
		require.Equal(t, P, b.outcome(p))
	}
	require.Len(t, got, len(article)+3)
}

func TestMisereArticleCases(t *testing.T) {
	g := Game{Variant: Nim, Misere: true}
	// (0,…,0,x): P iff x = 1; (…,x,y): P iff x = y ≠ 1 (Eugeni, Mascella and
	// Tondini §3).
	for x := 0; x <= 6; x++ {
		out, _ := g.Outcome([]int{0, 0, x})
		require.Equal(t, map[bool]Outcome{true: P, false: N}[x == 1], out, "x=%d", x)
		for y := 1; y <= 6; y++ {
			if x == 0 {
				continue
			}
			out, _ := g.Outcome([]int{0, x, y})
			require.Equal(t, map[bool]Outcome{true: P, false: N}[x == y && x != 1], out, "%d,%d", x, y)
		}
	}
	// The article's strategy with one heap > 1: leave an odd number of 1-heaps.
	moves, _, _ := g.WinningMoves([]int{1, 1, 5}, 0)
	require.Len(t, moves, 1)
	require.Equal(t, []int{1, 1, 1}, moves[0].To)
	moves, _, _ = g.WinningMoves([]int{1, 5}, 0)
	require.Equal(t, []int{1, 0}, moves[0].To)
}

func TestPlainimArticleBoard(t *testing.T) {
	// Eugeni, Mascella and Tondini's figure: rows 1011, 101, 1111, 1010, 1101.
	rows, width, err := ParseRows([]string{"1011", "0101", "1111", "1010", "1101"})
	require.NoError(t, err)
	require.Equal(t, []int{11, 5, 15, 10, 13}, rows)
	require.Equal(t, 4, width)
	g := Game{Variant: Plainim, Width: width}
	a, err := g.Analyze(rows, 0)
	require.NoError(t, err)
	require.Equal(t, 11^5^15^10^13, a.NimSum)
	require.Equal(t, N, a.Outcome)
	// Nim-sum 0110: the rows with a 1 in column 2² (0101, 1111, 1101) can move.
	var texts []string
	for _, m := range a.Moves {
		texts = append(texts, m.Text)
	}
	require.Equal(t, []string{"row 2: 0101 → 0011", "row 3: 1111 → 1001", "row 5: 1101 → 1011"}, texts)
	_, _, err = ParseRows([]string{"101", "12"})
	require.ErrorIs(t, err, ErrInput)
	_, _, err = ParseRows([]string{"101", "1"})
	require.ErrorContains(t, err, "equal length")
}

func TestColumnsRizziDigitalSum(t *testing.T) {
	// Rizzi: the digital sum of 3, 5, 8, 13, 15 is 1100₂ = 12.
	v := BinaryColumns([]int{3, 5, 8, 13, 15})
	require.Equal(t, 12, v.Sum)
	require.Len(t, v.Columns, 4)
	require.Equal(t, 3, v.Columns[0].Bit)
	require.Equal(t, []int{0, 0, 1, 1, 1}, v.Columns[0].Bits)
	require.Equal(t, 3, v.Columns[0].Count)
	require.Equal(t, []int{1, 1, 0, 0}, []int{v.Columns[0].Residue, v.Columns[1].Residue, v.Columns[2].Residue, v.Columns[3].Residue})
	require.True(t, v.Columns[0].Deciding)
	require.Equal(t, []int{2, 3, 4}, v.Movers)
	// Marienbad: columns all even.
	m := BinaryColumns([]int{1, 3, 5, 7})
	require.Equal(t, -1, m.Deciding)
	require.Equal(t, 0, m.Sum)
}

func TestColumnsVariants(t *testing.T) {
	v := Game{Variant: Staircase}.Columns([]int{3, 9, 5, 9, 6})
	require.Equal(t, []int{3, 5, 6}, v.Rows)
	require.Equal(t, []int{0, 2, 4}, v.RowIndex)
	mo := Game{Variant: Moore, K: 2}.Columns([]int{1, 2, 2, 4})
	require.Equal(t, 3, mo.Modulus)
	require.Equal(t, []int{1, 2, 1}, []int{mo.Columns[0].Residue, mo.Columns[1].Residue, mo.Columns[2].Residue})
	require.Equal(t, 2, mo.Deciding)
	z := BinaryColumns([]int{0, 0})
	require.Len(t, z.Columns, 1)
}

func TestValidate(t *testing.T) {
	tests := []struct {
		g    Game
		pos  []int
		want string
	}{
		{Game{Variant: Nim}, []int{3, -1}, "heap 2 is -1"},
		{Game{Variant: Nim}, nil, "empty"},
		{Game{Variant: Moore, K: 0}, []int{1}, "k ≥ 1"},
		{Game{Variant: Moore, K: 2, Misere: true}, []int{1}, "misère"},
		{Game{Variant: "chess"}, []int{1}, "unknown variant"},
		{Game{Variant: Plainim, Width: 2}, []int{5}, "does not fit"},
		{Game{Variant: Staircase}, []int{1, -2}, "step count 2"},
		{Game{Variant: Nim}, []int{1 << 62}, "at most 2^61"},
	}
	for _, tc := range tests {
		_, err := tc.g.Outcome(tc.pos)
		require.ErrorIs(t, err, ErrInput)
		require.ErrorContains(t, err, tc.want)
	}
}

func TestStaircaseMovesIncludeRaisingAnOddStep(t *testing.T) {
	// Steps (2, 3, 3): odd steps 2 and 3, nim-sum 1. Moving 1 coin from
	// step 2 raises step 1 to 3, equal to step 3: P. (The article's proof only
	// uses moves from odd steps.)
	moves, _, err := Game{Variant: Staircase}.WinningMoves([]int{2, 3, 3}, 0)
	require.NoError(t, err)
	var texts []string
	for _, m := range moves {
		texts = append(texts, m.Text)
	}
	require.Contains(t, texts, "move 1 coin from step 2 to step 1")
	require.Contains(t, texts, "move 1 coin from step 3 to step 2")
}

func TestPPositionsStaircaseAndLimits(t *testing.T) {
	g := Game{Variant: Staircase}
	got, err := g.PPositionsBelow(context.Background(), []int{1, 1}, PPositionOptions{})
	require.NoError(t, err)
	// Reachable: (1,1) (0,1) (2,0) (1,0) (0,0); P ⇔ step 1 count 0.
	require.Equal(t, [][]int{{0, 0}, {0, 1}}, got)
	_, err = g.PPositionsBelow(context.Background(), []int{1, 1}, PPositionOptions{UpToPermutation: true})
	require.ErrorIs(t, err, ErrInput)
	_, err = Game{Variant: Nim}.PPositionsBelow(context.Background(), []int{100, 100, 100, 100}, PPositionOptions{Limit: 1000})
	require.ErrorIs(t, err, ErrTooMany)
	// Progress reaches the total; a cancelled context stops the walk.
	var last [2]int
	_, err = Game{Variant: Nim}.PPositionsBelow(context.Background(), []int{9, 9, 9, 9, 9}, PPositionOptions{
		Progress: func(done, total int) { last = [2]int{done, total} }})
	require.NoError(t, err)
	require.Equal(t, [2]int{100000, 100000}, last)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Game{Variant: Nim}.PPositionsBelow(ctx, []int{9, 9}, PPositionOptions{})
	require.ErrorIs(t, err, context.Canceled)
}

func ExampleGame_Analyze() {
	a, _ := Game{Variant: Nim}.Analyze([]int{5, 12, 17, 30}, 0)
	fmt.Println(a.Outcome, a.NimSum)
	for _, m := range a.Moves {
		fmt.Println(m.Text)
	}
	// Output:
	// N 6
	// take 2 from heap 1 (5 → 3)
	// take 2 from heap 2 (12 → 10)
	// take 6 from heap 4 (30 → 24)
}

func ExampleBinaryColumns() {
	v := BinaryColumns([]int{1, 3, 5, 7})
	for _, c := range v.Columns {
		fmt.Println(c.Bit, c.Bits, c.Count, c.Residue)
	}
	// Output:
	// 2 [0 0 1 1] 2 0
	// 1 [0 1 0 1] 2 0
	// 0 [1 1 1 1] 4 0
}

// TestParseK: k of Moore's Nim_k is a whole number ≥ 1, spaces around it
// allowed; anything else is refused with a message that names k.
func TestParseK(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"1", 1, true}, {" 3 ", 3, true}, {"40", 40, true},
		{"0", 0, false}, {"-2", 0, false}, {"two", 0, false}, {"", 0, false}, {"2.5", 0, false},
	} {
		k, err := ParseK(tc.in)
		if tc.ok {
			require.NoError(t, err, tc.in)
			require.Equal(t, tc.want, k, tc.in)
		} else {
			require.Error(t, err, tc.in)
			require.Contains(t, err.Error(), "k must be a whole number ≥ 1", tc.in)
		}
	}
}
