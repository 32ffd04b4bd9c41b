package census

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// bruteValues computes G(0..n−1) of a code 0.d1d2… whose digits (0–F) allow
// leaving exactly i non-empty heaps when bit i is set, by listing every
// move: the split into two heaps a ≤ b and into three heaps a ≤ b ≤ c
// one by one. It shares nothing with solver/octal.
func bruteValues(digits []uint8, n int) []uint16 {
	g := make([]uint16, n)
	// seen[v] == h marks value v as an option of heap h (values stay below
	// 4n: the XOR of heaps of values below 2n).
	seen := make([]int, 4*n+4)
	for h := 1; h < n; h++ {
		mark := func(v uint16) { seen[v] = h }
		for j := 1; j < len(digits) && j <= h; j++ {
			d, r := digits[j], h-j
			if d&1 != 0 && r == 0 {
				mark(0)
			}
			if d&2 != 0 && r >= 1 {
				mark(g[r])
			}
			if d&4 != 0 {
				for a := 1; 2*a <= r; a++ {
					mark(g[a] ^ g[r-a])
				}
			}
			if d&8 != 0 {
				for a := 1; 3*a <= r; a++ {
					for b := a; a+2*b <= r; b++ {
						mark(g[a] ^ g[b] ^ g[r-a-b])
					}
				}
			}
		}
		v := uint16(0)
		for seen[v] == h {
			v++
		}
		g[h] = v
	}
	return g
}

// hexDigits reads "0.d1d2…" with hexadecimal digits.
func hexDigits(t *testing.T, code string) []uint8 {
	t.Helper()
	out := []uint8{0}
	for _, ch := range code[2:] {
		var d uint8
		switch {
		case ch >= '0' && ch <= '9':
			d = uint8(ch - '0')
		case ch >= 'A' && ch <= 'F':
			d = uint8(ch-'A') + 10
		default:
			t.Fatalf("%s: not a hexadecimal code", code)
		}
		out = append(out, d)
	}
	return out
}

// A hexadecimal family runs on the general engine; every result agrees with
// a brute force that lists the moves: certified periods hold on every value
// the brute force computes, and the fingerprints (which hash the values, or
// the values continued by the certified period) are the brute force's.
func TestHexadecimalFamilyAgainstBruteForce(t *testing.T) {
	const heaps = 300
	fam, err := ParseFamily("hex:0.?")
	require.NoError(t, err)
	require.Len(t, fam.Games, 16)
	res, err := Run(context.Background(), fam, Options{Budget: Budget{MaxHeaps: heaps}})
	require.NoError(t, err)
	require.Len(t, res, 16)
	general := 0
	for _, r := range res {
		gTB, err := takebreak.Parse(r.Code)
		g := NewGame(gTB)
		require.NoError(t, err)
		if g.Octal.General() {
			general++
		}
		brute := bruteValues(hexDigits(t, r.Code), heaps)
		if r.Solved() {
			require.Positive(t, r.Period, r.Code)
			for n := r.Preperiod; n+r.Period < heaps; n++ {
				require.Equal(t, int(brute[n])+r.Saltus, int(brute[n+r.Period]), "%s: period %d from %d fails at %d", r.Code, r.Period, r.Preperiod, n)
			}
			assert.Equal(t, PeriodProven, r.PeriodKind, r.Code)
			assert.NotEmpty(t, r.Proof, r.Code)
		}
		want := fingerprints(brute[:r.Heaps], r, heaps)
		assert.Equal(t, want, r.Fingerprints, r.Code)
		assert.Equal(t, census1(brute[:r.Heaps]), r.MaxValue, r.Code)
	}
	assert.Equal(t, 8, general, "0.8 … 0.F split into three heaps")
	certified := 0
	for _, r := range res {
		if g := NewGame(takebreak.MustParse(r.Code)); g.Octal.General() && r.Solved() {
			certified++
		}
	}
	assert.Positive(t, certified, "some hexadecimal game is certified within 300 heaps")
}

