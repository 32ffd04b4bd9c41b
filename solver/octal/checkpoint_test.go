package octal

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/nimlab/nimlab/solver/takebreak"
	"github.com/nimlab/nimlab/solver/valuestore"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckpointRoundTrip(t *testing.T) {
	code := NewCode(takebreak.MustParse("0.137"))
	values, err := QuadraticExtend(context.Background(), code, nil, 2999, nil)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "run.ckpt")
	require.NoError(t, WriteCheckpoint(path, code, values))
	got, err := ReadCheckpoint(path, code)
	require.NoError(t, err)
	assert.Equal(t, values, got)
}

func TestCheckpointRefusesBadFiles(t *testing.T) {
	code := NewCode(takebreak.MustParse("0.137"))
	values, err := QuadraticExtend(context.Background(), code, nil, 999, nil)
	require.NoError(t, err)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.ckpt")
	require.NoError(t, WriteCheckpoint(good, code, values))
	data, err := os.ReadFile(good)
	require.NoError(t, err)

	// Another game's values under this game's name, with a valid checksum.
	other, err := QuadraticExtend(context.Background(), NewCode(takebreak.MustParse("0.07")), nil, 999, nil)
	require.NoError(t, err)
	forged := filepath.Join(dir, "forged.ckpt")
	require.NoError(t, WriteCheckpoint(forged, code, other))

	flipped := append([]byte(nil), data...)
	flipped[len(flipped)/2] ^= 1
	tests := []struct {
		name, file string
		data       []byte
		code       Code
		reason     string
	}{
		{"other code", good, nil, NewCode(takebreak.MustParse("0.07")), "it is a checkpoint of 0.137, not of 0.07"},
		{"not a checkpoint", "text", []byte("n,grundy\n0,0\n"), code, "it is not a nimlab octal checkpoint"},
		{"truncated", "short", data[:len(data)-10], code, "it is truncated or damaged"},
		{"bit flip", "flipped", flipped, code, "it is damaged (checksum mismatch)"},
		{"forged values", forged, nil, code, "its G(1) = 0, but 0.137 has G(1) = 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := tc.file
			if tc.data != nil {
				path = filepath.Join(dir, tc.file)
				require.NoError(t, os.WriteFile(path, tc.data, 0o644))
			}
			_, err := ReadCheckpoint(path, tc.code)
			require.Error(t, err)
			assert.True(t, valuestore.IsCheckpointError(err))
			assert.Contains(t, err.Error(), tc.reason)
			assert.Contains(t, err.Error(), path)
		})
	}
}

// TestResumedRunMatchesUninterrupted cancels an auto-mode run of 0.16 part
// way (the checkpoint is saved on cancellation), resumes it from the file and
// checks that it reaches the same values and period as a run that was never
// stopped.
func TestResumedRunMatchesUninterrupted(t *testing.T) {
	code := NewCode(takebreak.MustParse("0.16"))
	whole, err := Solve(context.Background(), code, SolveOptions{Max: 1 << 20})
	require.NoError(t, err)
	require.True(t, whole.Certified)

	path := filepath.Join(t.TempDir(), "016.ckpt")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	save := func(values []uint16) error { return WriteCheckpoint(path, code, values) }
	_, err = Solve(ctx, code, SolveOptions{Max: 1 << 20, Checkpoint: save,
		Progress: func(p Progress) {
			if p.Done >= 200000 {
				cancel()
			}
		}})
	require.True(t, errors.Is(err, context.Canceled), "the run should have been cancelled: %v", err)

	saved, err := ReadCheckpoint(path, code)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(saved), 200000)
	require.Less(t, len(saved), whole.Period.NeededTo, "the checkpoint should be taken before the certificate")
	assert.Equal(t, whole.Values[:len(saved)], saved)

	resumed, err := Solve(context.Background(), code, SolveOptions{Max: 1 << 20, Resume: saved})
	require.NoError(t, err)
	assert.Equal(t, whole.Period, resumed.Period)
	assert.True(t, slicesEqual(whole.Values, resumed.Values), "values differ at %d", firstDifference(whole.Values, resumed.Values))
}

