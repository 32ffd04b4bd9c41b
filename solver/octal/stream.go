package octal

import (
	"context"
	"fmt"
	"time"
	"unsafe"

	"github.com/nimlab/nimlab/solver/internal/osmem"
	"github.com/nimlab/nimlab/solver/valuestore"
)

// Streaming: when the rare heaps of a sparse-space game stay below a bound,
// the value of heap n needs only the first values (the rare heaps, and the
// small parts of the splits that rule out rare candidates) and the last
// ones (the other parts). A Stream keeps just those two windows, so a run's
// length is bounded by time, not memory.
//
// The values live in one large reservation of address space (mapped with
// no backing store), so every engine (small-space, block, serial) indexes
// them by heap number exactly as in memory; the pages between the first
// window and the last one are handed back to the system as the run moves
// on, and nothing reads them again: the rule-out scans stop at the first
// window (Sparse.pairLimit), the rare scan reads rare heaps (below the
// first window) and parts within the last window. A heap that these cannot
// decide, or a new rare heap beyond the first window, stops the run with an
// *UndecidedError: never a guess.

const (
	// DefaultStreamFirst is how many values a stream keeps from the start:
	// 2 MiB, far more than the rare heaps and the rule-out scans of 0.106
	// and 0.1777 need (a run that needs more stops and says so).
	DefaultStreamFirst = 1 << 20
	// DefaultStreamWindow is how many of the last values it keeps: 4 MiB,
	// the first window's length and 2^20 heaps (the rare scan reads back
	// as far as the last rare heap).
	DefaultStreamWindow = DefaultStreamFirst + 1<<20
	// StreamMaxHeaps bounds a stream's heaps (the address space reserved,
	// 16 TiB, is not memory): 8.8·10^12 heaps.
	StreamMaxHeaps = 1 << 43
	// streamMinFirst: the block engine's low-part copy and pair-kernel
	// candidates lie below it.
	streamMinFirst = 1 << 14
	// streamWindowSlack is how far the last window must reach back beyond
	// the first window's length: the pair-kernel choice samples heaps up to
	// 256·97 back.
	streamWindowSlack = 1 << 15
	// streamReleaseBytes is the least memory handed back at once (or the
	// last window's quarter, if that is less).
	streamReleaseBytes = 2 << 20
	// streamCommitBytes is the step in which a stream's memory is made
	// usable ahead of the values written (see osmem.Commit), with as much
	// again beyond the last value an extension writes.
	streamCommitBytes = 1 << 20
)

// StreamOptions sets a Stream's windows.
type StreamOptions struct {
	// First is how many values are kept from heap 0 on: the rare heaps must
	// stay below it, and the rule-out scans only use splits with a part
	// below it. 0 means DefaultStreamFirst.
	First int
	// Window is how many of the last values are kept (at least First +
	// 2^15). 0 means DefaultStreamWindow.
	Window int
	// Space, if set, is the sparse space to use; otherwise the engine
	// chooses it from the first values and keeps it from First on.
	Space *Space
	// OneWorker keeps the stream on one core (two streams side by side).
	OneWorker bool
	// Heaps is the most values the stream will compute (G(0..Heaps−1));
	// it reserves 2 bytes of address space for each, not memory. 0 means
	// StreamMaxHeaps (16 TiB of address space, which no ulimit -v allows).
	Heaps int
}

// Stream computes the Grundy values of a code in constant memory.
type Stream struct {
	code          Code
	s             *Sparse
	region        []byte
	first, window int
	released      int // values [first, released) have been handed back
	committed     int // bytes of region made usable from the last gap on (osmem.Commit)
	streaming     bool
	forced        bool // the space was given, not chosen
}

// NewStream starts a stream at heap 0.
func NewStream(code Code, opts StreamOptions) (*Stream, error) {
	st, err := newStream(code, opts)
	if err != nil {
		return nil, err
	}
	st.s = NewSparse(code, st.all()[:0])
	st.s.oneWorker = opts.OneWorker
	if opts.Space != nil {
		if err := st.s.SetSpace(*opts.Space); err != nil {
			st.Close()
			return nil, err
		}
		st.forced = true
	}
	return st, nil
}

