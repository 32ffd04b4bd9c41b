package main

import "github.com/nimlab/nimlab/plotting"

// Exported pictures (CLI --png and the window's exports) name the version
// and commit that drew them in their caption and metadata.
func init() { plotting.Version = versionString() }
