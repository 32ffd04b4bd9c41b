package octal

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"os"

	"github.com/nimlab/nimlab/solver/safewrite"
)

// A checkpoint file holds the values of one run so that it can be resumed:
//
//	"NIMLAB-OCTAL-CHECKPOINT v1\n"   magic and version
//	uint16 length, then the code      e.g. "0.1777"
//	uint64 count                      values G(0..count−1) follow
//	count × uint16                    the values, little-endian
//	uint32 CRC-32C                    of everything before it
//
// The rare heaps, the mask and the period candidates are recomputed on
// resume: they follow from the values.
const checkpointMagic = "NIMLAB-OCTAL-CHECKPOINT v1\n"

// checkpointSpotCheck is how many leading values ReadCheckpoint recomputes
// from the definition, to refuse a file that holds another game's values.
const checkpointSpotCheck = 2000

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// WriteCheckpoint saves values (G(0..len−1) of code) to path atomically: the
// file is written under a temporary name and renamed, so a crash leaves
// either the old checkpoint or the new one.
func WriteCheckpoint(path string, code Code, values []uint16) error {
	return safewrite.Write(path, nil, func(out io.Writer) error {
		crc := crc32.New(crcTable)
		w := bufio.NewWriterSize(io.MultiWriter(out, crc), 1<<20)
		name := code.String()
		var head []byte
		head = append(head, checkpointMagic...)
		head = binary.LittleEndian.AppendUint16(head, uint16(len(name)))
		head = append(head, name...)
		head = binary.LittleEndian.AppendUint64(head, uint64(len(values)))
		if _, err := w.Write(head); err != nil {
			return fmt.Errorf("writing checkpoint %s: %w", path, err)
		}
		buf := make([]byte, 0, 1<<16)
		for i := 0; i < len(values); i += len(buf) / 2 {
			buf = buf[:0]
			for _, v := range values[i:min(len(values), i+1<<15)] {
				buf = binary.LittleEndian.AppendUint16(buf, v)
			}
			if _, err := w.Write(buf); err != nil {
				return fmt.Errorf("writing checkpoint %s: %w", path, err)
			}
		}
		if err := w.Flush(); err != nil {
			return fmt.Errorf("writing checkpoint %s: %w", path, err)
		}
		_, err := out.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32()))
		return err
	})
}

// CheckpointError says why a checkpoint file cannot be resumed.
type CheckpointError struct {
	Path, Reason string
}

func (e *CheckpointError) Error() string {
	return fmt.Sprintf("cannot resume from %s: %s", e.Path, e.Reason)
}

// ReadCheckpoint loads the values saved by WriteCheckpoint for code. A file
// that is not a checkpoint, is truncated or damaged (checksum), or belongs to
// another code is refused with a *CheckpointError saying which.
//
// A values file (see CreateValueFile; complete or PATH.partial) is accepted
// too when it holds at most MaxHeaps values: an in-memory run continues from
// a run on disk.
func ReadCheckpoint(path string, code Code) ([]uint16, error) {
	return readCheckpoint(path, code, func(values []uint16) error { return checkResumedValues(path, code, values) })
}

// ReadCheckpointRederived is ReadCheckpoint that recomputes every value
// from the definition (RederiveValues) instead of checking some: a file
// whose values are not all code's is refused with a *CheckpointError
// naming the first wrong heap. It takes as long as computing the values.
func ReadCheckpointRederived(ctx context.Context, path string, code Code, progress ProgressFunc) ([]uint16, error) {
	return readCheckpoint(path, code, func(values []uint16) error {
		n, want, ok, err := RederiveValues(ctx, code, values, progress)
		if err != nil {
			return err
		}
		if !ok {
			return &CheckpointError{Path: path, Reason: fmt.Sprintf("its G(%d) = %d, but %s has G(%d) = %d (every value was recomputed)", n, values[n], code, n, want)}
		}
		return nil
	})
}

