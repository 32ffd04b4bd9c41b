package gui_test

import (
	"fmt"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"github.com/nimlab/nimlab/gui"
)

// The window opens on the Octal explorer; cmd/nimlab passes the real app,
// tests and this example Fyne's test app.
func ExampleNewMainWindow() {
	w := gui.NewMainWindow(test.NewApp(), false)
	fmt.Println(w.Title())
	var tabs []string
	for _, o := range test.LaidOutObjects(w.Content()) {
		if t, ok := o.(*container.AppTabs); ok {
			for _, ti := range t.Items {
				tabs = append(tabs, ti.Text)
			}
		}
	}
	fmt.Println(tabs)
	// Output:
	// nimlab
	// [Octal explorer Astron Nim & play Graph Misère]
}
