package main

import (
	"runtime/debug"
	"strings"
)

// version is nimlab's version, the one FyneApp.toml gives the desktop
// package; a release build may set it with -ldflags "-X main.version=…".
var version = "0.2.0"

// versionString is what `nimlab --version` prints after "nimlab": the
// version, and the commit it was built from when Go recorded one (a build
// inside the git checkout), so that a figure in a paper can name the exact
// code that produced it.
func versionString() string {
	s := version
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return s
	}
	var rev, modified string
	for _, kv := range info.Settings {
		switch kv.Key {
		case "vcs.revision":
			rev = kv.Value
		case "vcs.modified":
			if kv.Value == "true" {
				modified = "+changes"
			}
		}
	}
	if rev != "" {
		s += " (commit " + rev[:min(len(rev), 12)] + modified + ")"
	}
	return strings.TrimSpace(s)
}
