package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/nimlab/nimlab/solver/census"
)

// FuzzOpenDatabase: a census database file of any bytes is opened and read
// or refused, never a panic; what it refuses it leaves byte for byte as it
// was, and a file it reads yields results whose fingerprints decoded.
func FuzzOpenDatabase(f *testing.F) {
	dir := f.TempDir()
	good := filepath.Join(dir, "good.sqlite")
	s, err := Open(good)
	if err != nil {
		f.Fatal(err)
	}
	fam, err := census.ParseFamily("0.?7")
	if err != nil {
		f.Fatal(err)
	}
	res, err := census.Run(context.Background(), fam, census.Options{Budget: census.Budget{MaxHeaps: 256}})
	if err != nil {
		f.Fatal(err)
	}
	for _, r := range res {
		if err := s.Put(context.Background(), r, "0.?7"); err != nil {
			f.Fatal(err)
		}
	}
	s.Close()
	b, err := os.ReadFile(good)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte{})
	f.Add([]byte("SQLite format 3\x00"))
	f.Add(b[:len(b)/2])
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "c.sqlite")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := OpenExisting(path)
		if err != nil {
			after, _ := os.ReadFile(path)
			if string(after) != string(data) {
				t.Fatalf("a refused file was changed: %v", err)
			}
			return
		}
		defer s.Close()
		rows, err := s.All(context.Background())
		if err != nil {
			return
		}
		for _, r := range rows {
			if len(r.Fingerprints[0]) > 255 {
				t.Fatalf("%s: %d fingerprints", r.Code, len(r.Fingerprints[0]))
			}
		}
	})
}
