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
	n := len(results)
	parent := make([]int, n)
	offset := make([]int, n) // G_i(m + offset[i]) = G_parent(m + offset[parent])…, relative to parent
	for i := range parent {
		parent[i] = i
	}
	var find func(i int) (root, off int)
	find = func(i int) (int, int) {
		if parent[i] == i {
			return i, 0
		}
		r, o := find(parent[i])
		parent[i], offset[i] = r, offset[i]+o
		return r, offset[i]
	}
	agree := make([]int, n) // the shortest comparison that joined each game
	proven := make([]bool, n)
	for i := range agree {
		agree[i] = -1
		proven[i] = results[i].Solved()
	}
	// Candidates share the shortest fingerprint of the shifted window.
	type key struct{ fp uint64 }
	buckets := map[key][]int{}
	for i, r := range results {
		if len(r.Fingerprints[0]) > 0 {
			k := key{r.Fingerprints[0][0]}
			buckets[k] = append(buckets[k], i)
		}
	}
	for a, ra := range results {
		for s := 0; s <= MaxShift; s++ {
			if len(ra.Fingerprints[s]) == 0 {
				continue
			}
			for _, b := range buckets[key{ra.Fingerprints[s][0]}] {
				if a == b || (s == 0 && b < a) {
					continue // shift 0 is symmetric: look at each pair once
				}
				rb := results[b]
				common := min(len(ra.Fingerprints[s]), len(rb.Fingerprints[0])) - 1
				if ra.Fingerprints[s][common] != rb.Fingerprints[0][common] {
					continue
				}
				// G_a(m + s) = G_b(m) for m = 1..L.
				length := FingerprintLength(common)
				ok := ra.Solved() && rb.Solved() && length >= max(ra.Preperiod-s, rb.Preperiod)+ra.Period+rb.Period+1
				for _, x := range []int{a, b} {
					if agree[x] < 0 || length < agree[x] {
						agree[x] = length
					}
					proven[x] = proven[x] && ok
				}
				rootA, offA := find(a)
				rootB, offB := find(b)
				if rootA == rootB {
					continue
				}
				// G_a(m + offA) is the root's sequence, and G_a(m+s) = G_b(m),
				// so G_b(m + offB) = G_a(m + s + offB)…: attach b's root to a's.
				parent[rootB] = rootA
				offset[rootB] = offA - s - offB
			}
		}
	}
	// Gather classes, normalise shifts to start at 0, pick the base.
	members := map[int][]int{}
	for i := range results {
		r, _ := find(i)
		members[r] = append(members[r], i)
	}
	out := make(map[string]Membership, n)
	for _, ms := range members {
		sort.Ints(ms)
		least := 0
		for j, i := range ms {
			_, o := find(i)
			if j == 0 || o < least {
				least = o
			}
		}
		base := -1
		allProven, agreeTo := true, -1
		for _, i := range ms {
			_, o := find(i)
			if base < 0 && o == least {
				base = i
			}
			allProven = allProven && proven[i]
			if agree[i] >= 0 && (agreeTo < 0 || agree[i] < agreeTo) {
				agreeTo = agree[i]
			}
		}
		if len(ms) == 1 {
			allProven = false
			agreeTo = 0
		}
		for _, i := range ms {
			_, o := find(i)
			out[results[i].Code] = Membership{Base: results[base].Code, Shift: o - least, Size: len(ms),
				AgreeTo: agreeTo, Proven: allProven}
		}
	}
	return out
}
