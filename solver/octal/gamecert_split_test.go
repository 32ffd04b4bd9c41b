package octal

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/takebreak"
)

// twoHeapBrute computes G(0..upTo) of a take-and-break game whose moves
// leave at most two heaps straight from the definition: removing j tokens
// (j = 0: the digit before the point, splitting only) may leave no heap
// (bit 0, only when j = n), one heap n−j (bit 1) or two heaps a + b = n−j
// with a, b ≥ 1 (bit 2); G(n) is the mex of the values of the positions
// left (the XOR of two heaps).
func twoHeapBrute(c takebreak.Code, upTo int) []int {
	g := make([]int, upTo+1)
	for n := 1; n <= upTo; n++ {
		seen := make([]bool, 2*n+2)
		for j := 0; j <= n; j++ {
			d := c.Digit(j)
			if j == n && d.Allows(0) {
				seen[0] = true
			}
			if j >= 1 && j < n && d.Allows(1) {
				seen[g[n-j]] = true
			}
			if d.Allows(2) {
				for a := 1; 2*a <= n-j; a++ {
					if v := g[a] ^ g[n-j-a]; v < len(seen) {
						seen[v] = true
					}
				}
			}
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return g
}

func toUint16(xs []int) []uint16 {
	out := make([]uint16, len(xs))
	for i, x := range xs {
		out[i] = uint16(x)
	}
	return out
}

// TestTwoHeapTailCertificateHolds: Lasker's Nim 4.[3] (period 4, saltus 4,
// G(4k+1..4k+4) = 4k+1, 4k+2, 4k+4, 4k+3) is proven from its first values,
// and random codes d0.d1…dk[3] with d0 ∈ {0, 4} and octal digits are solved
// from 500 values; every period proven by the two-heap certificate is then
// checked on 3000 values computed from the definition in the test.
func TestTwoHeapTailCertificateHolds(t *testing.T) {
	lasker := NewCode(takebreak.MustParse("4.[3]"))
	res, err := Solve(context.Background(), lasker, SolveOptions{N: 200})
	require.NoError(t, err)
	p := res.Period
	require.True(t, p.Certified, "%+v", p)
	assert.Equal(t, ProofTwoHeapTail, p.Proof)
	assert.Equal(t, Period{Period: 4, Preperiod: 1, Saltus: 4, Certified: true, NeededTo: 6, Proof: ProofTwoHeapTail}, p)
	for n := 1; n <= 200; n++ {
		want := map[int]int{1: n, 2: n, 3: n + 1, 0: n - 1}[n%4]
		require.Equal(t, want, int(res.Values[n]), "Lasker's Nim G(%d)", n)
	}

	rng := rand.New(rand.NewPCG(14, 2))
	codes := []string{"4.[3]", "4.0[3]", "4.1[3]", "4.2[3]", "4.3[3]", "0.4[3]", "0.6[3]", "0.7[3]", "0.14[3]", "4.03[3]", "4.10[3]", "0.611[3]"}
	for len(codes) < 60 {
		code := fmt.Sprint([]int{0, 4}[rng.IntN(2)]) + "."
		for range 1 + rng.IntN(3) {
			code += fmt.Sprint(rng.IntN(8))
		}
		codes = append(codes, code+"[3]")
	}
	const short, long = 500, 3000
	proven := 0
	for _, name := range codes {
		codeTB, err := takebreak.Parse(name)
		code := NewCode(codeTB)
		require.NoError(t, err, name)
		want := twoHeapBrute(code.TakeBreak(), long)
		res, err := Solve(context.Background(), code, SolveOptions{N: short - 1})
		require.NoError(t, err, name)
		require.Equal(t, toUint16(want[:short]), res.Values, name)
		p := res.Period
		if !p.Certified || p.Proof != ProofTwoHeapTail {
			continue
		}
		proven++
		require.LessOrEqual(t, p.NeededTo, short, name)
		for n := p.Preperiod; n+p.Period <= long; n++ {
			require.Equal(t, want[n]+p.Saltus, want[n+p.Period], "%s: proven %+v fails at %d", name, p, n)
		}
	}
	t.Logf("%d of %d codes with splits proven by the two-heap certificate", proven, len(codes))
	for _, name := range []string{"4.1[3]", "4.10[3]", "0.611[3]"} {
		// their own period fails condition (c); the doubled one proves it
		res, err := Solve(context.Background(), NewCode(takebreak.MustParse(name)), SolveOptions{})
		require.NoError(t, err)
		assert.True(t, res.Certified, "%s: %+v", name, res.Period)
	}
	require.GreaterOrEqual(t, proven, 25, "too few codes proven: the test checks little")
}

// TestTwoHeapTailCertificateRefuses: a wrong saltus or period, a value
// planted after the certificate point, too few values, a saltus that is not
// a power of two, a tail whose residue condition fails, and codes outside
// the certificate's scope (the hexadecimal 0.3F, arithmetic-periodic with
// saltus 3; 0.[37]; Grundy's game) are not proven.
func TestTwoHeapTailCertificateRefuses(t *testing.T) {
	vals := toUint16(twoHeapBrute(NewCode(takebreak.MustParse("4.[3]")).TakeBreak(), 400))
	tail, ok := threesTail(NewCode(takebreak.MustParse("4.[3]")).TakeBreak())
	require.True(t, ok)
	assert.Equal(t, ThreesTail{T: 0, Splits: []int{0}}, tail)
	_, ok = CertifyThreesTail(vals, tail, 4, 4, 1)
	require.True(t, ok)
	_, ok = CertifyThreesTail(vals, tail, 4, 8, 1)
	assert.False(t, ok, "wrong saltus")
	_, ok = CertifyThreesTail(vals, tail, 8, 4, 1)
	assert.False(t, ok, "period 8 has saltus 8, not 4")
	_, ok = CertifyThreesTail(vals, tail, 8, 8, 1)
	assert.True(t, ok, "period 8 with saltus 8 is also true")
	planted := slices.Clone(vals)
	planted[len(planted)-2] += 4
	_, ok = CertifyThreesTail(planted, tail, 4, 4, 1)
	assert.False(t, ok, "a value changed near the end refutes the claim")
	_, ok = CertifyThreesTail(vals[:5], tail, 4, 4, 1)
	assert.False(t, ok, "one value fewer than the certificate needs")

	// 4.1[3]: period 8, saltus 4 is proven through period 16, saltus 8;
	// a wrong saltus or a value planted within the first 16 heaps of the
	// regular part (where only the claim itself is checked) is refused
	code := NewCode(takebreak.MustParse("4.1[3]"))
	vals = toUint16(twoHeapBrute(code.TakeBreak(), 600))
	tail, ok = threesTail(code.TakeBreak())
	require.True(t, ok)
	_, ok = CertifyThreesTail(vals, tail, 8, 4, 1)
	assert.False(t, ok, "4.1[3]'s own period fails condition (c)")
	p, ok := certifyThreesTailMultiples(vals, tail, 8, 4, 1)
	require.True(t, ok)
	assert.Equal(t, [3]int{8, 4, 1}, [3]int{p.Period, p.Saltus, p.Preperiod})
	_, ok = certifyThreesTailMultiples(vals, tail, 8, 5, 1)
	assert.False(t, ok, "wrong saltus")
	planted = slices.Clone(vals)
	planted[10] += 4 // G(10+8) = G(10)+4 and G(10) = G(2)+4 both fail
	_, ok = certifyThreesTailMultiples(planted, tail, 8, 4, 1)
	assert.False(t, ok, "a value planted in the first period")
	// G(n) = n claimed for a game that splits a heap in two without
	// removing tokens: a + b = M has G(a) ⊕ G(b) ≡ G(M) in the low bits of
	// every saltus and G(a) + G(b) = G(M), so neither the residues nor the
	// size exclude the split: refused (with period 3, saltus 3, too)
	three := make([]uint16, 200)
	for n := range three {
		three[n] = uint16(n)
	}
	_, ok = CertifyThreesTail(three, ThreesTail{Splits: []int{0}}, 3, 3, 0)
	assert.False(t, ok, "period 3, saltus 3, with splits")
	_, ok = CertifyThreesTail(three, ThreesTail{}, 3, 3, 0)
	assert.True(t, ok, "G(n) = n without splits (0.[3]) is proven by the one-heap certificate")
	_, ok = CertifyThreesTail(three, ThreesTail{Splits: []int{0}}, 1, 1, 0)
	assert.False(t, ok, "period 1, saltus 1, with splits")

	for _, name := range []string{"0.3F", "0.[37]", "4!.0", "0.2[7]", "8.[3]", "4.[3]!"} {
		codeTB, err := takebreak.Parse(name)
		code := NewCode(codeTB)
		if err != nil {
			continue
		}
		_, ok := threesTail(code.TakeBreak())
		assert.False(t, ok, "%s is outside the certificate", name)
	}
	// 0.3F: arithmetic period 6, saltus 3 (CGSuite's values), seen only
	res, err := Solve(context.Background(), NewCode(takebreak.MustParse("0.3F")), SolveOptions{N: 1500})
	require.NoError(t, err)
	assert.Equal(t, []uint16{0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 6, 7, 8, 6, 7, 8, 9, 10, 11}, res.Values[:21])
	assert.False(t, res.Period.Certified)
	assert.Equal(t, 6, res.Period.Period)
	assert.Equal(t, 3, res.Period.Saltus)
}
