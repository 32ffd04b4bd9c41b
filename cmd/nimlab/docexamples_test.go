package main

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/require"
)

// docExample is one `$ nimlab …` line of a fenced block in the README or
// docs/, with the output printed under it.
type docExample struct {
	file string
	line int
	args []string
	want []string
}

// readDocExamples collects the examples of one Markdown file. In a fenced
// block, a line "$ nimlab ARGS" (an optional "  # comment" after it) is a
// command and the lines up to the next "$ " line or the block's end are its
// output.
func readDocExamples(t *testing.T, path string) []docExample {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []docExample
	var cur *docExample
	inBlock := false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "```") {
			inBlock = !inBlock
			cur = nil
			continue
		}
		if !inBlock {
			continue
		}
		if strings.HasPrefix(line, "$ ") {
			cur = nil
			if !strings.HasPrefix(line, "$ nimlab ") {
				continue
			}
			cmd := strings.TrimPrefix(line, "$ nimlab ")
			if i := strings.Index(cmd, "  #"); i >= 0 {
				cmd = cmd[:i]
			}
			args, err := splitShellWords(cmd)
			require.NoError(t, err, "%s:%d", path, n)
			out = append(out, docExample{file: path, line: n, args: args})
			cur = &out[len(out)-1]
			continue
		}
		if cur != nil {
			cur.want = append(cur.want, line)
		}
	}
	require.NoError(t, sc.Err())
	return out
}

// splitShellWords splits a command line as a POSIX shell would, for the
// quoting the docs use: single quotes, double quotes, backslashes. Words
// with an unquoted glob character are returned as "\x00GLOB" + pattern.
func splitShellWords(s string) ([]string, error) {
	var words []string
	var b strings.Builder
	inWord, glob := false, false
	endWord := func() {
		if !inWord {
			return
		}
		w := b.String()
		if glob {
			w = "\x00GLOB" + w
		}
		words = append(words, w)
		b.Reset()
		inWord, glob = false, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			endWord()
		case c == '\'' || c == '"':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return nil, errUnterminatedQuote
			}
			b.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '\\' && i+1 < len(s):
			b.WriteByte(s[i+1])
			i++
			inWord = true
		default:
			if strings.IndexByte("*?[", c) >= 0 {
				glob = true
			}
			b.WriteByte(c)
			inWord = true
		}
	}
	endWord()
	return words, nil
}

var errUnterminatedQuote = errorString("unterminated quote")

type errorString string

func (e errorString) Error() string { return string(e) }

// docLinesMatch reports whether got matches the documented output want: a
// line "…" stands for any number of lines, "…" inside a line for any text,
// trailing spaces do not count.
func docLinesMatch(want, got []string) bool {
	for len(want) > 0 && strings.TrimSpace(want[len(want)-1]) == "" {
		want = want[:len(want)-1]
	}
	for len(got) > 0 && strings.TrimSpace(got[len(got)-1]) == "" {
		got = got[:len(got)-1]
	}
	if len(want) == 0 {
		return len(got) == 0
	}
	if strings.TrimSpace(want[0]) == "…" {
		for k := 0; k <= len(got); k++ {
			if docLinesMatch(want[1:], got[k:]) {
				return true
			}
		}
		return false
	}
	if len(got) == 0 || !docLineMatches(want[0], got[0]) {
		return false
	}
	return docLinesMatch(want[1:], got[1:])
}

func docLineMatches(want, got string) bool {
	want, got = strings.TrimRight(want, " "), strings.TrimRight(got, " ")
	if !strings.Contains(want, "…") {
		return want == got
	}
	parts := strings.Split(want, "…")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$").MatchString(got)
}

