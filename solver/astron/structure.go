package astron

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// SequencePeriod is a periodicity of a sequence s(0..L−1), holding for every
// n ≥ Preperiod with n + Period ≤ L − 1:
//
//	Form "plain":    s(n + τ) = s(n)
//	Form "additive": s(n + τ) = s(n) + Shift   (an arithmetic period, Shift ≠ 0)
//	Form "xor":      s(n + τ) = s(n) ⊕ Shift   (Shift ≠ 0)
//
// Evidence is the number of n compared (all equal): L − Period − Preperiod.
type SequencePeriod struct {
	Form      string `json:"form"`
	Period    int    `json:"period"`
	Shift     int    `json:"shift"`
	Preperiod int    `json:"preperiod"`
	Evidence  int    `json:"evidence"`
}

func (p *SequencePeriod) String() string {
	if p == nil {
		return "none"
	}
	switch p.Form {
	case "additive":
		return fmt.Sprintf("G(n+%d) = G(n) + %d from n = %d (%d comparisons)", p.Period, p.Shift, p.Preperiod, p.Evidence)
	case "xor":
		return fmt.Sprintf("G(n+%d) = G(n) ⊕ %d from n = %d (%d comparisons)", p.Period, p.Shift, p.Preperiod, p.Evidence)
	}
	return fmt.Sprintf("G(n+%d) = G(n) from n = %d (%d comparisons)", p.Period, p.Preperiod, p.Evidence)
}

// SequencePeriods are the smallest periods of each form a sequence shows
// (nil when none).
type SequencePeriods struct {
	Plain    *SequencePeriod `json:"plain"`
	Additive *SequencePeriod `json:"additive"`
	Xor      *SequencePeriod `json:"xor"`
}

// MinPeriodEvidence is the least number of comparisons a period must pass
// besides two whole periods (so that a short sequence of noise shows none).
const MinPeriodEvidence = 24

// FindSequencePeriods returns, for each form, the smallest period τ (with
// its preperiod) that the sequence satisfies over at least two whole periods
// and MinPeriodEvidence comparisons. For each τ the preperiod is found from
// the top: the first n (going down) where the relation fails, plus one.
func FindSequencePeriods(s []uint16) SequencePeriods {
	var out SequencePeriods
	L := len(s)
	for tau := 1; 3*tau <= L; tau++ {
		if out.Plain != nil && out.Additive != nil && out.Xor != nil {
			break
		}
		top := L - 1 - tau
		if out.Plain == nil {
			n := top
			for n >= 0 && s[n+tau] == s[n] {
				n--
			}
			if ev := top - n; ev >= 2*tau && ev >= MinPeriodEvidence {
				out.Plain = &SequencePeriod{Form: "plain", Period: tau, Preperiod: n + 1, Evidence: ev}
			}
		}
		if out.Additive == nil {
			d := int(s[top+tau]) - int(s[top])
			if d != 0 {
				n := top
				for n >= 0 && int(s[n+tau])-int(s[n]) == d {
					n--
				}
				if ev := top - n; ev >= 2*tau && ev >= MinPeriodEvidence {
					out.Additive = &SequencePeriod{Form: "additive", Period: tau, Shift: d, Preperiod: n + 1, Evidence: ev}
				}
			}
		}
		if out.Xor == nil {
			d := s[top+tau] ^ s[top]
			if d != 0 {
				n := top
				for n >= 0 && s[n+tau]^s[n] == d {
					n--
				}
				if ev := top - n; ev >= 2*tau && ev >= MinPeriodEvidence {
					out.Xor = &SequencePeriod{Form: "xor", Period: tau, Shift: int(d), Preperiod: n + 1, Evidence: ev}
				}
			}
		}
	}
	return out
}

// CubeLine names a straight line through the three-star cube:
// (A + n·DA, B + n·DB, C + n·DC) for n = 0, 1, ….
type CubeLine struct {
	A, B, C    int
	DA, DB, DC int
}

