package gui

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// placed is one object of a canvas with where it is drawn: its top-left
// corner on the canvas and its size.
type placed struct {
	obj  fyne.CanvasObject
	pos  fyne.Position
	size fyne.Size
}

func (p placed) String() string {
	return fmt.Sprintf("%T at (%.0f,%.0f) size %.0f×%.0f", p.obj, p.pos.X, p.pos.Y, p.size.Width, p.size.Height)
}

// contains reports whether q lies inside p (half a pixel of rounding
// allowed).
func (p placed) contains(q placed) bool {
	const eps = 0.5
	return q.pos.X >= p.pos.X-eps && q.pos.Y >= p.pos.Y-eps &&
		q.pos.X+q.size.Width <= p.pos.X+p.size.Width+eps &&
		q.pos.Y+q.size.Height <= p.pos.Y+p.size.Height+eps
}

// overlaps reports whether p and q share more than a pixel's width of
// area.
func (p placed) overlaps(q placed) bool {
	const eps = 1
	return p.pos.X+p.size.Width > q.pos.X+eps && q.pos.X+q.size.Width > p.pos.X+eps &&
		p.pos.Y+p.size.Height > q.pos.Y+eps && q.pos.Y+q.size.Height > p.pos.Y+eps
}

// pathTo returns the chain of objects from root down to target, each with
// its place on the canvas, or nil when target is not drawn under root.
func pathTo(root, target fyne.CanvasObject, origin fyne.Position) []placed {
	here := placed{obj: root, pos: origin.Add(root.Position()), size: root.Size()}
	if root == target {
		return []placed{here}
	}
	for _, c := range children(root) {
		if p := pathTo(c, target, here.pos); p != nil {
			return append([]placed{here}, p...)
		}
	}
	return nil
}

// isVerticalScroll reports whether o scrolls its content up and down.
func isVerticalScroll(o fyne.CanvasObject) bool {
	s, ok := o.(*container.Scroll)
	return ok && (s.Direction == container.ScrollBoth || s.Direction == container.ScrollVerticalOnly)
}

// onScreenProblem says why target is not entirely visible on c, or "" when
// it is: it must be drawn in c's content (or in the topmost overlay), it and
// every object above it shown, entirely inside the canvas and inside each
// object that holds it (a scroll shows only its viewport; a split's pane
// covers what spills out of the other), not under a sibling drawn after the
// branch that holds it, not under a dialog or pop-up, and under at most one
// scroll that moves vertically.
func onScreenProblem(c fyne.Canvas, target fyne.CanvasObject) string {
	root := c.Content()
	overlay := c.Overlays().Top()
	if overlay != nil {
		if p := pathTo(overlay, target, fyne.Position{}); p != nil {
			root = overlay
		} else {
			return fmt.Sprintf("covered by an overlay (%T)", overlay)
		}
	}
	path := pathTo(root, target, fyne.Position{})
	if path == nil {
		return "not in the window's content"
	}
	me := path[len(path)-1]
	if me.size.Width <= 0 || me.size.Height <= 0 {
		return fmt.Sprintf("has no size: %v", me)
	}
	screen := placed{size: c.Size()}
	if !screen.contains(me) {
		return fmt.Sprintf("%v is not inside the %.0f×%.0f canvas", me, screen.size.Width, screen.size.Height)
	}
	scrolls := 0
	for i, anc := range path {
		if !anc.obj.Visible() {
			if i == len(path)-1 {
				return "is hidden"
			}
			return fmt.Sprintf("is inside a hidden %T", anc.obj)
		}
		if i == len(path)-1 {
			break
		}
		if isVerticalScroll(anc.obj) {
			scrolls++
		}
		if !anc.contains(me) {
			return fmt.Sprintf("%v spills out of %v that holds it", me, anc)
		}
		cont, ok := anc.obj.(*fyne.Container)
		if !ok {
			continue
		}
		// Siblings drawn after the branch that holds target paint over it.
		after := false
		for _, sib := range cont.Objects {
			if sib == path[i+1].obj {
				after = true
				continue
			}
			if !after || !sib.Visible() {
				continue
			}
			s := placed{obj: sib, pos: anc.pos.Add(sib.Position()), size: sib.Size()}
			if s.overlaps(me) {
				return fmt.Sprintf("%v is covered by %v", me, s)
			}
		}
	}
	if scrolls > 1 {
		return fmt.Sprintf("is inside %d nested vertical scrolls", scrolls)
	}
	return ""
}

// assertOnScreen checks that each of objs lies entirely inside canvas c,
// shown, not clipped by a scroll or a split, not covered by a sibling,
// dialog or pop-up, and under at most one vertical scroll (see
// onScreenProblem). The projector tests call it after a realistic action
// with the widgets that carry the answer.
func assertOnScreen(t *testing.T, c fyne.Canvas, objs ...fyne.CanvasObject) bool {
	t.Helper()
	ok := true
	for i, o := range objs {
		if why := onScreenProblem(c, o); why != "" {
			t.Errorf("object %d (%s) is not on screen: %s", i, describe(o), why)
			ok = false
		}
	}
	return ok
}

// describe names an object for a failure message: its type and its text
// when it has one.
func describe(o fyne.CanvasObject) string {
	var text string
	switch x := o.(type) {
	case *widget.Label:
		text = x.Text
	case *widget.Button:
		text = x.Text
	case *widget.Check:
		text = x.Text
	}
	if text != "" {
		if len(text) > 40 {
			text = text[:40] + "…"
		}
		return fmt.Sprintf("%T %q", o, strings.ReplaceAll(text, "\n", " "))
	}
	return fmt.Sprintf("%T", o)
}

// saveLayoutShot writes what c draws to $NIMLAB_LAYOUT_SHOTS/name.png when
// that variable names a folder, so that a layout test's canvas can be
// looked at.
func saveLayoutShot(t *testing.T, c fyne.Canvas, name string) {
	t.Helper()
	dir := os.Getenv("NIMLAB_LAYOUT_SHOTS")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, strings.NewReplacer("/", "-", " ", "_").Replace(name)+".png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, c.Capture()); err != nil {
		t.Fatal(err)
	}
}
