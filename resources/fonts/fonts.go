// Package fonts holds the typeface nimlab draws its pictures in: DejaVu Sans
// 2.37, regular and bold (Bitstream Vera licence, in LICENSE beside this
// file; DejaVu's changes are in the public domain).
//
// DejaVu Sans covers everything nimlab's pictures write (≤ – · × − ⊕ ⊗ Φ τ,
// superscript and subscript digits) and is shipped inside the binary, so a
// picture looks the same on every machine, PDFs embed it (subset), and no
// system font is needed to draw or to test. It is also matplotlib's default
// typeface, familiar in papers.
package fonts

import _ "embed"

// DejaVuSans is DejaVuSans.ttf.
//
//go:embed DejaVuSans.ttf
var DejaVuSans []byte

// DejaVuSansBold is DejaVuSans-Bold.ttf.
//
//go:embed DejaVuSans-Bold.ttf
var DejaVuSansBold []byte
