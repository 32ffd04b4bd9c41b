package octal

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/nimlab/nimlab/solver/takebreak"
	"github.com/nimlab/nimlab/solver/valuestore"
	"github.com/stretchr/testify/require"
)

// diskRunCase is one game for the disk-run tests: its values in memory (the
// sparse engine) and a first window small enough that the run must grow it
// and decide heaps from the file.
type diskRunCase struct {
	code  string
	heaps int
	first int
}

func diskRunCases() []diskRunCase {
	cases := []diskRunCase{
		{"0.106", 10_000_000, 1 << 14}, // the small-space engine, a parity space
		{"0.127", 1_000_000, 1 << 14},  // a parity space, rare heaps to 27,106
		{"0.6", 150_000, 1 << 14},      // Officers: rare heaps to 20,627; heap 95,652 needs a split beyond 2^16
		{"0.1777", 1_000_000, 1 << 14},
	}
	if os.Getenv("NIMLAB_LONG") != "" {
		for i := range cases {
			cases[i].heaps = 10_000_000
		}
	}
	return cases
}

// TestComputeToFileEqualsInMemory computes values into a file, with small
// first windows so that the run grows them past new rare heaps and decides
// heaps from the file, and compares every value with the in-memory engine.
func TestComputeToFileEqualsInMemory(t *testing.T) {
	for _, tc := range diskRunCases() {
		code := NewCode(takebreak.MustParse(tc.code))
		want, err := SparseExtend(context.Background(), code, nil, tc.heaps-1, nil)
		require.NoError(t, err)
		path := filepath.Join(t.TempDir(), "v")
		vf, err := valuestore.CreateValueFile(path, code.String(), int64(tc.heaps))
		require.NoError(t, err)
		stats, err := ComputeToFile(context.Background(), code, vf, DiskRunOptions{Count: int64(tc.heaps), First: tc.first})
		require.NoError(t, err, tc.code)
		require.NoError(t, vf.Finish())
		require.NoError(t, vf.Close())
		vf, err = valuestore.OpenValueFile(path, code.String())
		require.NoError(t, err)
		got := make([]uint16, tc.heaps)
		vf.Read(got, 0)
		if d := firstDifference(want, got); d >= 0 {
			t.Fatalf("%s: file G(%d) = %d, in memory %d", tc.code, d, got[d], want[d])
		}
		heaps := valuestore.SampleHeaps(vf, 4)
		_, _, _, ok, err := CheckValueFile(context.Background(), code, vf, heaps)
		require.NoError(t, err)
		require.True(t, ok, "%s: the definition agrees at heaps %v", tc.code, heaps)
		t.Logf("%s: %d heaps, %v, %d rare heaps (last %d), windows %d/%d, %d heaps from the file %v, %d rebuilds, %d escapes",
			tc.code, tc.heaps, stats.Space, len(stats.Rare), stats.Rare[len(stats.Rare)-1], stats.First, stats.Window, stats.SlowHeaps, stats.SlowAt, stats.Rebuilds, vf.Escapes())
		require.NoError(t, vf.Close())
	}
}

// TestComputeToFileDecidesFromTheFile forces the fallbacks: Officers with
// the smallest first window grows it past its rare heaps (to 20,627), and
// with a memory limit that forbids growing further its rule-out scans need
// splits beyond the window: those heaps are decided from the file. Every
// value equals the in-memory engine's.
func TestComputeToFileDecidesFromTheFile(t *testing.T) {
	code := NewCode(takebreak.MustParse("0.6"))
	heaps := 230_000 // heaps 95,652 and 220,655 need splits beyond 2^15
	want, err := SparseExtend(context.Background(), code, nil, heaps-1, nil)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "v")
	vf, err := valuestore.CreateValueFile(path, code.String(), int64(heaps))
	require.NoError(t, err)
	defer vf.Close()
	// 2^15 first values (past the last rare heap) and their last window:
	// 2·(2^15 + 2^15 + 2^21) bytes.
	limit := int64(2 * (1<<15 + lastWindow(1<<15)))
	stats, err := ComputeToFile(context.Background(), code, vf, DiskRunOptions{Count: int64(heaps), First: 1 << 14, MemoryLimit: limit})
	require.NoError(t, err)
	require.Equal(t, 1<<15, stats.First)
	require.Greater(t, stats.SlowHeaps, 0, "some heaps need splits beyond 2^15")
	got := make([]uint16, heaps)
	vf.Read(got, 0)
	if d := firstDifference(want, got); d >= 0 {
		t.Fatalf("file G(%d) = %d, in memory %d", d, got[d], want[d])
	}
	t.Logf("%d heaps from the file (%v), %d rebuilds", stats.SlowHeaps, stats.SlowAt, stats.Rebuilds)

	// A limit below the windows the rare heaps need stops the run with a
	// DiskMemoryError, and the file holds no rare heap beyond its window.
	path2 := filepath.Join(t.TempDir(), "v2")
	vf2, err := valuestore.CreateValueFile(path2, code.String(), int64(heaps))
	require.NoError(t, err)
	defer vf2.Close()
	_, err = ComputeToFile(context.Background(), code, vf2, DiskRunOptions{Count: int64(heaps), First: 1 << 14, MemoryLimit: int64(2 * (1<<14 + lastWindow(1<<14)))})
	var me *DiskMemoryError
	require.ErrorAs(t, err, &me)
	require.Contains(t, err.Error(), "new rare heap")
	require.Less(t, vf2.Len(), int64(1<<15))
	got = got[:vf2.Len()]
	vf2.Read(got, 0)
	require.Equal(t, want[:len(got)], got)
}

