package valuestore

import (
	"encoding/binary"
	"io"
)

// A stream checkpoint (a --stream run) holds one stream and the heap the
// run goes to:
//
//	"NIMLAB-OCTAL-STREAM v1\n"        magic and version
//	uint16 length, then the code       e.g. "0.106"
//	uint64 upTo                        the run computes G(0..upTo)
//	the stream (below)
//	uint32 CRC-32C                     of everything before it
//
// A verification checkpoint (version 2 of the checkpoint files: the first
// one holds whole sequences) holds both streams of a period verification:
//
//	"NIMLAB-OCTAL-VERIFY v2\n"        magic and version
//	uint16 length, then the code       e.g. "0.106"
//	uint64 period, preperiod, next     the claim and the next heap to compare
//	2 × stream
//	uint32 CRC-32C                     of everything before it
//
// A stream is
//
//	uint64 len, first, window, maxValue
//	uint16 mask, uint8 heapParity, uint8 forced, uint8 oneWorker
//	uint64 count, count × uint16     G(0..count−1), count = min(len, first)
//	uint64 count, count × uint16     G(len−count..len−1)
//
// Values are little-endian. Both windows of every stream are what a
// resumed run needs: every value is exact, so the run ends as an
// uninterrupted one would.
const (
	streamMagic = "NIMLAB-OCTAL-STREAM v1\n"
	verifyMagic = "NIMLAB-OCTAL-VERIFY v2\n"
)

// Space is the sparse space a stream ran in: a rare-value mask and whether
// the heap's parity joins it (octal.Space, which converts to and from it).
type Space struct {
	Mask       uint16
	HeapParity bool
}

// StreamState is what a checkpoint keeps of a constant-memory stream: its
// length, its windows, its space and both windows' values.
type StreamState struct {
	Len, First, Window int
	Space              Space
	Forced             bool // Space was given, not chosen
	OneWorker          bool
	MaxValue           int
	FirstValues        []uint16 // G(0..First−1), or fewer when Len < First
	LastValues         []uint16 // G(Len−len(LastValues)..Len−1)
}

// VerifyState is what a verification checkpoint keeps: the claim (Period
// from Preperiod), the next heap to compare and both streams.
type VerifyState struct {
	Period, Preperiod int
	Next              int
	Behind, Ahead     *StreamState
}

// WriteStreamCheckpoint saves a stream of the game name that runs to upTo,
// atomically.
func WriteStreamCheckpoint(path, name string, upTo int, state *StreamState) error {
	return writeStreams(path, streamMagic, name, []int{upTo}, state)
}

// ReadStreamCheckpoint loads a stream saved by WriteStreamCheckpoint for
// the game name and the heap its run goes to. Files that are not one,
// damaged ones, ones of another game and ones with a count above maxCount
// are refused with a *CheckpointError; the values are the caller's to
// check.
func ReadStreamCheckpoint(path, name string, maxCount int) (*StreamState, int, error) {
	head, streams, err := readStreams(path, name, streamMagic, "--stream", maxCount, 1, 1)
	if err != nil {
		return nil, 0, err
	}
	return streams[0], head[0], nil
}

// WriteVerifyCheckpoint saves a period verification of the game name
// atomically.
func WriteVerifyCheckpoint(path, name string, state *VerifyState) error {
	return writeStreams(path, verifyMagic, name, []int{state.Period, state.Preperiod, state.Next}, state.Behind, state.Ahead)
}

// ReadVerifyCheckpoint loads a state saved by WriteVerifyCheckpoint for the
// game name, refusing what ReadStreamCheckpoint refuses.
func ReadVerifyCheckpoint(path, name string, maxCount int) (*VerifyState, error) {
	head, streams, err := readStreams(path, name, verifyMagic, "period-verification", maxCount, 3, 2)
	if err != nil {
		return nil, err
	}
	return &VerifyState{Period: head[0], Preperiod: head[1], Next: head[2], Behind: streams[0], Ahead: streams[1]}, nil
}

// writeStreams writes a framed file of the format magic: the counts of
// head, then each stream.
func writeStreams(path, magic, name string, head []int, streams ...*StreamState) error {
	h := framedHead(magic, name)
	for _, x := range head {
		h = binary.LittleEndian.AppendUint64(h, uint64(x))
	}
	return WriteFramed(path, h, func(w io.Writer) error {
		for _, st := range streams {
			if err := writeStreamState(w, st); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeStreamState writes one stream.
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
		if _, err := w.Write(le64(uint64(len(vals)))); err != nil {
			return err
		}
		if err := WriteValues(w, vals); err != nil {
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

func le64(x uint64) []byte { return binary.LittleEndian.AppendUint64(nil, x) }

// readStreams reads a file written by writeStreams: the magic (a
// checkpoint of the kind what), the game's name, nHead counts and nStreams
// streams, then the CRC. A count above maxCount is damage.
func readStreams(path, name, magic, what string, maxCount, nHead, nStreams int) ([]int, []*StreamState, error) {
	fr, err := openFramed(path)
	if err != nil {
		return nil, nil, err
	}
	defer fr.Close()
	got, err := fr.head(magic, what)
	if err != nil {
		return nil, nil, err
	}
	if got != name {
		return nil, nil, fr.bad("it is a checkpoint of %s, not of %s", got, name)
	}
	count := func() (int, error) {
		x, err := fr.u64()
		if err == nil && x > uint64(maxCount) {
			err = fr.bad("it is damaged (a count of %d)", x)
		}
		return int(x), err
	}
	head := make([]int, nHead)
	for i := range head {
		if head[i], err = count(); err != nil {
			return nil, nil, err
		}
	}
	streams := make([]*StreamState, nStreams)
	for i := range streams {
		if streams[i], err = readStreamState(fr, count); err != nil {
			return nil, nil, err
		}
	}
	if err := fr.end(true); err != nil {
		return nil, nil, err
	}
	return head, streams, nil
}

// readStreamState reads one stream (see writeStreamState); count reads a
// count.
func readStreamState(fr *frameReader, count func() (int, error)) (*StreamState, error) {
	st := &StreamState{}
	var err error
	for _, p := range []*int{&st.Len, &st.First, &st.Window, &st.MaxValue} {
		if *p, err = count(); err != nil {
			return nil, err
		}
	}
	var flags [5]byte
	if _, err := io.ReadFull(fr.r, flags[:]); err != nil {
		return nil, fr.bad("it is truncated")
	}
	st.Space = Space{Mask: binary.LittleEndian.Uint16(flags[:2]), HeapParity: flags[2] == 1}
	st.Forced, st.OneWorker = flags[3] == 1, flags[4] == 1
	for _, vp := range []*[]uint16{&st.FirstValues, &st.LastValues} {
		n, err := count()
		if err != nil {
			return nil, err
		}
		if n > st.Window+st.First {
			return nil, fr.bad("it is damaged (%d values in a window of %d)", n, st.Window)
		}
		vals := make([]uint16, n)
		if err := fr.values(vals); err != nil {
			return nil, err
		}
		*vp = vals
	}
	return st, nil
}
