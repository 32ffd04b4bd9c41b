//go:build !amd64

package octal

// haveFindPairsSIMD is false: only amd64 has the vector pair scan.
var haveFindPairsSIMD = false

func findPairsSIMD(lo, hi *uint16, blocks int, set *valueSet512, count int) (left, done int) {
	panic("octal: no vector pair scan on this architecture")
}

func findPairsAlignedAVX512(lo, hi *uint16, blocks int, set *valueSet512, count int) (left, done int) {
	panic("octal: no vector pair scan on this architecture")
}

// haveAVX2PairScan is false: only amd64 has the vector pair scan.
var haveAVX2PairScan = false

func haveAlignedPairScan() bool { return false }

func findPairsAligned(lo, hi *uint16, blocks int, set *valueSet512, count int) (left, done int) {
	panic("octal: no vector pair scan on this architecture")
}

func findPairsAlignedAVX2(lo, hi *uint16, blocks int, set *valueSet512, count int) (left, done int) {
	panic("octal: no vector pair scan on this architecture")
}
