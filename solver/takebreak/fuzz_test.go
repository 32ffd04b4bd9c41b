package takebreak

import "testing"

// FuzzParse: Parse never panics; a code it accepts prints as a string that
// parses back to an equal code, and its moves from small heaps leave
// non-negative heaps with fewer tokens in all.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"0.07", "4!.0", "0.[3]", "4.[3]", "0.{2,3}", "0.{2+}", "0.B", "8.0", "0.3?7=", "S(1,2,5)", "", "0.[", "0.{", "20.017", "0.Z", "S(", "S(0)", "0.[]", "0.{0!,2?,4?+}", "0.*!3", "04.00[30]", "0.&32;", "0.{1,2!}", "{2+}=.0", "0.{2,3?+}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: empty error", s)
			}
			return
		}
		again, err := Parse(c.String())
		if err != nil || !again.Equal(c) {
			t.Fatalf("%q → %q → %v, %v", s, c.String(), again, err)
		}
		for n := range 12 {
			c.ForEachOption(n, func(take int, heaps []int) bool {
				left := 0
				for _, h := range heaps {
					if h <= 0 {
						t.Fatalf("%s: a move from %d leaves an empty heap in %v", c, n, heaps)
					}
					left += h
				}
				if left+take != n {
					t.Fatalf("%s: from %d take %d leaves %v", c, n, take, heaps)
				}
				return true
			})
		}
	})
}
