package astron

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/nimlab/nimlab/solver/octal"
)

// Progress reports how far a table computation has got, in cells.
type Progress struct {
	Done, Total int64
}

// ProgressFunc receives progress reports; it must return quickly.
type ProgressFunc func(Progress)

// Size limits of the dense tables: a two-star table of side N+1 holds
// (N+1)² values, a three-star table (N+1)³ (about 128 MB at N = 400).
const (
	MaxTable2 = 6000
	MaxTable3 = 400
)

// parallelWork is the number of inner-loop steps from which a diagonal or
// plane of cells is shared among the cores.
const parallelWork = 32768

// progressInterval is how often long loops report progress.
const progressInterval = 100 * time.Millisecond

// progressTicker passes progress on to fn, when set, at most every
// progressInterval (from last), and once more at the end.
type progressTicker struct {
	fn   ProgressFunc
	last time.Time
}

func (p *progressTicker) report(done, total int64) {
	if p.fn != nil && time.Since(p.last) >= progressInterval {
		p.last = time.Now()
		p.fn(Progress{Done: done, Total: total})
	}
}

func (p *progressTicker) finish(total int64) {
	if p.fn != nil {
		p.fn(Progress{Done: total, Total: total})
	}
}

// checkStorable refuses a largest nimber (of positions of the given number
// of stars) that the uint16 tables cannot hold.
func checkStorable(largest int, stars string) error {
	if largest > math.MaxUint16-1 {
		return fmt.Errorf("a %s nimber exceeds %d, the largest value nimlab stores", stars, math.MaxUint16-1)
	}
	return nil
}

// OneStar returns G(A_n) for 0 ≤ n ≤ upTo: one star is the octal game of the
// rules' octal code (for Astron, Dawson's Kayles 0.07). It runs octal.Solve,
// which continues a certified period instead of computing every heap's
// splits (the quadratic scan took 35 s for one star of 3·10^5 points).
func OneStar(ctx context.Context, r Rules, upTo int) ([]uint16, error) {
	if upTo < 0 {
		return []uint16{}, nil
	}
	res, err := octal.Solve(ctx, r.Octal, octal.SolveOptions{N: upTo, Exact: true})
	if err != nil {
		return nil, err
	}
	return res.Values, nil
}

// Table2 holds G(A_{p,q}) for 0 ≤ p, q ≤ N. Row 0 (and column 0) is the
// one-star game.
type Table2 struct {
	N    int
	side int
	v    []uint16
	max  int
}

// At returns G(A_{p,q}); 0 ≤ p, q ≤ N.
func (t *Table2) At(p, q int) int { return int(t.v[p*t.side+q]) }

// Row returns G(A_{p,q}) for q = 0..N. The slice shares the table's memory.
func (t *Table2) Row(p int) []uint16 { return t.v[p*t.side : (p+1)*t.side : (p+1)*t.side] }

// Max returns the largest nimber in the table.
func (t *Table2) Max() int { return t.max }

// Grid returns the table as rows (sharing the table's memory).
func (t *Table2) Grid() Grid {
	g := Grid{Stars: 2, N: t.N, Rows: make([][]uint16, t.side)}
	for p := range g.Rows {
		g.Rows[p] = t.Row(p)
	}
	return g
}

// Grid is a square table of nimbers, Rows[p][q] for 0 ≤ p, q ≤ N: the
// two-star table G(A_{p,q}) (Stars = 2) or the slice G(A_{p,q,Slice}) of the
// three-star table (Stars = 3).
type Grid struct {
	Stars, Slice, N int
	Rows            [][]uint16
}

// Max returns the largest nimber in the grid.
func (g Grid) Max() int {
	m := 0
	for _, row := range g.Rows {
		for _, v := range row {
			m = max(m, int(v))
		}
	}
	return m
}

