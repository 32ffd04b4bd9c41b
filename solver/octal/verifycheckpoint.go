package octal

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/nimlab/nimlab/solver/safewrite"
)

// A verification checkpoint (version 2 of the checkpoint files: the first
// one, checkpoint.go, holds whole sequences) holds both streams of a
// VerifyPeriod run:
//
//	"NIMLAB-OCTAL-VERIFY v2\n"        magic and version
//	uint16 length, then the code       e.g. "0.106"
//	uint64 period, preperiod, next     the claim and the next heap to compare
//	2 × stream:
//	  uint64 len, first, window, maxValue
//	  uint16 mask, uint8 heapParity, uint8 forced, uint8 oneWorker
//	  uint64 count, count × uint16     G(0..count−1), count = min(len, first)
//	  uint64 count, count × uint16     G(len−count..len−1)
//	uint32 CRC-32C                     of everything before it
//
// Values are little-endian. Both windows of both streams are what a
// resumed run needs: every value is exact, so the run ends as an
// uninterrupted one would.
const verifyMagic = "NIMLAB-OCTAL-VERIFY v2\n"

// WriteVerifyCheckpoint saves state (a run of VerifyPeriod on code)
// atomically: a crash leaves the old file or the new one.
func WriteVerifyCheckpoint(path string, code Code, state *VerifyState) error {
	head := checkpointHead(verifyMagic, code)
	for _, x := range []int{state.Period, state.Preperiod, state.Next} {
		head = binary.LittleEndian.AppendUint64(head, uint64(x))
	}
	return writeStreamsCheckpoint(path, head, state.Behind, state.Ahead)
}

// checkpointHead is the start of a stream or verification checkpoint: its
// magic and the code's name.
func checkpointHead(magic string, code Code) []byte {
	name := code.String()
	head := append([]byte(magic), binary.LittleEndian.AppendUint16(nil, uint16(len(name)))...)
	return append(head, name...)
}

// writeStreamsCheckpoint writes head, then each stream, then the CRC-32C
// of all of it, to path through a temporary file renamed into place: a
// crash leaves the old file or the new one.
func writeStreamsCheckpoint(path string, head []byte, streams ...*StreamState) error {
	return safewrite.Write(path, nil, func(out io.Writer) error {
		crc := crc32.New(crcTable)
		w := bufio.NewWriterSize(io.MultiWriter(out, crc), 1<<20)
		w.Write(head)
		for _, st := range streams {
			if err := writeStreamState(w, st); err != nil {
				return fmt.Errorf("writing checkpoint %s: %w", path, err)
			}
		}
		if err := w.Flush(); err != nil {
			return fmt.Errorf("writing checkpoint %s: %w", path, err)
		}
		if _, err := out.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32())); err != nil {
			return fmt.Errorf("writing checkpoint %s: %w", path, err)
		}
		return nil
	})
}

