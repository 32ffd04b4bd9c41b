package astron

import (
	"context"
	"fmt"
	"math"
	"runtime"
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

// progressInterval is how often long loops report progress.
const progressInterval = 100 * time.Millisecond

// OneStar returns G(A_n) for 0 ≤ n ≤ upTo: one star is the octal game of the
// rules' octal code (for Astron, Dawson's Kayles 0.07).
func OneStar(ctx context.Context, r Rules, upTo int) ([]uint16, error) {
	return octal.QuadraticExtend(ctx, r.Octal, make([]uint16, 0, upTo+1), upTo, nil)
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
	total := int64(n) * int64(n+1) / 2
	var done int64
	lastReport := time.Now()
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
		// Each cell costs about d XORs; a goroutine pays off from a few
		// thousand.
		parts := min(workers, max(1, cells*d/4096))
		maxes := make([]int, parts)
		run := func(w int) {
			var s mexSet
			lo := xlo + w*cells/parts
			hi := xlo + (w+1)*cells/parts
			m := 0
			for x := lo; x < hi; x++ {
				y := d - x
				v := e.cell(x, y, &s, bound)
				t.v[x*side+y] = uint16(v)
				t.v[y*side+x] = uint16(v)
				m = max(m, v)
			}
			maxes[w] = m
		}
		if parts == 1 {
			run(0)
		} else {
			var wg sync.WaitGroup
			for w := range parts {
				wg.Go(func() { run(w) })
			}
			wg.Wait()
		}
		for _, m := range maxes {
			t.max = max(t.max, m)
		}
		if t.max > math.MaxUint16-1 {
			return nil, fmt.Errorf("a two-star nimber exceeds %d, the largest value nimlab stores", math.MaxUint16-1)
		}
		done += int64(cells)
		if progress != nil && time.Since(lastReport) >= progressInterval {
			lastReport = time.Now()
			progress(Progress{Done: done, Total: total})
		}
	}
	if progress != nil {
		progress(Progress{Done: total, Total: total})
	}
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
		m := x - sr.K
		if m < 0 {
			continue
		}
		lo := 1
		if (sr.Lower && m >= 1) || (sr.Vanish && m == 0) {
			lo = 0
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