func newStream(code Code, opts StreamOptions) (*Stream, error) {
	if code.usesGeneral() {
		return nil, fmt.Errorf("%s: constant-memory runs take octal codes (the sparse engine); this game needs the general engine, which keeps every value", code)
	}
	first, window := opts.First, opts.Window
	if first == 0 {
		first = DefaultStreamFirst
	}
	if window == 0 {
		window = max(DefaultStreamWindow, first+streamWindowSlack)
	}
	if first < streamMinFirst {
		return nil, fmt.Errorf("a stream keeps at least the first %d values, not %d", streamMinFirst, first)
	}
	if window < first+streamWindowSlack {
		return nil, fmt.Errorf("a stream's last window must hold at least %d values (its first window %d + %d), not %d", first+streamWindowSlack, first, streamWindowSlack, window)
	}
	heaps := opts.Heaps
	if heaps <= 0 {
		heaps = StreamMaxHeaps
	}
	if heaps > StreamMaxHeaps {
		return nil, fmt.Errorf("a stream computes at most %d heaps, not %d", int64(StreamMaxHeaps), heaps)
	}
	// The values are addressed by heap (the pages behind the last window
	// are handed back): the address space spans the heaps the run reaches,
	// rounded up to whole commit steps.
	size := min(2*StreamMaxHeaps, (2*heaps+streamCommitBytes-1)&^(streamCommitBytes-1))
	region, err := osmem.Reserve(size)
	if err != nil {
		return nil, fmt.Errorf("reserving %s of address space for a stream of %d heaps (2 bytes a heap; address space, not memory — ulimit -v bounds it): %w", osmem.FormatSize(int64(size)), heaps, err)
	}
	st := &Stream{code: code, region: region, first: first, window: window, released: first}
	if err := st.commit(0); err != nil {
		st.Close()
		return nil, err
	}
	return st, nil
}

// commit makes the values up to G(upTo) usable (and streamCommitBytes
// more), from the last committed byte on: the values below it were
// committed already or handed back.
func (st *Stream) commit(upTo int) error {
	top := min(len(st.region), (2*(upTo+1)+2*streamCommitBytes-1)&^(streamCommitBytes-1))
	if top <= st.committed {
		return nil
	}
	if err := osmem.Commit(st.region, st.committed, top); err != nil {
		return fmt.Errorf("committing memory for a stream's values: %w", err)
	}
	st.committed = top
	return nil
}

// all is the whole reservation as values.
func (st *Stream) all() []uint16 {
	return unsafe.Slice((*uint16)(unsafe.Pointer(&st.region[0])), st.capacity())
}

// capacity is how many values the reservation holds.
func (st *Stream) capacity() int { return len(st.region) / 2 }

// Close hands the stream's memory back. The stream must not be used after.
func (st *Stream) Close() error {
	if st.region == nil {
		return nil
	}
	err := osmem.Free(st.region)
	st.region, st.s = nil, nil
	return err
}

// Len is how many values are known: G(0..Len()−1).
func (st *Stream) Len() int { return len(st.s.vals) }

// Space is the stream's sparse space.
func (st *Stream) Space() Space { return st.s.Space() }

// Rare returns the rare heaps (all below the first window).
func (st *Stream) Rare() []int {
	out := make([]int, len(st.s.rare))
	for i, a := range st.s.rare {
		out[i] = int(a)
	}
	return out
}

// MaxValue is the largest value so far.
func (st *Stream) MaxValue() int { return st.s.maxValue }

// First and Window are the stream's window lengths.
func (st *Stream) First() int  { return st.first }
func (st *Stream) Window() int { return st.window }

// Kept returns G(from..to−1) when the stream still has them (within the
// first window or the last one), else nil. The slice is valid until the
// stream moves on by a window.
func (st *Stream) Kept(from, to int) []uint16 {
	n := st.Len()
	if from < 0 || to > n || from > to {
		return nil
	}
	if to <= st.first || from >= n-st.window {
		return st.s.vals[from:to:to]
	}
	return nil
}

// streamChunk is how many heaps a stream computes between two checks of
// its rare heaps (and two hand-backs of memory).
func (st *Stream) chunk() int { return max(1<<12, min(1<<20, (st.window-st.first)/2)) }

// Extend computes values until G(0..upTo) are known. It stops with an
// *UndecidedError when a heap cannot be decided from the kept values.
func (st *Stream) Extend(ctx context.Context, upTo int, progress ProgressFunc) error {
	if upTo >= st.capacity() {
		return fmt.Errorf("a stream made for %d heaps cannot compute G(%d)", st.capacity(), upTo)
	}
	start, startLen := time.Now(), st.Len()
	lastReport := start
	for st.Len() <= upTo {
		n := st.Len()
		if err := ctx.Err(); err != nil {
			return err
		}
		if !st.streaming && n >= st.first {
			if err := st.startStreaming(); err != nil {
				return err
			}
		}
		to := min(upTo, n+st.chunk()-1)
		if !st.streaming {
			to = min(to, st.first-1)
		}
		if err := st.commit(to); err != nil {
			return err
		}
		rare := len(st.s.rare)
		var sub ProgressFunc
		if progress != nil {
			sub = func(p Progress) {
				if time.Since(lastReport) >= progressInterval {
					lastReport = time.Now()
					progress(Progress{Done: p.Done, Total: upTo + 1, Rate: rate(p.Done-startLen, start), Rare: len(st.s.rare)})
				}
			}
		}
		err := st.s.Extend(ctx, to, sub)
		if st.streaming && len(st.s.rare) > rare {
			// The values up to the new rare heap are exact; the heaps after
			// it would need its splits, whose other parts are released.
			a := int(st.s.rare[rare])
			st.s.vals = st.s.vals[:a+1]
			st.s.rare = st.s.rare[:rare]
			return &UndecidedError{Code: st.code, Heap: a + 1, PairLimit: st.first,
				Reason: fmt.Sprintf("heap %d is a new rare heap (G(%d) = %d under %v), beyond the first %d values kept; a larger first window may hold every rare heap", a, a, st.s.vals[a], st.Space(), st.first)}
		}
		if err != nil {
			return err
		}
		st.release()
	}
	if progress != nil {
		progress(Progress{Done: st.Len(), Total: upTo + 1, Rate: rate(st.Len()-startLen, start), Rare: len(st.s.rare)})
	}
	return nil
}

