package octal

import "golang.org/x/sys/cpu"

// grundyCoverAVX2 is in grundycover_amd64.s; grundyCoverScalar is its
// definition.
//
//go:noescape
func grundyCoverAVX2(src *uint8, rs *int32, rho *uint32, count int, acc *[64]uint32)

// haveGrundyCoverAVX2 reports whether grundyCoverAVX2 can run here.
var haveGrundyCoverAVX2 = cpu.X86.HasAVX2
