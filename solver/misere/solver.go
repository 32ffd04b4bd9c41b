package misere

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"
)

// Solver computes the partial quotients Q_0, Q_1, … of an octal game one heap
// at a time. Every quotient it holds has been verified (see profiles): it is
// exact, not a guess.
type Solver struct {
	g   *game
	q   *monoid
	p   []bool
	phi []int32
	// ps holds the verified profiles of the current quotient; a new heap that
	// keeps the quotient only adds profiles to it.
	ps    *profiles
	trans []transition[int32]
	// byOptions maps a heap's option images (under the current quotient) to
	// its image: a later heap with the same option images has the same image
	// (Di Prisa, Lemma 3.16).
	byOptions map[string]int32
	// expansions lists the heaps at which the quotient changed.
	expansions []int
	// orders[n] is |Q_n|.
	orders []int
	// MaxCandidate bounds the size of a candidate monoid during a change of
	// quotient (the reduced quotient is usually far smaller).
	MaxCandidate int
	// bound is the best certified lower bound on |Q_n+1| found by the
	// failed candidates of the heap being expanded (Order 0 if none).
	bound LowerBound
}

// NewSolver starts at Q_0 = {1} (H_0 is the empty position).
func NewSolver(code Rules) *Solver {
	s := &Solver{g: newGame(code), q: trivialMonoid(), p: []bool{false}, MaxCandidate: 200_000}
	s.g.extend()
	s.phi = []int32{0}
	s.ps = newProfiles(s.q, s.p)
	// the empty position's profile (1, ∅) is explored: no heap yet
	s.ps.done[0] = true
	s.ps.admit(0)
	s.ps.commit()
	s.byOptions = map[string]int32{}
	s.orders = []int{1}
	return s
}

// Last returns n for the quotient Q_n held now.
func (s *Solver) Last() int { return len(s.phi) - 1 }

// Order returns |Q_n|.
func (s *Solver) Order() int { return s.q.size }

// Expansions returns the heaps at which the quotient changed.
func (s *Solver) Expansions() []int { return slices.Clone(s.expansions) }

// Next computes Q_{n+1} from Q_n.
func (s *Solver) Next(ctx context.Context) error {
	if err := s.next(ctx); err != nil {
		return err
	}
	s.orders = append(s.orders, s.q.size)
	return nil
}

// Orders returns |Q_0|, |Q_1|, …, |Q_n|.
func (s *Solver) Orders() []int { return slices.Clone(s.orders) }

// NextLowerBound returns a certified lower bound on |Q_n+1| when the step to
// heap n+1 was tried and stopped before a candidate was verified (a change
// of quotient, interrupted or out of memory), and false otherwise. It is at
// least |Q_n| (the partial quotients never shrink: tests that tell positions
// of heaps ≤ n apart still do with more heaps around).
func (s *Solver) NextLowerBound() (LowerBound, bool) {
	if s.bound.Heap != len(s.phi) || s.bound.Order == 0 {
		return LowerBound{}, false
	}
	return s.bound, true
}

func (s *Solver) next(ctx context.Context) error {
	h := s.g.extend()
	if len(s.g.leaves[h]) == 0 {
		// A heap with no move is the game 0.
		s.phi = append(s.phi, 0)
		return nil
	}
	phi := append(s.phi, 0) // the new image is decided below
	opts := optionImages(s.g, h, phi, s.q.times, cmpInt32)
	key := fmt.Sprint(opts)
	if x, ok := s.byOptions[key]; ok {
		// Lemma 3.16: same option images as an earlier heap, same image, same quotient.
		s.phi = append(s.phi, x)
		return nil
	}
	isP := true
	for _, o := range opts {
		if s.p[o] {
			isP = false
		}
	}
	for x := int32(0); int(x) < s.q.size; x++ {
		if s.p[x] != isP {
			continue
		}
		ok, err := s.tryConservative(ctx, h, x, opts)
		if err != nil {
			s.g.shrink(h)
			return err
		}
		if ok {
			s.phi = append(s.phi, x)
			s.byOptions[key] = x
			return nil
		}
	}
	if err := s.expand(ctx, h); err != nil {
		s.g.shrink(h)
		return err
	}
	s.expansions = append(s.expansions, h)
	return nil
}

