package main

import (
	"fmt"
	"image"
	"os"
	"sync"
	"time"

	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"github.com/google/renameio/v2"

	"github.com/nimlab/nimlab/gui"
)

// AppID is the application identifier used for preferences storage.
const AppID = "io.github.nimlab"

// Environment variables that switch on measurements (docs/BENCHMARKS.md).
const (
	// uiProbeEnv names a file: the window measures how long the UI thread
	// keeps work waiting and writes a JSON report there (see
	// gui.StartLatencyProbe).
	uiProbeEnv = "NIMLAB_UI_PROBE"
	// firstFrameEnv names a file: the time from process start to the first
	// frame the window paints is written there, in milliseconds.
	firstFrameEnv = "NIMLAB_FIRST_FRAME"
)

// processStart is set while the program initialises, before main runs.
var processStart = time.Now()

func init() {
	openWindow = func(present bool) error {
		a := app.NewWithID(AppID)
		w := gui.NewMainWindow(a, present)
		if path := os.Getenv(firstFrameEnv); path != "" {
			// A transparent raster over the window: the painter calls its
			// generator while drawing the first frame.
			var once sync.Once
			marker := canvas.NewRaster(func(int, int) image.Image {
				once.Do(func() {
					ms := float64(time.Since(processStart).Microseconds()) / 1000
					_ = renameio.WriteFile(path, fmt.Appendf(nil, "%.1f\n", ms), 0o644)
				})
				return image.NewNRGBA(image.Rect(0, 0, 1, 1))
			})
			w.SetContent(container.NewStack(w.Content(), marker))
		}
		if path := os.Getenv(uiProbeEnv); path != "" {
			stop := make(chan struct{})
			a.Lifecycle().SetOnStarted(func() { gui.StartLatencyProbe(path, 10*time.Millisecond, stop) })
			a.Lifecycle().SetOnStopped(func() { close(stop) })
		}
		w.ShowAndRun()
		return nil
	}
}
