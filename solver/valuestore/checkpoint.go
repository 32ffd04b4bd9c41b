package valuestore

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// A checkpoint file holds the values of one in-memory run so that it can
// be resumed:
//
//	"NIMLAB-OCTAL-CHECKPOINT v1\n"   magic and version
//	uint16 length, then the code      e.g. "0.1777"
//	uint64 count                      values G(0..count−1) follow
//	count × uint16                    the values, little-endian
//	uint32 CRC-32C                    of everything before it
//
// Whatever else a run keeps (rare heaps, masks, period candidates) follows
// from the values and is recomputed on resume.
const checkpointMagic = "NIMLAB-OCTAL-CHECKPOINT v1\n"

// CheckpointError says why a checkpoint file cannot be resumed.
type CheckpointError struct {
	Path, Reason string
}

func (e *CheckpointError) Error() string {
	return fmt.Sprintf("cannot resume from %s: %s", e.Path, e.Reason)
}

// IsCheckpointError reports whether err is a refused checkpoint.
func IsCheckpointError(err error) bool {
	var ce *CheckpointError
	return errors.As(err, &ce)
}

// WriteCheckpoint saves values, G(0..len−1) of the game name, to path
// atomically (through safewrite): a crash leaves either the old checkpoint
// or the new one.
func WriteCheckpoint(path, name string, values []uint16) error {
	head := framedHead(checkpointMagic, name)
	head = append(head, le64(uint64(len(values)))...)
	return WriteFramed(path, head, func(w io.Writer) error { return WriteValues(w, values) })
}

// ReadCheckpoint loads the values saved by WriteCheckpoint for the game
// name. A file that is not a checkpoint, is truncated or damaged
// (checksum), holds more than maxCount values, or belongs to another game
// is refused with a *CheckpointError saying which. It checks the file, not
// the values: whether they are the game's is for the caller to check.
//
// A values file (see CreateValueFile; complete or PATH.partial) is accepted
// too when it holds at most maxCount values: an in-memory run continues
// from a run on disk.
func ReadCheckpoint(path, name string, maxCount int) ([]uint16, error) {
	fr, err := openFramed(path)
	if err != nil {
		return nil, err
	}
	defer fr.Close()
	if isValuesFile(fr.f) {
		return readValuesFileCheckpoint(path, name, maxCount)
	}
	info, err := fr.f.Stat()
	if err != nil {
		return nil, err
	}
	got, err := fr.head(checkpointMagic, "octal")
	if err != nil {
		return nil, err
	}
	count, err := fr.u64()
	if err != nil {
		return nil, err
	}
	headLen := int64(len(checkpointMagic)) + 2 + int64(len(got)) + 8
	if want := headLen + 2*int64(count) + 4; count > uint64(maxCount) || info.Size() != want {
		return nil, fr.bad("it is truncated or damaged (%d bytes, its header announces %d values)", info.Size(), count)
	}
	if got != name {
		return nil, fr.bad("it is a checkpoint of %s, not of %s", got, name)
	}
	values := make([]uint16, count)
	if err := fr.values(values); err != nil {
		return nil, err
	}
	if err := fr.end(false); err != nil {
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
func readValuesFileCheckpoint(path, name string, maxCount int) ([]uint16, error) {
	vf, err := OpenValueFile(path, name)
	if err != nil {
		var ve *ValueFileError
		if errors.As(err, &ve) {
			return nil, &CheckpointError{Path: path, Reason: ve.Reason}
		}
		return nil, err
	}
	defer vf.Close()
	if vf.Len() > int64(maxCount) {
		return nil, &CheckpointError{Path: path, Reason: fmt.Sprintf("it holds %d values, more than the %d an in-memory run keeps; accepted: continue it with --values-file", vf.Len(), maxCount)}
	}
	values := make([]uint16, vf.Len())
	vf.Read(values, 0)
	return values, nil
}
