package nim

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// bruteGame is an exhaustive game-tree search over a move generator written
// here from the rules in Eugeni, Mascella and Tondini's article, independent
// of the package's formulas.
type bruteGame struct {
	options func(p []int) [][]int
	misere  bool
	// sortKeys identifies positions up to permutation (Nimble's coins are
	// interchangeable).
	sortKeys bool
	memo     map[string]bool // position → next player wins
}

func (b *bruteGame) key(p []int) string {
	if b.sortKeys {
		p = slices.Clone(p)
		slices.Sort(p)
	}
	return fmt.Sprint(p)
}

func (b *bruteGame) nextWins(p []int) bool {
	k := b.key(p)
	if v, ok := b.memo[k]; ok {
		return v
	}
	opts := b.options(p)
	win := len(opts) == 0 && b.misere // no move: normal play loses, misère wins
	for _, q := range opts {
		if !b.nextWins(q) {
			win = true
			break
		}
	}
	b.memo[k] = win
	return win
}

func (b *bruteGame) outcome(p []int) Outcome {
	if b.nextWins(p) {
		return N
	}
	return P
}

func (b *bruteGame) winningSet(p []int) map[string]bool {
	set := map[string]bool{}
	for _, q := range b.options(p) {
		if !b.nextWins(q) {
			set[b.key(q)] = true
		}
	}
	return set
}

func nimOptions(p []int) [][]int {
	var out [][]int
	for i, a := range p {
		for v := range a {
			q := slices.Clone(p)
			q[i] = v
			out = append(out, q)
		}
	}
	return out
}

func staircaseOptions(p []int) [][]int {
	var out [][]int
	for i, a := range p {
		for c := 1; c <= a; c++ {
			q := slices.Clone(p)
			q[i] -= c
			if i > 0 {
				q[i-1] += c
			}
			out = append(out, q)
		}
	}
	return out
}

// mooreOptions: choose 1..k non-empty heaps and a smaller value for each.
func mooreOptions(k int) func(p []int) [][]int {
	return func(p []int) [][]int {
		var out [][]int
		n := len(p)
		for mask := 1; mask < 1<<n; mask++ {
			var idx []int
			ok := true
			for i := range n {
				if mask>>i&1 == 1 {
					idx = append(idx, i)
					ok = ok && p[i] > 0
				}
			}
			if !ok || len(idx) > k {
				continue
			}
			q := slices.Clone(p)
			var rec func(j int)
			rec = func(j int) {
				if j == len(idx) {
					out = append(out, slices.Clone(q))
					return
				}
				for v := range p[idx[j]] {
					q[idx[j]] = v
					rec(j + 1)
				}
				q[idx[j]] = p[idx[j]]
			}
			rec(0)
		}
		return out
	}
}

// plainimOptions applies the article's board rules literally: on one row remove
// coins (at least one) and add coins only to the right of a coin removed in
// the same move.
func plainimOptions(width int) func(p []int) [][]int {
	return func(p []int) [][]int {
		var out [][]int
		for i, r := range p {
			for r2 := range 1 << width {
				removed, added := r&^r2, r2&^r
				if removed == 0 {
					continue
				}
				leftmostRemoved := 0
				for b := width - 1; b >= 0; b-- {
					if removed>>b&1 == 1 {
						leftmostRemoved = b
						break
					}
				}
				if added>>leftmostRemoved != 0 {
					continue // an added coin is not right of any removed one
				}
				q := slices.Clone(p)
				q[i] = r2
				out = append(out, q)
			}
		}
		return out
	}
}

// positions yields every position of n entries in [0, max].
func positions(n, max int, f func(p []int)) {
	p := make([]int, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			f(slices.Clone(p))
			return
		}
		for v := 0; v <= max; v++ {
			p[i] = v
			rec(i + 1)
		}
	}
	rec(0)
}

func compareWithBrute(t *testing.T, g Game, b *bruteGame, nMax, vMax int) {
	t.Helper()
	checked := 0
	for n := 1; n <= nMax; n++ {
		positions(n, vMax, func(p []int) {
			out, err := g.Outcome(p)
			require.NoError(t, err)
			require.Equal(t, b.outcome(p), out, "%+v outcome of %v", g, p)
			moves, complete, err := g.WinningMoves(p, 1<<20)
			require.NoError(t, err)
			require.True(t, complete)
			got := map[string]bool{}
			for _, m := range moves {
				k := b.key(m.To)
				require.False(t, got[k], "%+v: move to %v listed twice from %v", g, m.To, p)
				got[k] = true
				require.True(t, g.IsMove(p, m.To), "%+v: %v → %v is not a move", g, p, m.To)
				require.NotEmpty(t, m.Text)
			}
			require.Equal(t, b.winningSet(p), got, "%+v winning moves from %v", g, p)
			checked++
		})
	}
	require.Greater(t, checked, 100)
}

