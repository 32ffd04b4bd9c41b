package misere

import (
	"context"
	"fmt"
	"slices"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// Outcome is a misère outcome class.
type Outcome byte

const (
	// N: the player to move wins.
	N Outcome = 'N'
	// P: the previous player (the one who just moved) wins.
	P Outcome = 'P'
)

func (o Outcome) String() string { return string(o) }

// Searcher finds misère outcomes of sums of heaps from the game tree, with
// memoisation on canonical sums. It is exact whatever the game; its cost grows
// with the number of distinct positions below the sum.
//
// A canonical sum replaces every heap by its class and sorts the classes.
// Heaps are in one class only when they are the same game up to misère
// equalities that always hold: heaps with no move are the game 0 and are
// dropped; heaps whose every move leaves 0 (or * + *) are the game * = {0},
// and * + * = 0 (Di Prisa, Prop. 3.2), so they count modulo 2; and two heaps
// whose sets of options are identical sums of classes are one class. Nothing
// else is cancelled: G + G ≠ 0 in misère play unless G = 0 or G = * (*2 + *2
// is a P-position, 0 is not), so pairs of equal heaps stay.
type Searcher struct {
	code Rules
	// class[h] is the class of heap h: 0 the zero game, 1 the game *, ≥ 2 others.
	class []int32
	// classOpts[c] lists the distinct options of class c, each as the (at most
	// two) classes it leaves, with zeros dropped and * + * cancelled: {0, 0}
	// is the empty sum, {0, y} one heap, {x, y} two (x ≤ y).
	classOpts [][][2]int32
	byOptions map[string]int32
	outcome   map[[2]uint64]bool
	genus     map[[2]uint64]int32
	arena     []int32
	tags      [][2]uint64
	// q, when set, decides sums of heaps within its range: image[c] is the
	// element of class c (-1 beyond the quotient), starImage that of *.
	q         *Quotient
	image     []int32
	starImage int32
	seed      uint64
	// Limit bounds the number of memoised positions (memory, about 40 bytes
	// each); 0 means 20 million.
	Limit int
}

// NewSearcher returns a Searcher for code.
func NewSearcher(code Rules) *Searcher {
	return &Searcher{
		code:      code,
		classOpts: [][][2]int32{nil, {{0, 0}}},
		byOptions: map[string]int32{optionsKey(nil): 0, optionsKey([][2]int32{{0, 0}}): 1},
		outcome:   map[[2]uint64]bool{},
		genus:     map[[2]uint64]int32{},
	}
}

// ErrSearchTooLarge is returned when a search needs more positions than Limit.
var ErrSearchTooLarge = fmt.Errorf("the misère search needs more positions than its limit")

// Positions returns the number of positions memoised so far.
func (s *Searcher) Positions() int { return len(s.outcome) + len(s.genus) }

func (s *Searcher) prepare(h int) {
	for n := len(s.class); n <= h; n++ {
		var opts [][2]int32
		s.code.ForEachOption(n, func(_, a, b int) {
			x, y := s.class[a], s.class[b]
			if x > y {
				x, y = y, x
			}
			if x == 1 && y == 1 {
				x, y = 0, 0
			}
			pair := [2]int32{x, y}
			if !slices.Contains(opts, pair) {
				opts = append(opts, pair)
			}
		})
		slices.SortFunc(opts, func(a, b [2]int32) int {
			if a[0] != b[0] {
				return int(a[0] - b[0])
			}
			return int(a[1] - b[1])
		})
		k := optionsKey(opts)
		c, ok := s.byOptions[k]
		if !ok {
			c = int32(len(s.classOpts))
			s.byOptions[k] = c
			s.classOpts = append(s.classOpts, opts)
		}
		s.class = append(s.class, c)
		if int(c) == len(s.image) && s.q != nil {
			s.image = append(s.image, s.imageOf(int(c)))
			if c == 1 {
				s.starImage = s.image[1]
			}
		}
	}
}

func optionsKey(opts [][2]int32) string {
	b := make([]byte, 0, 8*len(opts))
	for _, o := range opts {
		b = appendInt32(appendInt32(b, o[0]), o[1])
	}
	return string(b)
}

// canonical returns the sorted classes ≥ 2 of the heaps and the parity of
// the * heaps.
func (s *Searcher) canonical(heaps []int) ([]int32, bool) {
	out := make([]int32, 0, len(heaps))
	star := false
	for _, h := range heaps {
		switch c := s.class[h]; c {
		case 0:
		case 1:
			star = !star
		default:
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return out, star
}

// zobrist returns the random 128-bit tag of class c (0 for the zero class).
// A sum's hash is the sum of its classes' tags (plus a tag for a *), so the
// hash of an option is the hash of the sum minus one tag plus at most two,
// without building the option.
func (s *Searcher) zobrist(c int32) [2]uint64 {
	for int(c) >= len(s.tags) {
		s.seed += 0x9e3779b97f4a7c15
		z1 := splitmix(s.seed)
		s.seed += 0x9e3779b97f4a7c15
		s.tags = append(s.tags, [2]uint64{z1, splitmix(s.seed)})
	}
	return s.tags[c]
}

func splitmix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// starTag is added to the hash of a sum with a * (classes ≥ 2 have random
// tags, so the chance that a sum of them equals it is 2^-128).
var starTag = [2]uint64{0x243f6a8885a308d3, 0x13198a2e03707344}

// hashSum is the 128-bit hash of a canonical sum with an extra small number
// (the count of *2s in a genus search). Two of the at most ~10^8 memoised
// positions collide with probability below 10^-20.
func (s *Searcher) hashSum(c []int32, star bool, extra int) [2]uint64 {
	h := [2]uint64{uint64(extra) * 0x2545f4914f6cdd1d, uint64(extra) * 0x5851f42d4c957f2d}
	if star {
		h = addTag(h, starTag)
	}
	for _, v := range c {
		h = addTag(h, s.zobrist(v))
	}
	return h
}

func addTag(h, t [2]uint64) [2]uint64 { return [2]uint64{h[0] + t[0], h[1] + t[1]} }
func subTag(h, t [2]uint64) [2]uint64 { return [2]uint64{h[0] - t[0], h[1] - t[1]} }

// optionHash is the hash of the sum (hash h, * parity star) with one heap of
// class c replaced by the option o.
func (s *Searcher) optionHash(h [2]uint64, star bool, c int32, o [2]int32) ([2]uint64, bool) {
	h = subTag(h, s.zobrist(c))
	for _, v := range o {
		switch v {
		case 0:
		case 1:
			if star {
				h = subTag(h, starTag)
			} else {
				h = addTag(h, starTag)
			}
			star = !star
		default:
			h = addTag(h, s.zobrist(v))
		}
	}
	return h, star
}

// checkHeaps validates heap sizes.
func checkHeaps(heaps []int) error {
	for _, h := range heaps {
		if h < 0 || h >= 1<<24 {
			return fmt.Errorf("heap size %d is out of range (0..%d)", h, 1<<24-1)
		}
	}
	return nil
}

// Outcome returns the misère outcome of the sum of heaps.
func (s *Searcher) Outcome(ctx context.Context, heaps []int) (Outcome, error) {
	if err := checkHeaps(heaps); err != nil {
		return N, err
	}
	if len(heaps) > 0 {
		s.prepare(slices.Max(heaps))
	}
	c, star := s.canonical(heaps)
	isP, err := s.isP(ctx, c, star)
	if err != nil {
		return N, err
	}
	if isP {
		return P, nil
	}
	return N, nil
}

func (s *Searcher) limit() int {
	if s.Limit == 0 {
		return 20_000_000
	}
	return s.Limit
}

// withOption writes into the arena the sum c with its i-th class replaced by
// the option o, sorted, and returns it with the new * parity.
func (s *Searcher) withOption(c []int32, star bool, i int, o [2]int32) ([]int32, bool) {
	start := len(s.arena)
	add := func(v int32) {
		switch v {
		case 0:
		case 1:
			star = !star
		default:
			s.arena = append(s.arena, v)
		}
	}
	// merge c without c[i] and the (sorted) classes of o
	var ins [2]int32
	n := 0
	for _, v := range o {
		if v >= 2 {
			ins[n] = v
			n++
		} else if v == 1 {
			star = !star
		}
	}
	j := 0
	for k, v := range c {
		if k == i {
			continue
		}
		for j < n && ins[j] <= v {
			add(ins[j])
			j++
		}
		add(v)
	}
	for ; j < n; j++ {
		add(ins[j])
	}
	return s.arena[start:], star
}

// isP: a position is P exactly when it has a move and every move leads to
// an N-position; the empty sum is N (the player to move has no move, so the
// opponent made the last move and lost), a lone * is P.
func (s *Searcher) isP(ctx context.Context, c []int32, star bool) (bool, error) {
	if len(c) == 0 {
		return star, nil
	}
	if p, ok := s.quotientOutcome(c, star); ok {
		return p, nil
	}
	k := s.hashSum(c, star, 0)
	if v, ok := s.outcome[k]; ok {
		return v, nil
	}
	if len(s.outcome) >= s.limit() {
		return false, ErrSearchTooLarge
	}
	if len(s.outcome)&8191 == 0 {
		if err := ctx.Err(); err != nil {
			return false, err
		}
	}
	mark := len(s.arena)
	defer func() { s.arena = s.arena[:mark] }()
	// First look for an option already known to be P (no recursion), then
	// search the others.
	if star {
		if v, ok := s.outcome[s.hashSum(c, false, 0)]; ok && v {
			s.outcome[k] = false
			return false, nil
		}
	}
	others := s.otherHeapProducts(c)
	if s.hasKnownPOption(c, star, k, &others) {
		s.outcome[k] = false
		return false, nil
	}
	if star {
		p, err := s.isP(ctx, c, false)
		if err != nil {
			return false, err
		}
		if p {
			s.outcome[k] = false
			return false, nil
		}
	}
	found, err := s.searchPOption(ctx, c, star, others.large)
	if err != nil {
		return false, err
	}
	s.outcome[k] = !found
	return !found, nil
}

// quotientOutcome decides a sum of heaps all within the cut-off quotient
// Q_k by the product of their images; ok is false when some heap is beyond
// it (or there is no quotient).
func (s *Searcher) quotientOutcome(c []int32, star bool) (p, ok bool) {
	if s.q == nil || (star && s.starImage < 0) {
		return false, false
	}
	for _, v := range c {
		if s.image[v] < 0 {
			return false, false
		}
	}
	u := s.starIdentity(star)
	for _, v := range c {
		u = s.q.Mul[u][s.image[v]]
	}
	return s.q.P[u], true
}

// heapProducts are, with a cut-off quotient, the products of the images of
// the small heaps of a sum c before and after each place (prefix[i] of
// c[:i], suffix[i] of c[i:]), so that an option whose heaps are all small
// is decided by prefix[i]·suffix[i+1] and the images of its parts; large
// counts the heaps beyond the cut-off. Without a quotient both are nil.
type heapProducts struct {
	large          int
	prefix, suffix []int32
}

// otherHeapProducts computes the heapProducts of c in the arena.
func (s *Searcher) otherHeapProducts(c []int32) heapProducts {
	var hp heapProducts
	if s.q == nil {
		return hp
	}
	n := len(c)
	start := len(s.arena)
	s.arena = append(s.arena, make([]int32, 2*n+2)...)
	buf := s.arena[start:]
	prefix, suffix := buf[:n+1], buf[n+1:2*n+2]
	prefix[0] = 0
	for i, v := range c {
		x := s.image[v]
		if x < 0 {
			hp.large++
			prefix[i+1] = prefix[i]
		} else {
			prefix[i+1] = int32(s.q.Mul[prefix[i]][x])
		}
	}
	suffix[n] = 0
	for i := n - 1; i >= 0; i-- {
		if x := s.image[c[i]]; x < 0 {
			suffix[i] = suffix[i+1]
		} else {
			suffix[i] = int32(s.q.Mul[suffix[i+1]][x])
		}
	}
	hp.prefix, hp.suffix = prefix, suffix
	return hp
}

// hasKnownPOption reports whether some option of c (hash k) is a
// P-position known without recursion: a lone heap moved to 0 or *, an
// option decided by the quotient, or one already in the table.
func (s *Searcher) hasKnownPOption(c []int32, star bool, k [2]uint64, hp *heapProducts) bool {
	for i, h := range c {
		if i > 0 && c[i-1] == h {
			continue
		}
		for _, o := range s.classOpts[h] {
			oh, nstar := s.optionHash(k, star, h, o)
			p := false
			switch {
			case len(c) == 1 && o[0] < 2 && o[1] < 2:
				p = nstar
			case s.q != nil && s.smallOption(hp.large, h, o, nstar):
				u := s.q.Mul[hp.prefix[i]][hp.suffix[i+1]]
				u = s.q.Mul[u][s.starIdentity(nstar)]
				for _, v := range o {
					if v >= 2 {
						u = s.q.Mul[u][s.image[v]]
					}
				}
				p = s.q.P[u]
			default:
				p = s.outcome[oh]
			}
			if p {
				return true
			}
		}
	}
	return false
}

// searchPOption searches the options of c not decided by the quotient for
// a P-position, recursively.
func (s *Searcher) searchPOption(ctx context.Context, c []int32, star bool, large int) (bool, error) {
	for i, h := range c {
		if i > 0 && c[i-1] == h {
			continue
		}
		for _, o := range s.classOpts[h] {
			if s.q != nil && s.smallOption(large, h, o, star != (o[0] == 1) != (o[1] == 1)) {
				continue // decided by hasKnownPOption
			}
			top := len(s.arena)
			next, nstar := s.withOption(c, star, i, o)
			p, err := s.isP(ctx, next, nstar)
			s.arena = s.arena[:top]
			if err != nil || p {
				return p, err
			}
		}
	}
	return false, nil
}

// smallOption reports whether replacing a heap of class h by o in a sum
// with `large` heaps beyond the cut-off leaves only heaps within it.
func (s *Searcher) smallOption(large int, h int32, o [2]int32, star bool) bool {
	if star && s.starImage < 0 {
		return false
	}
	if s.image[h] < 0 {
		large--
	}
	for _, v := range o {
		if v >= 2 && s.image[v] < 0 {
			large++
		}
	}
	return large == 0
}

func (s *Searcher) starIdentity(star bool) int {
	if star {
		return int(s.starImage)
	}
	return 0
}

// UseQuotient lets the search decide every sum of heaps within q's range
// from q (a partial quotient Q_k, exact for all sums of heaps 0..k, or a
// certified full quotient) and search only positions with a larger heap.
func (s *Searcher) UseQuotient(q *Quotient) {
	s.q = q
	s.prepare(q.ComputedTo)
	s.image = s.image[:0]
	s.starImage = -1
	for c := range s.classOpts {
		s.image = append(s.image, s.imageOf(c))
	}
	if len(s.image) > 1 {
		s.starImage = s.image[1]
	}
}

// imageOf is Φ of the least heap of class c, or -1 beyond the quotient.
func (s *Searcher) imageOf(c int) int32 {
	if s.q == nil {
		return -1
	}
	h := slices.Index(s.class, int32(c))
	if h < 0 {
		return -1
	}
	x, err := s.q.PhiOf(h)
	if err != nil {
		return -1
	}
	return int32(x)
}

// WinningMoves lists the moves of the sum of heaps that leave a misère
// P-position, heap by heap and in the order of the rules' ForEachOption. It
// is empty for a P-position.
func (s *Searcher) WinningMoves(ctx context.Context, heaps []int) ([]octal.Move, error) {
	moves, _, err := winningMoves(s.code, heaps, -1, func(next []int) (bool, error) {
		o, err := s.Outcome(ctx, next)
		return o == P, err
	})
	return moves, err
}

// winningMoves tries every move of the sum and keeps those whose result isP
// says is a P-position. Equal heaps have the same moves, so each distinct
// (heap size, option) is decided once.
func winningMoves(code Rules, heaps []int, keep int, isP func([]int) (bool, error)) ([]octal.Move, int, error) {
	if err := checkHeaps(heaps); err != nil {
		return nil, 0, err
	}
	type key struct{ h, take, a, b int }
	known := map[key]bool{}
	return collectWinningMoves(code, heaps, keep, func(i, take, a, b int) (bool, error) {
		h := heaps[i]
		k := key{h, take, a, b}
		if p, ok := known[k]; ok {
			return p, nil
		}
		next := make([]int, 0, len(heaps)+1)
		next = append(next, heaps[:i]...)
		next = append(next, heaps[i+1:]...)
		next = append(next, takebreak.TwoHeapOption(take, a, b).Heaps...)
		p, err := isP(next)
		if err != nil {
			return false, err
		}
		known[k] = p
		return p, nil
	})
}

// collectWinningMoves runs through the moves of the sum, heap by heap and
// in the order of the rules' ForEachOption, lists the first keep (all when
// keep < 0) of those that leavesP says leave a P-position (the option of
// heap i that takes take tokens and leaves heaps a and b, 0 for none), and
// counts them all.
func collectWinningMoves(code Rules, heaps []int, keep int, leavesP func(i, take, a, b int) (bool, error)) ([]octal.Move, int, error) {
	moves := []octal.Move{}
	count := 0
	var err error
	for i, h := range heaps {
		code.ForEachOption(h, func(take, a, b int) {
			if err != nil {
				return
			}
			var p bool
			if p, err = leavesP(i, take, a, b); err != nil || !p {
				return
			}
			if keep < 0 || count < keep {
				moves = append(moves, octal.Move{Heap: i, From: h, Take: take, Leave: takebreak.TwoHeapOption(take, a, b).Heaps})
			}
			count++
		})
		if err != nil {
			return nil, 0, err
		}
	}
	return moves, count, nil
}

// GenusHead returns the misère Grundy value g⁻ of the sum of heaps (the head
// of its genus): g⁻(0) = 1 and otherwise g⁻(G) = mex{g⁻(G')}. A position is a
// misère P-position exactly when g⁻ = 0.
func (s *Searcher) GenusHead(ctx context.Context, heaps []int) (int, error) {
	return s.GenusTerm(ctx, heaps, 0)
}

// GenusTerm returns γ_k = g⁻(heaps + k·*2), the k-th term of the genus of the
// sum of heaps.
func (s *Searcher) GenusTerm(ctx context.Context, heaps []int, k int) (int, error) {
	if err := checkHeaps(heaps); err != nil {
		return 0, err
	}
	if len(heaps) > 0 {
		s.prepare(slices.Max(heaps))
	}
	c, star := s.canonical(heaps)
	v, err := s.genusOf(ctx, c, star, k)
	return int(v), err
}

// genusOf is g⁻(c + star + twos·*2). g⁻ is a misère invariant (o⁻(G + *n) = P
// exactly when g⁻(G) = n), so the class reductions of the outcome search hold.
func (s *Searcher) genusOf(ctx context.Context, c []int32, star bool, twos int) (int32, error) {
	if len(c) == 0 && twos == 0 {
		if star {
			return 0, nil
		}
		return 1, nil
	}
	k := s.hashSum(c, star, twos+1)
	if v, ok := s.genus[k]; ok {
		return v, nil
	}
	if len(s.genus) >= s.limit() {
		return 0, ErrSearchTooLarge
	}
	if len(s.genus)&8191 == 0 {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
	}
	mark := len(s.arena)
	defer func() { s.arena = s.arena[:mark] }()
	var seen uint64
	var big []int32
	note := func(v int32) {
		if v < 64 {
			seen |= 1 << v
		} else {
			big = append(big, v)
		}
	}
	if star {
		v, err := s.genusOf(ctx, c, false, twos)
		if err != nil {
			return 0, err
		}
		note(v)
	}
	if twos > 0 {
		// *2 → 0 and *2 → *
		for _, st := range []bool{star, !star} {
			v, err := s.genusOf(ctx, c, st, twos-1)
			if err != nil {
				return 0, err
			}
			note(v)
		}
	}
	for i, h := range c {
		if i > 0 && c[i-1] == h {
			continue
		}
		for _, o := range s.classOpts[h] {
			next, nstar := s.withOption(c, star, i, o)
			v, err := s.genusOf(ctx, next, nstar, twos)
			s.arena = s.arena[:mark]
			if err != nil {
				return 0, err
			}
			note(v)
		}
	}
	m := int32(0)
	for (m < 64 && seen&(1<<m) != 0) || (m >= 64 && slices.Contains(big, m)) {
		m++
	}
	s.genus[k] = m
	return m, nil
}
