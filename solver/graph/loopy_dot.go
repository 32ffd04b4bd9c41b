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
	return g.writeDOT(w, func(v int, name string) string {
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
		return attrs + "]"
	})
}
