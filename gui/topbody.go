package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// bodyShare is the least part of the visible height that a tab's body (its
// plot, table, heatmap) gets when the tab must scroll.
const bodyShare = 0.85

// newTopBody lays a tab out as controls on top and a body (plots, tables)
// below that takes the rest of the height. When both fit, nothing scrolls.
// When they do not (a 1024×768 projector in presentation mode, where every
// control is 1.75× larger), the tab scrolls and the body keeps at least
// bodyShare of the visible height, so that scrolling past the controls
// shows the plot at a useful size instead of a strip squeezed under them.
func newTopBody(top, body fyne.CanvasObject) fyne.CanvasObject {
	inner := &topBodyLayout{}
	content := container.New(inner, top, body)
	scroll := container.NewScroll(content)
	return container.New(&viewportLayout{inner: inner}, scroll)
}

// topBodyLayout stacks top (at its minimum height) over body (the rest).
type topBodyLayout struct {
	viewport float32 // the visible height, set by viewportLayout
}

func (l *topBodyLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	top, body := objs[0].MinSize(), objs[1].MinSize()
	pad := theme.Padding()
	h := top.Height + pad + body.Height
	if l.viewport > 0 && h > l.viewport {
		h = top.Height + pad + max(body.Height, bodyShare*l.viewport)
	}
	return fyne.NewSize(max(top.Width, body.Width), h)
}

func (l *topBodyLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	top := objs[0].MinSize().Height
	pad := theme.Padding()
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(size.Width, top))
	objs[1].Move(fyne.NewPos(0, top+pad))
	objs[1].Resize(fyne.NewSize(size.Width, max(size.Height-top-pad, 0)))
}

// viewportLayout tells topBodyLayout how tall the visible area is before
// the scroll lays its content out.
type viewportLayout struct{ inner *topBodyLayout }

func (l *viewportLayout) MinSize(objs []fyne.CanvasObject) fyne.Size { return objs[0].MinSize() }

func (l *viewportLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.inner.viewport = size.Height
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
}
