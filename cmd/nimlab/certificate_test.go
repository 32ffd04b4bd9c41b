package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOctalCertificateAndVerify: the certificate written by nimlab octal
// verifies; the JSON of both commands says so; a changed claim exits 1
// with the failing check; bad input exits 2.
func TestOctalCertificateAndVerify(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "0.07.cert")
	status, out, errOut := runNimlab(t, "octal", "0.07", "--certificate", file, "--json")
	require.Equal(t, 0, status, errOut)
	var rep struct {
		Period int `json:"period"`
		Cert   struct {
			File    string `json:"file"`
			Theorem string `json:"theorem"`
			Window  int    `json:"window"`
			SHA256  string `json:"sha256"`
		} `json:"certificate"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, 34, rep.Period)
	assert.Equal(t, "guy-smith", rep.Cert.Theorem)
	assert.Equal(t, 2*53+2*34+2, rep.Cert.Window)
	assert.Len(t, rep.Cert.SHA256, 64)

	status, out, errOut = runNimlab(t, "verify", file)
	assert.Equal(t, 0, status, errOut)
	assert.Contains(t, out, "VERIFIED")

	status, out, _ = runNimlab(t, "verify", file, "--json", "--mode", "sparse")
	assert.Equal(t, 0, status)
	var v struct {
		Verified bool   `json:"verified"`
		Mode     string `json:"mode"`
		Checks   []string
	}
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	assert.True(t, v.Verified)
	assert.Equal(t, "sparse", v.Mode)
	assert.Contains(t, v.Checks, "values")

	// the claim changed in the header: refused, exit 1
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	bad := filepath.Join(dir, "bad.cert")
	require.NoError(t, os.WriteFile(bad, bytes.Replace(data, []byte(`"period":34`), []byte(`"period":35`), 1), 0o644))
	status, out, errOut = runNimlab(t, "verify", bad)
	assert.Equal(t, 1, status)
	assert.Contains(t, out, `REFUSED by check "periodicity"`)
	assert.Contains(t, errOut, "refused")

	// several files: one refused → exit 1, a JSON list
	status, out, _ = runNimlab(t, "verify", file, bad, "--json")
	assert.Equal(t, 1, status)
	var list []struct {
		Verified bool   `json:"verified"`
		Check    string `json:"check"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &list))
	require.Len(t, list, 2)
	assert.True(t, list[0].Verified)
	assert.Equal(t, "periodicity", list[1].Check)

	// bad input: exit 2 with one line
	notCert := filepath.Join(dir, "x.cert")
	require.NoError(t, os.WriteFile(notCert, []byte("hello\n"), 0o644))
	for _, args := range [][]string{
		{"verify", filepath.Join(dir, "missing.cert")},
		{"verify", notCert},
		{"verify", file, "--mode", "fast"},
		{"verify"},
	} {
		status, _, errOut = runNimlab(t, args...)
		assert.Equal(t, 2, status, "%v", args)
		assert.Equal(t, 1, bytes.Count([]byte(errOut), []byte("\n")), "%v: %q", args, errOut)
	}

	// no proven period: nothing written, exit 1
	none := filepath.Join(dir, "none.cert")
	status, _, errOut = runNimlab(t, "octal", "0.6", "--n", "200", "--certificate", none)
	assert.Equal(t, 1, status)
	assert.Contains(t, errOut, "no period is proven")
	assert.NoFileExists(t, none)
}

// TestCensusCertificates: the named games get certificates and the index
// lists them.
func TestCensusCertificates(t *testing.T) {
	dir := t.TempDir()
	status, out, errOut := runNimlab(t, "census", "certificates", "--dir", dir, "0.07", "4.[3]", "--json")
	require.Equal(t, 0, status, errOut)
	var rep struct {
		Written []string `json:"written"`
		Indexed int      `json:"indexed"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Len(t, rep.Written, 2)
	assert.Equal(t, 2, rep.Indexed)
	index, err := os.ReadFile(filepath.Join(dir, "index.csv"))
	require.NoError(t, err)
	assert.Contains(t, string(index), "0.07.cert,0.07,Dawson's Kayles,34,53,0,guy-smith,176,")
	assert.Contains(t, string(index), "4._3_.cert,4.[3],")
	status, _, errOut = runNimlab(t, append([]string{"verify"}, rep.Written...)...)
	assert.Equal(t, 0, status, errOut)
}
