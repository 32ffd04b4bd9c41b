package misere

import (
	"container/heap"
	"context"
	"errors"
	"math/bits"
	"unsafe"
)

// profiles is the set of profiles (u, O) of all positions of cl(H_0..H_n)
// under a quotient candidate: u is the position's image and O the set of its
// options' images. Adding a heap maps a profile to a profile
// ((u, O) → (u·g, O·g ∪ u·S) for a heap with image g and option images S), so
// the profiles of all positions are the states reachable from (1, ∅), a finite
// set that can be enumerated.
//
// Verification theorem: if every reachable profile satisfies
// u ∈ P ⇔ (O ≠ ∅ and O ∩ P = ∅), then by induction on birthday every position
// X has o⁻(X) = P exactly when φ(X) ∈ P — the candidate tells the outcome of
// every sum, and the true quotient is the candidate modulo indistinguishability.
//
// Half of the condition needs no profiles: "u ∈ P ⇒ O ∩ P = ∅" fails exactly
// when some x and some heap H with φ(H) = g have x·g ∈ P and x·s ∈ P for an
// option image s of H (x ranges over all images, as X over all positions),
// which pFailure checks in |Q|·(option images) steps (Plambeck–Siegel's
// P-verification). The other half, "u ∉ P and O ≠ ∅ ⇒ O ∩ P ≠ ∅", is checked
// on the profiles, and only ⊆-minimal option sets need exploring: if two
// profiles (u, O') and (u, O) have O' ⊆ O, every sum reached from (u, O) is
// matched by one reached from (u, O') with the same image and fewer option
// images, which lacks a P option whenever the first does. So a profile whose
// option set contains that of an explored profile with the same image is
// checked but not expanded (front holds the ⊆-minimal explored ones). This is
// what lets the verification of 0.07's Q_34 … Q_40 fit in memory.
type profiles struct {
	q      *monoid
	p      []bool
	words  int
	index  map[string]int32
	u      []int32
	o      []uint64 // words bits per state
	parent []int32  // state this one is reached from on a least-birthday path (-1 for the start)
	heap   []int32  // heap added to reach it
	dist   []int    // least birthday of a position with this profile (so far)
	done   []bool   // checked and expanded
	// dom[x] (words bits) is the set of elements y ≠ x dominated by x: every
	// z with y·z ∈ P has x·z ∈ P. A profile keeps only the maximal elements of
	// O: a dominated option image can never be the only P-option of a sum, so
	// dropping it changes no consistency check, here or in any position
	// reached from here (domination is preserved by multiplication).
	dom  []uint64
	tmp  []uint64
	kbuf []byte
	// byBirthday makes explore visit profiles in order of birthday.
	byBirthday bool
	// maxStates bounds the exploration (memory).
	maxStates int
	// limit, when positive, stops a birthday-ordered exploration at the
	// first profile of birthday ≥ limit (a failure of that birthday is
	// already known).
	limit int
	// front[u] lists the explored (expanded) profiles of image u whose
	// option sets are ⊆-minimal among them; inFront marks them. frontLog
	// records every change so that truncate can undo a failed trial.
	front    map[int32][]int32
	inFront  []bool
	frontLog []frontChange
}

// frontChange is one admission to a front: the profile admitted and the
// list it replaced.
type frontChange struct {
	id, u int32
	old   []int32
}

// isEmpty reports whether the set a is empty.
func isEmpty(a []uint64) bool {
	for _, w := range a {
		if w != 0 {
			return false
		}
	}
	return true
}

// subset reports whether a ⊆ b.
func subset(a, b []uint64) bool {
	for i := range a {
		if a[i]&^b[i] != 0 {
			return false
		}
	}
	return true
}

// dominated reports whether an explored profile (u, O') has O' ⊆ o.
func (ps *profiles) dominated(u int32, o []uint64) bool {
	for _, id := range ps.front[u] {
		if subset(ps.opts(id), o) {
			return true
		}
	}
	return false
}

