package octal

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/nimlab/nimlab/solver/valuestore"
)

// Checkpoints of in-memory runs: the file format is valuestore's (its
// checkpoint file, or a values file); what this file adds is the check that
// the values read are the game's.

// checkpointSpotCheck is how many leading values ReadCheckpoint recomputes
// from the definition, to refuse a file that holds another game's values.
const checkpointSpotCheck = 2000

// WriteCheckpoint saves values (G(0..len−1) of code) to path atomically
// (valuestore.WriteCheckpoint): a crash leaves either the old checkpoint or
// the new one.
func WriteCheckpoint(path string, code Code, values []uint16) error {
	return valuestore.WriteCheckpoint(path, code.String(), values)
}

// ReadCheckpoint loads the values saved by WriteCheckpoint for code. A file
// that is not a checkpoint, is truncated or damaged (checksum), or belongs to
// another code is refused with a *valuestore.CheckpointError saying which,
// and so is one whose values are not code's: the leading values are
// recomputed from the definition and others checked against their options.
//
// A values file (see valuestore.CreateValueFile; complete or PATH.partial)
// is accepted too when it holds at most MaxHeaps values: an in-memory run
// continues from a run on disk.
func ReadCheckpoint(path string, code Code) ([]uint16, error) {
	values, err := valuestore.ReadCheckpoint(path, code.String(), MaxHeaps)
	if err != nil {
		return nil, err
	}
	if err := checkResumedValues(path, code, values); err != nil {
		return nil, err
	}
	return values, nil
}

// ReadCheckpointRederived is ReadCheckpoint that recomputes every value
// from the definition (RederiveValues) instead of checking some: a file
// whose values are not all code's is refused with a
// *valuestore.CheckpointError naming the first wrong heap. It takes as long
// as computing the values.
func ReadCheckpointRederived(ctx context.Context, path string, code Code, progress ProgressFunc) ([]uint16, error) {
	values, err := valuestore.ReadCheckpoint(path, code.String(), MaxHeaps)
	if err != nil {
		return nil, err
	}
	n, want, ok, err := RederiveValues(ctx, code, values, progress)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &valuestore.CheckpointError{Path: path, Reason: fmt.Sprintf("its G(%d) = %d, but %s has G(%d) = %d (every value was recomputed)", n, values[n], code, n, want)}
	}
	return values, nil
}

// checkResumedValues recomputes the leading values from the definition and
// checks others from their options, refusing a file whose values are not
// code's.
func checkResumedValues(path string, code Code, values []uint16) error {
	bad := func(format string, args ...any) error {
		return &valuestore.CheckpointError{Path: path, Reason: fmt.Sprintf(format, args...)}
	}
	check := min(len(values), checkpointSpotCheck)
	want, err := QuadraticExtend(context.Background(), code, make([]uint16, 0, check), check-1, nil)
	if code.usesGeneral() {
		want, err = ExtendValues(context.Background(), code, make([]uint16, 0, check), check-1)
	}
	if err != nil {
		return err
	}
	for i := range check {
		if want[i] != values[i] {
			return bad("its G(%d) = %d, but %s has G(%d) = %d", i, values[i], code, i, want[i])
		}
	}
	if n, ok := verifyFromOptions(code, values, checkpointSpotCheck); !ok {
		return bad("its G(%d) = %d is not the mex of the values of heap %d's options: the file was altered", n, values[n], n)
	}
	return nil
}

// checkpointVerifyBudget bounds the options ReadCheckpoint looks at beyond
// the leading values (about a second of work).
const checkpointVerifyBudget = 400_000_000

