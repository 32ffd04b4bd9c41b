package octal

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/nimlab/nimlab/solver/takebreak"
	"github.com/stretchr/testify/require"
)

// randomSparseTestCode draws a code of 1–4 digits after the point (last one non-zero),
// with a digit 4 before the point when withSplitBefore.
func randomSparseTestCode(rng *rand.Rand, withSplitBefore bool) Code {
	k := 1 + rng.IntN(4)
	digits := make([]uint8, k+1)
	if withSplitBefore {
		digits[0] = 4
	}
	for j := 1; j <= k; j++ {
		digits[j] = uint8(rng.IntN(8))
	}
	digits[k] = uint8(1 + rng.IntN(7))
	return Code{Digits: digits}
}

// TestSparseEqualsQuadratic is the exactness property: on 500 random codes
// the sparse engine, with one worker and with two, gives the values of the
// definition (QuadraticExtend) for the first 3000 heaps.
func TestSparseEqualsQuadratic(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 2026))
	const heaps = 3000
	for i := range 500 {
		code := randomSparseTestCode(rng, i%4 == 3)
		want, err := QuadraticExtend(context.Background(), code, nil, heaps-1, nil)
		require.NoError(t, err)
		for _, engine := range sparseEngines {
			got := engine.extend(t, code, heaps-1)
			if !slicesEqual(want, got) {
				n := firstDifference(want, got)
				t.Fatalf("%s: %s G(%d) = %d, quadratic %d", code, engine.name, n, got[n], want[n])
			}
		}
	}
}

// sparseEngines are the ways the sparse engine can run: one worker, and two
// workers even where the work per heap is too small to pay for them.
var sparseEngines = []struct {
	name   string
	extend func(t *testing.T, code Code, upTo int) []uint16
}{
	{"sparse (one worker)", func(t *testing.T, code Code, upTo int) []uint16 {
		defer func(w int) { parallelWorkers = w }(parallelWorkers)
		parallelWorkers = 1
		got, err := SparseExtend(context.Background(), code, nil, upTo, nil)
		require.NoError(t, err)
		return got
	}},
	{"sparse (two workers)", func(t *testing.T, code Code, upTo int) []uint16 {
		defer func(w, m int) { parallelWorkers, parallelMinWork = w, m }(parallelWorkers, parallelMinWork)
		parallelWorkers, parallelMinWork = 2, 0
		got, err := SparseExtend(context.Background(), code, nil, upTo, nil)
		require.NoError(t, err)
		return got
	}},
	{"block (one worker)", func(t *testing.T, code Code, upTo int) []uint16 {
		return extendWithBlocks(t, code, upTo, 1)
	}},
	{"block (two workers)", func(t *testing.T, code Code, upTo int) []uint16 {
		return extendWithBlocks(t, code, upTo, 2)
	}},
	{"block (no vector scan)", func(t *testing.T, code Code, upTo int) []uint16 {
		defer func(simd, avx2 bool) { haveFindPairsSIMD, haveAVX2PairScan = simd, avx2 }(haveFindPairsSIMD, haveAVX2PairScan)
		haveFindPairsSIMD, haveAVX2PairScan = false, false
		return extendWithBlocks(t, code, upTo, 2)
	}},
	{"block (byte tables for values below 64)", func(t *testing.T, code Code, upTo int) []uint16 {
		defer func(v bool) { blockNoSmall = v }(blockNoSmall)
		blockNoSmall = true
		return extendWithBlocks(t, code, upTo, 2)
	}},
	{"block (AVX2 scan where there is one)", func(t *testing.T, code Code, upTo int) []uint16 {
		defer func(simd bool) { haveFindPairsSIMD = simd }(haveFindPairsSIMD)
		haveFindPairsSIMD = false
		return extendWithBlocks(t, code, upTo, 2)
	}},
}

