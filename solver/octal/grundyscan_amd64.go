package octal

import "golang.org/x/sys/cpu"

// grundyScanAVX2 is in grundyscan_amd64.s.
//
//go:noescape
func grundyScanAVX2(lo, hi *uint16, blocks int, set *valueSet256) (block int, hits uint32)

// haveGrundyScanAVX2 reports whether grundyScanAVX2 can run here.
var haveGrundyScanAVX2 = cpu.X86.HasAVX2
