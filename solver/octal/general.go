package octal

import (
	"context"
	"math/bits"

	"github.com/nimlab/nimlab/solver/takebreak"
)

// generalEngine computes Grundy values of any take-and-break game
// (takebreak.Code) by the definition, with the option values of each kind of
// split kept as bitsets so that splits into three or more heaps stay exact
// without listing partitions:
//
//	X_i(s) = values of the splits of s tokens into i heaps
//	       = ⋃_{a=1}^{s−1} G(a) ⊕ X_{i−1}(s−a),            X_1(s) = {G(s)}
//	Z_i(s) = the same, heaps not all equal
//	       = ⋃_{a≠s/i} G(a) ⊕ X_{i−1}(s−a) ∪ G(s/i) ⊕ Z_{i−1}(s−s/i),  Z_1 = ∅
//	Y_t(s) = values of the splits into t or more heaps
//	       = ⋃_a G(a) ⊕ Y_{t−1}(s−a),  Y_1(s) = {G(s)} ∪ Y_2(s)
//
//	W_t(s) = the same, t or more heaps not all equal
//	       = ⋃_a G(a) ⊕ W_{t−1}(s−a) ∪ ⋃_{a, k ≥ t−1, b = (s−a)/k ≠ a} G(a) ⊕ (k odd ? G(b) : 0),
//	         W_1 = W_2
//
// (a is the first heap of an ordered split: the ordered splits give the same
// value sets as the unordered ones; in W the rest is either not all equal or
// k equal heaps b ≠ a). The union over a is taken value by value: the bitsets
// of all a with G(a) = u are ORed first and the result is XOR-translated by u
// once, so a heap costs O(s · words + values · words). Two unequal heaps (!)
// and all-equal heaps (=) are read directly. Splits into three or more
// pairwise unequal heaps (!) are a 0/1 knapsack over the heap sizes:
//
//	D_c(s) = values of the splits of s into c pairwise unequal heaps
//	(c = needDist: that many or more), with each heap size m added once,
//	when G(m) is known, to every s ≤ the table's capacity
//
// which costs O(capacity · needDist · words) a heap; the capacity doubles
// when a heap passes it, and the table is rebuilt.
type generalEngine struct {
	rules takebreak.Code
	vals  []uint16
	words int // bitsets have words 64-bit words: every value is < 64·words

	x, z, y [][]uint64 // x[i], z[i], y[t]: flat tables, entry s at [s·words:(s+1)·words]
	needX   int        // X_2..X_needX are kept
	needZ   int        // Z_2..Z_needZ
	needY   int        // Y_1..Y_needY (needY ≥ 2 when any)

	w                 [][]uint64 // w[t]: W_t, t = 2..needW
	needW             int
	divs              [][]int32  // divs[s]: the divisors of s, kept when needW > 0
	dist              [][]uint64 // dist[c]: D_c for c = 0..needDist, entries 0..distCap
	needDist, distCap int

	acc []uint64 // scratch: per value u, the OR of the sets of heaps a with G(a) = u
	opt []uint64 // the option values of the current heap
}

// generalTableLimit bounds the heaps a general engine keeps tables for: the
// tables cost heaps × words × 8 bytes each.
func newGeneralEngine(rules takebreak.Code, resume []uint16, limit int) *generalEngine {
	e := &generalEngine{rules: rules, words: 1}
	e.planTables()
	e.vals = make([]uint16, 0, min(limit, 1<<16))
	for n, v := range resume {
		e.ensureWords(int(v))
		e.prepareSplits(n)
		e.vals = append(e.vals, v)
		e.afterValue(n)
	}
	return e
}

// digitsToScan returns how many digits (from index 0) describe every digit
// of the code: the finite digits, or the prefix and one repeated block.
func digitsToScan(r takebreak.Code) int { return len(r.Digits) }