// verifyFromOptions checks that G(n) is the mex of its options' values, for
// heaps n ≥ from: every heap when that fits the budget, otherwise the last
// heap, the heap of the largest value, and heaps drawn at random (from a
// seed nobody can predict) until the budget is spent. A checksum can be
// recomputed by whoever alters a file; this check cannot be satisfied by
// altered values short of recomputing them. It returns the first heap that
// fails.
func verifyFromOptions(code Code, values []uint16, from int) (int, bool) {
	if from >= len(values) {
		return 0, true
	}
	splits := 0
	for _, d := range code.Digits {
		if d&4 != 0 {
			splits++
		}
	}
	// cost(n) ≈ options of heap n.
	cost := func(n int) int { return len(code.Digits) + splits*(n/2) }
	seen := make([]uint64, (int(MaxValue)+1)/64)
	forEach := func(n int, fn func(v uint16)) {
		code.ForEachOption(n, func(_, a, b int) { fn(values[a] ^ values[b]) })
	}
	if code.usesGeneral() {
		// A take-and-break game (4!.0, 0.B, S!(1,3) …): its own moves, not
		// those of the octal digits (4!.0's digits would allow the equal
		// split and refuse every checkpoint of Grundy's game).
		rules := code.TakeBreak()
		m := rules.MaxHeaps()
		if m < 0 || m > 2 {
			return 0, true // options grow as n^(m−1): the leading values were checked
		}
		// takebreak's generic move enumeration costs about eight times an
		// octal option (measured on Grundy's game: 6.8 s for the budget
		// counted as octal options), so each option counts eight.
		perHeap := 8 * len(rules.Digits)
		cost = func(n int) int {
			if !rules.Finite() {
				perHeap = 8 * n
			}
			if m <= 1 {
				return perHeap
			}
			return perHeap * (n/2 + 1)
		}
		forEach = func(n int, fn func(v uint16)) {
			rules.ForEachOption(n, func(_ int, heaps []int) bool {
				var v uint16
				for _, h := range heaps {
					v ^= values[h]
				}
				fn(v)
				return true
			})
		}
	}
	check := func(n int) bool {
		hi := uint16(0)
		forEach(n, func(v uint16) {
			seen[v/64] |= 1 << (v % 64)
			hi = max(hi, v)
		})
		mex := 0
		for seen[mex/64]&(1<<(mex%64)) != 0 {
			mex++
		}
		clear(seen[:int(hi)/64+1])
		return mex == int(values[n])
	}
	total := 0
	for n := from; n < len(values) && total <= checkpointVerifyBudget; n++ {
		total += cost(n)
	}
	if total <= checkpointVerifyBudget {
		for n := from; n < len(values); n++ {
			if !check(n) {
				return n, false
			}
		}
		return 0, true
	}
	picks := []int{len(values) - 1}
	best := from
	for n := from; n < len(values); n++ {
		if values[n] > values[best] {
			best = n
		}
	}
	picks = append(picks, best)
	rng := rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	spent := 0
	for i := 0; spent < checkpointVerifyBudget && i < 1<<16; i++ {
		var n int
		if i < len(picks) {
			n = picks[i]
		} else {
			n = from + rng.IntN(len(values)-from)
		}
		spent += cost(n)
		if !check(n) {
			return n, false
		}
	}
	return 0, true
}

// RederiveValues recomputes G(0..len(values)−1) of code from the
// definition, with the engine Solve uses, and compares: it returns the
// first heap where values differ and code's value there (ok false), or ok true when every value
// is code's. This is the full check behind `--verify`: ReadCheckpoint
// recomputes the leading values and checks others against their options,
// which catches damage and other games' files but not every edit whose
// checksum was recomputed; RederiveValues costs as much as computing the
// values again.
func RederiveValues(ctx context.Context, code Code, values []uint16, progress ProgressFunc) (heap int, want uint16, ok bool, err error) {
	if len(values) == 0 {
		return 0, 0, true, nil
	}
	res, err := Solve(ctx, code, SolveOptions{N: len(values) - 1, Exact: true, Progress: progress})
	if err != nil {
		return 0, 0, false, err
	}
	for n, v := range values {
		if res.Values[n] != v {
			return n, res.Values[n], false, nil
		}
	}
	return 0, 0, true, nil
}
