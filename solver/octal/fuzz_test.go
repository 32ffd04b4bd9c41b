package octal

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/nimlab/nimlab/solver/takebreak"
	"github.com/nimlab/nimlab/solver/valuestore"
)

// FuzzNewCode: the code the engines run for a game takebreak.Parse accepts
// prints as a string that parses back to the same code.
func FuzzNewCode(f *testing.F) {
	for _, s := range []string{"0.07", ".77", "4.7", "0.137", "0.6", "0.1777", "", "0.", "4.", "0.8", "1.2", "0.0000000000000000000007", "0.07x", " 0.07 ", "0..7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rules, err := takebreak.Parse(s)
		if err != nil {
			return
		}
		c := NewCode(rules)
		againTB, err := takebreak.Parse(c.String())
		if err != nil {
			t.Fatalf("%q parsed as %v, whose String %q does not parse: %v", s, c, c.String(), err)
		}
		if again := NewCode(againTB); again.String() != c.String() || again.General() != c.General() {
			t.Fatalf("%q → %q → %q", s, c.String(), again.String())
		}
	})
}

// FuzzReadCheckpoint: any file content is either refused with a
// CheckpointError or gives the true values of the code.
func FuzzReadCheckpoint(f *testing.F) {
	code := NewCode(takebreak.MustParse("0.07"))
	dir := f.TempDir()
	good := filepath.Join(dir, "good")
	vals, _ := QuadraticExtend(context.Background(), code, nil, 300, nil)
	if err := WriteCheckpoint(good, code, vals); err != nil {
		f.Fatal(err)
	}
	b, _ := os.ReadFile(good)
	f.Add(b)
	f.Add(b[:len(b)/2])
	f.Add([]byte("NIMLAB-OCTAL-CHECKPOINT v1\n"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "ckpt")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadCheckpoint(p, code)
		if err != nil {
			if !valuestore.IsCheckpointError(err) {
				t.Fatalf("a bad file gave %v, not a CheckpointError", err)
			}
			return
		}
		want, err := QuadraticExtend(context.Background(), code, nil, len(got)-1, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("accepted a checkpoint with G(%d) = %d, want %d", i, got[i], want[i])
			}
		}
	})
}
