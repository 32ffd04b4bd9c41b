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

// haveRuleOut64 is false: only amd64 has the vector rule-out scan.
var haveRuleOut64 = false

func ruleOut64(lo, hi *uint16, blocks int, set uint64) (left uint64, done int) {
	panic("octal: no vector rule-out scan on this architecture")
}

var haveRuleOut64x2Wide = false

func ruleOut64x2Lanes() int { return 16 }

func ruleOut64x2(lo, hi0, hi1 *uint16, blocks int, set uint64) (left uint64, done int) {
	panic("octal: no vector rule-out scan on this architecture")
}

var haveRuleOut64x3, haveRuleOut64x3Wide = false, false

func ruleOut64x3Lanes() int { return 16 }

func ruleOut64x3(lo, hi0, hi1, hi2 *uint16, blocks int, set uint64) (left uint64, done int) {
	panic("octal: no vector rule-out scan on this architecture")
}

func pairWord(lo, hi *uint16) uint64 {
	panic("octal: no vector rule-out scan on this architecture")
}

func pairWords3(lo, hi *uint16) (w0, w1, w2 uint64) {
	panic("octal: no vector rule-out scan on this architecture")
}

// haveRareOptions4 is false: only amd64 has the four-heap rare scan.
var haveRareOptions4 = false

func rareOptions4(end *uint16, offs *int, vals *uint64, nr int, out *[4]uint64) {
	panic("octal: no four-heap rare scan on this architecture")
}
