package octal

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/takebreak"
)

// TestTailPeriod: the period the end of a sequence shows, against
// sequences built with a known period and preperiod and Dawson's Kayles
// from the definition (period 34; its last irregular value is G(52)).
func TestTailPeriod(t *testing.T) {
	periodic := func(n, p, last int) []uint16 {
		v := make([]uint16, n)
		for i := range v {
			v[i] = uint16(i % p)
		}
		if last >= 0 {
			v[last] = 999
		}
		return v
	}
	kayles := toUint16(twoHeapBrute(NewCode(takebreak.MustParse("0.07")).TakeBreak(), 700))
	for _, tc := range []struct {
		name   string
		values []uint16
		k      int
		ok     bool
		p, n0  int
	}{
		{"period 7 from 1000", periodic(2000, 7, 999), 3, true, 7, 1000},
		{"period 150 from 0", periodic(600, 150, -1), 2, true, 150, 0},
		{"too short to show period 150", periodic(599, 150, -1), 2, false, 0, 0},
		{"too short for the 300-value run", periodic(300, 1, -1), 1, false, 0, 0},
		{"irregular end", periodic(2000, 7, 1990), 3, false, 0, 0},
		{"Dawson's Kayles", kayles, 2, true, 34, 53},
	} {
		got, ok := TailPeriod(tc.values, tc.k)
		require.Equal(t, tc.ok, ok, tc.name)
		if !ok {
			continue
		}
		assert.Equal(t, tc.p, got.Period, tc.name)
		assert.Equal(t, tc.n0, got.Preperiod, tc.name)
		assert.Equal(t, CertificateLength(tc.n0, tc.p, tc.k), got.NeededTo, tc.name)
		assert.False(t, got.Certified, tc.name)
	}
}
