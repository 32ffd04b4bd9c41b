package misere

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Forms is a table of impartial games in misère canonical form (Conway's
// simplest form), each stored once: two games are misère-equal exactly when
// they have the same Form. Form 0 is the game 0 (no move).
//
// A game is built from the forms of its options by Canonical. With its
// options in simplest form, a game G = {S} is not in simplest form exactly
// when S = A ∪ B where every option in B has K = {A} as an option
// (reversible through K) and, if A is empty (K = 0), G is an N-position
// (the endgame proviso); then G = K. Since an option in B has K as an
// option, K is born before every option in B, so A is the set of options
// born before a gap of at least two days in the birthdays, and K is already
// in the table (Conway, ONAG ch. 12; Siegel, Combinatorial Game Theory,
// ch. V). There are no dominated options to remove in misère impartial play.
//
// Forms is not safe for concurrent use.
type Forms struct {
	opts     [][]Form
	birthday []int
	gMinus   []int // misère Grundy value g⁻: 1 for 0, else mex of the options'
	gPlus    []int // normal-play Grundy value
	index    map[string]Form
	sums     map[[2]Form]Form
	nims     []Form
}

// Form is a misère canonical form in a Forms table.
type Form int32

// NewForms returns a table holding the game 0.
func NewForms() *Forms {
	f := &Forms{index: map[string]Form{}, sums: map[[2]Form]Form{}}
	f.record(nil)
	return f
}

// Len is the number of forms in the table.
func (f *Forms) Len() int { return len(f.opts) }

// Zero is the game 0.
func (f *Forms) Zero() Form { return 0 }

// Options returns the options of x (in simplest form, sorted).
func (f *Forms) Options(x Form) []Form { return f.opts[x] }

// Birthday returns the birthday of x's simplest form: the least birthday of
// a game misère-equal to x.
func (f *Forms) Birthday(x Form) int { return f.birthday[x] }

// GMinus returns the misère Grundy value g⁻(x); x is a misère P-position
// exactly when it is 0.
func (f *Forms) GMinus(x Form) int { return f.gMinus[x] }

// GPlus returns the normal-play Grundy value of x.
func (f *Forms) GPlus(x Form) int { return f.gPlus[x] }

// IsP reports whether x is a misère P-position.
func (f *Forms) IsP(x Form) bool { return f.gMinus[x] == 0 }

func formsKey(opts []Form) string {
	b := make([]byte, 0, 4*len(opts))
	for _, o := range opts {
		b = appendInt32(b, int32(o))
	}
	return string(b)
}

func mex(vals []int) int {
	m := 0
	for slices.Contains(vals, m) {
		m++
	}
	return m
}

// record adds the game with these options (sorted, distinct, already known
// to be in simplest form) to the table.
func (f *Forms) record(opts []Form) Form {
	x := Form(len(f.opts))
	f.opts = append(f.opts, opts)
	b := 0
	var gm, gp []int
	for _, o := range opts {
		b = max(b, f.birthday[o]+1)
		gm = append(gm, f.gMinus[o])
		gp = append(gp, f.gPlus[o])
	}
	f.birthday = append(f.birthday, b)
	if len(opts) == 0 {
		f.gMinus = append(f.gMinus, 1)
	} else {
		f.gMinus = append(f.gMinus, mex(gm))
	}
	f.gPlus = append(f.gPlus, mex(gp))
	f.index[formsKey(opts)] = x
	return x
}

func (f *Forms) hasOption(x, y Form) bool {
	_, ok := slices.BinarySearch(f.opts[x], y)
	return ok
}

// Canonical returns the simplest form of the game whose options are opts.
func (f *Forms) Canonical(opts []Form) Form {
	s := slices.Clone(opts)
	slices.Sort(s)
	s = slices.Compact(s)
	if x, ok := f.index[formsKey(s)]; ok {
		return x
	}
	// Sort by birthday (then by form) to find the generation gaps.
	byDay := slices.Clone(s)
	slices.SortStableFunc(byDay, func(a, b Form) int { return f.birthday[a] - f.birthday[b] })
	// A = ∅, K = 0: every option has 0 as an option, and G is an N-position
	// (some option is P).
	allHaveZero, someP := true, false
	for _, o := range s {
		if !f.hasOption(o, 0) {
			allHaveZero = false
		}
		if f.IsP(o) {
			someP = true
		}
	}
	if allHaveZero && someP {
		return 0
	}
	for j := 1; j < len(byDay); j++ {
		if f.birthday[byDay[j]] <= f.birthday[byDay[j-1]]+1 {
			continue
		}
		a := slices.Clone(byDay[:j])
		slices.Sort(a)
		k, ok := f.index[formsKey(a)]
		if !ok {
			continue
		}
		reversible := true
		for _, o := range byDay[j:] {
			if !f.hasOption(o, k) {
				reversible = false
				break
			}
		}
		if reversible {
			return k
		}
	}
	return f.record(s)
}

// Nim returns the nim heap *n.
func (f *Forms) Nim(n int) Form {
	for len(f.nims) <= n {
		f.nims = append(f.nims, f.Canonical(slices.Clone(f.nims)))
	}
	return f.nims[n]
}

// Add returns the simplest form of x + y.
func (f *Forms) Add(x, y Form) Form {
	if x == 0 {
		return y
	}
	if y == 0 {
		return x
	}
	if x > y {
		x, y = y, x
	}
	if s, ok := f.sums[[2]Form{x, y}]; ok {
		return s
	}
	opts := make([]Form, 0, len(f.opts[x])+len(f.opts[y]))
	for _, o := range f.opts[x] {
		opts = append(opts, f.Add(o, y))
	}
	for _, o := range f.opts[y] {
		opts = append(opts, f.Add(x, o))
	}
	s := f.Canonical(opts)
	f.sums[[2]Form{x, y}] = s
	return s
}

// Sum returns the simplest form of the sum of xs.
func (f *Forms) Sum(xs ...Form) Form {
	s := Form(0)
	for _, x := range xs {
		s = f.Add(s, x)
	}
	return s
}

// Equal reports whether x and y are misère-equal (the same simplest form).
func (f *Forms) Equal(x, y Form) bool { return x == y }

// Genus returns the genus of x: g⁺ and the sequence γ_k = g⁻(x + k·*2) for
// k = 0..n, with n large enough to show the final alternation (see
// GenusOf).
func (f *Forms) Genus(x Form) Genus {
	two := f.Nim(2)
	var gammas []int
	y := x
	n := f.birthday[x] + 4
	for k := 0; k <= n; k++ {
		gammas = append(gammas, f.gMinus[y])
		y = f.Add(y, two)
	}
	return Genus{Plus: f.gPlus[x], Minus: gammas}
}

// Genus is Conway's genus g^{γ₀γ₁γ₂…}: g = g⁺ the normal-play Grundy value,
// γ_k = g⁻(G + k·*2) the misère Grundy values with k copies of *2 added. The
// sequence γ ends alternating between two values; String writes it up to the
// first two terms of that alternation (0 is 0^120, * is 1^031, *2 is 2^20).
type Genus struct {
	Plus  int   `json:"plus"`
	Minus []int `json:"minus"`
}

// Shown returns the terms of γ that the usual notation writes: all of them up
// to the first two of the final alternation.
func (g Genus) Shown() []int {
	m := g.Minus
	t := len(m) - 2
	for t > 0 && m[t-1] == m[t+1] {
		t--
	}
	return m[:min(len(m), t+2)]
}

// String writes the genus with superscripts, e.g. 0¹²⁰; a term of two or
// more digits is written between commas (1⁰³¹, 4^{10,8}).
func (g Genus) String() string {
	shown := g.Shown()
	multi := false
	for _, v := range shown {
		if v > 9 {
			multi = true
		}
	}
	var b strings.Builder
	fmt.Fprint(&b, g.Plus)
	if multi {
		parts := make([]string, len(shown))
		for i, v := range shown {
			parts[i] = fmt.Sprint(v)
		}
		b.WriteString("^{" + strings.Join(parts, ",") + "}")
		return b.String()
	}
	for _, v := range shown {
		b.WriteRune(superscripts[v])
	}
	return b.String()
}

// ASCII writes the genus as g^γ₀γ₁…, e.g. 0^120 (comma-separated when a term
// has two digits).
func (g Genus) ASCII() string {
	shown := g.Shown()
	parts := make([]string, len(shown))
	sep := ""
	for i, v := range shown {
		parts[i] = fmt.Sprint(v)
		if v > 9 {
			sep = ","
		}
	}
	return fmt.Sprintf("%d^%s", g.Plus, strings.Join(parts, sep))
}

// Tame reports whether the genus is that of a nim heap or of 0 or *: 0^120,
// 1^031, or g^{g, g⊕2} for g ≥ 2 (taking (g⁺, γ₀) = (0,1) or (1,0) or g = γ₀ ≥ 2;
// positions of misère Nim, e.g. *2 + *2 = 0^02, also have tame genus).
func (g Genus) Tame() bool {
	gm := g.Minus[0]
	return g.Plus == gm || (g.Plus < 2 && gm < 2)
}

// Restive reports whether the genus is restive: g⁺ ∈ {0, 1} and γ₀ ≥ 2 (a
// game that plays like an ambivalent nim heap, ONAG ch. 12).
func (g Genus) Restive() bool { return g.Plus < 2 && g.Minus[0] >= 2 }

// Phylum classifies x: "tame" when x and every follower have tame genus
// (hereditarily tame; Conway's tame games also admit wild options that
// reverse), "restive" when x has restive genus and every follower is tame or
// restive, else "wild of tame genus", "wild of restive genus", "restless"
// (γ₀ < 2 ≤ g⁺) or "wild".
func (f *Forms) Phylum(x Form) string {
	memo := map[Form]int{} // 0 tame, 1 restive, 2 other
	var class func(Form) int
	class = func(y Form) int {
		if c, ok := memo[y]; ok {
			return c
		}
		worst := 0
		for _, o := range f.opts[y] {
			worst = max(worst, class(o))
		}
		gp, gm := f.gPlus[y], f.gMinus[y]
		c := 2
		switch {
		case (gp == gm || (gp < 2 && gm < 2)) && worst == 0:
			c = 0
		case gp < 2 && gm >= 2 && worst <= 1:
			c = 1
		}
		memo[y] = c
		return c
	}
	switch class(x) {
	case 0:
		return "tame"
	case 1:
		return "restive"
	}
	gp, gm := f.gPlus[x], f.gMinus[x]
	switch {
	case gp == gm || (gp < 2 && gm < 2):
		return "wild of tame genus"
	case gp < 2:
		return "wild of restive genus"
	case gm < 2:
		return "restless"
	}
	return "wild"
}

// String writes x in Conway's notation: nim heaps as 0, *, *2, …; other games
// as {…} of their options' names; a sum is not recognised.
func (f *Forms) String(x Form) string {
	for n := 0; n < 64; n++ {
		h := f.Nim(n)
		if h == x {
			switch n {
			case 0:
				return "0"
			case 1:
				return "*"
			}
			return fmt.Sprintf("*%d", n)
		}
		if f.birthday[h] > f.birthday[x] {
			break
		}
	}
	parts := make([]string, len(f.opts[x]))
	for i, o := range f.opts[x] {
		parts[i] = f.String(o)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// ErrEqual is returned by Distinguisher for two misère-equal games.
var ErrEqual = errors.New("the games are misère-equal: no game tells them apart")

// ErrNoDistinguisher is returned when the search finds no distinguisher.
var ErrNoDistinguisher = errors.New("no distinguisher among the games searched (those born by day 4, sums of two of them and games with two such options)")

// Distinguisher returns a game X with o⁻(x + X) ≠ o⁻(y + X) for two games
// that are not misère-equal. By Conway's theorem x ≠ y exactly when
// o⁻(x) ≠ o⁻(y) (X = 0), or x is linked to an option of y or an option of x
// to y (some T makes both P-positions; then X = T); such a T is searched
// for among the 22 games born by day 4, then the sums of two of them, then
// the games whose options are two of them, least birthday first. ({*2} and
// *2 + *2 need the second: X = * + {0, {*2}}.)
func (f *Forms) Distinguisher(x, y Form) (Form, error) {
	if x == y {
		return 0, ErrEqual
	}
	tells := func(t Form) bool { return f.IsP(f.Add(x, t)) != f.IsP(f.Add(y, t)) }
	small := f.BornBy(4)
	for _, t := range small {
		if tells(t) {
			return t, nil
		}
	}
	var cands []Form
	for i, a := range small {
		for _, b := range small[i:] {
			cands = append(cands, f.Add(a, b))
		}
	}
	for i, a := range small {
		for _, b := range small[i+1:] {
			cands = append(cands, f.Canonical([]Form{a, b}))
		}
	}
	slices.SortStableFunc(cands, func(a, b Form) int { return f.birthday[a] - f.birthday[b] })
	for _, t := range cands {
		if tells(t) {
			return t, nil
		}
	}
	return 0, ErrNoDistinguisher
}

// BornBy returns the distinct games born by day d (forms of birthday ≤ d),
// building them: every set of games born by day d−1 is a game born by day
// d. Day 5 has 4171780 games, so d ≤ 4.
func (f *Forms) BornBy(d int) []Form {
	if d > 4 {
		d = 4
	}
	games := []Form{0}
	for day := 1; day <= d; day++ {
		prev := games
		seen := map[Form]bool{}
		var next []Form
		for mask := 0; mask < 1<<len(prev); mask++ {
			var opts []Form
			for i, g := range prev {
				if mask&(1<<i) != 0 {
					opts = append(opts, g)
				}
			}
			g := f.Canonical(opts)
			if !seen[g] {
				seen[g] = true
				next = append(next, g)
			}
		}
		slices.Sort(next)
		games = next
	}
	return games
}

// HeapGenus is the genus of a heap of an octal game.
type HeapGenus struct {
	Genus Genus
	// Birthday is the height of the heap's game tree.
	Birthday int
}

// HeapGenera returns the genus of the heaps H_0..H_n of code: g⁺ from the
// normal-play values and γ_k = g⁻(H_n + k·*2) from a memoised search, for k
// up to the heap's birthday + 4 (the tests check on every game of birthday
// ≤ 3 that the alternation has begun by then). When ctx is done it returns
// the heaps finished so far (H_0..H_{len−1}) with ctx's error.
func HeapGenera(ctx context.Context, code Rules, n int) ([]HeapGenus, error) {
	g := newGame(code)
	for h := 0; h <= n; h++ {
		g.extend()
	}
	plus := make([]int, n+1)
	for h := 1; h <= n; h++ {
		var seen []int
		for _, pair := range g.leaves[h] {
			seen = append(seen, plus[pair[0]]^plus[pair[1]])
		}
		plus[h] = mex(seen)
	}
	s := NewSearcher(code)
	out := make([]HeapGenus, n+1)
	for h := 0; h <= n; h++ {
		b := g.birthday[h]
		gen := Genus{Plus: plus[h]}
		for k := 0; k <= b+4; k++ {
			v, err := s.GenusTerm(ctx, []int{h}, k)
			if err != nil {
				return out[:h], err
			}
			gen.Minus = append(gen.Minus, v)
		}
		out[h] = HeapGenus{Genus: gen, Birthday: b}
	}
	return out, nil
}
