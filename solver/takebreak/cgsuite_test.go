package takebreak

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cgsuiteNormalizations are the pairs of CGSuite's own notation test
// (TBCodeTest.scala in aaron-siegel/cgsuite, lib/core/src/test/scala/org/
// cgsuite/core/impartial/): a code as typed and the name CGSuite prints.
var cgsuiteNormalizations = []struct{ in, want string }{
	{"04.30", "4.3"},
	{"04.00[30]", "4.00[30]"},
	{"04.00[00]", "4.0"},
	{"00.00[00]", "0.0"},
	{"0.{1,2!}", "0.6!"},
	{"0.{0!,2!,3!}", "0.D!"},
	{"0.{0!,2!,3}", "0.{0,2!,3}"},
	{"0.{0!,2!,3!+}", "0.{0,2+}!"},
	{"0.{0!,2,3!+}", "0.{0,2,3!+}"},
	{"0.{0!,3+}", "0.{0,3+}"},
	{"0.{0,2!,4!+}", "0.{0,2,4+}!"},
	{"0.{0!,2!,4+}", "0.{0,2!,4+}"},
	{"0.{0!,2!,4?+}", "0.{0,2!,4?+}"},
	{"0.{0!,2?,4?+}", "0.{0,2,4+}?"},
	{"0.{0!,2=,4?+}", "0.{0,2=,4?+}"},
	{"0.{0!,2=,3?,4?+}", "0.{0,2=,3?+}"},
	{"0.{0!,2?,3?,4?+}", "0.{0,2+}?"},
	{"0.{0,1!,2,3,4+}", "0.*"},
	{"0.{0,1,2!,3!,4!+}", "0.*!"},
}

// cgsuiteOptions are the option lists of the same test: the options of a
// heap, in CGSuite's order, each written as its heaps joined by commas ("-"
// for none), separated by two spaces.
var cgsuiteOptions = []struct {
	code string
	heap int
	want string
}{
	{"0.3", 9, "8"},
	{"0.7", 9, "8  1,7  2,6  3,5  4,4"},
	{"0.77", 9, "8  1,7  2,6  3,5  4,4  7  1,6  2,5  3,4"},
	{"4.0", 8, "1,7  2,6  3,5  4,4"},
	{"4!.0", 8, "1,7  2,6  3,5"},
	{"0.3F", 9, "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3"},
	{"0.3F?", 9, "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3"},
	{"0.3F!", 9, "8  7  1,6  2,5  3,4  1,2,4"},
	{"0.3f", 11, "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4  3,3,3"},
	{"0.3f?", 11, "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4"},
	{"0.3f!", 11, "10  9  1,8  2,7  3,6  4,5  1,2,6  1,3,5  2,3,4"},
	{"0.*3", 7, "6  1,5  2,4  3,3  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  1,1,1,1,1,1  5"},
	{"0.*?3", 7, "6  1,5  2,4  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2  5"},
	{"0.*!3", 7, "6  1,5  2,4  1,2,3  5"},
	{"0.[3]", 7, "6  5  4  3  2  1  -"},
	{"0.[2]", 7, "6  5  4  3  2  1"},
	{"0.3[1]", 7, "6  -"},
	{"0.7[03]", 7, "6  1,5  2,4  3,3  4  2  -"},
	{"80.0", 7, "1,1,6  1,2,5  1,3,4  2,2,4  2,3,3"}, // adds a token: refused
	{"0.*=", 11, "10  5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1"},
	{"{2+}=.0", 10, "5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1"},
	{"0.{0,1,3+}", 1, "-"},
	{"0.{0,1,3+}", 2, "1"},
	{"0.{0,1,3+}", 7, "6  1,1,4  1,2,3  2,2,2  1,1,1,3  1,1,2,2  1,1,1,1,2  1,1,1,1,1,1"},
	{"0.{1,3+}", 1, ""},
	{"0.{2,3?+}", 7, "1,5  2,4  3,3  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2"},
}

// TestCGSuiteNormalization: every pair of CGSuite's test prints as CGSuite
// prints it, and the name parses back to itself.
func TestCGSuiteNormalization(t *testing.T) {
	for _, tc := range cgsuiteNormalizations {
		c, err := Parse(tc.in)
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, c.String(), tc.in)
		again, err := Parse(c.String())
		require.NoError(t, err, c.String())
		assert.Equal(t, tc.want, again.String(), "round trip of %s", tc.in)
	}
}

// TestCGSuiteOptions: every option list of CGSuite's test, in its order and
// format; the code that adds tokens is refused with an explanation.
func TestCGSuiteOptions(t *testing.T) {
	for _, tc := range cgsuiteOptions {
		c, err := Parse(tc.code)
		if strings.HasPrefix(tc.code, "80.") {
			require.Error(t, err, tc.code)
			assert.Contains(t, err.Error(), "adds tokens")
			assert.Contains(t, err.Error(), `"add 1 token to a heap, then leave exactly 3 heaps"`)
			continue
		}
		require.NoError(t, err, tc.code)
		var got []string
		for _, o := range c.Options(tc.heap) {
			got = append(got, o.String())
		}
		assert.Equal(t, tc.want, strings.Join(got, "  "), "%s heap %d", tc.code, tc.heap)
	}
}
