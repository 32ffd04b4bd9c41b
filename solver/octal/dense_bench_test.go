package octal

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/nimlab/nimlab/solver/takebreak"
)

// BenchmarkDenseAgainstSparse times the dense and the sparse engine on
// games with no sparse space, alternating the two, to NIMLAB_DENSE_HEAPS
// heaps (default 2^15). Codes: NIMLAB_DENSE_CODES (comma-separated) or a
// few of the 37 dense sequences of 0.??? and 4.???.
//
//	go test -run XXX -bench DenseAgainstSparse -benchtime 1x ./solver/octal/
func BenchmarkDenseAgainstSparse(b *testing.B) {
	heaps := 1 << 15
	if s := os.Getenv("NIMLAB_DENSE_HEAPS"); s != "" {
		heaps, _ = strconv.Atoi(s)
	}
	codes := []string{"0.415", "4.026", "0.135", "0.006"}
	if s := os.Getenv("NIMLAB_DENSE_CODES"); s != "" {
		codes = splitComma(s)
	}
	for _, s := range codes {
		codeTB, err := takebreak.Parse(s)
		code := NewCode(codeTB)
		if err != nil {
			b.Fatal(err)
		}
		for _, engine := range []string{"dense", "sparse"} {
			b.Run(fmt.Sprintf("%s/%s", s, engine), func(b *testing.B) {
				for range b.N {
					vals := make([]uint16, 1, heaps)
					switch engine {
					case "dense":
						if _, err := DenseExtend(context.Background(), code, vals, heaps-1, nil); err != nil {
							b.Fatal(err)
						}
					default:
						if _, err := SparseExtend(context.Background(), code, vals, heaps-1, nil); err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		}
	}
}

func splitComma(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ',' {
			if i > start {
				out = append(out, s[start:i])
			}
			start = i + 1
		}
	}
	return out
}
