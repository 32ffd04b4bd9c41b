package octal

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/nimlab/nimlab/solver/takebreak"
	"github.com/stretchr/testify/require"
)

// TestValueFileRoundTrip writes values of every width (one byte, the ninth
// bit, escapes) in uneven pieces, saves, reopens and reads them back one by
// one and in ranges.
func TestValueFileRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	vals := make([]uint16, 100_003)
	for i := range vals {
		switch rng.IntN(10) {
		case 0:
			vals[i] = uint16(256 + rng.IntN(255)) // the ninth bit
		case 1:
			vals[i] = uint16(DefaultEscapeCode + rng.IntN(65536-DefaultEscapeCode)) // escapes
		default:
			vals[i] = uint16(rng.IntN(256))
		}
	}
	vals[0], vals[1], vals[2] = 510, 511, 65535
	path := filepath.Join(t.TempDir(), "v.nimv")
	code := NewCode(takebreak.MustParse("0.6"))
	vf, err := CreateValueFile(path, code, int64(len(vals)+1000))
	require.NoError(t, err)
	for i := 0; i < len(vals); {
		k := min(len(vals)-i, 1+rng.IntN(5000))
		require.NoError(t, vf.Append(vals[i:i+k]))
		i += k
		if rng.IntN(4) == 0 {
			require.NoError(t, vf.Sync())
		}
	}
	require.NoError(t, vf.Sync())
	require.NoError(t, vf.Close())
	_, err = os.Stat(path)
	require.True(t, errors.Is(err, os.ErrNotExist), "an unfinished file keeps its partial name")

	vf, err = OpenValueFile(path, code)
	require.NoError(t, err)
	require.EqualValues(t, len(vals), vf.Len())
	require.False(t, vf.Complete())
	wantEsc := 0
	for _, v := range vals {
		if v >= DefaultEscapeCode {
			wantEsc++
		}
	}
	require.Equal(t, wantEsc, vf.Escapes())
	for i, v := range vals {
		if got := vf.At(int64(i)); got != v {
			t.Fatalf("G(%d) = %d read back as %d", i, v, got)
		}
	}
	for range 200 {
		from := rng.IntN(len(vals))
		n := rng.IntN(len(vals) - from + 1)
		got := make([]uint16, n)
		vf.Read(got, int64(from))
		require.Equal(t, vals[from:from+n], got, "Read(%d, %d)", from, n)
	}
	mv, at := vf.MaxValue()
	require.Equal(t, 65535, mv)
	require.EqualValues(t, 2, at)

	require.NoError(t, vf.Finish())
	require.NoError(t, vf.Close())
	_, err = os.Stat(path + PartialSuffix)
	require.True(t, errors.Is(err, os.ErrNotExist), "Finish renames the file")
	vf, err = OpenValueFile(path, code)
	require.NoError(t, err)
	require.True(t, vf.Complete())
	require.Equal(t, vals[len(vals)-1], vf.At(int64(len(vals)-1)))
	require.Error(t, vf.Append([]uint16{1}), "a complete file takes no more values")
	require.NoError(t, vf.Close())
}

