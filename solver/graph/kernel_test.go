package graph

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// bruteKernels tries every subset of the vertices (n ≤ 16).
func bruteKernels(g *Graph) [][]int {
	n := g.Len()
	var out [][]int
	for mask := 0; mask < 1<<n; mask++ {
		ok := true
		for v := 0; v < n && ok; v++ {
			in := mask>>v&1 == 1
			absorbed := false
			for _, w := range g.succ[v] {
				if mask>>w&1 == 1 {
					absorbed = true
					if in {
						ok = false // an edge inside the set
					}
				}
			}
			if !in && !absorbed {
				ok = false
			}
		}
		if ok {
			var k []int
			for v := range n {
				if mask>>v&1 == 1 {
					k = append(k, v)
				}
			}
			out = append(out, k)
		}
	}
	return out
}

func sortedKernels(ks [][]int) [][]int {
	out := slices.Clone(ks)
	slices.SortFunc(out, func(a, b []int) int { return slices.Compare(a, b) })
	return out
}

func TestKernelsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 1))
	none, several := 0, 0
	for trial := range 120 {
		n := 1 + rng.IntN(16)
		p := []float64{0.12, 0.2, 0.3, 0.45}[trial%4]
		g := randomDigraph(rng, n, p)
		want := bruteKernels(g)
		r, err := g.Kernels(context.Background(), KernelOptions{})
		require.NoError(t, err)
		require.True(t, r.Decided, "trial %d: %s", trial, r.Note)
		require.Equal(t, len(want) > 0, r.Exists, "trial %d\n%s", trial, graphText(g))
		require.True(t, r.CountExact)
		require.Equal(t, int64(len(want)), r.Count, "trial %d\n%s", trial, graphText(g))
		require.Equal(t, sortedKernels(want), sortedKernels(r.Kernels), "trial %d", trial)
		for _, k := range r.Kernels {
			for _, v := range r.Forced {
				require.Contains(t, k, v, "a P-position is in every kernel")
			}
			for _, v := range r.Excluded {
				require.NotContains(t, k, v, "an N-position is in no kernel")
			}
		}
		// The sufficient conditions must be true when reported.
		if r.NoOddCycle || r.Bipartite {
			require.True(t, r.Exists)
		}
		if r.Acyclic {
			require.Len(t, want, 1)
		}
		switch {
		case len(want) == 0:
			none++
		case len(want) > 1:
			several++
		}
	}
	require.Greater(t, none, 10)
	require.Greater(t, several, 10)
}

// The odd-cycle test against a brute-force search for closed walks of odd
// length (an odd closed walk contains an odd cycle): a boolean matrix of
// "a walk of length ≡ 0/1 mod 2 from u to v".
func TestOddCycleAgainstWalks(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 2))
	for range 200 {
		g := randomDigraph(rng, 1+rng.IntN(9), 0.2)
		n := g.Len()
		// reach[par][u][v]: a non-empty walk u ⇝ v of that parity.
		var reach [2][][]bool
		for par := range 2 {
			reach[par] = make([][]bool, n)
			for u := range n {
				reach[par][u] = make([]bool, n)
			}
		}
		for u := range n {
			for _, v := range g.succ[u] {
				reach[1][u][v] = true
			}
		}
		for changed := true; changed; {
			changed = false
			for par := range 2 {
				for u := range n {
					for v := range n {
						if !reach[par][u][v] {
							continue
						}
						for _, w := range g.succ[v] {
							if !reach[1-par][u][w] {
								reach[1-par][u][w], changed = true, true
							}
						}
					}
				}
			}
		}
		odd := false
		for u := range n {
			odd = odd || reach[1][u][u]
		}
		require.Equal(t, odd, g.hasOddCycle(), "\n%s", graphText(g))
	}
}

