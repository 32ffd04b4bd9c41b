package graph

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// randomDigraph may have cycles and loops: n vertices, each ordered pair
// an edge with probability p, each loop with probability p/4.
func randomDigraph(rng *rand.Rand, n int, p float64) *Graph {
	g := New()
	for i := range n {
		g.Vertex(fmt.Sprintf("v%d", i))
	}
	for u := range n {
		for v := range n {
			q := p
			if u == v {
				q = p / 4
			}
			if rng.Float64() < q {
				g.AddEdge(u, v)
			}
		}
	}
	return g
}

// retrograde is the outcome of every vertex by the definition, as a fixed
// point: a vertex is P when all its options are N (a sink is P), N when
// one of its options is P; what never becomes either is D. Quadratic and
// naive on purpose, to check Loopy independently.
func retrograde(succ [][]int) []Outcome {
	out := make([]Outcome, len(succ))
	for changed := true; changed; {
		changed = false
		for v, ws := range succ {
			if out[v] != "" {
				continue
			}
			allN, someP := true, false
			for _, w := range ws {
				allN = allN && out[w] == N
				someP = someP || out[w] == P
			}
			switch {
			case someP:
				out[v], changed = N, true
			case allN:
				out[v], changed = P, true
			}
		}
	}
	for v := range out {
		if out[v] == "" {
			out[v] = D
		}
	}
	return out
}

// bruteLoopyValues finds γ by its meaning (Smith): γ(u) = m exactly when
// u + *m, the game u beside a Nim heap of m, is a P-position; γ(u) = ∞ when
// no m is, and then K is the set of finite γ of u's options. A finite γ(u)
// is at most u's out-degree, so m runs to that. The product graphs are
// built here and solved by retrograde, not by the code under test.
func bruteLoopyValues(g *Graph) []LoopyValue {
	n := g.Len()
	maxDeg := 0
	for v := range n {
		maxDeg = max(maxDeg, len(g.succ[v]))
	}
	finite := make([]int, n)
	for v := range finite {
		finite[v] = -1
	}
	for m := 0; m <= maxDeg; m++ {
		// Vertex (u, h) = u*(m+1)+h for heaps h = 0..m.
		succ := make([][]int, n*(m+1))
		for u := range n {
			for h := 0; h <= m; h++ {
				id := u*(m+1) + h
				for _, w := range g.succ[u] {
					succ[id] = append(succ[id], w*(m+1)+h)
				}
				for k := range h {
					succ[id] = append(succ[id], u*(m+1)+k)
				}
			}
		}
		out := retrograde(succ)
		for u := range n {
			if out[u*(m+1)+m] == P {
				finite[u] = m
			}
		}
	}
	vals := make([]LoopyValue, n)
	for u := range n {
		if finite[u] >= 0 {
			vals[u] = FiniteValue(finite[u])
			continue
		}
		var k []int
		for _, w := range g.succ[u] {
			if finite[w] >= 0 {
				k = append(k, finite[w])
			}
		}
		vals[u] = InfiniteValue(k...)
	}
	return vals
}

func TestLoopyAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 3))
	infinite, draws := 0, 0
	for trial := range 300 {
		n := 1 + rng.IntN(12)
		p := []float64{0.1, 0.2, 0.3, 0.5}[trial%4]
		g := randomDigraph(rng, n, p)
		sol, err := g.Loopy(context.Background(), nil)
		require.NoError(t, err)
		want := bruteLoopyValues(g)
		outcome := retrograde(g.succ)
		for v := range n {
			got := sol.Value(v)
			require.True(t, want[v].Equal(got), "trial %d vertex %s: γ = %s, brute force %s\n%s", trial, g.Name(v), got, want[v], graphText(g))
			require.Equal(t, outcome[v], sol.Outcome(v), "trial %d vertex %s", trial, g.Name(v))
			require.Equal(t, outcome[v], got.Outcome())
			if !got.Finite {
				infinite++
			}
			if outcome[v] == D {
				draws++
			}
			checkMoves(t, g, sol, outcome, v)
		}
	}
	// The random graphs must exercise the loopy cases, not only finite ones.
	require.Greater(t, infinite, 100)
	require.Greater(t, draws, 50)
}

// checkMoves checks WinningMoves, DrawingMoves and BestMove of v against
// the brute-force outcomes, and that the best moves of both sides reach
// the predicted end: from N or P the game ends (at a sink, the right
// player to move) within n moves per counter step, from D it never leaves D.
func checkMoves(t *testing.T, g *Graph, sol *LoopySolution, outcome []Outcome, v int) {
	t.Helper()
	for _, w := range sol.WinningMoves(v) {
		require.Equal(t, P, outcome[w])
		require.Equal(t, N, outcome[v])
	}
	for _, w := range sol.DrawingMoves(v) {
		require.Equal(t, D, outcome[w])
	}
	if outcome[v] == N {
		require.NotEmpty(t, sol.WinningMoves(v))
	}
	if outcome[v] == D {
		require.NotEmpty(t, sol.DrawingMoves(v))
	}
	// Play best moves against best moves.
	x := v
	for ply := 0; ply <= 2*g.Len()*g.Len()+2; ply++ {
		w := sol.BestMove(x)
		if w < 0 {
			require.Empty(t, g.succ[x])
			require.Equal(t, outcome[v] == P, ply%2 == 0, "from %s the player to move at the start loses iff P", g.Name(v))
			return
		}
		x = w
	}
	require.Equal(t, D, outcome[v], "from %s best play did not end", g.Name(v))
}

