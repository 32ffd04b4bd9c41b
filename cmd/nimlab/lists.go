package main

import (
	"fmt"
	"io"
	"strings"
)

// spaced writes a list as the text reports show one: the elements
// separated by spaces, without brackets.
func spaced[T any](xs []T) string { return strings.Trim(fmt.Sprint(xs), "[]") }

// firstN is x cut to its first n elements, for a bounded list.
func firstN[T any](x []T, n int) []T {
	if len(x) > n {
		return x[:n]
	}
	return x
}

// printLastValues writes the values a constant-memory or on-disk run kept
// at its end: last holds G(count−len(last)..count−1).
func printLastValues(w io.Writer, count int64, last []uint16) {
	fmt.Fprintf(w, "last values (G(%d..%d)): %s\n", count-int64(len(last)), count-1, spaced(last))
}
