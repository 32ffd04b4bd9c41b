//go:build windows && wine

package astron

import _ "github.com/nimlab/nimlab/solver/internal/winetest" // t.TempDir's clean-up under wine
