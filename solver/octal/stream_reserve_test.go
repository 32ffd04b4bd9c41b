package octal

import (
	"context"
	"testing"

	"github.com/nimlab/nimlab/solver/takebreak"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStreamReservesWhatItNeeds: a stream reserves 2 bytes of address
// space a heap for the heaps it is made for, not 16 TiB (which no ulimit -v
// allows), computes them as an unbounded stream does, and refuses to go
// past them.
func TestStreamReservesWhatItNeeds(t *testing.T) {
	code := NewCode(takebreak.MustParse("0.106"))
	const heaps = 1 << 19 // 1 MiB: whole commit steps
	st, err := NewStream(code, StreamOptions{First: 1 << 14, Window: 1 << 16, Heaps: heaps})
	require.NoError(t, err)
	defer st.Close()
	assert.Equal(t, 2*heaps, len(st.region))
	require.NoError(t, st.Extend(context.Background(), heaps-1, nil))
	assert.ErrorContains(t, st.Extend(context.Background(), heaps, nil), "made for 524288 heaps")

	want, err := Solve(context.Background(), code, SolveOptions{N: heaps - 1, Exact: true})
	require.NoError(t, err)
	assert.Equal(t, want.Values[heaps-100:], st.Kept(heaps-100, heaps))

	_, err = NewStream(code, StreamOptions{Heaps: StreamMaxHeaps + 1})
	assert.Error(t, err)
}
