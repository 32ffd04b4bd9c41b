package octal

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/nimlab/nimlab/solver/takebreak"
	"github.com/stretchr/testify/require"
)

// randomParityCandidate draws a code of 2–5 digits whose split digits all
// have one parity, so that its sparse space may be of the second type.
func randomParityCandidate(rng *rand.Rand) Code {
	k := 2 + rng.IntN(4)
	digits := make([]uint8, k+1)
	par := rng.IntN(2)
	for j := 1; j <= k; j++ {
		d := uint8(rng.IntN(4)) // whole and take moves only
		if j%2 == par && rng.IntN(2) == 0 {
			d |= 4
		}
		digits[j] = d
	}
	if digits[k] == 0 {
		digits[k] = 1
	}
	return Code{Digits: digits}
}

// TestParitySpaceEqualsQuadratic is the exactness property for the second
// type of sparse space: on random codes whose engine chose a mask with the
// heap's parity (25 of them), every way the engine runs (one worker, two, the block
// engine with and without the vector scans, the small-space engine) gives
// the values of the definition for the first 4000 heaps.
func TestParitySpaceEqualsQuadratic(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 2026))
	const heaps = 4000
	found := 0
	for trial := 0; found < 25 && trial < 5000; trial++ {
		code := randomParityCandidate(rng)
		s := NewSparse(code, nil)
		require.NoError(t, s.Extend(context.Background(), heaps-1, nil))
		if !s.Space().HeapParity {
			continue
		}
		found++
		want, err := QuadraticExtend(context.Background(), code, nil, heaps-1, nil)
		require.NoError(t, err)
		require.Equal(t, want, s.Values(), "%s (space %v)", code, s.Space())
		for _, engine := range append(sparseEngines, smallEngine) {
			got := engine.extend(t, code, heaps-1)
			if d := firstDifference(want, got); d >= 0 {
				t.Fatalf("%s (%v): %s G(%d) = %d, quadratic %d", code, s.Space(), engine.name, d, got[d], want[d])
			}
		}
	}
	require.GreaterOrEqual(t, found, 25, "random codes with a parity space")
}

// smallEngine runs the small-space engine wherever the values allow it,
// whatever the number of rare heaps.
var smallEngine = struct {
	name   string
	extend func(t *testing.T, code Code, upTo int) []uint16
}{"small-space", func(t *testing.T, code Code, upTo int) []uint16 {
	defer func(w int) { smallMaxWork = w }(smallMaxWork)
	smallMaxWork = 1 << 30
	got, err := SparseExtend(context.Background(), code, nil, upTo, nil)
	require.NoError(t, err)
	return got
}}

// TestSmallSpaceEqualsQuadratic runs the small-space engine on 100 random
// codes drawn as TestSparseEqualsQuadratic draws them.
func TestSmallSpaceEqualsQuadratic(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 2026))
	for i := range 100 {
		code := randomSparseTestCode(rng, i%4 == 3)
		want, err := QuadraticExtend(context.Background(), code, nil, 2999, nil)
		require.NoError(t, err)
		got := smallEngine.extend(t, code, 2999)
		if d := firstDifference(want, got); d >= 0 {
			t.Fatalf("%s: G(%d) = %d, quadratic %d", code, d, got[d], want[d])
		}
	}
}

