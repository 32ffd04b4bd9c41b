package misere

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// rawGames is a table of game trees given by their option lists, with no
// simplification at all: the brute force's own representation.
type rawGames struct {
	opts  [][]int
	index map[string]int
	memo  map[string]bool
	gm    map[string]int
}

func newRawGames() *rawGames {
	r := &rawGames{index: map[string]int{}, memo: map[string]bool{}, gm: map[string]int{}}
	r.add(nil)
	return r
}

func (r *rawGames) add(opts []int) int {
	s := slices.Clone(opts)
	slices.Sort(s)
	s = slices.Compact(s)
	k := fmt.Sprint(s)
	if id, ok := r.index[k]; ok {
		return id
	}
	r.opts = append(r.opts, s)
	r.index[k] = len(r.opts) - 1
	return len(r.opts) - 1
}

func (r *rawGames) birthday(g int) int {
	b := 0
	for _, o := range r.opts[g] {
		b = max(b, r.birthday(o)+1)
	}
	return b
}

// fromForm copies a canonical form into the raw table, as the game tree it is.
func (r *rawGames) fromForm(f *Forms, x Form) int {
	var opts []int
	for _, o := range f.Options(x) {
		opts = append(opts, r.fromForm(f, o))
	}
	return r.add(opts)
}

// isP is the misère outcome of the sum of the raw games, from the definition.
func (r *rawGames) isP(sum []int) bool {
	s := slices.Clone(sum)
	slices.Sort(s)
	k := fmt.Sprint(s)
	if v, ok := r.memo[k]; ok {
		return v
	}
	res := false
	for i, g := range s {
		for _, o := range r.opts[g] {
			res = true
			next := append(append(slices.Clone(s[:i]), s[i+1:]...), o)
			if r.isP(next) {
				r.memo[k] = false
				return false
			}
		}
	}
	r.memo[k] = res
	return res
}

// gMinus is g⁻ of the sum from the definition: 1 for the empty sum, else the
// mex of the options'.
func (r *rawGames) gMinus(sum []int) int {
	s := slices.Clone(sum)
	slices.Sort(s)
	k := fmt.Sprint(s)
	if v, ok := r.gm[k]; ok {
		return v
	}
	var seen []int
	for i, g := range s {
		for _, o := range r.opts[g] {
			seen = append(seen, r.gMinus(append(append(slices.Clone(s[:i]), s[i+1:]...), o)))
		}
	}
	v := 1
	if len(seen) > 0 {
		v = mex(seen)
	}
	r.gm[k] = v
	return v
}

// rawUpToDay3 returns the 16 game trees of birthday ≤ 3 (every set of the 4
// trees of birthday ≤ 2: 0, {0}, {{0}}, {0, {0}}).
func rawUpToDay3(r *rawGames) []int {
	zero := r.add(nil)
	star := r.add([]int{zero})
	day2 := []int{zero, star, r.add([]int{star}), r.add([]int{zero, star})}
	var out []int
	for mask := 0; mask < 16; mask++ {
		var opts []int
		for i, g := range day2 {
			if mask&(1<<i) != 0 {
				opts = append(opts, g)
			}
		}
		out = append(out, r.add(opts))
	}
	return out
}

func formOfRaw(f *Forms, r *rawGames, g int) Form {
	opts := make([]Form, len(r.opts[g]))
	for i, o := range r.opts[g] {
		opts[i] = formOfRaw(f, r, o)
	}
	return f.Canonical(opts)
}

// Conway's counts of misère games born by day n: 1, 2, 3, 5, 22 (ONAG ch. 12;
// day 5 has 4171780).
func TestFormsBornByDay(t *testing.T) {
	f := NewForms()
	for d, want := range []int{1, 2, 3, 5, 22} {
		assert.Len(t, f.BornBy(d), want, "games born by day %d", d)
	}
}

