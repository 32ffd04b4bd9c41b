package octal

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"time"

	"github.com/nimlab/nimlab/solver/internal/osmem"
	"github.com/nimlab/nimlab/solver/valuestore"
)

// Runs beyond memory: ComputeToFile computes G(0..N−1) of a sparse-space
// game into a values file (valuestore.ValueFile). The engine is a Stream (stream.go), which keeps
// only its first and last windows of values in memory, so every heap is
// computed by the same sparse, block and small-space engines as in memory,
// addressing the windows by heap number; every value it produces is appended
// to the file. Where the windows cannot decide a heap, the file can:
//
//   - a heap whose rare candidates are not ruled out by the splits with a
//     part inside the first window (UndecidedError) is computed by
//     fileHeapValue, which reads every split it needs from the file; the
//     stream is then rebuilt from the file one heap further on, with a
//     first window that covers the split that decided (when memory allows);
//   - a new rare heap beyond the first window makes the first window grow
//     past it (the rare scan must read every rare heap's value).
//
// So a disk run never stops for want of a value: it stops only when the
// windows it needs would exceed DiskRunOptions.MemoryLimit, and then it says
// so, with the file saved to resume.

const (
	// DefaultDiskFirst is the first window of a disk run: 2^22 values (the
	// constant-memory stream of Officers needs it to 10^7 heaps).
	DefaultDiskFirst = 1 << 22
	// DefaultDiskMemory bounds the windows of a disk run: 1 GiB.
	DefaultDiskMemory = 1 << 30
)

// DiskRunOptions says how ComputeToFile runs.
type DiskRunOptions struct {
	// Count is how many values the file must hold: G(0..Count−1).
	Count int64
	// First is the first window to start with (0: DefaultDiskFirst); the
	// last window keeps First + max(2^21, First/2) values.
	First int
	// MemoryLimit bounds the bytes of the two windows (0: DefaultDiskMemory).
	MemoryLimit int64
	// SaveEvery is how often the file is saved as a checkpoint (0: a
	// minute). It is also saved when the run ends or ctx is done.
	SaveEvery time.Duration
	// Progress, if set, receives progress reports.
	Progress ProgressFunc
	// OneWorker keeps the engine on one core.
	OneWorker bool
}

// DiskRunStats describes a disk run.
type DiskRunStats struct {
	Space         Space
	Rare          []int   // the rare heaps
	First, Window int     // the windows at the end
	SlowHeaps     int     // heaps decided by reading splits from the file
	SlowAt        []int64 // the first 100 of them
	Rebuilds      int     // times the stream was rebuilt from the file
	Resumed       int64   // values already in the file when the run started
}

// DiskMemoryError says the windows a disk run needs exceed its memory limit.
type DiskMemoryError struct {
	Code       Code
	Heap       int64
	Need, Have int64
	Reason     string
}

func (e *DiskMemoryError) Error() string {
	return fmt.Sprintf("%s: at heap %d %s, so the windows would need %s of memory, more than the %s allowed", e.Code, e.Heap, e.Reason, osmem.FormatSize(e.Need), osmem.FormatSize(e.Have))
}

