package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// binaryDir holds the nimlab binary built once for the tests that run it as
// a user would (signals, exit statuses, stderr as printed).
var (
	binaryDir   string
	binaryOnce  sync.Once
	binaryPath  string
	binaryError error

	headlessOnce  sync.Once
	headlessPath  string
	headlessError error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binaryDir != "" {
		os.RemoveAll(binaryDir)
	}
	os.Exit(code)
}

// nimlabBinary builds the real binary once per test run and returns its path.
func nimlabBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	binaryOnce.Do(func() {
		binaryDir, binaryError = os.MkdirTemp("", "nimlab-test-bin")
		if binaryError != nil {
			return
		}
		binaryPath = filepath.Join(binaryDir, "nimlab")
		out, err := exec.Command("go", "build", "-tags", "migrated_fynedo", "-o", binaryPath, ".").CombinedOutput()
		if err != nil {
			binaryError = errors.New(string(out))
		}
	})
	require.NoError(t, binaryError)
	return binaryPath
}

// nimlabHeadlessBinary builds the headless binary (CGO_ENABLED=0: no
// window, no Fyne), the one the census recipes run on a cluster's nodes.
func nimlabHeadlessBinary(t *testing.T) string {
	t.Helper()
	nimlabBinary(t) // makes binaryDir, or skips in -short
	headlessOnce.Do(func() {
		headlessPath = filepath.Join(binaryDir, "nimlab-headless")
		cmd := exec.Command("go", "build", "-tags", "migrated_fynedo", "-o", headlessPath, ".")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			headlessError = errors.New(string(out))
		}
	})
	require.NoError(t, headlessError)
	return headlessPath
}

// TestHeadlessBinaryHasNoWindow: the headless build run without a
// subcommand says in one line that it has no window and how to get one,
// exit 2; its subcommands work.
func TestHeadlessBinaryHasNoWindow(t *testing.T) {
	bin := nimlabHeadlessBinary(t)
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	assert.Equal(t, 2, exit.ExitCode())
	assert.Empty(t, stdout.String())
	assert.Equal(t, 1, bytes.Count(stderr.Bytes(), []byte("\n")), stderr.String())
	assert.Contains(t, stderr.String(), "has no window")
	assert.Contains(t, stderr.String(), "make build", "says how to get the window")

	out, err := exec.Command(bin, "octal", "0.07", "--json").Output()
	require.NoError(t, err)
	assert.Contains(t, string(out), `"period": 34`)
}

// TestBinaryBadInputIsOneLine runs the real binary as a user would, in the
// C.UTF-8 locale of Debian containers: a bad code must print exactly one line
// on stderr (nothing from Fyne's start-up) and exit 2.
func TestBinaryBadInputIsOneLine(t *testing.T) {
	bin := nimlabBinary(t)
	cmd := exec.Command(bin, "octal", "0.9#")
	cmd.Env = append(os.Environ(), "LANG=C.UTF-8", "LC_ALL=", "LC_MESSAGES=")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	require.True(t, errors.As(err, &exit), "expected a non-zero exit, got %v", err)
	assert.Equal(t, exitUsage, exit.ExitCode())
	assert.Empty(t, stdout.String())
	assert.Equal(t, 1, bytes.Count(stderr.Bytes(), []byte("\n")), "stderr: %q", stderr.String())
	assert.Contains(t, stderr.String(), "unexpected")
}
