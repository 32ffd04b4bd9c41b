package octal

import (
	"context"
	"math/bits"
	"runtime"
	"unsafe"
)

// wideLoads reports whether the CPU loads a 64-bit word from any address
// (markPairs reads four values at a time at odd offsets).
var wideLoads = runtime.GOARCH == "amd64" || runtime.GOARCH == "arm64" || runtime.GOARCH == "386" || runtime.GOARCH == "ppc64le"

// Dense is an exact engine for the octal games that have no sparse space:
// in 0.??? and 4.??? some 37 sequences (0.415, 4.026, 0.135, …) keep 20–50 %
// of their heaps rare under every mask, and their values grow (past 1 000
// by 2^16 heaps), so the sparse engine's rare scan and rule-out scans cover
// a large share of every heap's splits one option at a time.
//
// Dense marks every option of heap n in a byte table and takes the mex;
// the work is one pass over the splits, made as cheap as a pass can be:
// the second parts of the pairs (a, r−a) are read ascending from a reversed
// copy of the values, so both sides load four values in one 64-bit word
// and one XOR gives four option values. A heap costs about one store per
// split; no early stop is possible (the mex must be shown to be no option,
// and in these games each value below it has only a handful of witnesses
// among the splits, scattered over the whole range: on 0.415 at heap 30 000
// half of the values below the mex are first met after 10 % of the pairs and
// 292 of them after 27 %, so scans that stop once some candidate values
// are found end up marking most pairs anyway). Memory: the values twice.
type Dense struct {
	code               Code
	vals               []uint16
	rev                []uint16 // rev[len(rev)−1−i] = vals[i]: the pairs' second parts ascend in it
	whole, take, split []int
	maxValue           int
	seen               *[MaxValue + 1]uint8 // seen[v] = 1: the current heap has an option of value v
}

// NewDense returns a dense engine for code (a plain octal code) that
// continues from values, which must be G(0..len(values)−1); the engine
// owns the slice from now on.
func NewDense(code Code, values []uint16) *Dense {
	d := &Dense{code: code, vals: values, seen: new([MaxValue + 1]uint8)}
	d.whole, d.take, d.split = code.moveDigits()
	for _, v := range values {
		d.maxValue = max(d.maxValue, int(v))
	}
	d.growRev(len(values))
	return d
}

// Values returns G(0..len−1); the slice is shared with the engine.
func (d *Dense) Values() []uint16 { return d.vals }

// reserve makes room for the values up to G(upTo), in vals and in rev.
func (d *Dense) reserve(upTo int) {
	if cap(d.vals) < upTo+1 {
		grown := make([]uint16, len(d.vals), max(upTo+1, len(d.vals)+len(d.vals)/2))
		copy(grown, d.vals)
		d.vals = grown
	}
	d.growRev(upTo)
}

// growRev makes rev hold at least n+1 values.
func (d *Dense) growRev(n int) {
	if len(d.rev) > n {
		return
	}
	size := max(n+1, 2*len(d.rev), 1024)
	rev := make([]uint16, size)
	for i, v := range d.vals {
		rev[size-1-i] = v
	}
	d.rev = rev
}

// Extend computes values until G(0..upTo) are known. It looks at ctx and
// reports progress about every progressInterval.
func (d *Dense) Extend(ctx context.Context, upTo int, progress ProgressFunc) error {
	tick := newProgressTicker(ctx, progress, len(d.vals), upTo)
	d.reserve(upTo)
	for n := len(d.vals); n <= upTo; n++ {
		if n&255 == 0 {
			if err := tick.check(n, 0); err != nil {
				return err
			}
		}
		v := d.heapValue(n)
		if v > MaxValue {
			return errValueOverflow(d.code, n)
		}
		d.vals = append(d.vals, uint16(v))
		d.rev[len(d.rev)-1-n] = uint16(v)
		d.maxValue = max(d.maxValue, v)
	}
	tick.report(len(d.vals), 0)
	return nil
}

// heapValue computes G(n) from G(0..n−1): the mex of every option.
func (d *Dense) heapValue(n int) int {
	size := seenSize(d.maxValue) // every option value is below it
	seen := d.seen
	clear(seen[:size])
	for _, j := range d.whole {
		if n == j {
			seen[0] = 1
		}
	}
	for _, j := range d.take {
		if n-j >= 1 {
			seen[d.vals[n-j]] = 1
		}
	}
	for _, j := range d.split {
		r := n - j
		if r < 2 {
			continue
		}
		// The pairs (a, r−a), a = 1..r/2: vals[a] ascends from vals[1],
		// vals[r−a] = rev[len−1−r+a] ascends from rev[len−r].
		h := r / 2
		markPairs(seen, d.vals[1:h+1], d.rev[len(d.rev)-r:len(d.rev)-r+h])
	}
	for w := 0; w < size/64; w++ {
		if x := gather64(seen[w*64 : w*64+64]); x != ^uint64(0) {
			return w*64 + bits.TrailingZeros64(^x)
		}
	}
	return size
}

// markPairs marks lo[k]^hi[k] in seen for every k (len(hi) ≥ len(lo)),
// eight pairs a round from two 64-bit loads a side.
func markPairs(seen *[MaxValue + 1]uint8, lo, hi []uint16) {
	hi = hi[:len(lo)]
	k := 0
	if wideLoads && len(lo) >= 8 {
		// Unaligned 64-bit loads inside the two slices (k+8 ≤ len).
		p, q := unsafe.Pointer(&lo[0]), unsafe.Pointer(&hi[0])
		for ; k+8 <= len(lo); k += 8 {
			x := *(*uint64)(unsafe.Add(p, 2*k)) ^ *(*uint64)(unsafe.Add(q, 2*k))
			y := *(*uint64)(unsafe.Add(p, 2*k+8)) ^ *(*uint64)(unsafe.Add(q, 2*k+8))
			seen[uint16(x)] = 1
			seen[uint16(x>>16)] = 1
			seen[uint16(x>>32)] = 1
			seen[uint16(x>>48)] = 1
			seen[uint16(y)] = 1
			seen[uint16(y>>16)] = 1
			seen[uint16(y>>32)] = 1
			seen[uint16(y>>48)] = 1
		}
	}
	for ; k < len(lo); k++ {
		seen[lo[k]^hi[k]] = 1
	}
}

// DenseExtend is the dense engine as an Extender: it appends values until
// values holds G(0..upTo).
func DenseExtend(ctx context.Context, code Code, values []uint16, upTo int, progress ProgressFunc) ([]uint16, error) {
	d := NewDense(code, values)
	err := d.Extend(ctx, upTo, progress)
	return d.Values(), err
}
