package certcheck_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/nimlab/nimlab/solver/certcheck"
	"github.com/nimlab/nimlab/solver/certificate"
)

// datasetDir is the repository's certificate dataset.
var datasetDir = filepath.Join("..", "..", "certificates")

// longTests reports whether the long tests are asked for.
func longTests() bool {
	return os.Getenv("NIMLAB_LONG") != ""
}

// shortWindow bounds the windows TestDataset checks without NIMLAB_LONG in
// Go, pythonWindow in Python (whose definition mode is quadratic and slow).
const (
	shortWindow  = 30_000
	pythonWindow = 5_000
)

// TestDataset: every certificate of the dataset verifies in both checkers
// (the long ones with NIMLAB_LONG=1), and its index lists exactly the
// certificates there, with their hashes.
func TestDataset(t *testing.T) {
	entries, err := certificate.ReadIndex(datasetDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) < 500 {
		t.Fatalf("%d certificates in %s: the dataset holds the periodic games of 0.??? and 4.???", len(entries), datasetDir)
	}
	index, err := os.ReadFile(filepath.Join(datasetDir, "index.csv"))
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := certificate.WriteIndexCSV(&want, entries); err != nil {
		t.Fatal(err)
	}
	if string(index) != want.String() {
		t.Errorf("index.csv does not list the certificates of %s as they are (regenerate it: docs/CERTIFICATES.md)", datasetDir)
	}
	long := longTests()
	var pyFiles []string
	for _, e := range entries {
		path := filepath.Join(datasetDir, e.File)
		if e.Window > shortWindow && !long {
			continue
		}
		res, err := certcheck.VerifyFile(context.Background(), path, certcheck.Options{})
		if err != nil {
			t.Fatalf("%s: %v", e.File, err)
		}
		if !res.Verified {
			t.Errorf("%s: refused by %s: %s", e.File, res.Check, res.Reason)
		}
		if e.Window <= pythonWindow || long {
			pyFiles = append(pyFiles, path)
		}
	}
	for i := 0; i < len(pyFiles); i += 200 {
		batch := pyFiles[i:min(i+200, len(pyFiles))]
		for f, v := range runPython(t, batch) {
			if !v.Verified {
				t.Errorf("python refuses %s: %s", f, v.Check)
			}
		}
	}
	t.Logf("%d certificates; %d checked in Python", len(entries), len(pyFiles))
}
