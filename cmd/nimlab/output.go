package main

import (
	"encoding/json"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// isTerminal reports whether w is an interactive terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// writeJSON prints v as one indented JSON object followed by a newline.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// gameTitle is how a text report heads a game: its code, with its name in
// parentheses when it has one ("0.07 (Dawson's Kayles)").
func gameTitle(code, name string) string {
	if name == "" {
		return code
	}
	return code + " (" + name + ")"
}

// csvIntRows writes CSV rows of integers through one reused buffer, so that
// a table of millions of values is written without a string per cell.
type csvIntRows struct {
	w    io.Writer
	line []byte
}

// row writes label, then each of values after a comma, and a newline.
func (c *csvIntRows) row(label int, values ...uint16) error {
	c.line = strconv.AppendInt(c.line[:0], int64(label), 10)
	for _, v := range values {
		c.line = append(c.line, ',')
		c.line = strconv.AppendUint(c.line, uint64(v), 10)
	}
	c.line = append(c.line, '\n')
	_, err := c.w.Write(c.line)
	return err
}

// progressReporter draws a terminal progress bar for a long job. When stderr
// is not a terminal, or the output is JSON, it draws nothing so that piped
// output stays clean.
type progressReporter struct {
	bar *progressbar.ProgressBar
}

// newProgressReporter starts a bar counting to total, described by desc.
func newProgressReporter(env *cliEnv, jsonOut bool, total int64, desc string) *progressReporter {
	if !env.interactive || jsonOut {
		return &progressReporter{}
	}
	bar := progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(env.stderr),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("heaps"),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetWidth(30),
	)
	return &progressReporter{bar: bar}
}

// Update sets the bar to done out of total; total may grow (auto mode).
func (p *progressReporter) Update(done, total int64) {
	if p.bar == nil {
		return
	}
	if total > 0 && total != p.bar.GetMax64() {
		p.bar.ChangeMax64(total)
	}
	_ = p.bar.Set64(done)
}

// Describe changes the text beside the bar (e.g. the current period guess).
func (p *progressReporter) Describe(desc string) {
	if p.bar != nil {
		p.bar.Describe(desc)
	}
}

// Finish removes the bar from the terminal.
func (p *progressReporter) Finish() {
	if p.bar != nil {
		_ = p.bar.Finish()
		_ = p.bar.Clear()
	}
}