// planTables decides which tables the code's digits need.
func (e *generalEngine) planTables() {
	for j := range digitsToScan(e.rules) {
		d := e.rules.Digit(j)
		top := d.MaxHeaps()
		if d.AtLeast > 0 {
			top = d.AtLeast - 1
			a := max(d.AtLeast, 2)
			switch d.ModAt(d.AtLeast) {
			case takebreak.Plain:
				e.needY = max(e.needY, d.AtLeast, 2)
			case takebreak.NotAllEqual:
				e.needW = max(e.needW, a)
			case takebreak.Distinct:
				e.needDist = max(e.needDist, a)
			}
		}
		for i := 2; i <= top; i++ {
			if !d.Allows(i) {
				continue
			}
			switch d.ModAt(i) {
			case takebreak.Plain:
				e.needX = max(e.needX, i)
			case takebreak.NotAllEqual:
				e.needZ = max(e.needZ, i)
				e.needX = max(e.needX, i-1)
			case takebreak.Distinct:
				if i >= 3 {
					e.needDist = max(e.needDist, i+1)
				}
			}
		}
	}
	if e.needX == 1 {
		e.needX = 0 // X_1 is the value itself
	}
	e.x = make([][]uint64, e.needX+1)
	e.z = make([][]uint64, e.needZ+1)
	e.y = make([][]uint64, e.needY+1)
	e.w = make([][]uint64, e.needW+1)
	e.dist = make([][]uint64, e.needDist+1)
}

func (e *generalEngine) values() []uint16 { return e.vals }
func (e *generalEngine) rare() int        { return 0 }

// ensureWords widens every bitset so that values up to v fit (XORs of values
// below a power of two stay below it).
func (e *generalEngine) ensureWords(v int) {
	w := e.words
	for 64*w <= v {
		w *= 2
	}
	if w == e.words {
		return
	}
	widen := func(t []uint64) []uint64 {
		if t == nil {
			return nil
		}
		n := len(t) / e.words
		out := make([]uint64, n*w, max(cap(t)/e.words, n)*w)
		for s := range n {
			copy(out[s*w:], t[s*e.words:(s+1)*e.words])
		}
		return out
	}
	for _, tabs := range [][][]uint64{e.x, e.z, e.y, e.w, e.dist} {
		for i := range tabs {
			tabs[i] = widen(tabs[i])
		}
	}
	e.words = w
}

// row returns entry s of table t.
func (e *generalEngine) row(t []uint64, s int) []uint64 {
	return t[s*e.words : (s+1)*e.words]
}

// prepareSplits appends entry n of every split table that does not depend on
// G(n) (all but Y_1).
func (e *generalEngine) prepareSplits(n int) {
	w := e.words
	grow := func(t []uint64) []uint64 {
		return append(t, make([]uint64, w)...)
	}
	for i := 2; i <= e.needX; i++ {
		e.x[i] = grow(e.x[i])
	}
	for i := 2; i <= e.needZ; i++ {
		e.z[i] = grow(e.z[i])
	}
	for t := 1; t <= e.needY; t++ {
		e.y[t] = grow(e.y[t])
	}
	for t := 2; t <= e.needW; t++ {
		e.w[t] = grow(e.w[t])
	}
	if e.needW > 0 {
		e.divs = append(e.divs, divisors(n))
	}
	if n < 2 {
		return
	}
	vals := e.vals
	if e.needX >= 2 {
		dst := e.row(e.x[2], n)
		for a := 1; a < n; a++ {
			v := int(vals[a] ^ vals[n-a])
			dst[v>>6] |= 1 << uint(v&63)
		}
	}
	for i := 3; i <= e.needX; i++ {
		e.unionShifted(e.row(e.x[i], n), n, e.x[i-1], i-1, -1)
	}
	if e.needZ >= 2 {
		dst := e.row(e.z[2], n)
		for a := 1; a < n; a++ {
			if 2*a == n {
				continue
			}
			v := int(vals[a] ^ vals[n-a])
			dst[v>>6] |= 1 << uint(v&63)
		}
	}
	for i := 3; i <= e.needZ; i++ {
		dst := e.row(e.z[i], n)
		skip := -1
		if n%i == 0 {
			skip = n / i
			xorTranslateOr(dst, e.row(e.z[i-1], n-skip), int(vals[skip]))
		}
		e.unionShifted(dst, n, e.x[i-1], i-1, skip)
	}
	for t := 2; t <= e.needY; t++ {
		e.unionShifted(e.row(e.y[t], n), n, e.y[t-1], t-1, -1)
	}
	for t := 2; t <= e.needW; t++ {
		dst := e.row(e.w[t], n)
		e.unionShifted(dst, n, e.w[max(t-1, 2)], 2, -1)
		for a := 1; a < n; a++ {
			ga := int(vals[a])
			for _, b := range e.divs[n-a] {
				k := (n - a) / int(b)
				if int(b) == a || k < t-1 {
					continue
				}
				v := ga
				if k%2 == 1 {
					v ^= int(vals[b])
				}
				dst[v>>6] |= 1 << uint(v&63)
			}
		}
	}
}