// ComputeToFile computes the values of code, whose values file vf is,
// until the file holds G(0..opts.Count−1), continuing from what it holds
// already. The file is saved every opts.SaveEvery and when the run stops;
// the caller calls Finish on success.
func ComputeToFile(ctx context.Context, code Code, vf *valuestore.ValueFile, opts DiskRunOptions) (*DiskRunStats, error) {
	if vf.Name() != code.String() {
		return nil, fmt.Errorf("%s holds the values of %s, not of %s", vf.Path(), vf.Name(), code)
	}
	if !code.Streamable() {
		return nil, fmt.Errorf("%s: runs on disk take octal codes (the sparse engine); this game needs the general engine, which keeps every value in memory", code)
	}
	if opts.Count > vf.Capacity() {
		return nil, fmt.Errorf("%s has room for %d values, not %d", vf.Path(), vf.Capacity(), opts.Count)
	}
	r := &diskRun{code: code, vf: vf, opts: opts, stats: &DiskRunStats{Resumed: vf.Len()}}
	r.limit = opts.MemoryLimit
	if r.limit <= 0 {
		r.limit = DefaultDiskMemory
	}
	every := opts.SaveEvery
	if every <= 0 {
		every = time.Minute
	}
	if err := r.start(); err != nil {
		return nil, err
	}
	defer func() {
		if r.st != nil {
			r.st.Close()
		}
	}()
	lastSave := time.Now()
	start, startLen := time.Now(), vf.Len()
	for vf.Len() < opts.Count {
		to := min(opts.Count-1, vf.Len()+int64(r.step())-1)
		var sub ProgressFunc
		if opts.Progress != nil {
			sub = func(p Progress) {
				p.Total = int(opts.Count)
				p.Rate = rate(p.Done-int(startLen), start)
				opts.Progress(p)
			}
		}
		err := r.st.Extend(ctx, int(to), sub)
		if ferr := r.flush(); ferr != nil {
			return nil, errors.Join(err, ferr)
		}
		var ue *UndecidedError
		switch {
		case err == nil:
		case errors.As(err, &ue):
			if err := r.undecided(ue); err != nil {
				return nil, errors.Join(err, r.save())
			}
		default:
			return nil, errors.Join(err, r.save())
		}
		if time.Since(lastSave) >= every {
			if err := r.save(); err != nil {
				return nil, err
			}
			lastSave = time.Now()
		}
	}
	if err := r.save(); err != nil {
		return nil, err
	}
	r.stats.First, r.stats.Window = r.first, r.window
	r.stats.Space = r.st.Space()
	r.stats.Rare = r.st.Rare()
	return r.stats, nil
}

type diskRun struct {
	code          Code
	vf            *valuestore.ValueFile
	opts          DiskRunOptions
	st            *Stream
	first, window int
	limit         int64
	stats         *DiskRunStats
	buf           []uint16
}

// lastWindow is the last window that goes with a first window.
func lastWindow(first int) int { return first + max(1<<21, first/2) }

// step is how many heaps one Extend call computes: they must all still be in
// the last window when they are written to the file.
func (r *diskRun) step() int { return min(1<<22, r.window/2) }

// start opens the stream: a new one, or one rebuilt from the file.
func (r *diskRun) start() error {
	vf := r.vf
	r.first = r.opts.First
	if r.first <= 0 {
		r.first = DefaultDiskFirst
	}
	if first, window := vf.Windows(); first > 0 && vf.Len() >= first {
		r.first = max(r.first, int(first))
		r.window = max(lastWindow(r.first), int(window))
		if err := r.checkMemory(vf.Len(), "the file's windows are this large"); err != nil {
			return err
		}
		st, err := r.rebuild(Space(vf.Space()))
		if err != nil {
			return err
		}
		r.st = st
		return nil
	}
	// Before the stream's first window is full nothing is streamed yet:
	// start again from heap 0 (at most a few seconds of work).
	vf.Truncate(0)
	r.window = lastWindow(r.first)
	if err := r.checkMemory(0, "the first window is this large"); err != nil {
		return err
	}
	st, err := NewStream(r.code, StreamOptions{First: r.first, Window: r.window, OneWorker: r.opts.OneWorker, Heaps: int(r.opts.Count)})
	if err != nil {
		return err
	}
	r.st = st
	return nil
}

func (r *diskRun) checkMemory(heap int64, reason string) error {
	if need := 2 * int64(r.first+r.window); need > r.limit {
		return &DiskMemoryError{Code: r.code, Heap: heap, Need: need, Have: r.limit, Reason: reason}
	}
	return nil
}

