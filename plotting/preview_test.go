package plotting

import (
	"os"
	"path/filepath"
	"testing"
)

// savePreview writes fig to $PLOTTING_PREVIEW_DIR/name when that variable is
// set, so that a person can look at every kind of picture the tests draw.
func savePreview(t *testing.T, fig *Figure, name string) {
	t.Helper()
	dir := os.Getenv("PLOTTING_PREVIEW_DIR")
	if dir == "" {
		return
	}
	if err := fig.WritePNG(filepath.Join(dir, name)); err != nil {
		t.Fatal(err)
	}
}
