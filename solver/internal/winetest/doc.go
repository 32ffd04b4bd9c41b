// Package winetest lets the solver packages' Windows test binaries run
// under wine (make test runs them so, with the build tag wine): wine 8
// lacks the POSIX-semantics delete (FileDispositionInformationEx) with
// which Go's os.RemoveAll removes files on Windows 10 and later, so every
// t.TempDir's clean-up would fail. Imported for its side effect by each
// package's wine_test.go, it sends os.RemoveAll down Go's own path for
// older Windows versions and file systems without that call (FAT32).
// Nothing in nimlab's programs imports it.
package winetest
