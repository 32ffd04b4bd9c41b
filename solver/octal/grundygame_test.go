package octal

import (
	"context"
	"testing"

	"github.com/nimlab/nimlab/solver/takebreak"
	"github.com/stretchr/testify/require"
)

// TestGrundyEngineAgainstGeneral checks the sparse engine for Grundy's game
// against the general engine (the definition with the unequal-split loop)
// well past the point where the mask is chosen, the blocks start and the
// values outgrow 64 (G(4019) = 64), in exact runs of odd lengths so that
// partial blocks are covered.
func TestGrundyEngineAgainstGeneral(t *testing.T) {
	n := 12000
	if testing.Short() {
		n = 6000
	}
	want, err := GeneralExtend(context.Background(), NewCode(takebreak.MustParse("4!.0")), nil, n, nil)
	require.NoError(t, err)
	for _, upTo := range []int{n, 4321} {
		eng := newGrundyEngine(nil, upTo+1)
		// two steps, the second from the middle of a block
		require.NoError(t, eng.extend(context.Background(), upTo/2+17, nil))
		require.NoError(t, eng.extend(context.Background(), upTo, nil))
		got := eng.values()
		require.Len(t, got, upTo+1)
		for i := range got {
			require.Equal(t, want[i], got[i], "G(%d)", i)
		}
		// resuming from values gives the same
		again := newGrundyEngine(got[:upTo/3], upTo+1)
		require.NoError(t, again.extend(context.Background(), upTo, nil))
		require.Equal(t, got, again.values())
	}
}

// TestGrundySpeculativeBlocks runs the speculative blocks (guess G(n) = c,
// check with both workers, drop the rest of a block after a wrong guess)
// from heap 1,500 on, where rare heaps are still frequent, and checks every
// value against the general engine; the wrong guesses must have happened
// (at rare heaps past 1,500) and been repaired.
func TestGrundySpeculativeBlocks(t *testing.T) {
	n := 12000
	if testing.Short() {
		n = 7000
	}
	want, err := GeneralExtend(context.Background(), NewCode(takebreak.MustParse("4!.0")), nil, n, nil)
	require.NoError(t, err)
	defer func(v bool) { haveGrundyScanAVX2 = v }(haveGrundyScanAVX2)
	for _, vector := range []bool{haveGrundyScanAVX2, false} {
		haveGrundyScanAVX2 = vector // the scalar scan too
		eng := newGrundyEngine(nil, n+1).(*grundyEngine)
		eng.speculateFrom = 1500
		require.NoError(t, eng.extend(context.Background(), n/2+17, nil))
		require.NoError(t, eng.extend(context.Background(), n, nil))
		require.Equal(t, want, eng.values())
		rareAfter := 0
		for _, r := range eng.rareHeaps {
			if int(r) >= 1500+grundyBlock {
				rareAfter++
			}
		}
		require.Positive(t, rareAfter, "no rare heap after the speculation starts: the test checks nothing")
		require.Positive(t, eng.misses, "no wrong guess: the repair path was not run")
		// the cover blocks start after the last rare heap known so far,
		// so most of them run here while rare heaps still turn up
		require.Positive(t, eng.coverRuns, "no cover block ran")
	}
}
