package certcheck_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/nimlab/nimlab/solver/certcheck"
	"github.com/nimlab/nimlab/solver/certificate"
)

// BenchmarkVerifySparse127 checks the 93,167 values of 0.127's certificate
// with the sparse-space check on one worker.
func BenchmarkVerifySparse127(b *testing.B) {
	h0, values := certOf(b, "0.127")
	h, block, err := certificate.ReadHeader(bytes.NewReader(encode(b, h0, values)))
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		r, err := certcheck.Verify(context.Background(), h, block, certcheck.Options{Mode: certcheck.Sparse, Workers: 1})
		if err != nil || !r.Verified {
			b.Fatalf("%v %+v", err, r)
		}
	}
}
