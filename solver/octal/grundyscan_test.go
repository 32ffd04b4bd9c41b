package octal

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestScanPairs256MatchesScalar checks the vector rule-out scan against the
// scalar one (itself the definition: a value marked 2 becomes 1 when some
// pair's XOR is that value) on random values below 256 and random sets,
// with lengths that leave partial blocks.
func TestScanPairs256MatchesScalar(t *testing.T) {
	if !haveGrundyScanAVX2 {
		t.Skip("no AVX2 here")
	}
	rng := rand.New(rand.NewPCG(14, 256))
	for trial := range 400 {
		n := rng.IntN(3000) + 1
		lo := make([]uint16, n)
		hi := make([]uint16, n)
		spread := 1 + rng.IntN(256)
		for i := range lo {
			lo[i] = uint16(rng.IntN(spread))
			hi[i] = uint16(rng.IntN(spread))
		}
		var want, got [MaxValue + 1]uint8
		count := 0
		for v := range 256 {
			switch rng.IntN(4) {
			case 0:
				want[v] = 2
				count++
			case 1:
				want[v] = 1
			}
		}
		got = want
		// the definition, no early stop: every marked value some pair hits
		all := want
		left := count
		for i := range lo {
			if v := lo[i] ^ hi[n-1-i]; all[v] == 2 {
				all[v] = 1
				left--
			}
		}
		wantLeft := scanPairs(lo, hi, &want, count)
		gotLeft := scanPairs256(lo, hi, got[:], count)
		require.Equal(t, wantLeft, gotLeft, "trial %d", trial)
		if wantLeft > 0 {
			require.Equal(t, left, gotLeft, "trial %d", trial)
			require.Equal(t, all[:256], got[:256], "trial %d", trial)
		}
	}
}