// divisors returns the divisors of s (none for s = 0).
func divisors(s int) []int32 {
	var out []int32
	for b := 1; b*b <= s; b++ {
		if s%b == 0 {
			out = append(out, int32(b))
			if b*b != s {
				out = append(out, int32(s/b))
			}
		}
	}
	return out
}

// ensureDist makes the tables D_c hold every s ≤ n, rebuilding them with a
// doubled capacity from the heap sizes 1..len(vals)−1 when n is beyond them.
func (e *generalEngine) ensureDist(n int) {
	_ = e.ensureDistContext(context.Background(), n)
}

// ensureDistContext is ensureDist that stops when ctx is done: a rebuild
// costs every known heap's pass over the tables (tens of seconds on long
// runs of games such as 0.*!3, which made Ctrl-C wait that long). Stopped,
// it leaves no tables, so the next call rebuilds them.
func (e *generalEngine) ensureDistContext(ctx context.Context, n int) error {
	if n <= e.distCap && e.dist[0] != nil {
		return nil
	}
	oldCap := e.distCap
	e.distCap = max(2*e.distCap, n, 1024)
	for c := range e.dist {
		e.dist[c] = make([]uint64, (e.distCap+1)*e.words)
	}
	e.dist[0][0] = 1 // no heap: value 0
	for m := 1; m < len(e.vals); m++ {
		if m&15 == 0 && ctx.Err() != nil {
			e.distCap = oldCap
			for c := range e.dist {
				e.dist[c] = nil
			}
			return ctx.Err()
		}
		e.addDistinctPart(m)
	}
	return nil
}

// addDistinctPart adds heap size m (G(m) known) to the tables D_c: each
// split of s − m into c − 1 unequal heaps smaller than m gives one of s into
// c. s goes down so that m is used once.
func (e *generalEngine) addDistinctPart(m int) {
	g := int(e.vals[m])
	top := e.needDist
	for s := e.distCap; s >= m; s-- {
		for c := top; c >= 1; c-- {
			dst := e.row(e.dist[c], s)
			xorTranslateOr(dst, e.row(e.dist[c-1], s-m), g)
			if c == top {
				xorTranslateOr(dst, e.row(e.dist[c], s-m), g)
			}
		}
	}
}

// unionShifted ORs into dst the sets G(a) ⊕ T(n−a) for a = 1..n−1, a ≠ skip,
// where T is table src (parts ≥ 1 each: the loop stops where n−a < minRest).
// Sets of heaps a with the same value are ORed first, then translated once.
func (e *generalEngine) unionShifted(dst []uint64, n int, src []uint64, minRest, skip int) {
	w := e.words
	nv := 64 * w
	if len(e.acc) < nv*w {
		e.acc = make([]uint64, nv*w)
	}
	acc := e.acc[:nv*w]
	clear(acc)
	used := make([]bool, nv)
	for a := 1; n-a >= minRest; a++ {
		if a == skip {
			continue
		}
		u := int(e.vals[a])
		used[u] = true
		row := src[(n-a)*w : (n-a+1)*w]
		au := acc[u*w : (u+1)*w]
		for k, x := range row {
			au[k] |= x
		}
	}
	for u, ok := range used {
		if ok {
			xorTranslateOr(dst, acc[u*w:(u+1)*w], u)
		}
	}
}

