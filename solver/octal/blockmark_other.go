//go:build !amd64

package octal

func markGroup(tab *blockTable, g int, vals []uint16, base int, kernel []uint32) {
	markGroupGo(tab, g, vals, base, kernel)
}