// Every game tree of birthday ≤ 3 against the brute force: trees with the
// same simplest form have the same outcome in every sum with a tree of
// birthday ≤ 3 or a sum of two of them; trees with different forms are told
// apart by the distinguisher; the birthday of the form is the least birthday
// of a tree equal to it; the genus terms are g⁻(G + k·*2) of the tree.
func TestFormsAgainstBruteForceUpToDay3(t *testing.T) {
	f := NewForms()
	r := newRawGames()
	raws := rawUpToDay3(r)
	require.Len(t, raws, 16)
	forms := make([]Form, len(raws))
	for i, g := range raws {
		forms[i] = formOfRaw(f, r, g)
	}
	var contexts [][]int
	for i, a := range raws {
		contexts = append(contexts, []int{a})
		for _, b := range raws[i:] {
			contexts = append(contexts, []int{a, b})
		}
	}
	contexts = append(contexts, []int{})
	least := map[Form]int{}
	for i, g := range raws {
		b := r.birthday(g)
		if old, ok := least[forms[i]]; !ok || b < old {
			least[forms[i]] = b
		}
	}
	assert.Len(t, least, 5, "5 distinct games among the trees of birthday ≤ 3")
	for x, b := range least {
		assert.Equal(t, b, f.Birthday(x), "birthday of %s", f.String(x))
	}
	two := r.add([]int{r.add(nil), r.add([]int{r.add(nil)})})
	for i, a := range raws {
		for j, b := range raws {
			if j <= i {
				continue
			}
			if forms[i] == forms[j] {
				for _, c := range contexts {
					require.Equal(t, r.isP(append([]int{a}, c...)), r.isP(append([]int{b}, c...)),
						"%v and %v have one form %s but differ with %v", r.opts[a], r.opts[b], f.String(forms[i]), c)
				}
				continue
			}
			x, err := f.Distinguisher(forms[i], forms[j])
			require.NoError(t, err)
			rx := r.fromForm(f, x)
			require.NotEqual(t, r.isP([]int{a, rx}), r.isP([]int{b, rx}),
				"%s does not tell %s from %s", f.String(x), f.String(forms[i]), f.String(forms[j]))
		}
		g := f.Genus(forms[i])
		sum := []int{a}
		for k := 0; k < len(g.Minus)+4; k++ {
			want := r.gMinus(sum)
			if k < len(g.Minus) {
				require.Equal(t, want, g.Minus[k], "γ_%d of %v", k, r.opts[a])
			} else {
				// beyond the computed terms the sequence keeps alternating
				m := g.Minus
				require.Equal(t, m[len(m)-2+(k-len(m))%2], want, "γ_%d of %v", k, r.opts[a])
			}
			sum = append(sum, two)
		}
	}
}

// Di Prisa's facts: * + * = 0; *2 + *2 ≠ 0 (it is {*2, *3}); {*2} equals no
// nim heap and no sum of nim heaps (checked for sums of up to three heaps of
// at most 4 and every nim heap up to 7; the distinguisher from *2 + *2 is
// checked by the brute force).
func TestDiPrisaMisereFacts(t *testing.T) {
	f := NewForms()
	star, two := f.Nim(1), f.Nim(2)
	assert.Equal(t, Form(0), f.Add(star, star), "* + * = 0")
	twoTwo := f.Add(two, two)
	assert.NotEqual(t, Form(0), twoTwo, "*2 + *2 ≠ 0")
	assert.Equal(t, "{*2, *3}", f.String(twoTwo))
	x, err := f.Distinguisher(twoTwo, 0)
	require.NoError(t, err)
	assert.Equal(t, Form(0), x, "X = 0 already: *2 + *2 is P, 0 is N")

	g := f.Canonical([]Form{two})
	for n := 0; n < 8; n++ {
		assert.NotEqual(t, f.Nim(n), g, "{*2} ≠ *%d", n)
	}
	for a := 0; a <= 4; a++ {
		for b := a; b <= 4; b++ {
			for c := b; c <= 4; c++ {
				s := f.Sum(f.Nim(a), f.Nim(b), f.Nim(c))
				require.NotEqual(t, s, g, "{*2} ≠ *%d + *%d + *%d", a, b, c)
				d, err := f.Distinguisher(g, s)
				require.NoError(t, err)
				r := newRawGames()
				rg, rs, rd := r.fromForm(f, g), r.fromForm(f, s), r.fromForm(f, d)
				require.NotEqual(t, r.isP([]int{rg, rd}), r.isP([]int{rs, rd}), "{*2} vs *%d+*%d+*%d", a, b, c)
			}
		}
	}
}

