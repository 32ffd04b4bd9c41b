package certificate_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/solver/certificate"
)

func TestRoundTrip(t *testing.T) {
	for _, values := range [][]uint16{{0}, {0, 0, 1, 1, 2, 0, 3}, {0, 300, 65535, 7}} {
		var buf bytes.Buffer
		h := certificate.Header{Game: certificate.Game{Rules: "0.07"}, Theorem: certificate.Theorem{Name: certificate.GuySmith, Window: len(values)}}
		written, err := certificate.Write(&buf, h, values)
		if err != nil {
			t.Fatal(err)
		}
		if n := bytes.Count(buf.Bytes()[:bytes.IndexByte(buf.Bytes(), '\n')+1], []byte("\n")); n != 1 {
			t.Fatalf("header is not one line")
		}
		got, block, err := certificate.ReadHeader(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if got != written {
			t.Errorf("header read back %+v, written %+v", got, written)
		}
		wantEnc := certificate.EncodingU8
		if values[len(values)-1] == 7 {
			wantEnc = certificate.EncodingU16LE
		}
		if got.Values.Encoding != wantEnc {
			t.Errorf("encoding %s, want %s", got.Values.Encoding, wantEnc)
		}
		decoded, err := certificate.DecodeBlock(got.Values, block)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(decoded) != fmt.Sprint(values) {
			t.Errorf("values %v, want %v", decoded, values)
		}
	}
}

func TestReadHeaderRefusesOtherFiles(t *testing.T) {
	for _, in := range []string{"", "hello\n", `{"format":"other","version":1}` + "\n", `{"format":"nimlab-certificate","version":2}` + "\n"} {
		if _, _, err := certificate.ReadHeader(strings.NewReader(in)); !errors.Is(err, certificate.ErrNotCertificate) {
			t.Errorf("%q: error %v, want ErrNotCertificate", in, err)
		}
	}
}

func TestFileName(t *testing.T) {
	for rules, want := range map[string]string{"0.07": "0.07.cert", "4.[3]": "4._3_.cert", "0.{2,3}": "0._2_3_.cert"} {
		if got := certificate.FileName(rules); got != want {
			t.Errorf("FileName(%q) = %q, want %q", rules, got, want)
		}
	}
}

// A certificate of Dawson's Kayles: the header, then the block.
func ExampleWrite() {
	values := []uint16{0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3} // G(0..11) of 0.07
	var buf bytes.Buffer
	h, _ := certificate.Write(&buf, certificate.Header{Game: certificate.Game{Rules: "0.07"}}, values)
	fmt.Println(h.Values.Count, h.Values.Encoding, h.Values.SHA256[:16])
	back, block, _ := certificate.ReadHeader(&buf)
	g, _ := certificate.DecodeBlock(back.Values, block)
	fmt.Println(g)
	// Output:
	// 12 u8 cdadc3b99a3932e8
	// [0 0 1 1 2 0 3 1 1 0 3 3]
}

func TestIndexCSV(t *testing.T) {
	dir := t.TempDir()
	// Two certificates and a file that is not one (not listed).
	for _, g := range []struct {
		rules  string
		values []uint16
		period int
	}{{"0.07", []uint16{0, 0, 1, 1, 2, 0, 3}, 34}, {"4.[3]", []uint16{0, 1, 2, 3}, 1}} {
		var buf bytes.Buffer
		h := certificate.Header{Game: certificate.Game{Rules: g.rules}, Claim: certificate.Claim{Period: g.period},
			Theorem: certificate.Theorem{Name: certificate.GuySmith, Window: len(g.values)}}
		if _, err := certificate.Write(&buf, h, g.values); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, certificate.FileName(g.rules)), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	b, n, err := certificate.IndexCSV(dir)
	if err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Fatalf("IndexCSV lists %d certificates, want 2", n)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	want := []string{strings.Join(certificate.IndexColumns, ","), "0.07.cert,0.07,,34,0,0,", "4._3_.cert,4.[3],,1,0,0,"}
	if len(lines) != len(want) {
		t.Fatalf("index:\n%s", b)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("index line %d is %q, want it to start %q", i, lines[i], w)
		}
	}
}