func graphText(g *Graph) string {
	s := ""
	for u := range g.Len() {
		for _, w := range g.succ[u] {
			s += g.Name(u) + " " + g.Name(w) + "\n"
		}
	}
	return s
}

// The sum rule against the product graph: Loopy on G×H (built here, every
// move in one component) must give LoopySum of the components' values, and
// retrograde on the product the outcome of that value.
func TestLoopySumRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 4))
	both := 0
	for trial := range 200 {
		a := randomDigraph(rng, 1+rng.IntN(7), 0.25)
		b := randomDigraph(rng, 1+rng.IntN(7), 0.25)
		sa, err := a.Loopy(context.Background(), nil)
		require.NoError(t, err)
		sb, err := b.Loopy(context.Background(), nil)
		require.NoError(t, err)
		prod := New()
		id := func(x, y int) int { return prod.Vertex(fmt.Sprintf("(%s,%s)", a.Name(x), b.Name(y))) }
		for x := range a.Len() {
			for y := range b.Len() {
				id(x, y)
			}
		}
		for x := range a.Len() {
			for y := range b.Len() {
				for _, x2 := range a.succ[x] {
					prod.AddEdge(id(x, y), id(x2, y))
				}
				for _, y2 := range b.succ[y] {
					prod.AddEdge(id(x, y), id(x, y2))
				}
			}
		}
		sp, err := prod.Loopy(context.Background(), nil)
		require.NoError(t, err)
		outcome := retrograde(prod.succ)
		for x := range a.Len() {
			for y := range b.Len() {
				want := LoopySum(sa.Value(x), sb.Value(y))
				got := sp.Value(id(x, y))
				require.True(t, want.Equal(got), "trial %d (%s,%s): product %s, rule %s + %s = %s", trial, a.Name(x), b.Name(y), got, sa.Value(x), sb.Value(y), want)
				require.Equal(t, outcome[id(x, y)], want.Outcome())
				if !sa.Value(x).Finite && !sb.Value(y).Finite {
					both++
				}
			}
		}
	}
	require.Greater(t, both, 100, "∞ + ∞ must be exercised")
}

// On an acyclic graph γ is the Grundy label and nothing is ∞.
func TestLoopyOnDAGIsGrundy(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 5))
	for range 50 {
		g := randomDAG(rng, 1+rng.IntN(40), 0.2)
		want, err := g.Grundy()
		require.NoError(t, err)
		sol, err := g.Loopy(context.Background(), nil)
		require.NoError(t, err)
		for v := range g.Len() {
			require.Equal(t, int32(want[v]), sol.Label[v])
		}
		require.False(t, sol.HasInfinite())
	}
}

func TestLoopySmallCases(t *testing.T) {
	value := func(g *Graph, sol *LoopySolution, name string) string {
		v, ok := g.Lookup(name)
		require.True(t, ok)
		return sol.Value(v).String() + " " + string(sol.Outcome(v))
	}
	// Rizzi, Figure 3: an odd cycle, every vertex ∞ with no finite
	// option, a draw.
	g := RizziFigure3()
	sol, err := g.Loopy(context.Background(), nil)
	require.NoError(t, err)
	for _, x := range []string{"a", "b", "c", "d", "e"} {
		require.Equal(t, "∞ D", value(g, sol, x))
	}
	// a ⇄ b with a → c (a sink): c is 0, b's only option a has the option
	// c labelled 0, so b is 0 too and a is 1 (options c and b, both 0).
	g, err = ParseText("a b\nb a\na c\n")
	require.NoError(t, err)
	sol, err = g.Loopy(context.Background(), nil)
	require.NoError(t, err)
	require.Equal(t, "1 N", value(g, sol, "a"))
	require.Equal(t, "0 P", value(g, sol, "b"))
	require.Equal(t, "0 P", value(g, sol, "c"))
	// A loop (a pass) beside a move to a sink: γ(x) = ∞_{0}, an N-position
	// (move to the sink); the loop vertex alone is ∞, a draw.
	g, err = ParseText("x x\nx z\ny y\n")
	require.NoError(t, err)
	sol, err = g.Loopy(context.Background(), nil)
	require.NoError(t, err)
	require.Equal(t, "∞_{0} N", value(g, sol, "x"))
	require.Equal(t, "∞ D", value(g, sol, "y"))
	x, _ := g.Lookup("x")
	z, _ := g.Lookup("z")
	require.Equal(t, []int{z}, sol.WinningMoves(x))
}

