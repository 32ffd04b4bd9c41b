package astron

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
)

// Slab3 holds G(A_{p,q,r}) for the sorted triples p ≤ q ≤ r with the two
// smaller stars q ≤ S and the largest r ≤ L: a thin slab of the cube that
// reaches much further out than the whole cube can. The slab is closed
// under moves (an option of a sorted triple is a sorted triple no larger in
// each place, or a position of fewer stars), so it is computed on its own.
// It holds every row G(A_{a,b,n}) with a ≤ b ≤ S to n = L, and every
// triple (x, y, z) of Theorem 2.3.7's check whose two other stars are ≤ S.
type Slab3 struct {
	S, L int
	// v[pair(p, q)·(L+1) + r] for p ≤ q ≤ S, 0 ≤ r ≤ L (r < q included:
	// those cells repeat others and keep the rows contiguous).
	v     []uint16
	Rules Rules
}

func slabPair(p, q int) int { return q*(q+1)/2 + p }

// SlabMemory is the memory BuildSlab3 needs, in bytes.
func SlabMemory(s, l int) int64 {
	pairs := int64((s + 1) * (s + 2) / 2)
	n2 := int64(l + s + 1)
	return pairs*int64(l+1)*2 + n2*n2*2*2 + int64(2*(l+s)+2)*4 + 1<<20
}

// At returns G(A_{a,b,c}) for any order; the two smaller must be ≤ S and
// the largest ≤ L.
func (sl *Slab3) At(a, b, c int) int {
	p, q, r := sort3(a, b, c)
	return int(sl.v[slabPair(p, q)*(sl.L+1)+r])
}

// Row returns G(A_{a,b,n}) for n = 0..L (a, b ≤ S), sharing the slab's
// memory.
func (sl *Slab3) Row(a, b int) []uint16 {
	if a > b {
		a, b = b, a
	}
	off := slabPair(a, b) * (sl.L + 1)
	row := sl.v[off : off+sl.L+1 : off+sl.L+1]
	// Entries n < b are stored under other pairs: read them through At.
	out := make([]uint16, sl.L+1)
	copy(out, row)
	for n := 0; n < b; n++ {
		out[n] = uint16(sl.At(a, b, n))
	}
	return out
}

// BuildSlab3 computes the slab q ≤ s, r ≤ l (s ≤ l) with the cube's engine.
func BuildSlab3(ctx context.Context, r Rules, s, l int, progress ProgressFunc) (*Slab3, error) {
	if s < 0 || l < s || l > MaxCube3 || s > 400 {
		return nil, fmt.Errorf("slab S = %d, L = %d is outside 0 ≤ S ≤ min(L, 400), L ≤ %d", s, l, MaxCube3)
	}
	// Joins leave up to s + l points beside a star of at most s.
	g1, err := OneStar(ctx, r, 2*(l+s)+1)
	if err != nil {
		return nil, err
	}
	t2, err := buildTable2(ctx, r, l+s, g1, nil)
	if err != nil {
		return nil, err
	}
	sl := &Slab3{S: s, L: l, v: make([]uint16, (s+1)*(s+2)/2*(l+1)), Rules: r}
	for q := 0; q <= s; q++ {
		row := sl.v[slabPair(0, q)*(l+1):]
		for z := 0; z <= l; z++ {
			row[z] = t2.v[q*t2.side+z]
		}
	}
	e := newCubeEngineCore(t2, g1, r)
	slabMax := 0
	for _, v := range sl.v {
		slabMax = max(slabMax, int(v))
	}
	total := int64(s*(s+1)/2) * int64(l+1)
	var done atomic.Int64
	workers := runtime.GOMAXPROCS(0)
	type slabWork struct {
		cubeWork
		lineX, lineY []uint16
	}
	bufs := make([]*slabWork, workers)
	for w := range bufs {
		bufs[w] = &slabWork{cubeWork: cubeWork{own: make([]uint16, l+1)}, lineX: make([]uint16, s+1), lineY: make([]uint16, s+1)}
	}
	ticker := progressTicker{fn: progress}
	for d := 2; d <= 2*s; d++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		m := maxOverDiagonalPairs(d, s, workers, func(w, x, y int) int {
			b := bufs[w]
			m := e.slabPair(sl, x, y, slabMax, &b.cubeWork, b.lineX, b.lineY)
			done.Add(int64(l - y + 1))
			return m
		})
		slabMax = max(slabMax, m)
		ticker.report(done.Load(), total)
	}
	ticker.finish(total)
	return sl, nil
}