// String writes the line as G(A_{…}) with n the running index.
func (l CubeLine) String() string {
	term := func(a, d int) string {
		switch {
		case d == 0:
			return fmt.Sprint(a)
		case a == 0 && d == 1:
			return "n"
		case a == 0:
			return fmt.Sprintf("%dn", d)
		case d == 1:
			return fmt.Sprintf("%d+n", a)
		}
		return fmt.Sprintf("%d+%dn", a, d)
	}
	return fmt.Sprintf("G(A_{%s,%s,%s})", term(l.A, l.DA), term(l.B, l.DB), term(l.C, l.DC))
}

// LineFinding is what the period finders saw on one line.
type LineFinding struct {
	Line    CubeLine        `json:"-"`
	Name    string          `json:"line"`
	Length  int             `json:"length"`
	Periods SequencePeriods `json:"periods"`
}

// FamilySummary counts what the lines of one family show.
type FamilySummary struct {
	Family      string `json:"family"`
	Description string `json:"description"`
	Lines       int    `json:"lines"`
	Plain       int    `json:"plain"`
	Additive    int    `json:"additive"`
	Xor         int    `json:"xor"`
	// Common are the most frequent (form, period, shift) found, with counts.
	Common []PeriodCount `json:"common"`
	// Examples are a few lines with a period of some form (the first in
	// the family's order), and Unresolved a few with none.
	Examples   []LineFinding `json:"examples"`
	Unresolved []string      `json:"unresolved"`
	// PeriodsMultipleOf34 counts the plain periods that are multiples of the
	// two-star bulb's period (34 for Astron; TwoStarPeriod below).
	PeriodsMultipleOfTwoStar int `json:"plain_periods_multiple_of_two_star_period"`
	// Preperiods lists, for the lines with a plain period, where the line
	// starts (a + b for G(A_{a,b,n}), a for G(A_{a,n,n+c})) and the
	// preperiod: how far out the regular part begins. PreperiodSlope fits
	// preperiod ≈ PreperiodSlope·position + PreperiodIntercept.
	Preperiods         []LinePreperiod `json:"preperiods,omitempty"`
	PreperiodSlope     float64         `json:"preperiod_slope"`
	PreperiodIntercept float64         `json:"preperiod_intercept"`
	// PeriodicUpTo is the largest position p such that every line of the
	// family at a position ≤ p has a plain period (-1 if the first has none).
	PeriodicUpTo int `json:"periodic_up_to"`
	// Increments are the mean increments of the lines, (last − first
	// quarter's mean) per step, over the family: how fast values grow
	// along this direction.
	MeanIncrement float64 `json:"mean_increment_per_step"`
}

// LinePreperiod is one periodic line's position and preperiod.
type LinePreperiod struct {
	Line      string `json:"line"`
	Position  int    `json:"position"`
	Period    int    `json:"period"`
	Preperiod int    `json:"preperiod"`
}

// PeriodCount is one (form, period, shift) and how many lines show it.
type PeriodCount struct {
	Form   string `json:"form"`
	Period int    `json:"period"`
	Shift  int    `json:"shift"`
	Lines  int    `json:"lines"`
}

// GrowthRecord is a size n at which the largest nimber grows, with a cell
// that carries the new largest value.
type GrowthRecord struct {
	N     int    `json:"n"`
	Max   int    `json:"max"`
	Cell  [3]int `json:"cell"`
	Cells int    `json:"cells_with_max"`
}

// GrowthReport says how the largest nimber grows and which cells carry it.
type GrowthReport struct {
	// MaxBySize[n] is the largest nimber with every star ≤ n.
	MaxBySize []int `json:"max_by_size"`
	// Slope and Intercept fit MaxBySize[n] ≈ Slope·n + Intercept over the
	// upper three quarters of the sizes (least squares).
	Slope     float64 `json:"slope"`
	Intercept float64 `json:"intercept"`
	// LastIncrease is the largest n with MaxBySize[n] > MaxBySize[n−1].
	LastIncrease int            `json:"last_increase"`
	Records      []GrowthRecord `json:"records"`
	// Shapes counts the record cells (p ≤ q ≤ r) by shape.
	Shapes map[string]int `json:"record_shapes"`
	// SliceMean[r] is the mean nimber of the cells with largest star r.
	SliceMean []float64 `json:"slice_mean"`
	// MeanSlope fits SliceMean like Slope.
	MeanSlope float64 `json:"mean_slope"`
}

