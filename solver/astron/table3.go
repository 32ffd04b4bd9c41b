package astron

import (
	"context"
	"fmt"
	"runtime"
	"time"
)

// Table3 holds G(A_{p,q,r}) for 0 ≤ p, q, r ≤ N, stored in full (every
// permutation) so that the options of a cell are read along contiguous lines.
// Cells with an index 0 are the two-star game.
type Table3 struct {
	N    int
	side int
	v    []uint16
	max  int
	// Two is the two-star table the three-star one was built on; it reaches
	// 2N because joining two stars of a three-star position leaves up to 2N.
	Two *Table2
}

// At returns G(A_{p,q,r}); 0 ≤ p, q, r ≤ N.
func (t *Table3) At(p, q, r int) int { return int(t.v[(p*t.side+q)*t.side+r]) }

// Max returns the largest nimber in the table.
func (t *Table3) Max() int { return t.max }

// Slice returns G(A_{p,q,r}) for 0 ≤ p, q ≤ N with r fixed (0 ≤ r ≤ N), as
// rows sharing the table's memory.
func (t *Table3) Slice(r int) Grid {
	g := Grid{Stars: 3, Slice: r, N: t.N, Rows: make([][]uint16, t.side)}
	for p := range g.Rows {
		// The line (r, p, ·) equals (p, ·, r) by symmetry and is contiguous.
		off := (r*t.side + p) * t.side
		g.Rows[p] = t.v[off : off+t.side : off+t.side]
	}
	return g
}

// MaxBySize returns, for each n ≤ N, the largest nimber of a position whose
// stars all have at most n points.
func (t *Table3) MaxBySize() []int {
	shell := make([]int, t.side)
	for p := 0; p <= t.N; p++ {
		for q := 0; q <= t.N; q++ {
			row := t.v[(p*t.side+q)*t.side:]
			for r := 0; r <= t.N; r++ {
				s := max(p, q, r)
				shell[s] = max(shell[s], int(row[r]))
			}
		}
	}
	for n := 1; n < len(shell); n++ {
		shell[n] = max(shell[n], shell[n-1])
	}
	return shell
}

// MaxBySize returns, for each n ≤ N, the largest nimber of a two-star
// position whose stars have at most n points.
func (t *Table2) MaxBySize() []int {
	shell := make([]int, t.side)
	for p := 0; p <= t.N; p++ {
		for q, v := range t.Row(p) {
			s := max(p, q)
			shell[s] = max(shell[s], int(v))
		}
	}
	for n := 1; n < len(shell); n++ {
		shell[n] = max(shell[n], shell[n-1])
	}
	return shell
}

// BuildTable3 computes the three-star table up to N.
//
// Cells are computed by planes p + q + r = s (the options of a cell lie on
// earlier planes or in the one- and two-star games), each plane shared among
// all cores.
func BuildTable3(ctx context.Context, r Rules, n int, progress ProgressFunc) (*Table3, error) {
	if n < 0 || n > MaxTable3 {
		return nil, fmt.Errorf("three-star table size %d is outside 0..%d", n, MaxTable3)
	}
	// Joining three stars leaves up to 3N points; the two-star table to 2N
	// needs the one-star game to 4N.
	g1, err := OneStar(ctx, r, 4*n+1)
	if err != nil {
		return nil, err
	}
	t2, err := buildTable2(ctx, r, 2*n, g1, nil)
	if err != nil {
		return nil, err
	}
	return buildTable3(ctx, r, n, g1, t2, progress)
}

func buildTable3(ctx context.Context, r Rules, n int, g1 []uint16, t2 *Table2, progress ProgressFunc) (*Table3, error) {
	side := n + 1
	t := &Table3{N: n, side: side, v: make([]uint16, side*side*side), Two: t2}
	// Cells with a zero index are two-star (or fewer) positions.
	for p := 0; p <= n; p++ {
		for q := 0; q <= n; q++ {
			v := t2.v[p*t2.side+q]
			t.v[(0*side+p)*side+q] = v
			t.v[(p*side+0)*side+q] = v
			t.v[(p*side+q)*side+0] = v
			t.max = max(t.max, int(v))
		}
	}
	e := &engine3{t: t, lowerStars: newLowerStars(t2, g1, r)}
	lowerMax := e.lowerMax()
	total := int64(0)
	for x := 1; x <= n; x++ {
		for y := x; y <= n; y++ {
			total += int64(n - y + 1)
		}
	}
	var done int64
	ticker := progressTicker{fn: progress, last: time.Now()}
	workers := runtime.GOMAXPROCS(0)
	var cells [][3]int32
	for s := 3; s <= 3*n; s++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		cells = cells[:0]
		for x := max(1, s-2*n); 3*x <= s; x++ {
			for y := max(x, s-x-n); 2*y <= s-x; y++ {
				cells = append(cells, [3]int32{int32(x), int32(y), int32(s - x - y)})
			}
		}
		if len(cells) == 0 {
			continue
		}
		bound := xorBound(max(t.max, lowerMax))
		parts := min(workers, max(1, len(cells)*2*s/parallelWork))
		m := maxOverParts(parts, func(w int) int {
			var ms mexSet
			lo := w * len(cells) / parts
			hi := (w + 1) * len(cells) / parts
			m := 0
			for _, c := range cells[lo:hi] {
				x, y, z := int(c[0]), int(c[1]), int(c[2])
				v := e.cell(x, y, z, &ms, bound)
				t.setAll(x, y, z, uint16(v))
				m = max(m, v)
			}
			return m
		})
		t.max = max(t.max, m)
		if err := checkStorable(t.max, "three-star"); err != nil {
			return nil, err
		}
		done += int64(len(cells))
		ticker.report(done, total)
	}
	ticker.finish(total)
	return t, nil
}

