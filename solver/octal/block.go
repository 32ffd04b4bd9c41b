package octal

import (
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// The block engine: the sparse engine for one split digit j, values below
// 512, from heap blockEngineMin on. It computes 32 heaps at a time. The
// options of the 32 heaps that split off a kernel heap a ≥ blockLag (every
// rare heap the block may use, and every heap in [blockLag,
// blockLag+blockPairKernel)) are marked first, in one table per heap: for a
// fixed a the 32 second parts are consecutive values, so this is a stream of
// loads and byte stores (markBlock). Then each heap in turn adds the splits
// with a part below blockLag, which are the only ones that can read values
// of the block before it or of its own block, and its take and whole moves,
// takes the smallest common value c with no option and rules out the rare
// values below c as heapValue does.
//
// With two workers, one marks the next block while the other computes the
// heaps of this one: a kernel heap a ≥ blockLag = 2·blockHeaps only reads
// values from before the previous block.
//
// Every split with a rare part is marked: a rare part a ≥ blockLag is in the
// kernel once the block before the previous one is done, and a later one
// leaves a second part below blockLag. So the common values are all found,
// as in the serial engine, and the rule-out scan does the rest; the extra
// kernel heaps only mark real options early (the rule-out scan then has
// fewer values left to find), so the values are exactly the serial
// engine's.

const (
	blockHeaps  = 32             // heaps per block
	blockLag    = 2 * blockHeaps // the smallest kernel heap
	blockStride = 512            // table bytes per heap: values below 512
)

// blockPairKernel is how many heaps from blockLag on are kernel heaps
// besides the rare ones.
var blockPairKernel = 512

// blockEngineMin is the first heap the block engine computes; blockMinRare
// is the least number of rare heaps for which it pays. Tests lower both.
var (
	blockEngineMin = 1 << 14
	blockMinRare   = 64
)

// blockSpinYield+1 is how many times a worker waiting for the other one
// looks before it yields: a block takes tens of microseconds, and yielding
// more often costs the scheduler's futex calls (under the CLI, whose other
// goroutines are then woken, more than the wait itself).
const blockSpinYield = 1<<14 - 1

// blockTable is the option tables of one block, blockStride bytes a heap.
type blockTable [blockHeaps * blockStride]uint8

// blockState is the block engine's tables, one per block in flight.
type blockState struct {
	tabs [2]*blockTable
}

// blockApplies reports whether blockRound can compute heaps from n on.
func (s *Sparse) blockApplies(n int) bool {
	return s.mask != 0 && len(s.split) == 1 && s.split[0] < blockHeaps &&
		s.maxValue < blockStride && len(s.rare) >= blockMinRare &&
		n >= max(blockEngineMin, 4*(blockLag+blockPairKernel))
}

// blockRound computes the heaps from on in blocks of blockHeaps while a
// whole block fits below to (values must have room up to to), and returns
// the first heap it did not compute. It stops after a value of blockStride
// or more (the tables no longer fit).
func (s *Sparse) blockRound(from, to int) int {
	blocks := (to - from) / blockHeaps
	if blocks == 0 {
		return from
	}
	if s.blocks == nil {
		s.blocks = &blockState{tabs: [2]*blockTable{new(blockTable), new(blockTable)}}
	}
	full := s.vals[:from+blocks*blockHeaps]
	mask, j := s.mask, s.split[0]
	// The kernel: the pair heaps, then the rare heaps from their end on
	// that the first block may use (below from−blockHeaps); the marker adds
	// the later ones itself, block by block, from the values.
	top := blockLag + blockPairKernel
	kernel := make([]uint32, 0, blockPairKernel+len(s.rare)+blockHeaps)
	for a := blockLag; a < top; a++ {
		kernel = append(kernel, uint32(a))
	}
	for _, a := range s.rare {
		if int(a) >= top && int(a) < from-blockHeaps {
			kernel = append(kernel, a)
		}
	}
	// mark fills the table of block b (heaps from+32b on).
	mark := func(b int) {
		n := from + b*blockHeaps
		if b >= 1 {
			for a := n - 2*blockHeaps; a < n-blockHeaps; a++ {
				if a >= top && isRare(full[a], mask) {
					kernel = append(kernel, uint32(a))
				}
			}
		}
		tab := s.blocks.tabs[b%2]
		clear(tab[:])
		markBlock(tab, full, n-j, kernel)
	}

	var marked, finished atomic.Int64 // blocks whose table is ready, whose values are known
	var abort atomic.Bool
	var wg sync.WaitGroup
	two := parallelWorkers >= 2
	if two {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range blocks {
				for i := 0; finished.Load() < int64(b-1); i++ {
					if abort.Load() {
						return
					}
					if i&blockSpinYield == blockSpinYield {
						runtime.Gosched()
					}
				}
				mark(b)
				marked.Store(int64(b + 1))
			}
		}()
	}
	defer func() {
		abort.Store(true)
		wg.Wait()
	}()

	for b := range blocks {
		if two {
			for i := 0; marked.Load() < int64(b+1); i++ {
				if i&blockSpinYield == blockSpinYield {
					runtime.Gosched()
				}
			}
		} else {
			mark(b)
		}
		tab := s.blocks.tabs[b%2]
		n := from + b*blockHeaps
		for k := range blockHeaps {
			m := n + k
			v := s.blockHeapValue(m, tab[k*blockStride:(k+1)*blockStride])
			s.vals = append(s.vals, v)
			s.record(m, v)
			if int(v) >= blockStride {
				return m + 1
			}
		}
		finished.Store(int64(b + 1))
	}
	return from + blocks*blockHeaps
}