// TestSmallOneSplitEqualsQuadratic runs the one-split-digit loop of the
// small-space engine (smallRoundOne, the loop of 0.106's verification) on
// random codes with one split digit and few rare heaps (at least 8 of them
// with 4 or more, so that every chain of the loop is used), against the
// definition; it checks that the loop computed most of the heaps, and
// 0.106 against the engines without the small-space loops. The random
// codes' vector rule-out scans start at heap 128 (a short reversed copy of
// the first values) so that they are tested too, and at least 5 of them
// have rare scans made four heaps at once (rareOptions4).
func TestSmallOneSplitEqualsQuadratic(t *testing.T) {
	rng := rand.New(rand.NewPCG(106, 2026))
	const heaps = 4000
	used, manyRare, vectorBlocks, batched := 0, 0, 0, 0
	defer func(l int) { smallRevLen = l }(smallRevLen)
	smallRevLen = 64
	for trial := 0; (used < 20 || manyRare < 8 || batched < 5 && haveRareOptions4) && trial < 3000; trial++ {
		k := 2 + rng.IntN(4)
		digits := make([]uint8, k+1)
		j := 1 + rng.IntN(k)
		for i := 1; i <= k; i++ {
			digits[i] = uint8(rng.IntN(4))
		}
		digits[j] |= 4
		code := Code{Digits: digits}
		s := NewSparse(code, nil)
		require.NoError(t, s.Extend(context.Background(), heaps-1, nil))
		if s.smallOneHeaps < heaps/2 || used >= 20 && s.Rare() < 4 {
			continue
		}
		used++
		if s.Rare() >= 4 {
			manyRare++
		}
		vectorBlocks += s.smallVectorBlocks
		if 4*s.smallBatches > heaps/2 {
			batched++ // most heaps' rare scans went four heaps at once
		}
		want, err := QuadraticExtend(context.Background(), code, nil, heaps-1, nil)
		require.NoError(t, err)
		if d := firstDifference(want, s.Values()); d >= 0 {
			t.Fatalf("%s (%v, %d rare): G(%d) = %d, quadratic %d", code, s.Space(), s.Rare(), d, s.Values()[d], want[d])
		}
	}
	require.GreaterOrEqual(t, used, 20, "random codes run by the one-split loop")
	require.GreaterOrEqual(t, manyRare, 8, "codes with at least 4 rare heaps (every chain of the loop used)")
	if haveRareOptions4 {
		require.GreaterOrEqual(t, batched, 5, "codes whose rare scans go four heaps at once")
	}
	if haveRuleOut64 {
		require.Greater(t, vectorBlocks, 1000, "blocks of pairs tested by the vector rule-out scan")
	}
	smallRevLen = 1 << 13
	// 0.106 (15 rare heaps) against the engines without the small-space
	// loops (smallMaxWork 0: the serial and block engines).
	s := NewSparse(NewCode(takebreak.MustParse("0.106")), nil)
	require.NoError(t, s.Extend(context.Background(), 200_000, nil))
	require.Greater(t, s.smallOneHeaps, 190_000, "0.106 runs in the one-split loop")
	if haveRuleOut64 {
		require.Greater(t, s.smallVectorBlocks, 10_000, "0.106's long rule-out scans are vector ones")
	}
	if haveRareOptions4 {
		require.Greater(t, s.smallBatches, 45_000, "0.106's rare scans go four heaps at once")
	}
	defer func(w int) { smallMaxWork = w }(smallMaxWork)
	smallMaxWork = 0
	want, err := SparseExtend(context.Background(), NewCode(takebreak.MustParse("0.106")), nil, 200_000, nil)
	require.NoError(t, err)
	if d := firstDifference(want, s.Values()); d >= 0 {
		t.Fatalf("0.106: G(%d) = %d, without the small-space engine %d", d, s.Values()[d], want[d])
	}
}