// TestValueFileRefusesBadFiles: another game's file, a file that is not a
// values file, a damaged value, a damaged escape and a truncated file are
// each refused with a reason; a file too large for the disk is refused
// before anything is written.
func TestValueFileRefusesBadFiles(t *testing.T) {
	dir := t.TempDir()
	code := NewCode(takebreak.MustParse("0.6"))
	write := func(name string) string {
		path := filepath.Join(dir, name)
		vf, err := CreateValueFile(path, code, 10_000)
		require.NoError(t, err)
		vals := make([]uint16, 5000)
		for i := range vals {
			vals[i] = uint16(i % 700)
		}
		require.NoError(t, vf.Append(vals))
		require.NoError(t, vf.Finish())
		require.NoError(t, vf.Close())
		return path
	}
	refused := func(path string, code Code, reason string) {
		t.Helper()
		_, err := OpenValueFile(path, code)
		var ve *ValueFileError
		require.ErrorAs(t, err, &ve)
		require.Contains(t, err.Error(), reason)
	}
	path := write("a")
	refused(path, NewCode(takebreak.MustParse("0.106")), "it holds the values of 0.6, not of 0.106")

	junk := filepath.Join(dir, "junk")
	require.NoError(t, os.WriteFile(junk, []byte("hello, not values"), 0o644))
	refused(junk, code, "not a nimlab values file")

	flip := func(path string, off int64) {
		f, err := os.OpenFile(path, os.O_RDWR, 0)
		require.NoError(t, err)
		b := make([]byte, 1)
		_, err = f.ReadAt(b, off)
		require.NoError(t, err)
		b[0] ^= 0x10
		_, err = f.WriteAt(b, off)
		require.NoError(t, err)
		require.NoError(t, f.Close())
	}
	path = write("b")
	flip(path, valuesHeaderSize+1234)
	refused(path, code, "values are damaged")

	path = write("c")
	_, escOff := valuesLayout(10_000)
	flip(path, escOff+valuesEscapeSize+8) // the second escape's value
	refused(path, code, "escape table is damaged")

	path = write("d")
	flip(path, vhCount)
	refused(path, code, "header is damaged")

	path = write("e")
	require.NoError(t, os.Truncate(path, escOff+3))
	refused(path, code, "truncated")

	_, err := CreateValueFile(filepath.Join(dir, "huge"), code, 1<<52)
	var nr *NoRoomError
	require.ErrorAs(t, err, &nr)
	require.Contains(t, err.Error(), "free")
	_, err = os.Stat(filepath.Join(dir, "huge"+PartialSuffix))
	require.True(t, errors.Is(err, os.ErrNotExist), "nothing is left behind")
}

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
		vf, err := CreateValueFile(path, code, int64(tc.heaps))
		require.NoError(t, err)
		stats, err := ComputeToFile(context.Background(), vf, DiskRunOptions{Count: int64(tc.heaps), First: tc.first})
		require.NoError(t, err, tc.code)
		require.NoError(t, vf.Finish())
		require.NoError(t, vf.Close())
		vf, err = OpenValueFile(path, code)
		require.NoError(t, err)
		got := make([]uint16, tc.heaps)
		vf.Read(got, 0)
		if d := firstDifference(want, got); d >= 0 {
			t.Fatalf("%s: file G(%d) = %d, in memory %d", tc.code, d, got[d], want[d])
		}
		heaps := SampleHeaps(vf, 4)
		_, _, _, ok, err := CheckValueFile(context.Background(), vf, heaps)
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
	vf, err := CreateValueFile(path, code, int64(heaps))
	require.NoError(t, err)
	defer vf.Close()
	// 2^15 first values (past the last rare heap) and their last window:
	// 2·(2^15 + 2^15 + 2^21) bytes.
	limit := int64(2 * (1<<15 + lastWindow(1<<15)))
	stats, err := ComputeToFile(context.Background(), vf, DiskRunOptions{Count: int64(heaps), First: 1 << 14, MemoryLimit: limit})
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
	vf2, err := CreateValueFile(path2, code, int64(heaps))
	require.NoError(t, err)
	defer vf2.Close()
	_, err = ComputeToFile(context.Background(), vf2, DiskRunOptions{Count: int64(heaps), First: 1 << 14, MemoryLimit: int64(2 * (1<<14 + lastWindow(1<<14)))})
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
	defer func(c int) { escapeCode = c }(escapeCode)
	escapeCode = 9
	code := NewCode(takebreak.MustParse("0.6"))
	heaps := 100_000
	want, err := SparseExtend(context.Background(), code, nil, heaps-1, nil)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "v")
	vf, err := CreateValueFile(path, code, int64(heaps))
	require.NoError(t, err)
	_, err = ComputeToFile(context.Background(), vf, DiskRunOptions{Count: int64(heaps), First: 1 << 14})
	require.NoError(t, err)
	require.NoError(t, vf.Finish())
	require.NoError(t, vf.Close())
	escapeCode = DefaultEscapeCode // the file says which code it uses
	vf, err = OpenValueFile(path, code)
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
		vf, err := CreateValueFile(path, code, heaps)
		require.NoError(t, err)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		progress := func(p Progress) {
			if cancelAt > 0 && int64(p.Done) >= cancelAt {
				cancel()
			}
		}
		opts := DiskRunOptions{Count: heaps, First: 1 << 14, Progress: progress}
		_, err = ComputeToFile(ctx, vf, opts)
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
			vf, err = OpenValueFile(path, code)
			require.NoError(t, err)
			require.Equal(t, saved, vf.Len())
			t.Logf("resuming from %d values", saved)
			_, err = ComputeToFile(context.Background(), vf, DiskRunOptions{Count: heaps, First: 1 << 14})
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

// TestCheckValueFileFindsAWrongValue: a file with one value changed is
// caught at that heap by the check from the definition, and not elsewhere.
func TestCheckValueFileFindsAWrongValue(t *testing.T) {
	code := NewCode(takebreak.MustParse("0.6"))
	want, err := QuadraticExtend(context.Background(), code, nil, 29_999, nil)
	require.NoError(t, err)
	vals := append([]uint16(nil), want...)
	vals[25_000] ^= 1
	vf, err := CreateValueFile(filepath.Join(t.TempDir(), "v"), code, int64(len(vals)))
	require.NoError(t, err)
	defer vf.Close()
	require.NoError(t, vf.Append(vals))
	_, _, _, ok, err := CheckValueFile(context.Background(), vf, []int64{0, 1, 2, 24_999}) // below the changed heap
	require.NoError(t, err)
	require.True(t, ok)
	bad, got, w, ok, err := CheckValueFile(context.Background(), vf, []int64{7, 25_000})
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
	vf, err := CreateValueFile(path, code, 200_000)
	require.NoError(t, err)
	require.NoError(t, vf.Append(want))
	require.NoError(t, vf.Sync())
	require.NoError(t, vf.Close())
	got, err := ReadCheckpoint(path+PartialSuffix, code)
	require.NoError(t, err)
	require.Equal(t, want, got)
	_, err = ReadCheckpoint(path+PartialSuffix, NewCode(takebreak.MustParse("0.6")))
	require.True(t, IsCheckpointError(err), "%v", err)
	require.Contains(t, err.Error(), "not of 0.6")

	// The same number of values of another game under the right name: the
	// definition check refuses them.
	other, err := SparseExtend(context.Background(), NewCode(takebreak.MustParse("0.6")), nil, 99_999, nil)
	require.NoError(t, err)
	path2 := filepath.Join(t.TempDir(), "w")
	vf, err = CreateValueFile(path2, code, 100_000)
	require.NoError(t, err)
	require.NoError(t, vf.Append(other))
	require.NoError(t, vf.Finish())
	require.NoError(t, vf.Close())
	_, err = ReadCheckpoint(path2, code)
	require.True(t, IsCheckpointError(err), "%v", err)
}
