//go:build !amd64

package octal

// haveGrundyScanAVX2 is false: only amd64 has the vector scan.
var haveGrundyScanAVX2 = false

func grundyScanAVX2(lo, hi *uint16, blocks int, set *valueSet256) (block int, hits uint32) {
	panic("octal: no vector Grundy scan on this architecture")
}
