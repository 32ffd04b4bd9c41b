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

// BenchmarkDenseMarkCeiling compares the dense engine's marking pass with
// the machine's ceiling for it: markPairs over 2^17 pairs of values below
// 4 096 (ns/split), against byte stores alone to pseudo-random places of
// the same table, their addresses made in registers (ns/store). A split
// costs one store, so when the two are close the pass runs at the store
// rate and only fewer stores, not a better loop, would make it faster.
//
//	go test -run XXX -bench DenseMarkCeiling ./solver/octal/
func BenchmarkDenseMarkCeiling(b *testing.B) {
	const pairs, width = 1 << 17, 4096
	lo, hi := make([]uint16, pairs), make([]uint16, pairs)
	x := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 { x ^= x << 13; x ^= x >> 7; x ^= x << 17; return x }
	for i := range lo {
		lo[i], hi[i] = uint16(next()%width), uint16(next()%width)
	}
	seen := new([MaxValue + 1]uint8)
	b.Run("markPairs", func(b *testing.B) {
		for range b.N {
			markPairs(seen, lo, hi)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*pairs), "ns/split")
	})
	b.Run("stores", func(b *testing.B) {
		// Four independent generators, two addresses from each step, so
		// that making the addresses costs less than storing to them.
		const mul = 6364136223846793005
		s0, s1, s2, s3 := x, x+1, x+2, x+3
		for range b.N {
			for k := 0; k < pairs; k += 8 {
				s0, s1, s2, s3 = s0*mul+1, s1*mul+3, s2*mul+5, s3*mul+7
				seen[s0>>52], seen[s0>>36&(width-1)] = 1, 1
				seen[s1>>52], seen[s1>>36&(width-1)] = 1, 1
				seen[s2>>52], seen[s2>>36&(width-1)] = 1, 1
				seen[s3>>52], seen[s3>>36&(width-1)] = 1, 1
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*pairs), "ns/store")
	})
}

// BenchmarkDenseMexWitnesses measures why the dense engine marks every
// split instead of stopping early: for the last 200 of NIMLAB_DENSE_HEAPS
// heaps (default 2^17) of 0.415, 0.006 and 0.764 it reports how far below
// the true mex the mex of a pseudo-random half of the splits lies (a
// filter that marks half the pairs and then tests candidates must test
// that many), and how many values below the mex at most two splits reach.
//
//	go test -run XXX -bench DenseMexWitnesses -benchtime 1x ./solver/octal/
func BenchmarkDenseMexWitnesses(b *testing.B) {
	heaps := 1 << 17
	if s := os.Getenv("NIMLAB_DENSE_HEAPS"); s != "" {
		heaps, _ = strconv.Atoi(s)
	}
	for _, s := range []string{"0.415", "0.006", "0.764"} {
		b.Run(s, func(b *testing.B) {
			code := mustCode(b, s)
			vals, err := DenseExtend(context.Background(), code, make([]uint16, 1, heaps), heaps-1, nil)
			if err != nil {
				b.Fatal(err)
			}
			_, _, split := code.moveDigits()
			var gap, rare float64
			heapsSeen := 0
			for n := heaps - 200; n < heaps; n++ {
				all, half := make([]int, MaxValue+1), make([]bool, MaxValue+1)
				for _, j := range split {
					r := n - j
					for a := 1; a <= r/2; a++ {
						v := vals[a] ^ vals[r-a]
						all[v]++
						half[v] = half[v] || uint32(a)*2654435761>>31 == 0
					}
				}
				m, h := 0, 0
				for all[m] > 0 {
					m++
				}
				for half[h] {
					h++
				}
				gap += float64(m - h)
				for v := range m {
					if all[v] <= 2 {
						rare++
					}
				}
				heapsSeen++
			}
			b.ReportMetric(gap/float64(heapsSeen), "mex-gap")
			b.ReportMetric(rare/float64(heapsSeen), "values≤2-witnesses")
		})
	}
}
