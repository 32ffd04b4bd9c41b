// Package clocale normalises a "C.UTF-8"-style locale to plain "C" before
// Fyne reads the locale.
//
// Fyne's locale lookup (through github.com/jeandeaual/go-locale) treats "C"
// and "POSIX" as "no locale" but not "C.UTF-8", which Debian containers and
// CI machines set by default; it then logs three "Error parsing user locale C"
// lines on every start, even for headless subcommands. C.UTF-8 is the C
// locale, so rewriting it to "C" changes nothing else.
//
// Fyne reads the locale in a package initialiser, so this must run earlier:
// Go initialises packages in import-path order among those whose imports are
// ready, and this package (importing only os and strings) sorts before
// golang.org/x/text, which Fyne's lang package needs first. Import it for its
// side effect from package main.
package clocale

import (
	"os"
	"strings"
)

func init() {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := os.Getenv(name)
		if v == "" {
			continue
		}
		if strings.HasPrefix(v, "C.") || strings.HasPrefix(v, "POSIX.") {
			os.Setenv(name, "C")
		}
		return // the first one set is the one that counts
	}
}
