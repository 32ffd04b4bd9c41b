package astron

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Cube3 holds G(A_{p,q,r}) for 0 ≤ p ≤ q ≤ r ≤ N, each sorted triple stored
// once as a uint16: C(N+3, 3) values, about N³/3 bytes (335 MB at N = 1000
// against 2 GB for the full cube Table3 keeps).
//
// Layout: slices by the largest star r, in each slice a triangle by q, in
// each row of the triangle p = 0..q contiguous:
//
//	index(p, q, r) = Tet(r) + q(q+1)/2 + p,  Tet(r) = r(r+1)(r+2)/6
//
// so every line "vary the smallest star" is contiguous, which is what the
// engine reads most (see cubeEngine).
type Cube3 struct {
	N   int
	v   []uint16
	max int
	// Two is the two-star table the cube was built on (to 2N, since joining
	// two stars of a three-star position leaves up to 2N points); One is the
	// one-star game to 4N + 1.
	Two *Table2
	One []uint16
	// Rules are the rules the cube was computed for.
	Rules Rules
}

// CubeCells is the number of sorted triples 0 ≤ p ≤ q ≤ r ≤ n: C(n+3, 3).
func CubeCells(n int) int64 {
	m := int64(n)
	return (m + 1) * (m + 2) * (m + 3) / 6
}

// tet is the offset of slice r: the number of sorted triples with largest
// star below r.
func tet(r int) int64 {
	m := int64(r)
	return m * (m + 1) * (m + 2) / 6
}

func tri(q int) int64 { return int64(q) * int64(q+1) / 2 }

// cubeIndex is the index of the sorted triple p ≤ q ≤ r.
func cubeIndex(p, q, r int) int64 { return tet(r) + tri(q) + int64(p) }

// CubeMemory is the memory BuildCube3 needs for size n, in bytes: the cube,
// the engine's side table of the same size (dropped once the cube is
// done), the two-star table to 2n and its reversed copy, the one-star game
// and the workers' line buffers.
func CubeMemory(n int) int64 {
	two := int64(2*n+1) * int64(2*n+1) * 2 * 2
	one := int64(4*n+2) * 2 * 2
	work := int64(runtime.GOMAXPROCS(0)) * int64(n+1) * 2 * 4
	// The cube and the engine's side table (see cubeEngine.side).
	return CubeCells(n)*2*2 + two + one + work + 1<<20
}

// sort3 returns a, b, c in increasing order.
func sort3(a, b, c int) (int, int, int) {
	if a > b {
		a, b = b, a
	}
	if b > c {
		b, c = c, b
	}
	if a > b {
		a, b = b, a
	}
	return a, b, c
}

// At returns G(A_{a,b,c}) for any order of 0 ≤ a, b, c ≤ N.
func (c *Cube3) At(a, b, d int) int {
	p, q, r := sort3(a, b, d)
	return int(c.v[cubeIndex(p, q, r)])
}

// Max returns the largest nimber in the cube.
func (c *Cube3) Max() int { return c.max }

// Slice returns the slice G(A_{p,q,r}) for 0 ≤ p, q ≤ N with r fixed, as a
// fresh square grid.
func (c *Cube3) Slice(r int) Grid {
	g := Grid{Stars: 3, Slice: r, N: c.N, Rows: make([][]uint16, c.N+1)}
	for p := range g.Rows {
		row := make([]uint16, c.N+1)
		for q := range row {
			row[q] = uint16(c.At(p, q, r))
		}
		g.Rows[p] = row
	}
	return g
}

// Line returns G(A_{a+n·da, b+n·db, c+n·dc}) for n = 0, 1, … while every
// index stays within 0..N: a straight line through the cube.
func (c *Cube3) Line(a, b, d, da, db, dd int) []uint16 {
	var out []uint16
	if da == 0 && db == 0 && dd == 0 {
		return nil
	}
	for n := 0; ; n++ {
		x, y, z := a+n*da, b+n*db, d+n*dd
		if x < 0 || y < 0 || z < 0 || x > c.N || y > c.N || z > c.N {
			return out
		}
		out = append(out, uint16(c.At(x, y, z)))
	}
}

