package graph

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode"
)

// ParseError reports a malformed line of a graph file.
type ParseError struct {
	Line int
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// MaxFileSize bounds what Parse reads (64 MiB).
const MaxFileSize = 64 << 20

// Parse reads a graph in the text format or, when its first word is
// digraph, strict or graph, in the DOT subset (see the package comment).
func Parse(r io.Reader) (*Graph, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("the graph file is larger than %d bytes", MaxFileSize)
	}
	text := string(data)
	if looksLikeDOT(text) {
		return ParseDOT(text)
	}
	return ParseText(text)
}

// looksLikeDOT reports whether the first word outside comments is a DOT
// graph keyword and the text has a '{' (a vertex called "graph" in the
// line format stays possible).
func looksLikeDOT(text string) bool {
	if !strings.Contains(text, "{") {
		return false
	}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "//") || strings.HasPrefix(line, "/*") {
			continue
		}
		words := strings.FieldsFunc(line, func(r rune) bool { return unicode.IsSpace(r) || r == '{' })
		if len(words) == 0 {
			return false
		}
		word := strings.ToLower(words[0])
		return word == "digraph" || word == "strict" || word == "graph"
	}
	return false
}

// ParseText reads the line format: "u v" (a move), "u -> v", "u" (a
// vertex), blank lines and # comments (whole-line or trailing).
func ParseText(text string) (*Graph, error) {
	g := New()
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<16), MaxFileSize)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) == 3 && f[1] == "->" {
			f = []string{f[0], f[2]}
		}
		switch len(f) {
		case 0:
		case 1:
			g.Vertex(f[0])
		case 2:
			g.AddEdge(g.Vertex(f[0]), g.Vertex(f[1]))
		default:
			return nil, &ParseError{n, fmt.Sprintf("%q has %d words; accepted: 'u v' (a move from u to v), 'u -> v', 'u' (a vertex) or a # comment", strings.TrimSpace(line), len(f))}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return g, nil
}

// dotToken is a token of the DOT subset: an ID (plain or quoted) or one of
// the symbols { } [ ] ; , = -> -- :.
type dotToken struct {
	text   string
	quoted bool
	line   int
}

func (t dotToken) is(sym string) bool { return !t.quoted && t.text == sym }

