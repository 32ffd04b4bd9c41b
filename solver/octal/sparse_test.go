package octal

import (
	"context"
	"fmt"
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
// the sparse engine gives the values of the definition (QuadraticExtend) for
// the first 3000 heaps.
func TestSparseEqualsQuadratic(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 2026))
	const heaps = 3000
	for i := range 500 {
		code := randomSparseTestCode(rng, i%4 == 3)
		want, err := QuadraticExtend(context.Background(), code, nil, heaps-1, nil)
		require.NoError(t, err)
		got, err := SparseExtend(context.Background(), code, nil, heaps-1, nil)
		require.NoError(t, err)
		if !slicesEqual(want, got) {
			n := firstDifference(want, got)
			t.Fatalf("%s: sparse G(%d) = %d, quadratic %d", code, n, got[n], want[n])
		}
	}
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

var _ = fmt.Sprint