// readCheckpoint reads a checkpoint or values file for code and hands its
// values to check.
func readCheckpoint(path string, code Code, check func([]uint16) error) ([]uint16, error) {
	f, err := openCheckpoint(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if isValuesFile(f) {
		return readValuesFileCheckpoint(path, code, check)
	}
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	bad := func(format string, args ...any) error {
		return &CheckpointError{Path: path, Reason: fmt.Sprintf(format, args...)}
	}
	crc := crc32.New(crcTable)
	// The checksum covers what is read through r; the stored sum itself is
	// read from br directly.
	br := bufio.NewReaderSize(f, 1<<20)
	r := io.TeeReader(br, crc)
	magic := make([]byte, len(checkpointMagic))
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != checkpointMagic {
		return nil, bad("it is not a nimlab octal checkpoint")
	}
	var nameLen uint16
	if err := binary.Read(r, binary.LittleEndian, &nameLen); err != nil {
		return nil, bad("it is truncated")
	}
	name := make([]byte, nameLen)
	if _, err := io.ReadFull(r, name); err != nil {
		return nil, bad("it is truncated")
	}
	var count uint64
	if err := binary.Read(r, binary.LittleEndian, &count); err != nil {
		return nil, bad("it is truncated")
	}
	headLen := int64(len(checkpointMagic)) + 2 + int64(nameLen) + 8
	if want := headLen + 2*int64(count) + 4; count > MaxHeaps || info.Size() != want {
		return nil, bad("it is truncated or damaged (%d bytes, its header announces %d values)", info.Size(), count)
	}
	if string(name) != code.String() {
		return nil, bad("it is a checkpoint of %s, not of %s", name, code)
	}
	values := make([]uint16, count)
	buf := make([]byte, 1<<16)
	for i := 0; i < len(values); {
		chunk := buf[:2*min(len(buf)/2, len(values)-i)]
		if _, err := io.ReadFull(r, chunk); err != nil {
			return nil, bad("it is truncated")
		}
		for k := 0; k < len(chunk); k += 2 {
			values[i] = binary.LittleEndian.Uint16(chunk[k:])
			i++
		}
	}
	sum := crc.Sum32()
	var stored uint32
	if err := binary.Read(br, binary.LittleEndian, &stored); err != nil {
		return nil, bad("it is truncated")
	}
	if stored != sum {
		return nil, bad("it is damaged (checksum mismatch)")
	}
	if err := check(values); err != nil {
		return nil, err
	}
	return values, nil
}

// IsValueFile reports whether path is a values file (CreateValueFile).
func IsValueFile(path string) bool {
	if path == "" {
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	return isValuesFile(f)
}

// isValuesFile reports whether f starts with a values file's magic (and
// rewinds it).
func isValuesFile(f *os.File) bool {
	magic := make([]byte, len(valuesMagic))
	_, err := io.ReadFull(f, magic)
	f.Seek(0, io.SeekStart)
	return err == nil && string(magic) == valuesMagic
}

// readValuesFileCheckpoint loads a values file as a checkpoint.
func readValuesFileCheckpoint(path string, code Code, check func([]uint16) error) ([]uint16, error) {
	vf, err := OpenValueFile(path, code)
	if err != nil {
		var ve *ValueFileError
		if errors.As(err, &ve) {
			return nil, &CheckpointError{Path: path, Reason: ve.Reason}
		}
		return nil, err
	}
	defer vf.Close()
	if vf.Len() > MaxHeaps {
		return nil, &CheckpointError{Path: path, Reason: fmt.Sprintf("it holds %d values, more than the %d an in-memory run keeps; accepted: continue it with --values-file", vf.Len(), MaxHeaps)}
	}
	values := make([]uint16, vf.Len())
	vf.Read(values, 0)
	if err := check(values); err != nil {
		return nil, err
	}
	return values, nil
}

// checkResumedValues recomputes the leading values from the definition and
// checks others from their options, refusing a file whose values are not
// code's.
func checkResumedValues(path string, code Code, values []uint16) error {
	bad := func(format string, args ...any) error {
		return &CheckpointError{Path: path, Reason: fmt.Sprintf(format, args...)}
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
		code.ForEachOption(n, func(o Option) { fn(values[o.A] ^ values[o.B]) })
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

// openCheckpoint opens a checkpoint file for reading. Opening a named pipe
// would wait for a writer for ever, and a device never holds a checkpoint:
// only regular files are read.
func openCheckpoint(path string) (*os.File, error) {
	if fi, err := os.Stat(path); err != nil {
		return nil, err
	} else if !fi.Mode().IsRegular() {
		return nil, &CheckpointError{Path: path, Reason: "it is not a regular file"}
	}
	return os.Open(path)
}

// IsCheckpointError reports whether err is a refused checkpoint.
func IsCheckpointError(err error) bool {
	var ce *CheckpointError
	return errors.As(err, &ce)
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
