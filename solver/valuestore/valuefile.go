package valuestore

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"unsafe"

	"github.com/nimlab/nimlab/solver/internal/osmem"
	"github.com/nimlab/nimlab/solver/safewrite"
)

// A values file keeps a run's values on disk, so that a run is limited by
// the disk rather than by memory (octal.ComputeToFile). Its layout:
//
//	header, 4096 bytes (valuesMagic, the game, the capacity, the count of
//	  values written, the escape code, the sparse space, CRC-32C sums of the
//	  three parts below, the largest value, and a CRC-32C of the header)
//	low plane:  capacity bytes, byte n = the low 8 bits of G(n)'s code
//	high plane: capacity bits, bit n = bit 8 of G(n)'s code
//	escapes:    (uint64 heap, uint16 value) for every heap whose value is at
//	  least the escape code, in heap order
//
// A value below the escape code (511 unless the header says otherwise) is
// its own code, so one byte and one bit hold it: 9 bits a value. Officers'
// values pass 255 within the first 2^22 heaps (its block engine allows up
// to 511), which is why a ninth bit and not a one-byte escape: with 8 bits
// a fifth of its heaps would be escapes. The planes are memory-mapped; the
// escape table is kept in memory (it is small for every game whose run makes
// sense at this length) and appended to the file when saved.
//
// While a run goes on, the file is PATH.partial and is itself the
// checkpoint: Sync writes the planes, then the escapes, then the header,
// each followed by an fsync, so a kill at any moment leaves a header whose
// count and sums describe values that are on disk. The mapped pages behind
// the last values written are handed back as the run goes (release), so
// the process stays small at any length. Finish marks the file
// complete and renames it to PATH.
const (
	valuesMagic      = "NIMLAB-OCTAL-VALUES v1\n"
	valuesHeaderSize = 4096
	valuesPage       = 4096
	valuesEscapeSize = 10 // uint64 heap, uint16 value
	// DefaultEscapeCode is the code that marks an escaped value: values
	// 0..510 take 9 bits.
	DefaultEscapeCode = 511
	// PartialSuffix is added to a values file's name while its run goes on.
	PartialSuffix = ".partial"
)

// header field offsets
const (
	vhName     = 32  // uint16 length, then up to vhNameMax bytes
	vhNameMax  = 128 //
	vhCapacity = 168 // uint64
	vhCount    = 176 // uint64
	vhEscapes  = 184 // uint64
	vhEscCode  = 192 // uint16
	vhMask     = 194 // uint16
	vhParity   = 196 // uint8
	vhComplete = 197 // uint8
	vhCRCLow   = 200 // uint32
	vhCRCHigh  = 204 // uint32
	vhCRCEsc   = 208 // uint32
	vhMaxValue = 212 // uint32
	vhMaxAt    = 216 // uint64
	vhFirst    = 224 // uint64: the stream's first window when saved
	vhWindow   = 232 // uint64: and its last window
	vhCRC      = 240 // uint32 over [0, vhCRC)
)

// ValueFile is a values file open for reading and appending.
type ValueFile struct {
	path     string // the final name
	file     *os.File
	name     string // the game's name, as its code is written
	capacity int64
	count    int64
	escCode  uint16
	mapping  []byte // the mapping of the header and both planes
	data     []byte // mapping[valuesHeaderSize:]: both planes
	low      []byte // data[:capacity]
	high     []byte // the high plane
	escOff   int64  // file offset of the escape table
	escapes  []valueEscape
	escSaved int // escapes[:escSaved] are in the file

	crcLow      uint32 // CRC-32C of low[:count]
	crcHighFull uint32 // CRC-32C of high[:count/8] (whole bytes)
	maxValue    int
	maxAt       int64
	space       Space
	first       int64
	window      int64
	complete    bool
	released    int64 // values below this were handed back to the kernel
}

type valueEscape struct {
	heap  int64
	value uint16
}

// NoRoomError says a values file does not fit on its disk.
type NoRoomError struct {
	Path       string
	Need, Free int64
}

func (e *NoRoomError) Error() string {
	return fmt.Sprintf("%s needs %s on disk, but its file system has %s free", e.Path, osmem.FormatSize(e.Need), osmem.FormatSize(e.Free))
}

// ValueFileError says why a file is not a usable values file.
type ValueFileError struct {
	Path, Reason string
}

