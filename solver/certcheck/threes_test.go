package certcheck

import "testing"

// TestThreesTailConditions: Lasker's Nim 4.[3] (G(4k+1) = 4k+1,
// G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3) passes the conditions
// with its period 4 and saltus 4, and condition (b) refuses saltus 2.
func TestThreesTailConditions(t *testing.T) {
	values := []uint16{0}
	for k := 0; len(values) < 40; k++ {
		values = append(values, uint16(4*k+1), uint16(4*k+2), uint16(4*k+4), uint16(4*k+3))
	}
	r, err := parseRules("4.[3]")
	if err != nil {
		t.Fatal(err)
	}
	tl, ok := threesTailOf(r)
	if !ok || tl.T != 0 || len(tl.splits) != 1 || tl.splits[0] != 0 {
		t.Fatalf("tail of 4.[3]: %+v %v", tl, ok)
	}
	if check, why := checkThreesTail(values, tl, 4, 4, 1, 2); check != "" {
		t.Errorf("period 4, saltus 4: refused by %s: %s", check, why)
	}
	if check, _ := checkThreesTail(values, tl, 4, 2, 1, 2); check != "threes-tail-b" {
		t.Errorf("saltus 2: check %q, want threes-tail-b", check)
	}
	// values below the saltus missing from the early values: (b) again
	shifted := append([]uint16(nil), values...)
	shifted[1] = 7
	if check, _ := checkThreesTail(shifted, tl, 4, 4, 1, 2); check != "threes-tail-b" {
		t.Errorf("a value changed: check %q, want threes-tail-b", check)
	}
}