// MaxBySize returns, for each n ≤ N, the largest nimber of a position of at
// most three stars whose stars all have at most n points.
func (c *Cube3) MaxBySize() []int {
	out := make([]int, c.N+1)
	for r := 0; r <= c.N; r++ {
		m := 0
		for _, v := range c.v[tet(r):tet(r+1)] {
			m = max(m, int(v))
		}
		out[r] = m
		if r > 0 {
			out[r] = max(out[r], out[r-1])
		}
	}
	return out
}

// ErrCubeTooLarge is returned (wrapped) when a cube would need more memory
// than allowed.
var ErrCubeTooLarge = errors.New("the three-star cube does not fit in the memory allowed")

// CubeOptions tune BuildCube3.
type CubeOptions struct {
	// MemoryLimit refuses a cube whose CubeMemory exceeds it (0: no limit).
	MemoryLimit int64
	// Progress receives progress in cells.
	Progress ProgressFunc
	// Checkpoint, when not empty, is a file the computation is saved to
	// every CheckpointEvery (default 2 min) and when cancelled, and resumed
	// from when it exists and belongs to the same rules and size.
	Checkpoint      string
	CheckpointEvery time.Duration
	// Resumed, when not nil, is set to the number of cells the checkpoint
	// already held (0 when starting afresh).
	Resumed *int64
}

// MaxCube3 bounds the cube size (uint16 nimbers and int64 indices allow far
// more; memory is the real limit and is checked against MemoryLimit).
const MaxCube3 = 20000

// BuildCube3 computes the three-star cube up to N with every sorted triple
// stored once (see Cube3), on all cores, with progress, cancellation and
// checkpoints (see CubeOptions).
//
// Order: the cells of one pair (x, y), x ≤ y, are computed for z = y..N in
// turn; the pairs of one anti-diagonal x + y = d are independent (every
// three-star option of A_{x,y,z} is a sorted triple whose two smaller stars
// sum to less than d, or one of the pair's own earlier cells) and are shared
// among the cores. The pair's own line G(A_{x,y,j}) is kept contiguous in a
// buffer, so the longest line each cell reads (the splits of z) costs no
// gather.
func BuildCube3(ctx context.Context, r Rules, n int, opt CubeOptions) (*Cube3, error) {
	if n < 0 || n > MaxCube3 {
		return nil, fmt.Errorf("three-star cube size %d is outside 0..%d", n, MaxCube3)
	}
	if need := CubeMemory(n); opt.MemoryLimit > 0 && need > opt.MemoryLimit {
		return nil, fmt.Errorf("%w: N = %d needs %s, the limit is %s", ErrCubeTooLarge, n, FormatBytes(need), FormatBytes(opt.MemoryLimit))
	}
	c, startD, err := startCube3(ctx, r, n, opt.Checkpoint)
	if err != nil {
		return nil, err
	}
	e := newCubeEngine(c, r)
	total := CubeCells(n)
	done := cubeCellsBefore(n, startD)
	if opt.Resumed != nil {
		*opt.Resumed = 0
		if startD > 2 {
			*opt.Resumed = done
		}
	}
	saver := cubeSaver{path: opt.Checkpoint, every: opt.CheckpointEvery, last: time.Now()}
	if saver.every <= 0 {
		saver.every = 2 * time.Minute
	}
	ticker := progressTicker{fn: opt.Progress} // reported by worker 0 only
	workers := runtime.GOMAXPROCS(0)
	bufs := make([]*cubeWork, workers)
	for w := range bufs {
		bufs[w] = newCubeWork(n)
	}
	var doneCells atomic.Int64
	doneCells.Store(done)
	for d := startD; d <= 2*n; d++ {
		if err := ctx.Err(); err != nil {
			return nil, saver.cancelled(c, d, err)
		}
		m := maxOverDiagonalPairs(d, n, workers, func(w, x, y int) int {
			m := e.pair(x, y, bufs[w])
			doneCells.Add(int64(n - y + 1))
			if w == 0 {
				ticker.report(doneCells.Load(), total)
			}
			return m
		})
		c.max = max(c.max, m)
		if err := checkStorable(c.max, "three-star"); err != nil {
			return nil, err
		}
		if cubeAfterDiagonal != nil {
			cubeAfterDiagonal(d)
		}
		if d < 2*n {
			if err := saver.periodic(c, d+1); err != nil {
				return nil, err
			}
		}
	}
	if startD <= 2*n {
		// The finished cube stays in the file: the same command loads it
		// instead of computing it again.
		if err := saver.save(c, 2*n+1); err != nil {
			return nil, err
		}
	}
	ticker.finish(total)
	return c, nil
}