// admit adds the explored profile id to the front of its image, dropping the
// profiles whose option sets contain its own.
//
// The empty position's profile (1, ∅) is marked as explored (its sums are
// stepped from) but never enters a front: ∅ is a subset of every option set,
// so it would let every later profile (1, O) go unchecked, and such a profile
// is inconsistent exactly when O has no P element — the ⊆ argument needs
// O′ ≠ ∅ (a non-empty O′ with a P element, or u ∈ P, which the P-half covers).
func (ps *profiles) admit(id int32) {
	u, o := ps.u[id], ps.opts(id)
	if isEmpty(o) {
		ps.inFront[id] = true
		return
	}
	old := ps.front[u]
	keep := make([]int32, 0, len(old)+1)
	for _, e := range old {
		if subset(o, ps.opts(e)) {
			ps.inFront[e] = false
		} else {
			keep = append(keep, e)
		}
	}
	ps.front[u] = append(keep, id)
	ps.inFront[id] = true
	ps.frontLog = append(ps.frontLog, frontChange{id: id, u: u, old: old})
}

// commit forgets the undo log (the trial that made it succeeded).
func (ps *profiles) commit() { ps.frontLog = ps.frontLog[:0] }

// ErrTooLarge is returned when building a quotient would need more memory
// than nimlab allows itself: a candidate whose verification needs more than
// about 300 MB of profiles, or whose multiplication table would have more
// than maxTableOrder² entries.
var ErrTooLarge = errors.New("the quotient candidates need more memory than the limit allows")

// profileWords is the memory budget of a profile set, in 64-bit words of
// option sets (the map keys take as much again).
var profileWords = 16 << 20

func newProfiles(q *monoid, p []bool) *profiles {
	words := (q.size + 63) / 64
	ps := &profiles{q: q, p: p, words: words, index: map[string]int32{}, maxStates: max(1000, profileWords/words), front: map[int32][]int32{}}
	w := ps.words
	ps.tmp = make([]uint64, w)
	if q.size > maxDominationOrder {
		// the table costs |Q|²·|Q|/64 steps; large candidates go without it
		ps.add(0, make([]uint64, ps.words), -1, -1, 0)
		return ps
	}
	pz := make([]uint64, q.size*w) // pz[x] = {z : x·z ∈ P}
	for x := 0; x < q.size; x++ {
		for z := 0; z < q.size; z++ {
			if p[q.times(int32(x), int32(z))] {
				pz[x*w+z>>6] |= 1 << (z & 63)
			}
		}
	}
	ps.dom = make([]uint64, q.size*w)
	for x := 0; x < q.size; x++ {
		zx := pz[x*w : (x+1)*w]
		for y := 0; y < q.size; y++ {
			if y == x {
				continue
			}
			zy := pz[y*w : (y+1)*w]
			sub := true
			for i := range zy {
				if zy[i]&^zx[i] != 0 {
					sub = false
					break
				}
			}
			if sub {
				ps.dom[x*w+y>>6] |= 1 << (y & 63)
			}
		}
	}
	ps.add(0, make([]uint64, ps.words), -1, -1, 0)
	return ps
}

// maxDominationOrder is the largest quotient for which profiles are reduced
// to maximal option images.
const maxDominationOrder = 4000

// maximal removes from the set o every element dominated by another one.
func (ps *profiles) maximal(o, tmp []uint64) {
	if ps.dom == nil {
		return
	}
	for i := range tmp {
		tmp[i] = 0
	}
	w := ps.words
	for i, bits := range o {
		for bits != 0 {
			b := bits & -bits
			bits ^= b
			x := i*64 + trailingZeros(b)
			for j, d := range ps.dom[x*w : (x+1)*w] {
				tmp[j] |= d
			}
		}
	}
	for i := range o {
		o[i] &^= tmp[i]
	}
}

// key encodes a profile as a map key, in ps.kbuf (valid until the next call).
func (ps *profiles) key(u int32, o []uint64) []byte {
	b := ps.kbuf[:0]
	b = append(b, byte(u), byte(u>>8), byte(u>>16), byte(u>>24))
	b = append(b, unsafe.Slice((*byte)(unsafe.Pointer(&o[0])), 8*len(o))...)
	ps.kbuf = b
	return b
}

func (ps *profiles) add(u int32, o []uint64, parent, heap int32, dist int) int32 {
	id := int32(len(ps.u))
	ps.index[string(ps.key(u, o))] = id
	ps.u = append(ps.u, u)
	ps.o = append(ps.o, o...)
	ps.parent = append(ps.parent, parent)
	ps.heap = append(ps.heap, heap)
	ps.dist = append(ps.dist, dist)
	ps.done = append(ps.done, false)
	ps.inFront = append(ps.inFront, false)
	return id
}