// extendWithBlocks runs the sparse engine with the block engine taking over
// from heap 400 on (64 extra kernel heaps, 32 for codes with several split
// digits), whatever the number of rare heaps.
func extendWithBlocks(t *testing.T, code Code, upTo, workers int) []uint16 {
	defer func(w, min, kernel, small, multi, rare int) {
		parallelWorkers, blockEngineMin, blockPairKernel, blockPairKernelSmall, blockPairKernelMulti, blockMinRare = w, min, kernel, small, multi, rare
	}(parallelWorkers, blockEngineMin, blockPairKernel, blockPairKernelSmall, blockPairKernelMulti, blockMinRare)
	parallelWorkers, blockEngineMin, blockPairKernel, blockPairKernelSmall, blockPairKernelMulti, blockMinRare = workers, 400, 64, 48, 32, 0
	got, err := SparseExtend(context.Background(), code, nil, upTo, nil)
	require.NoError(t, err)
	return got
}

func slicesEqual(a, b []uint16) bool { return firstDifference(a, b) < 0 }

func firstDifference(a, b []uint16) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

// TestScanPairs checks the eight-at-a-time pair scan against the plain loop
// over every pair, on random values and random sets of values to rule out.
func TestScanPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 2026))
	for trial := range 2000 {
		m := rng.IntN(40)
		lo, hi := make([]uint16, m), make([]uint16, m)
		for i := range m {
			lo[i], hi[i] = uint16(rng.IntN(64)), uint16(rng.IntN(64))
		}
		got, want := new([MaxValue + 1]uint8), new([MaxValue + 1]uint8)
		count := 0
		for v := range 64 {
			switch rng.IntN(4) {
			case 0:
				got[v], want[v] = 2, 2
				count++
			case 1:
				got[v], want[v] = 1, 1
			}
		}
		wantLeft := count
		for i := range m {
			if v := lo[i] ^ hi[m-1-i]; want[v] == 2 {
				want[v] = 1
				wantLeft--
			}
		}
		left := scanPairs(lo, hi, got, count)
		if count > 0 {
			require.Equal(t, wantLeft, left, "trial %d", trial)
			require.Equal(t, want[:64], got[:64], "trial %d", trial)
		}
	}
}

// TestScanPairsSIMD checks the vector pair scan against the plain loop over
// every pair: values up to the table size (64 to 512), scans long and short,
// sets of values to rule out dense (many found in one block of 32 pairs,
// some twice) and sparse (found late or never).
func TestScanPairsSIMD(t *testing.T) {
	if !haveFindPairsSIMD {
		t.Skip("no vector pair scan on this CPU")
	}
	rng := rand.New(rand.NewPCG(11, 2026))
	for trial := range 3000 {
		size := 64 << rng.IntN(4)
		m := rng.IntN(3000)
		lo, hi := make([]uint16, m), make([]uint16, m)
		for i := range m {
			lo[i], hi[i] = uint16(rng.IntN(size)), uint16(rng.IntN(size))
		}
		got, want := new([MaxValue + 1]uint8), new([MaxValue + 1]uint8)
		density := 1 + rng.IntN(64)
		count := 0
		for v := range size {
			switch rng.IntN(density + 1) {
			case 0:
				got[v], want[v] = 2, 2
				count++
			case 1:
				got[v], want[v] = 1, 1
			}
		}
		if count == 0 {
			continue
		}
		wantLeft := count
		for i := range m {
			if v := lo[i] ^ hi[m-1-i]; want[v] == 2 {
				want[v] = 1
				if wantLeft--; wantLeft == 0 {
					break
				}
			}
		}
		left := scanPairsSIMD(lo, hi, got, size, count)
		require.Equal(t, wantLeft, left, "trial %d (size %d, %d pairs)", trial, size, m)
		require.Equal(t, want[:size], got[:size], "trial %d (size %d, %d pairs)", trial, size, m)
	}
}

