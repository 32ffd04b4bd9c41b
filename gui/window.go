package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// Title is the window title.
const Title = "nimlab"

// NewMainWindow builds the nimlab main window on app a.
func NewMainWindow(a fyne.App, present bool) fyne.Window {
	w := a.NewWindow(Title)
	w.SetContent(container.NewVBox(
		widget.NewLabelWithStyle("nimlab — impartial games workbench", fyne.TextAlignCenter, fyne.TextStyle{Bold: true}),
	))
	w.Resize(fyne.NewSize(1200, 800))
	if present {
		w.SetFullScreen(true)
	}
	return w
}
