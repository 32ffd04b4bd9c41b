// Package graph solves games given as finite directed graphs (Romeo Rizzi,
// Introduction to Progressively Finite Games; SPEC §1): a vertex is a
// position, an edge u → v a move from u to v. The player who cannot move
// loses (normal play). For an acyclic graph (a
// progressively finite game) it computes the Grundy labels, the kernel with
// Rizzi's linear algorithm, the outcome of a vertex and the direct sum of
// graphs; Solve refuses a graph with a cycle with a message naming one cycle.
//
// Graphs with cycles are loopy games, where play may go on for ever. Loopy
// labels every vertex with Smith's generalised Sprague–Grundy value (a
// number, or ∞_K with K the finite values of its options) in linear-ish time
// and gives the outcomes P, N and D (draw), winning and drawing moves;
// LoopySum adds values of components. Kernels decides whether any digraph
// has a kernel and lists or counts its kernels (Rizzi's Figure 3, an odd
// cycle, has none). See docs/LOOPY.md.
//
// Graphs are read from a small text format (Parse):
//
//	# Rizzi's coin game, first moves
//	0 1        a move from 0 to 1
//	0 2
//	10         a lone name declares a vertex
//	1 -> 2     an arrow between the names is accepted too
//
// or from a subset of Graphviz DOT: one digraph with node statements,
// edge chains a -> b -> c, attribute lists (ignored) and comments. Vertex
// names are kept in the order they first appear.
//
// Generators build the classic examples: SubtractionGame, PlateGame
// (Rizzi's coins in a plate) and NimHeap; and loopy ones: RizziFigure3,
// Cycle, CircleSubtraction, FairSharesVariedPairs and RandomDigraph.
// LayeredLayout places the vertices in
// layers by height (the longest play from the vertex) for drawing.
package graph