// setAll stores v at every permutation of (x, y, z).
func (t *Table3) setAll(x, y, z int, v uint16) {
	s := t.side
	t.v[(x*s+y)*s+z] = v
	t.v[(x*s+z)*s+y] = v
	t.v[(y*s+x)*s+z] = v
	t.v[(y*s+z)*s+x] = v
	t.v[(z*s+x)*s+y] = v
	t.v[(z*s+y)*s+x] = v
}

// engine3 computes cells of a three-star table.
type engine3 struct {
	t *Table3
	lowerStars
}

// lowerStars is what the three-star engines (Table3's and the cube's) read
// of the games of fewer stars, and the rules' moves sorted by kind.
type lowerStars struct {
	t2           *Table2
	rev2         []uint16 // each row of t2 reversed
	g1, rg       []uint16 // the one-star game, and reversed
	splits       []splitRule
	join2, join3 []int // K of the rules joining two and three stars
}

func newLowerStars(t2 *Table2, g1 []uint16, r Rules) lowerStars {
	ls := lowerStars{t2: t2, g1: g1, rg: reversed(g1), splits: r.splitRules()}
	ls.rev2 = make([]uint16, len(t2.v))
	for w := 0; w <= t2.N; w++ {
		copy(ls.rev2[w*t2.side:(w+1)*t2.side], reversed(t2.Row(w)))
	}
	for _, jr := range r.joinRules() {
		switch jr.N {
		case 2:
			ls.join2 = append(ls.join2, jr.K)
		case 3:
			ls.join3 = append(ls.join3, jr.K)
		}
	}
	return ls
}

// lowerMax is the largest one- or two-star value.
func (ls *lowerStars) lowerMax() int {
	m := ls.t2.max
	for _, v := range ls.g1 {
		m = max(m, int(v))
	}
	return m
}

// cell returns G(A_{x,y,z}) for 1 ≤ x ≤ y ≤ z.
func (e *engine3) cell(x, y, z int, s *mexSet, bound int) int {
	for pass := 0; ; pass++ {
		v := e.cellPass(x, y, z, s, bound, pass)
		if !s.again() {
			return v
		}
	}
}

// addJoins marks the values of the join moves of A_{x,y,z}: two stars
// joined into one beside the third (a two-star value) and all three joined
// (a one-star value). The cube, the slab and Table3 share it.
func addJoins(s *mexSet, t2 *Table2, g1 []uint16, join2, join3 []int, x, y, z int) {
	for _, k := range join2 {
		if j := x + y - k; j >= 0 {
			s.add(t2.v[j*t2.side+z])
		}
		if j := x + z - k; j >= 0 {
			s.add(t2.v[j*t2.side+y])
		}
		if j := y + z - k; j >= 0 {
			s.add(t2.v[j*t2.side+x])
		}
	}
	for _, k := range join3 {
		if j := x + y + z - k; j >= 0 {
			s.add(g1[j])
		}
	}
}

func (e *engine3) cellPass(x, y, z int, s *mexSet, bound int, pass int) int {
	s.reset(bound, pass)
	addJoins(s, e.t2, e.g1, e.join2, e.join3, x, y, z)
	// The largest star first: once a band is full the pass stops, and the
	// cell goes on with the next band (see mexSet.again).
	e.star(z, x, y, s)
	if y != z && !s.again() {
		e.star(y, x, z, s)
	}
	if x != y && !s.again() {
		e.star(x, y, z, s)
	}
	return s.mex()
}

// star adds the options that remove points from the star u of A_{u,v,w}.
//
// With m = u − k points left split as a + b, the other stars {v, w} are
// shared in four ways, which give two sets of values:
//
//	nothing beside a:  G(A_a) ⊕ G(A_{b,v,w}), 1 ≤ a ≤ m (a = 0 is lowering)
//	v beside a:        G(A_{a,v}) ⊕ G(A_{b,w}), 0 ≤ a ≤ m
//
// (both beside a, or w beside a, give the same sets with a and b exchanged).
func (e *engine3) star(u, v, w int, s *mexSet) {
	t, t2 := e.t, e.t2
	off := (v*t.side + w) * t.side
	line := t.v[off : off+t.side] // G(A_{v,w,j})
	rowV := t2.v[v*t2.side : (v+1)*t2.side]
	revW := e.rev2[w*t2.side : (w+1)*t2.side] // revW[i] = G(A_{w, 2N−i})
	last, last2 := len(e.rg)-1, t2.side-1
	for _, sr := range e.splits {
		m, lo, ok := sr.leaves(u)
		if !ok {
			continue
		}
		if !sr.Split {
			if lo == 0 {
				s.add(line[m])
			}
			continue
		}
		if lo <= m {
			cnt := m - lo + 1
			s.addXor(e.rg[last-m:last-m+cnt], line[:cnt])
		}
		// G(A_{a,v}) ⊕ G(A_{m−a,w}): revW[last2−m+a] = G(A_{w,m−a}).
		s.addXor(rowV[:m+1], revW[last2-m:last2+1])
		if s.again() {
			return
		}
	}
}