// TestCheckpointRefusesTamperedValues alters values beyond the leading ones
// that ReadCheckpoint recomputes, and writes the file with a valid checksum
// (through WriteCheckpoint): the check of values against their options must
// refuse it, both when every heap is checked (a small file) and when heaps
// are sampled (a file too large to check whole).
func TestCheckpointRefusesTamperedValues(t *testing.T) {
	dir := t.TempDir()
	t.Run("every heap checked", func(t *testing.T) {
		code := NewCode(takebreak.MustParse("0.07"))
		res, err := Solve(context.Background(), code, SolveOptions{N: 12_000, Exact: true})
		require.NoError(t, err)
		values := res.Values
		path := filepath.Join(dir, "small.ckpt")
		forged := slices.Clone(values)
		forged[9_000] ^= 1 // one value, past the leading 2,000
		require.NoError(t, WriteCheckpoint(path, code, forged))
		_, err = ReadCheckpoint(path, code)
		require.Error(t, err)
		assert.True(t, valuestore.IsCheckpointError(err))
		assert.Contains(t, err.Error(), "G(9000)")
		require.NoError(t, WriteCheckpoint(path, code, values))
		got, err := ReadCheckpoint(path, code)
		require.NoError(t, err)
		assert.Equal(t, values, got)
	})
	t.Run("sampled heaps", func(t *testing.T) {
		// 0.6 (Officers) to 10^5 heaps costs ~5·10^9 options to check whole:
		// more than the budget, so heaps are sampled. Every value past
		// heap 50,000 is altered, so every sampled heap there fails.
		code := NewCode(takebreak.MustParse("0.6"))
		values, err := Solve(context.Background(), code, SolveOptions{N: 100_000, Exact: true})
		require.NoError(t, err)
		forged := slices.Clone(values.Values)
		for n := 50_000; n < len(forged); n++ {
			forged[n] ^= 1
		}
		path := filepath.Join(dir, "large.ckpt")
		require.NoError(t, WriteCheckpoint(path, code, forged))
		_, err = ReadCheckpoint(path, code)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "altered")
	})
}

// TestCheckpointReadersRefuseNamedPipes: both checkpoint readers refuse a
// named pipe at once instead of waiting for a writer.
func TestCheckpointReadersRefuseNamedPipes(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := mkfifo(fifo); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	code := NewCode(takebreak.MustParse("0.106"))
	done := make(chan [2]error, 1)
	go func() {
		_, e1 := ReadCheckpoint(fifo, code)
		_, e2 := ReadVerifyCheckpoint(fifo, code)
		done <- [2]error{e1, e2}
	}()
	select {
	case errs := <-done:
		for _, err := range errs {
			require.Error(t, err)
			assert.True(t, valuestore.IsCheckpointError(err))
			assert.Contains(t, err.Error(), "not a regular file")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a checkpoint reader is waiting on a named pipe")
	}
}

// TestCheckpointOfTakeBreakGames: a checkpoint of Grundy's game (and of
// other take-and-break games) is read back, its heaps past the leading
// values checked against the game's own moves (4!.0's octal digits would
// allow the equal split and refused every such file); a value altered past
// the leading ones is refused. (0.B leaves up to three heaps: only its
// leading values are checked, and it must still be read back.)
func TestCheckpointOfTakeBreakGames(t *testing.T) {
	code := NewCode(takebreak.MustParse("0.B"))
	values, err := ExtendValues(context.Background(), code, nil, 2_500)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "b.ckpt")
	require.NoError(t, WriteCheckpoint(path, code, values))
	got, err := ReadCheckpoint(path, code)
	require.NoError(t, err)
	assert.Equal(t, values, got)
	for _, name := range []string{"4!.0", "S!(1,3)"} {
		code := NewCode(takebreak.MustParse(name))
		res, err := Solve(context.Background(), code, SolveOptions{N: 6_000, Exact: true})
		require.NoError(t, err, name)
		path := filepath.Join(t.TempDir(), "run.ckpt")
		require.NoError(t, WriteCheckpoint(path, code, res.Values), name)
		got, err := ReadCheckpoint(path, code)
		require.NoError(t, err, name)
		assert.Equal(t, res.Values, got, name)
		forged := slices.Clone(res.Values)
		forged[5_000] ^= 1
		require.NoError(t, WriteCheckpoint(path, code, forged), name)
		_, err = ReadCheckpoint(path, code)
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), "G(5000)", name)
	}
}

