//go:build windows && wine

package valuestore

import _ "github.com/nimlab/nimlab/solver/internal/winetest" // t.TempDir's clean-up under wine
