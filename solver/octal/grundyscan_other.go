//go:build !amd64

package octal

// haveGrundyScanAVX2 is false: only amd64 has the vector scan.
var haveGrundyScanAVX2 = false

func grundyScanSetAVX2(lo, hi *uint16, blocks int, set *[16]uint64, words int, count int, scratch *[32]uint16) (done int, left int) {
	panic("octal: no vector Grundy scan on this architecture")
}

func grundyScanRevAVX2(rev, hi *uint16, blocks int, set *[16]uint64, words int, count int, scratch *[32]uint16) (done int, left int) {
	panic("octal: no vector Grundy scan on this architecture")
}
