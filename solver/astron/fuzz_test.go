package astron

import "testing"

// FuzzNewJoinCode: reading a join code never panics, and a code it accepts
// prints as a string that reads back to the same code.
func FuzzNewJoinCode(f *testing.F) {
	for _, s := range []string{"0.04", ".04", "0.0", "0.08", "0.0c", "", "0.", "0.4", "1.04", "0.04x", "0.0000000000000000000000004"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := parseJoin(s)
		if err != nil {
			return
		}
		again, err := parseJoin(c.String())
		if err != nil || again.String() != c.String() {
			t.Fatalf("%q → %q → %v %v", s, c.String(), again, err)
		}
	})
}

// FuzzNewPosition: star lists of any sizes either give a sorted position of
// the same stars or an error, never a panic.
func FuzzNewPosition(f *testing.F) {
	f.Add(3, 5, 7)
	f.Add(0, 0, 0)
	f.Add(-1, 2, 3)
	f.Add(1<<40, 1, 2)
	f.Fuzz(func(t *testing.T, a, b, c int) {
		p, err := NewPosition(a, b, c)
		if err != nil {
			return
		}
		for i := 1; i < len(p); i++ {
			if p[i-1] > p[i] {
				t.Fatalf("NewPosition(%d, %d, %d) = %v is not sorted", a, b, c, p)
			}
		}
	})
}
