package valuestore

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"os"

	"github.com/nimlab/nimlab/solver/safewrite"
)

// The checkpoint formats share a frame: a magic line naming the format and
// its version, the game's name (uint16 length, then the bytes), the
// format's own fields, and a CRC-32C (Castagnoli) of everything before it.
// Numbers are little-endian.

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// framedHead is the start of a framed file: its magic and the game's name.
func framedHead(magic, name string) []byte {
	head := append([]byte(magic), binary.LittleEndian.AppendUint16(nil, uint16(len(name)))...)
	return append(head, name...)
}

// WriteFramed writes head, then what body writes, then the CRC-32C of all
// of it, to path through safewrite: a crash leaves the old file or the new
// one. It is the writer of every checkpoint format here, and of other
// solvers' checkpoints that share the frame (a head of their own, values,
// a CRC-32C).
func WriteFramed(path string, head []byte, body func(w io.Writer) error) error {
	return safewrite.Write(path, nil, func(out io.Writer) error {
		crc := crc32.New(crcTable)
		w := bufio.NewWriterSize(io.MultiWriter(out, crc), 1<<20)
		if _, err := w.Write(head); err != nil {
			return fmt.Errorf("writing checkpoint %s: %w", path, err)
		}
		if err := body(w); err != nil {
			return fmt.Errorf("writing checkpoint %s: %w", path, err)
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

// WriteValues writes values little-endian (2 bytes a value) through a
// small buffer.
func WriteValues(w io.Writer, values []uint16) error {
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

// ReadValues fills values from r (little-endian, 2 bytes a value) through
// a small buffer.
func ReadValues(r io.Reader, values []uint16) error {
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

// frameReader reads a framed file: everything read through r counts in the
// checksum; the stored sum itself is read from br directly.
type frameReader struct {
	path string
	f    *os.File
	br   *bufio.Reader
	crc  hash32
	r    io.Reader
}

type hash32 interface {
	io.Writer
	Sum32() uint32
}

// openFramed opens a checkpoint for reading. Opening a named pipe would
// wait for a writer for ever, and a device never holds a checkpoint: only
// regular files are read.
func openFramed(path string) (*frameReader, error) {
	if fi, err := os.Stat(path); err != nil {
		return nil, err
	} else if !fi.Mode().IsRegular() {
		return nil, &CheckpointError{Path: path, Reason: "it is not a regular file"}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	fr := &frameReader{path: path, f: f, crc: crc32.New(crcTable)}
	fr.br = bufio.NewReaderSize(f, 1<<20)
	fr.r = io.TeeReader(fr.br, fr.crc)
	return fr, nil
}

func (fr *frameReader) Close() error { return fr.f.Close() }

// bad is a *CheckpointError about the file.
func (fr *frameReader) bad(format string, args ...any) error {
	return &CheckpointError{Path: fr.path, Reason: fmt.Sprintf(format, args...)}
}

// head reads the magic (refusing a file of another format, named what) and
// the game's name.
func (fr *frameReader) head(magic, what string) (string, error) {
	got := make([]byte, len(magic))
	if _, err := io.ReadFull(fr.r, got); err != nil || string(got) != magic {
		return "", fr.bad("it is not a nimlab %s checkpoint", what)
	}
	var nameLen uint16
	if err := binary.Read(fr.r, binary.LittleEndian, &nameLen); err != nil {
		return "", fr.bad("it is truncated")
	}
	name := make([]byte, nameLen)
	if _, err := io.ReadFull(fr.r, name); err != nil {
		return "", fr.bad("it is truncated")
	}
	return string(name), nil
}

// u64 reads a count.
func (fr *frameReader) u64() (uint64, error) {
	var x uint64
	if err := binary.Read(fr.r, binary.LittleEndian, &x); err != nil {
		return 0, fr.bad("it is truncated")
	}
	return x, nil
}

// values fills values from the file.
func (fr *frameReader) values(values []uint16) error {
	if err := ReadValues(fr.r, values); err != nil {
		return fr.bad("it is truncated")
	}
	return nil
}

// end reads the stored checksum and compares it with that of everything
// read before it; strict also refuses data after it.
func (fr *frameReader) end(strict bool) error {
	sum := fr.crc.Sum32()
	var stored uint32
	if err := binary.Read(fr.br, binary.LittleEndian, &stored); err != nil {
		return fr.bad("it is truncated")
	}
	if stored != sum {
		return fr.bad("it is damaged (checksum mismatch)")
	}
	if _, err := fr.br.ReadByte(); strict && err != io.EOF {
		return fr.bad("it has data after its checksum")
	}
	return nil
}