// BuildGrid computes the table the CLI and the window show: for two stars
// G(A_{p,q}), for three stars the slice G(A_{p,q,slice}), 0 ≤ p, q ≤ n.
func BuildGrid(ctx context.Context, r Rules, stars, n, slice int, progress ProgressFunc) (Grid, error) {
	switch stars {
	case 2:
		t, err := BuildTable2(ctx, r, n, progress)
		if err != nil {
			return Grid{}, err
		}
		return t.Grid(), nil
	case 3:
		if slice < 0 {
			return Grid{}, fmt.Errorf("slice %d is negative", slice)
		}
		t, err := BuildTable3(ctx, r, max(n, slice), progress)
		if err != nil {
			return Grid{}, err
		}
		g := t.Slice(slice)
		g.N = n
		g.Rows = g.Rows[:n+1]
		for p := range g.Rows {
			g.Rows[p] = g.Rows[p][:n+1]
		}
		return g, nil
	}
	return Grid{}, fmt.Errorf("tables of %d stars are not computed; accepted: 2 or 3", stars)
}

// BuildTable2 computes the two-star table up to N.
//
// Cells are computed by anti-diagonals p + q = d: every option of A_{p,q}
// lies on an earlier diagonal or in the one-star game, so the cells of one
// diagonal are independent and are shared among all cores.
func BuildTable2(ctx context.Context, r Rules, n int, progress ProgressFunc) (*Table2, error) {
	if n < 0 || n > MaxTable2 {
		return nil, fmt.Errorf("two-star table size %d is outside 0..%d", n, MaxTable2)
	}
	// Joins leave one star of at most p + q points.
	g1, err := OneStar(ctx, r, 2*n+1)
	if err != nil {
		return nil, err
	}
	return buildTable2(ctx, r, n, g1, progress)
}

func buildTable2(ctx context.Context, r Rules, n int, g1 []uint16, progress ProgressFunc) (*Table2, error) {
	side := n + 1
	t := &Table2{N: n, side: side, v: make([]uint16, side*side)}
	for i := 0; i <= n; i++ {
		t.v[i] = g1[i]
		t.v[i*side] = g1[i]
		t.max = max(t.max, int(g1[i]))
	}
	e := &engine2{t: t, g1: g1, rg: reversed(g1), splits: r.splitRules()}
	for _, jr := range r.joinRules() {
		if jr.N == 2 {
			e.joinK = append(e.joinK, jr.K)
		}
	}
	g1max := 0
	for _, v := range g1 {
		g1max = max(g1max, int(v))
	}
	if g1max < 64 {
		e.initShortcut()
	}
	total := int64(n) * int64(n+1) / 2
	var done int64
	ticker := progressTicker{fn: progress, last: time.Now()}
	workers := runtime.GOMAXPROCS(0)
	for d := 2; d <= 2*n; d++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		xlo, xhi := max(1, d-n), d/2
		if xlo > xhi {
			continue
		}
		bound := xorBound(max(t.max, g1max))
		cells := xhi - xlo + 1
		// Each cell costs about d XORs (at most a few hundred steps with the
		// periodic shortcut); sharing a diagonal costs a goroutine start and
		// a wait, worth it from some tens of thousands of steps.
		cost := d
		if e.pm != nil {
			cost = min(d, 2*(e.n1+2*e.tau1)+64)
		}
		parts := min(workers, max(1, cells*cost/parallelWork))
		m := maxOverParts(parts, func(w int) int {
			var s mexSet
			lo := xlo + w*cells/parts
			hi := xlo + (w+1)*cells/parts
			m := 0
			useMasks := e.pm != nil && bound <= 64
			for x := lo; x < hi; x++ {
				y := d - x
				var v int
				if useMasks {
					v = e.cellMasked(x, y)
					e.setMask(x, y, v)
				} else {
					v = e.cell(x, y, &s, bound)
				}
				t.v[x*side+y] = uint16(v)
				t.v[y*side+x] = uint16(v)
				m = max(m, v)
			}
			return m
		})
		t.max = max(t.max, m)
		if t.max >= 64 {
			// The masks hold values below 64 only.
			e.pm = nil
		}
		if err := checkStorable(t.max, "two-star"); err != nil {
			return nil, err
		}
		done += int64(cells)
		ticker.report(done, total)
	}
	ticker.finish(total)
	return t, nil
}

func reversed(xs []uint16) []uint16 {
	out := make([]uint16, len(xs))
	for i, x := range xs {
		out[len(xs)-1-i] = x
	}
	return out
}

