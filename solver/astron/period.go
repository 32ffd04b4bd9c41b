package astron

import (
	"context"
	"fmt"
	"unsafe"
)

// Period is the periodicity seen in (and, when Certified, proven for) the
// bulb of positions with at most Stars stars.
//
// Conventions: raising any index ≥ Preperiod by Period never changes the
// nimber (the same convention as octal preperiods); the thesis' π of
// Definition 2.2.1 is Preperiod − 1. Period is 0 when no period was seen.
type Period struct {
	Stars     int `json:"stars"`
	Period    int `json:"period"`
	Preperiod int `json:"preperiod"`
	// LastIrregular is a position [p, …] with p = Preperiod − 1 whose nimber
	// changes when p is raised by Period (zeros dropped after p); nil when
	// Preperiod is 0.
	LastIrregular []int `json:"last_irregular"`
	// IrregularNimbers are the nimbers of LastIrregular and of the same
	// position with p raised by Period.
	IrregularNimbers []int `json:"irregular_nimbers,omitempty"`
	// Certified is true when the finite check of docs/ASTRON.md (Guy–Smith
	// for one star, the multiadditive periodicity theorem for more) is met by
	// the computed values, for this bulb and every smaller one.
	Certified bool `json:"certified"`
	// CheckedTo is N: every index 0..N was computed and compared.
	CheckedTo int `json:"checked_to"`
	// CertificateNeeds is the N the certificate needs:
	// 2·Preperiod + 2·Period + k − 1.
	CertificateNeeds int `json:"certificate_needs"`
	// Lower is the period of the bulb with one star fewer (nil for one star).
	Lower *Period `json:"lower,omitempty"`
}

// ThesisPi returns the thesis' preperiod π = Preperiod − 1 (Definition 2.2.1).
func (p *Period) ThesisPi() int { return p.Preperiod - 1 }

// CertificateSize is 2·n0 + 2τ + k − 1: the largest index a table must reach
// for the periodicity theorems to prove period τ from preperiod n0 when no
// move removes more than k points (docs/ASTRON.md).
func CertificateSize(n0, tau, k int) int {
	return 2*n0 + 2*tau + k - 1
}

// bulbTable is a dense table of one bulb seen through the period search: the
// values G(x, rest) for every rest, compared between x and x + τ.
type bulbTable interface {
	size() int // N: indices run 0..N
	// mismatch returns the other indices of a position (x, rest…) whose
	// nimber changes (from v0 to v1) when x is raised by tau (x + tau ≤ N),
	// or ok = false.
	mismatch(x, tau int) (rest []int, v0, v1 int, ok bool)
}

type oneStarBulb []uint16

func (b oneStarBulb) size() int { return len(b) - 1 }
func (b oneStarBulb) mismatch(x, tau int) ([]int, int, int, bool) {
	return nil, int(b[x]), int(b[x+tau]), b[x] != b[x+tau]
}

type twoStarBulb struct{ t *Table2 }

func (b twoStarBulb) size() int { return b.t.N }
func (b twoStarBulb) mismatch(x, tau int) ([]int, int, int, bool) {
	r0, r1 := b.t.Row(x), b.t.Row(x+tau)
	if asBytes(r0) == asBytes(r1) {
		return nil, 0, 0, false
	}
	for q := range r0 {
		if r0[q] != r1[q] {
			return []int{q}, int(r0[q]), int(r1[q]), true
		}
	}
	return nil, 0, 0, false
}

type threeStarBulb struct{ t *Table3 }

func (b threeStarBulb) size() int { return b.t.N }
func (b threeStarBulb) mismatch(x, tau int) ([]int, int, int, bool) {
	t := b.t
	plane := t.side * t.side
	p0, p1 := t.v[x*plane:(x+1)*plane], t.v[(x+tau)*plane:(x+tau+1)*plane]
	if asBytes(p0) == asBytes(p1) {
		return nil, 0, 0, false
	}
	for i := range p0 {
		if p0[i] != p1[i] {
			return []int{i / t.side, i % t.side}, int(p0[i]), int(p1[i]), true
		}
	}
	return nil, 0, 0, false
}

