package census

import (
	"testing"

	"github.com/nimlab/nimlab/solver/takebreak"
)

// FuzzParseFamily: ParseFamily never panics; a family it accepts holds at
// most maxFamily games, each with a distinct code that parses as a game and
// an engine code that is that game's.
func FuzzParseFamily(f *testing.F) {
	for _, s := range []string{"0.???", "4.???", "0.1?7", "hex:0.??", "0.?F", "S(1..8)", "S(1..17)", "S(1..0)",
		"?.?", "0.?????", "0.??????", "hex:0.????", "0.", "", "S(1..", "@", "0.1?7?", "4!.?", "0.0??", " 0.?? "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pattern string) {
		if len(pattern) > 0 && pattern[0] == '@' {
			return // @FILE reads a file: see TestReadFamilyFile
		}
		fam, err := ParseFamily(pattern)
		if err != nil {
			return
		}
		if len(fam.Games) > maxFamily {
			t.Fatalf("%q: %d games, more than %d", pattern, len(fam.Games), maxFamily)
		}
		seen := map[string]bool{}
		for _, g := range fam.Games {
			if seen[g.Code] {
				t.Fatalf("%q: %s twice", pattern, g.Code)
			}
			seen[g.Code] = true
			if _, err := takebreak.Parse(g.Code); err != nil {
				t.Fatalf("%q: game %q does not parse: %v", pattern, g.Code, err)
			}
			if _, err := takebreak.Parse(g.Octal.String()); err != nil {
				t.Fatalf("%q: engine code %q of %s does not parse: %v", pattern, g.Octal.String(), g.Code, err)
			}
		}
	})
}
