package octal

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/nimlab/nimlab/solver/takebreak"
	"github.com/nimlab/nimlab/solver/valuestore"
	"github.com/stretchr/testify/require"
)

// verifyTestOptions are small windows, so that the streams hand memory back
// many times within a test.
var verifyTestOptions = StreamOptions{First: 1 << 15, Window: 1 << 16}

// TestVerifyPeriodOf0127 proves 0.127's period (certified first by auto
// mode, in memory) with two streams, and refutes wrong claims at the first
// heap where the in-memory values differ.
func TestVerifyPeriodOf0127(t *testing.T) {
	code := NewCode(takebreak.MustParse("0.127"))
	res, err := Solve(context.Background(), code, SolveOptions{Max: 1 << 18})
	require.NoError(t, err)
	require.True(t, res.Certified)
	p, n0 := res.Period.Period, res.Period.Preperiod
	require.Equal(t, 4, p)
	require.Equal(t, 46578, n0)
	vals, err := SparseExtend(context.Background(), code, nil, 2*n0+3*20+100, nil)
	require.NoError(t, err)

	got, err := VerifyPeriod(context.Background(), code, VerifyOptions{Period: p, Preperiod: n0, Stream: verifyTestOptions, Round: 1 << 13})
	require.NoError(t, err)
	require.True(t, got.Proven)
	require.Equal(t, verifyEnd(code, p, n0)-n0, got.Compared)
	require.Equal(t, Space{Mask: 1, HeapParity: true}, got.Space)

	for _, claim := range []struct{ p, n0 int }{{4, n0 - 1}, {5, n0}, {3, 1000}, {12, n0 + 7}} {
		got, err := VerifyPeriod(context.Background(), code, VerifyOptions{Period: claim.p, Preperiod: claim.n0, Stream: verifyTestOptions, Round: 1 << 13})
		if claim.p == 12 {
			// A multiple of the period holds too.
			require.NoError(t, err)
			require.True(t, got.Proven, "period 12")
			continue
		}
		require.NoError(t, err)
		want := claim.n0
		for vals[want] == vals[want+claim.p] {
			want++
		}
		require.False(t, got.Proven, "period %d from %d", claim.p, claim.n0)
		require.Equal(t, want, got.Mismatch, "period %d from %d", claim.p, claim.n0)
		require.Equal(t, vals[want], got.Value)
		require.Equal(t, vals[want+claim.p], got.Ahead)
	}
}

// TestVerifyResumesToTheSameResult interrupts a verification (proving and
// refuting) after a few rounds, saves its checkpoint, resumes from the
// file, and gets the result of an uninterrupted run.
func TestVerifyResumesToTheSameResult(t *testing.T) {
	code := NewCode(takebreak.MustParse("0.127"))
	for _, claim := range []struct{ p, n0 int }{{4, 46578}, {4, 46577}} {
		opts := VerifyOptions{Period: claim.p, Preperiod: claim.n0, Stream: verifyTestOptions, Round: 1 << 13}
		whole, err := VerifyPeriod(context.Background(), code, opts)
		require.NoError(t, err)

		path := filepath.Join(t.TempDir(), "verify.ckpt")
		ctx, cancel := context.WithCancel(context.Background())
		rounds := 0
		cut := opts
		cut.Progress = func(VerifyProgress) {
			if rounds++; rounds == 3 {
				cancel()
			}
		}
		cut.Checkpoint = func(s *VerifyState) error { return WriteVerifyCheckpoint(path, code, s) }
		_, err = VerifyPeriod(ctx, code, cut)
		require.True(t, errors.Is(err, context.Canceled), "got %v", err)

		state, err := ReadVerifyCheckpoint(path, code)
		require.NoError(t, err)
		require.Greater(t, state.Ahead.Len, 3*(1<<13)-1, "the run got somewhere before the cut")
		resumed := opts
		resumed.Resume = state
		got, err := VerifyPeriod(context.Background(), code, resumed)
		require.NoError(t, err)
		require.Equal(t, whole, got, "period %d from %d", claim.p, claim.n0)

		_, err = ReadVerifyCheckpoint(path, NewCode(takebreak.MustParse("0.106")))
		require.True(t, valuestore.IsCheckpointError(err))
		opts.Period++
		opts.Resume = state
		_, err = VerifyPeriod(context.Background(), code, opts)
		require.Error(t, err, "a checkpoint of another claim")
	}
}
