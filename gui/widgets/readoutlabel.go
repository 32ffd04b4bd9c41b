package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// ReadoutLabel is the line beside a plot that reads out what is under the
// pointer and, while the pointer is elsewhere, shows a hint (how to zoom,
// pan, fit). Its text wraps instead of being cut, so a hint longer than a
// projector's narrow pane is read whole on two lines; and it is always at
// least as tall as its hint needs at its width, so that the plot beside it
// does not change size, and move under the pointer, when a shorter
// read-out replaces the hint.
type ReadoutLabel struct {
	widget.BaseWidget
	hint  string
	label *widget.Label
	// rest is the hint laid out at the label's width, never drawn: its
	// height is the least height of the read-out.
	rest *widget.Label
}

// NewReadoutLabel returns a read-out that shows hint until SetText gives
// it something else, in style.
func NewReadoutLabel(hint string, style fyne.TextStyle) *ReadoutLabel {
	r := &ReadoutLabel{
		hint:  hint,
		label: widget.NewLabelWithStyle(hint, fyne.TextAlignLeading, style),
		rest:  widget.NewLabelWithStyle(hint, fyne.TextAlignLeading, style),
	}
	r.label.Wrapping = fyne.TextWrapWord
	r.rest.Wrapping = fyne.TextWrapWord
	r.ExtendBaseWidget(r)
	return r
}

// SetText shows s; "" shows the hint again.
func (r *ReadoutLabel) SetText(s string) {
	if s == "" {
		s = r.hint
	}
	if s == r.label.Text {
		return
	}
	r.label.SetText(s)
	r.Refresh()
}

// SetHint changes the hint (shown at once if the hint is on show).
func (r *ReadoutLabel) SetHint(hint string) {
	showing := r.label.Text == r.hint
	r.hint = hint
	r.rest.SetText(hint)
	if showing {
		r.label.SetText(hint)
	}
	r.Refresh()
}

// Text is what the read-out shows.
func (r *ReadoutLabel) Text() string { return r.label.Text }

// Label is the label that draws the text (for tests that look at its lines).
func (r *ReadoutLabel) Label() *widget.Label { return r.label }

// CreateRenderer draws the label.
func (r *ReadoutLabel) CreateRenderer() fyne.WidgetRenderer {
	return &readoutLabelRenderer{r: r}
}

type readoutLabelRenderer struct{ r *ReadoutLabel }

func (rr *readoutLabelRenderer) Layout(size fyne.Size) {
	r := rr.r
	// The hint's lines at this width (its height follows from its width).
	r.rest.Resize(fyne.NewSize(size.Width, r.rest.MinSize().Height))
	r.label.Move(fyne.NewPos(0, 0))
	r.label.Resize(size)
}

func (rr *readoutLabelRenderer) MinSize() fyne.Size {
	r := rr.r
	m := r.label.MinSize()
	return fyne.NewSize(m.Width, max(m.Height, r.rest.MinSize().Height))
}

func (rr *readoutLabelRenderer) Refresh() {
	// The text size changes with presentation mode: the hint is measured
	// again.
	rr.r.rest.Refresh()
	rr.Layout(rr.r.Size())
	rr.r.label.Refresh()
}

func (rr *readoutLabelRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{rr.r.label}
}

func (rr *readoutLabelRenderer) Destroy() {}