func (e *ValueFileError) Error() string { return fmt.Sprintf("%s: %s", e.Path, e.Reason) }

// valuesLayout returns the offsets of a file of capacity values: the high
// plane's, the escape table's, and the size reserved up to it.
func valuesLayout(capacity int64) (highOff, escOff int64) {
	round := func(x int64) int64 { return (x + valuesPage - 1) &^ (valuesPage - 1) }
	highOff = valuesHeaderSize + round(capacity)
	escOff = highOff + round((capacity+7)/8)
	return highOff, escOff
}

// ValueFileSize is the disk space a values file of capacity values takes
// before escapes (9 bits a value and a header).
func ValueFileSize(capacity int64) int64 {
	_, escOff := valuesLayout(capacity)
	return escOff
}

// CreateValueFile starts a values file for the game name (its code, as
// written: "0.6") that will hold up to capacity values: it checks that the
// disk has room, reserves the space (so that writing through the mapping
// cannot fail later for lack of it) and maps it. The file is path +
// PartialSuffix until Finish.
func CreateValueFile(path, name string, capacity int64) (*ValueFile, error) {
	return CreateValueFileEscaping(path, name, capacity, DefaultEscapeCode)
}

// CreateValueFileEscaping is CreateValueFile with another escape code
// (1..DefaultEscapeCode): values from escape on are kept in the escape
// table. The header records it, so readers need not know it; a low one
// makes escapes occur within a few heaps, which is what tests use it for.
func CreateValueFileEscaping(path, name string, capacity int64, escape uint16) (*ValueFile, error) {
	if capacity < 1 {
		return nil, fmt.Errorf("a values file holds at least one value, not %d", capacity)
	}
	if len(name) > vhNameMax {
		return nil, fmt.Errorf("the code %s is too long for a values file", name)
	}
	if escape < 1 || escape > DefaultEscapeCode {
		return nil, fmt.Errorf("the escape code of a values file is 1..%d, not %d", DefaultEscapeCode, escape)
	}
	size := ValueFileSize(capacity)
	tmp := path + PartialSuffix
	free, err := osmem.FreeSpace(filepath.Dir(tmp))
	if err != nil {
		return nil, fmt.Errorf("looking at the free space for %s: %w", tmp, err)
	}
	// A margin for the escape table and the file system's own blocks.
	if need := size + size/256 + 1<<20; need > free {
		return nil, &NoRoomError{Path: path, Need: need, Free: free}
	}
	f, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*ValueFile, error) {
		f.Close() // before Remove: Windows removes no open file
		os.Remove(tmp)
		return nil, err
	}
	if err := osmem.Preallocate(f, size); err != nil {
		if errors.Is(err, osmem.ErrNoSpace) {
			return fail(&NoRoomError{Path: path, Need: size, Free: free})
		}
		return fail(err)
	}
	vf := &ValueFile{path: path, file: f, name: name, capacity: capacity, escCode: escape, maxAt: 0}
	if err := vf.mapPlanes(); err != nil {
		return fail(err)
	}
	if err := vf.writeHeader(); err != nil {
		vf.unmap()
		return fail(err)
	}
	return vf, nil
}

func (vf *ValueFile) mapPlanes() error {
	highOff, escOff := valuesLayout(vf.capacity)
	vf.escOff = escOff
	// The mapping starts at the file's start, as Windows maps only from
	// offsets that are multiples of 64 KiB; the header page is not written
	// through it.
	mapping, err := osmem.MapFile(vf.file, escOff)
	if err != nil {
		return fmt.Errorf("mapping %s: %w", vf.file.Name(), err)
	}
	vf.mapping, vf.data = mapping, mapping[valuesHeaderSize:]
	data := vf.data
	vf.low = data[:vf.capacity:vf.capacity]
	vf.high = data[highOff-valuesHeaderSize : highOff-valuesHeaderSize+(vf.capacity+7)/8]
	return nil
}

func (vf *ValueFile) unmap() {
	if vf.mapping != nil {
		osmem.UnmapFile(vf.mapping)
		vf.mapping, vf.data, vf.low, vf.high = nil, nil, nil, nil
	}
}

