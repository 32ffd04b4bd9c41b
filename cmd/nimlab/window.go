package main

import (
	"os"
	"time"

	"fyne.io/fyne/v2/app"

	"github.com/nimlab/nimlab/gui"
)

// AppID is the application identifier used for preferences storage.
const AppID = "io.github.nimlab"

// uiProbeEnv names a file: when set, the window measures how long the UI
// thread keeps work waiting and writes a JSON report there (see
// gui.StartLatencyProbe and docs/BENCHMARKS.md).
const uiProbeEnv = "NIMLAB_UI_PROBE"

func init() {
	openWindow = func(present bool) error {
		a := app.NewWithID(AppID)
		w := gui.NewMainWindow(a, present)
		if path := os.Getenv(uiProbeEnv); path != "" {
			stop := make(chan struct{})
			a.Lifecycle().SetOnStarted(func() { gui.StartLatencyProbe(path, 10*time.Millisecond, stop) })
			a.Lifecycle().SetOnStopped(func() { close(stop) })
		}
		w.ShowAndRun()
		return nil
	}
}