// Winning Ways ch. 13 / ONAG ch. 12: the genera of the nim heaps are 0¹²⁰,
// 1⁰³¹, 2²⁰, 3³¹, 4⁴⁶, 5⁵⁷ (g^{g, g⊕2} from *2 on); nim heaps are tame.
func TestNimGenus(t *testing.T) {
	f := NewForms()
	for n, want := range []string{"0¹²⁰", "1⁰³¹", "2²⁰", "3³¹", "4⁴⁶", "5⁵⁷", "6⁶⁴", "7⁷⁵"} {
		g := f.Genus(f.Nim(n))
		assert.Equal(t, want, g.String(), "*%d", n)
		assert.Equal(t, "tame", f.Phylum(f.Nim(n)))
	}
	assert.Equal(t, "0^120", f.Genus(0).ASCII())
	assert.Equal(t, "0⁰²", f.Genus(f.Add(f.Nim(2), f.Nim(2))).String(), "*2 + *2")
}

func ExampleForms() {
	f := NewForms()
	two := f.Nim(2)
	g := f.Canonical([]Form{two}) // the game {*2}
	fmt.Println(f.String(f.Add(two, two)), f.Genus(g), f.Phylum(g))
	x, _ := f.Distinguisher(g, f.Add(two, two))
	fmt.Println("o⁻({*2} + X) ≠ o⁻(*2 + *2 + X) for X =", f.String(x))
	// Output:
	// {*2, *3} 0⁰² tame
	// o⁻({*2} + X) ≠ o⁻(*2 + *2 + X) for X = {*, {{*2}, *3}, {0, {*2}}}
}

// naiveGMinus is g⁻ of a sum of heaps of code with `stars` copies of * and
// `twos` copies of *2, from the definition (no classes, no cancellation).
func naiveGMinus(code octal.Code, heaps []int, stars, twos int, memo map[string]int) int {
	s := slices.Clone(heaps)
	slices.Sort(s)
	k := fmt.Sprint(s, stars, twos)
	if v, ok := memo[k]; ok {
		return v
	}
	var seen []int
	for i, h := range s {
		for _, o := range code.Options(h) {
			seen = append(seen, naiveGMinus(code, append(append(slices.Clone(s[:i]), s[i+1:]...), o.Heaps...), stars, twos, memo))
		}
	}
	if stars > 0 {
		seen = append(seen, naiveGMinus(code, s, stars-1, twos, memo))
	}
	if twos > 0 {
		seen = append(seen, naiveGMinus(code, s, stars, twos-1, memo))   // *2 → 0
		seen = append(seen, naiveGMinus(code, s, stars+1, twos-1, memo)) // *2 → *
	}
	v := 1
	if len(seen) > 0 {
		v = mex(seen)
	}
	memo[k] = v
	return v
}

// The heap genera of Kayles, Dawson's Kayles and 0.137 against the
// definition (heaps ≤ 9, every computed term); Kayles' first genera as in
// Winning Ways ch. 13: 0¹²⁰ 1⁰³¹ 2²⁰ 3³¹ 1⁰³¹ 4¹⁴⁶.
func TestHeapGeneraMatchDefinition(t *testing.T) {
	for _, cs := range []string{"0.77", "0.07", "0.137"} {
		code := octal.NewCode(takebreak.MustParse(cs))
		gs, err := HeapGenera(context.Background(), code, 9)
		require.NoError(t, err)
		memo := map[string]int{}
		for n, g := range gs {
			for k, v := range g.Genus.Minus {
				require.Equal(t, naiveGMinus(code, []int{n}, 0, k, memo), v, "%s heap %d γ_%d", cs, n, k)
			}
		}
		if cs == "0.77" {
			var names []string
			for _, g := range gs[:6] {
				names = append(names, g.Genus.String())
			}
			assert.Equal(t, []string{"0¹²⁰", "1⁰³¹", "2²⁰", "3³¹", "1⁰³¹", "4¹⁴⁶"}, names)
		}
	}
}
