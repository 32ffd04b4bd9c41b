package octal

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

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

// BenchmarkBlockDenseAB times Dense (A) against BlockDense (B) on the 36
// dense codes (or NIMLAB_DENSE_CODES), code by code, A then B, each to
// NIMLAB_DENSE_HEAPS heaps (default 2^16), checks that their values are
// equal, and reports the process CPU seconds and the wall seconds of each
// (CPU time: the machine may be shared; BlockDense uses both cores, so its
// wall time is the lower of the two).
//
//	NIMLAB_DENSE_HEAPS=262144 go test -run XXX -bench BlockDenseAB -benchtime 1x ./solver/octal/
func BenchmarkBlockDenseAB(b *testing.B) {
	heaps := 1 << 16
	if s := os.Getenv("NIMLAB_DENSE_HEAPS"); s != "" {
		heaps, _ = strconv.Atoi(s)
	}
	codes := denseCodes
	if s := os.Getenv("NIMLAB_DENSE_CODES"); s != "" {
		codes = splitComma(s)
	}
	var cpu, wall [2]time.Duration
	for range b.N {
		for _, s := range codes {
			code := mustCode(b, s)
			var vals [2][]uint16
			var err error
			var c, w [2]time.Duration
			for i, extend := range []Extender{DenseExtend, BlockDenseExtend} {
				c0, w0 := cpuTime(), time.Now()
				vals[i], err = extend(context.Background(), code, make([]uint16, 1, heaps), heaps-1, nil)
				c[i], w[i] = cpuTime()-c0, time.Since(w0)
				if err != nil {
					b.Fatal(err)
				}
				cpu[i] += c[i]
				wall[i] += w[i]
			}
			if !slices.Equal(vals[0], vals[1]) {
				b.Fatalf("%s: the engines' values differ", s)
			}
			// Printed, not logged: a benchmark's log keeps only its first lines.
			fmt.Printf("%s: CPU %.2f s / %.2f s (%.2fx), wall %.2f s / %.2f s (%.2fx)\n", s,
				c[0].Seconds(), c[1].Seconds(), c[0].Seconds()/c[1].Seconds(),
				w[0].Seconds(), w[1].Seconds(), w[0].Seconds()/w[1].Seconds())
		}
	}
	fmt.Printf("all: CPU %.1f s / %.1f s (%.2fx), wall %.1f s / %.1f s (%.2fx)\n",
		cpu[0].Seconds(), cpu[1].Seconds(), cpu[0].Seconds()/cpu[1].Seconds(),
		wall[0].Seconds(), wall[1].Seconds(), wall[0].Seconds()/wall[1].Seconds())
	b.ReportMetric(cpu[0].Seconds()/cpu[1].Seconds(), "cpu-ratio")
}
