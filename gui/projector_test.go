package gui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// projectorSizes are the canvases TestProjectorLayout checks: a 1024×768
// projector and a 1280×720 one.
var projectorSizes = []fyne.Size{{Width: 1024, Height: 768}, {Width: 1280, Height: 720}}

// newProjectorUI builds the window at size in presentation mode or not,
// on tab.
func newProjectorUI(t *testing.T, size fyne.Size, present bool, tab string) *ui {
	t.Helper()
	a := test.NewTempApp(t)
	installUIQueue(t)
	u := newUI(a, present)
	waitJobs(t, &u.octal.jobs)
	u.win.Resize(size)
	selectTab(u, tab)
	settle(u)
	return u
}

// settle lays the window out until wrapped text and flowing rows have
// found their heights (they ask for another pass through uiDo).
func settle(u *ui) {
	for range 4 {
		testQueue.drain()
		u.win.Content().Refresh()
		u.win.Resize(u.win.Canvas().Size())
	}
	testQueue.drain()
}

func TestProjectorLayout(t *testing.T) {
	for _, size := range projectorSizes {
		for _, present := range []bool{true, false} {
			mode := "normal"
			if present {
				mode = "present"
			}
			name := fmt.Sprintf("%.0fx%.0f-%s", size.Width, size.Height, mode)
			t.Run(name+"/nim", func(t *testing.T) {
				u := newProjectorUI(t, size, present, tabNim)
				p := u.nim.play
				p.replyDelay = 0
				p.heaps.SetText("3 4 5")
				p.hints.SetChecked(true)
				p.NewGame()
				settle(u)
				saveLayoutShot(t, u.win.Canvas(), name+"-nim")
				objs := []fyne.CanvasObject{p.board.Objects[0]}
				for i := 1; i < len(p.board.Objects); i++ {
					objs = append(objs, p.board.Objects[i])
				}
				objs = append(objs, p.moveList, p.hintLabel, p.status, columnTable(t, u.nim.columns))
				assertOnScreen(t, u.win.Canvas(), objs...)
			})
		}
	}
}

// columnTable finds the binary column sum's table under o.
func columnTable(t *testing.T, o fyne.CanvasObject) fyne.CanvasObject {
	t.Helper()
	var found fyne.CanvasObject
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if c, ok := o.(*fyne.Container); ok {
			if _, ok := c.Layout.(*tableLayout); ok {
				found = c
				return
			}
		}
		for _, c := range children(o) {
			walk(c)
		}
	}
	walk(o)
	if found == nil {
		t.Fatal("no column table")
	}
	return found
}
