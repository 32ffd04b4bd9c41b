// Package octal computes Grundy values of octal games, proves their periods
// with the Guy–Smith periodicity theorem, and finds winning moves in sums of
// heaps.
//
// An octal code 0.d1d2…dk allows, for each j with digit dj = b0 + 2·b1 + 4·b2,
// removing j tokens from one heap and leaving no heap (b0), one non-empty heap
// (b1) or two non-empty heaps (b2). A digit 4 before the point allows a heap to
// be split in two without removing tokens (e.g. 4.7); other digits there would
// allow a pass and are refused.
//
// The engines: QuadraticExtend follows the definition; Sparse is the
// sparse-space engine, which for codes with up to eight split digits and
// values below 512 hands large runs to the block engine (block.go): 32 heaps
// at a time, the splits off the rare heaps and off a chosen pair kernel
// (pairkernel.go) marked by both cores, the rest ruled out by a vector scan.
// The inner loops have amd64 assembly versions (pairscan_amd64.s,
// blockmark_amd64.s); the Go versions run elsewhere and the tests compare
// both.
//
// What a run means is decided here, not by the front-ends: Solve returns a
// Result whose certified Period always names its proof; Result.ValuesUpTo
// continues the values through a proven period and its saltus (or computes
// further when none is proven); Compare proves two games equal at every heap
// or finds where they first differ; Equivalent searches a code's family for
// games with the same values; TailPeriod is the period the end of an
// unproven sequence shows; SolveOptions.Heaps resolves the default run
// length.
//
// Values are stored as uint16: every octal game computed so far has Grundy
// values far below 2^16, and two bytes per heap is what lets a run reach 2^31
// heaps in memory.
package octal
