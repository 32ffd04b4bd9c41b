package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The subtraction game {1, 2} in misère play: the P-positions are the heaps
// n ≡ 1 (mod 3) (the player who takes the last token loses), checked here
// against that rule; the heap 8 is won by moving to 7.
func TestGraphMisereSubtraction(t *testing.T) {
	status, out, errOut := runCLI(t, "graph", "--subtraction", "1,2", "--n", "12", "--misere", "--start", "8", "--json")
	require.Equal(t, exitOK, status, errOut)
	var r struct {
		P     []string `json:"p_positions"`
		Moves []string `json:"winning_moves"`
		Games []struct {
			Vertex, Outcome, Genus string
		} `json:"positions"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	assert.Equal(t, []string{"1", "4", "7", "10"}, r.P)
	assert.Equal(t, []string{"7"}, r.Moves)
	require.Len(t, r.Games, 13)
	assert.Equal(t, "0¹²⁰", r.Games[0].Genus)
	assert.Equal(t, "1⁰³¹", r.Games[1].Genus)

	status, out, errOut = runCLI(t, "graph", "--subtraction", "1,2", "--n", "100", "--misere")
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "… and 61 more vertices")
	assert.Less(t, strings.Count(out, "\n"), 50)
}

// Kayles' first heap genera (Winning Ways ch. 13).
func TestMisereGenusKayles(t *testing.T) {
	status, out, errOut := runCLI(t, "misere", "0.77", "--genus", "--max", "6")
	require.Equal(t, exitOK, status, errOut)
	for _, want := range []string{"0¹²⁰", "1⁰³¹", "2²⁰", "3³¹", "4¹⁴⁶", "4^146"} {
		assert.Contains(t, out, want)
	}
}

// Di Prisa's {*2} as a game graph: t → two, two → one, two → zero,
// one → zero. Its misère canonical form is {*2}, genus 0⁰², a P-position
// although *2 is N.
func TestGraphMisereBraceStarTwo(t *testing.T) {
	path := writeGraphFile(t, "braces.txt", "t two\ntwo one\ntwo zero\none zero\n")
	status, out, errOut := runCLI(t, "graph", path, "--misere", "--json")
	require.Equal(t, exitOK, status, errOut)
	var r struct {
		Games []struct {
			Vertex    string `json:"vertex"`
			Outcome   string `json:"outcome"`
			Genus     string `json:"genus"`
			Canonical string `json:"canonical_form"`
			Birthday  int    `json:"birthday"`
		} `json:"positions"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	forms := map[string]string{}
	for _, g := range r.Games {
		forms[g.Vertex] = g.Canonical + " " + g.Outcome + " " + g.Genus
	}
	assert.Equal(t, "{*2} P 0⁰²", forms["t"])
	assert.Equal(t, "*2 N 2²⁰", forms["two"])
	assert.Equal(t, "* P 1⁰³¹", forms["one"])
	assert.Equal(t, "0 N 0¹²⁰", forms["zero"])
}