// startStreaming fixes the space (chosen afresh from the histogram of the
// first window unless it was given, so that a resumed run fixes the same
// one) and bounds the rule-out scans to the first window.
func (st *Stream) startStreaming() error {
	s := st.s
	if !st.forced {
		sp, _ := chooseSpace(s.hist, s.histOdd, s.maxValue, s.parityAllowed(), s.jParity)
		if sp.Mask == 0 {
			return &UndecidedError{Code: st.code, Heap: st.Len(), PairLimit: st.first,
				Reason: fmt.Sprintf("its first %d values show no sparse space (no mask makes the rare heaps fewer than %.0f%%), so every split may be needed", st.first, 100*sparseFraction)}
		}
		s.setSpace(sp)
	}
	s.fixedSpace = true
	s.pairLimit = st.first
	st.streaming = true
	return nil
}

// release hands back the pages of the values between the first window and
// the last one.
func (st *Stream) release() {
	const page = 4096
	lo := (2*st.released + page - 1) &^ (page - 1)
	hi := (2 * (st.Len() - st.window)) &^ (page - 1)
	if hi-lo < min(streamReleaseBytes, st.window/2) {
		return
	}
	// Nothing reads these values again.
	if err := osmem.Discard(st.region[lo:hi]); err == nil {
		st.released = hi / 2
	}
}

// StreamState is what a checkpoint keeps of a stream (see
// WriteStreamCheckpoint): the windows' values and what cannot be recomputed
// from them. It is the record of valuestore's stream checkpoints, whose
// Space converts to and from Space.
type StreamState = valuestore.StreamState

// State returns the stream's state for a checkpoint. Its values are the
// stream's own (no copy, so that saving costs no memory): they are valid
// until the stream moves on.
func (st *Stream) State() *StreamState {
	n := st.Len()
	f := min(n, st.first)
	last := max(f, n-st.window)
	return &StreamState{Len: n, First: st.first, Window: st.window, Space: valuestore.Space(st.Space()), Forced: st.forced, MaxValue: st.s.maxValue,
		OneWorker: st.s.oneWorker, FirstValues: st.s.vals[:f:f], LastValues: st.s.vals[last:n:n]}
}

// ResumeStream continues a stream from a saved state, for at most heaps
// values in all (0: StreamMaxHeaps; see StreamOptions.Heaps).
func ResumeStream(code Code, state *StreamState, heaps int) (*Stream, error) {
	n, last := state.Len, len(state.LastValues)
	return resumeStream(code, state, heaps, len(state.FirstValues), last, func(all []uint16) {
		copy(all, state.FirstValues)
		copy(all[n-last:], state.LastValues)
	})
}

// resumeStream is ResumeStream with the values of the windows (f first
// ones, and the last ones before state.Len) written by fill straight into
// the stream's memory, not taken from state: a run on disk reads them from
// its file, with no copy on the Go heap as large as the windows.
func resumeStream(code Code, state *StreamState, heaps, f, last int, fill func(all []uint16)) (*Stream, error) {
	st, err := newStream(code, StreamOptions{First: state.First, Window: state.Window, Heaps: heaps})
	if err != nil {
		return nil, err
	}
	n := state.Len
	if f != min(n, st.first) || last != n-max(f, n-st.window) {
		st.Close()
		return nil, fmt.Errorf("the saved stream state does not hold its windows (%d heaps, %d first and %d last values)", n, f, last)
	}
	// The first window's pages, then the last window's, not the gap
	// between them.
	if err := st.commit(f - 1); err != nil {
		st.Close()
		return nil, err
	}
	st.committed = max(st.committed, (2*(n-last))&^(osmem.Page-1))
	if err := st.commit(n - 1); err != nil {
		st.Close()
		return nil, err
	}
	all := st.all()
	fill(all[:n])
	st.forced = state.Forced
	if st.forced || n >= st.first {
		if st.s, err = newSparseInSpace(code, all[:f], Space(state.Space)); err != nil {
			st.Close()
			return nil, err
		}
	} else {
		st.s = NewSparse(code, all[:f])
	}
	st.s.oneWorker = state.OneWorker
	if n >= st.first {
		st.s.pairLimit = st.first
		st.streaming = true
		st.s.vals = all[:n]
		st.s.maxValue = max(st.s.maxValue, state.MaxValue)
		st.s.growSeen()
		st.s.nextMaskCheck = n
		st.released = max(st.first, n-st.window)
	}
	return st, nil
}

// Streamable reports whether code can run in constant memory (NewStream,
// VerifyPeriod): octal codes, which the sparse engine computes.
func (c Code) Streamable() bool { return !c.usesGeneral() }
