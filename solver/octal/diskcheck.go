package octal

import (
	"context"
	"fmt"

	"github.com/nimlab/nimlab/solver/valuestore"
)

// CheckValueFile recomputes G(n) of code for each of heaps from the
// definition — the mex of the values of every option of n, read from vf —
// and returns the first heap whose stored value differs (ok false). It does
// not use the sparse space: it is an independent check of a file's values
// (each heap n costs about n/2 reads for each split digit). Heaps to check
// are typically valuestore.SampleHeaps.
func CheckValueFile(ctx context.Context, code Code, vf *valuestore.ValueFile, heaps []int64) (bad int64, got, want uint16, ok bool, err error) {
	if vf.Name() != code.String() {
		return 0, 0, 0, false, fmt.Errorf("%s holds the values of %s, not of %s", vf.Path(), vf.Name(), code)
	}
	for _, n := range heaps {
		if err := ctx.Err(); err != nil {
			return 0, 0, 0, false, err
		}
		w, err := mexFromFile(ctx, code, vf, n)
		vf.ReleaseRead()
		if err != nil {
			return 0, 0, 0, false, err
		}
		if g := vf.At(n); g != w {
			return n, g, w, false, nil
		}
	}
	return 0, 0, 0, true, nil
}

// mexFromFile is G(n) by the definition over the values in vf.
func mexFromFile(ctx context.Context, code Code, vf *valuestore.ValueFile, n int64) (uint16, error) {
	var seen [(MaxValue + 1) / 64]uint64
	mark := func(v uint16) { seen[v>>6] |= 1 << (v & 63) }
	const block = 1 << 16
	lo, hi := make([]uint16, block), make([]uint16, block)
	for j, d := range code.Digits {
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
				vf.ReleaseRead() // a pass over the whole file: hand its pages back every 2^24 pairs
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
