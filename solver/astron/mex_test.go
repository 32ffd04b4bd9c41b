package astron

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMexKernels compares each way of collecting option values with a plain
// set, on random values below 64, 256 and 1024.
func TestMexKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, bound := range []int{64, 256, 1024} {
		for trial := range 200 {
			n := rng.IntN(300)
			x, y := make([]uint16, n), make([]uint16, n+rng.IntN(3))
			for i := range x {
				x[i] = uint16(rng.IntN(bound))
			}
			for i := range y {
				y[i] = uint16(rng.IntN(bound))
			}
			// Make small mexes likely: add 0..k−1 on purpose sometimes.
			extra := []uint16{}
			if trial%2 == 0 {
				for v := range rng.IntN(bound) {
					extra = append(extra, uint16(v))
				}
			}
			present := map[int]bool{}
			for i := range x {
				present[int(x[i]^y[i])] = true
			}
			for _, v := range extra {
				present[int(v)] = true
			}
			want := 0
			for present[want] {
				want++
			}
			var s mexSet
			got := -1
			for pass := 0; ; pass++ {
				s.reset(bound, pass)
				s.addXor(x, y)
				for _, v := range extra {
					s.add(v)
				}
				got = s.mex()
				if !s.again() {
					break
				}
			}
			require.Equal(t, want, got, "bound %d trial %d", bound, trial)
		}
	}
}

// TestBandPassesMatchStamps builds a three-star table whose nimbers pass 64
// (so filtered band passes do most of the work) and again with the stamp
// array only.
func TestBandPassesMatchStamps(t *testing.T) {
	ctx := context.Background()
	fast, err := BuildTable3(ctx, AstronRules(), 100, nil)
	require.NoError(t, err)
	require.Greater(t, fast.Max(), 64)
	saved := maxBandPasses
	maxBandPasses = 0
	slow, err := BuildTable3(ctx, AstronRules(), 100, nil)
	maxBandPasses = saved
	require.NoError(t, err)
	assert.Equal(t, slow.v, fast.v)
}
