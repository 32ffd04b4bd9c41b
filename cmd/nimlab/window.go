//go:build cgo

package main

import (
	"context"
	"errors"
	"fmt"
	"image"
	"log"
	"os"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/nimlab/nimlab/solver/safewrite"

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
	openWindow = func(ctx context.Context, present bool) error {
		detachConsole()
		log.SetOutput(&favouritesFilter{w: os.Stderr})
		a := app.NewWithID(AppID)
		gui.Version = versionString()
		w := gui.NewMainWindow(a, present)
		fitToScreen(w)
		if path := os.Getenv(firstFrameEnv); path != "" {
			// A transparent raster over the window: the painter calls its
			// generator while drawing the first frame.
			var once sync.Once
			marker := canvas.NewRaster(func(int, int) image.Image {
				once.Do(func() {
					ms := float64(time.Since(processStart).Microseconds()) / 1000
					_ = safewrite.WriteFile(path, nil, fmt.Appendf(nil, "%.1f\n", ms))
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
		startRecordings()
		go quitOnSignal(ctx, a)
		w.ShowAndRun()
		if ctx.Err() != nil {
			return context.Cause(ctx) // the exit status says which signal
		}
		return nil
	}
}

// windowQuitGrace is how long the window may take to close after Ctrl-C or
// SIGTERM before the process ends without it.
const windowQuitGrace = 5 * time.Second

// quitOnSignal closes the window when ctx is cancelled (main cancels it on
// Ctrl-C or SIGTERM). Fyne installs its own handler only once its event
// loop runs, so a signal that came while the window was being built was
// taken by main's handler alone and the window stayed open; fyne.Do queues
// the quit until the loop runs. Should the window not close within
// windowQuitGrace, the process exits: a terminated program must end.
func quitOnSignal(ctx context.Context, a fyne.App) {
	<-ctx.Done()
	fyne.Do(a.Quit)
	time.AfterFunc(windowQuitGrace, func() {
		var ie interruptedError
		status := exitFailure
		if errors.As(context.Cause(ctx), &ie) {
			status = exitStatusFor(ie.sig)
		}
		fmt.Fprintf(os.Stderr, "nimlab: the window did not close within %s of the signal; exiting\n", windowQuitGrace)
		os.Exit(status)
	})
}

// fitToScreen shrinks the window to the primary monitor when the monitor
// is smaller than the window's default size (a 1024×768 or 1280×720
// projector): a window larger than the screen puts its controls off
// screen. Fyne has no API for the screen's size; its GLFW driver has
// initialised GLFW by the time a window exists, and this runs on the main
// thread (Fyne locks main.main to it), as GLFW requires.
func fitToScreen(w fyne.Window) {
	mon := glfw.GetPrimaryMonitor()
	if mon == nil {
		return
	}
	mode := mon.GetVideoMode()
	if mode == nil || mode.Width <= 0 || mode.Height <= 0 {
		return
	}
	size := w.Canvas().Size()
	if size.Width == 0 {
		size = gui.DefaultWindowSize
	}
	// Leave room for a desktop's panels and the title bar.
	fit := fyne.NewSize(min(size.Width, float32(mode.Width)), min(size.Height, float32(mode.Height)*0.92))
	if fit != size {
		w.Resize(fit)
	}
}
