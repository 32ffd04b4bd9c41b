package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBinaryBadInputIsOneLine builds the real binary and runs it as a user
// would, in the C.UTF-8 locale of Debian containers: a bad code must print
// exactly one line on stderr (nothing from Fyne's start-up) and exit 2.
func TestBinaryBadInputIsOneLine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "nimlab")
	build := exec.Command("go", "build", "-tags", "migrated_fynedo", "-o", bin, ".")
	out, err := build.CombinedOutput()
	require.NoError(t, err, string(out))

	cmd := exec.Command(bin, "octal", "0.9#")
	cmd.Env = append(os.Environ(), "LANG=C.UTF-8", "LC_ALL=", "LC_MESSAGES=")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	require.True(t, errors.As(err, &exit), "expected a non-zero exit, got %v", err)
	assert.Equal(t, exitUsage, exit.ExitCode())
	assert.Empty(t, stdout.String())
	assert.Equal(t, 1, bytes.Count(stderr.Bytes(), []byte("\n")), "stderr: %q", stderr.String())
	assert.Contains(t, stderr.String(), "unexpected")
}
