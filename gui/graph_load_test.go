package gui

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGraphLoadLargeFileInTheBackground: a graph file is read by a worker;
// one larger than the editor takes is solved whole while the editor shows
// its first lines.
func TestGraphLoadLargeFileInTheBackground(t *testing.T) {
	u := newTestUI(t)
	g := u.graph
	waitJobs(t, &g.jobs)
	// A path of n vertices v0 → v1 → … ; more text than the editor takes.
	const n = 3000
	var b strings.Builder
	for i := 0; i+1 < n; i++ {
		fmt.Fprintf(&b, "v%d v%d\n", i, i+1)
	}
	require.Greater(t, b.Len(), maxGraphEditText)
	g.readGraphFile(io.NopCloser(strings.NewReader(b.String())))
	waitJobs(t, g.loader.jobs)
	waitJobs(t, &g.jobs)
	assert.False(t, g.loader.content.Visible())
	assert.Less(t, len(g.text.Text), maxGraphEditText+200)
	assert.Contains(t, g.text.Text, "# … the file has 2,999 lines")
	assert.Contains(t, g.summary.Text, fmt.Sprintf("%d vertices, %d moves", n, n-1))
	// Once edited, the editor's own text is what is solved.
	g.text.SetText("a b\n")
	g.Solve()
	waitJobs(t, &g.jobs)
	assert.Contains(t, g.summary.Text, "2 vertices, 1 move")
}

// blockingReader returns its first chunk, then blocks until released.
type blockingReader struct {
	first   string
	release chan struct{}
}

func (r *blockingReader) Read(p []byte) (int, error) {
	if r.first != "" {
		n := copy(p, r.first)
		r.first = r.first[n:]
		return n, nil
	}
	<-r.release
	return 0, io.EOF
}

// TestGraphLoadCancel: Cancel stops a read and leaves the editor as it was.
func TestGraphLoadCancel(t *testing.T) {
	u := newTestUI(t)
	g := u.graph
	waitJobs(t, &g.jobs)
	before := g.text.Text
	r := &blockingReader{first: "x y\n", release: make(chan struct{})}
	g.readGraphFile(io.NopCloser(r))
	assert.True(t, g.loader.content.Visible())
	g.loader.jobs.CancelButton.OnTapped()
	close(r.release)
	waitJobs(t, g.loader.jobs)
	assert.False(t, g.loader.content.Visible())
	assert.Equal(t, before, g.text.Text)
}
