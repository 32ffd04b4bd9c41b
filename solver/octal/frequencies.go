package octal

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/nimlab/nimlab/solver/valuestore"
)

// Frequencies counts how often each Grundy value occurs among the heaps a
// stream has computed, and keeps the counts of G(1..2^k) at every power of
// two the stream passes: the tables that records of octal games publish
// (P. Rogalski's results count the heaps 1..N in this way), which need no
// value kept. Heap 0 (always 0) is not counted.
type Frequencies struct {
	// Heaps is how many values are counted: G(1..Heaps).
	Heaps int
	// Counts[v] is how many of them equal v.
	Counts []uint64
	// Powers holds the counts at every power of two passed (1, 2, 4, …),
	// in increasing order.
	Powers []PowerFrequencies
}

// PowerFrequencies is the count of each value among G(1..Heaps), Heaps a
// power of two.
type PowerFrequencies struct {
	Heaps  int
	Counts []uint64
}

// add counts the values vals (the next ones after f.Heaps).
func (f *Frequencies) add(vals []uint16) {
	for _, v := range vals {
		for int(v) >= len(f.Counts) {
			f.Counts = append(f.Counts, 0)
		}
		f.Counts[v]++
	}
	f.Heaps += len(vals)
	if f.Heaps >= 1 && f.Heaps&(f.Heaps-1) == 0 {
		f.Powers = append(f.Powers, PowerFrequencies{Heaps: f.Heaps, Counts: append([]uint64(nil), f.Counts...)})
	}
}

// ExtendCounting extends the stream as Extend does, until G(0..upTo) are
// known, and counts every new value into f. It stops at every power of two
// on the way so that f records the counts there. f must have counted
// exactly the stream's values so far (a new Frequencies for a new stream).
func (st *Stream) ExtendCounting(ctx context.Context, upTo int, f *Frequencies, progress ProgressFunc) error {
	if f.Heaps != max(0, st.Len()-1) {
		return fmt.Errorf("the frequencies count %d heaps and the stream has %d values: they must start together", f.Heaps, st.Len())
	}
	// A step never outruns the last window, so that its values are still
	// kept when they are counted.
	step := max(1, min(st.chunk(), st.window/2))
	for st.Len() <= upTo {
		n := st.Len()
		// Stop at the next power of two: G(1..2^k) ends at heap 2^k.
		to := min(upTo, n+step-1, 1<<bits.Len(uint(max(n-1, 0))))
		if err := st.Extend(ctx, to, progress); err != nil {
			return err
		}
		from := max(n, 1) // heap 0 is not counted
		vals := st.Kept(from, st.Len())
		if vals == nil {
			return fmt.Errorf("the values G(%d..%d) are no longer kept (window %d)", from, st.Len()-1, st.window)
		}
		f.add(vals)
	}
	return nil
}

// FileFrequencies counts the values G(1..n) of a values file (n below its
// length) in one pass, with the counts at every power of two. It reads the
// file only, so it counts what a run wrote, whichever engine wrote it.
func FileFrequencies(ctx context.Context, vf *valuestore.ValueFile, n int64, progress ProgressFunc) (*Frequencies, error) {
	if n >= vf.Len() {
		return nil, fmt.Errorf("%s holds G(0..%d), not G(%d)", vf.Path(), vf.Len()-1, n)
	}
	f := &Frequencies{}
	buf := make([]uint16, 1<<20)
	for from := int64(1); from <= n; {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		// Stop at the next power of two, as ExtendCounting does.
		to := min(n, from+int64(len(buf))-1, int64(1)<<bits.Len64(uint64(from-1)))
		chunk := buf[:to-from+1]
		vf.Read(chunk, from)
		f.add(chunk)
		if from>>28 != (to+1)>>28 {
			// The pages read are the file's, not the process's: hand them
			// back as it goes, so that counting a file of many GiB does
			// not take its size in resident memory.
			vf.ReleaseRead()
		}
		from = to + 1
		if progress != nil {
			progress(Progress{Done: int(from), Total: int(n + 1)})
		}
	}
	return f, nil
}