// tryConservative checks whether Q_n with φ(H_h) = x is the quotient of
// cl(H_0..H_h): the profiles reachable with the new heap must all be
// consistent.
func (s *Solver) tryConservative(ctx context.Context, h int, x int32, opts []int32) (bool, error) {
	t := transition[int32]{elem: x, opts: opts, weight: heapWeight(s.g, h), heap: h}
	if hasPFailure(s.q, s.p, t) {
		return false, nil
	}
	mark := len(s.ps.u)
	buf := make([]uint64, s.ps.words)
	var todo []int32
	for id := int32(0); int(id) < mark; id++ {
		if !s.ps.inFront[id] {
			continue // its sums are matched by those of a profile in front
		}
		j, nu := s.ps.step(id, t, buf)
		nd := s.ps.dist[id] + t.weight
		if j >= 0 {
			if !s.ps.done[j] && nd < s.ps.dist[j] {
				s.ps.dist[j], s.ps.parent[j], s.ps.heap[j] = nd, id, int32(h)
			}
			continue
		}
		if !s.ps.consistentProfile(nu, buf) {
			// most wrong guesses fail here, one heap away from a known profile
			s.ps.truncate(mark)
			return false, nil
		}
		if s.ps.dominated(nu, buf) {
			continue
		}
		o := make([]uint64, s.ps.words)
		copy(o, buf)
		todo = append(todo, s.ps.add(nu, o, id, int32(h), nd))
	}
	trans := append(slices.Clone(s.trans), t)
	bad, err := s.ps.explore(ctx, todo, trans)
	if err != nil || bad >= 0 {
		s.ps.truncate(mark)
		return false, err
	}
	s.ps.commit()
	s.trans = trans
	return true, nil
}

// hasPFailure reports whether adding a heap of transition t to some position
// gives a P-position with a P option: x·t.elem ∈ P and x·s ∈ P for some x and
// some option image s. Every element x is the image of a position, so this
// is exact (see profiles).
func hasPFailure(q *monoid, p []bool, t transition[int32]) bool {
	for x := int32(0); int(x) < q.size; x++ {
		if !p[q.times(x, t.elem)] {
			continue
		}
		for _, o := range t.opts {
			if p[q.times(x, o)] {
				return true
			}
		}
	}
	return false
}

// elementReps holds, for every element of a candidate, a position of least
// birthday with that image (Dijkstra on the Cayley graph, each heap weighted
// by its birthday): dist, and the last heap added with the element it was
// added to.
type elementReps struct {
	dist   []int
	parent []int32
	heap   []int32
}

func repsOf(q *monoid, trans []transition[int32]) *elementReps {
	r := &elementReps{dist: make([]int, q.size), parent: make([]int32, q.size), heap: make([]int32, q.size)}
	for i := range r.dist {
		r.dist[i] = -1
		r.parent[i] = -1
	}
	r.dist[0] = 0
	done := make([]bool, q.size)
	pq := &distQueue{{elem: 0, dist: 0}}
	for pq.Len() > 0 {
		top := heap.Pop(pq).(distItem)
		x := int32(top.elem)
		if done[x] || top.dist != r.dist[x] {
			continue
		}
		done[x] = true
		for _, t := range trans {
			y := q.times(x, t.elem)
			nd := top.dist + t.weight
			if r.dist[y] < 0 || nd < r.dist[y] {
				r.dist[y], r.parent[y], r.heap[y] = nd, x, int32(t.heap)
				heap.Push(pq, distItem{elem: int(y), dist: nd})
			}
		}
	}
	return r
}

