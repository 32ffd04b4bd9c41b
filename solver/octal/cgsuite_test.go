package octal

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/takebreak"
)

// grundyByCounting computes G(0..upTo) of a take-and-break game from the
// definition without listing the partitions one by one (there are 10^21 of
// 499): for every r, number of heaps c and value v it counts the multisets
// of c positive heaps summing to r whose Grundy values XOR to v (heaps of
// any sizes, and pairwise unequal ones), adding heap size m to the counts
// once G(m) is known. Counts stop at 255: a value is an option when its
// count, less the all-equal multisets (at most one per c), is positive.
// Counts c ≥ K are pooled, K above every count a digit names.
//
// The moves are those of the definition: digit d_j may remove j tokens and
// leave exactly i heaps when it allows i (j = 0: i ≥ 2 only); two or more
// heaps obey the modifier of count i (! pairwise unequal, ? not all equal,
// = all equal); one heap obeys nothing but "?", which in CGSuite forbids
// leaving a single heap of one token.
func grundyByCounting(c takebreak.Code, upTo int) []int {
	pc := newPartitionCounts(c, upTo)
	for n := 1; n <= upTo; n++ {
		seen := pc.optionValues(c, n)
		for seen[pc.g[n]] {
			pc.g[n]++
		}
		for pc.g[n] >= pc.V {
			pc.widen()
		}
		pc.addHeapSize(n)
	}
	return pc.g
}

// partitionCounts are the counts of grundyByCounting: plain[(r·rows+c)·V
// + v] multisets of c heaps (c = K: K or more) summing to r with XOR v;
// dist the same with the heaps pairwise unequal (only when a digit asks).
type partitionCounts struct {
	K, rows, V, upTo int
	plain, dist      []uint8
	g                []int
}

func newPartitionCounts(c takebreak.Code, upTo int) *partitionCounts {
	pc := &partitionCounts{K: 3, V: 64, upTo: upTo, g: make([]int, upTo+1)}
	for _, d := range c.Digits {
		pc.K = max(pc.K, d.AtLeast+1, d.MaxHeaps()+1)
	}
	pc.rows = pc.K + 1
	needDist := false
	for _, d := range c.Digits {
		for i := 2; i <= pc.K; i++ {
			needDist = needDist || (d.Allows(i) && d.ModAt(i) == takebreak.Distinct)
		}
	}
	pc.plain = make([]uint8, (upTo+1)*pc.rows*pc.V)
	pc.plain[0] = 1
	if needDist {
		pc.dist = make([]uint8, (upTo+1)*pc.rows*pc.V)
		pc.dist[0] = 1
	}
	return pc
}

func (pc *partitionCounts) row(t []uint8, r, c int) []uint8 {
	return t[(r*pc.rows+c)*pc.V : (r*pc.rows+c+1)*pc.V]
}

// widen doubles V, the bound on the values counted.
func (pc *partitionCounts) widen() {
	nv := 2 * pc.V
	for _, t := range []*[]uint8{&pc.plain, &pc.dist} {
		if *t == nil {
			continue
		}
		old := *t
		nt := make([]uint8, (pc.upTo+1)*pc.rows*nv)
		for i := 0; i < (pc.upTo+1)*pc.rows; i++ {
			copy(nt[i*nv:], old[i*pc.V:(i+1)*pc.V])
		}
		*t = nt
	}
	pc.V = nv
}

// allEqual returns the value of k equal heaps summing to r, ok false when
// k does not divide r.
func (pc *partitionCounts) allEqual(r, k int) (int, bool) {
	if r%k != 0 {
		return 0, false
	}
	if k%2 == 1 {
		return pc.g[r/k], true
	}
	return 0, true
}

