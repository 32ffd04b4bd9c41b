package main

import (
	"fyne.io/fyne/v2/app"

	"github.com/nimlab/nimlab/gui"
)

// AppID is the application identifier used for preferences storage.
const AppID = "io.github.nimlab"

func init() {
	openWindow = func(present bool) error {
		a := app.NewWithID(AppID)
		w := gui.NewMainWindow(a, present)
		w.ShowAndRun()
		return nil
	}
}