func tokenizeDOT(text string) ([]dotToken, error) {
	var toks []dotToken
	line := 1
	rs := []rune(text)
	atLineStart := true
	for i := 0; i < len(rs); {
		c := rs[i]
		switch {
		case c == '\n':
			line++
			i++
			atLineStart = true
			continue
		case unicode.IsSpace(c):
			i++
			continue
		case c == '#' && atLineStart: // preprocessor-style line
			for i < len(rs) && rs[i] != '\n' {
				i++
			}
			continue
		}
		atLineStart = false
		switch {
		case c == '/' && i+1 < len(rs) && rs[i+1] == '/':
			for i < len(rs) && rs[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(rs) && rs[i+1] == '*':
			start := line
			i += 2
			for i+1 < len(rs) && !(rs[i] == '*' && rs[i+1] == '/') {
				if rs[i] == '\n' {
					line++
				}
				i++
			}
			if i+1 >= len(rs) {
				return nil, &ParseError{start, "a /* comment is not closed"}
			}
			i += 2
		case c == '"':
			start := line
			var b strings.Builder
			i++
			for i < len(rs) && rs[i] != '"' {
				if rs[i] == '\\' && i+1 < len(rs) && (rs[i+1] == '"' || rs[i+1] == '\\') {
					i++
				} else if rs[i] == '\\' && i+1 < len(rs) && rs[i+1] == '\n' { // line continuation
					i += 2
					line++
					continue
				}
				if rs[i] == '\n' {
					line++
				}
				b.WriteRune(rs[i])
				i++
			}
			if i >= len(rs) {
				return nil, &ParseError{start, "a quoted name is not closed"}
			}
			i++
			toks = append(toks, dotToken{b.String(), true, start})
		case c == '-' && i+1 < len(rs) && (rs[i+1] == '>' || rs[i+1] == '-'):
			toks = append(toks, dotToken{string(rs[i : i+2]), false, line})
			i += 2
		case strings.ContainsRune("{}[];,=:", c):
			toks = append(toks, dotToken{string(c), false, line})
			i++
		case c == '_' || c == '.' || c == '-' || unicode.IsLetter(c) || unicode.IsDigit(c):
			j := i
			for j < len(rs) && (rs[j] == '_' || rs[j] == '.' || unicode.IsLetter(rs[j]) || unicode.IsDigit(rs[j]) || (rs[j] == '-' && j == i)) {
				j++
			}
			toks = append(toks, dotToken{string(rs[i:j]), false, line})
			i = j
		default:
			return nil, &ParseError{line, fmt.Sprintf("unexpected character %q; accepted: the DOT subset (digraph { a -> b; c; })", c)}
		}
	}
	return toks, nil
}

// dotParser reads: [strict] digraph [ID] { stmt* } with statements
// "graph|node|edge [attrs]", "ID = ID", "ID [attrs]", "ID -> ID -> … [attrs]",
// separated by optional ; or ,.
type dotParser struct {
	toks []dotToken
	i    int
	g    *Graph
}

func (p *dotParser) peek() (dotToken, bool) {
	if p.i < len(p.toks) {
		return p.toks[p.i], true
	}
	return dotToken{}, false
}

func (p *dotParser) lastLine() int {
	if len(p.toks) == 0 {
		return 1
	}
	return p.toks[len(p.toks)-1].line
}

func (p *dotParser) errAt(t dotToken, format string, args ...any) error {
	return &ParseError{t.line, fmt.Sprintf(format, args...)}
}

func isKeyword(t dotToken, kw string) bool { return !t.quoted && strings.EqualFold(t.text, kw) }

func isID(t dotToken) bool {
	return t.quoted || !strings.ContainsAny(t.text, "{}[];,=:") && t.text != "->" && t.text != "--"
}

// ParseDOT reads the DOT subset.
func ParseDOT(text string) (*Graph, error) {
	toks, err := tokenizeDOT(text)
	if err != nil {
		return nil, err
	}
	p := &dotParser{toks: toks, g: New()}
	t, ok := p.peek()
	if ok && isKeyword(t, "strict") {
		p.i++
		t, ok = p.peek()
	}
	if !ok {
		return nil, &ParseError{p.lastLine(), "the file ends before 'digraph {'"}
	}
	if isKeyword(t, "graph") {
		return nil, p.errAt(t, "an undirected graph (graph, --) is not a game; accepted: digraph")
	}
	if !isKeyword(t, "digraph") {
		return nil, p.errAt(t, "expected 'digraph', got %q", t.text)
	}
	p.i++
	if t, ok = p.peek(); ok && isID(t) {
		p.i++ // the graph's name
	}
	if t, ok = p.peek(); !ok || !t.is("{") {
		return nil, &ParseError{p.lastLine(), "expected '{' after digraph"}
	}
	p.i++
	for {
		t, ok := p.peek()
		if !ok {
			return nil, &ParseError{p.lastLine(), "the digraph is not closed with '}'"}
		}
		if t.is("}") {
			p.i++
			break
		}
		if err := p.statement(); err != nil {
			return nil, err
		}
	}
	if t, ok := p.peek(); ok {
		return nil, p.errAt(t, "text after the closing '}': %q; accepted: one digraph per file", t.text)
	}
	return p.g, nil
}

func (p *dotParser) statement() error {
	t := p.toks[p.i]
	switch {
	case t.is(";") || t.is(","):
		p.i++
		return nil
	case isKeyword(t, "subgraph") || t.is("{"):
		return p.errAt(t, "subgraphs are not supported; accepted: node statements and edge chains a -> b -> c")
	case !t.quoted && (isKeyword(t, "graph") || isKeyword(t, "node") || isKeyword(t, "edge")):
		p.i++
		return p.attrLists()
	case !isID(t):
		return p.errAt(t, "unexpected %q; accepted: a vertex name, a -> b, or attributes", t.text)
	}
	p.i++
	if n, ok := p.peek(); ok && n.is("=") { // graph attribute ID = ID
		p.i++
		if v, ok := p.peek(); !ok || !isID(v) {
			return p.errAt(n, "expected a value after '='")
		}
		p.i++
		return nil
	}
	if n, ok := p.peek(); ok && n.is(":") {
		return p.errAt(n, "ports (name:port) are not supported")
	}
	chain := []int{p.g.Vertex(t.text)}
	for {
		n, ok := p.peek()
		if !ok || !(n.is("->") || n.is("--")) {
			break
		}
		if n.is("--") {
			return p.errAt(n, "'--' is an undirected edge; accepted: ->")
		}
		p.i++
		v, ok := p.peek()
		if !ok || !isID(v) || isKeyword(v, "subgraph") {
			return p.errAt(n, "expected a vertex name after '->'")
		}
		p.i++
		chain = append(chain, p.g.Vertex(v.text))
	}
	for k := 0; k+1 < len(chain); k++ {
		p.g.AddEdge(chain[k], chain[k+1])
	}
	return p.attrLists()
}

// attrLists skips [a=b, c=d] [ … ] after a statement.
func (p *dotParser) attrLists() error {
	for {
		t, ok := p.peek()
		if !ok || !t.is("[") {
			return nil
		}
		p.i++
		for {
			t, ok := p.peek()
			if !ok {
				return p.errAt(p.toks[p.i-1], "an attribute list '[' is not closed")
			}
			p.i++
			if t.is("]") {
				break
			}
			if !(isID(t) || t.is("=") || t.is(",") || t.is(";")) {
				return p.errAt(t, "unexpected %q in an attribute list", t.text)
			}
		}
	}
}
