package octal

// KnownGame is a named octal game, for menus and for labelling output.
type KnownGame struct {
	Name string
	Code string
}

// KnownGames lists well-known octal games. Nim itself has the infinite code
// 0.333…; a finite prefix of it plays exactly like Nim on heaps no larger than
// its length.
var KnownGames = []KnownGame{
	{"Dawson's Kayles", "0.07"},
	{"Kayles", "0.77"},
	{"Officers", "0.6"},
	{"Dawson's Chess", "0.137"},
	{"Guiles", "0.15"},
	{"0.23 (Di Prisa, Example 3.19)", "0.23"},
	{"Treblecross", "0.007"},
	{"Split-and-take 4.7", "4.7"},
	{"0.16 (period 149459)", "0.16"},
	{"0.56", "0.56"},
	{"Nim (heaps ≤ 12)", "0.333333333333"},
}

// GameName returns the common name of code, or "" when it has none.
func GameName(code Code) string {
	s := code.String()
	for _, g := range KnownGames {
		if g.Code == s {
			return g.Name
		}
	}
	return ""
}
