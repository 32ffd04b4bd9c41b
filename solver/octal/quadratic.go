package octal

import (
	"context"
	"fmt"
	"math"
	"time"
)

// Progress reports how far a computation has got.
type Progress struct {
	Done  int     // values known so far (G(0..Done-1))
	Total int     // values the run aims at; in auto mode it may still grow
	Rate  float64 // heaps per second since the run started
	// Rare is the number of rare values so far (sparse engine only, else 0).
	Rare int
	// PeriodGuess is the current best period candidate, 0 when none.
	PeriodGuess int
}

// ProgressFunc receives progress reports; it must return quickly.
type ProgressFunc func(Progress)

// MaxValue is the largest Grundy value that fits the two-byte store.
const MaxValue = math.MaxUint16

// ValueOverflowError is returned when a Grundy value does not fit in
// uint16: G(0..Heap−1) are known, G(Heap) exceeds MaxValue.
type ValueOverflowError struct {
	Code Code
	Heap int
}

func (e *ValueOverflowError) Error() string {
	return fmt.Sprintf("%s: the Grundy value of heap %d exceeds %d, the largest value nimlab stores", e.Code, e.Heap, MaxValue)
}

// errValueOverflow is returned when a Grundy value does not fit in uint16.
func errValueOverflow(code Code, n int) error {
	return &ValueOverflowError{Code: code, Heap: n}
}

// progressInterval is how often (in wall time) a long loop reports progress
// and looks at its context.
const progressInterval = 100 * time.Millisecond

// QuadraticExtend appends Grundy values to values until it holds G(0..upTo),
// by the definition: the mex of the values of every option. It costs O(n) per
// heap when the code has a split digit, so it suits a few hundred thousand
// heaps; the sparse engine goes much further.
func QuadraticExtend(ctx context.Context, code Code, values []uint16, upTo int, progress ProgressFunc) ([]uint16, error) {
	tick := newProgressTicker(ctx, progress, len(values), upTo)
	// seen is a generation-stamped set so it need not be cleared per heap.
	seen := make([]uint32, 1024)
	gen := uint32(0)
	for n := len(values); n <= upTo; n++ {
		if n&1023 == 0 {
			if err := tick.check(n, 0); err != nil {
				return values, err
			}
		}
		gen++
		mark := func(v uint16) {
			if int(v) >= len(seen) {
				grown := make([]uint32, 2*int(v)+2)
				copy(grown, seen)
				seen = grown
			}
			seen[v] = gen
		}
		for j := 0; j <= n && j < len(code.Digits); j++ {
			d := code.Digits[j]
			r := n - j
			if d&1 != 0 && r == 0 && j > 0 {
				mark(0)
			}
			if d&2 != 0 && r >= 1 && j > 0 {
				mark(values[r])
			}
			if d&4 != 0 && r >= 2 {
				for a := 1; a <= r/2; a++ {
					mark(values[a] ^ values[r-a])
				}
			}
		}
		m := 0
		for m < len(seen) && seen[m] == gen {
			m++
		}
		if m > MaxValue {
			return values, errValueOverflow(code, n)
		}
		values = append(values, uint16(m))
	}
	tick.report(len(values), 0)
	return values, nil
}

func rate(done int, since time.Time) float64 {
	s := time.Since(since).Seconds()
	if s <= 0 {
		return 0
	}
	return float64(done) / s
}