// OpenValueFile opens a values file of the game name to read it or to
// continue its run: path itself when it is complete, else path +
// PartialSuffix. It checks the header and every checksum (reading the whole
// file once) and refuses, with a *ValueFileError, a file of another game
// or a damaged one.
func OpenValueFile(path, name string) (*ValueFile, error) {
	file := path
	if _, err := os.Stat(path); err != nil && errors.Is(err, os.ErrNotExist) {
		file = path + PartialSuffix
	}
	if fi, err := os.Stat(file); err != nil {
		return nil, err
	} else if !fi.Mode().IsRegular() {
		return nil, &ValueFileError{Path: file, Reason: "it is not a regular file"}
	}
	return openValueFileAt(file, path, name)
}

// Grow makes room for more values in vf, a complete values file, so that
// its run can be carried on past its end: it writes the same values into
// its path+PartialSuffix with room for capacity values, makes that file
// durable, and only then removes the complete one. It closes vf; the file
// it returns continues like an interrupted run (Finish renames it to the
// path). A run killed between the two steps leaves both files; Grow on the
// complete one again keeps the partial one when it holds at least the
// complete one's values and has room for capacity.
func (vf *ValueFile) Grow(capacity int64) (*ValueFile, error) {
	defer vf.Close()
	path, name := vf.path, vf.name
	if !vf.complete || vf.capacity >= capacity {
		return nil, &ValueFileError{Path: path, Reason: fmt.Sprintf("it is not a complete run of fewer than %d values", capacity)}
	}
	tmp := path + PartialSuffix
	if _, err := os.Stat(tmp); err == nil {
		grown, err := openValueFileAt(tmp, path, name)
		if err != nil {
			return nil, err
		}
		if grown.complete || grown.capacity != capacity || grown.count < vf.count {
			grown.Close()
			return nil, &ValueFileError{Path: tmp, Reason: fmt.Sprintf("it is left beside the complete %s and is not its copy with room for %d values; remove one of the two", path, capacity)}
		}
		vf.Close() // before Remove: Windows removes no open file
		return grown, os.Remove(path)
	}
	grown, err := CreateValueFileEscaping(path, name, capacity, vf.escCode)
	if err != nil {
		return nil, err
	}
	grown.copyFrom(vf)
	if err := grown.Sync(); err != nil {
		grown.Close()
		return nil, err
	}
	vf.Close()
	if err := os.Remove(path); err != nil {
		grown.Close()
		return nil, err
	}
	return grown, nil
}

// copyFrom makes vf, a new file, hold the values of old and its header's
// record of them (sums, escapes, largest value, the stream's space and
// windows), 256 MiB at a time so that neither mapping stays resident.
func (vf *ValueFile) copyFrom(old *ValueFile) {
	n := (old.count + 7) / 8
	vf.copyPlane(vf.low[:old.count], old.low[:old.count], old)
	vf.copyPlane(vf.high[:n], old.high[:n], old)
	vf.count, vf.crcLow, vf.crcHighFull = old.count, old.crcLow, old.crcHighFull
	vf.escapes = append([]valueEscape(nil), old.escapes...)
	vf.maxValue, vf.maxAt = old.maxValue, old.maxAt
	vf.space, vf.first, vf.window = old.space, old.first, old.window
	vf.released = 0
}

// copyPlane copies src, a part of old's mapping, into dst, a part of vf's,
// 256 MiB at a time, handing back both mappings' pages as it goes.
func (vf *ValueFile) copyPlane(dst, src []byte, old *ValueFile) {
	const part = 256 << 20
	for from := 0; from < len(src); from += part {
		to := min(len(src), from+part)
		copy(dst[from:to], src[from:to])
		vf.dropPages(dst[from:to])
		old.dropPages(src[from:to])
	}
}

