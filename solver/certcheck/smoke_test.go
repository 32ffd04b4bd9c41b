package certcheck_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/nimlab/nimlab/solver/certcheck"
	"github.com/nimlab/nimlab/solver/certificate"
	"github.com/nimlab/nimlab/solver/octal"
)

func TestSmoke(t *testing.T) {
	for _, code := range []string{"0.07", "0.77", "4.[3]", "0.[3]", "S!(1,3)", "0.B", "0.137", "S(1,2,5)", "0.4[3]", "4.1[3]"} {
		c := octal.MustParseGame(code)
		res, err := octal.Solve(context.Background(), c, octal.SolveOptions{Max: 1 << 16})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		h, err := octal.WriteCertificate(&buf, c, res.Values, res.Period, "test")
		if err != nil {
			t.Errorf("%s: %v", code, err)
			continue
		}
		h2, block, err := certificate.ReadHeader(&buf)
		if err != nil {
			t.Fatal(err)
		}
		v, err := certcheck.Verify(context.Background(), h2, block, certcheck.Options{})
		t.Logf("%s: %+v %+v", code, h.Theorem, v)
		for _, mode := range []certcheck.Mode{certcheck.Sparse} {
			if h.Game.Rules[0] == '0' && h.Theorem.Name == "guy-smith" {
				v, _ := certcheck.Verify(context.Background(), h2, block, certcheck.Options{Mode: mode})
				t.Logf("  sparse: %v %s %s", v.Verified, v.Check, v.Reason)
			}
		}
	}
}
