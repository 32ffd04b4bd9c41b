package plotting

import (
	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"gonum.org/v1/plot/font"

	"github.com/nimlab/nimlab/resources/fonts"
)

// typeface is the typeface of every text in nimlab's pictures: DejaVu Sans,
// shipped inside the binary (package resources/fonts). Liberation Sans,
// gonum/plot's default, has no ⊕, ⊗, superscript zero or minus; DejaVu Sans
// has all nimlab writes, in the PNG, the SVG and the PDF alike.
const typeface font.Typeface = "DejaVu"

// variant is the typeface's variant name in gonum's font cache.
const variant font.Variant = "Sans"

func init() {
	coll := make(font.Collection, 0, 2)
	for _, f := range []struct {
		data   []byte
		weight xfont.Weight
	}{{fonts.DejaVuSans, xfont.WeightNormal}, {fonts.DejaVuSansBold, xfont.WeightBold}} {
		face, err := opentype.Parse(f.data)
		if err != nil {
			panic("plotting: the embedded DejaVu Sans does not parse: " + err.Error())
		}
		coll = append(coll, font.Face{
			Font: font.Font{Typeface: typeface, Variant: variant, Weight: f.weight},
			Face: face,
		})
	}
	font.DefaultCache.Add(coll)
}
