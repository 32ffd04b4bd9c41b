package certcheck

import "math/bits"

// The sparse-space check (Winning Ways ch. 4, "sparse space spells speed")
// tells whether claimed values are the Grundy values of an octal game
// (moves leave at most two heaps) without looking at every split of every
// heap. Values, not a computation, are given: G(n) = g is right, when the
// smaller values are, exactly when (A) no option of n has value g and (B)
// every v < g is the value of an option.
//
// Split the values into two classes with a mask M and a flag t: the class
// of a heap x is cls(x) = parity(G(x) & M) ⊕ t·(x mod 2). For a split of
// r = a + b, parity((G(a) ⊕ G(b)) & M) = cls(a) ⊕ cls(b) ⊕ t·(r mod 2), so
// a split of value g needs cls(a) ⊕ cls(b) = parity(g & M) ⊕ t·(r mod 2).
// When that is 1, one of a, b lies in the rarer class ("rare"), and (A)
// only needs the splits with a rare part: a loop over the rare heaps. When
// it is 0, (A) looks at every split, but that happens at the few heaps
// whose value is of the rarer kind. (B) marks the values of the splits with
// a rare part, then scans the splits from the smallest part up until every
// v < g is marked: most values are reached early, because the splits of two
// common heaps cover the other class densely.
//
// Any M and t give a correct check; a good choice only makes it fast. The
// check picks them itself (chooseSpace), from the values, trusting nothing
// in the certificate.

// space is a class split: mask, heap-parity flag and the class whose heaps
// are scanned (rare).
type space struct {
	mask uint16
	t    int
	rare int
}

func (s space) class(values []uint16, x int) int {
	return bits.OnesCount16(values[x]&s.mask)&1 ^ s.t*(x&1)
}

// chooseSpace picks the space under which the fewest heaps need a scan of
// every split. A split of r = n − j reaching g = G(n) needs cls(a) ⊕ cls(b)
// = parity(g & M) ⊕ t·(r mod 2) = cls(n) ⊕ t·(j mod 2). With t = 0 that
// is cls(n): the heaps of class 0 need every split, the others only those
// with a part of class 0, so class 0 is the rare one. With t = 1 and every
// split digit j of parity π it is cls(n) ⊕ π, and class π is the rare one;
// with split digits of both parities t = 1 would send every heap to the
// full scan and is not tried.
func chooseSpace(values []uint16, split []int) space {
	top := 1
	for _, v := range values {
		for int(v) >= top {
			top <<= 1
		}
	}
	count := make([][2]int, top) // count[v][x mod 2]
	for x := 1; x < len(values); x++ {
		count[values[x]][x&1]++
	}
	pi := -1 // the common parity of the split digits, −1 when mixed
	for i, j := range split {
		if i == 0 {
			pi = j & 1
		} else if j&1 != pi {
			pi = -1
			break
		}
	}
	best, bestN := space{}, len(values)+1
	for mask := 1; mask < min(top, maxSpaceMask); mask++ {
		var c [2][2]int // c[t][class]
		for v := range count {
			p := bits.OnesCount(uint(v&mask)) & 1
			c[0][p] += count[v][0] + count[v][1]
			c[1][p] += count[v][0]
			c[1][p^1] += count[v][1]
		}
		if c[0][0] < bestN {
			best, bestN = space{mask: uint16(mask), t: 0, rare: 0}, c[0][0]
		}
		if pi >= 0 && c[1][pi] < bestN {
			best, bestN = space{mask: uint16(mask), t: 1, rare: pi}, c[1][pi]
		}
	}
	return best
}

// maxSpaceMask bounds the masks tried: the values of the sparse octal games
// known stay below 512.
const maxSpaceMask = 512

// sparseChecker checks heaps of an octal code with the space argument.
type sparseChecker struct {
	r      rules
	values []uint16
	sp     space
	rare   []int // heaps 1..len−1 of the rare class, ascending
	whole  []int // j ≥ 1 whose digit allows leaving nothing
	take   []int // j ≥ 1 whose digit allows leaving one heap
	split  []int // j ≥ 0 whose digit allows leaving two heaps
	top    int
}

func newSparseChecker(r rules, values []uint16, top int) *sparseChecker {
	c := &sparseChecker{r: r, values: values, top: top}
	for j, d := range r.digit {
		if j > 0 && d&1 != 0 {
			c.whole = append(c.whole, j)
		}
		if j > 0 && d&2 != 0 {
			c.take = append(c.take, j)
		}
		if d&4 != 0 {
			c.split = append(c.split, j)
		}
	}
	c.sp = chooseSpace(values, c.split)
	for x := 1; x < len(values); x++ {
		if c.sp.class(values, x) == c.sp.rare {
			c.rare = append(c.rare, x)
		}
	}
	return c
}

// heapOK reports whether values[n] is the mex of the option values of n.
func (c *sparseChecker) heapOK(n int, m *marks) bool {
	g := int(c.values[n])
	m.reset(c.top)
	c.markOneHeapOptions(n, m)
	if m.has(g) {
		return false
	}
	if c.needsEverySplit(n, g) {
		return c.everySplitOK(n, g, m)
	}
	return c.rareSplitsOK(n, g, m)
}

// markOneHeapOptions marks the values of the moves of n that leave no heap
// or one heap.
func (c *sparseChecker) markOneHeapOptions(n int, m *marks) {
	for _, j := range c.whole {
		if j == n {
			m.add(0)
		}
	}
	for _, j := range c.take {
		if j < n {
			m.add(int(c.values[n-j]))
		}
	}
}

// needsEverySplit reports whether some split of n could reach g with both
// parts in the common class, so that the rare parts alone do not settle (A).
func (c *sparseChecker) needsEverySplit(n, g int) bool {
	gp := bits.OnesCount16(uint16(g)&c.sp.mask) & 1
	for _, j := range c.split {
		if r := n - j; r >= 2 && gp^(c.sp.t*(r&1)) == 0 {
			return true
		}
	}
	return false
}

// everySplitOK decides (A) and (B) for n by marking every split.
func (c *sparseChecker) everySplitOK(n, g int, m *marks) bool {
	v := c.values
	for _, j := range c.split {
		r := n - j
		for a := 1; 2*a <= r; a++ {
			m.add(int(v[a] ^ v[r-a]))
		}
	}
	if m.has(g) {
		return false
	}
	for u := range g {
		if !m.has(u) {
			return false
		}
	}
	return true
}

// rareSplitsOK decides (A) from the splits with a rare part, then (B) by
// scanning the splits from the small parts up until every u < g is marked.
func (c *sparseChecker) rareSplitsOK(n, g int, m *marks) bool {
	v := c.values
	for _, j := range c.split {
		r := n - j
		for _, x := range c.rare {
			if x >= r {
				break
			}
			m.add(int(v[x] ^ v[r-x]))
		}
	}
	if m.has(g) {
		return false
	}
	missing := 0
	for u := range g {
		if !m.has(u) {
			missing++
		}
	}
	longest := 0
	for _, j := range c.split {
		longest = max(longest, n-j)
	}
	for a := 1; missing > 0 && 2*a <= longest; a++ {
		for _, j := range c.split {
			r := n - j
			if 2*a > r {
				continue
			}
			x := int(v[a] ^ v[r-a])
			if x < g && !m.has(x) {
				m.add(x)
				missing--
			}
		}
	}
	return missing == 0
}
