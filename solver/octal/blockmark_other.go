//go:build !amd64

package octal

func markBlock(tab *blockTable, vals []uint16, base int, kernel []uint32) {
	markBlockGo(tab, vals, base, kernel)
}
