package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
)

// pointerReadout is the hover read-out a plot widget embeds: OnHover
// receives what the widget reports for the place under the pointer each time
// that text changes, and "" when the pointer leaves.
type pointerReadout struct {
	// OnHover receives the read-out ("" when the pointer leaves).
	OnHover func(string)
	// at is the widget's read-out for a position.
	at func(fyne.Position) string
	// lastHover is the last read-out (for tests).
	lastHover string
}

// MouseIn starts the read-out.
func (r *pointerReadout) MouseIn(ev *desktop.MouseEvent) { r.setHover(r.at(ev.Position)) }

// MouseMoved updates the read-out.
func (r *pointerReadout) MouseMoved(ev *desktop.MouseEvent) { r.setHover(r.at(ev.Position)) }

// MouseOut clears the read-out.
func (r *pointerReadout) MouseOut() { r.setHover("") }

func (r *pointerReadout) setHover(s string) {
	if s == r.lastHover {
		return
	}
	r.lastHover = s
	if r.OnHover != nil {
		r.OnHover(s)
	}
}
