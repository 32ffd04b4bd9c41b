package gui

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// seedCitation matches a source cited by its file number in the project's
// collection of sources ("seed 002", "seed 003's Figure 1", "the seed's"),
// which a class or a reader cannot look up: the window and --help name a
// source by author, title and section instead. A random generator's seed
// ("random:N:P[:SEED]", "uint64(seed)") does not match.
var seedCitation = regexp.MustCompile(`(?i)\bseeds?\s+0\d\d\b|\bseed's\b|\bseeds/`)

// TestNoSeedCitations greps every non-test Go file of gui/ and cmd/ (the
// window's and the command line's text, and the comments beside it).
func TestNoSeedCitations(t *testing.T) {
	var files []string
	for _, dir := range []string{".", filepath.Join("..", "cmd", "nimlab")} {
		m, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	checked := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for i, line := range strings.Split(string(b), "\n") {
			if seedCitation.MatchString(line) {
				t.Errorf("%s:%d cites a source by its file number: %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d files checked: the test is not looking where it should", checked)
	}
	// The pattern itself finds what it must and leaves a random seed alone.
	for _, s := range []string{"Binary column sum (seed 002)", "seed 003's game", "is the seed's Figure 1"} {
		if !seedCitation.MatchString(s) {
			t.Errorf("the pattern misses %q", s)
		}
	}
	for _, s := range []string{"random:N:P[:SEED]", "graph.RandomDigraph(n, p, uint64(seed))"} {
		if seedCitation.MatchString(s) {
			t.Errorf("the pattern flags %q", s)
		}
	}
}
