package octal

import (
	"context"
	"fmt"
)

// CompareHeaps is how far Compare looks when neither game has a proven
// period that settles the question sooner.
const CompareHeaps = 1 << 16

// Comparison is the outcome of Compare: where the Grundy sequences of games
// A and B first differ, or how far they agree and whether they agree at
// every heap.
type Comparison struct {
	A, B Code
	// Differ is true when G_A(FirstDiff) ≠ G_B(FirstDiff), the first heap
	// where they differ; Values holds the two values there.
	Differ    bool
	FirstDiff int
	Values    [2]int
	// Checked is the last heap compared: G(0..Checked) agree unless Differ.
	Checked int
	// Proven is true when the two games have the same value at every heap:
	// both periods are proven, grow by the same saltus over a common
	// multiple l of the periods, and the values agree over the larger
	// preperiod plus l.
	Proven bool
}

// CompareOptions says how far Compare looks.
type CompareOptions struct {
	// Exact compares exactly G(0..N) (the first run was exact); otherwise
	// Compare looks as far as CompareHeaps, or as far as a proof of
	// equality needs.
	N     int
	Exact bool
}

// Compare compares the values of a (a Solve result) with those of game b.
//
// b is first computed only as far as the comparison looks (CompareHeaps, or
// the general engines' auto-mode limit): most pairs differ early (0.161 and
// 0.36 at heap 519), and b's auto mode may run to 2^25 heaps without a
// period (0.36: half a CPU-minute). Only when the values agree and a's
// period is proven does b get its full auto mode, to prove its own period
// and the two games equal.
func Compare(ctx context.Context, a *Result, b Code, opts CompareOptions) (*Comparison, error) {
	// the general engines' cost per heap grows with the heap: compare
	// games they run as far as auto mode goes (unless a proof needs more)
	upTo := min(CompareHeaps, DefaultMaxFor(a.Code), DefaultMaxFor(b)) - 1
	bopts := SolveOptions{Max: upTo + 1}
	if opts.Exact {
		upTo = opts.N
		bopts = SolveOptions{N: opts.N, Exact: true}
	}
	bres, err := Solve(ctx, b, bopts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", b, err)
	}
	c := &Comparison{A: a.Code, B: b}
	if err := c.firstDifference(ctx, a, bres, upTo); c.Differ || err != nil {
		return c, err
	}
	if !opts.Exact && a.Certified && !bres.Certified && (SolveOptions{}).Heaps(b) > upTo+1 {
		if bres, err = Solve(ctx, b, SolveOptions{}); err != nil { // b's own auto mode
			return nil, fmt.Errorf("%s: %w", b, err)
		}
	}
	need := 0
	if a.Certified && bres.Certified {
		need = agreementNeeded(a.Period, bres.Period)
	}
	if need > 0 && !opts.Exact {
		if h := max(need, len(a.Values), len(bres.Values)) - 1; h > upTo {
			if err := c.firstDifference(ctx, a, bres, h); c.Differ || err != nil {
				return c, err
			}
			upTo = h
		}
	}
	c.Proven = need > 0 && upTo+1 >= need
	return c, nil
}

// firstDifference compares a and b on G(0..upTo), extending their values as
// needed, and records the first heap where they differ.
func (c *Comparison) firstDifference(ctx context.Context, a, b *Result, upTo int) error {
	x, err := a.ValuesUpTo(ctx, upTo)
	if err != nil {
		return err
	}
	y, err := b.ValuesUpTo(ctx, upTo)
	if err != nil {
		return err
	}
	c.Checked = upTo
	for n := 0; n <= upTo; n++ {
		if x[n] != y[n] {
			c.Differ, c.FirstDiff, c.Values = true, n, [2]int{int(x[n]), int(y[n])}
			return nil
		}
	}
	return nil
}

// agreementNeeded returns how many values G(0..L−1) two games whose periods
// p and q are proven must agree on to agree at every heap: the larger
// preperiod plus the least common multiple l of the periods. Past that both
// sequences repeat, shifted by the same amount, what they agree on. It is 0
// when the saltuses differ over l: then no finite window proves it.
func agreementNeeded(p, q Period) int {
	l := p.Period / gcd(p.Period, q.Period) * q.Period
	if p.Saltus*(l/p.Period) != q.Saltus*(l/q.Period) {
		return 0
	}
	return max(p.Preperiod, q.Preperiod) + l
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
