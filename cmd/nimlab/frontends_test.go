package main

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/takebreak"
	"github.com/nimlab/nimlab/solver/takebreak/takebreaktest"
)

// TestEveryFrontEndTakesTheSameCodes feeds the one table of good and bad
// codes (solver/takebreak/takebreaktest/codes.txt, which the window's test
// reads too) to nimlab octal, census (one game), misere and astron --octal:
// each accepts or refuses each code as the table says, a refusal is one line
// with exit 2, and a code the notation refuses is refused by every
// front-end for the reason takebreak.Parse gives.
func TestEveryFrontEndTakesTheSameCodes(t *testing.T) {
	cases, err := takebreaktest.Cases()
	require.NoError(t, err)
	dir := t.TempDir()
	for i, c := range cases {
		reason := ""
		if _, err := takebreak.Parse(c.Code); err != nil {
			var pe *takebreak.ParseError
			require.True(t, errors.As(err, &pe), "%s: %v", c.Name(), err)
			reason = pe.Reason
		}
		for fe, args := range map[takebreaktest.FrontEnd][]string{
			takebreaktest.Octal:  {"octal", c.Code, "--n", "24"},
			takebreaktest.Census: {"census", c.Code, "--max", "32", "--db", filepath.Join(dir, "c"+string(rune('a'+i%26))+".sqlite")},
			takebreaktest.Misere: {"misere", c.Code, "--max", "4", "--seconds", "5"},
			takebreaktest.Astron: {"astron", "1", "2", "--octal", c.Code},
		} {
			t.Run(fe.String()+"/"+c.Name(), func(t *testing.T) {
				status, out, errOut := runCLI(t, args...)
				if c.Accepted[fe] {
					assert.Equal(t, exitOK, status, "%s (%s) should be accepted: %s", c.Name(), c.Why, errOut)
					assert.NotEmpty(t, out)
					return
				}
				assert.Equal(t, exitUsage, status, "%s (%s) should be refused: %s", c.Name(), c.Why, out)
				line := strings.TrimSuffix(errOut, "\n")
				assert.NotEmpty(t, line)
				assert.NotContains(t, line, "\n", "one line")
				assert.NotContains(t, line, "goroutine")
				// An empty argument is refused before any parsing (a flag
				// or argument given an empty value); any other code the
				// notation refuses is refused for the notation's reason.
				if reason != "" && strings.TrimSpace(c.Code) != "" {
					assert.Contains(t, line, reason, "the notation's reason")
				}
			})
		}
	}
}