// TheoremCheck is Theorem 2.3.7's finite check for s = 2 → 3 run on the
// cube: for each candidate period τ (multiples of the two-star period), the
// first triple x ≥ n' (the two-star preperiod) where raising x by τ changes
// the nimber, and the last one.
type TheoremCheck struct {
	TwoStar Period `json:"two_star"`
	K       int    `json:"k"`
	N       int    `json:"n"`
	// Holds is true only when a period is certified by the cube.
	Holds      bool              `json:"holds"`
	Candidates []PeriodCandidate `json:"candidates"`
	// MinimalNeed is the table size the smallest conceivable certificate
	// needs (τ = two-star period, n0 = two-star preperiod):
	// 2·n' + 2τ' + k − 1.
	MinimalNeed int `json:"minimal_need"`
	// GrowthNeed is the size any certificate needs given the growth seen:
	// a bulb periodic from n0 with period τ takes every value at indices
	// below n0 + τ, so n0 + τ > LastIncrease and the certificate needs
	// N ≥ 2(LastIncrease + 1) + k − 1.
	GrowthNeed int    `json:"growth_need"`
	Verdict    string `json:"verdict"`
}

// PeriodCandidate is one τ of TheoremCheck.
type PeriodCandidate struct {
	Period int `json:"period"`
	// FirstFailure is the first (x, y, z) in order of x, then y ≤ z, with
	// x ≥ n' and G(A_{x+τ,y,z}) ≠ G(A_{x,y,z}); nil when none up to N − τ.
	FirstFailure []int `json:"first_failure"`
	// Values are the two nimbers of FirstFailure.
	Values []int `json:"values,omitempty"`
	// LastFailure is the largest such x (any y, z): a period τ would need a
	// preperiod above it.
	LastFailure int `json:"last_failure"`
	// Needs is the N a certificate with this τ would need
	// (2·max(LastFailure + 1, n') + 2τ + k − 1).
	Needs int `json:"needs"`
}

// checkShift is Theorem 2.3.7's check of the shift x → x + τ on a table
// of triples (at answers any order) whose first star runs to xMax and the
// two others to yzMax: the first failure from x = nLow on, in order of x,
// then y ≤ z, the last failing x, and the N a certificate would need.
func checkShift(at func(x, y, z int) int, xMax, yzMax, nLow, tau, k int) PeriodCandidate {
	pc := PeriodCandidate{Period: tau, LastFailure: -1}
first:
	for x := nLow; x+tau <= xMax; x++ {
		for y := 0; y <= yzMax; y++ {
			for z := y; z <= yzMax; z++ {
				if a, b := at(x, y, z), at(x+tau, y, z); a != b {
					pc.FirstFailure, pc.Values = []int{x, y, z}, []int{a, b}
					break first
				}
			}
		}
	}
last:
	for x := xMax - tau; x >= 0; x-- {
		for y := 0; y <= yzMax; y++ {
			for z := y; z <= yzMax; z++ {
				if at(x, y, z) != at(x+tau, y, z) {
					pc.LastFailure = x
					break last
				}
			}
		}
	}
	pc.Needs = CertificateSize(max(pc.LastFailure+1, nLow), tau, k)
	return pc
}

// StudyOptions bound the structure finders.
type StudyOptions struct {
	// RowPairs: the rows G(a, b, n) are studied for a ≤ b ≤ RowPairs.
	RowPairs int
	// DiagonalOffsets: the lines G(a, n, n + c) are studied for every a ≤ N
	// and c ≤ DiagonalOffsets.
	DiagonalOffsets int
	// Candidates: how many multiples of the two-star period the theorem
	// check tries.
	Candidates int
	Progress   ProgressFunc
}