// TestGeneralRunCheckpointsWithinADoubling: auto mode of a general game
// doubles its values between looks for a period; with a checkpoint it saves
// inside each doubling too (a run to 2^30 heaps of Grundy's game otherwise
// saved only at 2^28 and 2^29), and the values are those of a run without.
func TestGeneralRunCheckpointsWithinADoubling(t *testing.T) {
	code := NewCode(takebreak.MustParse("4!.0"))
	const limit = 1 << 18
	plain, err := Solve(context.Background(), code, SolveOptions{Max: limit})
	require.NoError(t, err)
	var saved []int
	res, err := Solve(context.Background(), code, SolveOptions{Max: limit, CheckpointEvery: time.Nanosecond,
		Checkpoint: func(v []uint16) error { saved = append(saved, len(v)); return nil }})
	require.NoError(t, err)
	assert.Equal(t, plain.Values, res.Values)
	require.Len(t, plain.Values, limit)
	// 2^17 → 2^18 goes in two steps of 2^16: a save at 3·2^16 heaps.
	assert.Contains(t, saved, 3<<16)
	assert.True(t, slices.IsSorted(saved), "saves in order: %v", saved)
}

// TestFinishedRunSavesItsLastValues: a run that ends (exact or auto, octal
// or general) hands its last values to the checkpoint even when no save
// was due, so a later run with a larger --max resumes from its end; a run
// that computes nothing new beyond what it resumed writes nothing.
func TestFinishedRunSavesItsLastValues(t *testing.T) {
	for _, tc := range []struct {
		code string
		opts SolveOptions
		want int
	}{
		{"0.6", SolveOptions{N: 20_000, Exact: true}, 20_001},
		{"4!.0", SolveOptions{Max: 1 << 16}, 1 << 16},
	} {
		var saved [][]uint16
		opts := tc.opts
		opts.CheckpointEvery = time.Hour
		opts.Checkpoint = func(v []uint16) error { saved = append(saved, slices.Clone(v)); return nil }
		res, err := Solve(context.Background(), NewCode(takebreak.MustParse(tc.code)), opts)
		require.NoError(t, err, tc.code)
		require.Len(t, saved, 1, tc.code)
		assert.Len(t, saved[0], tc.want, tc.code)
		assert.Equal(t, res.Values, saved[0][:len(res.Values)], tc.code)

		saved = nil
		opts.Resume = res.Values
		_, err = Solve(context.Background(), NewCode(takebreak.MustParse(tc.code)), opts)
		require.NoError(t, err, tc.code)
		assert.Empty(t, saved, "%s: nothing new, nothing written", tc.code)
	}
}

// TestRederiveValuesFindsEveryEdit: a checkpoint edited past the heaps
// ReadCheckpoint recomputes, its checksum recomputed, may pass the spot
// check (it samples heaps when checking all would take more than a
// second); RederiveValues finds the edited heap wherever it is.
func TestRederiveValuesFindsEveryEdit(t *testing.T) {
	for _, code := range []string{"0.137", "4!.0"} {
		c := NewCode(takebreak.MustParse(code))
		res, err := Solve(context.Background(), c, SolveOptions{N: 5000})
		require.NoError(t, err)
		vals := append([]uint16(nil), res.Values...)
		n, _, ok, err := RederiveValues(context.Background(), c, vals, nil)
		require.NoError(t, err)
		require.True(t, ok, code)
		for _, at := range []int{checkpointSpotCheck + 1, 3456, 5000} {
			vals[at] ^= 1
			var want uint16
			n, want, ok, err = RederiveValues(context.Background(), c, vals, nil)
			require.NoError(t, err)
			assert.False(t, ok, code)
			assert.Equal(t, at, n, code)
			assert.Equal(t, vals[at]^1, want, code)
			vals[at] ^= 1
		}
	}
}
