package valuestore

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// grundy007 is G(0..n−1) of 0.07, Dawson's Kayles (a move takes two
// tokens from a heap and leaves zero, one or two heaps), by the definition:
// the oracle of the files in testdata, independent of the engines that
// wrote them.
func grundy007(n int) []uint16 {
	g := make([]uint16, n)
	for h := range g {
		seen := map[uint16]bool{}
		if r := h - 2; r >= 0 {
			seen[g[r]] = true // one heap left, or none (G(0) = 0)
			for a := 1; 2*a <= r; a++ {
				seen[g[a]^g[r-a]] = true
			}
		}
		for seen[g[h]] {
			g[h]++
		}
	}
	return g
}

// copyFixture copies a file of testdata into a fresh folder (values files
// are opened for writing) and returns its path there.
func copyFixture(t *testing.T, name, as string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), as)
	require.NoError(t, os.WriteFile(path, b, 0o644))
	return path
}

// requireSameFile fails unless path holds exactly the bytes of the fixture.
func requireSameFile(t *testing.T, fixture, path string) {
	t.Helper()
	want, err := os.ReadFile(filepath.Join("testdata", fixture))
	require.NoError(t, err)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	require.True(t, bytes.Equal(want, got), "%s is not byte for byte the file in testdata/%s", path, fixture)
}

// The files in testdata were written by earlier versions of nimlab: each
// still loads with the values it was written with, and writing the same
// content again gives the same bytes (the formats have not moved).
func TestFilesOfEarlierVersions(t *testing.T) {
	g := grundy007(300)
	stream := &StreamState{Len: 300, First: 100, Window: 120, Space: Space{Mask: 0x5, HeapParity: true}, Forced: true, MaxValue: 9,
		FirstValues: g[:100], LastValues: g[180:300]}
	behind := &StreamState{Len: 250, First: 100, Window: 100, Space: Space{Mask: 0x3}, OneWorker: true, MaxValue: 8,
		FirstValues: g[:100], LastValues: g[150:250]}
	verify := &VerifyState{Period: 34, Preperiod: 72, Next: 190, Behind: behind, Ahead: stream}
	tests := []struct {
		fixture string
		read    func(path string) (any, error)
		want    any
		write   func(path string) error
	}{
		{
			fixture: "checkpoint-0.07.bin",
			read:    func(p string) (any, error) { return ReadCheckpoint(p, "0.07", 1<<20) },
			want:    g,
			write:   func(p string) error { return WriteCheckpoint(p, "0.07", g) },
		},
		{
			fixture: "stream-0.07.bin",
			read: func(p string) (any, error) {
				st, upTo, err := ReadStreamCheckpoint(p, "0.07", 1<<20)
				return []any{st, upTo}, err
			},
			want:  []any{stream, 1000},
			write: func(p string) error { return WriteStreamCheckpoint(p, "0.07", 1000, stream) },
		},
		{
			fixture: "verify-0.07.bin",
			read:    func(p string) (any, error) { return ReadVerifyCheckpoint(p, "0.07", 1<<20) },
			want:    verify,
			write:   func(p string) error { return WriteVerifyCheckpoint(p, "0.07", verify) },
		},
		{
			// A values file whose run stopped after 290 values (escape
			// code 6, so that 0.07's values from 6 on are escapes), taken
			// by ReadCheckpoint as an in-memory checkpoint.
			fixture: "values-0.07-partial.nimv",
			read:    func(p string) (any, error) { return ReadCheckpoint(p, "0.07", 1<<20) },
			want:    g[:290],
			write: func(p string) error {
				vf, err := CreateValueFileEscaping(p[:len(p)-len(PartialSuffix)], "0.07", 1000, 6)
				if err != nil {
					return err
				}
				defer vf.Close()
				if err := vf.Append(g[:290]); err != nil {
					return err
				}
				vf.SetStream(Space{Mask: 0x6, HeapParity: true}, 64, 96)
				return vf.Sync()
			},
		},
		{
			fixture: "values-0.07.nimv",
			read:    func(p string) (any, error) { return ReadCheckpoint(p, "0.07", 1<<20) },
			want:    g,
			write: func(p string) error {
				vf, err := CreateValueFileEscaping(p, "0.07", 1000, 6)
				if err != nil {
					return err
				}
				defer vf.Close()
				if err := vf.Append(g[:290]); err != nil {
					return err
				}
				vf.SetStream(Space{Mask: 0x6, HeapParity: true}, 64, 96)
				if err := vf.Sync(); err != nil {
					return err
				}
				if err := vf.Append(g[290:]); err != nil {
					return err
				}
				return vf.Finish()
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.fixture, func(t *testing.T) {
			got, err := tc.read(copyFixture(t, tc.fixture, "old"+PartialSuffix))
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
			path := filepath.Join(t.TempDir(), "new"+PartialSuffix)
			require.NoError(t, tc.write(path))
			if _, err := os.Stat(path); err != nil {
				path = path[:len(path)-len(PartialSuffix)] // a finished values file
			}
			requireSameFile(t, tc.fixture, path)
		})
	}
}
