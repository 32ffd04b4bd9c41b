package octal

import "golang.org/x/sys/cpu"

// grundyScanSetAVX2 is in grundyscan_amd64.s.
//
//go:noescape
func grundyScanSetAVX2(lo, hi *uint16, blocks int, set *[16]uint64, words int, count int, scratch *[32]uint16) (done int, left int)

// haveGrundyScanAVX2 reports whether grundyScanSetAVX2 can run here.
var haveGrundyScanAVX2 = cpu.X86.HasAVX2

// grundyScanRevAVX2 is in grundyscan_amd64.s.
//
//go:noescape
func grundyScanRevAVX2(rev, hi *uint16, blocks int, set *[16]uint64, words int, count int, scratch *[32]uint16) (done int, left int)
