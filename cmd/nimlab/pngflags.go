package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/nimlab/nimlab/plotting"
)

// pngFlags are the picture options shared by the subcommands that draw:
// --png FILE [--width W --height H --dpi D --palette NAME]. Numbers are read
// as strings so that a bad value gets nimlab's own message.
type pngFlags struct {
	file, width, height, dpi, palette string
	// def is the picture's size when no flag sets it (zero: DefaultSize).
	def plotting.Size
}

// addPNGFlags registers the picture flags; what says what the picture
// shows; paletteHelp "" leaves out --palette (a picture of one colour).
func addPNGFlags(cmd *cobra.Command, f *pngFlags, what, paletteHelp string) {
	if f.def == (plotting.Size{}) {
		f.def = plotting.DefaultSize
	}
	fl := cmd.Flags()
	fl.StringVar(&f.file, "png", "", "write "+what+" to FILE: PNG, SVG or PDF by FILE's extension (.png, .svg, .pdf)")
	markPath(fl, "png", outputPath)
	fl.Var(typedText{&f.width, "length"}, "width", fmt.Sprintf("picture width: pixels (default %d), or a printed width such as 85mm, 8.5cm, 3.35in, 240pt (then %d dpi and %g-point text unless --dpi)", f.def.Width, printDPI, printTextPt))
	fl.Var(typedText{&f.height, "length"}, "height", fmt.Sprintf("picture height: pixels (default %d), or a printed height as for --width (default: the width's %d:%d)", f.def.Height, f.def.Width, f.def.Height))
	intFlag(fl, &f.dpi, "dpi", "", fmt.Sprintf("resolution recorded in the PNG, for print (default %d; %d for a printed size)", f.def.DPI, printDPI))
	if paletteHelp != "" {
		fl.StringVar(&f.palette, "palette", "", paletteHelp+"; one of "+strings.Join(plotting.PaletteNames(), ", "))
	}
}

// pngRequest is what the picture flags asked for; File is "" when no
// picture was asked for.
type pngRequest struct {
	File       string
	Size       plotting.Size
	Palette    plotting.Palette
	PaletteSet bool
	// Command is the command line, for the picture's metadata.
	Command string
}

// export is the metadata of a picture the CLI writes: the caption (what it
// shows) followed by the nimlab version, the command line that draws it
// again, and keywords.
func (req pngRequest) export(caption string, keywords ...string) plotting.Export {
	return plotting.Export{Caption: caption + " · nimlab " + plotting.Version, Command: req.Command, Keywords: keywords}
}

// parse checks the picture flags before any long computation starts, so that
// a typo fails at once with status 2.
func (f *pngFlags) parse(cmd *cobra.Command, env *cliEnv) (pngRequest, error) {
	req := pngRequest{File: strings.TrimSpace(f.file), Size: f.def, Palette: plotting.Rainbow, Command: env.commandLine()}
	if req.Size == (plotting.Size{}) {
		req.Size = plotting.DefaultSize
	}
	if cmd.Flags().Changed("png") && req.File == "" {
		return req, badInput("--png needs a file name such as picture.png")
	}
	if req.File != "" {
		if _, err := plotting.FormatOf(req.File); err != nil {
			return req, badInput("--png: %v", err)
		}
	}
	for _, name := range []string{"width", "height", "dpi", "palette"} {
		if cmd.Flags().Changed(name) && req.File == "" {
			return req, badInput("--%s only applies to a picture: add --png FILE", name)
		}
	}
	if err := f.readSize(&req.Size); err != nil {
		return req, err
	}
	if err := req.Size.Validate(); err != nil {
		return req, badInput("--%v", err)
	}
	if f.palette != "" {
		p, err := plotting.PaletteByName(f.palette)
		if err != nil {
			return req, badInput("--palette: %v", err)
		}
		req.Palette, req.PaletteSet = p, true
	}
	return req, nil
}

// A picture asked for at a printed size (--width 85mm) is drawn at printDPI
// with its tick labels printTextPt points high (titles and axis labels in
// proportion): journal text size, whatever the number of pixels.
const (
	printDPI    = 300
	printTextPt = 8.0
)

// readSize reads --width, --height and --dpi into size: pixels, or printed
// lengths converted at the resolution.
func (f *pngFlags) readSize(size *plotting.Size) error {
	w, err := parseLength("--width", f.width)
	if err != nil {
		return err
	}
	h, err := parseLength("--height", f.height)
	if err != nil {
		return err
	}
	printed := w.inches > 0 || h.inches > 0
	if printed {
		size.DPI, size.TextPt = printDPI, printTextPt
	}
	if f.dpi != "" {
		if size.DPI, err = parseCount("--dpi", f.dpi); err != nil {
			return err
		}
	}
	px := func(l length) int {
		if l.inches > 0 {
			return int(math.Round(l.inches * float64(size.DPI)))
		}
		return l.pixels
	}
	switch {
	case w != (length{}) && h != (length{}):
		size.Width, size.Height = px(w), px(h)
	case w != (length{}):
		size.Width = px(w)
		if printed {
			size.Height = int(math.Round(float64(size.Width) * float64(f.def.Height) / float64(f.def.Width)))
		}
	case h != (length{}):
		size.Height = px(h)
		if printed {
			size.Width = int(math.Round(float64(size.Height) * float64(f.def.Width) / float64(f.def.Height)))
		}
	}
	return nil
}

// length is a --width or --height: pixels, or a printed length in inches.
type length struct {
	pixels int
	inches float64
}

// lengthUnits are the printed units --width and --height accept, in inches.
var lengthUnits = []struct {
	suffix string
	inches float64
}{{"mm", 1 / 25.4}, {"cm", 1 / 2.54}, {"in", 1}, {"pt", 1.0 / 72}}

// parseLength reads "1920" or "1920px" (pixels) or a number with mm, cm,
// in or pt; "" is the zero length (not given).
func parseLength(what, s string) (length, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "" {
		return length{}, nil
	}
	for _, u := range lengthUnits {
		if num, ok := strings.CutSuffix(t, u.suffix); ok {
			v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
			if err != nil || !(v > 0) || math.IsInf(v, 0) {
				return length{}, badInput("%s must be a positive length such as 85mm, 8.5cm, 3.35in or 240pt, got %q", what, s)
			}
			return length{inches: v * u.inches}, nil
		}
	}
	t = strings.TrimSuffix(t, "px")
	v, err := strconv.Atoi(strings.TrimSpace(t))
	if err != nil || v < 1 {
		return length{}, badInput("%s must be a number of pixels such as 1920 or a printed length such as 85mm, got %q", what, s)
	}
	return length{pixels: v}, nil
}
