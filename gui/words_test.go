package gui

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// seedCitation matches a source cited by its file number in the project's
// collection of sources ("seed 002", "seed 003's Figure 1", "the seeds'",
// "TestSeed004…", "SeedFigure3"), which a class or a reader cannot look up:
// the window, --help, the docs and the code name a source by author, title
// and section instead. A random generator's seed ("random:N:P[:SEED]",
// "uint64(seed)") does not match.
var seedCitation = regexp.MustCompile(`(?i)\bseeds?\s+0\d\d\b|\bseed's\b|\bseeds'|\bseeds/|Seed0\d\d|Seed(Figure|Def|Move|Algorithm|Choice|Coin|TwoHeaps|LeftHand|Cases|Board|Example)`)

// TestNoSeedCitations greps every Go file of the repository (the window's
// and the command line's text, the solver's doc comments and the tests'
// references), README.md and docs/.
func TestNoSeedCitations(t *testing.T) {
	root := filepath.Join("..")
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		switch {
		case rel == filepath.Join("gui", "words_test.go"): // the pattern's own examples
		case strings.HasSuffix(rel, ".go"), rel == "README.md",
			strings.HasPrefix(rel, "docs"+string(filepath.Separator)) && strings.HasSuffix(rel, ".md"):
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, f := range files {
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
	if checked < 100 {
		t.Fatalf("only %d files checked: the test is not looking where it should", checked)
	}
	// The pattern itself finds what it must and leaves a random seed alone.
	for _, s := range []string{"Binary column sum (seed 002)", "seed 003's game", "is the seed's Figure 1",
		"agrees with the seeds' Table 1.1", "func TestSeed004Table023(t *testing.T)", "graph.SeedFigure3()",
		"g.MooreSeedMove(pos)", "TestMooreSeedAlgorithmGap"} {
		if !seedCitation.MatchString(s) {
			t.Errorf("the pattern misses %q", s)
		}
	}
	for _, s := range []string{"random:N:P[:SEED]", "graph.RandomDigraph(n, p, uint64(seed))",
		"func RandomDigraph(n int, p float64, seed uint64)", "the same seed gives the same graph",
		"s.seed += 0x9e3779b97f4a7c15", "rand.New(rand.NewPCG(seed, 1))"} {
		if seedCitation.MatchString(s) {
			t.Errorf("the pattern flags %q", s)
		}
	}
}