// TestComputeToFileEscapes lowers the escape code so that most of
// Officers' values are escapes, and checks the run and a reopened file.
func TestComputeToFileEscapes(t *testing.T) {
	code := NewCode(takebreak.MustParse("0.6"))
	heaps := 100_000
	want, err := SparseExtend(context.Background(), code, nil, heaps-1, nil)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "v")
	vf, err := valuestore.CreateValueFileEscaping(path, code.String(), int64(heaps), 9)
	require.NoError(t, err)
	_, err = ComputeToFile(context.Background(), code, vf, DiskRunOptions{Count: int64(heaps), First: 1 << 14})
	require.NoError(t, err)
	require.NoError(t, vf.Finish())
	require.NoError(t, vf.Close())
	// The file says which escape code it uses.
	vf, err = valuestore.OpenValueFile(path, code.String())
	require.NoError(t, err)
	defer vf.Close()
	n := 0
	for _, v := range want {
		if v >= 9 {
			n++
		}
	}
	require.Equal(t, n, vf.Escapes())
	require.Greater(t, n, heaps/2)
	got := make([]uint16, heaps)
	vf.Read(got, 0)
	require.Equal(t, want, got)
	for _, i := range []int{0, 1, 999, heaps/2 + 1, heaps - 1} {
		require.Equal(t, want[i], vf.At(int64(i)))
	}
}

// TestComputeToFileResumes interrupts a run (its context ends) and, in a
// second case, loses values written after the last save (as a kill does);
// both resumed runs end with files identical, byte for byte, to an
// uninterrupted run's.
func TestComputeToFileResumes(t *testing.T) {
	code := NewCode(takebreak.MustParse("0.106"))
	heaps := int64(3_000_000)
	dir := t.TempDir()
	run := func(path string, cancelAt int64, lose bool) {
		vf, err := valuestore.CreateValueFile(path, code.String(), heaps)
		require.NoError(t, err)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		progress := func(p Progress) {
			if cancelAt > 0 && int64(p.Done) >= cancelAt {
				cancel()
			}
		}
		opts := DiskRunOptions{Count: heaps, First: 1 << 14, Progress: progress}
		_, err = ComputeToFile(ctx, code, vf, opts)
		if cancelAt == 0 {
			require.NoError(t, err)
		} else {
			require.ErrorIs(t, err, context.Canceled)
			saved := vf.Len()
			require.Less(t, saved, heaps)
			if lose {
				// Values written after the save, then a kill: the header
				// still says saved.
				extra := make([]uint16, 1000)
				require.NoError(t, vf.Append(extra))
			}
			require.NoError(t, vf.Close())
			vf, err = valuestore.OpenValueFile(path, code.String())
			require.NoError(t, err)
			require.Equal(t, saved, vf.Len())
			t.Logf("resuming from %d values", saved)
			_, err = ComputeToFile(context.Background(), code, vf, DiskRunOptions{Count: heaps, First: 1 << 14})
			require.NoError(t, err)
		}
		require.NoError(t, vf.Finish())
		require.NoError(t, vf.Close())
	}
	a, b, c := filepath.Join(dir, "a"), filepath.Join(dir, "b"), filepath.Join(dir, "c")
	run(a, 0, false)
	run(b, 1_200_000, false)
	run(c, 2_000_000, true)
	fa, err := os.ReadFile(a)
	require.NoError(t, err)
	for _, p := range []string{b, c} {
		fb, err := os.ReadFile(p)
		require.NoError(t, err)
		require.True(t, string(fa) == string(fb), "%s differs from the uninterrupted run's file", p)
	}
}

