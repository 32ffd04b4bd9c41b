package main

import (
	"bytes"
	"os"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestVersion(t *testing.T) {
	var out, errOut bytes.Buffer
	status := run([]string{"--version"}, &out, &errOut)
	assert.Equal(t, exitOK, status, errOut.String())
	assert.Regexp(t, `^nimlab \d+\.\d+\.\d+( \(commit [0-9a-f]+(\+changes)?\))?\n$`, out.String())
	// The desktop package (FyneApp.toml) carries the same version.
	toml, err := os.ReadFile("../../FyneApp.toml")
	require.NoError(t, err)
	m := regexp.MustCompile(`Version = "([^"]+)"`).FindSubmatch(toml)
	require.NotNil(t, m)
	assert.Equal(t, string(m[1]), version)
}

// TestCitationVersion: CITATION.cff names the version the binary prints.
func TestCitationVersion(t *testing.T) {
	cff, err := os.ReadFile("../../CITATION.cff")
	require.NoError(t, err)
	m := regexp.MustCompile(`(?m)^version: (\S+)`).FindSubmatch(cff)
	require.NotNil(t, m)
	assert.Equal(t, version, string(m[1]))
}