// writeStreamState writes one stream's part of a checkpoint.
func writeStreamState(w io.Writer, st *StreamState) error {
	var b []byte
	for _, x := range []int{st.Len, st.First, st.Window, st.MaxValue} {
		b = binary.LittleEndian.AppendUint64(b, uint64(x))
	}
	b = binary.LittleEndian.AppendUint16(b, st.Space.Mask)
	b = append(b, boolByte(st.Space.HeapParity), boolByte(st.Forced), boolByte(st.OneWorker))
	if _, err := w.Write(b); err != nil {
		return err
	}
	for _, vals := range [][]uint16{st.FirstValues, st.LastValues} {
		if _, err := w.Write(binary.LittleEndian.AppendUint64(nil, uint64(len(vals)))); err != nil {
			return err
		}
		if err := writeValues(w, vals); err != nil {
			return err
		}
	}
	return nil
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// writeValues writes values little-endian through a small buffer.
func writeValues(w io.Writer, values []uint16) error {
	buf := make([]byte, 0, 1<<16)
	for i := 0; i < len(values); i += 1 << 15 {
		buf = buf[:0]
		for _, v := range values[i:min(len(values), i+1<<15)] {
			buf = binary.LittleEndian.AppendUint16(buf, v)
		}
		if _, err := w.Write(buf); err != nil {
			return err
		}
	}
	return nil
}

// readValues fills values from r (little-endian) through a small buffer.
func readValues(r io.Reader, values []uint16) error {
	buf := make([]byte, 1<<16)
	for i := 0; i < len(values); {
		chunk := buf[:2*min(len(buf)/2, len(values)-i)]
		if _, err := io.ReadFull(r, chunk); err != nil {
			return err
		}
		for k := 0; k < len(chunk); k += 2 {
			values[i] = binary.LittleEndian.Uint16(chunk[k:])
			i++
		}
	}
	return nil
}

// ReadVerifyCheckpoint loads a state saved by WriteVerifyCheckpoint for
// code. A file that is not one, is damaged (checksum), belongs to another
// code or holds values that are not code's (its first values are
// recomputed from the definition) is refused with a *CheckpointError.
func ReadVerifyCheckpoint(path string, code Code) (*VerifyState, error) {
	head, streams, err := readStreamsCheckpoint(path, code, verifyMagic, "period-verification", 3, 2)
	if err != nil {
		return nil, err
	}
	return &VerifyState{Period: head[0], Preperiod: head[1], Next: head[2], Behind: streams[0], Ahead: streams[1]}, nil
}

// readStreamsCheckpoint reads a file written by writeStreamsCheckpoint: the
// magic (a checkpoint of the kind what), code's name, nHead counts and
// nStreams streams, then the CRC; the streams' first values are recomputed
// from the definition. Anything else is refused with a *CheckpointError.
func readStreamsCheckpoint(path string, code Code, magic, what string, nHead, nStreams int) ([]int, []*StreamState, error) {
	f, err := openCheckpoint(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	bad := func(format string, args ...any) error {
		return &CheckpointError{Path: path, Reason: fmt.Sprintf(format, args...)}
	}
	crc := crc32.New(crcTable)
	br := bufio.NewReaderSize(f, 1<<20)
	r := io.TeeReader(br, crc)
	got := make([]byte, len(magic))
	if _, err := io.ReadFull(r, got); err != nil || string(got) != magic {
		return nil, nil, bad("it is not a nimlab %s checkpoint", what)
	}
	u64 := func() (int, error) {
		var x uint64
		if err := binary.Read(r, binary.LittleEndian, &x); err != nil {
			return 0, bad("it is truncated")
		}
		if x > StreamMaxHeaps*2 {
			return 0, bad("it is damaged (a count of %d)", x)
		}
		return int(x), nil
	}
	var nameLen uint16
	if err := binary.Read(r, binary.LittleEndian, &nameLen); err != nil {
		return nil, nil, bad("it is truncated")
	}
	name := make([]byte, nameLen)
	if _, err := io.ReadFull(r, name); err != nil {
		return nil, nil, bad("it is truncated")
	}
	if string(name) != code.String() {
		return nil, nil, bad("it is a checkpoint of %s, not of %s", name, code)
	}
	head := make([]int, nHead)
	for i := range head {
		if head[i], err = u64(); err != nil {
			return nil, nil, err
		}
	}
	streams := make([]*StreamState, nStreams)
	for i := range streams {
		if streams[i], err = readStreamState(r, u64, bad); err != nil {
			return nil, nil, err
		}
	}
	if err := checkpointEnd(br, crc.Sum32(), bad); err != nil {
		return nil, nil, err
	}
	if err := spotCheckStreams(code, bad, streams...); err != nil {
		return nil, nil, err
	}
	return head, streams, nil
}

// readStreamState reads one stream's part of a checkpoint (see
// writeStreamState); u64 reads a count, bad makes the error.
func readStreamState(r io.Reader, u64 func() (int, error), bad func(string, ...any) error) (*StreamState, error) {
	st := &StreamState{}
	var err error
	for _, p := range []*int{&st.Len, &st.First, &st.Window, &st.MaxValue} {
		if *p, err = u64(); err != nil {
			return nil, err
		}
	}
	var flags [5]byte
	if _, err := io.ReadFull(r, flags[:]); err != nil {
		return nil, bad("it is truncated")
	}
	st.Space = Space{Mask: binary.LittleEndian.Uint16(flags[:2]), HeapParity: flags[2] == 1}
	st.Forced, st.OneWorker = flags[3] == 1, flags[4] == 1
	for _, vp := range []*[]uint16{&st.FirstValues, &st.LastValues} {
		count, err := u64()
		if err != nil {
			return nil, err
		}
		if count > st.Window+st.First {
			return nil, bad("it is damaged (%d values in a window of %d)", count, st.Window)
		}
		vals := make([]uint16, count)
		if err := readValues(r, vals); err != nil {
			return nil, bad("it is truncated")
		}
		*vp = vals
	}
	return st, nil
}

// checkpointEnd reads the stored checksum, compares it with sum (that of
// everything before it) and checks that nothing follows.
func checkpointEnd(br *bufio.Reader, sum uint32, bad func(string, ...any) error) error {
	var stored uint32
	if err := binary.Read(br, binary.LittleEndian, &stored); err != nil {
		return bad("it is truncated")
	}
	if stored != sum {
		return bad("it is damaged (checksum mismatch)")
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return bad("it has data after its checksum")
	}
	return nil
}

// spotCheckStreams recomputes the first values from the definition and
// compares them with every saved stream's.
func spotCheckStreams(code Code, bad func(string, ...any) error, streams ...*StreamState) error {
	check := checkpointSpotCheck
	for _, st := range streams {
		check = min(check, len(st.FirstValues))
	}
	want, err := QuadraticExtend(context.Background(), code, make([]uint16, 0, check), check-1, nil)
	if err != nil {
		return err
	}
	for _, st := range streams {
		for i := range check {
			if want[i] != st.FirstValues[i] {
				return bad("its G(%d) = %d, but %s has G(%d) = %d", i, st.FirstValues[i], code, i, want[i])
			}
		}
	}
	return nil
}

// A stream checkpoint (a --stream run) holds one stream and the heap the
// run goes to:
//
//	"NIMLAB-OCTAL-STREAM v1\n"        magic and version
//	uint16 length, then the code       e.g. "0.106"
//	uint64 upTo                        the run computes G(0..upTo)
//	the stream, as in a verification checkpoint
//	uint32 CRC-32C                     of everything before it
const streamMagic = "NIMLAB-OCTAL-STREAM v1\n"

// WriteStreamCheckpoint saves a stream of code that runs to upTo,
// atomically.
func WriteStreamCheckpoint(path string, code Code, upTo int, state *StreamState) error {
	head := binary.LittleEndian.AppendUint64(checkpointHead(streamMagic, code), uint64(upTo))
	return writeStreamsCheckpoint(path, head, state)
}

// ReadStreamCheckpoint loads a stream saved by WriteStreamCheckpoint for
// code and the heap its run goes to; files that are not one, damaged ones
// and ones of another code or with wrong values are refused with a
// *CheckpointError, as ReadVerifyCheckpoint does.
func ReadStreamCheckpoint(path string, code Code) (*StreamState, int, error) {
	head, streams, err := readStreamsCheckpoint(path, code, streamMagic, "--stream", 1, 1)
	if err != nil {
		return nil, 0, err
	}
	return streams[0], head[0], nil
}