// witness returns the position (heap → multiplicity) that represents x.
func (r *elementReps) witness(x int32) map[int]int {
	w := map[int]int{}
	for ; r.parent[x] >= 0; x = r.parent[x] {
		w[int(r.heap[x])]++
	}
	return w
}

// leastPFailure returns a P-position with a P option of least birthday (nil
// if there is none) and its birthday.
func leastPFailure(q *monoid, p []bool, trans []transition[int32], r *elementReps) (map[int]int, int) {
	bx, bt, best := int32(-1), -1, -1
	for x := int32(0); int(x) < q.size; x++ {
		if r.dist[x] < 0 {
			continue
		}
		for i, t := range trans {
			d := r.dist[x] + t.weight
			if best >= 0 && d >= best || !p[q.times(x, t.elem)] {
				continue
			}
			for _, o := range t.opts {
				if p[q.times(x, o)] {
					bx, bt, best = x, i, d
					break
				}
			}
		}
	}
	if best < 0 {
		return nil, -1
	}
	w := r.witness(bx)
	w[trans[bt].heap]++
	return w, best
}

// expand finds the new quotient when H_h is not equivalent to any element of
// Q_{h-1}: it guesses a candidate (the old quotient times a cyclic monoid for
// the new heap), derives its P-portion, reduces it and verifies it; on a
// failure it recalibrates the candidate around the failing position and
// tries again.
func (s *Solver) expand(ctx context.Context, h int) error {
	cyc := cyclicMonoid(2, 2)
	c := candidate{m: newProductMonoid(s.q, cyc), phi: make([]int, h+1)}
	for j := 0; j < h; j++ {
		c.phi[j] = int(s.phi[j]) * cyc.size
	}
	c.phi[h] = 1
	q, p, phi, err := labelAndReduce(ctx, s.g, c)
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 200; attempt++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		t0 := time.Now()
		ps, trans, bad, err := verify(ctx, s.g, q, p, phi)
		tv := time.Since(t0)
		if err != nil {
			return err
		}
		if bad == nil {
			ps.byBirthday = false
			s.q, s.p, s.phi, s.ps, s.trans = q, p, phi, ps, trans
			s.byOptions = map[string]int32{}
			for j := 1; j <= h; j++ {
				if len(s.g.leaves[j]) > 0 {
					s.byOptions[fmt.Sprint(optionImages(s.g, j, phi, q.times, cmpInt32))] = phi[j]
				}
			}
			return nil
		}
		if failedCandidate != nil {
			failedCandidate(h, q, p, phi, bad)
		}
		if verifyByBirthday {
			// bad is a failing position of least birthday: everything born
			// before it is labelled right, which bounds |Q_h| from below.
			limit := positionBirthday(s.g, bad)
			lb, d := certifiedLowerBound(q, p, repsOf(q, transitionsOf(s.g, phi, q.times, cmpInt32)), limit)
			if lb > s.bound.Distinguished || s.bound.Heap != h {
				s.bound = LowerBound{Heap: h, Order: max(lb, s.q.size), Distinguished: lb, Candidate: q.size, Limit: limit, TestBirthday: d}
			}
		}
		if debugLog != nil {
			debugLog(fmt.Sprintf("heap %d attempt %d: |Q| = %d, failing position %v (verify %v); |Q_%d| ≥ %d", h, attempt, q.size, bad, tv, h, s.bound.Order))
		}
		t0 = time.Now()
		r, err := s.recalibrate(ctx, q, p, phi, bad)
		if debugLog != nil {
			debugLog(fmt.Sprintf("  recalibrate %v", time.Since(t0)))
		}
		if err != nil {
			return err
		}
		q, p, phi = r.q, r.p, r.phi
	}
	return fmt.Errorf("%s: no verified quotient found for heap %d after 200 candidates", s.g.code, h)
}

// reduced is a reduced candidate with its derived P-portion.
type reduced struct {
	q   *monoid
	p   []bool
	phi []int32
}

