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