// startCube3 makes an empty cube on the one- and two-star games it needs,
// and fills it from the checkpoint when there is one for the same rules
// and size, or else with the cells of two stars or fewer (p = 0). It
// returns the first anti-diagonal left to compute.
func startCube3(ctx context.Context, r Rules, n int, checkpoint string) (*Cube3, int, error) {
	g1, err := OneStar(ctx, r, 4*n+1)
	if err != nil {
		return nil, 0, err
	}
	t2, err := buildTable2(ctx, r, 2*n, g1, nil)
	if err != nil {
		return nil, 0, err
	}
	c := &Cube3{N: n, v: make([]uint16, CubeCells(n)), Two: t2, One: g1, Rules: r}
	startD := 2
	if checkpoint != "" {
		d, m, ok, err := loadCubeCheckpoint(checkpoint, c)
		if err != nil {
			return nil, 0, err
		}
		if ok {
			startD = d
			c.max = m
		}
	}
	if startD > 2 {
		return c, startD, nil
	}
	for r := 0; r <= n; r++ {
		for q := 0; q <= r; q++ {
			v := t2.v[q*t2.side+r]
			c.v[cubeIndex(0, q, r)] = v
			c.max = max(c.max, int(v))
		}
	}
	return c, 2, nil
}

// cubeSaver writes a cube's checkpoint (none when path is empty): every
// so often, when cancelled, and when done.
type cubeSaver struct {
	path  string
	every time.Duration
	last  time.Time
}

// save writes the cube with the anti-diagonals before next done.
func (s *cubeSaver) save(c *Cube3, next int) error {
	if s.path == "" {
		return nil
	}
	s.last = time.Now()
	return saveCubeCheckpoint(s.path, c, next)
}

// periodic saves when the last save is older than every.
func (s *cubeSaver) periodic(c *Cube3, next int) error {
	if time.Since(s.last) < s.every {
		return nil
	}
	return s.save(c, next)
}

// cancelled saves the work done before anti-diagonal d and returns the
// cancellation (joined with the save's error, if any).
func (s *cubeSaver) cancelled(c *Cube3, d int, err error) error {
	if serr := s.save(c, d); serr != nil {
		return errors.Join(err, serr)
	}
	return err
}

// maxOverDiagonalPairs computes the pairs (x, y) of anti-diagonal d,
// 1 ≤ x ≤ y ≤ n, x + y = d, on the workers: pair(w, x, y) computes one
// on worker w and returns the largest value it found; the result is the
// largest over the pairs (0 when there are none). Pairs with small y carry
// the longest z runs: they are handed out first.
func maxOverDiagonalPairs(d, n, workers int, pair func(w, x, y int) int) int {
	xlo, xhi := max(1, d-n), d/2
	if xlo > xhi {
		return 0
	}
	pairs := xhi - xlo + 1
	var next atomic.Int64
	var wg sync.WaitGroup
	maxes := make([]int, workers)
	for w := range min(workers, pairs) {
		wg.Go(func() {
			m := 0
			for {
				i := int(next.Add(1)) - 1
				if i >= pairs {
					break
				}
				x := xhi - i
				m = max(m, pair(w, x, d-x))
			}
			maxes[w] = m
		})
	}
	wg.Wait()
	return slices.Max(maxes)
}

// cubeAfterDiagonal, when set (by tests), is called after each anti-diagonal.
var cubeAfterDiagonal func(d int)