func TestAgainstExhaustiveSearch(t *testing.T) {
	for _, misere := range []bool{false, true} {
		name := map[bool]string{false: "normal", true: "misère"}[misere]
		t.Run("nim "+name, func(t *testing.T) {
			compareWithBrute(t, Game{Variant: Nim, Misere: misere},
				&bruteGame{options: nimOptions, misere: misere, memo: map[string]bool{}}, 4, 5)
		})
		t.Run("nimble "+name, func(t *testing.T) {
			compareWithBrute(t, Game{Variant: Nimble, Misere: misere},
				&bruteGame{options: nimOptions, misere: misere, sortKeys: true, memo: map[string]bool{}}, 4, 5)
		})
		t.Run("staircase "+name, func(t *testing.T) {
			compareWithBrute(t, Game{Variant: Staircase, Misere: misere},
				&bruteGame{options: staircaseOptions, misere: misere, memo: map[string]bool{}}, 5, 3)
		})
		t.Run("plainim "+name, func(t *testing.T) {
			compareWithBrute(t, Game{Variant: Plainim, Misere: misere, Width: 3},
				&bruteGame{options: plainimOptions(3), misere: misere, memo: map[string]bool{}}, 3, 7)
		})
	}
	for k := 1; k <= 4; k++ {
		t.Run(fmt.Sprintf("moore k=%d", k), func(t *testing.T) {
			compareWithBrute(t, Game{Variant: Moore, K: k},
				&bruteGame{options: mooreOptions(k), memo: map[string]bool{}}, 4, 5)
		})
	}
}

// TestMooreArticleAlgorithm runs Eugeni, Mascella and Tondini's two-step move
// algorithm on every small N-position: whenever it returns a move, the move
// wins and changes only heaps of one of the article's choices. For k = 1
// (Nim) it always finds one; for k ≥ 2 it sometimes finds none (see
// TestMooreArticleAlgorithmGap).
func TestMooreArticleAlgorithm(t *testing.T) {
	for k := 1; k <= 4; k++ {
		g := Game{Variant: Moore, K: k}
		b := &bruteGame{options: mooreOptions(k), memo: map[string]bool{}}
		nPositions, failures := 0, 0
		for n := 1; n <= 5; n++ {
			vMax := 7
			if n == 5 {
				vMax = 3 // keeps the brute force quick
			}
			positions(n, vMax, func(p []int) {
				m, ok := g.MooreArticleMove(p)
				if b.outcome(p) == P {
					require.False(t, ok)
					return
				}
				nPositions++
				if !ok {
					failures++
					return
				}
				require.True(t, g.IsMove(p, m.To))
				require.Equal(t, P, b.outcome(m.To), "k=%d: %v → %v", k, p, m.To)
				var choices [][]int
				MooreSelections(p, k, func(c []int) bool { choices = append(choices, c); return true })
				inSome := false
				for _, c := range choices {
					all := true
					for _, ch := range m.Changes {
						all = all && slices.Contains(c, ch.Index)
					}
					inSome = inSome || all
				}
				require.True(t, inSome, "k=%d: move %v changes heaps outside every article choice %v", k, m.Changes, choices)
			})
		}
		t.Logf("k=%d: article algorithm finds no move in %d of %d N-positions", k, failures, nPositions)
		if k == 1 {
			require.Zero(t, failures, "for Nim the article's algorithm is Bouton's")
		}
	}
}

// TestMooreArticleAlgorithmGap pins the finding recorded in docs/FINDINGS.md:
// in Nim_2 from heaps 1, 2, 2, 4 the only winning move is 1 → 0, 4 → 2, but
// the article's selection takes heap 4 (column 2) and then one of the 2s
// (column 1), filling k = 2 before it reaches column 0.
func TestMooreArticleAlgorithmGap(t *testing.T) {
	pos := []int{1, 2, 2, 4}
	b := &bruteGame{options: mooreOptions(2), memo: map[string]bool{}}
	require.Equal(t, map[string]bool{"[0 2 2 2]": true}, b.winningSet(pos))
	var choices [][]int
	MooreSelections(pos, 2, func(c []int) bool { choices = append(choices, c); return true })
	require.Equal(t, [][]int{{1, 3}, {2, 3}}, choices)
	_, ok := Game{Variant: Moore, K: 2}.MooreArticleMove(pos)
	require.False(t, ok)
	moves, complete, err := Game{Variant: Moore, K: 2}.WinningMoves(pos, 0)
	require.NoError(t, err)
	require.True(t, complete)
	require.Len(t, moves, 1)
	require.Equal(t, []int{0, 2, 2, 2}, moves[0].To)
}

