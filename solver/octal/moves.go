package octal

import (
	"fmt"

	"github.com/nimlab/nimlab/solver/takebreak"
)

// Move is one move in a sum of heaps: in heap number Heap (an index into the
// list) of size From, Take tokens are removed and the heap becomes the heaps
// in Leave (non-empty heaps, ascending: at most two for an octal code).
type Move struct {
	Heap  int   `json:"heap"`
	From  int   `json:"from"`
	Take  int   `json:"take"`
	Leave []int `json:"leave"`
}

// NimSum returns the XOR of the Grundy values of the heaps. values must cover
// every heap size.
func NimSum(values []uint16, heaps []int) int {
	x := 0
	for _, h := range heaps {
		x ^= int(values[h])
	}
	return x
}

// WinningMoves lists every move in the sum of heaps that leaves nim-sum 0,
// heap by heap and in the order of ForEachOption. It is empty when the sum is
// a P-position. values must hold G(0..max heap).
func WinningMoves(code Code, values []uint16, heaps []int) ([]Move, error) {
	for _, h := range heaps {
		if h < 0 || h >= len(values) {
			return nil, fmt.Errorf("heap size %d is outside the computed values G(0..%d)", h, len(values)-1)
		}
	}
	total := NimSum(values, heaps)
	moves := []Move{}
	if total == 0 {
		return moves, nil
	}
	if code.General() {
		rules := code.TakeBreak()
		for i, h := range heaps {
			want := total ^ int(values[h])
			rules.ForEachOption(h, func(take int, left []int) bool {
				v := 0
				for _, x := range left {
					v ^= int(values[x])
				}
				if v == want {
					moves = append(moves, Move{Heap: i, From: h, Take: take, Leave: append([]int{}, left...)})
				}
				return true
			})
		}
		return moves, nil
	}
	for i, h := range heaps {
		want := total ^ int(values[h]) // the value this heap must move to
		code.ForEachOption(h, func(take, a, b int) {
			v := int(values[a] ^ values[b])
			if v == want {
				moves = append(moves, Move{Heap: i, From: h, Take: take, Leave: takebreak.TwoHeapOption(take, a, b).Heaps})
			}
		})
	}
	return moves, nil
}