// TestBlockEngineOfficers compares the block engine (default kernel) with the
// per-heap engine on the first 200,000 heaps of Officers (0.6), whose 1583
// rare heaps all lie below 20,628.
func TestBlockEngineOfficers(t *testing.T) {
	code := NewCode(takebreak.MustParse("0.6"))
	const upTo = 200_000
	defer func(min int) { blockEngineMin = min }(blockEngineMin)
	blockEngineMin = upTo + 1
	want, err := SparseExtend(context.Background(), code, nil, upTo, nil)
	require.NoError(t, err)
	blockEngineMin = 1 << 12
	for _, workers := range []int{1, 2} {
		func() {
			defer func(w int) { parallelWorkers = w }(parallelWorkers)
			parallelWorkers = workers
			s := NewSparse(code, []uint16{0})
			require.NoError(t, s.Extend(context.Background(), upTo, nil))
			require.NotNil(t, s.blocks, "the block engine did not run")
			if n := firstDifference(want, s.Values()); n >= 0 {
				t.Fatalf("%d workers: G(%d) = %d, per-heap engine %d", workers, n, s.Values()[n], want[n])
			}
		}()
	}
}

// TestMarkGroup checks the assembly marking loop against markGroupGo.
func TestMarkGroup(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 2026))
	vals := make([]uint16, 5000)
	for i := range vals {
		vals[i] = uint16(rng.IntN(blockStride))
	}
	for range 50 {
		kernel := make([]uint32, rng.IntN(300))
		for i := range kernel {
			kernel[i] = uint32(1 + rng.IntN(2000))
		}
		base := 2000 + rng.IntN(2900)
		g := rng.IntN(blockGroups)
		got, want := new(blockTable), new(blockTable)
		markGroup(got, g, vals, base, kernel)
		markGroupGo(want, g, vals, base, kernel)
		require.Equal(t, want, got)
	}
}

// TestMarkSplits checks the small-split marking loop against a plain loop.
func TestMarkSplits(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 2026))
	vals := make([]uint16, 400)
	for i := range vals {
		vals[i] = uint16(rng.IntN(blockStride))
	}
	for range 200 {
		r := 2 + rng.IntN(len(vals)-2)
		until := 1 + rng.IntN(r)
		got, want := new([MaxValue + 1]uint8), new([MaxValue + 1]uint8)
		markSplits(got, vals, r, until)
		for a := 1; a < until; a++ {
			want[vals[a]^vals[r-a]] = 1
		}
		require.Equal(t, want, got, "r=%d until=%d", r, until)
	}
}

// TestFindPairsAligned checks the vector scan over lanes aligned in memory
// (the reversed low parts) against the same pairs taken one by one.
func TestFindPairsAligned(t *testing.T) {
	ran := false
	for _, impl := range []struct {
		name string
		have bool
		scan func(lo, hi *uint16, blocks int, set *valueSet512, count int) (left, done int)
	}{{"AVX-512", haveFindPairsSIMD, findPairsAlignedAVX512}, {"AVX2", haveAVX2PairScan, findPairsAlignedAVX2}} {
		if impl.have {
			ran = true
			t.Run(impl.name, func(t *testing.T) { testFindPairsAligned(t, impl.scan) })
		}
	}
	if !ran {
		t.Skip("no vector pair scan on this CPU")
	}
}

func testFindPairsAligned(t *testing.T, scan func(lo, hi *uint16, blocks int, set *valueSet512, count int) (left, done int)) {
	rng := rand.New(rand.NewPCG(13, 2026))
	for trial := range 2000 {
		size := 64 << rng.IntN(4)
		blocks := 1 + rng.IntN(40)
		lo, hi := make([]uint16, 32*blocks), make([]uint16, 32*blocks)
		for i := range lo {
			lo[i], hi[i] = uint16(rng.IntN(size)), uint16(rng.IntN(size))
		}
		var set valueSet512
		density := 1 + rng.IntN(64)
		count := 0
		for v := range size {
			if rng.IntN(density) == 0 {
				set[v>>6] |= 1 << (v & 63)
				count++
			}
		}
		if count == 0 {
			continue
		}
		// Block i is lo[len−32(i+1)+l] ^ hi[len−32(i+1)+l], l < 32.
		want, wantLeft, wantDone := set, count, 0
		for i := 0; i < blocks && wantLeft > 0; i++ {
			for l := range 32 {
				k := len(lo) - 32*(i+1) + l
				if v := lo[k] ^ hi[k]; want.has(v) {
					want[v>>6] &^= 1 << (v & 63)
					wantLeft--
				}
			}
			wantDone++
		}
		got := set
		left, done := scan(&lo[len(lo)-32], &hi[len(hi)-32], blocks, &got, count)
		require.Equal(t, wantLeft, left, "trial %d", trial)
		require.Equal(t, wantDone, done, "trial %d", trial)
		require.Equal(t, want, got, "trial %d", trial)
	}
}

