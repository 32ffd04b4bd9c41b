package octal

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// Two workers compute alternate heaps. When no split leaves the whole rest
// (no digit before the point), heap n reads G(n−1) only as the value of
// taking one token, and every split of n reads G(0..n−2) only. So the worker
// for heap n does the rare scan and the rule-out scan while the other worker
// finishes heap n−1, then adds G(n−1) as one more option value; only when
// that value is the candidate c does it have more to check (see heapValue).
// The workers publish values strictly in order, so the histogram, the rare
// heap list and the values stay exactly as the serial engine makes them.

// parallelWorkers is how many workers parallelRound uses; 1 turns it off.
var parallelWorkers = min(2, runtime.GOMAXPROCS(0))

// parallelMinWork is the work per heap (rare heaps × split digits) from
// which the second worker pays for the synchronisation it costs.
var parallelMinWork = 64

// parallelApplies reports whether parallelRound can compute the next heaps
// and might pay.
func (s *Sparse) parallelApplies() bool {
	return parallelWorkers >= 2 && s.mask != 0 && s.pairLimit == 0 && !s.oneWorker && len(s.split) > 0 && s.split[0] >= 1 &&
		len(s.rare)*len(s.split) >= parallelMinWork
}

// workerTuner chooses between one worker and two by timing rounds: the
// workers synchronise at every heap, which pays on an idle machine with
// enough work per heap, but costs a lot when the other core is busy with
// something else. It times the other choice now and then (on a short round,
// since a losing trial is slow), and backs off while the trials lose, so it
// follows the machine's load at a small cost.
type workerTuner struct {
	rounds    int
	nextTrial int
	backoff   int
	perHeap   [2]float64 // smoothed seconds per heap: serial, parallel
	parallel  bool       // the current choice
}

// trialRound is the length of a trial round of the other choice.
const trialRound = 64

// plan says how to compute the next round: with two workers or not, and
// how many heaps at most.
func (t *workerTuner) plan() (parallel bool, heaps int) {
	if parallelMinWork == 0 {
		return true, roundSize // tests: always exercise the parallel path
	}
	t.rounds++
	if t.perHeap[0] == 0 {
		return false, roundSize
	}
	if t.rounds >= t.nextTrial {
		return !t.parallel, trialRound
	}
	return t.parallel, roundSize
}

// observe records that a round of heaps took d.
func (t *workerTuner) observe(parallel bool, heaps int, d time.Duration) {
	i := 0
	if parallel {
		i = 1
	}
	x := d.Seconds() / float64(heaps)
	if t.perHeap[i] == 0 {
		t.perHeap[i] = x
	} else {
		t.perHeap[i] = (3*t.perHeap[i] + x) / 4
	}
	if t.rounds >= t.nextTrial && parallel != t.parallel {
		// A trial: switch if it won, else try again later.
		if t.perHeap[i] < t.perHeap[1-i] {
			t.parallel, t.backoff = parallel, 8
		} else {
			t.backoff = min(2*max(t.backoff, 4), 1024)
		}
		t.nextTrial = t.rounds + t.backoff
	}
	if t.nextTrial == 0 {
		t.nextTrial = t.rounds + 1
	}
}

// parallelRound computes G(from..to−1) with two workers. It returns −1, or
// the heap whose value overflowed.
func (s *Sparse) parallelRound(from, to int) int {
	full := s.vals[:to]
	if free := cap(s.rare) - len(s.rare); free < to-from {
		grown := make([]uint32, len(s.rare), len(s.rare)+(to-from)+len(s.rare)/2)
		copy(grown, s.rare)
		s.rare = grown
	}
	rareArr := s.rare[:cap(s.rare)]
	if s.second.table == nil {
		s.second.table = new([MaxValue + 1]uint8)
	}
	hasTake1 := len(s.take) > 0 && s.take[0] == 1

	var known, rareCount, maxValue, overflow atomic.Int64
	var abort atomic.Bool
	known.Store(int64(from))
	rareCount.Store(int64(len(s.rare)))
	maxValue.Store(int64(s.maxValue))
	overflow.Store(-1)
	// waitKnown spins until G(0..n−1) are known; false when the other
	// worker gave up.
	waitKnown := func(n int) bool {
		for i := 0; known.Load() < int64(n); i++ {
			if abort.Load() {
				return false
			}
			if i&255 == 255 {
				runtime.Gosched()
			}
		}
		return true
	}
	work := func(first int, t *scratch) {
		for m := first; m < to; m += 2 {
			if !waitKnown(m - 1) {
				return
			}
			var pending func() (uint16, bool)
			if hasTake1 && m >= 2 {
				pending = func() (uint16, bool) {
					if !waitKnown(m) {
						return 0, false
					}
					return full[m-1], true
				}
			}
			rare := rareArr[:rareCount.Load()]
			v, ok := s.heapValue(m, full[:m-1], rare, t, int(maxValue.Load()), pending)
			if ok && pending == nil {
				ok = waitKnown(m)
			}
			if !ok {
				if !abort.Swap(true) && overflow.Load() < 0 && known.Load() >= int64(m) {
					overflow.Store(int64(m))
				}
				return
			}
			// Publish: the values before m are known, so this worker is
			// the only one writing.
			full[m] = v
			if int64(v) > maxValue.Load() {
				maxValue.Store(int64(v))
			}
			if s.rareAt(m, v) {
				rc := rareCount.Load()
				rareArr[rc] = uint32(m)
				rareCount.Store(rc + 1)
			}
			known.Store(int64(m + 1))
		}
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		work(from+1, &s.second)
	}()
	work(from, &s.serial)
	wg.Wait()
	n := int(known.Load())
	// The histogram is updated here rather than by the workers, whose
	// alternate writes would bounce its cache lines between the cores.
	for i, v := range full[from:n] {
		s.hist[v]++
		s.histOdd[v] += uint32((from + i) & 1)
	}
	s.rare = rareArr[:rareCount.Load()]
	s.maxValue = int(maxValue.Load())
	s.growSeen()
	s.vals = full[:n]
	if n < to {
		return int(max(overflow.Load(), int64(n)))
	}
	return -1
}
