package gui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"github.com/nimlab/nimlab/gui/widgets"
)

// flowLayout places its children left to right at their minimum sizes and
// starts a new line when the next one does not fit, so that a row of
// controls that is too wide for a 1024×768 projector (in presentation mode
// every control is 1.75× larger) wraps instead of widening the window or
// pushing Compute off screen. Some children may stretch: they share the
// width their line leaves over (the code field and the progress of the
// Octal tab).
//
// A layout's minimum height cannot know the width it will get, so the
// layout remembers the height it needed at the last width it was given;
// when that changes, it asks the canvas to lay the window out again.
type flowLayout struct {
	lastWidth  float32
	lastHeight float32
	obj        fyne.CanvasObject // the container, to find its canvas
	stretch    []fyne.CanvasObject
}

// newFlow returns a container that flows objs; stretch (one of them, or
// nil) takes the width left on its line.
func newFlow(stretch fyne.CanvasObject, objs ...fyne.CanvasObject) *fyne.Container {
	var s []fyne.CanvasObject
	if stretch != nil {
		s = []fyne.CanvasObject{stretch}
	}
	return newFlowStretching(s, objs...)
}

// newFlowStretching returns a container that flows objs; those of stretch
// on a line share equally the width that line leaves.
func newFlowStretching(stretch []fyne.CanvasObject, objs ...fyne.CanvasObject) *fyne.Container {
	l := &flowLayout{stretch: stretch}
	c := container.New(l, objs...)
	l.obj = c
	return c
}

// lines splits the visible objects into lines for a width.
func (l *flowLayout) lines(objs []fyne.CanvasObject, width float32) [][]fyne.CanvasObject {
	pad := theme.Padding()
	var out [][]fyne.CanvasObject
	var line []fyne.CanvasObject
	x := float32(0)
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		w := o.MinSize().Width
		if len(line) > 0 && x+pad+w > width {
			out = append(out, line)
			line, x = nil, 0
		}
		if len(line) > 0 {
			x += pad
		}
		line = append(line, o)
		x += w
	}
	if len(line) > 0 {
		out = append(out, line)
	}
	return out
}

// height is what the lines need.
func lineHeights(lines [][]fyne.CanvasObject) (hs []float32, total float32) {
	pad := theme.Padding()
	for i, line := range lines {
		h := float32(0)
		for _, o := range line {
			h = max(h, o.MinSize().Height)
		}
		hs = append(hs, h)
		total += h
		if i > 0 {
			total += pad
		}
	}
	return hs, total
}

func (l *flowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w := float32(0)
	for _, o := range objs {
		if o.Visible() {
			w = max(w, o.MinSize().Width)
		}
	}
	width := l.lastWidth
	if width <= 0 {
		// Not laid out yet: assume one line.
		width = 1e9
	}
	_, h := lineHeights(l.lines(objs, max(width, w)))
	return fyne.NewSize(w, h)
}

func (l *flowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	lines := l.lines(objs, size.Width)
	hs, total := lineHeights(lines)
	y := float32(0)
	for i, line := range lines {
		x, spare, stretching := float32(0), size.Width, 0
		for j, o := range line {
			if j > 0 {
				spare -= pad
			}
			spare -= o.MinSize().Width
			if slices.Contains(l.stretch, o) {
				stretching++
			}
		}
		for _, o := range line {
			s := o.MinSize()
			w := s.Width
			if spare > 0 && slices.Contains(l.stretch, o) {
				w += spare / float32(stretching)
			}
			o.Move(fyne.NewPos(x, y+(hs[i]-s.Height)/2))
			o.Resize(fyne.NewSize(w, s.Height))
			x += w + pad
		}
		y += hs[i] + pad
	}
	// A width narrower than the widest child is not a real layout (a
	// window being built, a tab not yet shown is laid out at size zero):
	// remembering it would make MinSize put every child on a line of its
	// own, and the window's minimum height would grow from a tab not even
	// on screen.
	widest := float32(0)
	for _, o := range objs {
		if o.Visible() {
			widest = max(widest, o.MinSize().Width)
		}
	}
	if size.Width < widest {
		return
	}
	l.lastWidth = size.Width
	if total != l.lastHeight {
		l.lastHeight = total
		// The minimum height changed with the width: lay the window out
		// again so that what is below moves (one frame later).
		widgets.UIDo(func() {
			if c := fyne.CurrentApp().Driver().CanvasForObject(l.obj); c != nil && c.Content() != nil {
				c.Content().Refresh()
			}
		})
	}
}
