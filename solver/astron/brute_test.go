package astron

import (
	"slices"
	"strconv"
	"strings"
)

// This file is an independent brute force, written from the definitions in
// the thesis (Lami) and sharing no code with the package: positions are plain
// index sequences, every move of Definition 2.1.3 (or 2.3.1) is generated
// over index positions (so permutations and repeated sizes produce repeated
// options), and an option that is a sum is worth the nim-sum of its
// components. sumGrundy checks that last step on small sums by playing the
// sum as one game tree (a move is a move in one component).

// bruteKey is the equivalence of Definition 2.1.3: drop zero indices, ignore
// order.
func bruteKey(seq []int) string {
	var nz []int
	for _, x := range seq {
		if x != 0 {
			nz = append(nz, x)
		}
	}
	slices.Sort(nz)
	var b strings.Builder
	for _, x := range nz {
		b.WriteString(strconv.Itoa(x))
		b.WriteByte(' ')
	}
	return b.String()
}

// bruteAstronOptions lists the options of A_{p1..ps} as Definition 2.1.3
// writes them: each option is a list of components (index sequences, zeros
// allowed).
func bruteAstronOptions(seq []int) [][][]int {
	var out [][][]int
	s := len(seq)
	// A_{p1+p2−2, …, ps}, s ≥ 2, p1 + p2 ≥ 2, for every choice of the two
	// (after permutation).
	for i := range s {
		for j := i + 1; j < s; j++ {
			if seq[i] == 0 || seq[j] == 0 || seq[i]+seq[j] < 2 {
				continue
			}
			var next []int
			for k := range s {
				if k != i && k != j {
					next = append(next, seq[k])
				}
			}
			next = append(next, seq[i]+seq[j]-2)
			out = append(out, [][]int{next})
		}
	}
	// A_{p1..pk−1, ak} ⊕ A_{pk+1..ps, bk}, pk ≥ 2, ak + bk = pk − 2, with the
	// other indices permuted into the two groups in every way.
	for k := range s {
		if seq[k] < 2 {
			continue
		}
		var others []int
		for i := range s {
			if i != k {
				others = append(others, seq[i])
			}
		}
		for mask := 0; mask < 1<<len(others); mask++ {
			for a := 0; a <= seq[k]-2; a++ {
				b := seq[k] - 2 - a
				left := []int{a}
				right := []int{b}
				for i, o := range others {
					if mask&(1<<i) != 0 {
						left = append(left, o)
					} else {
						right = append(right, o)
					}
				}
				out = append(out, [][]int{left, right})
			}
		}
	}
	return out
}

// bruteGame computes Grundy values of generators from an option generator.
type bruteGame struct {
	options func(seq []int) [][][]int
	memo    map[string]int
}

func newBruteGame(options func([]int) [][][]int) *bruteGame {
	return &bruteGame{options: options, memo: map[string]int{}}
}

func bruteMex(vals []int) int {
	seen := map[int]bool{}
	for _, v := range vals {
		seen[v] = true
	}
	m := 0
	for seen[m] {
		m++
	}
	return m
}

// grundy is G of one generator: the mex over its options, an option being
// worth the nim-sum of its components (Sprague–Grundy).
func (g *bruteGame) grundy(seq []int) int {
	key := bruteKey(seq)
	if v, ok := g.memo[key]; ok {
		return v
	}
	var vals []int
	for _, opt := range g.options(seq) {
		x := 0
		for _, comp := range opt {
			x ^= g.grundy(comp)
		}
		vals = append(vals, x)
	}
	v := bruteMex(vals)
	g.memo[key] = v
	return v
}

// sumGrundy is G of a sum of generators computed as a game in its own right
// (a move is a move in one component; no nim-sum), for small sums only. It
// checks the one place where the brute force leans on Sprague–Grundy.
func (g *bruteGame) sumGrundy(comps [][]int, memo map[string]int) int {
	keys := make([]string, 0, len(comps))
	for _, c := range comps {
		if k := bruteKey(c); k != "" {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	key := strings.Join(keys, "|")
	if v, ok := memo[key]; ok {
		return v
	}
	var vals []int
	for i, c := range comps {
		for _, opt := range g.options(c) {
			next := make([][]int, 0, len(comps)+1)
			next = append(next, comps[:i]...)
			next = append(next, comps[i+1:]...)
			next = append(next, opt...)
			vals = append(vals, g.sumGrundy(next, memo))
		}
	}
	v := bruteMex(vals)
	memo[key] = v
	return v
}

// bruteMultiadditiveOptions lists the options of H_{p1..ps} for an octal code
// d (digits d[0..]) and a join code c (digits c[0..]) following Definition
// 2.3.1, with the split rule read as in docs/ASTRON.md: δ_{k,0} removes a star
// of exactly k, δ_{k,1} lowers a star by k, δ_{k,2} splits p − k = a + b with
// the other stars shared in every way, both sides non-empty.
func bruteMultiadditiveOptions(d, c []int) func([]int) [][][]int {
	return func(seq []int) [][][]int {
		out := bruteJoinOptions(c, seq)
		for e, p := range seq {
			if p == 0 {
				continue
			}
			var others []int
			for i := range seq {
				if i != e {
					others = append(others, seq[i])
				}
			}
			for k, dk := range d {
				if dk != 0 && p >= k {
					out = append(out, bruteStarOptions(dk, k, p, others)...)
				}
			}
		}
		return out
	}
}

// bruteJoinOptions lists the joins of seq under the join code c: every set
// of n non-empty stars (by index mask) whose digit c[k] allows n, their
// total less k ≥ 0 replacing them.
func bruteJoinOptions(c, seq []int) [][][]int {
	var out [][][]int
	s := len(seq)
	for k, ck := range c {
		for n := 2; n < 8; n++ {
			if ck&(1<<n) == 0 {
				continue
			}
			for mask := 0; mask < 1<<s; mask++ {
				cnt, sum, ok := 0, 0, true
				var rest []int
				for i := range s {
					if mask&(1<<i) != 0 {
						cnt++
						sum += seq[i]
						ok = ok && seq[i] != 0
					} else {
						rest = append(rest, seq[i])
					}
				}
				if ok && cnt == n && sum-k >= 0 {
					out = append(out, [][]int{append(rest, sum-k)})
				}
			}
		}
	}
	return out
}

// bruteStarOptions lists the moves of digit dk (taking k) on a star of p
// beside the stars others: remove it (p = k), lower it, or split p − k
// into a and p − k − a with the others shared in every way, both sides
// non-empty.
func bruteStarOptions(dk, k, p int, others []int) [][][]int {
	var out [][][]int
	if dk&1 != 0 && k > 0 && p == k {
		out = append(out, [][]int{slices.Clone(others)})
	}
	if dk&2 != 0 && k > 0 && p > k {
		out = append(out, [][]int{append(slices.Clone(others), p-k)})
	}
	if dk&4 == 0 {
		return out
	}
	for mask := 0; mask < 1<<len(others); mask++ {
		for a := 0; a <= p-k; a++ {
			left, right := []int{a}, []int{p - k - a}
			for i, o := range others {
				if mask&(1<<i) != 0 {
					left = append(left, o)
				} else {
					right = append(right, o)
				}
			}
			if bruteKey(left) != "" && bruteKey(right) != "" {
				out = append(out, [][]int{left, right})
			}
		}
	}
	return out
}