// engine2 computes cells of a two-star table.
type engine2 struct {
	t      *Table2
	g1, rg []uint16 // one-star values and the same reversed
	splits []splitRule
	joinK  []int

	// The periodic shortcut (see cellMasked): the one-star values repeat
	// with period tau1 from n1 on, and pm[p*side+q] is the set of the values
	// G(A_{p,j}) for j ≤ q, j ≡ q (mod tau1), as a bit mask. pm is nil when
	// the shortcut is off.
	n1, tau1 int
	pm       []uint64
	// groups are the classes c (a = n1 + c + i·tau1) sharing one one-star
	// value, so that a group costs one XOR permutation.
	groups []classGroup
}

type classGroup struct {
	value   uint
	classes []int
}

// maskedTableLimit bounds the table side for which the masks (8 bytes per
// cell) are kept.
const maskedTableLimit = 4000

// initShortcut turns the periodic shortcut on when the one-star values show
// a period short enough to pay off and every value so far is below 64.
func (e *engine2) initShortcut() {
	t := e.t
	if disableShortcut || t.N > maskedTableLimit || t.max >= 64 {
		return
	}
	p := findPeriod(oneStarBulb(e.g1), 1, 0, nil)
	// The search compared every pair G(a), G(a + τ) with a ≥ n1 in the
	// computed range, which is all the shortcut relies on.
	if p.Period == 0 || p.Period > 256 || p.Preperiod+2*p.Period > t.N {
		return
	}
	e.n1, e.tau1 = p.Preperiod, p.Period
	byValue := map[uint16]int{}
	for c := range e.tau1 {
		g := e.g1[e.n1+c]
		i, ok := byValue[g]
		if !ok {
			i = len(e.groups)
			byValue[g] = i
			e.groups = append(e.groups, classGroup{value: uint(g)})
		}
		e.groups[i].classes = append(e.groups[i].classes, c)
	}
	side := t.side
	e.pm = make([]uint64, side*side)
	for j := 0; j <= t.N; j++ {
		e.setMaskRow(0, j, int(t.v[j]))
		e.setMaskRow(j, 0, int(t.v[j]))
	}
}

// disableShortcut turns the periodic shortcut off (tests compare both ways).
var disableShortcut = false

func (e *engine2) setMaskRow(p, q, v int) {
	side := e.t.side
	m := uint64(1) << v
	if q >= e.tau1 {
		m |= e.pm[p*side+q-e.tau1]
	}
	e.pm[p*side+q] = m
}

// setMask records the value v of cell (x, y) in the masks of both rows.
func (e *engine2) setMask(x, y, v int) {
	e.setMaskRow(x, y, v)
	e.setMaskRow(y, x, v)
}

// cellMasked is cell for a diagonal whose values are all below 64, using the
// periodic shortcut where it applies.
func (e *engine2) cellMasked(x, y int) int {
	var bits uint64
	bits |= e.starMasked(x, y)
	if x != y {
		bits |= e.starMasked(y, x)
	}
	for _, k := range e.joinK {
		if j := x + y - k; j >= 0 {
			bits |= 1 << e.g1[j]
		}
	}
	return mexOfBits(bits)
}

// starMasked is star for values below 64, with the shortcut: the values
// G(A_a) ⊕ G(A_{m−a,other}) for a ≥ n1 are, class by class of a mod tau1,
// one one-star value XORed with every value of the row of other at the
// indices j = m − a of the class — a prefix mask. So a star costs about
// n1 + tau1 steps instead of m.
func (e *engine2) starMasked(x, other int) uint64 {
	t := e.t
	side := t.side
	row := t.v[other*side : (other+1)*side]
	pmRow := e.pm[other*side : (other+1)*side]
	last := len(e.rg) - 1
	var bits uint64
	for _, sr := range e.splits {
		m, lo, ok := sr.leaves(x)
		if !ok {
			continue
		}
		if !sr.Split {
			if lo == 0 {
				bits |= 1 << row[m]
			}
			continue
		}
		if lo > m {
			continue
		}
		// The periodic part starts at n1, or one period later if the
		// lowest a allowed is above n1 (the values there are the same).
		a0 := e.n1
		if lo > a0 {
			a0 += e.tau1
		}
		if m < a0+e.tau1 {
			cnt := m - lo + 1
			bits |= orXor64(e.rg[last-m:last-m+cnt], row[:cnt])
			continue
		}
		// a in [lo, a0): directly; j = m − a runs over [m−a0+1, m−lo].
		if a0 > lo {
			j0, cnt := m-a0+1, a0-lo
			bits |= orXor64(e.rg[last-m+j0:last-m+j0+cnt], row[j0:j0+cnt])
		}
		// a in [a0, m], class by class: a = a0 + c + i·tau1, whose
		// indices j = m − a are the prefix mask at m − a0 − c.
		top := pmRow[:m-a0+1]
		for _, g := range e.groups {
			var acc uint64
			for _, c := range g.classes {
				acc |= top[len(top)-1-c]
			}
			bits |= xorPerm(acc, g.value)
		}
	}
	return bits
}

