package octal

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/nimlab/nimlab/solver/takebreak"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCertifyStreamEqualsSolve: auto mode in the memory of a stream proves
// the same period, preperiod and certificate length as Solve, with
// histories far shorter than the run (the ring of values wraps many times)
// on games whose periods are long (0.16: 149,459) or whose preperiods are
// (0.56: period 144 from 326,640).
func TestCertifyStreamEqualsSolve(t *testing.T) {
	type test struct {
		code           string
		history, first int
	}
	tests := []test{
		{"0.16", 1 << 18, 0},
		{"0.56", 1 << 12, 0},
		{"0.07", 0, 0},
		// 0.376's 444 rare heaps go on to 1,140,540.
		{"0.376", 1 << 14, 1 << 21},
	}
	if os.Getenv("NIMLAB_LONG") != "" {
		tests = append(tests, test{"0.354", 1 << 16, 0})
	}
	for _, tc := range tests {
		t.Run(tc.code, func(t *testing.T) {
			code := NewCode(takebreak.MustParse(tc.code))
			want, err := Solve(context.Background(), code, SolveOptions{Max: 1 << 23})
			require.NoError(t, err)
			require.True(t, want.Certified)
			got, err := CertifyStream(context.Background(), code, StreamCertifyOptions{History: tc.history, Max: 1 << 23, Stream: StreamOptions{First: tc.first}})
			require.NoError(t, err)
			require.True(t, got.Certified)
			assert.Equal(t, want.Period, got.Period)
			assert.Equal(t, len(want.Values), got.Heaps)
			v, at := want.MaxAt()
			assert.Equal(t, v, got.MaxValue, "largest value")
			assert.Equal(t, at, got.MaxAt, "its first heap")
			if tc.history > 0 {
				assert.Less(t, got.History, got.Heaps, "the history is shorter than the run")
			}
		})
	}
}

// TestCertifyStreamRandomCodes compares CertifyStream with Solve on random
// codes, with the shortest history (2048 values) over 6000 heaps: the same
// period and length, or no period, or (rarely) an error naming the history.
func TestCertifyStreamRandomCodes(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 3))
	const heaps = 6000
	same, certified, short := 0, 0, 0
	for i := range 200 {
		code := randomSparseTestCode(rng, i%4 == 3)
		want, err := Solve(context.Background(), code, SolveOptions{Max: heaps})
		require.NoError(t, err)
		got, err := CertifyStream(context.Background(), code, StreamCertifyOptions{History: 1, Max: heaps})
		var und *UndecidedError
		if errors.As(err, &und) {
			continue // the stream's first window is too short for this code
		}
		if errors.Is(err, errHistory) {
			short++
			continue
		}
		require.NoError(t, err, "%s", code)
		require.Equal(t, want.Certified, got.Certified, "%s", code)
		if want.Certified {
			certified++
			require.Equal(t, want.Period, got.Period, "%s", code)
		}
		require.Equal(t, len(want.Values), got.Heaps, "%s", code)
		v, at := want.MaxAt()
		require.Equal(t, v, got.MaxValue, "%s", code)
		require.Equal(t, at, got.MaxAt, "%s", code)
		same++
	}
	t.Logf("%d codes equal (%d certified), %d stopped on the history", same, certified, short)
	assert.Greater(t, certified, 80)
	assert.Less(t, short, 10)
}

// TestValueHistory: the ring of the last values, one byte each until a
// value of 256 or more arrives (in a stretch or alone), two bytes after,
// with the block hashes of hashValues.
func TestValueHistory(t *testing.T) {
	rng := rand.New(rand.NewPCG(256, 1))
	c := newStreamCertifier(3, 4096)
	var all []uint16
	for len(all) < 50_000 {
		k := 1 + rng.IntN(3000)
		seg := make([]uint16, k)
		for i := range seg {
			seg[i] = uint16(rng.IntN(200))
			if len(all) > 30_000 && rng.IntN(5000) == 0 {
				seg[i] = 300 + uint16(rng.IntN(100))
			}
		}
		if rng.IntN(2) == 0 {
			c.pushAll(seg)
		} else {
			for _, v := range seg {
				c.push(v)
			}
		}
		all = append(all, seg...)
		require.Equal(t, len(all), c.h.n)
		for i := c.h.start(); i < c.h.n; i++ {
			require.Equal(t, all[i], c.h.at(i), "G(%d)", i)
		}
		for a := c.h.start() / hashBlock * hashBlock; a+hashBlock <= c.h.n; a += hashBlock {
			if a >= c.h.start() {
				require.Equal(t, hashValues(all[a:a+hashBlock]), c.blockHash[(a/hashBlock)&c.blockMask], "block %d", a)
			}
		}
		v, at := c.maxUpTo(len(all))
		w, wat := (&Result{Values: all}).MaxAt()
		require.Equal(t, w, v)
		require.Equal(t, wat, at)
	}
	assert.NotNil(t, c.h.b16, "values of 256 or more arrived")
}
