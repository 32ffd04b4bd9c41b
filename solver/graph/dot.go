package graph

import (
	"fmt"
	"io"
	"strings"
)

// dotQuote writes s as a DOT quoted string: only backslash, double quote
// and newline need escaping (DOT reads "\n" as a centred line break).
func dotQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

// WriteDOT writes g as a Graphviz digraph. With a solution, each vertex is
// labelled with its name and Grundy label and kernel vertices are drawn
// filled with a double border. Moves point downwards, so sinks end at the
// bottom.
func (g *Graph) WriteDOT(w io.Writer, sol *Solution) error {
	return g.writeDOT(w, func(v int, name string) string {
		if sol == nil {
			return ""
		}
		attrs := " [label=" + dotQuote(fmt.Sprintf("%s\ng=%d", name, sol.Grundy[v]))
		if sol.InKernel[v] {
			attrs += ", style=filled, fillcolor=\"#cfe8ff\", peripheries=2"
		}
		return attrs + "]"
	})
}

// writeDOT writes g as a Graphviz digraph of circles, each vertex with the
// attribute list attrs returns for it ("" or " [ … ]").
func (g *Graph) writeDOT(w io.Writer, attrs func(v int, name string) string) error {
	if _, err := fmt.Fprintln(w, "digraph game {\n  node [shape=circle];"); err != nil {
		return err
	}
	for v, name := range g.names {
		if _, err := fmt.Fprintf(w, "  %s%s;\n", dotQuote(name), attrs(v, name)); err != nil {
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
