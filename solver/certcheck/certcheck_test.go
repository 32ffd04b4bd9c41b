package certcheck_test

import (
	"bytes"
	"compress/zlib"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/nimlab/nimlab/solver/certcheck"
	"github.com/nimlab/nimlab/solver/certificate"
	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// certOf solves code with nimlab's engines and returns its certificate's
// header and values.
func certOf(t testing.TB, code string) (certificate.Header, []uint16) {
	t.Helper()
	c := octal.NewCode(takebreak.MustParse(code))
	res, err := octal.Solve(context.Background(), c, octal.SolveOptions{Max: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	h, window, err := octal.NewCertificate(c, res.Values, res.Period, "test")
	if err != nil {
		t.Fatalf("%s: %v", code, err)
	}
	return h, window
}

// encode writes a certificate file's bytes.
func encode(t testing.TB, h certificate.Header, values []uint16) []byte {
	t.Helper()
	var buf bytes.Buffer
	if _, err := certificate.Write(&buf, h, values); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// encodeU16 writes a certificate with the values in the u16le encoding.
func encodeU16(t *testing.T, h certificate.Header, values []uint16) []byte {
	t.Helper()
	raw := make([]byte, 2*len(values))
	for i, v := range values {
		raw[2*i], raw[2*i+1] = byte(v), byte(v>>8)
	}
	var block bytes.Buffer
	zw := zlib.NewWriter(&block)
	zw.Write(raw)
	zw.Close()
	sum := sha256.Sum256(raw)
	h.Format, h.Version = certificate.FormatName, certificate.FormatVersion
	h.Values = certificate.Block{Count: len(values), Encoding: certificate.EncodingU16LE, Compression: certificate.Zlib,
		Bytes: block.Len(), SHA256: hex.EncodeToString(sum[:])}
	line, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	return append(append(line, '\n'), block.Bytes()...)
}

func verifyBytes(t *testing.T, data []byte, mode certcheck.Mode) certcheck.Result {
	t.Helper()
	h, block, err := certificate.ReadHeader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	res, err := certcheck.Verify(context.Background(), h, block, certcheck.Options{Mode: mode})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// python returns the Python 3 interpreter (the Makefile installs it).
func python(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("python3"); err == nil {
		return p
	}
	if runtime.GOOS == "windows" {
		t.Skip("python3 is not on PATH: the comparison with the independent Python checker runs where it is (make test runs it on Linux)")
	}
	if _, err := os.Stat("/usr/bin/python3"); err == nil {
		return "/usr/bin/python3"
	}
	t.Fatal("python3 is not installed (make deps installs it)")
	return ""
}

// pythonVerdict is the part of verify_certificate.py's JSON compared here.
type pythonVerdict struct {
	File     string `json:"file"`
	Verified bool   `json:"verified"`
	Check    string `json:"check"`
	Heap     int    `json:"heap"`
}

// runPython checks files with tools/verify_certificate.py in one process.
func runPython(t *testing.T, files []string, extra ...string) map[string]pythonVerdict {
	t.Helper()
	args := append([]string{filepath.Join("..", "..", "tools", "verify_certificate.py"), "--json"}, extra...)
	args = append(args, files...)
	cmd := exec.Command(python(t), args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
			t.Fatalf("python verifier: %v\n%s", err, stderr.String())
		}
	}
	var list []pythonVerdict
	if len(files) == 1 {
		var one pythonVerdict
		err = json.Unmarshal(out, &one)
		list = []pythonVerdict{one}
	} else {
		err = json.Unmarshal(out, &list)
	}
	if err != nil {
		t.Fatalf("python verifier output: %v\n%s", err, out)
	}
	m := map[string]pythonVerdict{}
	for _, v := range list {
		m[v.File] = v
	}
	return m
}

// TestValidCertificates: certificates of each theorem verify in both
// verifiers and with both value checks.
func TestValidCertificates(t *testing.T) {
	dir := t.TempDir()
	codes := []string{"0.07", "0.77", "0.137", "0.B", "S(1,2,5)", "0.[3]", "4.[3]", "S!(1,3)", "0.4[3]", "4.1[3]", "0.127"}
	var files []string
	for _, code := range codes {
		h, values := certOf(t, code)
		data := encode(t, h, values)
		modes := []certcheck.Mode{certcheck.Auto, certcheck.Quadratic}
		if len(values) > certcheck.QuadraticLimit/4 {
			modes = modes[:1] // 0.127: auto takes the sparse check
		}
		for _, mode := range modes {
			if r := verifyBytes(t, data, mode); !r.Verified {
				t.Errorf("%s (%s): refused by %s: %s", code, mode, r.Check, r.Reason)
			}
		}
		if h.Theorem.Name == certificate.GuySmith && !strings.ContainsAny(h.Game.Rules, "89ABCDEF") {
			if r := verifyBytes(t, data, certcheck.Sparse); !r.Verified {
				t.Errorf("%s (sparse): refused by %s: %s", code, r.Check, r.Reason)
			}
		}
		f := filepath.Join(dir, strings.NewReplacer("(", "_", ")", "_", ",", "_", "!", "_", "[", "_", "]", "_").Replace(code)+".cert")
		if err := os.WriteFile(f, data, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	// the same values in the two-byte encoding (used when a value passes 255)
	h07, v07 := certOf(t, "0.07")
	wide := filepath.Join(dir, "wide.cert")
	if err := os.WriteFile(wide, encodeU16(t, h07, v07), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := verifyBytes(t, encodeU16(t, h07, v07), certcheck.Auto); !r.Verified {
		t.Errorf("u16le: refused by %s: %s", r.Check, r.Reason)
	}
	files = append([]string{wide}, files...)
	// 0.127 (93,167 values) takes the Python checker seconds: the dataset
	// test runs it.
	for f, v := range runPython(t, files[:len(files)-1]) {
		if !v.Verified {
			t.Errorf("python refuses %s: %s", f, v.Check)
		}
	}
	octalFiles := []string{files[1], files[2], files[3]} // 0.07, 0.77, 0.137
	for f, v := range runPython(t, octalFiles, "--mode=sparse") {
		if !v.Verified {
			t.Errorf("python (sparse) refuses %s: %s", f, v.Check)
		}
	}
}

// TestTampering: every kind of tampering is refused by both verifiers,
// by the check that should catch it.
func TestTampering(t *testing.T) {
	h07, v07 := certOf(t, "0.07")
	hL, vL := certOf(t, "4.[3]")
	hN, vN := certOf(t, "0.[3]")
	hM, vM := certOf(t, "4.1[3]") // proven with the period doubled
	type tamper struct {
		name  string
		data  []byte
		check string
		heap  int // −1: not compared
	}
	with := func(h certificate.Header, values []uint16, edit func(*certificate.Header, []uint16) []uint16) []byte {
		values = append([]uint16(nil), values...)
		values = edit(&h, values)
		return encode(t, h, values)
	}
	good := encode(t, h07, v07)
	blockAt := bytes.IndexByte(good, '\n') + 1
	flipped := append([]byte(nil), good...)
	flipped[blockAt+len(good[blockAt:])/2] ^= 0x40
	truncated := good[:len(good)-5]
	// a truncated block whose header was fixed to the new length
	hT := h07
	hT.Values = certificate.Block{}
	var fixed []byte
	{
		var buf bytes.Buffer
		hh, _ := certificate.Write(&buf, hT, v07)
		hh.Values.Bytes -= 5
		line, _ := json.Marshal(hh)
		fixed = append(append(line, '\n'), buf.Bytes()[bytes.IndexByte(buf.Bytes(), '\n')+1:len(buf.Bytes())-5]...)
	}
	// a value changed, the header's hash left as it was
	var staleHash []byte
	{
		changed := append([]uint16(nil), v07...)
		changed[100] ^= 1
		var a, b bytes.Buffer
		hOld, _ := certificate.Write(&a, h07, v07)
		hNew, _ := certificate.Write(&b, h07, changed)
		hNew.Values.SHA256 = hOld.Values.SHA256
		line, _ := json.Marshal(hNew)
		staleHash = append(append(line, '\n'), b.Bytes()[bytes.IndexByte(b.Bytes(), '\n')+1:]...)
	}
	cases := []tamper{
		{"value changed", with(h07, v07, func(h *certificate.Header, v []uint16) []uint16 { v[100] ^= 1; return v }), "value", 100},
		{"value changed in the preperiod", with(h07, v07, func(h *certificate.Header, v []uint16) []uint16 { v[7]++; return v }), "value", 7},
		{"period + 1", with(h07, v07, func(h *certificate.Header, v []uint16) []uint16 { h.Claim.Period++; return v }), "periodicity", -1},
		{"period − 1", with(h07, v07, func(h *certificate.Header, v []uint16) []uint16 { h.Claim.Period--; return v }), "periodicity", -1},
		{"period doubled", with(h07, v07, func(h *certificate.Header, v []uint16) []uint16 { h.Claim.Period *= 2; return v }), "period", -1},
		{"preperiod + 1", with(h07, v07, func(h *certificate.Header, v []uint16) []uint16 { h.Claim.Preperiod++; return v }), "preperiod", 53},
		{"preperiod − 1", with(h07, v07, func(h *certificate.Header, v []uint16) []uint16 { h.Claim.Preperiod--; return v }), "periodicity", 52},
		{"window one value short", with(h07, v07, func(h *certificate.Header, v []uint16) []uint16 { h.Theorem.Window--; return v[:len(v)-1] }), "window", -1},
		{"window header disagrees with the block", with(h07, v07, func(h *certificate.Header, v []uint16) []uint16 { h.Theorem.Window++; return v }), "window", -1},
		{"rules changed", with(h07, v07, func(h *certificate.Header, v []uint16) []uint16 { h.Game.Rules = "0.06"; return v }), "value", 2},
		{"rules unreadable", with(h07, v07, func(h *certificate.Header, v []uint16) []uint16 { h.Game.Rules = "0.0!7"; return v }), "rules", -1},
		{"theorem changed", with(h07, v07, func(h *certificate.Header, v []uint16) []uint16 { h.Theorem.Name = certificate.FiniteWindow; return v }), "theorem", -1},
		{"k changed", with(h07, v07, func(h *certificate.Header, v []uint16) []uint16 { h.Theorem.K = 1; return v }), "theorem", -1},
		{"wrong saltus (Guy–Smith)", with(h07, v07, func(h *certificate.Header, v []uint16) []uint16 { h.Claim.Saltus = 1; return v }), "saltus", -1},
		{"wrong saltus (arithmetic)", with(hL, vL, func(h *certificate.Header, v []uint16) []uint16 { h.Claim.Saltus++; return v }), "periodicity", -1},
		{"base heap too small", with(hL, vL, func(h *certificate.Header, v []uint16) []uint16 { h.Theorem.Base--; return v }), "theorem", -1},
		{"threes-tail without the period multiple", with(hM, vM, func(h *certificate.Header, v []uint16) []uint16 { h.Theorem.Multiple = 1; return v }), "threes-tail-c", -1},
		{"Nim lemma period 2", with(hN, vN, func(h *certificate.Header, v []uint16) []uint16 { h.Claim.Period = 2; return v }), "period", -1},
		{"corrupt block", flipped, "block-decode", -1},
		{"truncated block", truncated, "block-length", -1},
		{"truncated block, header fixed", fixed, "block-decode", -1},
		{"value changed, hash not", staleHash, "block-sha256", -1},
	}
	dir := t.TempDir()
	var files []string
	for i, c := range cases {
		r := verifyBytes(t, c.data, certcheck.Auto)
		if r.Verified || r.Check != c.check || (c.heap >= 0 && r.Heap != c.heap) {
			t.Errorf("%s: Go verdict %v, check %q heap %d (%s); want refused by %q at %d", c.name, r.Verified, r.Check, r.Heap, r.Reason, c.check, c.heap)
		}
		f := filepath.Join(dir, "t"+string(rune('a'+i))+".cert")
		if err := os.WriteFile(f, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	py := runPython(t, files)
	for i, c := range cases {
		v := py[files[i]]
		if v.Verified || v.Check != c.check || (c.heap >= 0 && v.Heap != c.heap) {
			t.Errorf("%s: Python verdict %v, check %q heap %d; want refused by %q at %d", c.name, v.Verified, v.Check, v.Heap, c.check, c.heap)
		}
	}
}

// TestImportsNoEngine: the checker's trusted code is the standard library,
// the format package and its own files.
func TestImportsNoEngine(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{.Standard}}", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, std, _ := strings.Cut(line, " ")
		if std == "true" || strings.HasPrefix(path, "vendor/") {
			continue
		}
		if path != "github.com/nimlab/nimlab/solver/certcheck" && path != "github.com/nimlab/nimlab/solver/certificate" {
			t.Errorf("certcheck depends on %s", path)
		}
	}
}
