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
// The engines, each exact, and their files:
//
//   - the definition: QuadraticExtend (quadratic.go), every option of every
//     heap; the reference the others are tested against;
//   - the sparse-space engine, Sparse (sparse.go; the space it picks:
//     mask.go, raremask.go): a few rare heaps, whose splits are marked, and
//     a scan that rules out the other candidates. For codes with up to eight
//     split digits and values below 512 it hands large runs to the block
//     engine (block.go): 32 heaps at a time, the splits off the rare heaps
//     and off a chosen pair kernel (pairkernel.go) marked by both cores, the
//     rest ruled out by a vector scan (pairscan*.go, blockmark*.go); codes
//     whose values stay below 64 with few rare heaps go to the small-space
//     engine (smallspace.go: every set of values is one word); two workers
//     compute alternate heaps of the serial engine (parallel.go);
//   - the dense engine, Dense (dense.go), for games with no sparse space:
//     one pass over every split pair, no rare heaps; BlockDense
//     (denseblock.go) is the same pass with each split marked once and both
//     cores sharing it; DenseOrSparse (densechoice.go) times the dense and
//     sparse engines on a run and keeps the faster;
//   - streams, Stream (stream.go): the sparse engines with only the first
//     and last windows of values in memory, so that a run is bounded by time
//     rather than memory; VerifyPeriod (verify.go) runs two of them p heaps
//     apart; ComputeToFile (diskrun.go) runs one into a values file of
//     solver/valuestore and decides from the file the heaps its windows
//     cannot (CheckValueFile, diskcheck.go, checks a file from the
//     definition);
//   - the general engine (general.go, solvegeneral.go) for take-and-break
//     games that are not octal codes, and Grundy's game's own sparse engine
//     (grundygame.go, grundycover.go, grundyscan*.go).
//
// The inner loops have amd64 assembly versions (pairscan_amd64.s,
// blockmark_amd64.s, grundyscan_amd64.s, grundycover_amd64.s); the Go
// versions run elsewhere and the tests compare both. Checkpoints and values
// files are written and read by solver/valuestore (their formats);
// checkpoint.go and verifycheckpoint.go check that the values read are the
// game's.
//
// What a run means is decided here, not by the front-ends: Solve returns a
// Result whose certified Period always names its proof; Result.ValuesUpTo
// continues the values through a proven period and its saltus (or computes
// further when none is proven); Compare proves two games equal at every heap
// or finds where they first differ; Equivalent searches a code's family for
// games with the same values; ProvenPeriod is the period Solve certifies on
// given values; Result.SeenPeriod is the period a result shows, proven or
// not (FindSaltus: an arithmetic period the values show); TailPeriod is the
// period the end of an unproven sequence shows; SolveOptions.Heaps resolves
// the default run length. The census reads these rather than deciding
// on its own.
//
// Values are stored as uint16: every octal game computed so far has Grundy
// values far below 2^16, and two bytes per heap is what lets a run reach 2^31
// heaps in memory.
package octal
