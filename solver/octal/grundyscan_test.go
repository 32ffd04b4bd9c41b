package octal

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestScanSetAgainstDefinition checks the rule-out scans (vector and scalar)
// against the definition — a value of the set is removed when some pair's
// XOR is that value — on random values below 256 and random sets, with
// lengths that leave partial blocks of 32 pairs.
func TestScanSetAgainstDefinition(t *testing.T) {
	avx2 := haveGrundyScanAVX2
	defer func() { haveGrundyScanAVX2 = avx2 }()
	rng := rand.New(rand.NewPCG(14, 256))
	for trial := range 600 {
		n := rng.IntN(3000) + 1
		lo := make([]uint16, n)
		hi := make([]uint16, n)
		spread := 1 + rng.IntN(256)
		for i := range lo {
			lo[i] = uint16(rng.IntN(spread))
			hi[i] = uint16(rng.IntN(spread))
		}
		var set valueSet256
		count := 0
		for v := range 256 {
			if rng.IntN(3) == 0 {
				set[v>>6] |= 1 << (v & 63)
				count++
			}
		}
		// the definition: every pair, no early stop
		want := set
		left := count
		for i := range lo {
			if v := lo[i] ^ hi[n-1-i]; want[v>>6]>>(v&63)&1 != 0 {
				want[v>>6] &^= 1 << (v & 63)
				left--
			}
		}
		for _, vector := range []bool{true, false} {
			if vector && !avx2 {
				continue
			}
			haveGrundyScanAVX2 = vector
			got := set
			gotLeft := scanSet(lo, hi, got[:], count)
			require.Equal(t, left, gotLeft, "trial %d vector %v", trial, vector)
			if left > 0 {
				require.Equal(t, want, got, "trial %d vector %v", trial, vector)
			}
		}
	}
}
