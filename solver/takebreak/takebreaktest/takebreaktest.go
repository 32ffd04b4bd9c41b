// Package takebreaktest holds the table of good and bad game codes that the
// tests of every front-end read (nimlab octal, misere, census, astron
// --octal, and the window's code entries), so that all of them are held to
// the same verdicts. It is imported by tests only.
package takebreaktest

import (
	_ "embed"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// FrontEnd names a place where a user types a game.
type FrontEnd int

const (
	// Octal is nimlab octal and the window's Octal tab.
	Octal FrontEnd = iota
	// Census is nimlab census with one game, and the Census tab.
	Census
	// Misere is nimlab misere and the Misère tab.
	Misere
	// Astron is nimlab astron --octal.
	Astron
)

// String names the front-end.
func (f FrontEnd) String() string {
	return [...]string{"octal", "census", "misere", "astron"}[f]
}

// Case is one row of the table.
type Case struct {
	// Code is the text typed.
	Code string
	// Accepted[f] reports whether front-end f accepts the code.
	Accepted [4]bool
	// Why says what the row shows.
	Why string
}

// Name is a short name for the case in test output.
func (c Case) Name() string {
	q := strconv.QuoteToASCII(c.Code)
	if len(q) > 40 {
		q = q[:37] + "…"
	}
	return q
}

//go:embed codes.txt
var codesTxt string

var codeCell = regexp.MustCompile(`^("(?:[^"\\]|\\.)*")(?:\+("(?:[^"\\]|\\.)*")\*(\d+)(?:\+("(?:[^"\\]|\\.)*"))?)?$`)

// Cases returns the rows of the table, in order.
func Cases() ([]Case, error) {
	var out []Case
	for i, line := range strings.Split(codesTxt, "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 || len(f[1]) != 4 {
			return nil, fmt.Errorf("codes.txt line %d: want code, verdict, why separated by tabs", i+1)
		}
		code, err := decodeCode(f[0])
		if err != nil {
			return nil, fmt.Errorf("codes.txt line %d: %v", i+1, err)
		}
		c := Case{Code: code, Why: f[2]}
		for j, m := range f[1] {
			if m != '+' && m != '-' {
				return nil, fmt.Errorf("codes.txt line %d: verdict %q is not four marks + or -", i+1, f[1])
			}
			c.Accepted[j] = m == '+'
		}
		out = append(out, c)
	}
	return out, nil
}

// decodeCode reads "lit", or "lit"+"rep"*N(+"lit"), the code column.
func decodeCode(cell string) (string, error) {
	m := codeCell.FindStringSubmatch(cell)
	if m == nil {
		return "", fmt.Errorf("code %s is not a Go string literal (\"a\" or \"a\"+\"b\"*N)", cell)
	}
	var b strings.Builder
	for k, part := range []string{m[1], m[2], m[4]} {
		if part == "" {
			continue
		}
		s, err := strconv.Unquote(part)
		if err != nil {
			return "", err
		}
		if k == 1 {
			n, _ := strconv.Atoi(m[3])
			s = strings.Repeat(s, n)
		}
		b.WriteString(s)
	}
	return b.String(), nil
}