// Study is the three-star study of a cube: period finders on lines, the
// growth of the largest nimber, the comparison with the two-star period and
// Theorem 2.3.7's finite check.
type Study struct {
	Rules     string          `json:"rules"`
	N         int             `json:"n"`
	MaxNimber int             `json:"max_nimber"`
	Families  []FamilySummary `json:"families"`
	MainDiag  LineFinding     `json:"main_diagonal"`
	Growth    GrowthReport    `json:"growth"`
	Theorem   TheoremCheck    `json:"theorem_2_3_7"`
	// TwoStarPeriod is the two-star bulb's period the lines are compared
	// with (34 for Astron).
	TwoStarPeriod int       `json:"two_star_period"`
	Findings      []Finding `json:"findings"`
}

// Finding is one row of the study's findings table.
type Finding struct {
	Topic    string `json:"topic"`
	Result   string `json:"result"`
	Evidence string `json:"evidence"`
}

// StudyCube runs the structure finders on the cube. twoStar is the
// certified period of the two-star bulb (BulbPeriod with 2 stars).
func StudyCube(ctx context.Context, c *Cube3, twoStar Period, opt StudyOptions) (*Study, error) {
	opt = opt.forCube(c.N)
	st := &Study{Rules: c.Rules.String(), N: c.N, MaxNimber: c.Max(), TwoStarPeriod: twoStar.Period}
	rows := rowLines(min(opt.RowPairs, c.N))
	diags := diagonalLines(c.N, opt.DiagonalOffsets)
	total := int64(len(rows) + len(diags))
	var done int64
	report := func() {
		done++
		if opt.Progress != nil && done%64 == 0 {
			opt.Progress(Progress{Done: done, Total: total})
		}
	}
	fam := func(name, desc string, lines []CubeLine) (FamilySummary, error) {
		t := newFamilyTally(name, desc, twoStar.Period)
		for _, l := range lines {
			if err := ctx.Err(); err != nil {
				return t.fs, err
			}
			seq := c.Line(l.A, l.B, l.C, l.DA, l.DB, l.DC)
			t.add(l, seq)
			t.addIncrement(seq)
			report()
		}
		fs := t.summary(lines)
		if len(fs.Common) > 10 {
			fs.Common = fs.Common[:10]
		}
		return fs, nil
	}
	f1, err := fam("rows", fmt.Sprintf("fix two stars a ≤ b ≤ %d, vary the third: G(A_{a,b,n})", min(opt.RowPairs, c.N)), rows)
	if err != nil {
		return nil, err
	}
	f2, err := fam("diagonals", fmt.Sprintf("fix one star a ≤ %d, the two others along p = q (offset c ≤ %d): G(A_{a,n,n+c})", c.N, opt.DiagonalOffsets), diags)
	if err != nil {
		return nil, err
	}
	st.Families = []FamilySummary{f1, f2}
	md := CubeLine{DA: 1, DB: 1, DC: 1}
	seq := c.Line(0, 0, 0, 1, 1, 1)
	st.MainDiag = LineFinding{Line: md, Name: md.String(), Length: len(seq), Periods: FindSequencePeriods(seq)}
	st.Growth = growthOf(c)
	st.Theorem = theoremCheck(ctx, c, twoStar, st.Growth, opt.Candidates)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	st.Findings = st.findings()
	return st, nil
}

// forCube fills in the defaults for a cube of size n.
func (opt StudyOptions) forCube(n int) StudyOptions {
	if opt.RowPairs <= 0 {
		opt.RowPairs = min(n, 60)
	}
	// A diagonal G(a, n, n + c) with c > N has no cell in the cube: the
	// offsets stop at N (a billion offsets asked of a cube of 10 built a
	// billion empty lines and ran out of memory).
	opt.DiagonalOffsets = max(0, min(opt.DiagonalOffsets, n))
	if opt.Candidates <= 0 {
		opt.Candidates = 8
	}
	return opt
}

