package gui_test

import (
	"fmt"

	"fyne.io/fyne/v2/test"

	"github.com/nimlab/nimlab/gui"
)

// The window opens on the Octal explorer and starts computing 0.07 in the
// background; cmd/nimlab passes the real app, tests pass Fyne's test app.
func ExampleNewMainWindow() {
	w := gui.NewMainWindow(test.NewApp(), false)
	fmt.Println(w.Title())
	// Output: nimlab
}
