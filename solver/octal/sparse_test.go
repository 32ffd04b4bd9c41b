package octal

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// randomSparseTestCode draws a code of 1–4 digits after the point (last one non-zero),
// with a digit 4 before the point when withSplitBefore.
func randomSparseTestCode(rng *rand.Rand, withSplitBefore bool) Code {
	k := 1 + rng.IntN(4)
	digits := make([]uint8, k+1)
	if withSplitBefore {
		digits[0] = 4
	}
	for j := 1; j <= k; j++ {
		digits[j] = uint8(rng.IntN(8))
	}
	digits[k] = uint8(1 + rng.IntN(7))
	return Code{Digits: digits}
}

// TestSparseEqualsQuadratic is the exactness property: on 500 random codes
// the sparse engine, with one worker and with two, gives the values of the
// definition (QuadraticExtend) for the first 3000 heaps.
func TestSparseEqualsQuadratic(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 2026))
	const heaps = 3000
	for i := range 500 {
		code := randomSparseTestCode(rng, i%4 == 3)
		want, err := QuadraticExtend(context.Background(), code, nil, heaps-1, nil)
		require.NoError(t, err)
		for _, engine := range sparseEngines {
			got := engine.extend(t, code, heaps-1)
			if !slicesEqual(want, got) {
				n := firstDifference(want, got)
				t.Fatalf("%s: %s G(%d) = %d, quadratic %d", code, engine.name, n, got[n], want[n])
			}
		}
	}
}

// sparseEngines are the ways the sparse engine can run: one worker, and two
// workers even where the work per heap is too small to pay for them.
var sparseEngines = []struct {
	name   string
	extend func(t *testing.T, code Code, upTo int) []uint16
}{
	{"sparse (one worker)", func(t *testing.T, code Code, upTo int) []uint16 {
		defer func(w int) { parallelWorkers = w }(parallelWorkers)
		parallelWorkers = 1
		got, err := SparseExtend(context.Background(), code, nil, upTo, nil)
		require.NoError(t, err)
		return got
	}},
	{"sparse (two workers)", func(t *testing.T, code Code, upTo int) []uint16 {
		defer func(w, m int) { parallelWorkers, parallelMinWork = w, m }(parallelWorkers, parallelMinWork)
		parallelWorkers, parallelMinWork = 2, 0
		got, err := SparseExtend(context.Background(), code, nil, upTo, nil)
		require.NoError(t, err)
		return got
	}},
}

func slicesEqual(a, b []uint16) bool { return firstDifference(a, b) < 0 }

func firstDifference(a, b []uint16) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

// TestScanPairs checks the eight-at-a-time pair scan against the plain loop
// over every pair, on random values and random sets of values to rule out.
func TestScanPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 2026))
	for trial := range 2000 {
		m := rng.IntN(40)
		lo, hi := make([]uint16, m), make([]uint16, m)
		for i := range m {
			lo[i], hi[i] = uint16(rng.IntN(64)), uint16(rng.IntN(64))
		}
		got, want := new([MaxValue + 1]uint8), new([MaxValue + 1]uint8)
		count := 0
		for v := range 64 {
			switch rng.IntN(4) {
			case 0:
				got[v], want[v] = 2, 2
				count++
			case 1:
				got[v], want[v] = 1, 1
			}
		}
		wantLeft := count
		for i := range m {
			if v := lo[i] ^ hi[m-1-i]; want[v] == 2 {
				want[v] = 1
				wantLeft--
			}
		}
		left := scanPairs(lo, hi, got, count)
		if count > 0 {
			require.Equal(t, wantLeft, left, "trial %d", trial)
			require.Equal(t, want[:64], got[:64], "trial %d", trial)
		}
	}
}

// TestScanPairsSIMD checks the vector pair scan against the plain loop over
// every pair: values up to the table size (64 to 512), scans long and short,
// sets of values to rule out dense (many found in one block of 32 pairs,
// some twice) and sparse (found late or never).
func TestScanPairsSIMD(t *testing.T) {
	if !haveFindPairsSIMD {
		t.Skip("no vector pair scan on this CPU")
	}
	rng := rand.New(rand.NewPCG(11, 2026))
	for trial := range 3000 {
		size := 64 << rng.IntN(4)
		m := rng.IntN(3000)
		lo, hi := make([]uint16, m), make([]uint16, m)
		for i := range m {
			lo[i], hi[i] = uint16(rng.IntN(size)), uint16(rng.IntN(size))
		}
		got, want := new([MaxValue + 1]uint8), new([MaxValue + 1]uint8)
		density := 1 + rng.IntN(64)
		count := 0
		for v := range size {
			switch rng.IntN(density + 1) {
			case 0:
				got[v], want[v] = 2, 2
				count++
			case 1:
				got[v], want[v] = 1, 1
			}
		}
		if count == 0 {
			continue
		}
		wantLeft := count
		for i := range m {
			if v := lo[i] ^ hi[m-1-i]; want[v] == 2 {
				want[v] = 1
				if wantLeft--; wantLeft == 0 {
					break
				}
			}
		}
		left := scanPairsSIMD(lo, hi, got, size, count)
		require.Equal(t, wantLeft, left, "trial %d (size %d, %d pairs)", trial, size, m)
		require.Equal(t, want[:size], got[:size], "trial %d (size %d, %d pairs)", trial, size, m)
	}
}