// optionValues marks the values of the options of a heap of n.
func (pc *partitionCounts) optionValues(c takebreak.Code, n int) []bool {
	seen := make([]bool, pc.V+1)
	for j := 0; j <= n; j++ {
		d := c.Digit(j)
		if d.IsZero() {
			continue
		}
		r := n - j
		if j > 0 && r == 0 && d.Allows(0) {
			seen[0] = true
		}
		if j > 0 && r >= 1 && d.Allows(1) && !(r == 1 && d.ModAt(1) == takebreak.NotAllEqual) {
			seen[pc.g[r]] = true
		}
		for i := 2; i <= min(r, pc.K); i++ {
			// i < K: exactly i heaps; i = K: K or more (all allowed with
			// count K's modifier, as K is above the named counts)
			if d.Allows(i) {
				pc.markSplits(d.ModAt(i), r, i, seen)
			}
		}
	}
	return seen
}

// markSplits marks the values of leaving r tokens as i heaps (i = K: K or
// more) under the modifier.
func (pc *partitionCounts) markSplits(mod takebreak.Modifier, r, i int, seen []bool) {
	last := i
	if i == pc.K {
		last = r
	}
	switch mod {
	case takebreak.AllEqual:
		for k := i; k <= last; k++ {
			if v, ok := pc.allEqual(r, k); ok {
				seen[v] = true
			}
		}
	case takebreak.Distinct:
		for v, x := range pc.row(pc.dist, r, i) {
			if x > 0 {
				seen[v] = true
			}
		}
	case takebreak.NotAllEqual:
		equal := make([]int, pc.V) // all-equal multisets by value
		for k := i; k <= last; k++ {
			if v, ok := pc.allEqual(r, k); ok {
				equal[v]++
			}
		}
		for v, x := range pc.row(pc.plain, r, i) {
			if int(x) > equal[v] {
				seen[v] = true
			}
		}
	default:
		for v, x := range pc.row(pc.plain, r, i) {
			if x > 0 {
				seen[v] = true
			}
		}
	}
}

// addHeapSize adds heap size n, of value g[n], to the counts: any number
// of times (r upwards), or at most once for the unequal counts (r
// downwards).
func (pc *partitionCounts) addHeapSize(n int) {
	gn := pc.g[n]
	for r := n; r <= pc.upTo; r++ {
		pc.addToCounts(pc.plain, r, n, gn)
	}
	for r := pc.upTo; pc.dist != nil && r >= n; r-- {
		pc.addToCounts(pc.dist, r, n, gn)
	}
}

// addToCounts adds to t's counts of r those of r − n with one more heap
// of value gn.
func (pc *partitionCounts) addToCounts(t []uint8, r, n, gn int) {
	for cc := pc.K; cc >= 1; cc-- {
		dst := pc.row(t, r, cc)
		if cc == pc.K {
			addSaturated(dst, pc.row(t, r-n, cc), gn)
		}
		addSaturated(dst, pc.row(t, r-n, cc-1), gn)
	}
}

// addSaturated adds src, its values XORed with g, into dst, counts
// stopping at 255.
func addSaturated(dst, src []uint8, g int) {
	for v, x := range src {
		if x != 0 {
			if s := int(dst[v^g]) + int(x); s < 255 {
				dst[v^g] = uint8(s)
			} else {
				dst[v^g] = 255
			}
		}
	}
}

// newlyAccepted are codes of CGSuite's notation that nimlab did not read
// before (leading zeros, counts with their own modifiers, *, &n;), the
// codes of CGSuite's tests and the examples of its documentation.
var newlyAccepted = []string{
	"04.30", "04.00[30]", "00.00[00]", "04.7",
	"0.{1,2!}", "0.6?", "0.7?", "0.6!", "0.{0!,2!,3!}", "0.{0!,2!,3}", "0.{0!,2!,3!+}", "0.{0!,2,3!+}",
	"0.{0!,3+}", "0.{0,2!,4!+}", "0.{0!,2!,4+}", "0.{0!,2!,4?+}", "0.{0!,2?,4?+}", "0.{0!,2=,4?+}",
	"0.{0!,2=,3?,4?+}", "0.{0!,2?,3?,4?+}", "0.{0,1!,2,3,4+}", "0.{0,1,2!,3!,4!+}",
	"0.*", "0.*!", "0.*?", "0.*=", "0.*3", "0.*!3", "0.*?3", "0.3*", "0.[{0+}=]", "0.1[*?]", "0.[7?]", "0.[*?]", "0.[*]", "0.[{1,2!}]",
	"{2+}=.0", "{2+}!.0", "{2+}?.0", "8!.0", "8?.0", "0.{0,1,3+}", "0.{1,3+}", "0.{2,3?+}",
	"0.&32;", "0.&33;!", "0.{1,2,3,4,5,6}!{6}", "0.3F!", "0.3f?", "4.{2!,3}",
}

