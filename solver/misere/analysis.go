package misere

import (
	"fmt"
	"slices"
	"strings"
)

// Analysis is the structure of a quotient, as MisereSolver's analyse mode
// reports it: the mutual-divisibility classes (x | y and y | x), the
// idempotents, the maximal subgroup at each idempotent (its mutual-
// divisibility class, a group with that identity), the kernel, and whether
// the pretending function Φ is faithful (Di Prisa, Def. 4.8: Φ(G) = Φ(H)
// implies G(G) = G(H), normal-play Grundy values; open problem 4.9 asks
// whether it always is).
type Analysis struct {
	// Classes lists the mutual-divisibility classes, each sorted; the class
	// of the identity comes first, then by size of the principal ideal
	// (largest first).
	Classes [][]int `json:"classes"`
	// Subgroups lists, for each idempotent e, the maximal subgroup at e.
	Subgroups []Subgroup `json:"subgroups"`
	// Faithful reports whether every element is the image only of positions
	// with one normal-play Grundy value, among the sums of the heaps
	// 0..FaithfulTo. GrundyOf[x] is that value (-1 when x is the image of
	// positions with different values; see Conflict).
	Faithful   bool   `json:"faithful"`
	FaithfulTo int    `json:"faithful_to"`
	GrundyOf   []int  `json:"grundy_of"`
	Conflict   string `json:"conflict,omitempty"`
}

// Subgroup is the maximal subgroup of a quotient at an idempotent.
type Subgroup struct {
	Identity int   `json:"identity"`
	Elements []int `json:"elements"`
	// Structure is the abelian group's invariant factors, e.g. "Z2 × Z2"
	// ("1" for the trivial group).
	Structure string `json:"structure"`
}

// Analyse computes the quotient's structure. Faithfulness is decided
// exactly for the sums of the heaps 0..ComputedTo: the pairs (Φ(X), G(X))
// of all such sums are the states reachable from (1, 0) by adding a heap.
func (q *Quotient) Analyse() *Analysis {
	n := q.Order
	// ideal[x] = the set x·Q as a bit set
	words := (n + 63) / 64
	ideal := make([]uint64, n*words)
	for x := 0; x < n; x++ {
		for z := 0; z < n; z++ {
			y := q.Mul[x][z]
			ideal[x*words+y/64] |= 1 << (y % 64)
		}
	}
	key := func(x int) string { return fmt.Sprint(ideal[x*words : (x+1)*words]) }
	byIdeal := map[string]int{}
	a := &Analysis{}
	for x := 0; x < n; x++ {
		k := key(x)
		i, ok := byIdeal[k]
		if !ok {
			i = len(a.Classes)
			byIdeal[k] = i
			a.Classes = append(a.Classes, nil)
		}
		a.Classes[i] = append(a.Classes[i], x)
	}
	size := func(x int) int {
		c := 0
		for _, w := range ideal[x*words : (x+1)*words] {
			for ; w != 0; w &= w - 1 {
				c++
			}
		}
		return c
	}
	slices.SortStableFunc(a.Classes, func(c, d []int) int { return size(d[0]) - size(c[0]) })
	for _, e := range q.Idempotents {
		for _, c := range a.Classes {
			if slices.Contains(c, e) {
				a.Subgroups = append(a.Subgroups, Subgroup{Identity: e, Elements: c, Structure: groupStructure(q, e, c)})
			}
		}
	}
	a.faithful(q)
	return a
}

// groupStructure names the finite abelian group g (identity e) by its
// invariant factors, from the number of elements killed by each prime power.
func groupStructure(q *Quotient, e int, g []int) string {
	power := func(x, k int) int {
		y := e
		for ; k > 0; k-- {
			y = q.Mul[y][x]
		}
		return y
	}
	order := len(g)
	var factors []int
	m := order
	for p := 2; m > 1; p++ {
		if m%p != 0 {
			continue
		}
		for m%p == 0 {
			m /= p
		}
		// killed[k] = log_p |{x : x^(p^k) = e}|
		var ranks []int
		pk := 1
		for {
			pk *= p
			c := 0
			for _, x := range g {
				if power(x, pk) == e {
					c++
				}
			}
			r := 0
			for c > 1 {
				c /= p
				r++
			}
			ranks = append(ranks, r)
			if len(ranks) > 1 && ranks[len(ranks)-1] == ranks[len(ranks)-2] {
				break
			}
		}
		// the number of cyclic factors of order ≥ p^(k+1) is ranks[k] − ranks[k−1] … read backwards
		prev := 0
		counts := make([]int, len(ranks)) // counts[k]: factors of order ≥ p^(k+1)
		for k, r := range ranks {
			counts[k] = r - prev
			prev = r
		}
		for k := range counts {
			exact := counts[k]
			if k+1 < len(counts) {
				exact -= counts[k+1]
			}
			f := 1
			for i := 0; i <= k; i++ {
				f *= p
			}
			for ; exact > 0; exact-- {
				factors = append(factors, f)
			}
		}
	}
	if len(factors) == 0 {
		return "1"
	}
	slices.Sort(factors)
	parts := make([]string, len(factors))
	for i, f := range factors {
		parts[i] = fmt.Sprintf("Z%d", f)
	}
	return strings.Join(parts, " × ")
}

// faithful explores the pairs (Φ(X), G(X)) of the sums X of the heaps
// 0..ComputedTo.
func (a *Analysis) faithful(q *Quotient) {
	h := q.ComputedTo
	g := grundyValues(q, h)
	type step struct{ elem, value int }
	var steps []step
	for j := 1; j <= h; j++ {
		s := step{q.Phi[j], g[j]}
		if !slices.Contains(steps, s) {
			steps = append(steps, s)
		}
	}
	a.FaithfulTo = h
	a.GrundyOf = make([]int, q.Order)
	for i := range a.GrundyOf {
		a.GrundyOf[i] = -2 // not reached
	}
	type state struct{ elem, value int }
	seen := map[state]bool{{0, 0}: true}
	todo := []state{{0, 0}}
	a.GrundyOf[0] = 0
	a.Faithful = true
	for len(todo) > 0 && len(seen) < 1<<22 {
		s := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, t := range steps {
			n := state{q.Mul[s.elem][t.elem], s.value ^ t.value}
			if seen[n] {
				continue
			}
			seen[n] = true
			todo = append(todo, n)
			switch a.GrundyOf[n.elem] {
			case -2:
				a.GrundyOf[n.elem] = n.value
			case n.value, -1:
			default:
				if a.Faithful {
					a.Conflict = fmt.Sprintf("%s is the image of positions with Grundy values %d and %d", q.Names[n.elem], a.GrundyOf[n.elem], n.value)
				}
				a.Faithful = false
				a.GrundyOf[n.elem] = -1
			}
		}
	}
}

// grundyValues returns the normal-play Grundy values of the heaps 0..h.
func grundyValues(q *Quotient, h int) []int {
	g := make([]int, h+1)
	seen := make([]int, 0, 64)
	for n := 1; n <= h; n++ {
		seen = seen[:0]
		q.game.ForEachOption(n, func(_, a, b int) { seen = append(seen, g[a]^g[b]) })
		m := 0
		for slices.Contains(seen, m) {
			m++
		}
		g[n] = m
	}
	return g
}