// afterValue records what needs G(n): Y_1(n) = {G(n)} ∪ Y_2(n), and heap
// size n in the tables D_c.
func (e *generalEngine) afterValue(n int) {
	if e.needDist > 0 && n >= 1 && n <= e.distCap && e.dist[0] != nil {
		e.addDistinctPart(n)
	}
	if e.needY >= 1 {
		row := e.row(e.y[1], n)
		if n >= 1 {
			v := int(e.vals[n])
			row[v>>6] |= 1 << uint(v&63)
		}
		if e.needY >= 2 {
			for k, x := range e.row(e.y[2], n) {
				row[k] |= x
			}
		}
	}
}

// xorTranslateOr ORs into dst the set {v ⊕ u : v ∈ src}. The low six bits of
// u permute the bits inside each word (swaps of blocks of 1, 2, 4 … 32 bits),
// the others permute the words.
func xorTranslateOr(dst, src []uint64, u int) {
	lo, hi := uint(u&63), u>>6
	for k, x := range src {
		if x == 0 {
			continue
		}
		if lo&1 != 0 {
			x = (x&0x5555555555555555)<<1 | (x>>1)&0x5555555555555555
		}
		if lo&2 != 0 {
			x = (x&0x3333333333333333)<<2 | (x>>2)&0x3333333333333333
		}
		if lo&4 != 0 {
			x = (x&0x0F0F0F0F0F0F0F0F)<<4 | (x>>4)&0x0F0F0F0F0F0F0F0F
		}
		if lo&8 != 0 {
			x = (x&0x00FF00FF00FF00FF)<<8 | (x>>8)&0x00FF00FF00FF00FF
		}
		if lo&16 != 0 {
			x = (x&0x0000FFFF0000FFFF)<<16 | (x>>16)&0x0000FFFF0000FFFF
		}
		if lo&32 != 0 {
			x = x<<32 | x>>32
		}
		dst[k^hi] |= x
	}
}

// heapValue computes G(n) from G(0..n−1) and the tables up to entry n.
func (e *generalEngine) heapValue(n int) int {
	w := e.words
	if len(e.opt) < w {
		e.opt = make([]uint64, w)
	}
	opt := e.opt[:w]
	clear(opt)
	if e.needDist > 0 {
		e.ensureDist(n)
	}
	mark := func(v int) { opt[v>>6] |= 1 << uint(v&63) }
	or := func(row []uint64) {
		for k, x := range row {
			opt[k] |= x
		}
	}
	vals := e.vals
	last := n
	if e.rules.Finite() {
		last = min(n, len(e.rules.Digits)-1)
	}
	for j := 0; j <= last; j++ {
		d := e.rules.Digit(j)
		if d.IsZero() {
			continue
		}
		r := n - j
		if j > 0 {
			if r == 0 && d.Allows(0) {
				mark(0)
			}
			if d.AllowsOneHeap(r) {
				mark(int(vals[r]))
			}
		}
		if r < 2 {
			continue
		}
		top := min(r, 63)
		if d.AtLeast > 0 {
			top = min(r, d.AtLeast-1)
		}
		for i := 2; i <= top; i++ {
			if !d.Allows(i) {
				continue
			}
			e.markCount(d, r, i, opt, mark, or)
		}
		if d.AtLeast > 0 && r >= d.AtLeast {
			e.markOpenCounts(d, r, opt, mark, or)
		}
	}
	return lowestUnset(opt)
}

