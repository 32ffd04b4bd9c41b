package certificate

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// FormatName and FormatVersion identify the files of this package.
const (
	FormatName    = "nimlab-certificate"
	FormatVersion = 1
)

// Theorem names (Theorem.Name).
const (
	GuySmith     = "guy-smith"
	FiniteWindow = "finite-window"
	NimLemma     = "nim-lemma"
	ThreesTail   = "threes-tail"
)

// Value encodings (Block.Encoding) and the compression (Block.Compression).
const (
	EncodingU8    = "u8"
	EncodingU16LE = "u16le"
	Zlib          = "zlib"
)

// Header is the JSON line that starts a certificate file.
type Header struct {
	Format  string  `json:"format"`
	Version int     `json:"version"`
	Game    Game    `json:"game"`
	Claim   Claim   `json:"claim"`
	Theorem Theorem `json:"theorem"`
	Values  Block   `json:"values"`
	// Nimlab is the version of the program that wrote the file.
	Nimlab string `json:"nimlab"`
}

// Game is the game a certificate is about.
type Game struct {
	// Rules is a take-and-break code in CGSuite notation: 0.07, 4.[3], 0.B.
	Rules string `json:"rules"`
	// Name is a common name (Dawson's Kayles) or the way the game was typed
	// (S(1,2,5)); informative only.
	Name string `json:"name,omitempty"`
}

// Claim is what the certificate proves: G(n+Period) = G(n) + Saltus for
// every n ≥ Preperiod, Period and Preperiod being the least such numbers.
type Claim struct {
	Period    int `json:"period"`
	Preperiod int `json:"preperiod"`
	Saltus    int `json:"saltus"`
}

// Theorem is the theorem that proves the claim from the window of values,
// with its parameters. Heaps and K are what the rules give (a verifier
// recomputes them); Base and Multiple are the threes-tail certificate's
// base heap Nc and period multiple.
type Theorem struct {
	Name string `json:"name"`
	// Window is how many values, G(0..Window−1), the theorem reads.
	Window   int `json:"window"`
	Heaps    int `json:"heaps,omitempty"`
	K        int `json:"k,omitempty"`
	Base     int `json:"base,omitempty"`
	Multiple int `json:"multiple,omitempty"`
	// Statement says the theorem in words, for a reader of the header.
	Statement string `json:"statement,omitempty"`
}

// Block describes the value block that follows the header.
type Block struct {
	Count       int    `json:"count"`
	Encoding    string `json:"encoding"`
	Compression string `json:"compression"`
	Bytes       int    `json:"bytes"`
	SHA256      string `json:"sha256"`
}

// Encode returns the bytes of the values in the smallest encoding that
// holds them, and that encoding's name.
func Encode(values []uint16) ([]byte, string) {
	small := true
	for _, v := range values {
		if v > 255 {
			small = false
			break
		}
	}
	if small {
		out := make([]byte, len(values))
		for i, v := range values {
			out[i] = byte(v)
		}
		return out, EncodingU8
	}
	out := make([]byte, 2*len(values))
	for i, v := range values {
		out[2*i], out[2*i+1] = byte(v), byte(v>>8)
	}
	return out, EncodingU16LE
}

// Write writes a certificate: h with its Format, Version and Values filled
// in from values, then the block. It returns the header as written.
func Write(w io.Writer, h Header, values []uint16) (Header, error) {
	raw, enc := Encode(values)
	var block bytes.Buffer
	zw, err := zlib.NewWriterLevel(&block, zlib.BestCompression)
	if err != nil {
		return h, err
	}
	if _, err := zw.Write(raw); err != nil {
		return h, err
	}
	if err := zw.Close(); err != nil {
		return h, err
	}
	sum := sha256.Sum256(raw)
	h.Format, h.Version = FormatName, FormatVersion
	h.Values = Block{Count: len(values), Encoding: enc, Compression: Zlib, Bytes: block.Len(), SHA256: hex.EncodeToString(sum[:])}
	var line bytes.Buffer
	je := json.NewEncoder(&line)
	je.SetEscapeHTML(false)              // the statements say "<"
	if err := je.Encode(h); err != nil { // one line, ending in a newline
		return h, err
	}
	if _, err := w.Write(line.Bytes()); err != nil {
		return h, err
	}
	_, err = w.Write(block.Bytes())
	return h, err
}