// TestMooreArticleChoiceMatters pins the finding recorded in docs/FINDINGS.md:
// for k = 2 and heaps 2, 3, 4 the article's selection may take heaps {2, 4}
// (indices 0 and 2), from which no rewrite reaches a P-position, while
// {3, 4} works (3 → 2, 4 → 2).
func TestMooreArticleChoiceMatters(t *testing.T) {
	pos := []int{2, 3, 4}
	var choices [][]int
	MooreSelections(pos, 2, func(c []int) bool { choices = append(choices, c); return true })
	require.Equal(t, [][]int{{0, 2}, {1, 2}}, choices)
	_, ok, _ := mooreRewrite(pos, 2, []int{0, 2}, 1<<20)
	require.False(t, ok)
	to, ok, _ := mooreRewrite(pos, 2, []int{1, 2}, 1<<20)
	require.True(t, ok)
	require.Equal(t, []int{2, 2, 2}, to)
	// Independent check: no move of Nim_2 touching only heaps 0 and 2 wins.
	b := &bruteGame{options: mooreOptions(2), memo: map[string]bool{}}
	for _, q := range b.options(pos) {
		if q[1] == pos[1] {
			require.Equal(t, N, b.outcome(q), "%v", q)
		}
	}
}

// TestMooreArticleAlgorithmFailureCounts counts, over every position of at
// most 5 heaps of at most 7 tokens, the N-positions where the article's
// algorithm (every choice of B_s tried) finds no move; the figures are
// quoted in docs/FINDINGS.md. Whether a move wins is decided by Moore's
// theorem, which TestAgainstExhaustiveSearch checks by game-tree search;
// the first failure for k = 3 is checked by game-tree search here.
func TestMooreArticleAlgorithmFailureCounts(t *testing.T) {
	want := map[int][2]int{1: {32767, 0}, 2: {35982, 528}, 3: {37221, 800}, 4: {37436, 0}}
	for k := 1; k <= 4; k++ {
		g := Game{Variant: Moore, K: k}
		nPos, fails := 0, 0
		var first []int
		for n := 1; n <= 5; n++ {
			positions(n, 7, func(p []int) {
				if g.outcome(p) == P {
					return
				}
				nPos++
				m, ok := g.MooreArticleMove(p)
				if !ok {
					fails++
					if first == nil {
						first = p
					}
					return
				}
				require.Equal(t, P, g.outcome(m.To))
			})
		}
		t.Logf("k=%d: %d N-positions, article algorithm finds no move in %d (first %v)", k, nPos, fails, first)
		require.Equal(t, want[k], [2]int{nPos, fails}, "k=%d", k)
		if k == 3 {
			require.Equal(t, []int{1, 2, 2, 2, 4}, first)
			b := &bruteGame{options: mooreOptions(3), memo: map[string]bool{}}
			require.Equal(t, map[string]bool{"[0 2 2 2 2]": true}, b.winningSet(first))
		}
	}
}

// TestMisereExactlyOneBigHeapIsN pins the finding on the article's Theorem 2:
// read literally, conditions a) and b) both hold vacuously when exactly one
// heap exceeds 1, which would make such positions P; they are all N (move
// that heap to 0 or 1 leaving an odd number of 1-heaps), as the theorem's
// own proof and an exhaustive search say.
func TestMisereExactlyOneBigHeapIsN(t *testing.T) {
	b := &bruteGame{options: nimOptions, misere: true, memo: map[string]bool{}}
	g := Game{Variant: Nim, Misere: true}
	count := 0
	for n := 1; n <= 4; n++ {
		positions(n, 6, func(p []int) {
			big := 0
			for _, v := range p {
				if v > 1 {
					big++
				}
			}
			if big != 1 {
				return
			}
			count++
			require.Equal(t, N, b.outcome(p), "%v", p)
			out, _ := g.Outcome(p)
			require.Equal(t, N, out, "%v", p)
		})
	}
	require.Greater(t, count, 100)
}

// TestMooreLargePositionIsQuick: many heaps and a large k must not make the
// move search exponential (the column pruning keeps it output-sensitive).
func TestMooreLargePositionIsQuick(t *testing.T) {
	pos := make([]int, 300)
	for i := range pos {
		pos[i] = (i*7919 + 13) % 100000
	}
	for _, k := range []int{1, 2, 40, 150, 299} {
		g := Game{Variant: Moore, K: k}
		moves, complete, err := g.WinningMoves(pos, 50)
		require.NoError(t, err)
		if g.outcome(pos) == P {
			require.Empty(t, moves)
			continue
		}
		require.NotEmpty(t, moves, "k=%d", k)
		for _, m := range moves {
			require.Equal(t, P, g.outcome(m.To), "k=%d", k)
			require.True(t, g.IsMove(pos, m.To), "k=%d", k)
		}
		if k == 2 || k == 40 {
			require.False(t, complete, "k=%d has more than 50 winning moves", k)
		}
	}
}
