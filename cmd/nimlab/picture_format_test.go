package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPictureFormatByExtension checks that --png writes PNG, SVG or PDF by
// the file's extension, with the caption in the file, and refuses any
// other extension before computing anything.
func TestPictureFormatByExtension(t *testing.T) {
	dir := t.TempDir()
	heads := map[string]string{".png": "\x89PNG\r\n\x1a\n", ".svg": "<?xml", ".pdf": "%PDF-"}
	for ext, head := range heads {
		for _, args := range [][]string{{"octal", "0.07"}, {"astron", "table", "--size", "12"}} {
			path := filepath.Join(dir, args[0]+ext)
			status, _, errOut := runCLI(t, append(args, "--png", path, "--width", "800", "--height", "600")...)
			require.Equal(t, 0, status, errOut)
			b, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.True(t, bytes.HasPrefix(b, []byte(head)), "%s: %q", path, b[:8])
			if ext != ".pdf" { // PDF text is in compressed streams
				assert.Contains(t, string(b), "nimlab", "the caption names nimlab")
			}
		}
	}
	for _, bad := range []string{"x.jpg", "x.png.txt"} {
		status, _, errOut := runCLI(t, "octal", "0.07", "--png", filepath.Join(dir, bad))
		assert.Equal(t, 2, status)
		assert.Contains(t, errOut, "accepted: .png, .svg, .pdf")
		_, err := os.Stat(filepath.Join(dir, bad))
		assert.True(t, os.IsNotExist(err))
	}
}
