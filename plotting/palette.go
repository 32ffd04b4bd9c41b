package plotting

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/brewer"
)

// Palette maps Grundy values 0..max to colours.
type Palette struct {
	// Name is what --palette accepts.
	Name string
	// Description says what the palette is for.
	Description string
	// MaxColours is how many distinct values the palette can tell apart;
	// 0 means any number.
	MaxColours int
	colour     func(v, max int) color.NRGBA
}

// Colour returns the colour of value v on a scale whose largest value is max
// (0 ≤ v ≤ max).
func (p Palette) Colour(v, max int) color.NRGBA {
	if max < 1 {
		max = 1
	}
	v = min(v, max)
	v = maxInt(v, 0)
	return p.colour(v, max)
}

// Colours returns the colours of 0..max, in order.
func (p Palette) Colours(max int) []color.NRGBA {
	cs := make([]color.NRGBA, max+1)
	for v := range cs {
		cs[v] = p.Colour(v, max)
	}
	return cs
}

// Fits reports an error when the palette cannot tell max+1 values apart.
func (p Palette) Fits(max int) error {
	if p.MaxColours > 0 && max+1 > p.MaxColours {
		return fmt.Errorf("palette %q has %d colours but the values run from 0 to %d; use %s for more values",
			p.Name, p.MaxColours, max, strings.Join(unlimitedPaletteNames(), ", "))
	}
	return nil
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// Rainbow is the thesis' palette (Figure 2.7): red for 0 through orange,
// yellow, green and blue up to violet for the largest value.
var Rainbow = Palette{
	Name:        "rainbow",
	Description: "the thesis' rainbow: red = 0 up to violet for the largest value",
	colour: func(v, max int) color.NRGBA {
		// Hue 0 is red, 0.75 (270°) violet; full saturation, slightly
		// darkened so that yellow stays visible on white.
		h := 0.75 * float64(v) / float64(max)
		c := palette.HSVA{H: h, S: 1, V: 0.97, A: 1}
		return color.NRGBAModel.Convert(c).(color.NRGBA)
	},
}

// viridisStops are matplotlib's viridis at 0, 0.1, …, 1; the colours in
// between are interpolated linearly, which stays within a few levels of the
// full table.
var viridisStops = [...]uint32{
	0x440154, 0x482475, 0x414487, 0x355f8d, 0x2a788e, 0x21918c,
	0x22a884, 0x44bf70, 0x7ad151, 0xbddf26, 0xfde725,
}

// Viridis is matplotlib's perceptually uniform palette (dark violet to
// yellow): equal steps of value look like equal steps of colour, it reads
// for colour-blind viewers and stays ordered when printed in grey.
var Viridis = Palette{
	Name:        "viridis",
	Description: "perceptually uniform, colour-blind safe (viridis): dark violet = 0 up to yellow",
	colour: func(v, max int) color.NRGBA {
		t := float64(v) / float64(max) * float64(len(viridisStops)-1)
		i := int(t)
		if i >= len(viridisStops)-1 {
			return nrgb(viridisStops[len(viridisStops)-1])
		}
		return mixNRGB(nrgb(viridisStops[i]), nrgb(viridisStops[i+1]), t-float64(i))
	},
}

// cividisStops are entries of the published 256-entry cividis table
// (Nuñez, Anderton and Renslow, "Optimizing colormaps with consideration
// for color vision deficiency to enable accurate interpretation of
// scientific data", PLoS ONE 13(7), 2018; the table matplotlib ships), at
// their places 0..255 in it. They are chosen so that the colours in between,
// interpolated linearly, stay within one level of the table's: the table
// bends where red starts to rise (entry 22) and near its yellow end.
var cividisStops = [...]struct {
	at  int
	rgb uint32
}{
	{0, 0x00224e}, {20, 0x003070}, {23, 0x013271}, {28, 0x123570},
	{39, 0x263d6e}, {60, 0x3f4c6c}, {92, 0x5e626e}, {130, 0x7e7d78},
	{158, 0x999277}, {193, 0xbdae6c}, {217, 0xd6c35d}, {234, 0xe9d34e},
	{248, 0xf9e03a}, {251, 0xfde334}, {255, 0xfee838},
}

// Cividis is a palette made for colour-vision deficiency (dark blue to
// yellow through grey): it looks nearly the same to viewers with red-green
// colour blindness as to others, its lightness grows evenly with the value,
// and it stays ordered when printed in grey.
var Cividis = Palette{
	Name:        "cividis",
	Description: "colour-blind safe, even lightness (cividis): dark blue = 0 up to yellow",
	colour: func(v, max int) color.NRGBA {
		at := float64(v) / float64(max) * 255
		i := 1
		for i < len(cividisStops)-1 && float64(cividisStops[i].at) < at {
			i++
		}
		lo, hi := cividisStops[i-1], cividisStops[i]
		f := (at - float64(lo.at)) / float64(hi.at-lo.at)
		return mixNRGB(nrgb(lo.rgb), nrgb(hi.rgb), f)
	},
}

// mixNRGB is the colour a share f of the way from a to b.
func mixNRGB(a, b color.NRGBA, f float64) color.NRGBA {
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*(1-f) + float64(y)*f)) }
	return color.NRGBA{R: mix(a.R, b.R), G: mix(a.G, b.G), B: mix(a.B, b.B), A: 255}
}

