package main

import (
	"bytes"
	"io"
	"sync"
)

// favouritesFilter passes the standard logger's lines on to w, except one
// report of Fyne's file dialogs: every Open and Save dialog looks up the
// XDG user folders for its favourites (xdg-user-dir DOCUMENTS, MUSIC,
// VIDEOS, …), and on a computer where one is not defined — a lab or
// classroom machine without a Videos folder — it logs
//
//	Fyne error:  Getting favorite locations
//	  Cause: this computer does not define a VIDEOS folder
//	  At: …/dialog/file.go:396
//
// on stderr each time, although the dialog works (it leaves that favourite
// out). Fyne has no setting to turn the lookup off, so nimlab drops exactly
// these three lines; every other error Fyne logs still reaches stderr.
type favouritesFilter struct {
	mu   sync.Mutex
	w    io.Writer
	skip int // lines of the report still to drop
}

// favouritesReport is the first line of the report dropped.
var favouritesReport = []byte("Fyne error:  Getting favorite locations")

func (f *favouritesFilter) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case bytes.Contains(p, favouritesReport):
		f.skip = 2
		return len(p), nil
	case f.skip > 0 && (bytes.Contains(p, []byte("  Cause: ")) || bytes.Contains(p, []byte("  At: "))):
		f.skip--
		return len(p), nil
	}
	f.skip = 0
	return f.w.Write(p)
}
