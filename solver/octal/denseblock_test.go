package octal

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/takebreak"
)

// mustCode parses the octal code s.
func mustCode(tb testing.TB, s string) Code {
	tb.Helper()
	r, err := takebreak.Parse(s)
	if err != nil {
		tb.Fatal(err)
	}
	return NewCode(r)
}

// denseCodes are the 36 sequences of 0.??? and 4.??? with no sparse space
// (20–50 % of the heaps rare under every mask, values growing past 1 000
// by 2^16 heaps) that a census to 2^20 runs on the dense engine.
var denseCodes = []string{
	"4.026", "4.327", "0.016", "0.162", "0.314", "0.004", "0.764", "0.026", "0.005",
	"0.114", "0.125", "0.135", "0.371", "0.024", "0.036", "0.06", "0.224", "0.136",
	"0.206", "0.007", "0.04", "0.344", "0.342", "0.334", "0.606", "0.164", "0.126",
	"0.163", "0.146", "0.006", "0.604", "0.346", "0.244", "0.761", "4.004", "0.415",
}

// bruteForceValues computes G(0..n) of an octal code by the definition, on
// its own: the mex of the values of every move, each move enumerated from
// the digits (digit d_j, bit 1: take j leaving nothing, bit 2: take j
// leaving one heap, bit 4: take j and split the rest into two non-empty
// heaps a and rest−a; before the point only the split).
func bruteForceValues(code Code, n int) []int {
	g := make([]int, n+1)
	opts := make([]bool, 1024)
	mark := func(v int) {
		for v >= len(opts) {
			opts = append(opts, make([]bool, len(opts))...)
		}
		opts[v] = true
	}
	for h := 1; h <= n; h++ {
		clear(opts)
		for j, d := range code.Digits {
			rest := h - j
			if rest < 0 {
				break
			}
			if j > 0 && d&1 != 0 && rest == 0 {
				mark(0)
			}
			if j > 0 && d&2 != 0 && rest > 0 {
				mark(g[rest])
			}
			if d&4 != 0 {
				for a := 1; a < rest; a++ {
					mark(g[a] ^ g[rest-a])
				}
			}
		}
		for g[h] < len(opts) && opts[g[h]] {
			g[h]++
		}
	}
	return g
}

// TestBlockDenseAgainstDefinition checks the block engine against the
// definition on the 36 dense codes and on codes with a sparse space, codes
// with a split digit before the point and codes without splits, to 2,600
// heaps (blocks from 512 on), with one worker and two, in uneven steps and
// resumed from values computed elsewhere.
func TestBlockDenseAgainstDefinition(t *testing.T) {
	const n = 2600
	codes := append(append([]string(nil), denseCodes...), "0.161", "0.07", "4.7", "0.77", "4.0004", "0.4", "0.6", "4.1", "0.137", "0.3", "0.53", "0.4444")
	for _, s := range codes {
		code := mustCode(t, s)
		brute := bruteForceValues(code, n)
		want := make([]uint16, len(brute))
		for i, v := range brute {
			want[i] = uint16(v)
		}
		for workers := 1; workers <= 2; workers++ {
			b := NewBlockDense(code, []uint16{0})
			b.workers = workers
			for _, upTo := range []int{5, 700, 777, 1500, n} {
				require.NoError(t, b.Extend(context.Background(), upTo, nil))
			}
			require.Equal(t, want, b.Values(), "%s, %d workers", s, workers)
		}
		got, err := BlockDenseExtend(context.Background(), code, append([]uint16(nil), want[:1234]...), n, nil)
		require.NoError(t, err)
		require.Equal(t, want, got, "%s resumed", s)
	}
}

// TestBlockDenseAgainstDense checks the block engine against Dense on the
// 36 dense codes: to 2^13 heaps, and to 2^16 with NIMLAB_LONG=1 (about a
// minute of CPU).
func TestBlockDenseAgainstDense(t *testing.T) {
	n := 1 << 13
	if os.Getenv("NIMLAB_LONG") != "" {
		n = 1 << 16
	}
	for _, s := range denseCodes {
		code := mustCode(t, s)
		want, err := DenseExtend(context.Background(), code, []uint16{0}, n-1, nil)
		require.NoError(t, err)
		got, err := BlockDenseExtend(context.Background(), code, []uint16{0}, n-1, nil)
		require.NoError(t, err)
		require.Equal(t, want, got, s)
	}
}