// TestCountingAgainstListing checks the counting brute force against
// bruteGrundy (every partition listed) where listing is quick.
func TestCountingAgainstListing(t *testing.T) {
	for _, s := range append(newlyAccepted, "0.07", "4!.0", "0.F?", "0.C=", "0.{2+}", "4.[3]", "S!(1,3)") {
		r, err := takebreak.Parse(s)
		require.NoError(t, err, s)
		want := bruteGrundy(r, 26)
		assert.Equal(t, want, grundyByCounting(r, 26), s)
	}
}

// TestNewCodesAgainstBruteForce: the values nimlab computes (Solve, exact
// and auto, with the engine and certificate it picks) of every newly
// accepted code agree with the brute force to 500 heaps.
func TestNewCodesAgainstBruteForce(t *testing.T) {
	const n = 500
	for _, s := range newlyAccepted {
		codeTB, err := takebreak.Parse(s)
		code := NewCode(codeTB)
		require.NoError(t, err, s)
		want := grundyByCounting(code.TakeBreak(), n)
		res, err := Solve(context.Background(), code, SolveOptions{N: n})
		require.NoError(t, err, s)
		got := make([]int, len(res.Values))
		for i, v := range res.Values {
			got[i] = int(v)
		}
		require.Equal(t, want, got, "%s (%s)", s, code)
		auto, err := Solve(context.Background(), code, SolveOptions{Max: n + 1})
		require.NoError(t, err, s)
		for i, v := range auto.Values {
			require.Equal(t, want[i], int(v), "%s auto G(%d)", s, i)
		}
		if p := auto.Period; auto.Certified {
			for i := p.Preperiod; i+p.Period <= n; i++ {
				require.Equal(t, want[i]+p.Saltus, want[i+p.Period], "%s: certified %+v fails at %d", s, p, i)
			}
		}
	}
}

// TestHeapOptions: the options of heap 9 in 0.3F! in CGSuite's order, each
// with the XOR of its heaps' values, their mex the heap's value; the limit
// cuts a long list and says so.
func TestHeapOptions(t *testing.T) {
	code := NewCode(takebreak.MustParse("0.3F!"))
	vals, err := GeneralExtend(context.Background(), code, nil, 9, nil)
	require.NoError(t, err)
	opts, complete, err := HeapOptions(code, vals, 9, 100)
	require.NoError(t, err)
	require.True(t, complete)
	var names []string
	for _, o := range opts {
		names = append(names, o.String())
		v := 0
		for _, h := range o.Heaps {
			v ^= int(vals[h])
		}
		assert.Equal(t, v, o.Value, o.String())
	}
	assert.Equal(t, []string{"8", "7", "1,6", "2,5", "3,4", "1,2,4"}, names)
	assert.Equal(t, int(vals[9]), Mex(opts))
	nim := NewCode(takebreak.MustParse("0.[3]"))
	nv, err := GeneralExtend(context.Background(), nim, nil, 20, nil)
	require.NoError(t, err)
	opts, complete, err = HeapOptions(nim, nv, 20, 5)
	require.NoError(t, err)
	assert.False(t, complete)
	assert.Len(t, opts, 5)
	_, _, err = HeapOptions(nim, nv[:5], 20, 5)
	assert.Error(t, err)
	octalCode := NewCode(takebreak.MustParse("0.07")) // the octal engines' code, same order
	ov, err := QuadraticExtend(context.Background(), octalCode, nil, 12, nil)
	require.NoError(t, err)
	opts, _, err = HeapOptions(octalCode, ov, 12, 100)
	require.NoError(t, err)
	assert.Equal(t, int(ov[12]), Mex(opts))
	assert.Equal(t, "1,9", opts[1].String())
}
