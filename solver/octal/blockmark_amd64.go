package octal

// markBlock512 is in blockmark_amd64.s (see markBlockGo).
//
//go:noescape
func markBlock512(tab *blockTable, vals *uint16, base int, kernel *uint32, n int)

func markBlock(tab *blockTable, vals []uint16, base int, kernel []uint32) {
	if len(kernel) > 0 {
		markBlock512(tab, &vals[0], base, &kernel[0], len(kernel))
	}
}