// TestRuleOut64 checks the vector rule-out scan of the small-space engine
// against the same pairs tested one by one, on random values below 64 and
// sets of every density (the value 0 included: the high bytes of the
// vector lanes must not look it up).
func TestRuleOut64(t *testing.T) {
	if !haveRuleOut64 {
		t.Skip("no vector rule-out scan on this CPU")
	}
	rng := rand.New(rand.NewPCG(1064, 2026))
	for trial := range 3000 {
		blocks := 1 + rng.IntN(30)
		lo, hi := make([]uint16, 16*blocks), make([]uint16, 16*blocks)
		for i := range lo {
			lo[i], hi[i] = uint16(rng.IntN(64)), uint16(rng.IntN(64))
		}
		set := rng.Uint64() & rng.Uint64() & rng.Uint64()
		if trial%4 == 0 {
			set = 1 << rng.IntN(64)
		}
		if trial%8 == 1 {
			set = 1 // value 0 alone
		}
		// Block i is lo[len−16(i+1)+l] ^ hi[len−16(i+1)+l], l < 16.
		want, wantDone := set, 0
		for i := 0; i < blocks && want != 0; i++ {
			for l := range 16 {
				k := len(lo) - 16*(i+1) + l
				want &^= 1 << (lo[k] ^ hi[k])
			}
			wantDone++
		}
		got, done := ruleOut64(&lo[len(lo)-16], &hi[len(hi)-16], blocks, set)
		require.Equal(t, want, got, "trial %d: set %#x", trial, set)
		require.Equal(t, wantDone, done, "trial %d", trial)
	}
}

// TestRuleOut64x2 checks the two-digit vector rule-out scans (16 pairs a
// block, and 32 where the CPU has AVX-512 BITALG) against the pairs of
// both digits tested one by one, block by block.
func TestRuleOut64x2(t *testing.T) {
	if !haveRuleOut64 {
		t.Skip("no vector rule-out scan on this CPU")
	}
	defer func(w bool) { haveRuleOut64x2Wide = w }(haveRuleOut64x2Wide)
	kernels := []bool{false}
	if haveRuleOut64x2Wide {
		kernels = append(kernels, true)
	}
	for _, wide := range kernels {
		haveRuleOut64x2Wide = wide
		testRuleOut64x2(t, ruleOut64x2Lanes())
	}
}

func testRuleOut64x2(t *testing.T, lanes int) {
	rng := rand.New(rand.NewPCG(1672, uint64(lanes)))
	for trial := range 3000 {
		blocks := 1 + rng.IntN(30)
		lo, hi0, hi1 := make([]uint16, lanes*blocks), make([]uint16, lanes*blocks), make([]uint16, lanes*blocks)
		for i := range lo {
			lo[i], hi0[i], hi1[i] = uint16(rng.IntN(64)), uint16(rng.IntN(64)), uint16(rng.IntN(64))
		}
		set := rng.Uint64() & rng.Uint64() & rng.Uint64()
		switch trial % 8 {
		case 0:
			set = 1 << rng.IntN(64)
		case 1:
			set = 1 // value 0 alone
		case 2:
			set = 1<<(lo[len(lo)-1]^hi1[len(hi1)-1]) | 1<<rng.IntN(64) // found by the second digit first
		}
		// Block i is lo[k] ^ hi0[k] and lo[k] ^ hi1[k], k = len−L(i+1)+l, l < L.
		want, wantDone := set, 0
		for i := 0; i < blocks && want != 0; i++ {
			for l := range lanes {
				k := len(lo) - lanes*(i+1) + l
				want &^= 1<<(lo[k]^hi0[k]) | 1<<(lo[k]^hi1[k])
			}
			wantDone++
		}
		got, done := ruleOut64x2(&lo[len(lo)-lanes], &hi0[len(hi0)-lanes], &hi1[len(hi1)-lanes], blocks, set)
		require.Equal(t, want, got, "%d lanes, trial %d: set %#x", lanes, trial, set)
		require.Equal(t, wantDone, done, "%d lanes, trial %d", lanes, trial)
	}
}