// cubeCellsBefore is the number of cells known before the pairs of
// anti-diagonal d are computed: the p = 0 cells and every pair x + y < d.
func cubeCellsBefore(n, d int) int64 {
	cnt := int64(n+1) * int64(n+2) / 2
	for x := 1; x <= n; x++ {
		for y := x; y <= n && x+y < d; y++ {
			cnt += int64(n - y + 1)
		}
	}
	return cnt
}

// FormatBytes prints a byte count in MiB or GiB.
func FormatBytes(b int64) string {
	if b >= 1<<30 {
		return fmt.Sprintf("%.2f GiB", float64(b)/(1<<30))
	}
	return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
}

// cubeEngine computes the cells of a Cube3.
type cubeEngine struct {
	c *Cube3
	lowerStars
	lower int // largest one- and two-star value
	// small2 is true when every two-star value is below 64: the splits
	// that leave two two-star sides then give a 64-bit mask, computed once
	// per star whatever the pass (see star).
	small2 bool
	// The one-star values repeat with period tau1 from n1 on (tau1 = 0:
	// no usable period). Then the splits of the largest star z of
	// A_{x,y,z} into a ≥ n1 and m − a beside the line (x, y) give the set
	// P(m) = {G(A_a) ⊕ G(A_{x,y,m−a}) : a ≥ n1}, and P(m) = P(m − tau1) ∪
	// (tau1 new values): the pair's z run keeps P in a ring of tau1 bit
	// sets, and a cell costs about n1 + tau1 steps for its largest star
	// instead of 2z (see cubeRolling).
	n1, tau1 int
	kmin     int // smallest K of a split rule
	// side holds G(A_{x,j,z}) for 1 ≤ x ≤ j ≤ z again, by x, then z, then
	// j contiguous: side[sideOff[x] + tri(z−x) + j−x]. The splits of the
	// middle star y of A_{x,y,z} read the line (x, j, z), j < y, which
	// runs across the rows of slice z in the cube's layout (a cache line
	// per value); here it is contiguous. It doubles the memory while the
	// cube is computed and is dropped after.
	side    []uint16
	sideOff []int64
}

// cubeWork is one worker's buffers.
type cubeWork struct {
	own  []uint16 // G(A_{x,y,j}) for the current pair, j = 0..N
	ms   mexSet
	roll cubeRolling
}

// cubeRolling is the ring of sets P(m) (see cubeEngine.n1) of one pair:
// P(m) is in slot m mod tau1 as a bit set of words 64-bit words, for every
// m ≤ upTo with upTo − m < tau1.
type cubeRolling struct {
	words int
	sets  []uint64
	upTo  int
}

func newCubeWork(n int) *cubeWork {
	return &cubeWork{own: make([]uint16, n+1)}
}

func newCubeEngine(c *Cube3, r Rules) *cubeEngine {
	e := newCubeEngineCore(c.Two, c.One, r)
	e.c = c
	n := c.N
	e.sideOff = make([]int64, n+2)
	for x := 1; x <= n; x++ {
		k := int64(n - x + 1)
		e.sideOff[x+1] = e.sideOff[x] + k*(k+1)/2
	}
	e.side = make([]uint16, e.sideOff[n+1])
	// After a resume, the side table is filled from the cube (cells not
	// computed yet are 0 in both).
	for x := 1; x <= n; x++ {
		for z := x; z <= n; z++ {
			row := e.side[e.sideOff[x]+tri(z-x):]
			for j := x; j <= z; j++ {
				row[j-x] = c.v[cubeIndex(x, j, z)]
			}
		}
	}
	return e
}

// newCubeEngineCore is the part of the engine that reads only the one- and
// two-star games (shared with the slab, see BuildSlab3).
func newCubeEngineCore(t2 *Table2, g1 []uint16, r Rules) *cubeEngine {
	e := &cubeEngine{lowerStars: newLowerStars(t2, g1, r)}
	e.lower = e.lowerMax()
	e.small2 = t2.max < 64
	e.initRolling()
	return e
}

// disableCubeRolling turns the rolling sets off (tests compare both ways).
var disableCubeRolling = false