// openValueFileAt opens the values file named file whose final name is path.
func openValueFileAt(file, path, name string) (*ValueFile, error) {
	f, err := os.OpenFile(file, os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	vf, err := readValueFile(f, path, name)
	if err != nil {
		f.Close()
		return nil, err
	}
	return vf, nil
}

// readValueFile reads the header of f (a values file of the game name whose
// final name is path), checks the values' sums and loads the escape table.
func readValueFile(f *os.File, path, name string) (*ValueFile, error) {
	bad := func(format string, args ...any) error {
		return &ValueFileError{Path: f.Name(), Reason: fmt.Sprintf(format, args...)}
	}
	head := make([]byte, valuesHeaderSize)
	if _, err := io.ReadFull(f, head); err != nil || string(head[:len(valuesMagic)]) != valuesMagic {
		return nil, bad("it is not a nimlab values file")
	}
	vf, nEsc, err := parseHeader(head, name, bad)
	if err != nil {
		return nil, err
	}
	vf.path, vf.file = path, f
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	_, escOff := valuesLayout(vf.capacity)
	if fi.Size() < escOff+nEsc*valuesEscapeSize {
		return nil, bad("it is truncated (%d bytes, its header announces %d values)", fi.Size(), vf.count)
	}
	if err := vf.mapPlanes(); err != nil {
		return nil, err
	}
	le := binary.LittleEndian
	if vf.sumPlanes(); vf.crcLow != le.Uint32(head[vhCRCLow:]) || vf.highCRC() != le.Uint32(head[vhCRCHigh:]) {
		vf.unmap()
		return nil, bad("its values are damaged (checksum mismatch)")
	}
	if err := vf.readEscapes(nEsc, le.Uint32(head[vhCRCEsc:]), bad); err != nil {
		vf.unmap()
		return nil, err
	}
	return vf, nil
}

// parseHeader checks a values file's header (its checksum, the game's name,
// the counts) and returns the file it describes, not yet opened, and the
// number of escapes it announces.
func parseHeader(head []byte, name string, bad func(string, ...any) error) (*ValueFile, int64, error) {
	le := binary.LittleEndian
	if crc32.Checksum(head[:vhCRC], crcTable) != le.Uint32(head[vhCRC:]) {
		return nil, 0, bad("its header is damaged (checksum mismatch)")
	}
	nameLen := int(le.Uint16(head[vhName:]))
	if nameLen > vhNameMax {
		return nil, 0, bad("its header is damaged")
	}
	if got := string(head[vhName+2 : vhName+2+nameLen]); got != name {
		return nil, 0, bad("it holds the values of %s, not of %s", got, name)
	}
	vf := &ValueFile{name: name,
		capacity: int64(le.Uint64(head[vhCapacity:])), count: int64(le.Uint64(head[vhCount:])),
		escCode: le.Uint16(head[vhEscCode:]), complete: head[vhComplete] == 1,
		maxValue: int(le.Uint32(head[vhMaxValue:])), maxAt: int64(le.Uint64(head[vhMaxAt:])),
		space: Space{Mask: le.Uint16(head[vhMask:]), HeapParity: head[vhParity] == 1},
		first: int64(le.Uint64(head[vhFirst:])), window: int64(le.Uint64(head[vhWindow:]))}
	nEsc := int64(le.Uint64(head[vhEscapes:]))
	if vf.capacity < 1 || vf.count < 0 || vf.count > vf.capacity || vf.escCode == 0 || vf.escCode > DefaultEscapeCode || nEsc < 0 || nEsc > vf.count {
		return nil, 0, bad("its header is damaged")
	}
	return vf, nEsc, nil
}

// sumPlanes takes the planes' sums over the values written. The sums are
// taken 256 MiB at a time, each part's pages handed back after it, so that
// opening a file of many GiB does not map it all.
func (vf *ValueFile) sumPlanes() {
	const part = 256 << 20
	for from := int64(0); from < vf.count; from += part {
		to := min(vf.count, from+part)
		vf.crcLow = crc32.Update(vf.crcLow, crcTable, vf.low[from:to])
		vf.dropPages(vf.low[from:to])
	}
	vf.crcHighFull = crc32.Update(0, crcTable, vf.high[:vf.count/8])
	vf.dropPages(vf.high[:vf.count/8])
}

// readEscapes loads the n escapes saved after the planes and checks them
// against their sum and the planes.
func (vf *ValueFile) readEscapes(n int64, sum uint32, bad func(string, ...any) error) error {
	le := binary.LittleEndian
	esc := make([]byte, n*valuesEscapeSize)
	if _, err := vf.file.ReadAt(esc, vf.escOff); err != nil {
		return bad("its escape table is truncated")
	}
	if crc32.Checksum(esc, crcTable) != sum {
		return bad("its escape table is damaged (checksum mismatch)")
	}
	for i := int64(0); i < n; i++ {
		e := valueEscape{heap: int64(le.Uint64(esc[i*valuesEscapeSize:])), value: le.Uint16(esc[i*valuesEscapeSize+8:])}
		if e.heap >= vf.count || e.value < vf.escCode || (i > 0 && e.heap <= vf.escapes[i-1].heap) || vf.code9(e.heap) != vf.escCode {
			return bad("its escape table is damaged")
		}
		vf.escapes = append(vf.escapes, e)
	}
	vf.escSaved = len(vf.escapes)
	return nil
}

// highCRC is the CRC-32C of the high plane's bytes that hold values
// G(0..count−1).
func (vf *ValueFile) highCRC() uint32 {
	if vf.count%8 == 0 {
		return vf.crcHighFull
	}
	return crc32.Update(vf.crcHighFull, crcTable, vf.high[vf.count/8:vf.count/8+1])
}

func (vf *ValueFile) writeHeader() error {
	head := make([]byte, valuesHeaderSize)
	copy(head, valuesMagic)
	le := binary.LittleEndian
	le.PutUint16(head[vhName:], uint16(len(vf.name)))
	copy(head[vhName+2:], vf.name)
	le.PutUint64(head[vhCapacity:], uint64(vf.capacity))
	le.PutUint64(head[vhCount:], uint64(vf.count))
	le.PutUint64(head[vhEscapes:], uint64(vf.escSaved))
	le.PutUint16(head[vhEscCode:], vf.escCode)
	le.PutUint16(head[vhMask:], vf.space.Mask)
	if vf.space.HeapParity {
		head[vhParity] = 1
	}
	if vf.complete {
		head[vhComplete] = 1
	}
	le.PutUint32(head[vhCRCLow:], vf.crcLow)
	le.PutUint32(head[vhCRCHigh:], vf.highCRC())
	le.PutUint32(head[vhCRCEsc:], vf.escCRC())
	le.PutUint32(head[vhMaxValue:], uint32(vf.maxValue))
	le.PutUint64(head[vhMaxAt:], uint64(vf.maxAt))
	le.PutUint64(head[vhFirst:], uint64(vf.first))
	le.PutUint64(head[vhWindow:], uint64(vf.window))
	le.PutUint32(head[vhCRC:], crc32.Checksum(head[:vhCRC], crcTable))
	_, err := vf.file.WriteAt(head, 0)
	return err
}

func (vf *ValueFile) escapeBytes(from, to int) []byte {
	b := make([]byte, 0, (to-from)*valuesEscapeSize)
	for _, e := range vf.escapes[from:to] {
		b = binary.LittleEndian.AppendUint64(b, uint64(e.heap))
		b = binary.LittleEndian.AppendUint16(b, e.value)
	}
	return b
}

func (vf *ValueFile) escCRC() uint32 {
	return crc32.Checksum(vf.escapeBytes(0, vf.escSaved), crcTable)
}

// Len is the number of values written: G(0..Len()−1).
func (vf *ValueFile) Len() int64 { return vf.count }

// Capacity is the number of values the file has room for.
func (vf *ValueFile) Capacity() int64 { return vf.capacity }

// Complete reports whether the run that wrote the file finished.
func (vf *ValueFile) Complete() bool { return vf.complete }

// Name is the game whose values the file holds, as its code is written.
func (vf *ValueFile) Name() string { return vf.name }

// MaxValue returns the largest value written and its first heap.
func (vf *ValueFile) MaxValue() (value int, at int64) { return vf.maxValue, vf.maxAt }

// Escapes is the number of values at or above the escape code.
func (vf *ValueFile) Escapes() int { return len(vf.escapes) }

// Space is the sparse space of the stream that wrote the file (the zero
// Space before its first window was full).
func (vf *ValueFile) Space() Space { return vf.space }

// Windows are the first and last windows of the stream that wrote the file
// when it was last saved (zero before its first window was full).
func (vf *ValueFile) Windows() (first, last int64) { return vf.first, vf.window }

// Path is the file's final name (without PartialSuffix).
func (vf *ValueFile) Path() string { return vf.path }

// code9 is the 9-bit code stored for heap n.
func (vf *ValueFile) code9(n int64) uint16 {
	return uint16(vf.low[n]) | uint16(vf.high[n>>3]>>(n&7)&1)<<8
}

// At returns G(n) for n < Len().
func (vf *ValueFile) At(n int64) uint16 {
	if c := vf.code9(n); c != vf.escCode {
		return c
	}
	i := sort.Search(len(vf.escapes), func(i int) bool { return vf.escapes[i].heap >= n })
	return vf.escapes[i].value
}

// Read decodes G(from..from+len(dst)−1) into dst (all below Len()).
func (vf *ValueFile) Read(dst []uint16, from int64) {
	low := vf.low[from : from+int64(len(dst))]
	n := from
	i := 0
	// Whole high-plane bytes eight values at a time.
	for ; i < len(dst) && n&7 != 0; i, n = i+1, n+1 {
		dst[i] = uint16(low[i]) | uint16(vf.high[n>>3]>>(n&7)&1)<<8
	}
	for ; i+8 <= len(dst); i, n = i+8, n+8 {
		h := uint16(vf.high[n>>3])
		d, l := dst[i:i+8:i+8], low[i:i+8:i+8]
		d[0] = uint16(l[0]) | h<<8&0x100
		d[1] = uint16(l[1]) | h<<7&0x100
		d[2] = uint16(l[2]) | h<<6&0x100
		d[3] = uint16(l[3]) | h<<5&0x100
		d[4] = uint16(l[4]) | h<<4&0x100
		d[5] = uint16(l[5]) | h<<3&0x100
		d[6] = uint16(l[6]) | h<<2&0x100
		d[7] = uint16(l[7]) | h<<1&0x100
	}
	for ; i < len(dst); i, n = i+1, n+1 {
		dst[i] = uint16(low[i]) | uint16(vf.high[n>>3]>>(n&7)&1)<<8
	}
	if len(vf.escapes) == 0 {
		return
	}
	end := from + int64(len(dst))
	k := sort.Search(len(vf.escapes), func(i int) bool { return vf.escapes[i].heap >= from })
	for ; k < len(vf.escapes) && vf.escapes[k].heap < end; k++ {
		dst[vf.escapes[k].heap-from] = vf.escapes[k].value
	}
}

// Append writes vals as G(Len()..Len()+len(vals)−1).
func (vf *ValueFile) Append(vals []uint16) error {
	if vf.complete {
		return fmt.Errorf("%s is complete", vf.path)
	}
	if int64(len(vals)) > vf.capacity-vf.count {
		return fmt.Errorf("%s has room for %d values, not %d", vf.path, vf.capacity, vf.count+int64(len(vals)))
	}
	n := vf.count
	for _, v := range vals {
		c := v
		if v >= vf.escCode {
			c = vf.escCode
			vf.escapes = append(vf.escapes, valueEscape{heap: n, value: v})
		}
		if int(v) > vf.maxValue {
			vf.maxValue, vf.maxAt = int(v), n
		}
		vf.low[n] = uint8(c)
		bit := uint8(1) << (n & 7)
		if c&0x100 != 0 {
			vf.high[n>>3] |= bit
		} else {
			vf.high[n>>3] &^= bit
		}
		n++
	}
	vf.crcLow = crc32.Update(vf.crcLow, crcTable, vf.low[vf.count:n])
	vf.crcHighFull = crc32.Update(vf.crcHighFull, crcTable, vf.high[vf.count/8:n/8])
	vf.count = n
	vf.release()
	return nil
}

// SetStream records the stream's space and windows in the header, so that a
// resumed run continues with the same ones.
func (vf *ValueFile) SetStream(sp Space, first, window int64) {
	vf.space, vf.first, vf.window = sp, first, window
}

// Sync saves the file so that it can be resumed from its current length:
// the planes, then the escapes, then the header, each made durable before
// the next, so the header never describes values that are not on disk.
func (vf *ValueFile) Sync() error {
	if err := osmem.SyncMapped(vf.data, vf.file); err != nil {
		return fmt.Errorf("saving %s: %w", vf.file.Name(), err)
	}
	if vf.escSaved < len(vf.escapes) {
		b := vf.escapeBytes(vf.escSaved, len(vf.escapes))
		if _, err := vf.file.WriteAt(b, vf.escOff+int64(vf.escSaved)*valuesEscapeSize); err != nil {
			return fmt.Errorf("saving %s: %w", vf.file.Name(), err)
		}
		if err := vf.file.Sync(); err != nil {
			return fmt.Errorf("saving %s: %w", vf.file.Name(), err)
		}
		vf.escSaved = len(vf.escapes)
	}
	if err := vf.writeHeader(); err != nil {
		return fmt.Errorf("saving %s: %w", vf.file.Name(), err)
	}
	if err := vf.file.Sync(); err != nil {
		return fmt.Errorf("saving %s: %w", vf.file.Name(), err)
	}
	return nil
}

// release hands back the mapped pages of the planes below the last 16 MiB
// of values written (dropMapped: they stay in the page cache, dirty ones
// are written back, and a later access reads them again).
func (vf *ValueFile) release() {
	const keep = 16 << 20
	hi := (vf.count - keep) &^ (valuesPage - 1)
	if hi-vf.released < keep || hi <= 0 {
		return
	}
	lo := vf.released &^ (valuesPage - 1)
	osmem.DropMapped(vf.low[lo:hi])
	// The high plane's pages for the same values (eight values a byte).
	if hlo, hhi := (lo/8)&^(valuesPage-1), (hi/8)&^(valuesPage-1); hhi > hlo {
		osmem.DropMapped(vf.high[hlo:hhi])
	}
	vf.released = hi
}

// dropPages hands back the whole pages of b, a part of the mapping (clean
// or saved pages: they are read again on access).
func (vf *ValueFile) dropPages(b []byte) {
	if len(b) < valuesPage {
		return
	}
	off := int64(uintptr(unsafe.Pointer(&b[0])) - uintptr(unsafe.Pointer(&vf.data[0])))
	lo := (off + valuesPage - 1) &^ (valuesPage - 1)
	hi := (off + int64(len(b))) &^ (valuesPage - 1)
	if hi > lo {
		osmem.DropMapped(vf.data[lo:hi])
	}
}

// ReleaseRead hands back every mapped page below the last values written,
// after a pass that read the whole file (a heap decided from the file, a
// check): clean pages, read again on access.
func (vf *ValueFile) ReleaseRead() {
	vf.released = 0
	vf.release()
}

// Finish marks the file complete, saves it and renames it to its final name.
// The file stays open for reading.
func (vf *ValueFile) Finish() error {
	if vf.complete {
		return nil
	}
	vf.complete = true
	if err := vf.Sync(); err != nil {
		vf.complete = false
		return err
	}
	// Closed while renamed, then opened again: Windows renames no file
	// that is open or mapped.
	name := vf.file.Name()
	vf.unmap()
	vf.file.Close()
	vf.file = nil
	if err := safewrite.Rename(name, vf.path); err != nil {
		return fmt.Errorf("renaming %s: %w", name, err)
	}
	f, err := os.OpenFile(vf.path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	vf.file = f
	if err := vf.mapPlanes(); err != nil {
		return err
	}
	vf.released = 0
	return nil
}

// Truncate forgets the values from n on (a resumed run recomputes them).
func (vf *ValueFile) Truncate(n int64) {
	if n >= vf.count {
		return
	}
	for i := n; i < vf.count && i&7 != 0; i++ {
		vf.high[i>>3] &^= 1 << (i & 7)
	}
	vf.count = n
	vf.crcLow = crc32.Update(0, crcTable, vf.low[:n])
	vf.crcHighFull = crc32.Update(0, crcTable, vf.high[:n/8])
	k := sort.Search(len(vf.escapes), func(i int) bool { return vf.escapes[i].heap >= n })
	vf.escapes = vf.escapes[:k]
	vf.escSaved = min(vf.escSaved, k)
	vf.maxValue, vf.maxAt = 0, 0
	buf := make([]uint16, 1<<16)
	for from := int64(0); from < n; from += int64(len(buf)) {
		b := buf[:min(int64(len(buf)), n-from)]
		vf.Read(b, from)
		for i, v := range b {
			if int(v) > vf.maxValue {
				vf.maxValue, vf.maxAt = int(v), from+int64(i)
			}
		}
	}
}

// Close unmaps and closes the file (without saving: call Sync or Finish
// first).
func (vf *ValueFile) Close() error {
	vf.unmap()
	if vf.file == nil {
		return nil
	}
	err := vf.file.Close()
	vf.file = nil
	return err
}

// SampleHeaps returns the heaps a check of vf looks at: the last one, the
// one of the largest value, and k more drawn at random (from a seed nobody
// can predict), all below vf.Len().
func SampleHeaps(vf *ValueFile, k int) []int64 {
	n := vf.Len()
	if n == 0 {
		return nil
	}
	_, at := vf.MaxValue()
	out := []int64{n - 1, at}
	rng := rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	for range k {
		out = append(out, rng.Int64N(n))
	}
	return out
}
