package octal

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/nimlab/nimlab/solver/takebreak"
	"github.com/stretchr/testify/require"
)

// TestStreamEqualsInMemory runs streams with small windows (so that memory
// is handed back many times) against the in-memory engine: 0.106 (the
// small-space engine, a parity space), 0.6 (the block engine) and 0.127
// (a parity space through the block engine). With NIMLAB_LONG=1 each
// runs 10^7 heaps.
func TestStreamEqualsInMemory(t *testing.T) {
	heaps := map[string]int{"0.106": 1_000_000, "0.6": 400_000, "0.127": 200_000}
	if os.Getenv("NIMLAB_LONG") != "" {
		for c := range heaps {
			heaps[c] = 10_000_000
		}
	}
	// Officers' rule-out scans reach further than the other two's, and
	// further as the heaps grow: with 2^17 first values a stream of it
	// stops, rightly, at heap 1,697,097 (the rare value 248 is only ruled
	// out by a split whose smaller part is beyond them).
	first := map[string]int{"0.106": 1 << 15, "0.6": 1 << 17, "0.127": 1 << 15}
	if os.Getenv("NIMLAB_LONG") != "" {
		first["0.6"] = 1 << 22
	}
	for _, code := range []string{"0.106", "0.6", "0.127"} {
		c := NewCode(takebreak.MustParse(code))
		want, err := SparseExtend(context.Background(), c, nil, heaps[code]-1, nil)
		require.NoError(t, err)
		st, err := NewStream(c, StreamOptions{First: first[code], Window: first[code] + 1<<15})
		require.NoError(t, err)
		step := 50_000
		for n := step; n <= len(want); n += step {
			require.NoError(t, st.Extend(context.Background(), n-1, nil), code)
			from := max(0, n-st.Window())
			kept := st.Kept(from, n)
			require.NotNil(t, kept)
			if d := firstDifference(want[from:n], kept); d >= 0 {
				t.Fatalf("%s: stream G(%d) = %d, in memory %d", code, from+d, kept[d], want[from+d])
			}
		}
		require.Equal(t, want[:st.First()], st.Kept(0, st.First()), code)
		require.Greater(t, st.released, st.First(), "%s: memory handed back", code)
		require.Nil(t, st.Kept(st.First()+10, st.First()+11), "%s: the middle is not kept", code)
		t.Logf("%s: %d heaps, %v, %d rare heaps", code, st.Len(), st.Space(), len(st.Rare()))
		require.NoError(t, st.Close())
	}
}

// TestStreamStopsAtANewRareHeap: 0.6's rare heaps go on to 20,627, so a
// stream keeping only the first 2^14 values stops at the first rare heap
// beyond them, with every value before it exact.
func TestStreamStopsAtANewRareHeap(t *testing.T) {
	c := NewCode(takebreak.MustParse("0.6"))
	want, err := SparseExtend(context.Background(), c, nil, 60_000, nil)
	require.NoError(t, err)
	st, err := NewStream(c, StreamOptions{First: 1 << 14, Window: 1 << 16})
	require.NoError(t, err)
	defer st.Close()
	err = st.Extend(context.Background(), 60_000, nil)
	var ue *UndecidedError
	require.True(t, errors.As(err, &ue), "got %v", err)
	t.Log(err)
	require.Greater(t, ue.Heap, 1<<14)
	require.Equal(t, ue.Heap, st.Len())
	require.True(t, st.s.rareAt(ue.Heap-1, want[ue.Heap-1]), "heap %d is rare", ue.Heap-1)
	require.Equal(t, want[st.Len()-100:st.Len()], st.Kept(st.Len()-100, st.Len()))
	require.Error(t, st.Extend(context.Background(), 60_000, nil), "it stays stopped")
}

// TestPairLimitNeverGuesses bounds the rule-out scans to splits with a
// part below a small limit, on random codes: the engine either computes
// every value of the definition or stops with an *UndecidedError at a heap
// whose value it has not written, every value before it exact (80 codes).
func TestPairLimitNeverGuesses(t *testing.T) {
	undecided := 0
	runPairLimitCodes(t, 11, func(_ *Sparse, stopped bool) {
		if stopped {
			undecided++
		}
	})
	t.Logf("%d of 80 codes stopped undecided", undecided)
	require.Greater(t, undecided, 5)
}

// runPairLimitCodes runs the sparse engine with a pair limit of 4–63 on 80
// random codes (drawn from seed), from G(0..999) to G(2999). Every value it
// writes must be the quadratic engine's, and it may stop only with an
// *UndecidedError at the first heap it has not written; done gets each
// engine and whether it stopped so.
func runPairLimitCodes(t *testing.T, seed uint64, done func(s *Sparse, stopped bool)) {
	rng := rand.New(rand.NewPCG(seed, 2026))
	for i := range 80 {
		code := randomSparseTestCode(rng, i%4 == 3)
		want, err := QuadraticExtend(context.Background(), code, nil, 2999, nil)
		require.NoError(t, err)
		s := NewSparse(code, append([]uint16(nil), want[:1000]...))
		s.fixedSpace = true
		s.pairLimit = 4 + rng.IntN(60)
		err = s.Extend(context.Background(), 2999, nil)
		got := s.Values()
		if d := firstDifference(want[:len(got)], got); d >= 0 {
			t.Fatalf("%s (pair limit %d): G(%d) = %d, quadratic %d", code, s.pairLimit, d, got[d], want[d])
		}
		if err != nil {
			var ue *UndecidedError
			require.True(t, errors.As(err, &ue), "%s: %v", code, err)
			require.Equal(t, len(got), ue.Heap)
		} else {
			require.Len(t, got, 3000)
		}
		done(s, err != nil)
	}
}

// TestSmallWidePairLimitNeverGuesses is TestPairLimitNeverGuesses with the
// two-word small-space loop forced (smallWideFrom 0): a heap whose rare
// values it cannot rule out within the limit stops the run, never guessed.
func TestSmallWidePairLimitNeverGuesses(t *testing.T) {
	defer func(f int) { smallWideFrom = f }(smallWideFrom)
	smallWideFrom = 0
	undecided, wide := 0, 0
	runPairLimitCodes(t, 12, func(s *Sparse, stopped bool) {
		if s.smallWideHeaps > 0 {
			wide++
			if stopped {
				undecided++
			}
		}
	})
	t.Logf("%d of 80 codes ran the two-word loop, %d of them stopped undecided", wide, undecided)
	require.Greater(t, wide, 20)
	require.GreaterOrEqual(t, undecided, 5)
}