// TestSmallMultiSplitEqualsQuadratic runs the loop of the small-space
// engine for two to four split digits (smallRoundMulti, with the two-digit
// vector rule-out scan) on random codes against the definition, as
// TestSmallOneSplitEqualsQuadratic does for one digit, and 0.167 against
// the engines without the small-space loops.
func TestSmallMultiSplitEqualsQuadratic(t *testing.T) {
	rng := rand.New(rand.NewPCG(167, 2026))
	const heaps = 4000
	used, twoDigits, vectorBlocks, batched := 0, 0, 0, 0
	threeDigits, vectorBlocks3 := 0, 0
	defer func(l int) { smallRevLen = l }(smallRevLen)
	smallRevLen = 64
	for trial := 0; (used < 20 || twoDigits < 10 || threeDigits < 10 || batched < 5 && haveRareOptions4) && trial < 5000; trial++ {
		k := 2 + rng.IntN(4)
		digits := make([]uint8, k+1)
		for i := 1; i <= k; i++ {
			digits[i] = uint8(rng.IntN(4))
		}
		for range 2 + rng.IntN(3) {
			digits[1+rng.IntN(k)] |= 4
		}
		code := Code{Digits: digits}
		s := NewSparse(code, nil)
		require.NoError(t, s.Extend(context.Background(), heaps-1, nil))
		if s.smallMultiHeaps < heaps/2 {
			continue
		}
		used++
		if len(s.split) == 2 {
			twoDigits++
			vectorBlocks += s.smallVectorBlocks
		}
		if len(s.split) == 3 {
			threeDigits++
			vectorBlocks3 += s.smallVectorBlocks
		}
		if 4*s.smallBatches > heaps/2 {
			batched++
		}
		want, err := QuadraticExtend(context.Background(), code, nil, heaps-1, nil)
		require.NoError(t, err)
		if d := firstDifference(want, s.Values()); d >= 0 {
			t.Fatalf("%s (%v, %d rare): G(%d) = %d, quadratic %d", code, s.Space(), s.Rare(), d, s.Values()[d], want[d])
		}
	}
	require.GreaterOrEqual(t, used, 20, "random codes run by the multi-split loop")
	require.GreaterOrEqual(t, twoDigits, 10, "codes with two split digits")
	if haveRareOptions4 {
		require.GreaterOrEqual(t, batched, 5, "codes whose rare scans go four heaps at once")
	}
	if haveRuleOut64 {
		require.Greater(t, vectorBlocks, 1000, "blocks of pairs tested by the two-digit vector scan")
	}
	require.GreaterOrEqual(t, threeDigits, 10, "codes with three split digits")
	if haveRuleOut64x3 {
		require.Greater(t, vectorBlocks3, 1000, "blocks of pairs tested by the three-digit vector scan")
	}
	smallRevLen = 1 << 13
	s := NewSparse(NewCode(takebreak.MustParse("0.167")), nil)
	require.NoError(t, s.Extend(context.Background(), 200_000, nil))
	require.Greater(t, s.smallMultiHeaps, 190_000, "0.167 runs in the multi-split loop")
	defer func(w int) { smallMaxWork = w }(smallMaxWork)
	smallMaxWork = 0
	want, err := SparseExtend(context.Background(), NewCode(takebreak.MustParse("0.167")), nil, 200_000, nil)
	require.NoError(t, err)
	if d := firstDifference(want, s.Values()); d >= 0 {
		t.Fatalf("0.167: G(%d) = %d, without the small-space engine %d", d, s.Values()[d], want[d])
	}
	// The portable loop, as on CPUs without the vector kernels.
	defer func(r, o bool) { haveRareOptions4, haveRuleOut64 = r, o }(haveRareOptions4, haveRuleOut64)
	haveRareOptions4, haveRuleOut64 = false, false
	smallMaxWork = 128
	plain := NewSparse(NewCode(takebreak.MustParse("0.167")), nil)
	require.NoError(t, plain.Extend(context.Background(), 200_000, nil))
	require.Greater(t, plain.smallMultiHeaps, 190_000, "0.167 runs in the portable multi-split loop")
	require.Zero(t, plain.smallBatches+plain.smallVectorBlocks, "no vector kernel used")
	if d := firstDifference(want, plain.Values()); d >= 0 {
		t.Fatalf("0.167: G(%d) = %d without the vector kernels, %d without the small-space engine", d, plain.Values()[d], want[d])
	}
}