// markOpenCounts marks the values of the moves of digit d that leave r
// tokens as d.AtLeast heaps or more (a digit with an open count, such as
// 4!'s "any number of heaps").
func (e *generalEngine) markOpenCounts(d takebreak.Digit, r int, opt []uint64, mark func(int), or func([]uint64)) {
	a := max(d.AtLeast, 2)
	switch d.ModAt(d.AtLeast) {
	case takebreak.Plain:
		// Y_1(r) holds the single heap r: marked by heapValue already
		// (a Plain count 1 has no "?" to refuse it).
		or(e.row(e.y[max(d.AtLeast, 1)], r))
	case takebreak.NotAllEqual:
		or(e.row(e.w[a], r))
	case takebreak.Distinct:
		for c := a; c <= e.needDist; c++ {
			or(e.row(e.dist[c], r))
		}
	default: // all equal: k heaps of r/k, k ≥ a dividing r
		for _, k := range divisors(r) {
			if int(k) >= a {
				e.markCount(d, r, int(k), opt, mark, or)
			}
		}
	}
}

// lowestUnset is the mex of the values set in the bit set opt: its lowest
// unset bit (64·len(opt) when every bit is set).
func lowestUnset(opt []uint64) int {
	for k, x := range opt {
		if x != ^uint64(0) {
			return 64*k + bits.TrailingZeros64(^x)
		}
	}
	return 64 * len(opt)
}

// markCount marks the values of the moves of digit d that leave r tokens as
// exactly i ≥ 2 heaps.
func (e *generalEngine) markCount(d takebreak.Digit, r, i int, opt []uint64, mark func(int), or func([]uint64)) {
	vals := e.vals
	switch mod := d.ModAt(i); {
	case mod == takebreak.AllEqual:
		if r%i == 0 {
			if i%2 == 1 {
				mark(int(vals[r/i]))
			} else {
				mark(0)
			}
		}
	case mod == takebreak.Plain && i <= e.needX:
		or(e.row(e.x[i], r))
	case mod == takebreak.NotAllEqual && i <= e.needZ:
		or(e.row(e.z[i], r))
	case mod == takebreak.Distinct && i == 2:
		for a := 1; 2*a < r; a++ {
			mark(int(vals[a] ^ vals[r-a]))
		}
	case mod == takebreak.NotAllEqual && i == 2:
		for a := 1; 2*a < r; a++ {
			mark(int(vals[a] ^ vals[r-a]))
		}
	case mod == takebreak.Distinct && i < e.needDist:
		or(e.row(e.dist[i], r))
	default:
		d.ForEachLeave(r, i, func(heaps []int) bool {
			v := 0
			for _, h := range heaps {
				v ^= int(vals[h])
			}
			mark(v)
			return true
		})
	}
}

// extend computes values until G(0..upTo) are known.
func (e *generalEngine) extend(ctx context.Context, upTo int, progress ProgressFunc) error {
	tick := newProgressTicker(ctx, progress, len(e.vals), upTo)
	for n := len(e.vals); n <= upTo; n++ {
		// A heap may cost a good part of a second on long runs: the context
		// is looked at every heap (progress every 256).
		if err := ctx.Err(); err != nil {
			return err
		}
		if n&255 == 0 {
			if err := tick.check(n, 0); err != nil {
				return err
			}
		}
		if e.needDist > 0 {
			if err := e.ensureDistContext(ctx, n); err != nil {
				return err
			}
		}
		e.prepareSplits(n)
		v := e.heapValue(n)
		if v > MaxValue {
			return errValueOverflow(Code{Rules: &e.rules}, n)
		}
		e.vals = append(e.vals, uint16(v))
		e.ensureWords(v)
		e.afterValue(n)
	}
	tick.report(len(e.vals), 0)
	return nil
}

// GeneralExtend is the general engine as an Extender: it appends values of
// code (any take-and-break game) until values holds G(0..upTo).
func GeneralExtend(ctx context.Context, code Code, values []uint16, upTo int, progress ProgressFunc) ([]uint16, error) {
	e := newGeneralEngine(code.TakeBreak(), values, upTo+1)
	err := e.extend(ctx, upTo, progress)
	return e.vals, err
}
