package nimber

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// mexProducts computes the nim-products of all a, b < 256 from the mex
// definition α⊗β = mex{α'⊗β ⊕ α⊗β' ⊕ α'⊗β' : α' < α, β' < β} (SPEC §2),
// independently of the Fermat 2-power rules the package uses.
func mexProducts() [256][256]uint64 {
	var p [256][256]uint64
	for a := range 256 {
		for b := range 256 {
			var seen [4]uint64 // values stay below 256: GF(2^8) is closed
			for a2 := range a {
				for b2 := range b {
					v := p[a2][b] ^ p[a][b2] ^ p[a2][b2]
					seen[v>>6] |= 1 << (v & 63)
				}
			}
			m := uint64(0)
			for seen[m>>6]>>(m&63)&1 == 1 {
				m++
			}
			p[a][b] = m
		}
	}
	return p
}

func TestMulAgainstMexDefinition(t *testing.T) {
	p := mexProducts()
	for a := range 256 {
		for b := range 256 {
			if got := Mul(uint64(a), uint64(b)); got != p[a][b] {
				t.Fatalf("Mul(%d,%d) = %d, mex definition gives %d", a, b, got, p[a][b])
			}
		}
	}
}

func TestAddAgainstMexDefinition(t *testing.T) {
	// a ⊕ b = mex{a' ⊕ b, a ⊕ b' : a' < a, b' < b}, computed by the mex itself.
	var s [256][256]uint64
	for a := range 256 {
		for b := range 256 {
			seen := map[uint64]bool{}
			for a2 := range a {
				seen[s[a2][b]] = true
			}
			for b2 := range b {
				seen[s[a][b2]] = true
			}
			m := uint64(0)
			for seen[m] {
				m++
			}
			s[a][b] = m
			require.Equal(t, m, Add(uint64(a), uint64(b)), "a=%d b=%d", a, b)
		}
	}
}

func TestMulPublishedExamples(t *testing.T) {
	// SPEC §2: 2·2 = 3, 4·4 = 6, 8·8 = 13; Conway, On Numbers and Games:
	// 2^16 ⊗ 2^16 = 2^16 ⊕ 2^15 (a Fermat 2-power squared is its sesquimultiple).
	tests := []struct{ a, b, want uint64 }{
		{2, 2, 3},
		{4, 4, 6},
		{8, 8, 13},
		{16, 16, 24},
		{1 << 16, 1 << 16, 1<<16 | 1<<15},
		{1 << 32, 1 << 32, 1<<32 | 1<<31},
		{1 << 16, 1 << 32, 1 << 48}, // distinct Fermat 2-powers multiply ordinarily
		{3, 1 << 32, 3 << 32},
	}
	for _, tc := range tests {
		require.Equal(t, tc.want, Mul(tc.a, tc.b), "%d ⊗ %d", tc.a, tc.b)
	}
}

func TestMulMatchesRecursiveReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 20000 {
		a, b := randomNimber(rng, i), randomNimber(rng, i+1)
		require.Equal(t, mulRecursive(a, b, 64), Mul(a, b), "a=%#x b=%#x", a, b)
	}
}

// randomNimber draws values of every size, including zero limbs, which Mul
// treats through a sentinel logarithm.
func randomNimber(rng *rand.Rand, i int) uint64 {
	x := rng.Uint64()
	switch i % 4 {
	case 1:
		x >>= rng.UintN(64)
	case 2:
		x &= 0xffff0000ffff0000 >> (16 * rng.UintN(2))
	case 3:
		x &= uint64(0xffff) << (16 * rng.UintN(4))
	}
	return x
}

func TestFieldLaws(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 5000 {
		a, b, c := randomNimber(rng, i), randomNimber(rng, i+1), randomNimber(rng, i+2)
		require.Equal(t, Mul(a, b), Mul(b, a), "commutative")
		require.Equal(t, Mul(Mul(a, b), c), Mul(a, Mul(b, c)), "associative")
		require.Equal(t, Mul(a, b)^Mul(a, c), Mul(a, b^c), "distributive")
		require.Equal(t, a, Mul(a, 1), "1 is the unit")
		require.Equal(t, uint64(0), Mul(a, 0))
		require.Equal(t, Mul(a, a), Square(a))
		require.Equal(t, a, Square(Sqrt(a)), "sqrt")
		if a != 0 {
			inv, ok := Inv(a)
			require.True(t, ok)
			require.Equal(t, uint64(1), Mul(a, inv), "inverse of %#x", a)
			q, ok := Div(b, a)
			require.True(t, ok)
			require.Equal(t, b, Mul(q, a))
		}
		// no zero divisors
		if a != 0 && b != 0 {
			require.NotZero(t, Mul(a, b))
		}
	}
	_, ok := Inv(0)
	require.False(t, ok)
}

func TestPowMatchesRepeatedProduct(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		a := rng.Uint64()
		n := rng.Uint64N(40)
		want := uint64(1)
		for range n {
			want = Mul(want, a)
		}
		require.Equal(t, want, Pow(a, n), "%#x^%d", a, n)
	}
	// The multiplicative group has order 2^64-1.
	for range 50 {
		a := rng.Uint64() | 1
		require.Equal(t, uint64(1), Pow(a, ^uint64(0)))
	}
	require.Equal(t, uint64(1), Pow(0, 0))
	require.Equal(t, uint64(0), Pow(0, 5))
}

func TestSubfieldsAreClosed(t *testing.T) {
	// The nimbers below 2^(2^k) form a field: products stay below the bound.
	rng := rand.New(rand.NewPCG(7, 8))
	for _, width := range []int{1, 2, 4, 8, 16, 32} {
		for range 500 {
			a, b := rng.Uint64()>>(64-width), rng.Uint64()>>(64-width)
			require.Less(t, bits.Len64(Mul(a, b)), width+1, "width %d", width)
		}
	}
}

func TestMul16(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for range 10000 {
		a, b := uint16(rng.Uint32()), uint16(rng.Uint32())
		require.Equal(t, uint16(mulRecursive(uint64(a), uint64(b), 16)), Mul16(a, b))
	}
	require.Equal(t, uint16(0), Mul16(0, 0))
}

func ExampleMul() {
	fmt.Println(Mul(2, 2), Mul(4, 4), Mul(8, 8))
	// Output: 3 6 13
}

func ExampleInv() {
	inv, _ := Inv(2)
	fmt.Println(inv, Mul(2, inv))
	// Output: 3 1
}
