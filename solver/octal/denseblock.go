package octal

import (
	"context"
	"encoding/binary"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// BlockDense is the exact engine for the octal games with no sparse space
// that DenseOrSparse runs: Dense's one pass over every split, reorganised
// so that each split is marked once and both cores share the work.
//
// A heap n of a code with split digits j₁ < j₂ < … has the options
// G(a) ⊕ G(r−a) of S_r, r = n−j, for every split digit j. S_r depends on r
// only, so BlockDense computes it once, into a byte table of its own, and
// the heaps n = r+j₁, r+j₂, … all read it (Dense marks the splits of r once
// for each split digit: 0.415, 0.764 and the other codes with two or three
// split digits do half or a third of the marking).
//
// The heaps go in blocks [L, H) of 64–256 heaps. Every split (a, r−a) of a
// remainder r < H whose larger part r−a is below L reads values known
// before the block: these "bulk" splits, almost all of them, are marked for
// all the block's remainders at once, the remainders shared among the
// workers (one a core, each remainder's table written by one worker). Then
// the heaps of the block are finished in order: the few splits whose larger
// part lies in the block (at most H−L a remainder), the one-heap options,
// and the mex over the tables of n−j₁, n−j₂, ….
//
// Values bounded by n: every table is as wide as the smallest power of two
// above the largest value known at the block's start (all option values
// are below it); a block ends early at a heap whose value reaches that
// width, so the next block's tables are wider.
type BlockDense struct {
	*Dense
	workers int
	tables  []*[MaxValue + 1]uint8 // the block's remainders' tables, lowest remainder first
	tailed  []bool                 // tailed[i]: the in-block splits of table i are marked
	// helperNanos is the CPU time the helper workers spent (threads other
	// than the caller's): DenseOrSparse times its engines by CPU time.
	helperNanos atomic.Int64
}

// blockDenseStart is the number of values from which BlockDense works in
// blocks; below it one heap at a time (Dense's pass) costs less.
const blockDenseStart = 512

// NewBlockDense returns a block engine for code (a plain octal code) that
// continues from values, which must be G(0..len(values)−1); the engine
// owns the slice from now on. It uses up to two workers (one a core).
func NewBlockDense(code Code, values []uint16) *BlockDense {
	return &BlockDense{Dense: NewDense(code, values), workers: min(2, runtime.GOMAXPROCS(0))}
}

// HelperCPU is the CPU time the engine's helper workers have spent, on
// threads other than its caller's, since it was made.
func (b *BlockDense) HelperCPU() time.Duration { return time.Duration(b.helperNanos.Load()) }

// Extend computes values until G(0..upTo) are known. It looks at ctx and
// reports progress after every block.
func (b *BlockDense) Extend(ctx context.Context, upTo int, progress ProgressFunc) error {
	d := b.Dense
	tick := newProgressTicker(ctx, progress, len(d.vals), upTo)
	d.reserve(upTo)
	for len(d.vals) <= upTo {
		if err := tick.check(len(d.vals), 0); err != nil {
			return err
		}
		L := len(d.vals)
		// One worker and one split digit: no remainder is shared, and
		// Dense's heap by heap pass costs a few per cent less.
		if L < blockDenseStart || len(d.split) == 0 || len(d.split) == 1 && b.workers == 1 {
			for n := L; n <= min(upTo, max(L+255, blockDenseStart-1)); n++ {
				if err := b.appendValue(n, d.heapValue(n)); err != nil {
					return err
				}
			}
			continue
		}
		if err := b.block(L, min(upTo+1, L+min(256, max(64, L/64)))); err != nil {
			return err
		}
	}
	tick.report(len(d.vals), 0)
	return nil
}

// appendValue records G(n) = v.
func (b *BlockDense) appendValue(n, v int) error {
	d := b.Dense
	if v > MaxValue {
		return errValueOverflow(d.code, n)
	}
	d.vals = append(d.vals, uint16(v))
	d.rev[len(d.rev)-1-n] = uint16(v)
	d.maxValue = max(d.maxValue, v)
	return nil
}

// block computes the heaps L..H−1, or fewer when a value reaches the
// tables' width (then the next block goes on).
func (b *BlockDense) block(L, H int) error {
	d := b.Dense
	jmin, jmax := d.split[0], d.split[len(d.split)-1]
	rlo, rhi := max(2, L-jmax), H-jmin // the remainders r of the block's splits
	width := seenSize(d.maxValue)
	count := max(0, rhi-rlo)
	for len(b.tables) < count {
		b.tables = append(b.tables, new([MaxValue + 1]uint8))
		b.tailed = append(b.tailed, false)
	}
	b.markBulk(L, rlo, count, width)
	for n := L; n < H; n++ {
		v := b.mex(n, L, rlo, width)
		if err := b.appendValue(n, v); err != nil {
			return err
		}
		if v >= width {
			break // larger option values may follow: wider tables
		}
	}
	return nil
}

// markBulk clears the tables of the remainders rlo..rlo+count−1 and marks
// in each the splits (a, r−a) whose parts are both below L, the remainders
// shared among the workers.
func (b *BlockDense) markBulk(L, rlo, count, width int) {
	d := b.Dense
	var next atomic.Int64
	work := func() {
		for {
			i := int(next.Add(1) - 1)
			if i >= count {
				return
			}
			r, t := rlo+i, b.tables[i]
			clear(t[:width])
			b.tailed[i] = false
			// a ≥ r−L+1 keeps r−a < L; vals[r−a] = rev[len−1−r+a].
			a0, h := max(1, r-L+1), r/2
			if a0 <= h {
				off := len(d.rev) - 1 - r
				markPairs(t, d.vals[a0:h+1], d.rev[off+a0:off+h+1])
			}
		}
	}
	helpers := min(b.workers, count) - 1
	var wg sync.WaitGroup
	for range max(0, helpers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// The helper's CPU time is its thread's while it stays locked.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			t0 := threadCPU()
			work()
			b.helperNanos.Add(int64(threadCPU() - t0))
		}()
	}
	work()
	wg.Wait()
}