// Games that extend another by moves that leave at most one heap are
// checked against its values (sameas.go): their results equal a direct
// computation, and the shortcut is taken where the sequences agree.
func TestSameAsShortcut(t *testing.T) {
	const heaps = 3000
	fam, err := ParseFamily("0.76?")
	require.NoError(t, err)
	res, err := Run(context.Background(), fam, Options{Budget: Budget{MaxHeaps: heaps}})
	require.NoError(t, err)
	require.Len(t, res, 8)
	byCode := map[string]*Result{}
	for _, r := range res {
		byCode[r.Code] = r
		vals, err := octal.QuadraticExtend(context.Background(), octal.NewCode(takebreak.MustParse(r.Code)), nil, r.Heaps-1, nil)
		require.NoError(t, err)
		assert.Equal(t, fingerprints(vals, r, heaps), r.Fingerprints, r.Code)
		assert.Equal(t, census1(vals), r.MaxValue, r.Code)
		if r.SameAs != "" {
			from := octal.NewCode(takebreak.MustParse(r.SameAs))
			_, ok := supersetOf(from, octal.NewCode(takebreak.MustParse(r.Code)))
			assert.True(t, ok, "%s same as %s", r.Code, r.SameAs)
		}
	}
	// 0.764 … 0.767 agree heap for heap (their extra moves never reach the
	// mex): the last three are checked against 0.764, not computed.
	require.Equal(t, Unsolved, byCode["0.764"].Status)
	assert.Empty(t, byCode["0.764"].SameAs)
	for _, c := range []string{"0.765", "0.766", "0.767"} {
		assert.Equal(t, "0.764", byCode[c].SameAs, c)
		assert.Equal(t, heaps, byCode[c].Heaps, c)
	}

	// agreement finds the first heap where a superset game differs: 0.6
	// (0.4 plus taking one token) leaves 0.4 at once.
	ext, ok := supersetOf(octal.NewCode(takebreak.MustParse("0.4")), octal.NewCode(takebreak.MustParse("0.6")))
	require.True(t, ok)
	v4, err := octal.QuadraticExtend(context.Background(), octal.NewCode(takebreak.MustParse("0.4")), nil, 99, nil)
	require.NoError(t, err)
	v6, err := octal.QuadraticExtend(context.Background(), octal.NewCode(takebreak.MustParse("0.6")), nil, 99, nil)
	require.NoError(t, err)
	first := 0
	for first < len(v4) && v4[first] == v6[first] {
		first++
	}
	assert.Equal(t, first, ext.agreement(v4))
	_, ok = supersetOf(octal.NewCode(takebreak.MustParse("0.6")), octal.NewCode(takebreak.MustParse("0.4")))
	assert.False(t, ok, "0.4 lacks 0.6's take moves")
	_, ok = supersetOf(octal.NewCode(takebreak.MustParse("0.3")), octal.NewCode(takebreak.MustParse("0.7")))
	assert.False(t, ok, "the splits differ")
}

// 0.8 (take one token, leave three heaps) shows the arithmetic period
// G(n+3) = G(n) + 1: the census stops it once the second half of 2048
// values shows it, and reports it as seen, not proven.
func TestSeenSaltusStopsAGame(t *testing.T) {
	gTB, err := takebreak.Parse("0.8")
	g := NewGame(gTB)
	require.NoError(t, err)
	r, err := Solve(context.Background(), g, Budget{MaxHeaps: 1 << 16}, nil)
	require.NoError(t, err)
	assert.Equal(t, Unsolved, r.Status)
	assert.Equal(t, "saltus", r.StoppedBy)
	assert.Equal(t, PeriodSeen, r.PeriodKind)
	assert.Equal(t, [3]int{3, 1, 1}, [3]int{r.Period, r.Preperiod, r.Saltus})
	assert.Equal(t, minSaltusHeaps, r.Heaps)
	brute := bruteValues([]uint8{0, 8}, r.Heaps)
	for n := r.Preperiod; n+3 < r.Heaps; n++ {
		require.Equal(t, brute[n]+1, brute[n+3], "heap %d", n)
	}
	assert.Equal(t, census1(brute), r.MaxValue)
}
