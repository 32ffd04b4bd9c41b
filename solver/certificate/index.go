package certificate

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Extension is the file extension of certificates.
const Extension = ".cert"

// FileName is the file name of the certificate of a game: its rules with
// every character other than digits, letters and the point replaced by
// "_" (4.[3] → 4._3_.cert).
func FileName(rules string) string {
	var b strings.Builder
	for _, c := range rules {
		switch {
		case c >= '0' && c <= '9', c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c == '.':
			b.WriteRune(c)
		default:
			b.WriteByte('_')
		}
	}
	return b.String() + Extension
}

// IndexEntry is one certificate of a folder, as its index lists it.
type IndexEntry struct {
	File      string `json:"file"`
	Rules     string `json:"rules"`
	Name      string `json:"name,omitempty"`
	Period    int    `json:"period"`
	Preperiod int    `json:"preperiod"`
	Saltus    int    `json:"saltus"`
	Theorem   string `json:"theorem"`
	Window    int    `json:"window"`
	SHA256    string `json:"sha256"`
}

// ReadIndex reads the header of every certificate in dir (files ending in
// Extension), ordered by file name. It does not check them.
func ReadIndex(dir string) ([]IndexEntry, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*"+Extension))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var out []IndexEntry
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		h, _, err := ReadHeader(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out = append(out, IndexEntry{File: filepath.Base(name), Rules: h.Game.Rules, Name: h.Game.Name, Period: h.Claim.Period,
			Preperiod: h.Claim.Preperiod, Saltus: h.Claim.Saltus, Theorem: h.Theorem.Name, Window: h.Theorem.Window, SHA256: h.Values.SHA256})
	}
	return out, nil
}

// IndexColumns are the columns of WriteIndexCSV.
var IndexColumns = []string{"file", "rules", "name", "period", "preperiod", "saltus", "theorem", "window", "sha256"}

// WriteIndexCSV writes entries as CSV with a header row.
func WriteIndexCSV(w io.Writer, entries []IndexEntry) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(IndexColumns); err != nil {
		return err
	}
	for _, e := range entries {
		if err := cw.Write([]string{e.File, e.Rules, e.Name, strconv.Itoa(e.Period), strconv.Itoa(e.Preperiod), strconv.Itoa(e.Saltus),
			e.Theorem, strconv.Itoa(e.Window), e.SHA256}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// IndexFile is the name of a certificate folder's index (IndexCSV).
const IndexFile = "index.csv"

// IndexCSV is the index of the certificates in dir, as the CSV bytes of
// dir/IndexFile, and the number of certificates it lists. Writing the file
// is the caller's (through safewrite): this package only reads and encodes
// bytes, so that the independent checker (certcheck) trusts no file-writing
// code.
func IndexCSV(dir string) (data []byte, listed int, err error) {
	entries, err := ReadIndex(dir)
	if err != nil {
		return nil, 0, err
	}
	var buf bytes.Buffer
	if err := WriteIndexCSV(&buf, entries); err != nil {
		return nil, 0, err
	}
	return buf.Bytes(), len(entries), nil
}
