//go:build windows && wine

package census

import _ "github.com/nimlab/nimlab/solver/internal/winetest" // t.TempDir's clean-up under wine
