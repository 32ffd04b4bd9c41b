package widgets

import "fyne.io/fyne/v2/theme"

// TextScale is how much larger the theme's text is than the default theme's:
// 1 normally, more in presentation mode. gonum/plot sizes a picture's text
// from its pixels, so a picture drawn smaller by this factor and stretched
// to its widget has text that grows with presentation mode like the
// window's own. Call it on the UI thread (it reads the theme).
func TextScale() float64 {
	return float64(theme.TextSize() / theme.DefaultTheme().Size(theme.SizeNameText))
}