// blockHeapValue computes G(m) from the marks of its kernel splits.
func (s *Sparse) blockHeapValue(m int, marks []uint8) uint16 {
	t := &s.serial
	seen := t.table
	if t.dirty > blockStride {
		clear(seen[blockStride:t.dirty])
	}
	t.dirty = blockStride
	copy(seen[:blockStride], marks)
	vals := s.vals[:m]
	s.markWholeAndTake(m, vals, seen, false)
	r := m - s.split[0]
	for a := 1; a < blockLag && a < r; a++ {
		seen[vals[a]^vals[r-a]] = 1
	}
	size := seenSize(s.maxValue)
	// c is the smallest common value with no option (or size when there is
	// none below it); set holds the rare values below c with none.
	var set valueSet512
	c := size
	for w := 0; w < size/64; w++ {
		x := gather64(seen[w*64 : w*64+64])
		if common := ^(x | s.rareBits[w]); common != 0 {
			c = w*64 + bits.TrailingZeros64(common)
			set[w] = ^x & s.rareBits[w] & (1<<(c-w*64) - 1)
			break
		}
		set[w] = ^x & s.rareBits[w]
	}
	if c == size {
		c = s.commonGap(seen, size, size)
	}
	count := 0
	for _, x := range set {
		count += bits.OnesCount64(x)
	}
	if count > 0 {
		if haveFindPairsSIMD {
			// The splits with a part below blockLag+blockPairKernel are
			// marked already.
			from := min(blockLag+blockPairKernel, r/2+1)
			count = findPairsInSet(vals[from:r/2+1], vals[r-r/2:r-from+1], &set, count)
		} else {
			for v := range size {
				if set.has(uint16(v)) {
					seen[v] = 2
				}
			}
			count = s.ruleOutRare(m, vals, seen, size, count)
			for v := range size {
				if seen[v] != 2 {
					set[v>>6] &^= 1 << (v & 63)
				}
			}
		}
		if count > 0 {
			return uint16(set.smallest())
		}
	}
	for v := size; v < c; v++ {
		if isRare(uint16(v), s.mask) {
			return uint16(v)
		}
	}
	return uint16(c)
}

// markBlockGo is markBlock in Go: for each kernel heap a and k < blockHeaps
// it marks tab[k·blockStride + (vals[a] ^ vals[base+k−a])].
func markBlockGo(tab *blockTable, vals []uint16, base int, kernel []uint32) {
	for _, a := range kernel {
		x := vals[a]
		second := vals[base-int(a) : base-int(a)+blockHeaps]
		for k, y := range second {
			tab[k*blockStride+int((x^y)&(blockStride-1))] = 1
		}
	}
}
