package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func writeGraphFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	return path
}

// coinGameText is Rizzi's plate of 10 Euro filled with coins of 1 and 2,
// written by hand in the line format.
func coinGameText() string {
	var b strings.Builder
	b.WriteString("# Rizzi: coins of 1 and 2 into a plate of 10\n")
	for x := 0; x <= 10; x++ {
		if x+1 <= 10 {
			fmt.Fprintf(&b, "%d %d\n", x, x+1)
		}
		if x+2 <= 10 {
			fmt.Fprintf(&b, "%d %d   # two Euro\n", x, x+2)
		}
	}
	return b.String()
}

type graphJSON struct {
	Vertices     int            `json:"vertices"`
	Edges        int            `json:"edges"`
	Grundy       map[string]int `json:"grundy"`
	Kernel       []string       `json:"kernel"`
	Start        string         `json:"start"`
	Outcome      string         `json:"outcome"`
	WinningMoves []string       `json:"winning_moves"`
	Dot          string         `json:"dot"`
}

func runGraphJSON(t *testing.T, args ...string) (graphJSON, string) {
	t.Helper()
	status, out, errOut := runNimlab(t, append([]string{"graph"}, append(args, "--json")...)...)
	require.Equal(t, exitOK, status, errOut)
	var r graphJSON
	require.NoError(t, json.Unmarshal([]byte(out), &r), out)
	return r, out
}

func TestGraphRizziCoinGame(t *testing.T) {
	path := writeGraphFile(t, "coins.txt", coinGameText())
	r, raw := runGraphJSON(t, path, "--start", "0")
	assert.Equal(t, 11, r.Vertices)
	assert.Equal(t, 19, r.Edges)
	assert.Equal(t, []string{"1", "4", "7", "10"}, r.Kernel)
	assert.Equal(t, 0, r.Grundy["10"])
	assert.Equal(t, 1, r.Grundy["9"])
	assert.Equal(t, 2, r.Grundy["8"])
	assert.Equal(t, 0, r.Grundy["7"])
	assert.Equal(t, "N", r.Outcome, "the first player wins")
	assert.Equal(t, []string{"1"}, r.WinningMoves)
	// The grundy object keeps the file's vertex order (0, 1, 2, …, 10),
	// not JSON's alphabetical order (0, 1, 10, 2, …).
	assert.Less(t, strings.Index(raw, `"9": `), strings.Index(raw, `"10": `))

	status, out, _ := runNimlab(t, "graph", path, "--start", "7")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "kernel (P-positions): 1 4 7 10")
	assert.Contains(t, out, "outcome of 7: P")
}

// The built-in generators reproduce Rizzi's Figure 1 without a file.
func TestGraphGenerators(t *testing.T) {
	r, _ := runGraphJSON(t, "--plate", "1,2", "--n", "10", "--start", "0")
	assert.Equal(t, []string{"1", "4", "7", "10"}, r.Kernel)
	assert.Equal(t, "N", r.Outcome)
	r, _ = runGraphJSON(t, "--subtraction", "1,2", "--n", "10")
	assert.Equal(t, []string{"0", "3", "6", "9"}, r.Kernel, "heap x = plate 10 − x")
	heap := writeGraphFile(t, "heap1.txt", "1 0\n")
	r, _ = runGraphJSON(t, "--subtraction", "1,2,3", "--n", "3", "--sum", heap, "--start", "3,1")
	assert.Equal(t, 3^1, r.Grundy["(3,1)"])
}

func TestGraphSumAndDOT(t *testing.T) {
	heap := writeGraphFile(t, "heap2.txt", "2 1\n2 0\n1 0\n")
	r, _ := runGraphJSON(t, heap, "--sum", heap, "--start", "2,1")
	assert.Equal(t, 9, r.Vertices)
	// Vertex order follows the file (2, 1, 0), the last component fastest.
	assert.Equal(t, []string{"(2,2)", "(1,1)", "(0,0)"}, r.Kernel)
	assert.Equal(t, 3, r.Grundy["(2,1)"], "2 ⊕ 1")
	assert.Equal(t, "(2,1)", r.Start)
	assert.Equal(t, "N", r.Outcome)
	assert.Equal(t, []string{"(1,1)"}, r.WinningMoves)

	dotIn := writeGraphFile(t, "g.dot", "digraph g {\n  a -> b -> c;\n  a -> c [color=red];\n  d\n}\n")
	out := filepath.Join(t.TempDir(), "out.dot")
	r, _ = runGraphJSON(t, dotIn, "--dot", out, "--start", "a")
	assert.Equal(t, map[string]int{"a": 2, "b": 1, "c": 0, "d": 0}, r.Grundy)
	assert.Equal(t, []string{"c", "d"}, r.Kernel)
	assert.Equal(t, out, r.Dot)
	written, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Contains(t, string(written), `"a" [label="a\ng=2"]`)
	// The written DOT reads back as the same game.
	r2, _ := runGraphJSON(t, out)
	assert.Equal(t, r.Grundy, r2.Grundy)
}