// slabPair computes G(A_{x,y,z}) for z = y..L (x ≤ y ≤ S) and returns the
// largest; the lines of the two smaller stars (at most S long) are read
// through At.
func (e *cubeEngine) slabPair(sl *Slab3, x, y, known int, w *cubeWork, lineX, lineY []uint16) int {
	own := w.own
	for j := 0; j < y; j++ {
		own[j] = uint16(sl.At(x, y, j))
	}
	rowOff := slabPair(x, y) * (sl.L + 1)
	m := 0
	roll := e.tau1 > 0
	if roll {
		e.startRolling(&w.roll)
	}
	for z := y; z <= sl.L; z++ {
		bound := xorBound(max(e.lower, known, m))
		if roll {
			e.advanceRolling(&w.roll, own, z-e.kmin, bound)
		}
		// The lines (x, z, j), j < y, and (y, z, j), j < x.
		for j := 0; j < y; j++ {
			lineY[j] = uint16(sl.At(x, z, j))
		}
		for j := 0; j < x; j++ {
			lineX[j] = uint16(sl.At(y, z, j))
		}
		s := &w.ms
		var val int
		for pass := 0; ; pass++ {
			p := pass
			if bound > cubeStampFrom {
				p += maxBandPasses
			}
			s.reset(bound, p)
			addJoins(s, e.t2, e.g1, e.join2, e.join3, x, y, z)
			e.star(z, x, y, own, nil, &w.roll, s)
			if y != z && !s.again() {
				e.star(y, x, z, lineY[:y], nil, nil, s)
			}
			if x != y && !s.again() {
				e.star(x, y, z, lineX[:x], nil, nil, s)
			}
			val = s.mex()
			if !s.again() {
				break
			}
		}
		own[z] = uint16(val)
		sl.v[rowOff+z] = uint16(val)
		m = max(m, val)
	}
	return m
}

// SlabStudy is what the finders see on a slab: its rows out to L and
// Theorem 2.3.7's check restricted to the triples whose two other stars are
// ≤ S.
type SlabStudy struct {
	S, L int `json:"-"`
	// SlabS and SlabL name the slab in JSON.
	SlabS int           `json:"s"`
	SlabL int           `json:"l"`
	Rows  FamilySummary `json:"rows"`
	// Theorem: for each candidate τ the first (x, y, z), x ≥ n' (two-star
	// preperiod), y ≤ z ≤ S, with G(A_{x+τ,y,z}) ≠ G(A_{x,y,z}), and the
	// last such x.
	Theorem []PeriodCandidate `json:"theorem_2_3_7"`
	Verdict string            `json:"verdict"`
}

// StudySlab runs the row finders and the restricted theorem check on a
// slab.
func StudySlab(ctx context.Context, sl *Slab3, two Period, candidates int) (*SlabStudy, error) {
	st := &SlabStudy{S: sl.S, L: sl.L, SlabS: sl.S, SlabL: sl.L}
	t := newFamilyTally("slab rows", fmt.Sprintf("fix two stars a ≤ b ≤ %d, vary the third to n = %d: G(A_{a,b,n})", sl.S, sl.L), two.Period)
	rows := rowLines(sl.S)
	for _, l := range rows {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		t.add(l, sl.Row(l.A, l.B))
	}
	st.Rows = t.summary(rows)
	if two.Period == 0 || !two.Certified {
		st.Verdict = "the two-star bulb has no certified period: Theorem 2.3.7 does not apply"
		return st, nil
	}
	st.checkTheorem(sl, two, candidates)
	return st, nil
}