func TestKernelRizziFigure3AndCycles(t *testing.T) {
	r, err := RizziFigure3().Kernels(context.Background(), KernelOptions{})
	require.NoError(t, err)
	require.True(t, r.Decided)
	require.False(t, r.Exists, "Rizzi, Figure 3: a graph with no kernel")
	require.Equal(t, 5, r.Open)
	require.Contains(t, r.Note, "no kernel")

	g, _ := Cycle(4)
	r, err = g.Kernels(context.Background(), KernelOptions{})
	require.NoError(t, err)
	require.True(t, r.Exists)
	require.Equal(t, int64(2), r.Count)
	require.Equal(t, [][]string{{"0", "2"}, {"1", "3"}}, [][]string{names(g, r.Kernels[0]), names(g, r.Kernels[1])})
	require.True(t, r.NoOddCycle)
	require.True(t, r.Bipartite)
	require.False(t, r.Acyclic)

	// Two disjoint 4-cycles and a 6-cycle: 2·2·2 kernels; the limit stops
	// the count and says so.
	g = New()
	for c, size := range []int{4, 4, 6} {
		for i := range size {
			g.AddEdge(g.Vertex(fmt.Sprintf("c%d_%d", c, i)), g.Vertex(fmt.Sprintf("c%d_%d", c, (i+1)%size)))
		}
	}
	r, err = g.Kernels(context.Background(), KernelOptions{})
	require.NoError(t, err)
	require.Equal(t, int64(8), r.Count)
	require.Equal(t, 3, r.Components)
	// The limit bounds the list; the count is the product of the parts'.
	r, err = g.Kernels(context.Background(), KernelOptions{Limit: 3})
	require.NoError(t, err)
	require.True(t, r.Exists)
	require.Equal(t, int64(8), r.Count)
	require.Len(t, r.Kernels, 3)
	// A limit below one part's count makes the count a lower bound.
	r, err = g.Kernels(context.Background(), KernelOptions{Limit: 1})
	require.NoError(t, err)
	require.True(t, r.Exists)
	require.False(t, r.CountExact)
	require.Len(t, r.Kernels, 1)
	for _, k := range r.Kernels {
		require.True(t, g.IsKernel(k))
	}
}

// An acyclic graph: Kernels finds the one kernel of Kernel() without any
// search.
func TestKernelsAcyclicUnchanged(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 6))
	for range 30 {
		g := randomDAG(rng, 1+rng.IntN(60), 0.15)
		want, err := g.Kernel()
		require.NoError(t, err)
		r, err := g.Kernels(context.Background(), KernelOptions{})
		require.NoError(t, err)
		require.True(t, r.Acyclic)
		require.Equal(t, int64(1), r.Count)
		require.Equal(t, want, r.Kernels[0])
		require.Zero(t, r.Nodes)
	}
}

// A long odd cycle with no kernel is settled by propagation alone, and a
// budget of one node leaves a hard graph undecided, saying so.
func TestKernelsLargeAndBudget(t *testing.T) {
	g, _ := Cycle(100001)
	r, err := g.Kernels(context.Background(), KernelOptions{})
	require.NoError(t, err)
	require.True(t, r.Decided)
	require.False(t, r.Exists)
	require.LessOrEqual(t, r.Nodes, int64(2))

	// This random graph needs 3 branchings (it has 2 kernels).
	g, err = RandomDigraph(40, 0.06, 0)
	require.NoError(t, err)
	r, err = g.Kernels(context.Background(), KernelOptions{MaxNodes: 1})
	require.NoError(t, err)
	require.False(t, r.Decided)
	require.Contains(t, r.Note, "undecided")
	r, err = g.Kernels(context.Background(), KernelOptions{})
	require.NoError(t, err)
	require.True(t, r.Decided)
	for _, k := range r.Kernels {
		require.True(t, g.IsKernel(k))
	}
}

func ExampleGraph_Kernels() {
	g, _ := Cycle(4)
	r, _ := g.Kernels(context.Background(), KernelOptions{})
	fmt.Println(r.Note)
	for _, k := range r.Kernels {
		fmt.Println(names(g, k))
	}
	fmt.Println(r.Conditions())
	// Output:
	// exactly 2 kernels
	// [0 2]
	// [1 3]
	// [bipartite: at least one kernel no directed cycle of odd length: at least one kernel (Richardson's theorem)]
}