func TestGraphBadInput(t *testing.T) {
	dir := t.TempDir()
	cyclic := writeGraphFile(t, "cyclic.txt", "s a\na b\nb c\nc a\n")
	malformed := writeGraphFile(t, "bad.txt", "0 1\n# fine\n1 2 3\n")
	badDot := writeGraphFile(t, "bad.dot", "digraph {\n a -> b\n a -- c\n}\n")
	good := writeGraphFile(t, "good.txt", "x y\n")
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"graph", filepath.Join(dir, "missing.txt")}, "cannot read graph file"},
		{[]string{"graph", dir}, "cannot read graph file"},
		{[]string{"graph", cyclic, "--acyclic"}, "cycle a → b → c → a"},
		{[]string{"graph", good, "--sum", cyclic, "--acyclic"}, "cycle a → b → c → a"},
		{[]string{"graph", "--game", "figure3", "--acyclic"}, "cycle a → b → c → d → e → a"},
		{[]string{"graph", "--game", "wheel:3"}, `--game "wheel:3" is not a built-in game`},
		{[]string{"graph", "--game", "cycle:0"}, "a cycle has 1 to"},
		{[]string{"graph", "--game", "cycle:5", "--n", "3"}, "--n goes with"},
		{[]string{"graph", "--game", "cycle:5", "--plate", "1", "--n", "3"}, "--game excludes"},
		{[]string{"graph", good, "--game", "figure3"}, "either FILE or"},
		{[]string{"graph", cyclic, "--kernels", "0"}, "--kernels must be at least 1"},
		{[]string{"graph", malformed}, "line 3:"},
		{[]string{"graph", badDot}, "line 3:"},
		{[]string{"graph", good, "--start", "z"}, `--start "z" is not a vertex`},
		{[]string{"graph"}, "exactly one FILE"},
		{[]string{"graph", good, good}, "exactly one FILE"},
		{[]string{"graph", good, "--sum", filepath.Join(dir, "nope.txt")}, "cannot read graph file"},
		{[]string{"graph", good, "--plate", "1,2", "--n", "10"}, "either FILE or --subtraction/--plate"},
		{[]string{"graph", "--plate", "1,2"}, "need --n N"},
		{[]string{"graph", "--plate", "1,2", "--subtraction", "1", "--n", "3"}, "exclude each other"},
		{[]string{"graph", "--subtraction", "0,2", "--n", "10"}, "≥ 1"},
		{[]string{"graph", "--subtraction", "1,x", "--n", "10"}, "--subtraction entry \"x\""},
		{[]string{"graph", "--subtraction", "1", "--n", "-1"}, "--n must be"},
		{[]string{"graph", good, "--n", "3"}, "--n goes with"},
	}
	for _, tc := range tests {
		status, out, errOut := runNimlab(t, tc.args...)
		assert.Equal(t, exitUsage, status, "%v: %s", tc.args, errOut)
		assert.Empty(t, out)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "%v: %q", tc.args, errOut)
		assert.Contains(t, errOut, tc.msg, "%v", tc.args)
	}
}

// TestGraphPicture draws the plate game and a loopy game with --png in
// each format, and refuses what a picture cannot show.
func TestGraphPicture(t *testing.T) {
	dir := t.TempDir()
	for _, ext := range []string{".png", ".svg", ".pdf"} {
		out := filepath.Join(dir, "plate"+ext)
		_, raw := runGraphJSON(t, "--plate", "1,2", "--n", "10", "--png", out, "--width", "1024", "--height", "768")
		assert.Contains(t, raw, `"picture": "`+out+`"`)
		b, err := os.ReadFile(out)
		require.NoError(t, err)
		switch ext {
		case ".png":
			cfg, err := png.DecodeConfig(bytes.NewReader(b))
			require.NoError(t, err)
			assert.Equal(t, [2]int{1024, 768}, [2]int{cfg.Width, cfg.Height})
		case ".svg":
			assert.Contains(t, string(b), "<svg")
		case ".pdf":
			assert.True(t, bytes.HasPrefix(b, []byte("%PDF-")))
		}
	}
	status, _, errOut := runNimlab(t, "graph", "--game", "figure3", "--png", filepath.Join(dir, "fig3.png"))
	assert.Equal(t, exitOK, status, errOut)
	status, _, errOut = runNimlab(t, "graph", "--plate", "1,2", "--n", "10", "--png", filepath.Join(dir, "x.png"), "--misere")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "--misere")
	status, _, errOut = runNimlab(t, "graph", "--subtraction", "1,2", "--n", "600", "--png", filepath.Join(dir, "big.png"))
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errOut, "at most 500 vertices")
	status, _, _ = runNimlab(t, "graph", "--plate", "1,2", "--n", "10", "--png", filepath.Join(dir, "x.png"), "--palette", "rainbow")
	assert.Equal(t, exitUsage, status)
}