// TestRuleOut64x3 checks the three-digit vector rule-out scan block by
// block against the pairs tested one at a time.
func TestRuleOut64x3(t *testing.T) {
	if !haveRuleOut64x3 {
		t.Skip("no three-digit vector rule-out scan on this CPU")
	}
	defer func(w bool) { haveRuleOut64x3Wide = w }(haveRuleOut64x3Wide)
	kernels := []bool{false}
	if haveRuleOut64x3Wide {
		kernels = append(kernels, true)
	}
	for _, wide := range kernels {
		haveRuleOut64x3Wide = wide
		testRuleOut64x3(t, ruleOut64x3Lanes())
	}
}

func testRuleOut64x3(t *testing.T, lanes int) {
	rng := rand.New(rand.NewPCG(1777, uint64(lanes)))
	for trial := range 3000 {
		blocks := 1 + rng.IntN(30)
		var lo, hi [4][]uint16 // lo[0] only
		for d := range 4 {
			hi[d] = make([]uint16, lanes*blocks)
			for i := range hi[d] {
				hi[d][i] = uint16(rng.IntN(64))
			}
		}
		lo[0] = hi[3]
		set := rng.Uint64() & rng.Uint64() & rng.Uint64()
		switch trial % 8 {
		case 0:
			set = 1 << rng.IntN(64)
		case 1:
			set = 1 // value 0 alone
		case 2:
			k := len(lo[0]) - 1
			set = 1<<(lo[0][k]^hi[2][k]) | 1<<rng.IntN(64) // found by the third digit first
		case 3:
			set = ^uint64(0)
		}
		if set == 0 {
			set = 1 << rng.IntN(64) // the scans are never called with nothing to rule out
		}
		want, wantDone := set, 0
		for i := 0; i < blocks && want != 0; i++ {
			for l := range lanes {
				k := len(lo[0]) - lanes*(i+1) + l
				for d := range 3 {
					want &^= 1 << (lo[0][k] ^ hi[d][k])
				}
			}
			wantDone++
		}
		e := len(lo[0]) - lanes
		got, done := ruleOut64x3(&lo[0][e], &hi[0][e], &hi[1][e], &hi[2][e], blocks, set)
		require.Equal(t, want, got, "%d lanes, trial %d: set %#x", lanes, trial, set)
		require.Equal(t, wantDone, done, "%d lanes, trial %d", lanes, trial)
	}
}

// TestMarkGroup64 checks the word marking of values below 64 (the vector
// version where the CPU has it) against the same splits marked one by one.
func TestMarkGroup64(t *testing.T) {
	rng := rand.New(rand.NewPCG(64, 2026))
	vals := make([]uint16, 4096)
	for trial := range 500 {
		for i := range vals {
			vals[i] = uint16(rng.IntN(64))
		}
		kernel := make([]uint32, rng.IntN(200))
		for i := range kernel {
			kernel[i] = uint32(1 + rng.IntN(1500))
		}
		base := 2000 + rng.IntN(1000)
		g := rng.IntN(blockGroups)
		var got, want blockOptions
		got[g*blockGroup][0] = 1 << 63 // ORed into, not overwritten
		want[g*blockGroup][0] = 1 << 63
		markGroup64(&got, g, vals, base, kernel)
		for k := g * blockGroup; k < (g+1)*blockGroup; k++ {
			for _, a := range kernel {
				want[k][0] |= 1 << (vals[a] ^ vals[base+k-int(a)])
			}
		}
		require.Equal(t, want, got, "trial %d", trial)
	}
}

