//go:build !amd64

package octal

func markGroup(tab *blockTable, g int, vals []uint16, base int, kernel []uint32) {
	markGroupGo(tab, g, vals, base, kernel)
}

// markSplits marks seen[vals[a] ^ vals[r−a]] for 1 ≤ a < until (< r).
func markSplits(seen *[MaxValue + 1]uint8, vals []uint16, r, until int) {
	for a := 1; a < until; a++ {
		seen[vals[a]^vals[r-a]] = 1
	}
}

// gatherTable sets bit v of out when tab[v] ≠ 0, for v < 512 (tab holds
// 0 or 1 below 512).
func gatherTable(out *valueSet512, tab []uint8) {
	for w := range out {
		out[w] = gather64(tab[w*64 : w*64+64])
	}
}

// markGroup64 is markGroup64Go on machines without the vector marking.
func markGroup64(opts *blockOptions, g int, vals []uint16, base int, kernel []uint32) {
	markGroup64Go(opts, g, vals, base, kernel)
}