// TestComputeToFileResumesWithoutACopyOfTheWindows: a resumed run on disk
// reads its windows from the file straight into the stream's memory; the
// Go heap does not take a copy as large as them (which, on a run with
// windows of gigabytes, doubled its memory for a moment), and the values
// are those of an uninterrupted run.
func TestComputeToFileResumesWithoutACopyOfTheWindows(t *testing.T) {
	code := NewCode(takebreak.MustParse("0.106"))
	const first, stopped, heaps = 1 << 21, 3_000_000, 3_000_100
	path := filepath.Join(t.TempDir(), "v")
	vf, err := valuestore.CreateValueFile(path, code.String(), heaps)
	require.NoError(t, err)
	_, err = ComputeToFile(context.Background(), code, vf, DiskRunOptions{Count: stopped, First: first})
	require.NoError(t, err)
	require.NoError(t, vf.Close())
	vf, err = valuestore.OpenValueFile(path, code.String())
	require.NoError(t, err)
	defer vf.Close()
	windows := 2 * int64(min(stopped, first)+min(stopped-first, lastWindow(first)))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = ComputeToFile(context.Background(), code, vf, DiskRunOptions{Count: heaps, First: first})
	require.NoError(t, err)
	runtime.ReadMemStats(&after)
	require.Less(t, int64(after.TotalAlloc-before.TotalAlloc), windows/4, "Go heap allocations of a resume, against %d bytes of windows", windows)
	want, err := SparseExtend(context.Background(), code, nil, heaps-1, nil)
	require.NoError(t, err)
	got := make([]uint16, heaps)
	vf.Read(got, 0)
	require.Equal(t, want, got)
}

// TestCheckValueFileFindsAWrongValue: a file with one value changed is
// caught at that heap by the check from the definition, and not elsewhere.
func TestCheckValueFileFindsAWrongValue(t *testing.T) {
	code := NewCode(takebreak.MustParse("0.6"))
	want, err := QuadraticExtend(context.Background(), code, nil, 29_999, nil)
	require.NoError(t, err)
	vals := append([]uint16(nil), want...)
	vals[25_000] ^= 1
	vf, err := valuestore.CreateValueFile(filepath.Join(t.TempDir(), "v"), code.String(), int64(len(vals)))
	require.NoError(t, err)
	defer vf.Close()
	require.NoError(t, vf.Append(vals))
	_, _, _, ok, err := CheckValueFile(context.Background(), code, vf, []int64{0, 1, 2, 24_999}) // below the changed heap
	require.NoError(t, err)
	require.True(t, ok)
	bad, got, w, ok, err := CheckValueFile(context.Background(), code, vf, []int64{7, 25_000})
	require.NoError(t, err)
	require.False(t, ok)
	require.EqualValues(t, 25_000, bad)
	require.Equal(t, want[25_000], w)
	require.Equal(t, vals[25_000], got)
}

// TestReadCheckpointTakesAValuesFile: an in-memory run resumes from a values
// file (complete or partial) of its code, and the values are the file's.
func TestReadCheckpointTakesAValuesFile(t *testing.T) {
	code := NewCode(takebreak.MustParse("0.106"))
	want, err := SparseExtend(context.Background(), code, nil, 99_999, nil)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "v")
	vf, err := valuestore.CreateValueFile(path, code.String(), 200_000)
	require.NoError(t, err)
	require.NoError(t, vf.Append(want))
	require.NoError(t, vf.Sync())
	require.NoError(t, vf.Close())
	got, err := ReadCheckpoint(path+valuestore.PartialSuffix, code)
	require.NoError(t, err)
	require.Equal(t, want, got)
	_, err = ReadCheckpoint(path+valuestore.PartialSuffix, NewCode(takebreak.MustParse("0.6")))
	require.True(t, valuestore.IsCheckpointError(err), "%v", err)
	require.Contains(t, err.Error(), "not of 0.6")

	// The same number of values of another game under the right name: the
	// definition check refuses them.
	other, err := SparseExtend(context.Background(), NewCode(takebreak.MustParse("0.6")), nil, 99_999, nil)
	require.NoError(t, err)
	path2 := filepath.Join(t.TempDir(), "w")
	vf, err = valuestore.CreateValueFile(path2, code.String(), 100_000)
	require.NoError(t, err)
	require.NoError(t, vf.Append(other))
	require.NoError(t, vf.Finish())
	require.NoError(t, vf.Close())
	_, err = ReadCheckpoint(path2, code)
	require.True(t, valuestore.IsCheckpointError(err), "%v", err)
}