// rebuild makes a stream at the file's length with the run's windows and
// space sp, from the values in the file.
func (r *diskRun) rebuild(sp Space) (*Stream, error) {
	vf := r.vf
	n := vf.Len()
	maxValue, _ := vf.MaxValue()
	f := min(n, int64(r.first))
	lastFrom := max(f, n-int64(r.window))
	r.stats.Rebuilds++
	st, err := resumeStream(r.code, &StreamState{Len: int(n), First: r.first, Window: r.window, Space: valuestore.Space(sp),
		OneWorker: r.opts.OneWorker, MaxValue: maxValue}, int(max(r.opts.Count, n+1)), int(f), int(n-lastFrom), func(all []uint16) {
		vf.Read(all[:f], 0)
		vf.Read(all[lastFrom:n], lastFrom)
	})
	vf.ReleaseRead()
	return st, err
}

// flush appends the values the stream computed since the last flush.
func (r *diskRun) flush() error {
	n := int64(r.st.Len())
	if n <= r.vf.Len() {
		return nil
	}
	vals := r.st.Kept(int(r.vf.Len()), int(n))
	if vals == nil {
		return fmt.Errorf("internal error: values %d..%d left the stream's windows before they were written", r.vf.Len(), n-1)
	}
	if r.st.streaming {
		r.recordStream()
	}
	return r.vf.Append(vals)
}

func (r *diskRun) save() error {
	if r.st != nil && r.st.streaming {
		r.recordStream()
	}
	return r.vf.Sync()
}

// recordStream puts the stream's space and windows in the file's header.
func (r *diskRun) recordStream() {
	r.vf.SetStream(valuestore.Space(r.st.Space()), int64(r.first), int64(r.window))
}

// undecided continues past a heap the stream could not decide.
func (r *diskRun) undecided(ue *UndecidedError) error {
	vf, st := r.vf, r.st
	n := vf.Len()
	if int64(st.Len()) != n || int64(ue.Heap) != n {
		return fmt.Errorf("internal error: the stream stopped at heap %d with %d values kept and %d written", ue.Heap, st.Len(), n)
	}
	if !st.streaming {
		return fmt.Errorf("%s: %w; a run on disk needs a sparse space (an in-memory run takes up to %d heaps)", r.code, ue, MaxHeaps)
	}
	sp := st.Space()
	rareReason := func(h int64, v uint16) string {
		return fmt.Sprintf("heap %d is a new rare heap (G = %d) and the first window must hold it", h, v)
	}
	if ue.Candidates == nil && n >= 1 && n-1 >= int64(r.first) && st.s.rareAt(int(n-1), vf.At(n-1)) {
		// A new rare heap beyond the first window: the first window grows
		// past it.
		if err := r.grow(nextPow2(n), n-1, rareReason(n-1, vf.At(n-1))); err != nil {
			// The file must not hold a rare heap beyond the first window
			// it records: a resumed run would not know it.
			vf.Truncate(n - 1)
			return err
		}
	} else {
		v, reach := fileHeapValue(r.code, vf, st.s, n)
		vf.ReleaseRead()
		r.stats.SlowHeaps++
		if len(r.stats.SlowAt) < 100 {
			r.stats.SlowAt = append(r.stats.SlowAt, n)
		}
		if st.s.rareAt(int(n), v) {
			// A new rare heap: as above, and it is written only when the
			// first window can grow past it.
			if err := r.grow(nextPow2(n+1), n, rareReason(n, v)); err != nil {
				return err
			}
		} else {
			// Growing the first window to twice the split that decided
			// spares the next such heaps the file; without the memory for
			// it (an error) they are decided from the file too.
			_ = r.grow(nextPow2(2*reach), n, "")
		}
		if err := vf.Append([]uint16{v}); err != nil {
			return err
		}
	}
	st.Close()
	r.st = nil
	nst, err := r.rebuild(sp)
	if err != nil {
		return err
	}
	r.st = nst
	return nil
}

// grow makes the first window first (if larger), with its last window,
// unless the two would exceed the memory limit.
func (r *diskRun) grow(first, heap int64, reason string) error {
	if first <= int64(r.first) {
		return nil
	}
	old, oldWindow := r.first, r.window
	r.first, r.window = int(first), lastWindow(int(first))
	if err := r.checkMemory(heap, reason); err != nil {
		r.first, r.window = old, oldWindow
		return err
	}
	return nil
}

