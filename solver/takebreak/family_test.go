package takebreak

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func familyStrings(t *testing.T, code string, limit int) []string {
	t.Helper()
	fam, err := Family(MustParse(code), limit)
	require.NoError(t, err, code)
	var out []string
	for _, c := range fam {
		out = append(out, c.String())
	}
	return out
}

// TestFamily: the family keeps the digit before the point and the shape,
// varies each digit over octal or hexadecimal digits, lists canonical codes
// once, leaves the code itself out; subtraction and all-but games range
// over subsets; what has no family, or too large a one, is refused.
func TestFamily(t *testing.T) {
	lasker := familyStrings(t, "4.[3]", 100)
	assert.Equal(t, []string{"4.[1]", "4.[2]", "4.[4]", "4.[5]", "4.[6]", "4.[7]"}, lasker)
	two := familyStrings(t, "0.07", 100)
	assert.Len(t, two, 62, "8·8 codes 0.d1d2 but 0.07 itself and 0.00 (no move)")
	assert.Contains(t, two, "0.7")
	assert.Contains(t, two, "0.77")
	hex := familyStrings(t, "0.3F", 1000)
	assert.Len(t, hex, 254)
	assert.Contains(t, hex, "0.FF")
	assert.Contains(t, hex, "0.B")
	sub := familyStrings(t, "S(1,2,3)", 100)
	assert.Equal(t, []string{"S(1)", "S(2)", "S(1,2)", "S(3)", "S(1,3)", "S(2,3)"}, sub)
	allBut := familyStrings(t, "S!(1,3)", 100)
	assert.Equal(t, []string{"S!()", "S!(1)", "S!(2)", "S!(1,2)", "S!(3)", "S!(2,3)", "S!(1,2,3)"}, allBut)
	for _, c := range []struct{ code, why string }{
		{"4!.0", "modifier"},
		{"0.{2+}", "open count"},
		{"0.G", "digit above F"},
		{"0.07777", "too many codes"},
		{"S(1,12)", "too many subsets"},
	} {
		_, err := Family(MustParse(c.code), 1000)
		assert.Error(t, err, "%s: %s", c.code, c.why)
	}
}
