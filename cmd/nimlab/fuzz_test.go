package main

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParseHeapList: any --heaps text gives heap sizes or a usage error
// (exit 2), never a panic or another kind of error.
func FuzzParseHeapList(f *testing.F) {
	for _, s := range []string{"3,5,7", "", ",", "1,,2", "-1", "99999999999999999999", " 4 , 5 ", "1e3", "0x10"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		heaps, err := parseHeapList("--heaps", s)
		var ue *usageError
		if err != nil && !errors.As(err, &ue) {
			t.Fatalf("%q: %v is not a usage error", s, err)
		}
		for _, h := range heaps {
			if h < 0 {
				t.Fatalf("%q gave a negative heap %d", s, h)
			}
		}
	})
}

// FuzzParseAstronSize: the star sizes of `astron` are read without panics,
// and every refusal is a usage error.
func FuzzParseAstronSize(f *testing.F) {
	for _, s := range []string{"3", "-1", "", "1073741825", " 7 ", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := parseAstronSize(s)
		var ue *usageError
		if err != nil && !errors.As(err, &ue) {
			t.Fatalf("%q: %v is not a usage error", s, err)
		}
		if err == nil && v < 0 {
			t.Fatalf("%q gave %d", s, v)
		}
	})
}

// FuzzParseNimber: the nimbers of `nimber` are read without panics, and
// every refusal says why.
func FuzzParseNimber(f *testing.F) {
	for _, s := range []string{"5", "*7", "0x1f", "18446744073709551615", "18446744073709551616", "", "-3", "*"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := parseNimber(s)
		if err != nil && err.Error() == "" {
			t.Fatalf("%q: an empty error", s)
		}
		if err == nil && strings.TrimSpace(s) == "" {
			t.Fatalf("an empty nimber was read as %d", v)
		}
	})
}
