package gui

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"

	"github.com/nimlab/nimlab/gui/widgets"
	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/solver/graph"
)

// maxGraphEditText bounds the graph text put into the editor: a loaded
// file larger than this is solved whole, but the editor shows its first
// lines only (an entry holding megabytes of text would be laid out and
// drawn on the UI thread at every change).
const maxGraphEditText = 16 << 10

// graphLoader reads a graph file chosen in the Graph tab in a worker, with
// a progress bar and Cancel: a graph file may be up to graph.MaxFileSize
// (64 MiB), which read on the UI thread froze the window.
type graphLoader struct {
	// jobs reads the file: its bar, status and Cancel are content, shown
	// while a file is read.
	jobs    *widgets.JobPanel
	content *fyne.Container
	// full is the whole text of a loaded file too large for the editor,
	// and shown what the editor holds of it; Solve uses full while the
	// editor still holds shown.
	full, shown string
}

func newGraphLoader() *graphLoader {
	l := &graphLoader{jobs: widgets.NewJobPanel("", nil)}
	l.jobs.Status.Truncation = fyne.TextTruncateEllipsis
	l.content = container.NewBorder(nil, nil, nil, l.jobs.CancelButton, l.jobs.ProgressColumn())
	l.content.Hide()
	return l
}

// source is the graph text Solve should read, given the editor's text.
func (l *graphLoader) source(edited string) string {
	if l.full != "" && edited == l.shown {
		return l.full
	}
	return edited
}

// loadFile asks for a graph file and reads it in the background.
func (t *graphTab) loadFile() {
	t.ui.openFile([]string{".txt", ".dot", ".gv", ".graph"}, func(r fyne.URIReadCloser) { t.readGraphFile(r) })
}

// readGraphFile reads r in a worker (closing it), showing the bytes read;
// Cancel stops it and keeps the editor as it was. A finished read goes
// into the editor (its first lines, for a large file) and is solved.
func (t *graphTab) readGraphFile(r io.ReadCloser) {
	l := t.loader
	size := int64(-1)
	if u, ok := r.(fyne.URIReadCloser); ok && u.URI() != nil && u.URI().Scheme() == "file" {
		if fi, err := os.Stat(u.URI().Path()); err == nil {
			size = fi.Size()
		}
	}
	l.content.Show()
	l.jobs.Start("reading the graph file…", func(ctx context.Context, h widgets.JobHandle) {
		defer r.Close()
		update := throttled(h)
		data, err := readWithProgress(ctx, r, graph.MaxFileSize, func(n int64) {
			update(func() {
				fraction := -1.0
				if size > 0 {
					fraction = float64(n) / float64(size)
				}
				l.jobs.Report(fraction, fmt.Sprintf("%s bytes read…", plotting.GroupDigits(int(n))))
			})
		})
		var shown string
		if err == nil {
			shown = editorPart(data)
		}
		h.Finish(func() {
			l.content.Hide()
			if l.jobs.Failed(err, func(err error) { dialog.ShowError(err, t.ui.win) }) {
				return
			}
			l.jobs.Done("read")
			l.full, l.shown = "", ""
			if len(shown) < len(data) {
				l.full, l.shown = data, shown
			}
			t.examples.ClearSelected() // the text is no longer an example
			t.text.SetText(shown)
			t.Solve()
		})
	})
}

// readWithProgress reads r to the end, at most limit bytes (more is an
// error), stopping when ctx is cancelled, and reports the bytes read after
// each chunk.
func readWithProgress(ctx context.Context, r io.Reader, limit int64, progress func(int64)) (string, error) {
	var b strings.Builder
	buf := make([]byte, 1<<20)
	var n int64
	for {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		k, err := r.Read(buf)
		n += int64(k)
		if n > limit {
			return "", fmt.Errorf("the graph file is larger than %s bytes, the most nimlab reads", plotting.GroupDigits(int(limit)))
		}
		b.Write(buf[:k])
		progress(n)
		if err == io.EOF {
			// A Cancel that came while the last read was blocked still
			// wins: the user asked for the editor to stay as it was.
			if err := ctx.Err(); err != nil {
				return "", err
			}
			return b.String(), nil
		}
		if err != nil {
			return "", err
		}
	}
}

// editorPart is what the editor shows of a loaded graph text: all of it,
// or for a large file its first lines and a comment saying the whole file
// is what gets solved.
func editorPart(data string) string {
	if len(data) <= maxGraphEditText {
		return data
	}
	cut := strings.LastIndexByte(data[:maxGraphEditText], '\n') + 1
	lines := strings.Count(data, "\n")
	return data[:cut] + fmt.Sprintf("# … the file has %s lines (%s bytes); Solve & draw reads all of them while this text is unchanged.\n",
		plotting.GroupDigits(lines), plotting.GroupDigits(len(data)))
}