// TestAnySpaceIsExact checks that the space decides only the speed: a
// space forced on the engine (a random mask, with or without the heap's
// parity) gives the values of the definition.
func TestAnySpaceIsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 2026))
	for range 60 {
		code := randomParityCandidate(rng)
		want, err := QuadraticExtend(context.Background(), code, nil, 2999, nil)
		require.NoError(t, err)
		s := NewSparse(code, nil)
		sp := Space{Mask: uint16(1 + rng.IntN(63)), HeapParity: rng.IntN(2) == 0 && s.parityAllowed()}
		require.NoError(t, s.SetSpace(sp))
		require.NoError(t, s.Extend(context.Background(), 2999, nil))
		if d := firstDifference(want, s.Values()); d >= 0 {
			t.Fatalf("%s with %v: G(%d) = %d, quadratic %d", code, sp, d, s.Values()[d], want[d])
		}
	}
	s := NewSparse(NewCode(takebreak.MustParse("0.167")), nil)
	require.Error(t, s.SetSpace(Space{Mask: 1, HeapParity: true}), "0.167 splits after taking 2 and 3 tokens")
}

// TestSpaceOf0106And0127 checks that the engine finds the spaces T.
// Czajka's solver reports for 0.106 (mask 13 with the heap's parity: 15
// rare heaps, the last at 1103) and 0.127 (mask 1 with the parity: 693,
// the last at 27,106), counting the rare heaps on the values of the
// definition (QuadraticExtend).
func TestSpaceOf0106And0127(t *testing.T) {
	for _, tc := range []struct {
		code     string
		heaps    int
		space    Space
		rare     int
		lastRare int
	}{
		{"0.106", 20_000, Space{Mask: 13, HeapParity: true}, 15, 1103},
		{"0.127", 30_000, Space{Mask: 1, HeapParity: true}, 693, 27106},
	} {
		code := NewCode(takebreak.MustParse(tc.code))
		heaps := tc.heaps
		want, err := QuadraticExtend(context.Background(), code, nil, heaps-1, nil)
		require.NoError(t, err)
		s := NewSparse(code, nil)
		require.NoError(t, s.Extend(context.Background(), heaps-1, nil))
		require.Equal(t, want, s.Values(), tc.code)
		require.Equal(t, tc.space, s.Space(), tc.code)
		// The rare heaps by the space's definition, counted on the
		// definition's values (heap 0 is not a part of any split).
		var rare []int
		for n := 1; n < heaps; n++ {
			if (popcount(want[n]&tc.space.Mask)&1 == 0) == ((n-3)&1 == 0) {
				rare = append(rare, n)
			}
		}
		require.Len(t, rare, tc.rare, tc.code)
		require.Equal(t, tc.lastRare, rare[len(rare)-1], tc.code)
		require.Equal(t, tc.rare, s.Rare(), tc.code)
	}
}

func popcount(v uint16) int {
	n := 0
	for ; v != 0; v &= v - 1 {
		n++
	}
	return n
}

// valuesHash is FNV-1a 64 over the values as little-endian 16-bit words.
func valuesHash(vals []uint16) string {
	h := fnv.New64a()
	var b [2]byte
	for _, v := range vals {
		binary.LittleEndian.PutUint16(b[:], v)
		h.Write(b[:])
	}
	return fmt.Sprintf("%x", h.Sum64())
}

// TestLongParityGamesAgainstCzajka compares the first values of 0.106
// (10^6 heaps) and 0.127 (131,000) with T. Czajka's independent C++
// solver, through the hash of the values it printed for them (FNV-1a 64 of
// the values as 16-bit words; the solver was built outside the
// repository). 0.6 (10^6, with NIMLAB_LONG=1: some seconds) is the
// control of the first type.
func TestLongParityGamesAgainstCzajka(t *testing.T) {
	cases := []struct {
		code  string
		heaps int
		hash  string
	}{
		{"0.106", 1_000_000, "71088198fd455095"},
		{"0.127", 131_000, "5eb2baa7e25a3c56"},
		{"0.6", 1_000_000, "6c6a5f58e3d4ee6b"},
	}
	if os.Getenv("NIMLAB_LONG") == "" {
		cases = cases[:2]
	}
	for _, tc := range cases {
		got, err := SparseExtend(context.Background(), NewCode(takebreak.MustParse(tc.code)), nil, tc.heaps-1, nil)
		require.NoError(t, err)
		require.Equal(t, tc.hash, valuesHash(got), "%s: G(0..%d)", tc.code, tc.heaps-1)
	}
}