// xorPerm maps a set of values below 64 (as a bit mask) to the set of the
// values XOR v: each bit of v swaps the blocks of that size.
func xorPerm(m uint64, v uint) uint64 {
	if v&1 != 0 {
		m = (m&0x5555555555555555)<<1 | (m>>1)&0x5555555555555555
	}
	if v&2 != 0 {
		m = (m&0x3333333333333333)<<2 | (m>>2)&0x3333333333333333
	}
	if v&4 != 0 {
		m = (m&0x0f0f0f0f0f0f0f0f)<<4 | (m>>4)&0x0f0f0f0f0f0f0f0f
	}
	if v&8 != 0 {
		m = (m&0x00ff00ff00ff00ff)<<8 | (m>>8)&0x00ff00ff00ff00ff
	}
	if v&16 != 0 {
		m = (m&0x0000ffff0000ffff)<<16 | (m>>16)&0x0000ffff0000ffff
	}
	if v&32 != 0 {
		m = m<<32 | m>>32
	}
	return m
}

// cell returns G(A_{x,y}) for 1 ≤ x, y; every option must be known.
func (e *engine2) cell(x, y int, s *mexSet, bound int) int {
	for pass := 0; ; pass++ {
		v := e.cellPass(x, y, s, bound, pass)
		if !s.again() {
			return v
		}
	}
}

func (e *engine2) cellPass(x, y int, s *mexSet, bound int, pass int) int {
	s.reset(bound, pass)
	e.star(x, y, s)
	if x != y {
		e.star(y, x, s)
	}
	for _, k := range e.joinK {
		if j := x + y - k; j >= 0 {
			s.add(e.g1[j])
		}
	}
	return s.mex()
}

// star adds the options that remove points from the star x of A_{x,other}.
//
// With m = x − k points left, the splits with both sides non-empty have the
// values G(A_a) ⊕ G(A_{m−a,other}) for 1 ≤ a ≤ m (the other star beside the
// m − a; putting it beside the a gives the same set with a and m − a
// exchanged). The term a = 0 is lowering the star to m (or removing it when
// m = 0), so one loop covers all three bits of the digit.
func (e *engine2) star(x, other int, s *mexSet) {
	t := e.t
	row := t.v[other*t.side : (other+1)*t.side] // G(A_{other,j})
	last := len(e.rg) - 1
	for _, sr := range e.splits {
		m, lo, ok := sr.leaves(x)
		if !ok {
			continue
		}
		switch {
		case sr.Split && lo <= m:
			// g1[a] = rg[last−a]; with j = m − a running 0..m−lo both
			// slices are read forwards.
			cnt := m - lo + 1
			s.addXor(e.rg[last-m:last-m+cnt], row[:cnt])
		case !sr.Split && lo == 0:
			s.add(row[m])
		}
	}
}

// maxOverParts runs part(0..parts-1), on separate goroutines when there is
// more than one, and returns the largest value they return.
func maxOverParts(parts int, part func(w int) int) int {
	if parts == 1 {
		return part(0)
	}
	maxes := make([]int, parts)
	var wg sync.WaitGroup
	for w := range parts {
		wg.Go(func() { maxes[w] = part(w) })
	}
	wg.Wait()
	return slices.Max(maxes)
}