// TestPairKernelChoice checks that the chosen pair kernel does what it is
// for: on heaps after the ones it was chosen on, it leaves the rule-out
// scan fewer values to find than as many consecutive heaps do.
func TestPairKernelChoice(t *testing.T) {
	vals, err := SparseExtend(context.Background(), NewCode(takebreak.MustParse("0.6")), nil, 160_000, nil)
	require.NoError(t, err)
	s := NewSparse(NewCode(takebreak.MustParse("0.6")), vals[:120_000])
	const pairs = 128
	chosen := s.choosePairKernel(120_000, pairs)
	require.Len(t, chosen, pairs)
	for _, a := range chosen {
		require.False(t, s.rareAt(int(a), vals[a]), "kernel heap %d is rare (the rare kernel has it)", a)
	}
	consecutive := make([]uint32, pairs)
	for i := range consecutive {
		consecutive[i] = uint32(blockLag + i)
	}
	left := func(kernel []uint32) (n int) {
		for m := 150_000; m < 160_000; m += 10 {
			set := s.valuesToRuleOut(m, vals)
			for _, a := range kernel {
				v := vals[a] ^ vals[m-1-int(a)]
				set[v>>6] &^= 1 << (v & 63)
			}
			for _, x := range set {
				n += bits.OnesCount64(x)
			}
		}
		return n
	}
	c, k := left(chosen), left(consecutive)
	t.Logf("values left to rule out over 1000 heaps: %d with the chosen kernel, %d with heaps %d..%d", c, k, blockLag, blockLag+pairs-1)
	require.Less(t, c, k*3/4)
}

// TestBlockTuner checks the block engine's choice of workers: two until a
// round in which the marker marks less than a quarter of the groups, then
// one for 1, 2, 4 … rounds (at most blockSoloRounds) while the trials stay
// poor, and two again for good after a good trial.
func TestBlockTuner(t *testing.T) {
	var tu blockTuner
	rounds := func(n int) (two int) {
		for range n {
			if tu.twoWorkers() {
				two++
			}
		}
		return two
	}
	require.Equal(t, 3, rounds(3), "two workers from the start")
	tu.observe(40, 100) // the marker did 40 of 140 groups: a good round
	require.Equal(t, 1, rounds(1))
	for _, solo := range []int{1, 2, 4, 8, 16, 32, 64, 64} {
		tu.observe(10, 118) // 10 of 128: poor
		require.Equal(t, 0, rounds(solo), "one worker for %d rounds", solo)
		require.Equal(t, 1, rounds(1), "then a trial with two")
	}
	tu.observe(64, 64)
	require.Equal(t, 5, rounds(5), "two workers again after a good trial")
	tu.observe(0, 128)
	require.Equal(t, 0, rounds(1), "a poor round after a good one: one round alone")
	require.Equal(t, 1, rounds(1))
}

