package astron

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"

	"github.com/nimlab/nimlab/solver/valuestore"
)

// The checkpoint of a cube computation: a header naming the rules, the size
// and the next anti-diagonal of pairs to compute, the cube's values in
// little-endian order, and a CRC-32C of everything before it (the frame of
// valuestore's checkpoints). It is written to a temporary name and renamed
// (valuestore.WriteFramed), so a kill during the write leaves the previous
// checkpoint intact.
const cubeCheckpointMagic = "NLCUBE3\x01"

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// CheckpointError says why a checkpoint file cannot be resumed from.
type CheckpointError struct {
	Path, Reason string
}

func (e *CheckpointError) Error() string {
	return fmt.Sprintf("checkpoint %s cannot be resumed: %s (delete it or choose another --checkpoint file)", e.Path, e.Reason)
}

func saveCubeCheckpoint(path string, c *Cube3, nextD int) error {
	rules := c.Rules.String()
	hdr := make([]byte, 0, 64+len(rules))
	hdr = append(hdr, cubeCheckpointMagic...)
	hdr = binary.LittleEndian.AppendUint32(hdr, uint32(c.N))
	hdr = binary.LittleEndian.AppendUint32(hdr, uint32(nextD))
	hdr = binary.LittleEndian.AppendUint32(hdr, uint32(c.max))
	hdr = binary.LittleEndian.AppendUint32(hdr, uint32(len(rules)))
	hdr = append(hdr, rules...)
	return valuestore.WriteFramed(path, hdr, func(w io.Writer) error { return valuestore.WriteValues(w, c.v) })
}

// loadCubeCheckpoint fills c from the checkpoint at path when it exists; ok
// is false when there is none. A file of other rules or size, or a damaged
// one, is an error (never silently recomputed over).
func loadCubeCheckpoint(path string, c *Cube3) (nextD, maxV int, ok bool, err error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, 0, false, nil
	}
	if err != nil {
		return 0, 0, false, err
	}
	defer f.Close()
	bad := func(reason string) (int, int, bool, error) {
		return 0, 0, false, &CheckpointError{Path: path, Reason: reason}
	}
	h := crc32.New(crcTable)
	br := bufio.NewReaderSize(f, 1<<20)
	r := io.TeeReader(br, h)
	hdr := make([]byte, len(cubeCheckpointMagic)+16)
	if _, err := io.ReadFull(r, hdr); err != nil || string(hdr[:8]) != cubeCheckpointMagic {
		return bad("it is not a nimlab three-star cube checkpoint")
	}
	n := int(binary.LittleEndian.Uint32(hdr[8:]))
	nextD = int(binary.LittleEndian.Uint32(hdr[12:]))
	maxV = int(binary.LittleEndian.Uint32(hdr[16:]))
	rl := int(binary.LittleEndian.Uint32(hdr[20:]))
	if rl > 1<<10 {
		return bad("its header is damaged")
	}
	rules := make([]byte, rl)
	if _, err := io.ReadFull(r, rules); err != nil {
		return bad("its header is damaged")
	}
	if n != c.N {
		return bad(fmt.Sprintf("it holds N = %d, not %d", n, c.N))
	}
	if string(rules) != c.Rules.String() {
		return bad(fmt.Sprintf("it holds %s, not %s", rules, c.Rules))
	}
	if nextD < 2 || nextD > 2*n+1 {
		return bad("its header is damaged")
	}
	if err := valuestore.ReadValues(r, c.v); err != nil {
		return bad("it is truncated")
	}
	sum := h.Sum32()
	var tail [4]byte
	if _, err := io.ReadFull(br, tail[:]); err != nil {
		return bad("it is truncated")
	}
	if binary.LittleEndian.Uint32(tail[:]) != sum {
		return bad("its checksum does not match (the file is damaged)")
	}
	return nextD, maxV, true, nil
}
