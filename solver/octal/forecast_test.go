package octal

import (
	"context"
	"testing"
	"time"

	"github.com/nimlab/nimlab/solver/takebreak"
	"github.com/stretchr/testify/require"
)

// TestForecastRun: 0.106, 0.127 and Officers have sparse spaces, so their
// runs are not forecast quadratic. Officers without its space (forced: no
// octal code met so far lacks one in its first values) is, and the
// estimate is of the right size against the time 2·10^4 heaps take.
func TestForecastRun(t *testing.T) {
	for _, c := range []string{"0.106", "0.6", "0.127"} {
		fc, err := ForecastRun(context.Background(), NewCode(takebreak.MustParse(c)), 1_000_000)
		require.NoError(t, err)
		require.False(t, fc.Quadratic, c)
		require.NotZero(t, fc.Space.Mask, c)
		require.Empty(t, fc.Note, c)
	}
	code, none := NewCode(takebreak.MustParse("0.6")), &Space{}
	fc, err := forecastRun(context.Background(), code, 1_000_000, none)
	require.NoError(t, err)
	require.True(t, fc.Quadratic)
	require.Contains(t, fc.Note, "quadratic engine is the only exact choice")
	t.Log(fc.Note)
	small, err := forecastRun(context.Background(), code, 20_000, none)
	require.NoError(t, err)
	start := time.Now()
	s := NewSparse(code, nil)
	require.NoError(t, s.SetSpace(Space{}))
	require.NoError(t, s.Extend(context.Background(), 19_999, nil))
	took := time.Since(start)
	t.Logf("20,000 heaps: forecast %v, took %v", small.Expected, took)
	// A loose bound: the shared machine's speed drifts.
	require.Less(t, small.Expected, 20*took+time.Second)
	require.Greater(t, 20*small.Expected, took)
}