// verify explores every profile of cl(H_0..H_n) under (q, p, phi). It returns
// the profiles and transitions when all are consistent, else a failing
// position.
func verify(ctx context.Context, g *game, q *monoid, p []bool, phi []int32) (*profiles, []transition[int32], map[int]int, error) {
	ps := newProfiles(q, p)
	ps.byBirthday = verifyByBirthday
	if !ps.consistent(0) {
		return nil, nil, map[int]int{}, nil
	}
	trans := transitionsOf(g, phi, q.times, cmpInt32)
	pw, pb := leastPFailure(q, p, trans, repsOf(q, trans))
	if pw != nil && !ps.byBirthday {
		return nil, nil, pw, nil
	}
	ps.limit = pb // the profiles only look for an earlier failure
	bad, err := ps.explore(ctx, []int32{0}, trans)
	ps.limit = 0
	if err != nil {
		return nil, nil, nil, err
	}
	if bad >= 0 {
		return nil, nil, ps.witness(bad), nil
	}
	if pw != nil {
		return nil, nil, pw, nil
	}
	ps.commit()
	return ps, trans, nil, nil
}

// recalibrate builds a new candidate in which some heaps of the failing
// position get a fresh cyclic generator of their own instead of their old
// image, so that the candidate can tell apart positions the old one merged.
// It tries the heaps of the witness one at a time, then in pairs, and so on,
// and returns the first candidate whose derived P-portion gets the witness
// right.
func (s *Solver) recalibrate(ctx context.Context, q *monoid, p []bool, phi []int32, bad map[int]int) (reduced, error) {
	var heaps []int
	for h := range bad {
		if len(s.g.leaves[h]) > 0 {
			heaps = append(heaps, h)
		}
	}
	slices.Sort(heaps)
	slices.Reverse(heaps)
	var tooLarge error
	for bump := 0; bump < 4; bump++ {
		for size := 1; size <= len(heaps); size++ {
			for _, k := range combinations(heaps, size) {
				for _, v := range recalVariants {
					if err := ctx.Err(); err != nil {
						return reduced{}, err
					}
					c, ok := s.recalibrated(q, phi, bad, k, bump, v.grouped, v.keep)
					if !ok {
						continue
					}
					q2, p2, phi2, err := labelAndReduce(ctx, s.g, c)
					if errors.Is(err, ErrTooLarge) {
						tooLarge = err // a smaller variant may still do
						continue
					}
					if err != nil {
						return reduced{}, err
					}
					if witnessConsistent(s.g, q2, p2, phi2, bad) {
						return reduced{q2, p2, phi2}, nil
					}
				}
			}
		}
	}
	if tooLarge != nil {
		return reduced{}, tooLarge
	}
	return reduced{}, fmt.Errorf("%s: could not recalibrate the quotient candidate at heap %d (failing position %v)", s.g.code, len(phi)-1, bad)
}