// TestPairWords checks the pair words of the three-digit rule-out scan
// (pairWord, pairWords3: one kernel per CPU width) against the pairs ORed
// one at a time, on random values and on the edge values 0 and 63.
func TestPairWords(t *testing.T) {
	if !haveRuleOut64x3 {
		t.Skip("no three-digit vector rule-out scan on this CPU")
	}
	defer func(w bool) { haveRuleOut64x3Wide = w }(haveRuleOut64x3Wide)
	kernels := []bool{false}
	if haveRuleOut64x3Wide {
		kernels = append(kernels, true)
	}
	for _, wide := range kernels {
		haveRuleOut64x3Wide = wide
		lanes := ruleOut64x3Lanes()
		rng := rand.New(rand.NewPCG(1777, uint64(lanes)))
		for trial := range 2000 {
			lo, hi := make([]uint16, lanes), make([]uint16, lanes+2)
			for i := range lo {
				lo[i] = uint16(rng.IntN(64))
			}
			for i := range hi {
				hi[i] = uint16(rng.IntN(64))
			}
			switch trial % 5 {
			case 0: // every pair 0
				copy(hi, lo)
				copy(hi[1:], lo)
				hi[0] = lo[0]
				for i := range hi {
					hi[i] = 5
				}
				for i := range lo {
					lo[i] = 5
				}
			case 1: // the largest value, 63, in one lane only
				for i := range hi {
					hi[i] = lo[min(i, lanes-1)]
				}
				hi[trial%lanes] ^= 63
			case 2: // few distinct values
				for i := range hi {
					hi[i] = uint16(rng.IntN(2)) << 5
				}
			}
			var want [3]uint64
			for h := range want {
				for l := range lanes {
					want[h] |= 1 << (lo[l] ^ hi[h+l])
				}
			}
			require.Equal(t, want[0], pairWord(&lo[0], &hi[0]), "%d lanes, trial %d", lanes, trial)
			w0, w1, w2 := pairWords3(&lo[0], &hi[0])
			require.Equal(t, want, [3]uint64{w0, w1, w2}, "%d lanes, trial %d", lanes, trial)
		}
	}
}

// TestSmallRoundWordsEqualsQuadratic runs the three-digit loop with pair
// words (smallRoundWords) on random codes whose split digits j0 < j1 < j2
// have j0 ≥ 2 against the definition, with the reversed copy of the first
// values long enough for every block of words and the scans past them, on
// both kernel widths; and 0.1777 against the engines without the
// small-space loops.
func TestSmallRoundWordsEqualsQuadratic(t *testing.T) {
	if !haveRuleOut64x3 || !haveRareOptions4 {
		t.Skip("no three-digit vector rule-out scan on this CPU")
	}
	defer func(l int, w bool) { smallRevLen, haveRuleOut64x3Wide = l, w }(smallRevLen, haveRuleOut64x3Wide)
	kernels := []bool{false}
	if haveRuleOut64x3Wide {
		kernels = append(kernels, true)
	}
	const heaps = 4000
	for _, wide := range kernels {
		haveRuleOut64x3Wide = wide
		rng := rand.New(rand.NewPCG(1777, 2026))
		used, consecutive, pastWords := 0, 0, 0
		for trial := 0; (used < 12 || consecutive < 4) && trial < 3000; trial++ {
			j0 := 2 + rng.IntN(3)
			j1 := j0 + 1 + rng.IntN(3)
			j2 := j1 + 1 + rng.IntN(3)
			if trial%3 == 0 {
				j1, j2 = j0+1, j0+2
			}
			digits := make([]uint8, j2+1)
			for j := 1; j <= j2; j++ {
				digits[j] = uint8(rng.IntN(4))
			}
			for _, j := range []int{j0, j1, j2} {
				digits[j] |= 4
			}
			code := Code{Digits: digits}
			// One block of words; five, and the scalar scan past them; all
			// eight, and the vector scan past them.
			smallRevLen = []int{64, 192, 1024}[trial/3%3]
			s := NewSparse(code, nil)
			require.NoError(t, s.Extend(context.Background(), heaps-1, nil))
			if s.smallWordHeaps < heaps/2 {
				continue
			}
			used++
			if j1 == j0+1 && j2 == j0+2 {
				consecutive++
			}
			if smallRevLen == 1024 && s.smallVectorBlocks > 0 {
				pastWords++ // scans that went on past the words with ruleOut64x3
			}
			want, err := QuadraticExtend(context.Background(), code, nil, heaps-1, nil)
			require.NoError(t, err)
			if d := firstDifference(want, s.Values()); d >= 0 {
				t.Fatalf("%s (%v, %d rare, wide %v, smallRevLen %d): G(%d) = %d, quadratic %d", code, s.Space(), s.Rare(), wide, smallRevLen, d, s.Values()[d], want[d])
			}
		}
		require.GreaterOrEqual(t, used, 12, "random codes run by the pair-word loop")
		require.GreaterOrEqual(t, consecutive, 4, "codes with consecutive split digits")
		t.Logf("wide %v: %d codes, %d with scans past the words", wide, used, pastWords)
	}
	smallRevLen = 1 << 13
	code := NewCode(takebreak.MustParse("0.1777"))
	s := NewSparse(code, nil)
	require.NoError(t, s.Extend(context.Background(), 200_000, nil))
	require.Greater(t, s.smallWordHeaps, 150_000, "0.1777 runs in the pair-word loop")
	require.Positive(t, s.smallVectorBlocks, "0.1777: scans that go on past the words with ruleOut64x3")
	defer func(w int) { smallMaxWork = w }(smallMaxWork)
	smallMaxWork = 0
	want, err := SparseExtend(context.Background(), code, nil, 200_000, nil)
	require.NoError(t, err)
	if d := firstDifference(want, s.Values()); d >= 0 {
		t.Fatalf("0.1777: G(%d) = %d, without the small-space engine %d", d, s.Values()[d], want[d])
	}
}