// rowLines is the first family: fix two stars a ≤ b ≤ pairs, vary the
// third.
func rowLines(pairs int) []CubeLine {
	var rows []CubeLine
	for a := 0; a <= pairs; a++ {
		for b := a; b <= pairs; b++ {
			rows = append(rows, CubeLine{A: a, B: b, DC: 1})
		}
	}
	return rows
}

// diagonalLines is the second family: fix one star a ≤ n, the two others
// equal (slices' diagonals), and the offset diagonals G(a, m, m + c) for
// c ≤ offsets.
func diagonalLines(n, offsets int) []CubeLine {
	var diags []CubeLine
	for cc := 0; cc <= offsets; cc++ {
		for a := 0; a <= n; a++ {
			diags = append(diags, CubeLine{A: a, C: cc, DB: 1, DC: 1})
		}
	}
	return diags
}

// familyTally builds a FamilySummary one line at a time (the cube's
// families and the slab's rows).
type familyTally struct {
	fs            FamilySummary
	twoStarPeriod int
	counts        map[PeriodCount]int
	firstGap      int // the smallest position of a line without a plain period, −1 if none
	incSum        float64
	incN          int
}

func newFamilyTally(name, desc string, twoStarPeriod int) *familyTally {
	return &familyTally{fs: FamilySummary{Family: name, Description: desc, PeriodicUpTo: -1},
		twoStarPeriod: twoStarPeriod, counts: map[PeriodCount]int{}, firstGap: -1}
}

// linePosition is where a line of a family starts: a + b for G(A_{a,b,n}),
// a for G(A_{a,n,n+c}).
func linePosition(l CubeLine) int {
	if l.DB != 0 {
		return l.A
	}
	return l.A + l.B
}

// add runs the period finders on the values seq of line l and counts what
// they find.
func (t *familyTally) add(l CubeLine, seq []uint16) {
	fs := &t.fs
	f := LineFinding{Line: l, Name: l.String(), Length: len(seq), Periods: FindSequencePeriods(seq)}
	fs.Lines++
	periodic := false
	for _, p := range []*SequencePeriod{f.Periods.Plain, f.Periods.Additive, f.Periods.Xor} {
		if p != nil {
			periodic = true
			t.counts[PeriodCount{Form: p.Form, Period: p.Period, Shift: p.Shift}]++
		}
	}
	pos := linePosition(l)
	if p := f.Periods.Plain; p != nil {
		fs.Preperiods = append(fs.Preperiods, LinePreperiod{Line: f.Name, Position: pos, Period: p.Period, Preperiod: p.Preperiod})
		fs.Plain++
		if t.twoStarPeriod > 0 && p.Period%t.twoStarPeriod == 0 {
			fs.PeriodsMultipleOfTwoStar++
		}
	} else if t.firstGap < 0 || pos < t.firstGap {
		t.firstGap = pos
	}
	if f.Periods.Additive != nil {
		fs.Additive++
	}
	if f.Periods.Xor != nil {
		fs.Xor++
	}
	if periodic && len(fs.Examples) < 8 {
		fs.Examples = append(fs.Examples, f)
	}
	if !periodic && len(fs.Unresolved) < 8 {
		fs.Unresolved = append(fs.Unresolved, f.Name)
	}
}

// addIncrement adds the line's mean increment per step: the last quarter's
// mean less the first's, over the distance between them.
func (t *familyTally) addIncrement(seq []uint16) {
	q := len(seq) / 4
	if q == 0 {
		return
	}
	var lo, hi float64
	for _, v := range seq[:q] {
		lo += float64(v)
	}
	for _, v := range seq[len(seq)-q:] {
		hi += float64(v)
	}
	t.incSum += (hi - lo) / float64(q) / float64(len(seq)-q)
	t.incN++
}