// asBytes views a uint16 slice as a string for a fast equality test.
func asBytes(v []uint16) string {
	if len(v) == 0 {
		return ""
	}
	return unsafe.String((*byte)(unsafe.Pointer(&v[0])), 2*len(v))
}

// findPeriod searches the smallest period the table proves, else the
// smallest one it shows. Candidates are the multiples of the lower bulb's
// period (a bulb contains the smaller ones). k is the largest number of
// points a move removes; lower is nil for one star.
func findPeriod(b bulbTable, stars, k int, lower *Period) Period {
	n := b.size()
	step := 1
	if lower != nil && lower.Period > 0 {
		step = lower.Period
	}
	lowerN0 := 0
	lowerOK := lower == nil
	if lower != nil {
		lowerN0 = lower.Preperiod
		lowerOK = lower.Certified
	}
	type candidate struct {
		tau, n0 int
		rest    []int
		v0, v1  int
	}
	var seen *candidate
	for tau := step; 2*tau <= n+1; tau += step {
		// The last irregular index is the first mismatch from the top.
		x := n - tau
		c := candidate{tau: tau}
		for ; x >= 0; x-- {
			var bad bool
			if c.rest, c.v0, c.v1, bad = b.mismatch(x, tau); bad {
				break
			}
		}
		c.n0 = x + 1
		// n0 = 0 is certified with the window of n0 = 1: the proofs lower a
		// part b ≥ m0 + τ to b − τ, which must stay a star
		// (docs/FINDINGS.md, octal section).
		m0 := max(c.n0, lowerN0, 1)
		if lowerOK && CertificateSize(m0, tau, k) <= n {
			return periodFrom(stars, n, k, c.tau, c.n0, c.rest, c.v0, c.v1, lower, true)
		}
		// Seen: the table agrees with tau over at least one whole period.
		if seen == nil && c.n0+2*tau <= n+1 {
			seen = &c
		}
	}
	if seen != nil {
		return periodFrom(stars, n, k, seen.tau, seen.n0, seen.rest, seen.v0, seen.v1, lower, false)
	}
	return Period{Stars: stars, CheckedTo: n, Lower: lower}
}

func periodFrom(stars, n, k, tau, n0 int, rest []int, v0, v1 int, lower *Period, certified bool) Period {
	p := Period{Stars: stars, Period: tau, Preperiod: n0, Certified: certified, CheckedTo: n, Lower: lower}
	if n0 > 0 {
		p.IrregularNimbers = []int{v0, v1}
		p.LastIrregular = []int{n0 - 1}
		for _, r := range rest {
			if r > 0 {
				p.LastIrregular = append(p.LastIrregular, r)
			}
		}
	}
	// The bulb contains the smaller ones: their preperiod bounds its own.
	if lower != nil && lower.Preperiod > p.Preperiod {
		p.Preperiod = lower.Preperiod
		p.LastIrregular = lower.LastIrregular
		p.IrregularNimbers = lower.IrregularNimbers
	}
	p.CertificateNeeds = CertificateSize(max(p.Preperiod, 1), tau, k)
	return p
}

// OneStarPeriod finds the period of the one-star bulb (the octal game) from
// G(0..N), certified by the Guy–Smith theorem.
func OneStarPeriod(g1 []uint16, r Rules) Period {
	return findPeriod(oneStarBulb(g1), 1, r.Octal.K(), nil)
}

// TwoStarPeriod finds the period of the two-star bulb from its table; lower
// is the one-star bulb's period.
func TwoStarPeriod(t *Table2, r Rules, lower Period) Period {
	return findPeriod(twoStarBulb{t}, 2, r.K(), &lower)
}