// recalibrated is the candidate ⟨φ(H_j) : j not freed⟩ × Π C(t, 2), one
// cyclic factor per freed heap of k. When grouped, every heap with the same
// image as a heap of k is freed with it and shares its new generator: this
// lifts a power relation of that image (x^(t+2) = x^t with t too small) for
// all those heaps at once; ungrouped, the heap alone is told apart from the
// others with its image.
func (s *Solver) recalibrated(q *monoid, phi []int32, bad map[int]int, k []int, bump int, grouped, keep bool) (candidate, bool) {
	// group[j] is the index of the factor heap j maps to, or -1.
	group := make([]int, len(phi))
	var images []int32
	for j := range group {
		group[j] = -1
	}
	for _, h := range k {
		if grouped {
			i := slices.Index(images, phi[h])
			if i < 0 {
				i = len(images)
				images = append(images, phi[h])
			}
			group[h] = i
		} else {
			group[h] = len(images)
			images = append(images, phi[h])
		}
	}
	if grouped {
		for j := 1; j < len(phi); j++ {
			if len(s.g.leaves[j]) > 0 {
				if i := slices.Index(images, phi[j]); i >= 0 {
					group[j] = i
				}
			}
		}
	}
	var gens []int32
	exps := make([]int, len(images))
	for j := 1; j < len(phi); j++ {
		if len(s.g.leaves[j]) == 0 {
			continue
		}
		if group[j] >= 0 {
			exps[group[j]] += bad[j]
		}
		if (group[j] < 0 || keep) && !slices.Contains(gens, phi[j]) {
			gens = append(gens, phi[j])
		}
	}
	base, idx := submonoid(q, gens)
	parts := []*monoid{base}
	for i, x := range images {
		t, _ := cyclicIndex(q, x)
		t = recalIndex(t, exps[i]) + 2*bump
		parts = append(parts, cyclicMonoid(t, recalPeriod(t)))
	}
	m := newProductMonoid(parts...)
	if m.size > s.MaxCandidate {
		return candidate{}, false
	}
	c := candidate{m: m, phi: make([]int, len(phi))}
	rest := m.size / base.size
	for j := range phi {
		if len(s.g.leaves[j]) == 0 {
			continue
		}
		if i := group[j]; i >= 0 {
			// the generator of factor i+1: digit 1 in that factor
			scale := 1
			for _, part := range parts[i+2:] {
				scale *= part.size
			}
			c.phi[j] = scale
			if keep {
				c.phi[j] += int(idx[phi[j]]) * rest
			}
			continue
		}
		c.phi[j] = int(idx[phi[j]]) * rest
	}
	return c, true
}

// witnessConsistent reports whether the position w (heap → multiplicity) has a
// consistent profile under (q, p, phi).
func witnessConsistent(g *game, q *monoid, p []bool, phi []int32, w map[int]int) bool {
	u := int32(0)
	for h, m := range w {
		for i := 0; i < m; i++ {
			u = q.times(u, phi[h])
		}
	}
	hasOption, hitsP := false, false
	for h, m := range w {
		if m == 0 || len(g.leaves[h]) == 0 {
			continue
		}
		rest := int32(0)
		for h2, m2 := range w {
			n := m2
			if h2 == h {
				n--
			}
			for i := 0; i < n; i++ {
				rest = q.times(rest, phi[h2])
			}
		}
		for _, o := range optionImages(g, h, phi, q.times, cmpInt32) {
			hasOption = true
			if p[q.times(rest, o)] {
				hitsP = true
			}
		}
	}
	return p[u] == (hasOption && !hitsP)
}

func combinations(values []int, size int) [][]int {
	var out [][]int
	var rec func(start int, cur []int)
	rec = func(start int, cur []int) {
		if len(cur) == size {
			out = append(out, slices.Clone(cur))
			return
		}
		for i := start; i < len(values); i++ {
			rec(i+1, append(cur, values[i]))
		}
	}
	rec(0, nil)
	return out
}

// failedCandidate, when set (tests), receives every candidate that failed
// verification at heap h with its failing position.
var failedCandidate func(h int, q *monoid, p []bool, phi []int32, bad map[int]int)

// debugLog, when set, receives a line for every failed candidate (for
// studying slow heaps).
var debugLog func(string)

// verifyByBirthday makes the verification of a new quotient candidate report a
// failing position of least birthday (else one with fewest heaps).
var verifyByBirthday = true

// recalPeriod is the period of a freed heap's cyclic factor of index t.
var recalPeriod = func(t int) int { return 2 }

// recalVariants are the kinds of recalibrated candidates tried, in order.
var recalVariants = []struct{ grouped, keep bool }{{true, false}, {false, false}}

// recalIndex is the index of a freed heap's cyclic factor: at least its
// image's index t in the old candidate and its multiplicity e in the failing
// position.
var recalIndex = func(t, e int) int { return max(t, e, 2) }
