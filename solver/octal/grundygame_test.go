package octal

import (
	"context"
	"testing"

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
	want, err := GeneralExtend(context.Background(), MustParseGame("4!.0"), nil, n, nil)
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
