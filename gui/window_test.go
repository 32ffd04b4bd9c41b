package gui

import (
	"image/color"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// contrast is the WCAG contrast ratio of two colours.
func contrast(a, b color.Color) float64 {
	lum := func(c color.Color) float64 {
		r, g, b, _ := c.RGBA()
		ch := func(v uint32) float64 {
			x := float64(v) / 0xffff
			if x <= 0.03928 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*ch(r) + 0.7152*ch(g) + 0.0722*ch(b)
	}
	l1, l2 := lum(a), lum(b)
	return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
}

func TestPresentationMode(t *testing.T) {
	a := test.NewTempApp(t)
	installUIQueue(t)
	u := newUI(a, true) // nimlab --present
	waitJobs(t, u.octal.jobs)
	assert.True(t, u.win.FullScreen())
	th := a.Settings().Theme()
	base := theme.DefaultTheme()
	for _, n := range []fyne.ThemeSizeName{theme.SizeNameText, theme.SizeNameInlineIcon, theme.SizeNameHeadingText} {
		assert.GreaterOrEqual(t, th.Size(n), 1.6*base.Size(n), string(n))
	}
	// Spacing grows less than text, so that a 1024×768 projector keeps its
	// rows of controls.
	for _, n := range []fyne.ThemeSizeName{theme.SizeNamePadding, theme.SizeNameInnerPadding} {
		assert.GreaterOrEqual(t, th.Size(n), 1.1*base.Size(n), string(n))
		assert.Less(t, th.Size(n), 1.6*base.Size(n), string(n))
	}
	// The tabs show their titles alone (seven fit across 1024 pixels), and
	// the Octal tab gives the explorer the whole right-hand column.
	for _, ti := range u.tabs.Items {
		assert.Nil(t, ti.Icon, ti.Text)
	}
	assert.Same(t, u.octal.explorer.content, u.octal.split.Trailing)
	assert.False(t, u.octal.table.controls.Visible())
	fg := th.Color(theme.ColorNameForeground, theme.VariantDark)
	bg := th.Color(theme.ColorNameBackground, theme.VariantDark)
	assert.GreaterOrEqual(t, contrast(fg, bg), 15.0, "high contrast text")
	assert.GreaterOrEqual(t, contrast(th.Color(theme.ColorNamePrimary, 0), bg), 7.0, "accents readable")
	// The toolbar toggle leaves presentation mode and restores the theme.
	u.presentToggle.OnActivated()
	assert.False(t, u.win.FullScreen())
	assert.InDelta(t, base.Size(theme.SizeNameText), a.Settings().Theme().Size(theme.SizeNameText), 1e-6)
	for _, ti := range u.tabs.Items {
		assert.NotNil(t, ti.Icon, ti.Text)
	}
	assert.Same(t, u.octal.table.content, u.octal.split.Leading)
	assert.Same(t, u.octal.sumPane, u.octal.rightSplit.Trailing)
	assert.True(t, u.octal.table.controls.Visible())
	u.presentToggle.OnActivated()
	assert.True(t, u.win.FullScreen())
	// Escape leaves presentation mode, F11 toggles it.
	u.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	assert.False(t, u.win.FullScreen())
	u.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyF11})
	assert.True(t, u.win.FullScreen())
}

func TestPreferencesRememberTabAndTheme(t *testing.T) {
	a := test.NewTempApp(t)
	installUIQueue(t)
	u := newUI(a, false)
	waitJobs(t, u.octal.jobs)
	selectTab(u, tabGraph)
	assert.Equal(t, tabGraph, a.Preferences().String(prefLastTab))
	u.themeSelect.SetSelected(themeLight)
	assert.Equal(t, themeLight, a.Preferences().String(prefTheme))
	assert.Equal(t, theme.DefaultTheme().Color(theme.ColorNameBackground, theme.VariantLight),
		a.Settings().Theme().Color(theme.ColorNameBackground, theme.VariantDark), "light forced")
	// A new window on the same preferences opens where the last one was.
	u2 := newUI(a, false)
	waitJobs(t, u2.octal.jobs)
	require.NotNil(t, u2.tabs.Selected())
	assert.Equal(t, tabGraph, u2.tabs.Selected().Text)
	assert.Equal(t, themeLight, u2.themeSelect.Selected)
}

// TestAboutNamesVersionAndDocs: the "?" dialog names the version the binary
// set and links to the documentation.
func TestAboutNamesVersionAndDocs(t *testing.T) {
	old := Version
	Version = "9.8.7 (commit abc)"
	t.Cleanup(func() { Version = old })
	u := newTestUI(t)
	u.showAbout()
	top := u.win.Canvas().Overlays().Top()
	require.NotNil(t, top, "the dialog is shown")
	assert.Contains(t, drawnTexts(top), "nimlab 9.8.7 (commit abc)")
	var link *widget.Hyperlink
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if h, ok := o.(*widget.Hyperlink); ok {
			link = h
		}
		for _, c := range children(o) {
			walk(c)
		}
	}
	walk(top)
	require.NotNil(t, link, "a link to the documentation")
	assert.Equal(t, DocsURL, link.URL.String())
}