// checkTheorem runs Theorem 2.3.7's check, restricted to the triples whose
// two other stars are ≤ S, for the first candidates multiples of the
// two-star period that fit in the slab, and says what it found.
func (st *SlabStudy) checkTheorem(sl *Slab3, two Period, candidates int) {
	k := sl.Rules.K()
	nLow := max(two.Preperiod, 1)
	var failed []PeriodCandidate
	for i := 1; i <= candidates; i++ {
		tau := i * two.Period
		if nLow+tau > sl.L {
			break
		}
		pc := checkShift(sl.At, sl.L, sl.S, nLow, tau, k)
		if pc.FirstFailure != nil {
			failed = append(failed, pc)
		}
		st.Theorem = append(st.Theorem, pc)
	}
	switch {
	case len(st.Theorem) == 0:
		st.Verdict = "the slab does not reach past the two-star preperiod plus one period"
	case len(failed) > 0:
		pc := failed[0]
		st.Verdict = fmt.Sprintf("fails for %d of %d candidate periods from the two-star preperiod %d: for τ = %d, G(A_{%d,%d,%d}) = %d but G(A_{%d,%d,%d}) = %d",
			len(failed), len(st.Theorem), nLow, pc.Period, pc.FirstFailure[0], pc.FirstFailure[1], pc.FirstFailure[2], pc.Values[0],
			pc.FirstFailure[0]+pc.Period, pc.FirstFailure[1], pc.FirstFailure[2], pc.Values[1])
	default:
		st.Verdict = fmt.Sprintf("holds on the slab: every candidate τ agrees from %d on for the two other stars ≤ %d; the other triples need the whole cube to %d", nLow, sl.S, CertificateSize(nLow, two.Period, k))
	}
}

// AddSlab appends the slab's findings to the study's table.
func (st *Study) AddSlab(sl *SlabStudy) {
	f := sl.Rows
	res := fmt.Sprintf("%d rows: plain period on %d, arithmetic on %d, XOR on %d", f.Lines, f.Plain, f.Additive, f.Xor)
	var ev []string
	if len(f.Common) > 0 {
		c := f.Common[0]
		ev = append(ev, fmt.Sprintf("most common: %s period %d on %d rows", c.Form, c.Period, c.Lines))
	}
	if len(f.Preperiods) > 0 {
		mx := slices.MaxFunc(f.Preperiods, func(a, b LinePreperiod) int { return a.Preperiod - b.Preperiod })
		ev = append(ev, fmt.Sprintf("largest preperiod %d on %s; trend ≈ %.2f·(a+b) + %.0f", mx.Preperiod, mx.Line, f.PreperiodSlope, f.PreperiodIntercept))
	}
	if len(f.Unresolved) > 0 {
		ev = append(ev, "no period on e.g. "+f.Unresolved[0])
	}
	st.Findings = append(st.Findings,
		Finding{Topic: fmt.Sprintf("slab rows G(A_{a,b,n}), a ≤ b ≤ %d, n ≤ %d", sl.SlabS, sl.SlabL), Result: res, Evidence: strings.Join(ev, "; ")},
		Finding{Topic: fmt.Sprintf("Theorem 2.3.7 on the slab (other stars ≤ %d, x ≤ %d)", sl.SlabS, sl.SlabL), Result: sl.Verdict, Evidence: slabTheoremEvidence(sl)})
}

func slabTheoremEvidence(sl *SlabStudy) string {
	var ev []string
	for _, pc := range sl.Theorem {
		ev = append(ev, fmt.Sprintf("τ = %d: last failure x = %d, certificate needs N ≥ %d", pc.Period, pc.LastFailure, pc.Needs))
	}
	if len(ev) > 3 {
		ev = append(ev[:3], fmt.Sprintf("… and %d more", len(ev)-3))
	}
	return strings.Join(ev, "; ")
}
