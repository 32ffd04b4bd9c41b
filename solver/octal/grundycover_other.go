//go:build !amd64

package octal

// haveGrundyCoverAVX2 is false: only amd64 has the vector cover kernel.
var haveGrundyCoverAVX2 = false

func grundyCoverAVX2(src *uint8, rs *int32, rho *uint32, count int, acc *[64]uint32) {
	panic("octal: no vector Grundy cover kernel on this architecture")
}