// mex returns G(n) from the tables of the block starting at L: it first
// marks the splits of n's remainders whose larger part is in the block.
func (b *BlockDense) mex(n, L, rlo, width int) int {
	d := b.Dense
	var tabs [8]*[MaxValue + 1]uint8
	used := tabs[:0]
	for _, j := range d.split {
		r := n - j
		if r < 2 {
			continue
		}
		i := r - rlo
		t := b.tables[i]
		if !b.tailed[i] {
			b.tailed[i] = true
			// a = 1..min(r/2, r−L): vals[r−a] = rev[len−1−r+a].
			if k := min(r/2, r-L); k >= 1 {
				off := len(d.rev) - 1 - r
				markPairs(t, d.vals[1:k+1], d.rev[off+1:off+k+1])
			}
		}
		used = append(used, t)
	}
	// The one-heap and no-heap options: a handful of values.
	var extra [8]uint16
	more := extra[:0]
	for _, j := range d.whole {
		if n == j {
			more = append(more, 0)
		}
	}
	for _, j := range d.take {
		if n-j >= 1 {
			more = append(more, d.vals[n-j])
		}
	}
	for w := 0; w < width; w += 8 {
		var x uint64
		for _, t := range used {
			x |= binary.LittleEndian.Uint64(t[w : w+8])
		}
		// Bytes are 0 or 1; free has bit 8k set for each value w+k no
		// split reaches.
		for free := ^x & 0x0101010101010101; free != 0; free &= free - 1 {
			v := w + bits.TrailingZeros64(free)/8
			if !containsValue(more, v) {
				return v
			}
		}
	}
	return width
}

// containsValue reports whether v is among vals.
func containsValue(vals []uint16, v int) bool {
	for _, x := range vals {
		if int(x) == v {
			return true
		}
	}
	return false
}

// BlockDenseExtend is the block engine as an Extender: it appends values
// until values holds G(0..upTo).
func BlockDenseExtend(ctx context.Context, code Code, values []uint16, upTo int, progress ProgressFunc) ([]uint16, error) {
	b := NewBlockDense(code, values)
	err := b.Extend(ctx, upTo, progress)
	return b.Values(), err
}