func (ps *profiles) opts(id int32) []uint64 {
	return ps.o[int(id)*ps.words : int(id+1)*ps.words]
}

// consistent reports whether the profile's image is labelled as its options
// demand.
func (ps *profiles) consistent(id int32) bool {
	return ps.consistentProfile(ps.u[id], ps.opts(id))
}

// consistentProfile is consistent for a profile (u, o) not stored.
func (ps *profiles) consistentProfile(u int32, o []uint64) bool {
	hasOption, hitsP := false, false
	for w, bits := range o {
		for bits != 0 {
			b := bits & -bits
			bits ^= b
			x := w*64 + trailingZeros(b)
			hasOption = true
			if ps.p[x] {
				hitsP = true
			}
		}
	}
	return ps.p[u] == (hasOption && !hitsP)
}

func trailingZeros(b uint64) int { return bits.TrailingZeros64(b) }

// step returns the profile reached from state id by adding a heap of
// transition t, or -1 and the new (u, O) when it is not yet known.
func (ps *profiles) step(id int32, t transition[int32], buf []uint64) (int32, int32) {
	u := ps.u[id]
	for i := range buf {
		buf[i] = 0
	}
	for w, bits := range ps.opts(id) {
		for bits != 0 {
			b := bits & -bits
			bits ^= b
			x := ps.q.times(int32(w*64+trailingZeros(b)), t.elem)
			buf[x>>6] |= 1 << (x & 63)
		}
	}
	for _, s := range t.opts {
		x := ps.q.times(u, s)
		buf[x>>6] |= 1 << (x & 63)
	}
	ps.maximal(buf, ps.tmp)
	nu := ps.q.times(u, t.elem)
	if j, ok := ps.index[string(ps.key(nu, buf))]; ok {
		return j, nu
	}
	return -1, nu
}

// explore closes the set under the transitions, starting from the states in
// todo. With byBirthday it goes in order of birthday (Dijkstra, each heap
// weighted by its birthday), so that the first inconsistent profile found
// belongs to a position of least birthday among the failures: the place
// where the candidate first goes wrong. Otherwise it goes breadth first:
// cheaper, for checks whose failing position is not needed (trials of a
// conservative extension). It returns that profile, or -1 when every
// profile is consistent.
func (ps *profiles) explore(ctx context.Context, todo []int32, trans []transition[int32]) (int32, error) {
	var f frontier = &fifoFrontier{ps: ps, todo: todo}
	if ps.byBirthday {
		f = newBirthdayFrontier(ps, todo)
	}
	buf := make([]uint64, ps.words)
	for n := 0; f.len() > 0; n++ {
		if n&4095 == 0 {
			if err := ctx.Err(); err != nil {
				return -1, err
			}
		}
		id, visit, more := f.next()
		if !more {
			return -1, nil
		}
		if !visit {
			continue
		}
		if failed, expand := ps.visit(id); failed {
			return id, nil
		} else if !expand {
			continue
		}
		for _, t := range trans {
			j, nu := ps.step(id, t, buf)
			nd := ps.dist[id] + t.weight
			if j >= 0 {
				f.reach(j, id, t, nd)
				continue
			}
			if ps.dominated(nu, buf) {
				continue
			}
			j, err := ps.addReached(nu, buf, id, t, nd)
			if err != nil {
				return -1, err
			}
			f.add(j, nd)
		}
	}
	return -1, nil
}

// frontier holds the states explore has still to look at, and sets the
// order: the one loop of explore serves both orders.
type frontier interface {
	len() int
	// next takes the next state. visit is false for a state not to be
	// visited (done already, or queued before a shorter way to it was
	// found); more is false when the exploration stops here (the birthday
	// limit is reached).
	next() (id int32, visit, more bool)
	// reach is told that the known state j is reached from id by t at
	// distance dist.
	reach(j, id int32, t transition[int32], dist int)
	// add queues the new state j, first reached at distance dist.
	add(j int32, dist int)
}

