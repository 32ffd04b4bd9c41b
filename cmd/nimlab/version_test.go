package main

import (
	"os"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVersionMatchesPackageAndCitation: the version the binary prints is the
// one the desktop package (FyneApp.toml) and the citation file give.
func TestVersionMatchesPackageAndCitation(t *testing.T) {
	for file, pattern := range map[string]string{
		"../../FyneApp.toml":  `(?m)^\s*Version = "([^"]+)"`,
		"../../CITATION.cff": `(?m)^version: (\S+)`,
	} {
		b, err := os.ReadFile(file)
		require.NoError(t, err)
		m := regexp.MustCompile(pattern).FindSubmatch(b)
		require.NotNil(t, m, file)
		assert.Equal(t, version, string(m[1]), file)
	}
	status, out, _ := runCLI(t, "--version")
	assert.Equal(t, exitOK, status)
	assert.Contains(t, out, "nimlab "+version)
}
