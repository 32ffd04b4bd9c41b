package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type loopyJSON struct {
	Vertices int               `json:"vertices"`
	Loopy    bool              `json:"loopy"`
	Values   map[string]string `json:"values"`
	Outcomes map[string]string `json:"outcomes"`
	Kernels  struct {
		Decided    bool       `json:"decided"`
		Exists     bool       `json:"exists"`
		Count      int64      `json:"count"`
		CountExact bool       `json:"count_exact"`
		Listed     [][]string `json:"listed"`
		Conditions []string   `json:"conditions"`
	} `json:"kernels"`
	Start        string   `json:"start"`
	Value        string   `json:"value"`
	Outcome      string   `json:"outcome"`
	SumRule      string   `json:"sum_rule"`
	WinningMoves []string `json:"winning_moves"`
	DrawingMoves []string `json:"drawing_moves"`
	BestMove     string   `json:"best_move"`
}

func runLoopyJSON(t *testing.T, args ...string) loopyJSON {
	t.Helper()
	status, out, errOut := runNimlab(t, append([]string{"graph"}, append(args, "--json")...)...)
	require.Equal(t, exitOK, status, errOut)
	var r loopyJSON
	require.NoError(t, json.Unmarshal([]byte(out), &r), out)
	require.True(t, r.Loopy)
	return r
}

// Rizzi, Figure 3, typed as a file: the graph has no kernel; as a game
// every vertex is a draw.
func TestGraphLoopyRizziFigure3(t *testing.T) {
	path := writeGraphFile(t, "fig3.txt", "# Rizzi, Figure 3\na b\nb c\nc d\nd e\ne a\n")
	r := runLoopyJSON(t, path, "--start", "a")
	assert.True(t, r.Kernels.Decided)
	assert.False(t, r.Kernels.Exists)
	assert.Empty(t, r.Kernels.Listed)
	assert.Equal(t, "∞", r.Values["c"])
	assert.Equal(t, "D", r.Outcome)
	assert.Equal(t, []string{"b"}, r.DrawingMoves)

	status, out, _ := runNimlab(t, "graph", path)
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "kernels: no kernel")
	assert.Contains(t, out, "5 D (draw)")
}

func TestGraphLoopyKernelsAndMoves(t *testing.T) {
	r := runLoopyJSON(t, "--game", "cycle:4")
	assert.Equal(t, int64(2), r.Kernels.Count)
	assert.Equal(t, [][]string{{"0", "2"}, {"1", "3"}}, r.Kernels.Listed)
	assert.Contains(t, r.Kernels.Conditions[0], "bipartite")

	// a ⇄ b, a → c: c and b are P (b's only move, to a, lets the opponent
	// win at c), a is 1 with winning moves to c and b.
	path := writeGraphFile(t, "two.txt", "a b\nb a\na c\n")
	r = runLoopyJSON(t, path, "--start", "a")
	assert.Equal(t, "1", r.Value)
	assert.Equal(t, "N", r.Outcome)
	assert.ElementsMatch(t, []string{"b", "c"}, r.WinningMoves)
	assert.Equal(t, "c", r.BestMove, "c was labelled first: the move that ends the game")

	// A loop (a pass) and an exit: ∞_{0}, an N-position.
	r = runLoopyJSON(t, writeGraphFile(t, "pass.txt", "x x\nx z\n"), "--start", "x")
	assert.Equal(t, "∞_{0}", r.Value)
	assert.Equal(t, "N", r.Outcome)

	// A sum of a loopy game and a Nim heap of 2, by the product graph and
	// by the rule: (x, 2) is ∞_{0} + 2 = ∞_{2}, a draw.
	heap := writeGraphFile(t, "heap2.txt", "2 1\n2 0\n1 0\n")
	r = runLoopyJSON(t, writeGraphFile(t, "pass2.txt", "x x\nx z\n"), "--sum", heap, "--start", "x,2")
	assert.Equal(t, "∞_{2}", r.Value)
	assert.Equal(t, "D", r.Outcome)
	assert.Equal(t, "∞_{0} + 2 = ∞_{2}", r.SumRule)

	// The loopy DOT output marks values and draws.
	out := filepath.Join(t.TempDir(), "fig.dot")
	status, _, errOut := runNimlab(t, "graph", "--game", "figure3", "--dot", out)
	require.Equal(t, exitOK, status, errOut)
	written, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Contains(t, string(written), `"a" [label="a\nγ=∞", style="filled,dashed"`)
}

// A DOT file with a cycle is read as a loopy game too.
func TestGraphLoopyDOT(t *testing.T) {
	path := writeGraphFile(t, "two.dot", "digraph { a -> b -> a; b -> c }\n")
	r := runLoopyJSON(t, path, "--start", "b")
	// c is a sink (0); a's only move, to b, lets the opponent move to c, so a is 0;
	// b has the options a and c, both 0, so b is 1.
	assert.Equal(t, "1", r.Value)
	assert.Equal(t, "0", r.Values["a"])
	assert.Equal(t, "0", r.Values["c"])
	assert.Equal(t, [][]string{{"a", "c"}}, r.Kernels.Listed)
}

// An acyclic graph keeps its old report (grundy, kernel), --acyclic or not.
func TestGraphAcyclicUnchanged(t *testing.T) {
	path := writeGraphFile(t, "coins.txt", coinGameText())
	r, _ := runGraphJSON(t, path)
	assert.Equal(t, []string{"1", "4", "7", "10"}, r.Kernel)
	r2, _ := runGraphJSON(t, path, "--acyclic")
	assert.Equal(t, r, r2)
}
