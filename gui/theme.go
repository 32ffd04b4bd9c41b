package gui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// PresentationScale is how much larger the presentation theme draws text,
// padding and controls than the normal theme; the issue asks for at least
// 1.6× so that a hall can read a projector.
const PresentationScale = 1.75

// Theme variants a user can pick; stored in the "theme" preference.
const (
	themeSystem = "system"
	themeLight  = "light"
	themeDark   = "dark"
)

// variantTheme is the default theme forced to a light or dark variant
// (or following the system when variant is themeSystem).
type variantTheme struct {
	variant string
}

func (t variantTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	switch t.variant {
	case themeLight:
		v = theme.VariantLight
	case themeDark:
		v = theme.VariantDark
	}
	return theme.DefaultTheme().Color(n, v)
}

func (t variantTheme) Font(s fyne.TextStyle) fyne.Resource { return theme.DefaultTheme().Font(s) }
func (t variantTheme) Icon(n fyne.ThemeIconName) fyne.Resource {
	return theme.DefaultTheme().Icon(n)
}
func (t variantTheme) Size(n fyne.ThemeSizeName) float32 { return theme.DefaultTheme().Size(n) }

// presentationTheme is the projector theme: every size scaled by
// PresentationScale and a high-contrast palette (white on black, yellow
// accents) that survives washed-out projectors.
type presentationTheme struct{}

var (
	presentBackground = color.NRGBA{0, 0, 0, 255}
	presentForeground = color.NRGBA{255, 255, 255, 255}
	presentPrimary    = color.NRGBA{255, 214, 0, 255}
)

// presentPalette is the presentation theme's colours by name: a table, so
// that a colour shared by several names reads as such. A name it lacks takes
// the dark default.
var presentPalette = map[fyne.ThemeColorName]color.Color{
	theme.ColorNameBackground:          presentBackground,
	theme.ColorNameOverlayBackground:   presentBackground,
	theme.ColorNameMenuBackground:      presentBackground,
	theme.ColorNameForegroundOnPrimary: presentBackground,
	theme.ColorNameForeground:          presentForeground,
	theme.ColorNameForegroundOnError:   presentForeground,
	theme.ColorNameForegroundOnWarning: presentForeground,
	theme.ColorNameForegroundOnSuccess: presentForeground,
	theme.ColorNamePrimary:             presentPrimary,
	theme.ColorNameFocus:               presentPrimary,
	theme.ColorNameHyperlink:           presentPrimary,
	theme.ColorNameButton:              color.NRGBA{40, 40, 40, 255},
	theme.ColorNameInputBackground:     color.NRGBA{25, 25, 25, 255},
	theme.ColorNameHeaderBackground:    color.NRGBA{25, 25, 25, 255},
	theme.ColorNameInputBorder:         color.NRGBA{200, 200, 200, 255},
	theme.ColorNameSeparator:           color.NRGBA{200, 200, 200, 255},
	theme.ColorNamePlaceHolder:         color.NRGBA{170, 170, 170, 255},
	// Clearly dimmer than enabled text, so a disabled Cancel reads as such.
	theme.ColorNameDisabled:       color.NRGBA{105, 105, 105, 255},
	theme.ColorNameDisabledButton: color.NRGBA{22, 22, 22, 255},
	theme.ColorNameError:          color.NRGBA{255, 90, 90, 255},
	theme.ColorNameSelection:      color.NRGBA{255, 214, 0, 110},
	theme.ColorNameHover:          color.NRGBA{255, 255, 255, 40},
}

func (presentationTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	if c, ok := presentPalette[n]; ok {
		return c
	}
	return theme.DefaultTheme().Color(n, theme.VariantDark)
}

func (presentationTheme) Font(s fyne.TextStyle) fyne.Resource { return theme.DefaultTheme().Font(s) }
func (presentationTheme) Icon(n fyne.ThemeIconName) fyne.Resource {
	return theme.DefaultTheme().Icon(n)
}
func (presentationTheme) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	case theme.SizeNamePadding, theme.SizeNameInnerPadding, theme.SizeNameLineSpacing:
		// Text and icons are what must read from the back of the room;
		// spacing scaled as much would cost a 1024×768 projector whole
		// rows of controls.
		return theme.DefaultTheme().Size(n) * presentationSpacingScale
	}
	return theme.DefaultTheme().Size(n) * PresentationScale
}

// presentationSpacingScale is how much larger the presentation theme makes
// the spacing between and inside widgets.
const presentationSpacingScale = 1.15