// summary finishes the summary of the family's lines (in the order added).
func (t *familyTally) summary(lines []CubeLine) FamilySummary {
	fs := t.fs
	if t.incN > 0 {
		fs.MeanIncrement = t.incSum / float64(t.incN)
	}
	switch {
	case t.firstGap < 0 && len(lines) > 0:
		last := lines[len(lines)-1]
		fs.PeriodicUpTo = last.A + last.B
	case t.firstGap > 0:
		fs.PeriodicUpTo = t.firstGap - 1
	}
	if len(fs.Preperiods) >= 2 {
		xs := make([]float64, 0, len(fs.Preperiods))
		ys := make([]float64, 0, len(fs.Preperiods))
		for _, lp := range fs.Preperiods {
			xs = append(xs, float64(lp.Position))
			ys = append(ys, float64(lp.Preperiod))
		}
		fs.PreperiodSlope, fs.PreperiodIntercept = fitXY(xs, ys)
	}
	for pc, n := range t.counts {
		pc.Lines = n
		fs.Common = append(fs.Common, pc)
	}
	sortPeriodCounts(fs.Common)
	return fs
}

// TwoStarBulbPeriod computes the two-star bulb's period as far as its own
// certificate needs (1300 for Astron): the lower bulb of Theorem 2.3.7.
func TwoStarBulbPeriod(ctx context.Context, r Rules) (Period, error) {
	return lowerTwoStar(ctx, r, 0)
}

// sortPeriodCounts puts the most frequent periods first.
func sortPeriodCounts(c []PeriodCount) {
	sort.Slice(c, func(i, j int) bool {
		a, b := c[i], c[j]
		if a.Lines != b.Lines {
			return a.Lines > b.Lines
		}
		if a.Form != b.Form {
			return a.Form < b.Form
		}
		return a.Period < b.Period
	})
}

// growthOf measures the largest nimber by size and the cells carrying it.
func growthOf(c *Cube3) GrowthReport {
	g := GrowthReport{MaxBySize: c.MaxBySize(), Shapes: map[string]int{}, SliceMean: make([]float64, c.N+1)}
	for r := 0; r <= c.N; r++ {
		sl := c.v[tet(r):tet(r+1)]
		sum := 0
		for _, v := range sl {
			sum += int(v)
		}
		g.SliceMean[r] = float64(sum) / float64(len(sl))
		if r == 0 || g.MaxBySize[r] > g.MaxBySize[r-1] {
			if r > 0 {
				g.LastIncrease = r
			}
			rec := GrowthRecord{N: r, Max: g.MaxBySize[r]}
			first := true
			for q := 0; q <= r; q++ {
				for p := 0; p <= q; p++ {
					if int(sl[tri(q)+int64(p)]) == rec.Max {
						rec.Cells++
						if first {
							rec.Cell = [3]int{p, q, r}
							first = false
						}
					}
				}
			}
			if r > 0 {
				g.Shapes[cellShape(rec.Cell)]++
			}
			g.Records = append(g.Records, rec)
		}
	}
	lo := c.N / 4
	g.Slope, g.Intercept = fitLine(g.MaxBySize, lo)
	g.MeanSlope, _ = fitLineF(g.SliceMean, lo)
	return g
}

// cellShape names the shape of a sorted triple p ≤ q ≤ r.
func cellShape(c [3]int) string {
	p, q, r := c[0], c[1], c[2]
	switch {
	case p == 0:
		return "two stars (p = 0)"
	case p == q && q == r:
		return "p = q = r"
	case q == r:
		return "q = r (two largest equal)"
	case p == q:
		return "p = q (two smallest equal)"
	case 2*p <= r && 2*q > r:
		return "p small, q ≈ r"
	}
	return "all different"
}

// fitXY is the least-squares line through the points (xs[i], ys[i]).
func fitXY(xs, ys []float64) (slope, intercept float64) {
	var n, sx, sy, sxx, sxy float64
	for i := range xs {
		n++
		sx += xs[i]
		sy += ys[i]
		sxx += xs[i] * xs[i]
		sxy += xs[i] * ys[i]
	}
	d := n*sxx - sx*sx
	if n < 2 || d == 0 {
		return 0, sy / max(n, 1)
	}
	slope = (n*sxy - sx*sy) / d
	return slope, (sy - slope*sx) / n
}