// ThreeStarPeriod finds the period of the three-star bulb from its table;
// lower is the two-star bulb's period.
func ThreeStarPeriod(t *Table3, r Rules, lower Period) Period {
	return findPeriod(threeStarBulb{t}, 3, r.K(), &lower)
}

// BulbReport is the result of BulbPeriod: the period and the tables it was
// read from.
type BulbReport struct {
	Period Period
	// MaxBySize[n] is the largest nimber of a position of the bulb whose
	// stars have at most n points (n ≤ CheckedTo).
	MaxBySize []int
}

// DefaultLimit is the table size BulbPeriod uses for each star count when no
// limit is given: enough to certify Astron's one- and two-star bulbs.
func DefaultLimit(stars int) int {
	switch stars {
	case 1:
		return 1000
	case 2:
		return 1300
	default:
		return 160
	}
}

// BulbPeriod computes the bulb of the given star count (1, 2 or 3) up to
// limit and finds its period. The smaller bulbs are computed as far as their
// own certificates need (up to the table limits), so that a larger bulb's
// certificate rests on proven smaller ones.
func BulbPeriod(ctx context.Context, r Rules, stars, limit int, progress ProgressFunc) (*BulbReport, error) {
	switch stars {
	case 1:
		g1, err := OneStar(ctx, r, limit)
		if err != nil {
			return nil, err
		}
		rep := &BulbReport{Period: OneStarPeriod(g1, r)}
		rep.MaxBySize = make([]int, len(g1))
		for i, v := range g1 {
			rep.MaxBySize[i] = int(v)
			if i > 0 {
				rep.MaxBySize[i] = max(rep.MaxBySize[i], rep.MaxBySize[i-1])
			}
		}
		return rep, nil
	case 2:
		if limit > MaxTable2 {
			return nil, fmt.Errorf("two-star limit %d is above %d", limit, MaxTable2)
		}
		g1, err := OneStar(ctx, r, max(2*limit+1, DefaultLimit(1)))
		if err != nil {
			return nil, err
		}
		lower := OneStarPeriod(g1, r)
		t, err := buildTable2(ctx, r, limit, g1, progress)
		if err != nil {
			return nil, err
		}
		return &BulbReport{Period: TwoStarPeriod(t, r, lower), MaxBySize: t.MaxBySize()}, nil
	case 3:
		if limit > MaxTable3 {
			return nil, fmt.Errorf("three-star limit %d is above %d", limit, MaxTable3)
		}
		lowerRep, err := lowerTwoStar(ctx, r, 2*limit)
		if err != nil {
			return nil, err
		}
		g1, err := OneStar(ctx, r, 4*limit+1)
		if err != nil {
			return nil, err
		}
		t2, err := buildTable2(ctx, r, 2*limit, g1, nil)
		if err != nil {
			return nil, err
		}
		t, err := buildTable3(ctx, r, limit, g1, t2, progress)
		if err != nil {
			return nil, err
		}
		return &BulbReport{Period: ThreeStarPeriod(t, r, lowerRep), MaxBySize: t.MaxBySize()}, nil
	}
	return nil, fmt.Errorf("bulbs of %d stars are not computed; accepted: 1, 2 or 3", stars)
}

// lowerTwoStar computes the two-star bulb's period for a three-star
// certificate: to the default limit (or at least atLeast), then as far as its
// own certificate needs when that is within reach.
func lowerTwoStar(ctx context.Context, r Rules, atLeast int) (Period, error) {
	n := max(DefaultLimit(2), atLeast)
	for {
		rep, err := BulbPeriod(ctx, r, 2, n, nil)
		if err != nil {
			return Period{}, err
		}
		p := rep.Period
		if p.Certified || p.Period == 0 || p.CertificateNeeds <= n || p.CertificateNeeds > MaxTable2 {
			return p, nil
		}
		n = p.CertificateNeeds
	}
}