// initRolling finds the one-star period the rolling sets rely on.
func (e *cubeEngine) initRolling() {
	if disableCubeRolling {
		return
	}
	kmin, kmax := -1, -1
	for _, sr := range e.splits {
		if sr.Split {
			if kmin < 0 {
				kmin = sr.K
			}
			kmax = sr.K
		}
	}
	if kmin < 0 {
		return
	}
	p := findPeriod(oneStarBulb(e.g1), 1, 0, nil)
	// The search compared every G(a), G(a + τ) with a ≥ n0 in the one-star
	// range computed (to 4N + 1), beyond every index a cell reads.
	if p.Period == 0 || p.Period > 1024 || kmax-kmin >= p.Period {
		return
	}
	e.n1, e.tau1, e.kmin = max(p.Preperiod, 1), p.Period, kmin
}

// slot returns P(m).
func (r *cubeRolling) slot(m, tau1 int) []uint64 {
	i := (m % tau1) * r.words
	return r.sets[i : i+r.words]
}

// start empties the ring for a new pair.
func (e *cubeEngine) startRolling(r *cubeRolling) {
	if r.words == 0 {
		r.words = 16
	}
	if len(r.sets) != e.tau1*r.words {
		r.sets = make([]uint64, e.tau1*r.words)
	}
	clear(r.sets)
	r.upTo = -1
}

// advanceRolling computes P(m) for every m ≤ upTo from the pair's line own
// (own[j] must be known for j ≤ upTo − n1); bound exceeds every value of
// own and of the one-star game.
func (e *cubeEngine) advanceRolling(r *cubeRolling, own []uint16, upTo, bound int) {
	if need := (bound + 63) >> 6; need > r.words {
		e.growRolling(r, need)
	}
	last := len(e.rg) - 1
	for m := r.upTo + 1; m <= upTo; m++ {
		// P(m) = P(m − tau1) ∪ {G(A_{m−j}) ⊕ own[j] : m−tau1−n1 < j ≤ m−n1}.
		hi := m - e.n1
		lo := max(0, hi-e.tau1+1)
		if hi >= lo {
			set := r.slot(m, e.tau1)
			g := e.rg[last-m+lo : last-m+hi+1]
			for i, o := range own[lo : hi+1] {
				v := g[i] ^ o
				set[v>>6] |= 1 << (v & 63)
			}
		}
		r.upTo = m
	}
}

// growRolling widens every set of the ring to at least words words.
func (e *cubeEngine) growRolling(r *cubeRolling, words int) {
	nw := r.words
	for nw < words {
		nw *= 2
	}
	sets := make([]uint64, e.tau1*nw)
	for c := range e.tau1 {
		copy(sets[c*nw:c*nw+r.words], r.sets[c*r.words:(c+1)*r.words])
	}
	r.words, r.sets = nw, sets
}

// pair computes G(A_{x,y,z}) for z = y..N and returns the largest.
func (e *cubeEngine) pair(x, y int, w *cubeWork) int {
	c := e.c
	v := c.v
	own := w.own
	// G(A_{x,y,j}) for j < y: (j, x, y) for j < x is one row of slice y,
	// (x, j, y) for x ≤ j < y is read across its rows.
	base := tet(y)
	copy(own[:x], v[base+tri(x):base+tri(x)+int64(x)])
	for j := x; j < y; j++ {
		own[j] = v[base+tri(j)+int64(x)]
	}
	m := 0
	bound := xorBound(max(e.lower, c.max))
	roll := e.tau1 > 0
	if roll {
		e.startRolling(&w.roll)
	}
	sideBase := e.sideOff[x] + int64(y-x)
	for z := y; z <= c.N; z++ {
		if roll {
			e.advanceRolling(&w.roll, own, z-e.kmin, xorBound(max(e.lower, c.max, m)))
		}
		// The values of this pair grow with z: widen the bound as they do
		// (options are values of earlier cells, all ≤ max(lower, m, c.max)).
		bound = max(bound, xorBound(max(e.lower, m)))
		val := e.cell(x, y, z, w, bound)
		own[z] = uint16(val)
		v[tet(z)+tri(y)+int64(x)] = uint16(val)
		e.side[sideBase+tri(z-x)] = uint16(val)
		m = max(m, val)
	}
	return m
}