func nextPow2(x int64) int64 {
	if x <= 1 {
		return 1
	}
	return 1 << bits.Len64(uint64(x-1))
}

// fileHeapValue computes G(n) from the values G(0..n−1) in vf, with the
// sparse engine's reasoning (s gives the space, the rare heaps and the
// moves) but every split at hand: the take and whole moves and every split
// with a rare part give the options' common values, so the least common
// value c without an option is found; each rare value below c without such
// an option is then looked for among all splits, smallest part first, until
// none is left or every split was seen. G(n) is the least rare value left,
// or c. reach is the smallest part at which the last one was ruled out (the
// first window that would have decided the heap is larger than it).
func fileHeapValue(code Code, vf *valuestore.ValueFile, s *Sparse, n int64) (v uint16, reach int64) {
	var seen [MaxValue + 1]bool
	fileCommonOptions(code, vf, s, n, &seen)
	c := 0
	for ; c <= MaxValue && (seen[c] || s.rareAt(int(n), uint16(c))); c++ {
	}
	var cand [MaxValue + 1]bool
	count := 0
	for u := 0; u < c; u++ {
		if !seen[u] {
			cand[u] = true
			count++
		}
	}
	if count > 0 && len(s.split) > 0 {
		count, reach = fileRuleOut(vf, s, n, &cand, count)
	}
	if count > 0 {
		for u := 0; u < c; u++ {
			if cand[u] {
				return uint16(u), reach
			}
		}
	}
	if c > MaxValue {
		c = MaxValue // cannot happen for a game whose values fit in 16 bits
	}
	return uint16(c), reach
}

// fileCommonOptions marks in seen the values of heap n's options that
// fileHeapValue reads first: the take and whole moves and every split with
// a rare part.
func fileCommonOptions(code Code, vf *valuestore.ValueFile, s *Sparse, n int64, seen *[MaxValue + 1]bool) {
	for j, d := range code.Digits {
		if j == 0 || int64(j) > n {
			continue
		}
		if d&1 != 0 && int64(j) == n {
			seen[0] = true
		}
		if d&2 != 0 && n-int64(j) >= 1 {
			seen[vf.At(n-int64(j))] = true
		}
	}
	for _, a32 := range s.rare {
		a := int64(a32)
		va := vf.At(a)
		for _, j := range s.split {
			if b := n - int64(j) - a; b >= 1 {
				seen[va^vf.At(b)] = true
			}
		}
	}
}

// fileRuleOut looks for the count candidates among the values of every
// split of heap n, smallest part first, and clears those it finds; it
// returns how many are left and the smallest part at which the last one
// found was ruled out.
func fileRuleOut(vf *valuestore.ValueFile, s *Sparse, n int64, cand *[MaxValue + 1]bool, count int) (left int, reach int64) {
	const block = 1 << 16
	lo, hi := make([]uint16, block), make([]uint16, block)
	jmin := int64(s.split[0])
	for a := int64(1); 2*a <= n-jmin; a += block {
		for _, j32 := range s.split {
			rest := n - int64(j32)
			if (a/block)%256 == 255 {
				vf.ReleaseRead() // a pass over the whole file: hand its pages back every 2^24 pairs
			}
			end := min(a+block, rest/2+1) // parts a..end−1 with a ≤ rest−a
			if end <= a {
				continue
			}
			m := end - a
			vf.Read(lo[:m], a)
			vf.Read(hi[:m], rest-end+1) // hi[i] = G(rest−end+1+i); the partner of lo[k] is hi[m−1−k]
			for k := int64(0); k < m; k++ {
				if x := lo[k] ^ hi[m-1-k]; cand[x] {
					cand[x] = false
					reach = a + k
					if count--; count == 0 {
						return 0, reach
					}
				}
			}
		}
	}
	return count, reach
}
