package certcheck

import "fmt"

// nimLemmaHolds reports whether the Nim lemma applies to the rules: an
// infinite code, digit 0 before the point, and every digit from d1 on
// allowing to leave nothing and to leave one heap. Then a heap of n has
// options of every value below n (leave m < n, or nothing) and none of n or
// more (the XOR of heaps is at most their sum, below n): G(n) = n.
func nimLemmaHolds(r rules) bool {
	if r.finite() || r.digit[0] != 0 {
		return false
	}
	for _, d := range r.digit[1:] {
		if d&3 != 3 {
			return false
		}
	}
	return true
}

// tail describes a code covered by the threes-tail certificate: every digit
// from T+1 on is 3; ones are the j in 1..T whose digit allows leaving one
// heap, splits the j in 0..T whose digit allows leaving two.
type tail struct {
	T            int
	ones, splits []int
}

// threesTailOf returns the tail of an infinite code whose repeated digits
// are all 3, whose digits are 0..7 and whose digit before the point is 0 or
// 4; ok is false for any other code.
func threesTailOf(r rules) (tl tail, ok bool) {
	if r.finite() || !r.octal() || (r.digit[0] != 0 && r.digit[0] != 4) {
		return tl, false
	}
	start := len(r.digit) - r.repeat
	for _, d := range r.digit[start:] {
		if d != 3 {
			return tl, false
		}
	}
	T := start - 1
	for T >= 1 && r.digit[T] == 3 {
		T--
	}
	tl.T = max(T, 0)
	for j := 0; j <= tl.T; j++ {
		if j >= 1 && r.at(j)&2 != 0 {
			tl.ones = append(tl.ones, j)
		}
		if r.at(j)&4 != 0 {
			tl.splits = append(tl.splits, j)
		}
	}
	return tl, true
}

// threesTailBaseMin is the least base heap Nc the certificate allows.
func threesTailBaseMin(tl tail, n0 int) int {
	m := max(tl.T+1, n0+tl.T)
	if len(tl.splits) > 0 {
		m = max(m, 2*n0+tl.T)
	}
	return m
}

// checkThreesTail checks conditions (b)-(e) of the threes-tail certificate
// (docs/CERTIFICATES.md) for G(n+P) = G(n) + S from n0 on, base heap nc;
// it returns the failed check's name and reason, or "" when they hold.
func checkThreesTail(values []uint16, tl tail, P, S, n0, nc int) (string, string) {
	if why := threesTailValueSets(values, tl.T, P, S, nc); why != "" {
		return "threes-tail-b", why
	}
	if len(tl.splits) == 0 {
		return "", ""
	}
	sigma := S & -S
	if why := threesTailResidues(values, tl, P, S, n0, sigma); why != "" {
		return "threes-tail-c", why
	}
	if why := threesTailWitnesses(values, tl, P, n0, nc, sigma); why != "" {
		return "threes-tail-e", why
	}
	return "", ""
}

// threesTailValueSets checks (b): V(nc+P−T) = {0..S−1} ∪ (V(nc−T) + S),
// where V(m) is the set G(0..m−1). It returns why not, or "".
func threesTailValueSets(values []uint16, T, P, S, nc int) string {
	left := map[int]bool{}
	for m := 0; m < nc+P-T; m++ {
		left[int(values[m])] = true
	}
	right := map[int]bool{}
	for v := range S {
		right[v] = true
	}
	for m := 0; m < nc-T; m++ {
		right[int(values[m])+S] = true
	}
	for v := range left {
		if !right[v] {
			return fmt.Sprintf("value %d is among G(0..%d) but neither below the saltus %d nor %d plus one of G(0..%d)", v, nc+P-T-1, S, S, nc-T-1)
		}
	}
	for v := range right {
		if !left[v] {
			return fmt.Sprintf("value %d is below the saltus %d or %d plus one of G(0..%d), but not among G(0..%d)", v, S, S, nc-T-1, nc+P-T-1)
		}
	}
	return ""
}

// threesTailResidues checks (c) and (d): the residues of G mod sigma (the
// lowest bit of S) and the size rule out that a split of a regular heap
// reaches the heap's own value. It returns why not, or "".
func threesTailResidues(values []uint16, tl tail, P, S, n0, sigma int) string {
	low := make([]int, P)
	c := make([]int, P)
	for n := n0; n < n0+P; n++ {
		low[n%P] = int(values[n]) & (sigma - 1)
		c[n%P] = P*int(values[n]) - S*n
	}
	mod := func(x int) int { return ((x % P) + P) % P }
	for r := range P {
		for _, j := range tl.splits {
			for ra := range P {
				rb := mod(r - j - ra)
				if low[ra]^low[rb] == low[r] && c[ra]+c[rb]-S*j >= c[r] {
					return fmt.Sprintf("residues %d + %d (removing %d) may reach the value of residue %d", ra, rb, j, r)
				}
			}
			for b := 1; b < n0; b++ {
				gb := int(values[b])
				if gb < sigma {
					continue
				}
				ra := mod(r - j - b)
				if low[ra]^(gb&(sigma-1)) == low[r] && c[ra]+P*gb-S*(j+b) >= c[r] {
					return fmt.Sprintf("heap %d with residue %d (removing %d) may reach the value of residue %d", b, ra, j, r)
				}
			}
		}
	}
	return ""
}

// threesTailWitnesses checks (e), witnesses that shift: for nc ≤ N < nc+P
// every u < G(N) that is neither in V(N−T) nor a one-heap option G(N−j) is
// G(a) ⊕ G(b) with a + b = N − j (j a split), a ≥ max(n0, 1) and
// G(b) < sigma. It returns why not, or "".
func threesTailWitnesses(values []uint16, tl tail, P, n0, nc, sigma int) string {
	var small []int // heaps b ≥ 1 with G(b) < sigma, ascending
	for b := 1; b < len(values); b++ {
		if int(values[b]) < sigma {
			small = append(small, b)
		}
	}
	for N := nc; N < nc+P; N++ {
		inV := map[int]bool{}
		for m := 0; m < N-tl.T; m++ {
			inV[int(values[m])] = true
		}
		recent := map[int]bool{}
		for _, j := range tl.ones {
			if N-j >= 1 {
				recent[int(values[N-j])] = true
			}
		}
		for u := 0; u < int(values[N]); u++ {
			if !inV[u] && !recent[u] && !hasShiftingWitness(values, tl.splits, small, N, u, max(n0, 1)) {
				return fmt.Sprintf("heap %d: its option value %d has no split witness that shifts by the period", N, u)
			}
		}
	}
	return ""
}

// hasShiftingWitness reports whether u = G(a) ⊕ G(b) for some split
// a + b = N − j with b in small and a ≥ least.
func hasShiftingWitness(values []uint16, splits, small []int, N, u, least int) bool {
	for _, j := range splits {
		for _, b := range small {
			a := N - j - b
			if a < least {
				break
			}
			if int(values[a]^values[b]) == u {
				return true
			}
		}
	}
	return false
}