// cell returns G(A_{x,y,z}) for 1 ≤ x ≤ y ≤ z.
func (e *cubeEngine) cell(x, y, z int, w *cubeWork, bound int) int {
	s := &w.ms
	for pass := 0; ; pass++ {
		// Values beyond a few bands are marked in the stamp array at once
		// (mexSet.reset: pass ≥ maxBandPasses).
		p := pass
		if bound > cubeStampFrom {
			p += maxBandPasses
		}
		v := e.cellPass(x, y, z, w, bound, p)
		if !s.again() {
			return v
		}
	}
}

func (e *cubeEngine) cellPass(x, y, z int, w *cubeWork, bound, pass int) int {
	s := &w.ms
	s.reset(bound, pass)
	addJoins(s, e.t2, e.g1, e.join2, e.join3, x, y, z)
	v := e.c.v
	// Star z: the line (x, y, ·) is the pair's own buffer.
	e.star(z, x, y, w.own, nil, &w.roll, s)
	if y != z && !s.again() {
		// Star y: the line (x, z, j), j < y: (j, x, z) for j < x is one row
		// of slice z, (x, j, z) for j ≥ x one row of the side table.
		base := tet(z)
		head := v[base+tri(x) : base+tri(x)+int64(x)]
		sb := e.sideOff[x] + tri(z-x)
		e.star(y, x, z, head, e.side[sb:sb+int64(z-x+1)], nil, s)
	}
	if x != y && !s.again() {
		// Star x: the line (y, z, j), j < x, is one row of slice z.
		base := tet(z) + tri(y)
		e.star(x, y, z, v[base:base+int64(x)], nil, nil, s)
	}
	return s.mex()
}

// star adds the options that remove points from the star u of A_{u,a,b}
// (see engine3.star). The line G(A_{a,b,j}) is head[j] for j < len(head)
// and tail[j − len(head)] beyond.
//
// roll, when not nil, holds the sets P(m) of the line (the largest star's).
func (e *cubeEngine) star(u, a, b int, head, tail []uint16, roll *cubeRolling, s *mexSet) {
	t2 := e.t2
	rowA := t2.v[a*t2.side : (a+1)*t2.side]
	revB := e.rev2[b*t2.side : (b+1)*t2.side] // revB[i] = G(A_{b, 2N−i})
	last, last2 := len(e.rg)-1, t2.side-1
	// The two-star values are below 64: in a pass over a higher band
	// their mask adds nothing.
	skipSmall := e.small2 && s.mode == mexBand && s.band > 0
	for _, sr := range e.splits {
		m, lo, ok := sr.leaves(u)
		if !ok {
			continue
		}
		if !sr.Split {
			if lo == 0 {
				if m < len(head) {
					s.add(head[m])
				} else {
					s.add(tail[m-len(head)])
				}
			}
			continue
		}
		if lo <= m && roll != nil && e.tau1 > 0 && m >= e.n1 {
			// a = m − j ≥ n1 from the ring, a < n1 directly.
			s.addBits(roll.slot(m, e.tau1))
			j0, cnt := m-e.n1+1, m-lo+1
			s.addXor(e.rg[last-m+j0:last-m+cnt], head[j0:cnt])
		} else if lo <= m {
			// j = 0..cnt−1 pairs G(A_{m−j}) with the line at j.
			cnt := m - lo + 1
			h := min(cnt, len(head))
			s.addXor(e.rg[last-m:last-m+h], head[:h])
			if cnt > h {
				s.addXor(e.rg[last-m+h:last-m+cnt], tail[:cnt-h])
			}
		}
		// G(A_{j,a}) ⊕ G(A_{m−j,b}): revB[last2−m+j] = G(A_{b,m−j}).
		if skipSmall {
			// nothing: every value is below 64
		} else if e.small2 {
			s.addMask(orXor64(rowA[:m+1], revB[last2-m:last2+1]))
		} else {
			s.addXor(rowA[:m+1], revB[last2-m:last2+1])
		}
		if s.again() {
			return
		}
	}
}

// cubeStampFrom is the bound from which the cube marks option values in the
// stamp array at once instead of passes over bands of 64 values.
var cubeStampFrom = 256