// fifoFrontier visits the states breadth first. A known state reached
// again changes nothing: without the order of birthday, its path does not
// matter.
type fifoFrontier struct {
	ps   *profiles
	todo []int32
}

func (f *fifoFrontier) len() int { return len(f.todo) }

func (f *fifoFrontier) next() (int32, bool, bool) {
	id := f.todo[0]
	f.todo = f.todo[1:]
	return id, !f.ps.done[id], true
}

func (f *fifoFrontier) reach(int32, int32, transition[int32], int) {}

func (f *fifoFrontier) add(j int32, _ int) { f.todo = append(f.todo, j) }

// birthdayFrontier visits the states in order of birthday (Dijkstra), and
// keeps for each the path of least birthday.
type birthdayFrontier struct {
	ps *profiles
	pq distQueue
}

func newBirthdayFrontier(ps *profiles, todo []int32) *birthdayFrontier {
	f := &birthdayFrontier{ps: ps}
	for _, id := range todo {
		heap.Push(&f.pq, distItem{elem: int(id), dist: ps.dist[id]})
	}
	return f
}

func (f *birthdayFrontier) len() int { return f.pq.Len() }

func (f *birthdayFrontier) next() (int32, bool, bool) {
	ps := f.ps
	top := heap.Pop(&f.pq).(distItem)
	id := int32(top.elem)
	if ps.done[id] || top.dist != ps.dist[id] {
		return id, false, true
	}
	if ps.limit > 0 && top.dist >= ps.limit {
		return id, false, false
	}
	return id, true, true
}

func (f *birthdayFrontier) reach(j, id int32, t transition[int32], dist int) {
	ps := f.ps
	if !ps.done[j] && dist < ps.dist[j] {
		ps.dist[j], ps.parent[j], ps.heap[j] = dist, id, int32(t.heap)
		heap.Push(&f.pq, distItem{elem: int(j), dist: dist})
	}
}

func (f *birthdayFrontier) add(j int32, dist int) {
	heap.Push(&f.pq, distItem{elem: int(j), dist: dist})
}

// visit marks state id explored. It reports whether its profile is
// inconsistent (the candidate fails there), and otherwise whether its
// transitions are to be followed: not when a state already admitted
// dominates it (whatever it reaches, that one reaches too).
func (ps *profiles) visit(id int32) (failed, expand bool) {
	ps.done[id] = true
	if !ps.consistent(id) {
		return true, false
	}
	if ps.dominated(ps.u[id], ps.opts(id)) {
		return false, false
	}
	ps.admit(id)
	return false, true
}

// addReached adds the state (nu, o) first reached from state id by the
// transition t at distance dist (add copies o into the store), or refuses with ErrTooLarge
// when the states would pass the memory limit.
func (ps *profiles) addReached(nu int32, o []uint64, id int32, t transition[int32], dist int) (int32, error) {
	if len(ps.u) >= ps.maxStates {
		return -1, ErrTooLarge
	}
	return ps.add(nu, o, id, int32(t.heap), dist), nil
}

// truncate forgets the states from n on (a failed trial), and undoes their
// admissions to the fronts.
func (ps *profiles) truncate(n int) {
	for k := len(ps.frontLog) - 1; k >= 0 && int(ps.frontLog[k].id) >= n; k-- {
		c := ps.frontLog[k]
		for _, e := range ps.front[c.u] {
			ps.inFront[e] = false
		}
		for _, e := range c.old {
			ps.inFront[e] = true
		}
		ps.front[c.u] = c.old
		ps.frontLog = ps.frontLog[:k]
	}
	for id := n; id < len(ps.u); id++ {
		delete(ps.index, string(ps.key(ps.u[id], ps.opts(int32(id)))))
	}
	ps.u = ps.u[:n]
	ps.o = ps.o[:n*ps.words]
	ps.parent = ps.parent[:n]
	ps.heap = ps.heap[:n]
	ps.dist = ps.dist[:n]
	ps.done = ps.done[:n]
	ps.inFront = ps.inFront[:n]
}

// witness returns a position (heap size → multiplicity) whose profile is state id.
func (ps *profiles) witness(id int32) map[int]int {
	w := map[int]int{}
	for ; ps.parent[id] >= 0; id = ps.parent[id] {
		w[int(ps.heap[id])]++
	}
	return w
}
