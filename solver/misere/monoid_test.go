package misere

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCyclicAndProductAreMonoids(t *testing.T) {
	for _, m := range []*monoid{cyclicMonoid(0, 2), cyclicMonoid(1, 2), cyclicMonoid(3, 2), cyclicMonoid(2, 3)} {
		require.NoError(t, m.check())
	}
	c := cyclicMonoid(2, 2) // 1, g, g², g³ with g⁴ = g²
	assert.Equal(t, int32(2), c.times(3, 3))
	assert.Equal(t, int32(3), c.times(1, 2))
	pm := newProductMonoid(cyclicMonoid(0, 2), cyclicMonoid(1, 2))
	assert.Equal(t, 6, pm.size)
	m := &monoid{size: pm.size, mul: make([]int32, 36)}
	for x := 0; x < 6; x++ {
		for y := 0; y < 6; y++ {
			m.mul[x*6+y] = int32(pm.times(x, y))
		}
	}
	require.NoError(t, m.check())
}

// reducing ⟨g | g⁴ = g²⟩ with P = {g, g³} (the outcomes of n·* in misère
// play) gives Z/2.
func TestReduceGivesZ2(t *testing.T) {
	c := cyclicMonoid(2, 2)
	trans := [][]int32{{1}, {2}, {3}, {2}}
	q, p, to := reduce(4, trans, []bool{false, true, false, true}, c.times)
	assert.Equal(t, 2, q.size)
	assert.Equal(t, []bool{false, true}, p)
	assert.Equal(t, []int32{0, 1, 0, 1}, to)
	assert.Equal(t, int32(0), q.times(1, 1))
}

// T_2 = ⟨a | a² = 1⟩ × ⟨b | b³ = b⟩ with P = {a, b²} is tame; moving P makes it wild.
func TestTameOrder(t *testing.T) {
	pm := newProductMonoid(cyclicMonoid(0, 2), cyclicMonoid(1, 2))
	m := &monoid{size: 6, mul: make([]int32, 36)}
	for x := 0; x < 6; x++ {
		for y := 0; y < 6; y++ {
			m.mul[x*6+y] = int32(pm.times(x, y))
		}
	}
	// element (i, j) = i*3 + j: a = 3, b² = 2
	p := make([]bool, 6)
	p[3], p[2] = true, true
	n, ok := tameOrder(m, p)
	assert.True(t, ok)
	assert.Equal(t, 2, n)
	p[2], p[1] = false, true
	_, ok = tameOrder(m, p)
	assert.False(t, ok)
	z, k := m.kernel()
	assert.Equal(t, 2, z)
	assert.ElementsMatch(t, []int{1, 2, 4, 5}, k)
}
