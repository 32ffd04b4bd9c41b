package gui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// wideObjects lists objects under o whose minimum width exceeds w.
func wideObjects(o fyne.CanvasObject, w float32, depth int, out *[]string) {
	if o.MinSize().Width > w {
		*out = append(*out, fmt.Sprintf("%s%T %.0fx%.0f", strings.Repeat(" ", depth), o, o.MinSize().Width, o.MinSize().Height))
	}
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			wideObjects(c, w, depth+1, out)
		}
	case fyne.Widget:
		r := test.WidgetRenderer(x)
		if r != nil {
			for _, c := range r.Objects() {
				wideObjects(c, w, depth+1, out)
			}
		}
	}
	_ = widget.NewLabel
}
