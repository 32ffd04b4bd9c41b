package gui_test

import (
	"fmt"

	"fyne.io/fyne/v2/test"

	"github.com/nimlab/nimlab/gui"
)

// The window opens on the Octal explorer and starts computing 0.07 in the
// background; cmd/nimlab passes the real app, tests pass Fyne's test app.
//
// The example is compiled but not run (it has no Output line): Fyne's test
// driver runs fyne.Do at once on the worker's goroutine, so the background
// jobs the window starts would race with this goroutine. The package's own
// tests build the window with a queue that the test goroutine drains
// (newTestUI), as the real main loop does.
func ExampleNewMainWindow() {
	w := gui.NewMainWindow(test.NewApp(), false)
	fmt.Println(w.Title())
}