// ErrNotCertificate is wrapped by ReadHeader's errors for input that is not
// a certificate of a version this package reads.
var ErrNotCertificate = errors.New("not a nimlab certificate")

// ReadHeader reads the header line and returns it with the rest of the
// input (the block, unchecked).
func ReadHeader(r io.Reader) (Header, []byte, error) {
	var h Header
	br := bufio.NewReaderSize(r, 64<<10)
	line, err := br.ReadSlice('\n')
	if err != nil {
		if errors.Is(err, bufio.ErrBufferFull) {
			return h, nil, fmt.Errorf("%w: no header line in the first 64 KiB", ErrNotCertificate)
		}
		return h, nil, fmt.Errorf("%w: no header line (%v)", ErrNotCertificate, err)
	}
	// Fields this version does not know are ignored, and fields left out
	// are 0 or "" (as in the Python checker).
	if err := json.Unmarshal(line, &h); err != nil {
		return h, nil, fmt.Errorf("%w: header is not the expected JSON (%v)", ErrNotCertificate, err)
	}
	if h.Format != FormatName {
		return h, nil, fmt.Errorf("%w: format %q, expected %q", ErrNotCertificate, h.Format, FormatName)
	}
	if h.Version != FormatVersion {
		return h, nil, fmt.Errorf("%w: format version %d; this program reads version %d", ErrNotCertificate, h.Version, FormatVersion)
	}
	rest, err := io.ReadAll(br)
	if err != nil {
		return h, nil, err
	}
	return h, rest, nil
}

// BlockError says why a value block does not decode; Check is the name of
// the failed check ("block-length", "block-decode", "block-count",
// "block-sha256"), the same as the verifiers report.
type BlockError struct {
	Check, Reason string
}

func (e *BlockError) Error() string { return e.Check + ": " + e.Reason }

// DecodeBlock checks the block against the header's description and
// returns the values.
func DecodeBlock(b Block, block []byte) ([]uint16, error) {
	if len(block) != b.Bytes {
		return nil, &BlockError{"block-length", fmt.Sprintf("the header announces %d bytes of values, the file has %d", b.Bytes, len(block))}
	}
	if b.Compression != Zlib {
		return nil, &BlockError{"block-decode", fmt.Sprintf("compression %q is not %q", b.Compression, Zlib)}
	}
	width := 0
	switch b.Encoding {
	case EncodingU8:
		width = 1
	case EncodingU16LE:
		width = 2
	default:
		return nil, &BlockError{"block-decode", fmt.Sprintf("encoding %q is neither %q nor %q", b.Encoding, EncodingU8, EncodingU16LE)}
	}
	if b.Count < 0 || b.Count > 1<<34 {
		return nil, &BlockError{"block-count", fmt.Sprintf("value count %d out of range", b.Count)}
	}
	zr, err := zlib.NewReader(bytes.NewReader(block))
	if err != nil {
		return nil, &BlockError{"block-decode", fmt.Sprintf("the block is not zlib data (%v)", err)}
	}
	want := int64(b.Count) * int64(width)
	// The whole stream is inflated and its checksum read before the length
	// is compared, so that a damaged stream is "block-decode" whatever
	// length it would give.
	raw, err := io.ReadAll(io.LimitReader(zr, want+1))
	if err == nil {
		_, err = io.Copy(io.Discard, zr)
	}
	if err == nil {
		err = zr.Close()
	}
	if err != nil {
		return nil, &BlockError{"block-decode", fmt.Sprintf("the block does not inflate (%v)", err)}
	}
	if int64(len(raw)) != want {
		return nil, &BlockError{"block-count", fmt.Sprintf("the block does not hold %d values of %d bytes (%d bytes)", b.Count, width, want)}
	}
	sum := sha256.Sum256(raw)
	if got := hex.EncodeToString(sum[:]); got != b.SHA256 {
		return nil, &BlockError{"block-sha256", fmt.Sprintf("the values hash to %s, the header says %s", got, b.SHA256)}
	}
	values := make([]uint16, b.Count)
	for i := range values {
		if width == 1 {
			values[i] = uint16(raw[i])
		} else {
			values[i] = uint16(raw[2*i]) | uint16(raw[2*i+1])<<8
		}
	}
	return values, nil
}
