package valuestore

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

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
	const game = "0.6"
	vf, err := CreateValueFile(path, game, int64(len(vals)+1000))
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

	vf, err = OpenValueFile(path, game)
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
	vf, err = OpenValueFile(path, game)
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
	const game = "0.6"
	write := func(name string) string {
		path := filepath.Join(dir, name)
		vf, err := CreateValueFile(path, game, 10_000)
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
	refused := func(path, game, reason string) {
		t.Helper()
		_, err := OpenValueFile(path, game)
		var ve *ValueFileError
		require.ErrorAs(t, err, &ve)
		require.Contains(t, err.Error(), reason)
	}
	path := write("a")
	refused(path, "0.106", "it holds the values of 0.6, not of 0.106")

	junk := filepath.Join(dir, "junk")
	require.NoError(t, os.WriteFile(junk, []byte("hello, not values"), 0o644))
	refused(junk, game, "not a nimlab values file")

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
	refused(path, game, "values are damaged")

	path = write("c")
	_, escOff := valuesLayout(10_000)
	flip(path, escOff+valuesEscapeSize+8) // the second escape's value
	refused(path, game, "escape table is damaged")

	path = write("d")
	flip(path, vhCount)
	refused(path, game, "header is damaged")

	path = write("e")
	require.NoError(t, os.Truncate(path, escOff+3))
	refused(path, game, "truncated")

	_, err := CreateValueFile(filepath.Join(dir, "huge"), game, 1<<52)
	var nr *NoRoomError
	require.ErrorAs(t, err, &nr)
	require.Contains(t, err.Error(), "free")
	_, err = os.Stat(filepath.Join(dir, "huge"+PartialSuffix))
	require.True(t, errors.Is(err, os.ErrNotExist), "nothing is left behind")
}

// TestValueFileGrow carries a complete run on past its end: the grown file
// holds the same values (escapes included), takes more, and once finished
// equals a file written in one run. A grow killed after its copy (both
// files left) is taken up again from the copy.
func TestValueFileGrow(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	vals := make([]uint16, 30_000)
	for i := range vals {
		vals[i] = uint16(rng.IntN(40))
		if rng.IntN(50) == 0 {
			vals[i] = uint16(30 + rng.IntN(400)) // escapes with the code 37 below
		}
	}
	dir := t.TempDir()
	const game = "0.6"
	write := func(path string, capacity int64, parts ...[]uint16) {
		vf, err := CreateValueFileEscaping(path, game, capacity, 37)
		require.NoError(t, err)
		for _, p := range parts {
			require.NoError(t, vf.Append(p))
		}
		require.NoError(t, vf.Finish())
		require.NoError(t, vf.Close())
	}
	whole := filepath.Join(dir, "whole.nimv")
	write(whole, int64(len(vals)), vals)

	path := filepath.Join(dir, "grown.nimv")
	write(path, 10_000, vals[:10_000])
	grow := func(capacity int64) (*ValueFile, error) {
		vf, err := OpenValueFile(path, game)
		require.NoError(t, err)
		return vf.Grow(capacity)
	}
	_, err := grow(5_000)
	require.Error(t, err, "a file is grown, never shrunk")
	vf, err := grow(int64(len(vals)))
	require.NoError(t, err)
	_, err = os.Stat(path)
	require.True(t, errors.Is(err, os.ErrNotExist), "the complete file is removed once copied")
	require.False(t, vf.Complete())
	require.EqualValues(t, 10_000, vf.Len())
	require.EqualValues(t, len(vals), vf.Capacity())
	got := make([]uint16, 10_000)
	vf.Read(got, 0)
	require.Equal(t, vals[:10_000], got)
	require.NoError(t, vf.Append(vals[10_000:]))
	require.NoError(t, vf.Finish())
	require.NoError(t, vf.Close())
	a, err := os.ReadFile(whole)
	require.NoError(t, err)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.True(t, string(a) == string(b), "a grown run's file equals the file of one run")

	// Killed between the copy and the removal: both files are there.
	path = filepath.Join(dir, "killed.nimv")
	write(path, 10_000, vals[:10_000])
	keep, err := os.ReadFile(path)
	require.NoError(t, err)
	vf, err = grow(int64(len(vals)))
	require.NoError(t, err)
	require.NoError(t, vf.Append(vals[10_000:12_000]))
	require.NoError(t, vf.Sync())
	require.NoError(t, vf.Close())
	require.NoError(t, os.WriteFile(path, keep, 0o644))
	vf, err = grow(int64(len(vals)))
	require.NoError(t, err)
	require.EqualValues(t, 12_000, vf.Len(), "the copy, further on, is kept")
	_, err = os.Stat(path)
	require.True(t, errors.Is(err, os.ErrNotExist))
	require.NoError(t, vf.Close())
	require.NoError(t, os.WriteFile(path, keep, 0o644))
	_, err = grow(int64(len(vals)) + 1)
	require.ErrorContains(t, err, "remove one of the two")
}