func fitLine(ys []int, from int) (slope, intercept float64) {
	f := make([]float64, len(ys))
	for i, y := range ys {
		f[i] = float64(y)
	}
	return fitLineF(f, from)
}

func fitLineF(ys []float64, from int) (slope, intercept float64) {
	var n, sx, sy, sxx, sxy float64
	for i := from; i < len(ys); i++ {
		x := float64(i)
		n++
		sx += x
		sy += ys[i]
		sxx += x * x
		sxy += x * ys[i]
	}
	if n < 2 {
		return 0, 0
	}
	slope = (n*sxy - sx*sy) / (n*sxx - sx*sx)
	return slope, (sy - slope*sx) / n
}

// theoremCheck runs Theorem 2.3.7's finite check for s = 2 → 3 as far as
// the cube reaches.
func theoremCheck(ctx context.Context, c *Cube3, two Period, g GrowthReport, candidates int) TheoremCheck {
	k := c.Rules.K()
	tc := TheoremCheck{TwoStar: two, K: k, N: c.N}
	tc.TwoStar.Lower = nil
	nLow := max(two.Preperiod, 1)
	if two.Period > 0 {
		tc.MinimalNeed = CertificateSize(nLow, two.Period, k)
	}
	tc.GrowthNeed = 2*(g.LastIncrease+1) + k - 1
	if two.Period == 0 || !two.Certified {
		tc.Verdict = "the two-star bulb has no certified period: Theorem 2.3.7 does not apply"
		return tc
	}
	for i := 1; i <= candidates; i++ {
		tau := i * two.Period
		if nLow+tau > c.N || ctx.Err() != nil {
			break
		}
		tc.Candidates = append(tc.Candidates, checkShift(c.At, c.N, c.N, nLow, tau, k))
	}
	failing := 0
	for _, pc := range tc.Candidates {
		if pc.FirstFailure != nil {
			failing++
		}
	}
	switch {
	case len(tc.Candidates) == 0:
		tc.Verdict = fmt.Sprintf("the cube (N = %d) does not reach past the two-star preperiod %d plus one period: nothing to check", c.N, nLow)
	case failing == len(tc.Candidates):
		pc := tc.Candidates[0]
		tc.Verdict = fmt.Sprintf("fails: no period τ ∈ {%d, …, %d} holds from the two-star preperiod %d on; for τ = %d the first failure is G(A_{%d,%d,%d}) = %d ≠ G(A_{%d,%d,%d}) = %d; the largest nimber still grows at n = %d, so any period needs n0 + τ > %d and a certificate N ≥ %d",
			tc.Candidates[0].Period, tc.Candidates[len(tc.Candidates)-1].Period, nLow, pc.Period,
			pc.FirstFailure[0], pc.FirstFailure[1], pc.FirstFailure[2], pc.Values[0],
			pc.FirstFailure[0]+pc.Period, pc.FirstFailure[1], pc.FirstFailure[2], pc.Values[1],
			g.LastIncrease, g.LastIncrease, tc.GrowthNeed)
	default:
		tc.Verdict = fmt.Sprintf("inconclusive: some candidate periods agree as far as the cube reaches, but a certificate needs N ≥ %d (the cube has N = %d)", tc.MinimalNeed, c.N)
	}
	return tc
}

