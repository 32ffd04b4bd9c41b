package census

import "sort"

// MaxShift is the largest shift between two games of one class: the
// published lookup tables identify games whose values agree from heap 1, or
// agree after one game's heaps are shifted by one or two (0.4 is Dawson's
// Kayles 0.07 shifted by one: G₀.₄(n+1) = G₀.₀₇(n)).
const MaxShift = 2

// Membership places one game in its equivalence class.
type Membership struct {
	// Base is the class's first game (in the order given to Classes) among
	// those with the least shift.
	Base string
	// Shift: G_game(n + Shift) = G_Base(n) for every heap n ≥ 1 compared.
	Shift int
	// Size is the number of games in the class.
	Size int
	// AgreeTo is the heap of Base up to which the game was compared with
	// the class (the fingerprints both games reach); Proven is true when
	// every game of the class is certified and the comparison covers both
	// preperiods and periods, so the values agree for every heap.
	AgreeTo int
	Proven  bool
}

// Classes groups results into equivalence classes: two games are joined
// when one's values from heap 1+s equal the other's from heap 1 (s ≤
// MaxShift) over the longest window whose fingerprints both have, and the
// classes are what these links connect. It returns each game's membership,
// keyed by code.
func Classes(results []*Result) map[string]Membership {
	l := newLinker(results)
	// Candidates share the shortest fingerprint of the shifted window.
	buckets := map[uint64][]int{}
	for i, r := range results {
		if len(r.Fingerprints[0]) > 0 {
			buckets[r.Fingerprints[0][0]] = append(buckets[r.Fingerprints[0][0]], i)
		}
	}
	for a, ra := range results {
		for s := 0; s <= MaxShift; s++ {
			if len(ra.Fingerprints[s]) == 0 {
				continue
			}
			for _, b := range buckets[ra.Fingerprints[s][0]] {
				if a == b || (s == 0 && b < a) {
					continue // shift 0 is symmetric: look at each pair once
				}
				l.compare(a, b, s)
			}
		}
	}
	return l.memberships()
}

// linker joins games into classes: a union-find whose links carry the
// shift between a game and its parent.
type linker struct {
	results []*Result
	parent  []int
	offset  []int // G_i(m + offset[i]) = G_parent(m + offset[parent])…, relative to parent
	agree   []int // the shortest comparison that joined each game (−1: none)
	proven  []bool
}

func newLinker(results []*Result) *linker {
	n := len(results)
	l := &linker{results: results, parent: make([]int, n), offset: make([]int, n), agree: make([]int, n), proven: make([]bool, n)}
	for i := range l.parent {
		l.parent[i] = i
		l.agree[i] = -1
		l.proven[i] = results[i].Solved()
	}
	return l
}

// find returns the root of game i's class and i's shift against it.
func (l *linker) find(i int) (root, off int) {
	if l.parent[i] == i {
		return i, 0
	}
	r, o := l.find(l.parent[i])
	l.parent[i], l.offset[i] = r, l.offset[i]+o
	return r, l.offset[i]
}

// compare links games a and b when G_a(m + s) = G_b(m) over the longest
// window whose fingerprints both have.
func (l *linker) compare(a, b, s int) {
	ra, rb := l.results[a], l.results[b]
	common := min(len(ra.Fingerprints[s]), len(rb.Fingerprints[0])) - 1
	if ra.Fingerprints[s][common] != rb.Fingerprints[0][common] {
		return
	}
	// G_a(m + s) = G_b(m) for m = 1..L.
	length := FingerprintLength(common)
	ok := ra.Solved() && rb.Solved() && length >= max(ra.Preperiod-s, rb.Preperiod)+ra.Period+rb.Period+1
	for _, x := range []int{a, b} {
		if l.agree[x] < 0 || length < l.agree[x] {
			l.agree[x] = length
		}
		l.proven[x] = l.proven[x] && ok
	}
	rootA, offA := l.find(a)
	rootB, offB := l.find(b)
	if rootA == rootB {
		return
	}
	// G_a(m + offA) is the root's sequence, and G_a(m+s) = G_b(m),
	// so G_b(m + offB) = G_a(m + s + offB)…: attach b's root to a's.
	l.parent[rootB] = rootA
	l.offset[rootB] = offA - s - offB
}

// memberships gathers the classes, normalises their shifts to start at 0
// and picks each class's base.
func (l *linker) memberships() map[string]Membership {
	members := map[int][]int{}
	for i := range l.results {
		r, _ := l.find(i)
		members[r] = append(members[r], i)
	}
	out := make(map[string]Membership, len(l.results))
	for _, ms := range members {
		sort.Ints(ms)
		l.class(ms, out)
	}
	return out
}

// class adds the memberships of the games ms of one class, in order, to
// out.
func (l *linker) class(ms []int, out map[string]Membership) {
	least := 0
	for j, i := range ms {
		_, o := l.find(i)
		if j == 0 || o < least {
			least = o
		}
	}
	base := -1
	allProven, agreeTo := true, -1
	for _, i := range ms {
		_, o := l.find(i)
		if base < 0 && o == least {
			base = i
		}
		allProven = allProven && l.proven[i]
		if l.agree[i] >= 0 && (agreeTo < 0 || l.agree[i] < agreeTo) {
			agreeTo = l.agree[i]
		}
	}
	if len(ms) == 1 {
		allProven = false
		agreeTo = 0
	}
	for _, i := range ms {
		_, o := l.find(i)
		out[l.results[i].Code] = Membership{Base: l.results[base].Code, Shift: o - least, Size: len(ms),
			AgreeTo: agreeTo, Proven: allProven}
	}
}
