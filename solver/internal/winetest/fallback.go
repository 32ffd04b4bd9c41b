//go:build windows && wine

package winetest

import _ "unsafe" // go:linkname

// deleteatFallback is Go's switch for its compatibility path of deletes
// (meant for its own tests); linking to it needs -ldflags=-checklinkname=0.
//
//go:linkname deleteatFallback internal/syscall/windows.TestDeleteatFallback
var deleteatFallback bool

func init() { deleteatFallback = true }
