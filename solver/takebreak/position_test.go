package takebreak

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestErrorPositionsCountCharacters: a message names the character the
// user typed and its position in characters ("0.０７" has a full-width
// digit at position 1, not the byte 'ï').
func TestErrorPositionsCountCharacters(t *testing.T) {
	for _, c := range []struct{ code, says string }{
		{"0.０７", `unexpected '０' at position 1`},
		{"0.é7x", `unexpected 'é' at position 1`},
		{"0.7é", `unexpected 'é' at position 2`},
		{"0.ü!!", `unexpected 'ü' at position 1`},
		{"0.7ü{2", `unexpected 'ü' at position 2`},
		{"0.ü7{2", `unexpected 'ü' at position 1`},
		{"0.7ü7{2", `unexpected 'ü' at position 2`},
	} {
		_, err := Parse(c.code)
		require.Error(t, err, c.code)
		assert.Contains(t, err.Error(), c.says, c.code)
	}
	_, err := Parse("0.ü7{2")
	require.Error(t, err)
	_, err = Parse("0.é{2")
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "position 3")
}
