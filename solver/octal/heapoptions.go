package octal

import (
	"fmt"

	"github.com/nimlab/nimlab/solver/takebreak"
)

// HeapOption is one move from a single heap (takebreak.Option, whose String
// writes the heaps left as CGSuite lists them) with the Grundy value of what
// it leaves (the XOR of the values of the heaps left).
type HeapOption struct {
	takebreak.Option
	Value int `json:"value"`
}

// HeapOptions returns the options of a heap of n tokens in CGSuite's order
// (tokens taken, then number of heaps left, then the heaps in lexicographic
// order; takebreak.Code.ForEachOption) with their values, at most limit of
// them: complete is false when there are more. values must hold G(0..n−1).
//
// The options of a heap of 9 in 0.3F! are 8 7 1,6 2,5 3,4 1,2,4. Codes that
// may split into many heaps (0.*, {2+}) have as many options as partitions
// (10^8 at a heap of 100), hence the limit.
func HeapOptions(code Code, values []uint16, n, limit int) (opts []HeapOption, complete bool, err error) {
	if n < 0 {
		return nil, false, fmt.Errorf("heap size %d is negative", n)
	}
	if n > len(values) {
		return nil, false, fmt.Errorf("the options of heap %d need G(0..%d), and G(0..%d) are known", n, n-1, len(values)-1)
	}
	complete = code.TakeBreak().ForEachOption(n, func(take int, heaps []int) bool {
		if len(opts) == limit {
			return false
		}
		v := 0
		for _, h := range heaps {
			v ^= int(values[h])
		}
		opts = append(opts, HeapOption{Option: takebreak.Option{Take: take, Heaps: append([]int{}, heaps...)}, Value: v})
		return true
	})
	return opts, complete, nil
}

// Mex returns the least value no option has: the Grundy value of the heap
// when opts are all its options.
func Mex(opts []HeapOption) int {
	seen := make([]bool, len(opts)+1)
	for _, o := range opts {
		if o.Value < len(seen) {
			seen[o.Value] = true
		}
	}
	m := 0
	for seen[m] {
		m++
	}
	return m
}

// CountOptions returns the number of options of a heap of n tokens, or
// limit+1 when there are more than limit (it stops counting there): codes
// such as 0.* have as many options as partitions, and a caller that would
// look at them all can ask first.
func CountOptions(code Code, n, limit int) int {
	count := 0
	code.TakeBreak().ForEachOption(n, func(int, []int) bool {
		count++
		return count <= limit
	})
	return count
}