// TestRuleOut3WordsEqualsScalar checks the three-digit rule-out scan by
// pair words (the ring's first words made three heaps at a time, then
// smallRuleOut3Words: later blocks for one heap or three, and the scan past
// the words) against every split tested one at a time, heap after heap as
// smallRoundWords goes, on random values whose rare ones make long scans.
func TestRuleOut3WordsEqualsScalar(t *testing.T) {
	if !haveRuleOut64x3 {
		t.Skip("no three-digit vector rule-out scan on this CPU")
	}
	defer func(w bool) { haveRuleOut64x3Wide = w }(haveRuleOut64x3Wide)
	kernels := []bool{false}
	if haveRuleOut64x3Wide {
		kernels = append(kernels, true)
	}
	for _, wide := range kernels {
		haveRuleOut64x3Wide = wide
		rng := rand.New(rand.NewPCG(3, 1777))
		for trial := range 12 {
			j0 := 2 + rng.IntN(3)
			split := []int{j0, j0 + 1, j0 + 2}
			if trial%3 == 2 {
				split = []int{j0, j0 + 1 + rng.IntN(4), j0 + 6 + rng.IntN(5)}
			}
			vals := make([]uint16, 12000)
			for i := range vals {
				vals[i] = uint16(rng.IntN(8)) // common values
				if rng.IntN(200) == 0 {
					vals[i] = uint16(8 + rng.IntN(56)) // rare ones
				}
			}
			revLen := []int{64, 200, 1 << 13}[trial%3]
			s := &Sparse{split: split, smallRev: make([]uint16, revLen)}
			for i := range s.smallRev {
				s.smallRev[i] = vals[revLen-1-i]
			}
			back := [smallMultiMaxSplits]int{0, split[1] - j0, split[2] - j0}
			from := len(vals) / 2
			require.True(t, s.pairWordsApply(from))
			blocks := s.wordBlocks(from)
			w := new(pairWordRing)
			for m := from - back[2]; m < from; m++ {
				w.start(m, j0, s.smallRev, vals)
			}
			for n := from; n < from+3000; n++ {
				if (n-from)%3 == 0 {
					w.start3(n, j0, s.smallRev, vals)
				}
				set := rng.Uint64() &^ 0xff
				if n%7 == 0 {
					set = 1 << (8 + rng.IntN(56))
				}
				want := set
				for _, j := range split {
					for a := 1; a <= (n-j)/2; a++ {
						want &^= 1 << (vals[a] ^ vals[n-j-a])
					}
				}
				got := set &^ (w.words[n&15][0] | w.words[(n-back[1])&15][0] | w.words[(n-back[2])&15][0])
				cut := false
				if got != 0 {
					got, cut = s.smallRuleOut3Words(n, vals[:n], got, w, &back, blocks)
				}
				require.Equal(t, want, got, "wide %v, trial %d (splits %v, %d reversed), heap %d, set %#x", wide, trial, split, revLen, n, set)
				require.False(t, cut)
			}
		}
	}
}
