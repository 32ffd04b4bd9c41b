package octal

import (
	"container/heap"
	"slices"
)

// The pair kernel of the block engine: heaps whose splits the marker marks
// for every heap besides the rare ones, so that the rule-out scan, which
// pays a mispredicted branch (about 10 ns) for every value it finds, has
// fewer values left to find. Which heaps does not matter for exactness (the
// scan tests every pair whose parts are both at least blockLag), only for
// speed, and chosen heaps do far better than a run of consecutive ones: for
// Officers near heap 10^8, 256 heaps chosen among the first 8192 leave 5.5
// values a heap to the scan where the heaps 96..607 left 14.2.

const (
	// blockPairCandidates bounds the heaps the pair kernel is chosen from.
	blockPairCandidates = 1 << 12
	// blockPairSample is how many recent heaps the choice is made on, one
	// every blockPairStride.
	blockPairSample = 256
	blockPairStride = 97
	// blockPairRechoose is how often (in heaps) the pair kernel is chosen
	// anew: the values that are hard to rule out drift slowly, and a choice
	// takes some 20 ms.
	blockPairRechoose = 1 << 22
)

// choosePairKernel chooses up to pairs heaps a ≥ blockLag, not rare and below
// min(blockPairCandidates, n/4), greedily: each next heap is the one whose
// splits reach the most values still to rule out (rare values below c that
// neither the rare heaps' nor the small splits' marks reach) over a sample
// of the heaps below n.
func (s *Sparse) choosePairKernel(n, pairs int) []uint32 {
	if pairs == 0 {
		return []uint32{}
	}
	// The working memory is kept from one choice to the next: a run of 2^31
	// heaps makes hundreds of choices, and their garbage would otherwise
	// pile up until the next collection, which the values array puts far
	// off.
	w := new(pairChooser)
	if s.blocks != nil {
		if s.blocks.chooser == nil {
			s.blocks.chooser = w
		}
		w = s.blocks.chooser
	}
	vals := s.vals[:n]
	candidates := w.candidates[:0]
	for a := blockLag; a < min(blockPairCandidates, n/4); a++ {
		if !s.rareAt(a, vals[a]) {
			candidates = append(candidates, uint32(a))
		}
	}
	w.candidates = candidates
	if len(candidates) <= pairs {
		return slices.Clone(candidates)
	}
	// The sample and the values each of its heaps needs ruled out.
	samples := min(blockPairSample, n/4)
	stride := max(1, min(blockPairStride, n/2/samples))
	heaps := slices.Grow(w.heaps[:0], samples)[:samples]
	need := slices.Grow(w.need[:0], samples)[:samples]
	w.heaps, w.need = heaps, need
	for t := range heaps {
		m := n - 1 - t*stride
		heaps[t] = m
		need[t] = s.valuesToRuleOut(m, vals)
	}
	// What each candidate's splits reach of the sample's needs, t<<9 | v:
	// candidate i's in flat[start[i]:start[i+1]].
	flat, start := w.flat[:0], w.start[:0]
	for _, a := range candidates {
		start = append(start, int32(len(flat)))
		for t, m := range heaps {
			for _, j := range s.split {
				if b := m - j - int(a); b >= 1 {
					if v := vals[a] ^ vals[b]; need[t].has(v) {
						flat = append(flat, uint32(t)<<9|uint32(v))
					}
				}
			}
		}
	}
	start = append(start, int32(len(flat)))
	w.flat, w.start = flat, start
	reach := func(i int) []uint32 { return flat[start[i]:start[i+1]] }
	taken := slices.Grow(w.taken[:0], len(candidates))[:len(candidates)]
	clear(taken)
	w.taken = taken
	// Lazy greedy: a candidate's score only falls as values get covered,
	// so a popped score that is still the best after recounting is. Once
	// everything in the sample is covered, covering starts over, so the
	// remaining heaps cover the values most often needed a second time.
	covered := slices.Grow(w.covered[:0], samples)[:samples]
	clear(covered)
	w.covered = covered
	score := func(i int) int {
		n := 0
		for _, x := range reach(i) {
			if t, v := x>>9, uint16(x&511); !covered[t].has(v) {
				n++
			}
		}
		return n
	}
	q := w.queue[:0]
	rescore := func() {
		q = q[:0]
		for i := range candidates {
			if !taken[i] {
				q = append(q, pairScore{i, score(i)})
			}
		}
		heap.Init(&q)
	}
	rescore()
	var chosen []uint32
	for len(chosen) < pairs && q.Len() > 0 {
		top := heap.Pop(&q).(pairScore)
		if top.score = score(top.candidate); top.score == 0 {
			clear(covered)
			heap.Push(&q, top)
			rescore()
			if q[0].score == 0 {
				break
			}
			continue
		}
		if q.Len() > 0 && top.score < q[0].score {
			heap.Push(&q, top)
			continue
		}
		chosen = append(chosen, candidates[top.candidate])
		for _, x := range reach(top.candidate) {
			t, v := x>>9, x&511
			covered[t][v>>6] |= 1 << (v & 63)
		}
		taken[top.candidate] = true
	}
	w.queue = q
	slices.Sort(chosen)
	return chosen
}

// pairChooser is choosePairKernel's working memory.
type pairChooser struct {
	candidates []uint32
	heaps      []int
	need       []valueSet512
	covered    []valueSet512
	flat       []uint32
	start      []int32
	taken      []bool
	queue      pairQueue
}

// valuesToRuleOut returns the values the rule-out scan of heap m would have
// to find without a pair kernel: its take and whole moves, its splits with
// a part below blockLag and its splits off the rare heaps marked as
// blockHeapValue marks them.
func (s *Sparse) valuesToRuleOut(m int, vals []uint16) valueSet512 {
	t := &s.serial
	seen := t.table
	clear(seen[:max(t.dirty, blockStride)])
	t.dirty = blockStride
	s.markWholeAndTake(m, vals, seen, false)
	for _, j := range s.split {
		r := m - j
		markSplits(seen, vals, r, min(blockLag, r))
		for _, a := range s.rare {
			if int(a) >= blockLag && int(a) < r {
				seen[vals[a]^vals[r-int(a)]] = 1
			}
		}
	}
	var own valueSet512
	gatherTable(&own, seen[:blockStride])
	_, set := s.ruleOutSet(m, &own, &valueSet512{}, seenSize(s.maxValue))
	return set
}

// pairScore is a candidate pair-kernel heap (its index) and its last
// counted score.
type pairScore struct {
	candidate int
	score     int
}

// pairQueue is a max-heap of candidates by score (container/heap).
type pairQueue []pairScore

func (q pairQueue) Len() int { return len(q) }
func (q pairQueue) Less(i, j int) bool {
	return q[i].score > q[j].score || q[i].score == q[j].score && q[i].candidate < q[j].candidate
}
func (q pairQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *pairQueue) Push(x any)   { *q = append(*q, x.(pairScore)) }
func (q *pairQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}