// TestSmallWideEqualsQuadratic runs the two-word loop of the small-space
// engine (smallRoundWide, used once a value passes 63) from the first heaps
// on, forced by smallWideFrom 0, on random codes of one to four split
// digits against the definition, and on 0.167 against the engines without
// the small-space loops, whole and in a streaming run whose rule-out scans
// stop at the first values kept.
func TestSmallWideEqualsQuadratic(t *testing.T) {
	defer func(f int) { smallWideFrom = f }(smallWideFrom)
	smallWideFrom = 0
	rng := rand.New(rand.NewPCG(64, 2026))
	const heaps = 4000
	used, oneDigit, twoDigits, moreDigits := 0, 0, 0, 0
	for trial := 0; (used < 30 || oneDigit < 5 || twoDigits < 10 || moreDigits < 5) && trial < 5000; trial++ {
		k := 2 + rng.IntN(4)
		digits := make([]uint8, k+1)
		for i := 1; i <= k; i++ {
			digits[i] = uint8(rng.IntN(4))
		}
		for range 1 + rng.IntN(4) {
			digits[1+rng.IntN(k)] |= 4
		}
		code := Code{Digits: digits}
		s := NewSparse(code, nil)
		require.NoError(t, s.Extend(context.Background(), heaps-1, nil))
		if s.smallWideHeaps < heaps/2 {
			continue
		}
		used++
		switch len(s.split) {
		case 1:
			oneDigit++
		case 2:
			twoDigits++
		default:
			moreDigits++
		}
		want, err := QuadraticExtend(context.Background(), code, nil, heaps-1, nil)
		require.NoError(t, err)
		if d := firstDifference(want, s.Values()); d >= 0 {
			t.Fatalf("%s (%v, %d rare): G(%d) = %d, quadratic %d", code, s.Space(), s.Rare(), d, s.Values()[d], want[d])
		}
	}
	require.GreaterOrEqual(t, used, 30, "random codes run by the two-word loop")
	require.GreaterOrEqual(t, oneDigit, 5, "codes with one split digit")
	require.GreaterOrEqual(t, twoDigits, 10, "codes with two split digits")
	require.GreaterOrEqual(t, moreDigits, 5, "codes with three or four split digits")

	code := NewCode(takebreak.MustParse("0.167"))
	s := NewSparse(code, nil)
	require.NoError(t, s.Extend(context.Background(), 200_000, nil))
	smallWideFrom = smallMaxValue + 1
	defer func(w int) { smallMaxWork = w }(smallMaxWork)
	smallMaxWork = 0
	want, err := SparseExtend(context.Background(), code, nil, 200_000, nil)
	require.NoError(t, err)
	if d := firstDifference(want, s.Values()); d >= 0 {
		t.Fatalf("0.167: G(%d) = %d, without the small-space engine %d", d, s.Values()[d], want[d])
	}
	require.Greater(t, s.smallWideHeaps, 190_000, "0.167 runs in the two-word loop")

	// Codes whose values pass 63 early with few rare heaps, as the engine
	// runs them (the two-word loop from their first value 64 on): 0.174
	// (two split digits, as 0.167; largest value 67 by heap 30,000, 56
	// rare heaps) and 0.207 (one split digit; 73, 124 rare heaps).
	for _, c := range []string{"0.174", "0.207"} {
		smallMaxWork = 128
		code := NewCode(takebreak.MustParse(c))
		s := NewSparse(code, nil)
		require.NoError(t, s.Extend(context.Background(), 30_000, nil))
		require.Greater(t, s.maxValue, 63, c)
		require.Greater(t, s.smallWideHeaps, 20_000, "%s runs in the two-word loop", c)
		want, err := QuadraticExtend(context.Background(), code, nil, 30_000, nil)
		require.NoError(t, err)
		if d := firstDifference(want, s.Values()); d >= 0 {
			t.Fatalf("%s: G(%d) = %d, quadratic %d", c, d, s.Values()[d], want[d])
		}
	}
}

