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
