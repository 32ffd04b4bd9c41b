package census

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// TestStudyIndependentCheck re-derives, with the quadratic engine (which
// follows the definition: every option of every heap), the periods the
// census certified for the 4.??? games that a published table lists as
// unsolved (docs/FINDINGS.md). It takes minutes, so it runs only with
// NIMLAB_CENSUS_STUDY=1.
func TestStudyIndependentCheck(t *testing.T) {
	if os.Getenv("NIMLAB_CENSUS_STUDY") == "" {
		t.Skip("a study: set NIMLAB_CENSUS_STUDY=1 (takes minutes)")
	}
	for _, tc := range []struct {
		code              string
		period, preperiod int
	}{
		{"4.344", 51, 998},
		{"4.364", 62, 11687},
	} {
		code := octal.NewCode(takebreak.MustParse(tc.code))
		need := octal.CertificateLength(tc.preperiod, tc.period, code.K())
		vals, err := octal.QuadraticExtend(context.Background(), code, nil, need-1, nil)
		require.NoError(t, err)
		p, ok := octal.FindPeriod(vals, code.K())
		require.True(t, ok, tc.code)
		assert.Equal(t, [2]int{tc.period, tc.preperiod}, [2]int{p.Period, p.Preperiod}, tc.code)
		t.Logf("%s: quadratic engine, G(0..%d): period %d, preperiod %d", tc.code, need-1, p.Period, p.Preperiod)
	}
	// The two long ones: the sparse engine agrees with the quadratic one on
	// the first 2^15 values.
	for _, c := range []string{"4.064", "4.406"} {
		code := octal.NewCode(takebreak.MustParse(c))
		q, err := octal.QuadraticExtend(context.Background(), code, nil, 1<<15, nil)
		require.NoError(t, err)
		s, err := octal.SparseExtend(context.Background(), code, nil, 1<<15, nil)
		require.NoError(t, err)
		require.Equal(t, q, s, c)
		t.Logf("%s: sparse = quadratic on G(0..%d)", c, 1<<15)
	}
}
