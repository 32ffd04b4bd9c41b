package octal

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestScanSetAgainstDefinition checks the rule-out scans (vector and scalar)
// against the definition — a value of the set is removed when some pair's
// XOR is that value — on random values and random sets of 1 to 16 words
// (values below 64 to 1,024; the vector scan looks values below 256 up in
// registers and checks blocks with larger ones pair by pair), with lengths
// that leave partial blocks of 32 pairs.
func TestScanSetAgainstDefinition(t *testing.T) {
	avx2 := haveGrundyScanAVX2
	defer func() { haveGrundyScanAVX2 = avx2 }()
	rng := rand.New(rand.NewPCG(14, 256))
	for trial := range 900 {
		n := rng.IntN(3000) + 1
		words := []int{1, 2, 4, 4, 8, 16}[rng.IntN(6)]
		limit := 64 * words
		lo := make([]uint16, n)
		hi := make([]uint16, n)
		spread := 1 + rng.IntN(min(limit, 256))
		wide := rng.IntN(3) == 0 // some values from the whole range
		for i := range lo {
			lo[i] = uint16(rng.IntN(spread))
			hi[i] = uint16(rng.IntN(spread))
			if wide && rng.IntN(200) == 0 {
				hi[i] = uint16(rng.IntN(limit))
			}
		}
		set := make([]uint64, words)
		count := 0
		for v := range limit {
			if rng.IntN(3) == 0 {
				set[v>>6] |= 1 << (v & 63)
				count++
			}
		}
		// the definition: every pair, no early stop
		want := append([]uint64(nil), set...)
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
			got := append([]uint64(nil), set...)
			gotLeft := scanSet(lo, hi, got, count)
			require.Equal(t, left, gotLeft, "trial %d vector %v", trial, vector)
			if left > 0 {
				require.Equal(t, want, got, "trial %d vector %v", trial, vector)
			}
		}
	}
}

// TestScanHeapAgainstDefinition checks scanHeap (the reversed-prefix vector
// scan for the pairs with a small heap up to len(rev), the other scans for
// the rest) against the definition over the pairs (a, n−a), a ≥ a0, of heap
// n (a0 = 1, or random), on
// random values (a few of 256 and more) and sets of 1 to 16 words.
func TestScanHeapAgainstDefinition(t *testing.T) {
	avx2 := haveGrundyScanAVX2
	defer func() { haveGrundyScanAVX2 = avx2 }()
	rng := rand.New(rand.NewPCG(14, 1024))
	for trial := range 300 {
		words := []int{1, 2, 4, 4, 8, 16}[rng.IntN(6)]
		limit := 64 * words
		spread := 1 + rng.IntN(min(limit, 256))
		vals := make([]uint16, 5000+rng.IntN(20000))
		for i := range vals {
			vals[i] = uint16(rng.IntN(spread))
			if rng.IntN(300) == 0 {
				vals[i] = uint16(rng.IntN(limit))
			}
		}
		n := 2 + rng.IntN(len(vals)-2)
		rev := reversedPrefix(vals, []int{32, 64, 1000, 4096}[rng.IntN(4)])
		set := make([]uint64, words)
		count := 0
		for v := range limit {
			if rng.IntN(2+rng.IntN(40)) == 0 {
				set[v>>6] |= 1 << (v & 63)
				count++
			}
		}
		want := append([]uint64(nil), set...)
		left := count
		a0 := 1
		if trial%3 == 0 {
			a0 = 1 + rng.IntN(n/2+1)
		}
		for a := a0; 2*a < n; a++ {
			if v := vals[a] ^ vals[n-a]; want[v>>6]>>(v&63)&1 != 0 {
				want[v>>6] &^= 1 << (v & 63)
				left--
			}
		}
		for _, vector := range []bool{true, false} {
			if vector && !avx2 {
				continue
			}
			haveGrundyScanAVX2 = vector
			got := append([]uint64(nil), set...)
			gotLeft := scanHeap(vals, rev, n, a0, got, count)
			require.Equal(t, left, gotLeft, "trial %d n %d vector %v", trial, n, vector)
			if left > 0 {
				require.Equal(t, want, got, "trial %d vector %v", trial, vector)
			}
		}
	}
}