// TestDocExamples runs every `$ nimlab …` example of the README and docs/
// and compares its output with the one printed under it, so that the docs
// cannot drift from the program. The examples of one file run in order in
// one folder (a census example reads the database the one before wrote),
// with the graph files the docs describe (testdata/docs).
func TestDocExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every documented command")
	}
	files := []string{"../../README.md"}
	docs, err := filepath.Glob("../../docs/*.md")
	require.NoError(t, err)
	files = append(files, docs...)
	fixtures, err := filepath.Abs("testdata/docs")
	require.NoError(t, err)
	total := 0
	for _, file := range files {
		examples := readDocExamples(t, file)
		if len(examples) == 0 {
			continue
		}
		t.Run(filepath.Base(file), func(t *testing.T) {
			dir := t.TempDir()
			entries, err := os.ReadDir(fixtures)
			require.NoError(t, err)
			for _, e := range entries {
				data, err := os.ReadFile(filepath.Join(fixtures, e.Name()))
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644))
			}
			t.Chdir(dir)
			for _, ex := range examples {
				args, ok := expandDocGlobs(ex.args)
				if !ok {
					t.Logf("%s:%d: no file matches %q here; not run", ex.file, ex.line, ex.args)
					continue
				}
				total++
				start := time.Now()
				status, out, errOut := runCLI(t, args...)
				if d := time.Since(start); d > 2*time.Second {
					t.Logf("%s:%d: nimlab %s took %v", ex.file, ex.line, strings.Join(args, " "), d.Round(time.Millisecond))
				}
				if status != exitOK {
					t.Errorf("%s:%d: nimlab %s: exit %d: %s", ex.file, ex.line, strings.Join(args, " "), status, errOut)
					continue
				}
				got := strings.Split(strings.TrimRight(out, "\n"), "\n")
				if !docLinesMatch(ex.want, got) {
					t.Errorf("%s:%d: nimlab %s: the output differs from the doc\n--- doc:\n%s\n--- nimlab:\n%s",
						ex.file, ex.line, strings.Join(args, " "), strings.Join(ex.want, "\n"), out)
				}
			}
		})
	}
	require.Greater(t, total, 10, "the docs' examples were found")
}

// expandDocGlobs expands the unquoted glob words of an example as a shell
// would; false when one matches nothing.
func expandDocGlobs(args []string) ([]string, bool) {
	var out []string
	for _, a := range args {
		if !strings.HasPrefix(a, "\x00GLOB") {
			out = append(out, a)
			continue
		}
		m, _ := filepath.Glob(strings.TrimPrefix(a, "\x00GLOB"))
		if len(m) == 0 {
			return nil, false
		}
		out = append(out, m...)
	}
	return out, true
}

func TestDocLinesMatch(t *testing.T) {
	for _, c := range []struct {
		want, got []string
		ok        bool
	}{
		{[]string{"a", "b"}, []string{"a", "b"}, true},
		{[]string{"a", "b"}, []string{"a", "c"}, false},
		{[]string{"…", "b"}, []string{"x", "y", "b"}, true},
		{[]string{"a: …"}, []string{"a: anything at all"}, true},
		{[]string{"a: …"}, []string{"b: anything"}, false},
		{[]string{"a"}, []string{"a", "extra"}, false},
		{[]string{"x", "…"}, []string{"x"}, true},
	} {
		require.Equal(t, c.ok, docLinesMatch(c.want, c.got), "%q against %q", c.want, c.got)
	}
	w, err := splitShellWords(`octal '4.[3]' --n 40 "a b" shard-*.sqlite`)
	require.NoError(t, err)
	require.Equal(t, []string{"octal", "4.[3]", "--n", "40", "a b", "\x00GLOBshard-*.sqlite"}, w)
}

// TestHelpExamplesAreQuoted checks every example of every subcommand's
// --help: a word with a character a shell treats specially ([ ] ? * !) must
// be quoted, or a shell could expand `nimlab octal 4.[3]` into another code
// when a file 4.3 exists. Paths with a slash are globs on purpose.
func TestHelpExamplesAreQuoted(t *testing.T) {
	root := newRootCommand(&cliEnv{stdout: &strings.Builder{}, stderr: &strings.Builder{}})
	var walk func(c *cobra.Command)
	checked := 0
	walk = func(c *cobra.Command) {
		for _, line := range strings.Split(c.Example, "\n") {
			line = strings.TrimSpace(line)
			if !strings.HasPrefix(line, "nimlab ") {
				continue
			}
			if i := strings.Index(line, " #"); i >= 0 {
				line = line[:i]
			}
			checked++
			for _, w := range unquotedWords(line) {
				if strings.ContainsAny(w, "[]?*!") && !strings.Contains(w, "/") {
					t.Errorf("%s --help: %q has the unquoted word %q", c.CommandPath(), line, w)
				}
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	require.Greater(t, checked, 20, "examples were found")
}

// unquotedWords returns the words of a command line that are not quoted.
func unquotedWords(line string) []string {
	var out []string
	for _, w := range strings.Fields(line) {
		if !strings.HasPrefix(w, "'") && !strings.HasPrefix(w, `"`) {
			out = append(out, w)
		}
	}
	return out
}
