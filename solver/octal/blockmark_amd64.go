package octal

// markGroup512 is in blockmark_amd64.s (see markGroupGo).
//
//go:noescape
func markGroup512(tab *uint8, vals *uint16, base int, kernel *uint32, pairs int)

// markGroup marks the kernel splits of the heaps of group g of a block into
// tab (see markGroupGo).
func markGroup(tab *blockTable, g int, vals []uint16, base int, kernel []uint32) {
	k0 := g * blockGroup
	if pairs := len(kernel) / 2; pairs > 0 {
		markGroup512(&tab[k0*blockStride], &vals[0], base+k0, &kernel[0], pairs)
	}
	if len(kernel)%2 == 1 {
		markGroupGo(tab, g, vals, base, kernel[len(kernel)-1:])
	}
}

// markSplits512 is in blockmark_amd64.s (see markSplits).
//
//go:noescape
func markSplits512(seen *uint8, lo *uint16, hi *uint16, n int)

// markSplits marks seen[vals[a] ^ vals[r−a]] for 1 ≤ a < until (< r); the
// values must be below 512.
func markSplits(seen *[MaxValue + 1]uint8, vals []uint16, r, until int) {
	n := until - 1
	if q := n &^ 3; q > 0 {
		_ = vals[r-1]
		_ = vals[q]
		markSplits512(&seen[0], &vals[1], &vals[r-1], q)
	}
	for a := 1 + n&^3; a < until; a++ {
		seen[vals[a]^vals[r-a]] = 1
	}
}

// gatherTable512 is in blockmark_amd64.s.
//
//go:noescape
func gatherTable512(out *valueSet512, tab *uint8)

// gatherTable sets bit v of out when tab[v] ≠ 0, for v < 512 (tab holds
// 0 or 1 below 512).
func gatherTable(out *valueSet512, tab []uint8) {
	_ = tab[blockStride-1]
	if haveFindPairsSIMD {
		gatherTable512(out, &tab[0])
		return
	}
	for w := range out {
		out[w] = gather64(tab[w*64 : w*64+64])
	}
}

// markGroup64AVX2 is in blockmark_amd64.s.
//
//go:noescape
func markGroup64AVX2(out *uint64, vals *uint16, base int, kernel *uint32, n int)

// markGroup64 ORs into word 0 of opts[g·blockGroup+k], k < blockGroup,
// the options of the kernel splits of heap base+k, for values below 64
// (see markGroup64Go).
func markGroup64(opts *blockOptions, g int, vals []uint16, base int, kernel []uint32) {
	k0 := g * blockGroup
	if len(kernel) == 0 {
		return
	}
	if !haveAVX2PairScan {
		markGroup64Go(opts, g, vals, base, kernel)
		return
	}
	markGroup64AVX2(&opts[k0][0], &vals[0], base+k0, &kernel[0], len(kernel))
}
