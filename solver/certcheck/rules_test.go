package certcheck

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/takebreak"
	"github.com/nimlab/nimlab/solver/takebreak/takebreaktest"
)

// TestParseRulesReadsCodesAsTakebreak: the checker's own reader of the
// notation (kept apart from solver/takebreak on purpose, see doc.go) reads
// every code it accepts as the same game as takebreak.Parse, digit by digit;
// it accepts the codes certificates name, and refuses what no checked
// theorem covers.
func TestParseRulesReadsCodesAsTakebreak(t *testing.T) {
	cases, err := takebreaktest.Cases()
	require.NoError(t, err)
	codes := []string{"0.07", "4.7", "0.137", "0.B", "0.F", "8.0", "C.0", "0.{2,3}", "0.{0,1,5}", "0.[3]", "4.[3]",
		"0.1[23]", "0.3[3]", "0.0[0]", "0.70", ".07", "0.ZZ", "0.{}", "0.[3", "0.{2+}", "0.6!", "04.3", "1.0"}
	for _, c := range cases {
		codes = append(codes, c.Code)
	}
	accepted := 0
	for _, s := range codes {
		r, err := parseRules(s)
		if err != nil || len(s) > takebreak.MaxLength { // the notation bounds a code's length, a certificate does not
			continue
		}
		accepted++
		c, err := takebreak.Parse(s)
		require.NoError(t, err, "%q: the checker reads a code the notation refuses", s)
		assert.Equal(t, c.Finite(), r.finite(), s)
		assert.False(t, c.HasModifiers(), s)
		for j := range 40 {
			d := c.Digit(j)
			assert.Zero(t, d.AtLeast, "%s digit %d", s, j)
			assert.Equal(t, d.Counts, r.at(j), "%s digit %d", s, j)
		}
	}
	assert.Greater(t, accepted, 20)
	for _, s := range []string{"0.07", "4.7", "0.B", "0.{2,3}", "0.[3]", "4.[3]", "0.1[23]"} {
		_, err := parseRules(s)
		assert.NoError(t, err, s)
	}
	for _, s := range []string{"0.6!", "4!.0", "0.{2+}", "0.*", "20.017", "1.0", "0.[3", "0.{64}"} {
		_, err := parseRules(s)
		assert.Error(t, err, s)
	}
}
