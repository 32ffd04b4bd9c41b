package misere

import "slices"

// LowerBound is a certified lower bound on the order of a partial quotient
// that could not be computed: Q_Heap has at least Order elements. It comes
// from a candidate that failed verification: every position of birthday
// below the candidate's least failing position (birthday Limit) is labelled
// correctly by it, so two representatives x, y are told apart in the true
// quotient by any test z with birthday(x + z), birthday(y + z) < Limit on
// which the candidate's labels differ. Order counts representatives that are
// pairwise told apart this way by tests of birthday ≤ TestBirthday.
//
// Order is the larger of that count (Distinguished) and |Q_Heap−1|: the
// partial quotients never shrink, since tests that tell positions of heaps
// below Heap apart still do when more heaps are allowed.
type LowerBound struct {
	Heap          int `json:"heap"`
	Order         int `json:"order"`
	Distinguished int `json:"distinguished"`
	Candidate     int `json:"candidate_order"`
	Limit         int `json:"failure_birthday"`
	TestBirthday  int `json:"test_birthday"`
}

// certifiedLowerBound returns the number of elements of the candidate (q, p)
// whose least-birthday representatives (r) are pairwise distinguishable in
// the true quotient, given that every position of birthday < limit is
// labelled correctly by the candidate, and the test birthday D that gave it.
//
// For a threshold D, the rows are the elements x with d(x) + D < limit and
// the columns the elements z with d(z) ≤ D: every cell x·z is the image of
// the position rep(x) + rep(z), of birthday < limit, so its label is its true
// outcome, and rows that differ are positions in different classes of the
// true quotient. The count is the number of distinct rows, maximised over D;
// the columns are added in order of birthday, refining one partition of all
// elements, so the whole costs about |Q| products per element (|Q|² in all).
// With limit < 0 (a verified candidate) every position is labelled correctly.
func certifiedLowerBound(q *monoid, p []bool, r *elementReps, limit int) (int, int) {
	n := q.size
	order := make([]int32, 0, n)
	maxDist := 0
	for x := int32(0); int(x) < n; x++ {
		if r.dist[x] >= 0 {
			order = append(order, x)
			maxDist = max(maxDist, r.dist[x])
		}
	}
	if limit < 0 {
		limit = 2*maxDist + 1
	}
	slices.SortFunc(order, func(a, b int32) int { return r.dist[a] - r.dist[b] })
	class := make([]int32, n)
	classes := 1
	best, bestD := 0, 0
	seen := make([]int32, 0, n)
	mark := make([]int32, 2*n+2)
	for i := 0; i < len(order); {
		d := r.dist[order[i]]
		if d+r.dist[order[0]] >= limit {
			break // no row is left for tests of this birthday
		}
		// refine by the columns z of birthday d
		for ; i < len(order) && r.dist[order[i]] == d; i++ {
			z := order[i]
			for k := range mark[:2*classes] {
				mark[k] = -1
			}
			next := int32(0)
			for _, x := range order {
				key := 2 * class[x]
				if p[q.times(x, z)] {
					key++
				}
				if mark[key] < 0 {
					mark[key] = next
					next++
				}
				class[x] = mark[key]
			}
			classes = int(next)
		}
		// count the distinct rows among the elements x with d(x) + d < limit
		seen = seen[:0]
		for _, x := range order {
			if r.dist[x]+d >= limit {
				break
			}
			seen = append(seen, class[x])
		}
		slices.Sort(seen)
		count := len(slices.Compact(seen))
		if count > best {
			best, bestD = count, d
		}
	}
	return best, bestD
}

// positionBirthday is the birthday of the position w (heap → multiplicity).
func positionBirthday(g *game, w map[int]int) int {
	b := 0
	for h, m := range w {
		b += heapWeight(g, h) * m
	}
	return b
}