func TestLoopySumValues(t *testing.T) {
	for _, c := range []struct {
		a, b LoopyValue
		want string
	}{
		{FiniteValue(3), FiniteValue(5), "6"},
		{InfiniteValue(0, 2), FiniteValue(2), "∞_{0,2}"},
		{FiniteValue(1), InfiniteValue(0, 2), "∞_{1,3}"},
		{InfiniteValue(0), InfiniteValue(1), "∞"},
		{InfiniteValue(), FiniteValue(7), "∞"},
	} {
		require.Equal(t, c.want, LoopySum(c.a, c.b).String())
	}
	require.Equal(t, D, InfiniteValue(1, 2).Outcome())
	require.Equal(t, N, InfiniteValue(0, 2).Outcome())
}

func TestLoopyGenerators(t *testing.T) {
	g, err := CircleSubtraction([]int{1, 2}, 7)
	require.NoError(t, err)
	require.Equal(t, 7, g.Len())
	require.Equal(t, 12, g.NumEdges())
	one, _ := g.Lookup("1")
	six, _ := g.Lookup("6")
	require.ElementsMatch(t, []int{0, six}, g.succ[one], "1 − 2 comes round to 6")
	require.NotNil(t, g.FindCycle())

	// Fair shares and varied pairs on 4 coins: the 5 partitions; 4 → 2+2
	// and 1+1+1+1; 3+1 → 4 and 1+1+1+1; 2+2 → 2+1+1 (2 and 2 are no varied pair); 2+1+1 → 1+1+1+1 and
	// 3+1; 1+1+1+1 ends.
	g, err = FairSharesVariedPairs(4)
	require.NoError(t, err)
	require.Equal(t, []string{"4", "3+1", "2+2", "2+1+1", "1+1+1+1"}, g.Names())
	succ := map[string][]string{}
	for v := range g.Len() {
		succ[g.Name(v)] = names(g, g.succ[v])
	}
	require.ElementsMatch(t, []string{"2+2", "1+1+1+1"}, succ["4"])
	require.ElementsMatch(t, []string{"4", "1+1+1+1"}, succ["3+1"])
	require.ElementsMatch(t, []string{"2+1+1"}, succ["2+2"])
	require.ElementsMatch(t, []string{"1+1+1+1", "3+1"}, succ["2+1+1"])
	require.Empty(t, succ["1+1+1+1"])
	// p(20) = 627 partitions.
	g, err = FairSharesVariedPairs(20)
	require.NoError(t, err)
	require.Equal(t, 627, g.Len())

	r, err := RandomDigraph(30, 0.1, 5)
	require.NoError(t, err)
	r2, _ := RandomDigraph(30, 0.1, 5)
	require.Equal(t, graphText(r), graphText(r2), "the same seed gives the same graph")
	_, err = FairSharesVariedPairs(0)
	require.Error(t, err)
	_, err = Cycle(0)
	require.Error(t, err)
}

func TestLoopyCancelled(t *testing.T) {
	g, _ := Cycle(10)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := g.Loopy(ctx, nil)
	require.ErrorIs(t, err, context.Canceled)
}

func ExampleGraph_Loopy() {
	// A token on a triangle a → b → c → a with an exit c → end: end is 0,
	// so b (whose only option c has the option end) is 0, a (only option
	// b) is 1 and c (options a = 1, end = 0) is 2.
	g, _ := ParseText("a b\nb c\nc a\nc end\n")
	sol, _ := g.Loopy(context.Background(), nil)
	for v := range g.Len() {
		fmt.Println(g.Name(v), sol.Value(v), sol.Outcome(v))
	}
	// Output:
	// a 1 N
	// b 0 P
	// c 2 N
	// end 0 P
}

func TestDrawingLayout(t *testing.T) {
	// Acyclic: the layered layout.
	g, _ := PlateGame([]int{1, 2}, 10)
	l, layered := g.DrawingLayout()
	require.True(t, layered)
	want, _ := g.LayeredLayout()
	require.Equal(t, want.Y, l.Y)
	// Short cycles: layers by component, every edge between components
	// goes down, the two vertices of a ⇄ b share a layer.
	g, _ = ParseText("a b\nb a\na c\nc d\nd c\nd e\n")
	l, layered = g.DrawingLayout()
	require.True(t, layered)
	for u := range g.Len() {
		for _, w := range g.succ[u] {
			require.GreaterOrEqual(t, l.Layer[u], l.Layer[w])
		}
	}
	a, _ := g.Lookup("a")
	b, _ := g.Lookup("b")
	e, _ := g.Lookup("e")
	require.Equal(t, l.Layer[a], l.Layer[b])
	require.Equal(t, 0, l.Layer[e])
	// A 5-cycle: force layout, all vertices apart and inside [0, 1]².
	g = RizziFigure3()
	l, layered = g.DrawingLayout()
	require.False(t, layered)
	require.Nil(t, l.Layers)
	for u := range g.Len() {
		require.True(t, l.X[u] >= 0 && l.X[u] <= 1 && l.Y[u] >= 0 && l.Y[u] <= 1)
		for v := range u {
			require.Greater(t, math.Hypot(l.X[u]-l.X[v], l.Y[u]-l.Y[v]), 0.2)
		}
	}
}
