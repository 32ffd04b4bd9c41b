package octal

import (
	"context"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/nimlab/nimlab/solver/takebreak"
	"github.com/stretchr/testify/require"
)

// TestDenseAgainstQuadratic checks the dense engine against the definition
// (QuadraticExtend: the mex of every option) on games with no sparse space
// (0.415, 4.026, 0.135, 0.006, 0.764), sparse ones, and codes with a split
// digit j = 0, in steps of uneven length so that the reversed copy of the
// values grows mid-run, and resumed from values computed elsewhere.
func TestDenseAgainstQuadratic(t *testing.T) {
	const n = 3000
	for _, s := range []string{"0.415", "4.026", "0.135", "0.006", "0.764", "0.161", "0.07", "4.7", "0.77", "4.0004", "0.4", "0.6", "4.1", "0.137"} {
		codeTB, err := takebreak.Parse(s)
		code := NewCode(codeTB)
		require.NoError(t, err)
		want, err := QuadraticExtend(context.Background(), code, []uint16{0}, n, nil)
		require.NoError(t, err)
		d := NewDense(code, []uint16{0})
		for _, upTo := range []int{5, 70, 700, 1500, n} {
			require.NoError(t, d.Extend(context.Background(), upTo, nil))
		}
		require.Equal(t, want, d.Values(), s)
		got, err := DenseExtend(context.Background(), code, append([]uint16(nil), want[:1234]...), n, nil)
		require.NoError(t, err)
		require.Equal(t, want, got, "%s resumed", s)
	}
}

// TestMarkPairs checks the four-at-a-time marking against one pair at a
// time, on every length up to 40 and every start offset (the 64-bit loads
// are unaligned).
func TestMarkPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 3))
	buf := make([]uint16, 200)
	for i := range buf {
		buf[i] = uint16(rng.IntN(5000))
	}
	for length := range 41 {
		for off := range 4 {
			lo, hi := buf[off:off+length], buf[100+off:100+off+length+3]
			var got, want [MaxValue + 1]uint8
			markPairs(&got, lo, hi)
			for k := range lo {
				want[lo[k]^hi[k]] = 1
			}
			require.Equal(t, want, got, "length %d offset %d", length, off)
		}
	}
}

// TestDenseOrSparse runs Solve with the engine that switches between the
// sparse and the dense engine, with trials from 600 values on so that both
// engines compute parts of the run, and checks the values against the
// sparse engine alone (which TestSparse* check against the definition) and
// the certified periods of games that have one (0.07: period 34 from
// heap 53, Winning Ways).
func TestDenseOrSparse(t *testing.T) {
	for i, s := range []string{"0.415", "0.006", "0.161", "4.026"} {
		codeTB, err := takebreak.Parse(s)
		code := NewCode(codeTB)
		require.NoError(t, err)
		// Two of the games as DenseOrSparseAllCores runs them.
		e := &denseOrSparse{nextTrial: 600, tryDenseAlways: true, allCores: i%2 == 1}
		res, err := Solve(context.Background(), code, SolveOptions{N: 12000, Engine: e.extend})
		require.NoError(t, err)
		want, err := SparseExtend(context.Background(), code, []uint16{0}, 12000, nil)
		require.NoError(t, err)
		require.Equal(t, want, res.Values, s)
		if runtime.GOOS == "windows" && len(e.trials) < 2 {
			// The trials compare CPU times of a few milliseconds; Go's
			// clock on Windows moves in steps of up to 15.6 ms.
			t.Logf("%s: %d trial: the engines' timings were too short for Windows' clock; the values are checked all the same", s, len(e.trials))
			continue
		}
		require.GreaterOrEqual(t, len(e.trials), 2, "%s: both engines were tried", s)
	}
	codeTB, err := takebreak.Parse("0.07")
	code := NewCode(codeTB)
	require.NoError(t, err)
	for _, engine := range []Extender{DenseOrSparse(), DenseOrSparseAllCores()} {
		res, err := Solve(context.Background(), code, SolveOptions{Max: 1 << 14, Engine: engine})
		require.NoError(t, err)
		require.True(t, res.Certified)
		require.Equal(t, 34, res.Period.Period)
		require.Equal(t, 53, res.Period.Preperiod)
	}
}
