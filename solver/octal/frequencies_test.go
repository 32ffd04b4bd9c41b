package octal

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/solver/takebreak"
	"github.com/nimlab/nimlab/solver/valuestore"
	"github.com/stretchr/testify/require"
)

// readPublishedFrequencies reads a file of P. Rogalski's results: a line
// "value count" for every value up to the largest.
func readPublishedFrequencies(t *testing.T, path string) []uint64 {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var counts []uint64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		require.Len(t, fields, 2, "%s: %q", path, sc.Text())
		v, err := strconv.Atoi(fields[0])
		require.NoError(t, err)
		c, err := strconv.ParseUint(fields[1], 10, 64)
		require.NoError(t, err)
		require.Equal(t, len(counts), v, "%s: values in order", path)
		counts = append(counts, c)
	}
	require.NoError(t, sc.Err())
	return counts
}

// trimZeros drops trailing zero counts (a table lists values up to the
// largest that occurs).
func trimZeros(c []uint64) []uint64 {
	for len(c) > 0 && c[len(c)-1] == 0 {
		c = c[:len(c)-1]
	}
	return c
}

// TestFrequenciesEqualPublished compares the value frequencies of the five
// games P. Rogalski ran furthest (0.014, 0.034, 0.161, 0.167, 0.172) at
// every power of two with his published tables (testdata/frequencies, the
// counts of G(1..N)), to 2^20 heaps, and to 2^28 with NIMLAB_LONG=1.
func TestFrequenciesEqualPublished(t *testing.T) {
	limit := 1 << 20
	if os.Getenv("NIMLAB_LONG") != "" {
		limit = 1 << 28
	}
	for _, game := range []string{"0.014", "0.034", "0.161", "0.167", "0.172"} {
		t.Run(game, func(t *testing.T) {
			code := NewCode(takebreak.MustParse(game))
			st, err := NewStream(code, StreamOptions{})
			require.NoError(t, err)
			defer st.Close()
			var f Frequencies
			require.NoError(t, st.ExtendCounting(context.Background(), limit, &f, nil))
			require.Equal(t, limit, f.Heaps)
			compared := 0
			for _, p := range f.Powers {
				if p.Heaps == 1 {
					continue // the tables start at 2
				}
				path := filepath.Join("testdata", "frequencies", game, strconv.Itoa(p.Heaps))
				want := readPublishedFrequencies(t, path)
				require.Equal(t, trimZeros(want), trimZeros(p.Counts), "%s: G(1..%d)", game, p.Heaps)
				compared++
			}
			require.Equal(t, bitsLen(limit)-1, compared, "every power of two from 2 to %d", limit)
			require.Equal(t, 1, f.Powers[0].Heaps, "the first power counted is 1")
		})
	}
}

func bitsLen(n int) int {
	k := 0
	for n > 0 {
		k++
		n >>= 1
	}
	return k
}

// TestFrequenciesAgainstValues counts the values of streams with small
// windows (so that the counting follows the windows as they move) and
// compares with counts made from the in-memory engine's values, at every
// power of two and at the end.
func TestFrequenciesAgainstValues(t *testing.T) {
	for _, game := range []string{"0.106", "0.167", "0.127"} {
		code := NewCode(takebreak.MustParse(game))
		const n = 200000
		res, err := Solve(context.Background(), code, SolveOptions{N: n})
		require.NoError(t, err)
		st, err := NewStream(code, StreamOptions{First: 1 << 15, Window: 1<<15 + 1<<15})
		require.NoError(t, err)
		var f Frequencies
		require.NoError(t, st.ExtendCounting(context.Background(), n, &f, nil))
		st.Close()
		count := func(k int) []uint64 { // G(1..k)
			var c []uint64
			for _, v := range res.Values[1 : k+1] {
				for int(v) >= len(c) {
					c = append(c, 0)
				}
				c[v]++
			}
			return c
		}
		require.Equal(t, n, f.Heaps, game)
		require.Equal(t, count(n), f.Counts, game)
		require.Len(t, f.Powers, 18, game) // 1, 2, 4, …, 131072
		for _, p := range f.Powers {
			require.Equal(t, count(p.Heaps), p.Counts, "%s at %d", game, p.Heaps)
		}
	}
}

// TestFileFrequencies counts a values file and compares with the stream's
// counts of the same game.
func TestFileFrequencies(t *testing.T) {
	code := NewCode(takebreak.MustParse("0.167"))
	const n = 100000
	path := filepath.Join(t.TempDir(), "v.nimv")
	vf, err := valuestore.CreateValueFile(path, code.String(), n+1)
	require.NoError(t, err)
	defer vf.Close()
	_, err = ComputeToFile(context.Background(), code, vf, DiskRunOptions{Count: n + 1, First: 1 << 14})
	require.NoError(t, err)
	got, err := FileFrequencies(context.Background(), vf, n, nil)
	require.NoError(t, err)
	st, err := NewStream(code, StreamOptions{})
	require.NoError(t, err)
	defer st.Close()
	var want Frequencies
	require.NoError(t, st.ExtendCounting(context.Background(), n, &want, nil))
	require.Equal(t, want, *got)
	_, err = FileFrequencies(context.Background(), vf, n+1, nil)
	require.Error(t, err, "beyond the file")
}
