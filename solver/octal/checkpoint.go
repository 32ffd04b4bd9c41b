package octal

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"

	"github.com/google/renameio/v2"
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
	f, err := renameio.NewPendingFile(path, renameio.WithPermissions(0o644))
	if err != nil {
		return fmt.Errorf("writing checkpoint %s: %w", path, err)
	}
	defer f.Cleanup()
	crc := crc32.New(crcTable)
	w := bufio.NewWriterSize(io.MultiWriter(f, crc), 1<<20)
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
	if _, err := f.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32())); err != nil {
		return fmt.Errorf("writing checkpoint %s: %w", path, err)
	}
	if err := f.CloseAtomicallyReplace(); err != nil {
		return fmt.Errorf("writing checkpoint %s: %w", path, err)
	}
	return nil
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
func ReadCheckpoint(path string, code Code) ([]uint16, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
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
	check := min(len(values), checkpointSpotCheck)
	want, err := QuadraticExtend(context.Background(), code, make([]uint16, 0, check), check-1, nil)
	if code.usesGeneral() {
		want, err = ExtendValues(context.Background(), code, make([]uint16, 0, check), check-1)
	}
	if err != nil {
		return nil, err
	}
	for i := range check {
		if want[i] != values[i] {
			return nil, bad("its G(%d) = %d, but %s has G(%d) = %d", i, values[i], code, i, want[i])
		}
	}
	return values, nil
}

// IsCheckpointError reports whether err is a refused checkpoint.
func IsCheckpointError(err error) bool {
	var ce *CheckpointError
	return errors.As(err, &ce)
}