// findings writes the study as rows of a table.
func (st *Study) findings() []Finding {
	var out []Finding
	for _, f := range st.Families {
		res := fmt.Sprintf("%d lines: plain period on %d, additive (arithmetic) period on %d, XOR period on %d", f.Lines, f.Plain, f.Additive, f.Xor)
		var ev []string
		for _, pc := range f.Common[:min(3, len(f.Common))] {
			switch pc.Form {
			case "plain":
				ev = append(ev, fmt.Sprintf("τ = %d on %d lines", pc.Period, pc.Lines))
			case "additive":
				ev = append(ev, fmt.Sprintf("+%d every %d on %d lines", pc.Shift, pc.Period, pc.Lines))
			default:
				ev = append(ev, fmt.Sprintf("⊕%d every %d on %d lines", pc.Shift, pc.Period, pc.Lines))
			}
		}
		if len(f.Examples) > 0 {
			e := f.Examples[0]
			for _, p := range []*SequencePeriod{e.Periods.Plain, e.Periods.Additive, e.Periods.Xor} {
				if p != nil {
					ev = append(ev, fmt.Sprintf("e.g. %s: %s", e.Name, p))
					break
				}
			}
		}
		if len(f.Preperiods) >= 2 {
			mx := slices.MaxFunc(f.Preperiods, func(a, b LinePreperiod) int { return a.Preperiod - b.Preperiod })
			ev = append(ev, fmt.Sprintf("preperiod ≈ %.2f·position + %.0f over the periodic lines (largest %d on %s)", f.PreperiodSlope, f.PreperiodIntercept, mx.Preperiod, mx.Line))
		}
		if f.PeriodicUpTo >= 0 {
			ev = append(ev, fmt.Sprintf("every line up to position %d periodic", f.PeriodicUpTo))
		}
		ev = append(ev, fmt.Sprintf("values grow by %.3f per step on average along these lines", f.MeanIncrement))
		if len(f.Unresolved) > 0 {
			ev = append(ev, fmt.Sprintf("no period on e.g. %s", f.Unresolved[0]))
		}
		out = append(out, Finding{Topic: f.Description, Result: res, Evidence: strings.Join(ev, "; ")})
	}
	md := st.MainDiag
	out = append(out, Finding{Topic: "main diagonal " + md.Name, Result: fmt.Sprintf("plain: %s; additive: %s; XOR: %s", md.Periods.Plain, md.Periods.Additive, md.Periods.Xor), Evidence: fmt.Sprintf("%d values compared", md.Length)})
	g := st.Growth
	shapes := make([]string, 0, len(g.Shapes))
	for s, n := range g.Shapes {
		shapes = append(shapes, fmt.Sprintf("%s: %d", s, n))
	}
	slices.Sort(shapes)
	last := g.Records[len(g.Records)-1]
	out = append(out, Finding{Topic: "growth of the largest nimber",
		Result:   fmt.Sprintf("max %d at N = %d, ≈ %.3f·N + %.1f; mean of a slice ≈ %.3f·N; last increase at n = %d", g.MaxBySize[len(g.MaxBySize)-1], st.N, g.Slope, g.Intercept, g.MeanSlope, g.LastIncrease),
		Evidence: fmt.Sprintf("%d record sizes; last record cell A_{%d,%d,%d} (%d cells share its value); record cells by shape: %s", len(g.Records), last.Cell[0], last.Cell[1], last.Cell[2], last.Cells, strings.Join(shapes, "; "))})
	if st.TwoStarPeriod > 0 {
		m := 0
		for _, f := range st.Families {
			m += f.PeriodsMultipleOfTwoStar
		}
		out = append(out, Finding{Topic: fmt.Sprintf("comparison with the two-star period %d", st.TwoStarPeriod),
			Result:   fmt.Sprintf("%d of the lines' plain periods are multiples of %d", m, st.TwoStarPeriod),
			Evidence: "the two-star bulb is certified periodic (period 34, preperiod 585 for Astron); a three-star period would have to be a multiple of it"})
	}
	out = append(out, Finding{Topic: "Theorem 2.3.7, s = 2 → 3", Result: st.Theorem.Verdict,
		Evidence: fmt.Sprintf("smallest conceivable certificate needs N ≥ %d; with the growth seen N ≥ %d; cube N = %d", st.Theorem.MinimalNeed, st.Theorem.GrowthNeed, st.N)})
	return out
}