// Grey is for print: black for 0 (the P-positions stand out) up to a light
// grey, so that cells never vanish into the white page.
var Grey = Palette{
	Name:        "grey",
	Description: "grey for print: black = 0 up to light grey",
	colour: func(v, max int) color.NRGBA {
		g := uint8(math.Round(225 * float64(v) / float64(max)))
		return color.NRGBA{R: g, G: g, B: g, A: 255}
	},
}

// qualitativeColours are ColorBrewer's Paired-12 reordered so that
// neighbouring values get unrelated hues (dark colours first).
var qualitativeColours = func() []color.NRGBA {
	p, err := brewer.GetPalette(brewer.TypeQualitative, "Paired", 12)
	if err != nil {
		panic(err) // a fixed name and size that brewer has always had
	}
	cs := p.Colors()
	order := []int{5, 1, 3, 7, 9, 11, 4, 0, 2, 6, 8, 10}
	out := make([]color.NRGBA, len(order))
	for i, k := range order {
		out[i] = color.NRGBAModel.Convert(cs[k]).(color.NRGBA)
	}
	return out
}()

// Qualitative gives each value an unrelated colour, for tables with at most
// 12 distinct values.
var Qualitative = Palette{
	Name:        "qualitative",
	Description: "distinct colours for up to 12 values (ColorBrewer Paired)",
	MaxColours:  len(qualitativeColours),
	colour: func(v, max int) color.NRGBA {
		return qualitativeColours[v%len(qualitativeColours)]
	},
}

// overlayContrast is the least contrast ratio at which a line drawn over a
// cell reads: WCAG 2.1's for graphical objects (success criterion 1.4.11).
const overlayContrast = 3.0

// OverlayColour is the colour of lines drawn over a table's cells (the
// period overlay of a heatmap), whose values are values and whose colours
// lut gives (value v in lut[min(v, len(lut)-1)], a negative value in white,
// as unknown cells are drawn): black or white, whichever reads, at a
// contrast ratio of at least 3:1, against more of the cells. Black reads on
// the rainbow's mostly light colours; white on a palette whose frequent
// values are dark (cividis's dark blue, viridis's dark violet, grey's
// black for the small values most cells of a Grundy table hold). On a tie,
// black.
func OverlayColour(lut []color.NRGBA, values []int) color.NRGBA {
	black, white := color.NRGBA{A: 255}, color.NRGBA{R: 255, G: 255, B: 255, A: 255}
	if len(lut) == 0 {
		return black
	}
	// Cells per colour, then the cells each candidate reads against.
	count := make([]int, len(lut)+1) // the last: unknown cells
	for _, v := range values {
		switch {
		case v < 0:
			count[len(lut)]++
		default:
			count[min(v, len(lut)-1)]++
		}
	}
	onBlack, onWhite := 0, 0
	for i, n := range count {
		c := unknownColour
		if i < len(lut) {
			c = lut[i]
		}
		if ContrastRatio(black, c) >= overlayContrast {
			onBlack += n
		}
		if ContrastRatio(white, c) >= overlayContrast {
			onWhite += n
		}
	}
	if onWhite > onBlack {
		return white
	}
	return black
}

// ContrastRatio is WCAG 2.1's contrast ratio of two colours, from 1 (the
// same luminance) to 21 (black and white).
func ContrastRatio(a, b color.NRGBA) float64 {
	la, lb := RelativeLuminance(a), RelativeLuminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// RelativeLuminance is the relative luminance of an sRGB colour, WCAG
// 2.1's: 0 for black, 1 for white.
func RelativeLuminance(c color.NRGBA) float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// Palettes lists the palettes by name, rainbow first (the default).
var Palettes = []Palette{Rainbow, Viridis, Cividis, Grey, Qualitative}

// PaletteNames returns the names PaletteByName accepts.
func PaletteNames() []string {
	names := make([]string, len(Palettes))
	for i, p := range Palettes {
		names[i] = p.Name
	}
	return names
}

func unlimitedPaletteNames() []string {
	var names []string
	for _, p := range Palettes {
		if p.MaxColours == 0 {
			names = append(names, p.Name)
		}
	}
	return names
}

// PaletteByName returns the named palette (case-insensitive; "gray" is
// accepted for "grey", "uniform" for "viridis"); the error lists the accepted names.
func PaletteByName(name string) (Palette, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	switch n {
	case "gray":
		n = "grey"
	case "uniform": // the name viridis had before
		n = "viridis"
	}
	i := slices.IndexFunc(Palettes, func(p Palette) bool { return p.Name == n })
	if i < 0 {
		return Palette{}, fmt.Errorf("unknown palette %q; accepted: %s", name, strings.Join(PaletteNames(), ", "))
	}
	return Palettes[i], nil
}

// DifferencePalette colours a difference table: 0 (equal) light grey, 1
// (differs) red, so that the cells where a table is not periodic stand out.
var DifferencePalette = Palette{
	Name:        "difference",
	Description: "0 = equal (grey), 1 = differs (red)",
	MaxColours:  2,
	colour: func(v, max int) color.NRGBA {
		if v > 0 {
			return nrgb(0xc8142a)
		}
		return nrgb(0xe1e1e1)
	},
}
