package octal

import (
	"context"
	"math/rand/v2"
)

// CheckValueFile recomputes G(n) for each of heaps from the definition —
// the mex of the values of every option of n, read from the file — and
// returns the first heap whose stored value differs (ok false). It does not
// use the sparse space: it is an independent check of a file's values (each
// heap n costs about n/2 reads for each split digit).
func CheckValueFile(ctx context.Context, vf *ValueFile, heaps []int64) (bad int64, got, want uint16, ok bool, err error) {
	for _, n := range heaps {
		if err := ctx.Err(); err != nil {
			return 0, 0, 0, false, err
		}
		w, err := mexFromFile(ctx, vf, n)
		vf.releaseRead()
		if err != nil {
			return 0, 0, 0, false, err
		}
		if g := vf.At(n); g != w {
			return n, g, w, false, nil
		}
	}
	return 0, 0, 0, true, nil
}

// SampleHeaps returns the heaps a check looks at: the last one, the one of
// the largest value, and k more drawn at random (from a seed nobody can
// predict), all below vf.Len().
func SampleHeaps(vf *ValueFile, k int) []int64 {
	n := vf.Len()
	if n == 0 {
		return nil
	}
	_, at := vf.MaxValue()
	out := []int64{n - 1, at}
	rng := rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	for range k {
		out = append(out, rng.Int64N(n))
	}
	return out
}

// mexFromFile is G(n) by the definition over the values in vf.
func mexFromFile(ctx context.Context, vf *ValueFile, n int64) (uint16, error) {
	var seen [(MaxValue + 1) / 64]uint64
	mark := func(v uint16) { seen[v>>6] |= 1 << (v & 63) }
	const block = 1 << 16
	lo, hi := make([]uint16, block), make([]uint16, block)
	for j, d := range vf.code.Digits {
		if int64(j) > n || d == 0 {
			continue
		}
		r := n - int64(j)
		if d&1 != 0 && r == 0 && j > 0 {
			mark(0)
		}
		if d&2 != 0 && r >= 1 && j > 0 {
			mark(vf.At(r))
		}
		if d&4 == 0 || r < 2 {
			continue
		}
		for a := int64(1); a <= r/2; a += block {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
			if (a/block)%256 == 255 {
				vf.releaseRead() // a pass over the whole file: hand its pages back every 2^24 pairs
			}
			end := min(a+block, r/2+1)
			m := end - a
			vf.Read(lo[:m], a)
			vf.Read(hi[:m], r-end+1)
			for k := int64(0); k < m; k++ {
				mark(lo[k] ^ hi[m-1-k])
			}
		}
	}
	for w, x := range seen {
		if x != ^uint64(0) {
			for b := 0; b < 64; b++ {
				if x&(1<<b) == 0 {
					return uint16(64*w + b), nil
				}
			}
		}
	}
	return MaxValue, nil
}
