package octal

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGrundyCoverKernelAgainstDefinition checks the cover kernels (vector
// and scalar) against their definition, written here again: for every rare heap r and
// lane j, bit x&31 of window x>>5 of lane j is set for x = src[j−r] ^ ρ when
// x < 128, on random compressed values, rare lists and partial runs.
func TestGrundyCoverKernelAgainstDefinition(t *testing.T) {
	avx2 := haveGrundyCoverAVX2
	defer func() { haveGrundyCoverAVX2 = avx2 }()
	rng := rand.New(rand.NewPCG(14, 16))
	for trial := range 300 {
		nr := rng.IntN(200)
		cv := make([]uint8, 4000)
		for i := range cv {
			cv[i] = uint8(rng.IntN(256))
		}
		base := 3000 + rng.IntN(900)
		rs := make([]int32, nr)
		rho := make([]uint32, 2*nr)
		for k := range rs {
			rs[k] = int32(1 + rng.IntN(2999))
			rho[k] = uint32(rng.IntN(256))
			rho[nr+k] = rho[k] ^ 128
		}
		var start [64]uint32
		for i := range start {
			if rng.IntN(4) == 0 {
				start[i] = rng.Uint32()
			}
		}
		c := &grundyCover{cv: cv, rs: rs, rho: rho, nrare: nr}
		for ch := range 2 {
			want := start
			for k, r := range rs {
				for j := range grundyLanes {
					x := uint32(cv[base+j-int(r)]) ^ rho[ch*nr+k] // the chunk's values
					if x < 128 {
						want[(x/32)*grundyLanes+uint32(j)] |= 1 << (x % 32)
					}
				}
			}
			for _, vector := range []bool{avx2, false} {
				haveGrundyCoverAVX2 = vector // and grundyCoverScalar
				got := start
				c.cover(base, 0, nr, ch, &got)
				require.Equal(t, want, got, "trial %d chunk %d vector %v", trial, ch, vector)
			}
		}
	}
}

// TestGrundyCoverValues checks the round trip of compressValue and
// decompressCommon for every common value below 512 under several masks,
// and that compression keeps the order of the common values.
func TestGrundyCoverValues(t *testing.T) {
	for _, mask := range []uint16{0xfe, 0x1ee, 0x7b8, 0x5a0, 0x3, 0x100} {
		b := uint(0)
		for mask>>b&1 == 0 {
			b++
		}
		prev := -1
		for v := range uint16(512) {
			if isRare(v, mask) {
				continue
			}
			i := compressValue(v, b)
			require.Greater(t, int(i), prev, "mask %#x value %d", mask, v)
			prev = int(i)
			require.Equal(t, v, decompressCommon(i, b, mask), "mask %#x value %d", mask, v)
			// the deletion is linear: it commutes with XOR
			for _, w := range []uint16{0, 1, 6, 0x91, 0x1f0} {
				require.Equal(t, compressValue(v^w, b), compressValue(v, b)^compressValue(w, b))
			}
		}
		require.Equal(t, 255, prev, "mask %#x: the 256 common values below 512 fill 0..255", mask)
	}
}

// TestGrundyCoverBlocks computes Grundy's game to 200,000 heaps with the
// cover blocks (from 2^16 on, rare heaps turning up until 82,860) and
// without them (the engine TestGrundyEngineAgainstGeneral and
// TestGrundySpeculativeBlocks check against the definition), and requires
// the same values; the cover blocks must have run. A resumed run (from the
// middle of the cover blocks) gives the same values too.
func TestGrundyCoverBlocks(t *testing.T) {
	if testing.Short() {
		t.Skip("200,000 heaps three times")
	}
	const n = 200_000
	plain := newGrundyEngine(nil, n).(*grundyEngine)
	plain.coverBlocks = false
	require.NoError(t, plain.extend(context.Background(), n-1, nil))
	want := plain.values()
	require.Zero(t, plain.coverRuns)
	eng := newGrundyEngine(nil, n).(*grundyEngine)
	require.NoError(t, eng.extend(context.Background(), 100_000, nil))
	require.NoError(t, eng.extend(context.Background(), n-1, nil))
	require.Greater(t, eng.coverRuns, 100, "the cover blocks did not run")
	require.Greater(t, eng.bulkRuns, 80, "the cover kernel did not start the rule-out")
	got := eng.values()
	for i := range want {
		require.Equal(t, want[i], got[i], "G(%d)", i)
	}
	again := newGrundyEngine(want[:170_001], n).(*grundyEngine)
	require.NoError(t, again.extend(context.Background(), n-1, nil))
	require.Equal(t, want, again.values())
}
