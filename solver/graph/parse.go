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

// dotLexer splits DOT text into tokens, counting lines for the errors.
type dotLexer struct {
	rs          []rune
	i           int
	line        int
	atLineStart bool // only blanks since the last newline: '#' starts a preprocessor line
	toks        []dotToken
}

func tokenizeDOT(text string) ([]dotToken, error) {
	lx := &dotLexer{rs: []rune(text), line: 1, atLineStart: true}
	for lx.i < len(lx.rs) {
		if err := lx.next(); err != nil {
			return nil, err
		}
	}
	return lx.toks, nil
}

// at reports whether the text at i+off is c.
func (lx *dotLexer) at(off int, c rune) bool {
	return lx.i+off < len(lx.rs) && lx.rs[lx.i+off] == c
}

// next reads one blank, comment or token.
func (lx *dotLexer) next() error {
	c := lx.rs[lx.i]
	switch {
	case c == '\n':
		lx.line++
		lx.i++
		lx.atLineStart = true
		return nil
	case unicode.IsSpace(c):
		lx.i++
		return nil
	case c == '#' && lx.atLineStart: // preprocessor-style line
		lx.skipLine()
		return nil
	}
	lx.atLineStart = false
	switch {
	case c == '/' && lx.at(1, '/'):
		lx.skipLine()
	case c == '/' && lx.at(1, '*'):
		return lx.blockComment()
	case c == '"':
		return lx.quoted()
	case c == '-' && (lx.at(1, '>') || lx.at(1, '-')):
		lx.emit(string(lx.rs[lx.i:lx.i+2]), false, lx.line)
		lx.i += 2
	case strings.ContainsRune("{}[];,=:", c):
		lx.emit(string(c), false, lx.line)
		lx.i++
	case c == '_' || c == '.' || c == '-' || unicode.IsLetter(c) || unicode.IsDigit(c):
		lx.plainID()
	default:
		return &ParseError{lx.line, fmt.Sprintf("unexpected character %q; accepted: the DOT subset (digraph { a -> b; c; })", c)}
	}
	return nil
}

func (lx *dotLexer) emit(text string, quoted bool, line int) {
	lx.toks = append(lx.toks, dotToken{text, quoted, line})
}

// skipLine skips to the end of the line (the newline stays, to be counted).
func (lx *dotLexer) skipLine() {
	for lx.i < len(lx.rs) && lx.rs[lx.i] != '\n' {
		lx.i++
	}
}

// blockComment skips a /* … */ comment.
func (lx *dotLexer) blockComment() error {
	start := lx.line
	lx.i += 2
	for lx.i+1 < len(lx.rs) && !(lx.rs[lx.i] == '*' && lx.rs[lx.i+1] == '/') {
		if lx.rs[lx.i] == '\n' {
			lx.line++
		}
		lx.i++
	}
	if lx.i+1 >= len(lx.rs) {
		return &ParseError{start, "a /* comment is not closed"}
	}
	lx.i += 2
	return nil
}

// quoted reads a "quoted ID": \" and \\ escape, a backslash before a
// newline continues the line.
func (lx *dotLexer) quoted() error {
	start := lx.line
	var b strings.Builder
	lx.i++
	for lx.i < len(lx.rs) && lx.rs[lx.i] != '"' {
		if lx.rs[lx.i] == '\\' && (lx.at(1, '"') || lx.at(1, '\\')) {
			lx.i++
		} else if lx.rs[lx.i] == '\\' && lx.at(1, '\n') { // line continuation
			lx.i += 2
			lx.line++
			continue
		}
		if lx.rs[lx.i] == '\n' {
			lx.line++
		}
		b.WriteRune(lx.rs[lx.i])
		lx.i++
	}
	if lx.i >= len(lx.rs) {
		return &ParseError{start, "a quoted name is not closed"}
	}
	lx.i++
	lx.emit(b.String(), true, start)
	return nil
}

// plainID reads an unquoted ID: letters, digits, '_' and '.', with a
// leading '-' allowed (negative numbers).
func (lx *dotLexer) plainID() {
	rs, i := lx.rs, lx.i
	j := i
	for j < len(rs) && (rs[j] == '_' || rs[j] == '.' || unicode.IsLetter(rs[j]) || unicode.IsDigit(rs[j]) || (rs[j] == '-' && j == i)) {
		j++
	}
	lx.emit(string(rs[i:j]), false, lx.line)
	lx.i = j
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
	if err := p.edgeChain(t); err != nil {
		return err
	}
	return p.attrLists()
}

// edgeChain reads "first -> ID -> …" (first already read) and adds its
// vertices and edges.
func (p *dotParser) edgeChain(first dotToken) error {
	chain := []int{p.g.Vertex(first.text)}
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
	return nil
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
