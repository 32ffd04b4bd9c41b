package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/nimlab/nimlab/plotting"
)

// pngFlags are the picture options shared by the subcommands that draw:
// --png FILE [--width W --height H --dpi D --palette NAME]. Numbers are read
// as strings so that a bad value gets nimlab's own message.
type pngFlags struct {
	file, width, height, dpi, palette string
}

// addPNGFlags registers the picture flags; what says what the picture shows.
func addPNGFlags(cmd *cobra.Command, f *pngFlags, what, paletteHelp string) {
	fl := cmd.Flags()
	fl.StringVar(&f.file, "png", "", "write "+what+" to FILE: PNG, SVG or PDF by FILE's extension (.png, .svg, .pdf)")
	markPath(fl, "png", outputPath)
	intFlag(fl, &f.width, "width", "", "picture width in pixels (default 1920)")
	intFlag(fl, &f.height, "height", "", "picture height in pixels (default 1080)")
	intFlag(fl, &f.dpi, "dpi", "", "resolution recorded in the PNG, for print (default 96)")
	fl.StringVar(&f.palette, "palette", "", paletteHelp+"; one of "+strings.Join(plotting.PaletteNames(), ", "))
}

// pngRequest is what the picture flags asked for; File is "" when no
// picture was asked for.
type pngRequest struct {
	File       string
	Size       plotting.Size
	Palette    plotting.Palette
	PaletteSet bool
}

// parse checks the picture flags before any long computation starts, so that
// a typo fails at once with status 2.
func (f *pngFlags) parse(cmd *cobra.Command) (pngRequest, error) {
	req := pngRequest{File: strings.TrimSpace(f.file), Size: plotting.DefaultSize, Palette: plotting.Rainbow}
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
	read := func(name, s string, into *int) error {
		if s == "" {
			return nil
		}
		v, err := parseCount("--"+name, s)
		if err != nil {
			return err
		}
		*into = v
		return nil
	}
	if err := read("width", f.width, &req.Size.Width); err != nil {
		return req, err
	}
	if err := read("height", f.height, &req.Size.Height); err != nil {
		return req, err
	}
	if err := read("dpi", f.dpi, &req.Size.DPI); err != nil {
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
