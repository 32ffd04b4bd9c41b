package graph

import (
	"fmt"
	"io"
)

// WriteLoopyDOT writes g as a Graphviz digraph labelled with the
// generalised values of sol: each vertex shows its name and γ; D-positions
// are drawn dashed on an orange fill, P-positions filled blue, and the
// vertices of kernel (nil for none) get a double border.
func (g *Graph) WriteLoopyDOT(w io.Writer, sol *LoopySolution, kernel []int) error {
	inKernel := make([]bool, g.Len())
	for _, v := range kernel {
		inKernel[v] = true
	}
	if _, err := fmt.Fprintln(w, "digraph game {\n  node [shape=circle];"); err != nil {
		return err
	}
	for v, name := range g.names {
		attrs := " [label=" + dotQuote(fmt.Sprintf("%s\nγ=%s", name, sol.Value(v)))
		switch sol.Outcome(v) {
		case P:
			attrs += `, style=filled, fillcolor="#cfe8ff"`
		case D:
			attrs += `, style="filled,dashed", fillcolor="#ffd8a8"`
		}
		if inKernel[v] {
			attrs += ", peripheries=2"
		}
		if _, err := fmt.Fprintf(w, "  %s%s];\n", dotQuote(name), attrs); err != nil {
			return err
		}
	}
	for u, ws := range g.succ {
		for _, v := range ws {
			if _, err := fmt.Fprintf(w, "  %s -> %s;\n", dotQuote(g.names[u]), dotQuote(g.names[v])); err != nil {
				return err
			}
		}
	}
	_, err := fmt.Fprintln(w, "}")
	return err
}
