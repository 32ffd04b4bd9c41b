package octal

import (
	"context"
	"testing"

	"github.com/nimlab/nimlab/solver/takebreak"
)

// BenchmarkGeneralEngine times the general engine from scratch on games
// that only it computes: 0.8 (a move leaves up to three heaps) and 0.B
// (leave up to three heaps, or none, or one). Run A and B alternately for
// a comparison:
//
//	go test -tags migrated_fynedo -run '^$' -bench GeneralEngine -count 6 ./solver/octal
func BenchmarkGeneralEngine(b *testing.B) {
	for _, tc := range []struct {
		code  string
		heaps int
	}{{"0.8", 3000}, {"0.B", 3000}} {
		code := NewCode(takebreak.MustParse(tc.code))
		b.Run(tc.code, func(b *testing.B) {
			for range b.N {
				eng := newGeneralEngine(code.TakeBreak(), nil, tc.heaps)
				if err := eng.extend(context.Background(), tc.heaps-1, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