// TestRuleOutLow2EqualsTwoWords checks the two-word loop's one-word
// rule-out scan on random values with a few of 64 or more: whenever it
// says its answer holds, the answer is the two-word scan's.
func TestRuleOutLow2EqualsTwoWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(128, 2026))
	held, notHeld := 0, 0
	for range 20000 {
		vals := make([]uint16, 40+rng.IntN(200))
		for i := range vals {
			vals[i] = uint16(rng.IntN(8))
			if rng.IntN(40) == 0 {
				vals[i] = uint16(64 + rng.IntN(4))
			}
		}
		r0 := len(vals) - 1 - rng.IntN(4)
		r1 := r0 - 1 - rng.IntN(3)
		limit := 1 + rng.IntN(r0)
		last0, last1 := min(r0/2, limit-1), min(r1/2, limit-1)
		set := uint64(rng.IntN(256))
		want0, cut0 := set, last0 < r0/2
		for a := 1; a <= last0; a++ {
			for _, r := range []int{r0, r1} {
				if a <= r/2 && a <= last1 || r == r0 {
					if x := vals[a] ^ vals[r-a]; x < 64 {
						want0 &^= 1 << x
					}
				}
			}
		}
		got, cut, ok := ruleOutLow2(vals, r0, r1, last0, last1, set)
		if !ok {
			notHeld++
			continue
		}
		held++
		require.Equal(t, want0, got, "values %v, r0 %d, r1 %d, limit %d, set %b", vals, r0, r1, limit, set)
		require.Equal(t, cut0 && want0 != 0, cut && got != 0)
	}
	require.Greater(t, held, 1000)
	require.Greater(t, notHeld, 1000)
}

// TestRuleOutClean2EqualsTwoWords checks the two-word loop's use of the
// one-word vector rule-out scan on random values below 4 with a few of 68:
// a pair with a 68 has a value of 68 to 71, which one word would take for
// 4 to 7, the values to rule out. Whenever ruleOutClean2 says its answer
// holds, it is the two-word scan's.
func TestRuleOutClean2EqualsTwoWords(t *testing.T) {
	defer func(l int) { smallRevLen = l }(smallRevLen)
	smallRevLen = 64
	rng := rand.New(rand.NewPCG(68, 2026))
	held, notHeld := 0, 0
	for range 3000 {
		vals := make([]uint16, 300+rng.IntN(300))
		var high []uint32
		for i := 1; i < len(vals); i++ {
			vals[i] = uint16(rng.IntN(4))
			if rng.IntN(150) == 0 {
				vals[i] = 68
				high = append(high, uint32(i))
			}
		}
		n := len(vals)
		s := &Sparse{split: []int{2, 3}, vals: vals}
		if rng.IntN(2) == 0 {
			s.pairLimit = 1 + rng.IntN(n/2)
		}
		set := uint64(0xf0) | uint64(rng.IntN(16))
		want0, _, wantCut := s.smallRuleOutWide(n, vals, set, 0)
		got, cut, ok := s.ruleOutClean2(n, vals, set, high)
		if !ok {
			notHeld++
			continue
		}
		held++
		require.Equal(t, want0, got, "heap %d, high %v, pair limit %d", n, high, s.pairLimit)
		require.Equal(t, wantCut && want0 != 0, cut && got != 0)
	}
	require.Greater(t, held, 300)
	require.Greater(t, notHeld, 300)
}
