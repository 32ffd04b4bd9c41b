package gui

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	waitJobs(t, u.octal.jobs)
	u.win.Resize(size)
	selectTab(u, tab)
	settle(u)
	return u
}

// settle runs what the window would run by itself once an action is
// done: the UI updates queued by workers and by layouts that ask for
// another pass (flowing rows, and relayoutSoon's pass 400 ms after the
// window opens or changes mode), and the driver's check before each frame
// that lays out again the parents of objects whose minimum size changed
// (Fyne's test canvas has no such check). It forces no other layout, so
// that a widget that grows without changing its minimum size, and without
// asking its container to lay it out again, shows here as it does in the
// real window.
func settle(u *ui) {
	deadline := time.Now().Add(500 * time.Millisecond)
	for time.Now().Before(deadline) {
		testQueue.Drain()
		ensureMinSizes(u)
		time.Sleep(20 * time.Millisecond)
	}
	testQueue.Drain()
	ensureMinSizes(u)
}

// lastMins are the minimum sizes ensureMinSizes saw last, by window.
var lastMins = map[*ui]map[fyne.CanvasObject]fyne.Size{}

// ensureMinSizes does what the GLFW driver does before a frame: every
// container or widget one of whose objects has a new minimum size is laid
// out again (and so on up, as its own minimum size changes).
func ensureMinSizes(u *ui) {
	seen := lastMins[u]
	if seen == nil {
		seen = map[fyne.CanvasObject]fyne.Size{}
		lastMins[u] = seen
	}
	for range 8 {
		var stale []fyne.CanvasObject
		var walk func(parent, o fyne.CanvasObject)
		walk = func(parent, o fyne.CanvasObject) {
			if !o.Visible() {
				return
			}
			m := o.MinSize()
			if old, ok := seen[o]; ok && old != m && parent != nil {
				stale = append(stale, parent)
			}
			seen[o] = m
			for _, c := range children(o) {
				walk(o, c)
			}
		}
		walk(nil, u.win.Content())
		if len(stale) == 0 {
			return
		}
		for _, p := range stale {
			switch x := p.(type) {
			case *fyne.Container:
				x.Refresh()
			case fyne.Widget:
				test.WidgetRenderer(x).Layout(x.Size())
			}
		}
	}
}

// projectorTab is one subtest of TestProjectorLayout: on a window opened
// on tab (already at the projector's size and mode), act does what a
// user would do there and returns the widgets that carry the answer.
type projectorTab struct {
	tab string
	act func(t *testing.T, u *ui) []fyne.CanvasObject
	// name names the subtest when a tab has more than one case.
	name string
}

// projectorTabs are the tabs TestProjectorLayout checks. A tab's own test
// file may add its case from an init function.
var projectorTabs = []projectorTab{
	{tabNim, projectNim, ""},
	{tabOctal, projectOctal, ""},
	{tabAstron, projectAstron, ""},
	{tabAstron, projectAstronThree, tabAstron + " three stars"},
	{tabMisere, projectMisere, ""},
	{tabCensus, projectCensus, ""},
	{tabAstronStudy, projectStudy, ""},
}

// TestProjectorLayout checks that after a realistic action on each tab, at
// 1024×768 and 1280×720 in presentation and normal mode, the widgets that
// carry the answer lie entirely inside the canvas, uncovered, under at
// most one vertical scroll. With NIMLAB_LAYOUT_SHOTS=DIR each canvas is
// also written to DIR as a PNG, to be looked at.
func TestProjectorLayout(t *testing.T) {
	for _, size := range projectorSizes {
		for _, present := range []bool{true, false} {
			mode := "normal"
			if present {
				mode = "present"
			}
			name := fmt.Sprintf("%.0fx%.0f-%s", size.Width, size.Height, mode)
			for _, pt := range projectorTabs {
				tab := cmp.Or(pt.name, pt.tab)
				t.Run(name+"/"+tab, func(t *testing.T) {
					u := newProjectorUI(t, size, present, pt.tab)
					// Written also when the case stops early, to see why.
					defer saveLayoutShot(t, u.win.Canvas(), name+"-"+tab)
					objs := pt.act(t, u)
					settle(u)
					assertOnScreen(t, u.win.Canvas(), objs...)
				})
			}
		}
	}
}

// projectNim starts a game of Nim on 3 4 5 with hints: the heading, every
// row of tokens, the moves, the status and hint, and the column sum's
// table (with its 1s column, the totals and the count and mod 2 rows)
// must be in sight.
func projectNim(t *testing.T, u *ui) []fyne.CanvasObject {
	p := u.nim.play
	p.replyDelay = 0
	p.heaps.SetText("3 4 5")
	p.hints.SetChecked(true)
	p.NewGame()
	settle(u)
	objs := slices.Clone(p.board.Objects)
	return append(objs, p.moveList, p.hintLabel, p.status, columnTable(t, u.nim.columns))
}

// projectOctal evaluates the sum 3 5 1000000 of Dawson's Kayles (0.07,
// computed when the window opens): the summary, the heading and first
// move of the sum, Show all and Copy all, and the sequence plot must be in
// sight, and the plot must get a real share of the screen.
func projectOctal(t *testing.T, u *ui) []fyne.CanvasObject {
	o := u.octal
	o.heaps.SetText("3 5 1000000")
	waitJobs(t, &o.sumJobs)
	settle(u)
	_, lines := o.moves.Lines()
	require.NotEmpty(t, lines)
	c := u.win.Canvas().Size()
	plot := o.explorer.explorer.Size()
	assert.GreaterOrEqual(t, plot.Width*plot.Height, 0.12*c.Width*c.Height,
		"the plot is %.0f×%.0f on a %.0f×%.0f canvas", plot.Width, plot.Height, c.Width, c.Height)
	assert.GreaterOrEqual(t, plot.Height, 0.25*c.Height, "the plot's height")
	showAll, copyAll := o.moves.Buttons()
	return append(listRows(t, o.moves.Rows(), 2), o.summary, o.heaps, showAll, copyAll, o.explorer.explorer, o.jobs.Action)
}

// projectAstron computes a two-star table and clicks a cell: the
// evaluation's heading and first winning move, the hover read-out, the
// heatmap, Compute and the palette must be in sight, and the heatmap's
// controls must not move.
func projectAstron(t *testing.T, u *ui) []fyne.CanvasObject {
	a := u.astron
	a.size.SetText("300")
	a.Shown()
	waitJobs(t, a.jobs)
	settle(u)
	controls := []fyne.CanvasObject{a.jobs.Action, a.palette, a.view.Fit, a.view.Export, a.overlay}
	before := make([]fyne.Position, len(controls))
	d := fyne.CurrentApp().Driver()
	for i, c := range controls {
		before[i] = d.AbsolutePositionForObject(c)
	}
	h := a.heatmap
	h.Tapped(&fyne.PointEvent{Position: cellCentre(h, 17, 9)})
	waitJobs(t, a.eval)
	settle(u)
	require.Contains(t, a.analysis.Text(), "G(A(9, 17))")
	c, r, marked := h.Marked()
	assert.True(t, marked && c == 17 && r == 9, "the clicked cell is marked: (%d, %d) %v", c, r, marked)
	for i, c := range controls {
		assert.Equal(t, before[i], d.AbsolutePositionForObject(c), "%s moved when a cell was clicked", describe(c))
	}
	// The stars' field shows its hint whole (beside the recent
	// configurations on a projector, on a row of its own in the window).
	hint := fyne.MeasureText(a.stars.PlaceHolder, theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding()
	assert.GreaterOrEqual(t, a.stars.Size().Width, hint, "the stars' field shows %q", a.stars.PlaceHolder)
	// Compute and the palette are in sight without scrolling the column of
	// controls (on a projector it once scrolled them below the fold).
	return append(listRows(t, a.analysis.Rows(), 2), a.readout, h, a.jobs.Action, a.palette)
}

// projectAstronThree computes a three-star cube: its slider, Compute and
// the palette must be in sight with the heatmap (the slider's row once
// pushed the palette below the fold on a 1280×720 projector).
func projectAstronThree(t *testing.T, u *ui) []fyne.CanvasObject {
	a := u.astron
	a.Shown()
	waitJobs(t, a.jobs)
	a.mode.SetSelected(astronThree) // sets N = 160 and starts
	a.size.SetText("24")
	test.Tap(a.jobs.Action) // a new job cancels the running one
	waitJobs(t, a.jobs)
	settle(u)
	require.NotNil(t, a.table3)
	require.True(t, a.sliderBox.Visible())
	return []fyne.CanvasObject{a.slider, a.sliceLbl, a.heatmap, a.jobs.Action, a.palette, a.size}
}

// projectMisere shows the quotient of 0.75 (computed when the tab is
// first shown) and evaluates the misère sum 3 4: the summary, both tables
// and the sum's answer must be in sight.
func projectMisere(t *testing.T, u *ui) []fyne.CanvasObject {
	m := u.misere
	waitJobs(t, m.jobs)
	require.NotNil(t, m.quotient)
	m.heaps.SetText("3 4")
	waitJobs(t, &m.sumJobs)
	settle(u)
	require.Contains(t, m.moves.Text(), "misère")
	if u.present {
		// The summary keeps one line; the presentation opens with the details.
		assert.NotContains(t, m.summary.Text, "\n")
		assert.Contains(t, m.analysis.Text, "Presentation ⟨")
	} else {
		assert.Contains(t, m.summary.Text, "Presentation ⟨")
	}
	return append(listRows(t, m.moves.Rows(), 1), m.summary, m.heaps, m.mul, m.phi.table, m.jobs.Action)
}

// projectCensus runs the census of 0.?7 to 4096 heaps into a new
// database: the summary, the status and the table of games must be in
// sight.
func projectCensus(t *testing.T, u *ui) []fyne.CanvasObject {
	c := u.census
	c.family.SetText("0.?7")
	c.maxHeaps.SetText("4096")
	c.dbPath.SetText(filepath.Join(t.TempDir(), "census.sqlite"))
	c.Run()
	waitJobs(t, c.jobs)
	settle(u)
	require.Equal(t, "census finished", c.jobs.Status.Text)
	// Rare masks read as in census show and the Octal tab's legend.
	col := censusColumn("rare_mask")
	for row := range c.view.rows {
		if m := c.view.rows[row].Result.RareMask; m != 0 {
			assert.Equal(t, fmt.Sprintf("0x%x", m), censusCell(c, row, col))
		}
	}
	return []fyne.CanvasObject{c.summary, c.jobs.Status, c.table, c.jobs.Action}
}

// projectStudy computes a small three-star cube: its first slice and the
// controls must be in sight.
func projectStudy(t *testing.T, u *ui) []fyne.CanvasObject {
	s := u.study
	// Showing the tab started the default cube; computing the small one
	// cancels it (waiting for it took minutes under the race detector).
	s.size.SetText("40")
	s.Compute()
	waitJobs(t, s.jobs)
	settle(u)
	assertOnScreen(t, u.win.Canvas(), s.sliceImg, s.jobs.Action, s.size, s.slider, s.cubeScale)
	// The line through the cube: its drop-down, showing its whole choice,
	// and a and b over the line they draw.
	s.views.SelectIndex(1)
	s.lineKind.SetSelected(lineRow)
	s.lineA.SetText("3")
	s.lineA.OnSubmitted(s.lineA.Text)
	waitJobs(t, &s.lineJobs)
	settle(u)
	require.Contains(t, s.lineInfo.Text, "G(A(3, 1, n))")
	choice := fyne.MeasureText(s.lineKind.Selected, theme.TextSize(), fyne.TextStyle{}).Width
	assert.GreaterOrEqual(t, s.lineKind.Size().Width, choice+2*theme.InnerPadding()+theme.IconInlineSize(),
		"the drop-down shows %q whole", s.lineKind.Selected)
	return []fyne.CanvasObject{s.lineKind, s.lineA, s.lineB, s.lineInfo, s.line, s.jobs.Action}
}

// listRows are the first n rows a list draws, in order: a test asks for
// the rows that must be in sight.
func listRows(t *testing.T, l *widget.List, n int) []fyne.CanvasObject {
	t.Helper()
	var rows []*widget.Label
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if lbl, ok := o.(*widget.Label); ok && lbl.Visible() && lbl.Text != "" {
			rows = append(rows, lbl)
			return
		}
		for _, c := range children(o) {
			walk(c)
		}
	}
	walk(l)
	// Rows are drawn from a pool: order them by their place.
	slices.SortFunc(rows, func(a, b *widget.Label) int { return int(a.Position().Y - b.Position().Y) })
	if len(rows) < n {
		t.Fatalf("the list draws %d rows, not %d", len(rows), n)
	}
	out := make([]fyne.CanvasObject, n)
	for i := range n {
		out[i] = rows[i]
	}
	return out
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

// TestWindowFitsA1280x720Screen: the window's minimum size, whichever tab
// is shown, leaves a 1280×720 screen room for a desktop's panel and a
// title bar (the nimlab binary opens the window 0.92 of the screen high).
func TestWindowFitsA1280x720Screen(t *testing.T) {
	u := newProjectorUI(t, fyne.NewSize(1280, 662), false, tabNim)
	for _, ti := range u.tabs.Items {
		u.tabs.Select(ti)
		settle(u)
		assert.LessOrEqual(t, u.win.Content().MinSize().Height, float32(662), ti.Text)
	}
}

// TestNimTokensFitTheBoard starts 1 3 5 7 (the tab's own start) on a
// 1024×768 projector in presentation mode: the seven tokens of the last
// heap shrink to fit the board's pane instead of running off its edge.
func TestNimTokensFitTheBoard(t *testing.T) {
	u := newProjectorUI(t, fyne.NewSize(1024, 768), true, tabNim)
	p := u.nim.play
	p.heaps.SetText("1 3 5 7")
	p.NewGame()
	settle(u)
	saveLayoutShot(t, u.win.Canvas(), "1024x768-present-nim-1357")
	var objs []fyne.CanvasObject
	for i := range 4 {
		for _, b := range tokens(p, i) {
			objs = append(objs, b)
		}
	}
	require.Len(t, objs, 16)
	assertOnScreen(t, u.win.Canvas(), objs...)
	side := objs[15].Size().Width
	assert.GreaterOrEqual(t, side, tokenMinSide*theme.TextSize()-1, "tokens stay large enough to tap")
}

// TestNimHistoryShowsAMoveALine plays Nim on a projector (1024×768 and
// 1280×720, presentation mode, hints on): from 1 3 5 7 until six moves are
// made, and from 3 4 5 one exchange (the hint's ★ widens the moves): each
// move of the history is one line beside the moves (no row of which is
// cut), the newest is in sight, and the board stays whole. (The history
// once had a third of the lower row and wrapped each move onto three
// lines.)
func TestNimHistoryShowsAMoveALine(t *testing.T) {
	for _, size := range projectorSizes {
		for _, start := range []struct {
			heaps string
			moves int
		}{{"1 3 5 7", 6}, {"3 4 5", 2}} {
			name := fmt.Sprintf("%.0fx%.0f-%s", size.Width, size.Height, strings.ReplaceAll(start.heaps, " ", ""))
			t.Run(name, func(t *testing.T) {
				u := newProjectorUI(t, size, true, tabNim)
				p := u.nim.play
				p.replyDelay = 0
				p.heaps.SetText(start.heaps)
				p.hints.SetChecked(true)
				p.NewGame()
				settle(u)
				for len(p.match.history) < start.moves {
					if len(p.winning) > 0 {
						// The human plays the hinted move: the computer's
						// reply leaves a position with a hint again.
						p.humanMove(p.winning[0])
						settle(u)
						continue
					}
					// The human takes the last token of the last non-empty heap.
					i := len(p.match.pos) - 1
					for p.match.pos[i] == 0 {
						i--
					}
					ts := tokens(p, i)
					test.Tap(ts[len(ts)-1])
					settle(u)
				}
				defer saveLayoutShot(t, u.win.Canvas(), "present-nim-history-"+name)
				assertHistoryOneLineAMove(t, u)
			})
		}
	}
}

// assertHistoryOneLineAMove checks the Nim tab's history and moves: every
// history row on one line and whole, the newest in sight, every move of
// the list whole, the board and the list on screen.
func assertHistoryOneLineAMove(t *testing.T, u *ui) {
	t.Helper()
	p := u.nim.play
	require.Len(t, p.history.Objects, len(p.match.history))
	lineH := widget.NewLabel("x").MinSize().Height
	for i, o := range p.history.Objects {
		var lbl *widget.Label
		for _, c := range o.(*fyne.Container).Objects {
			if l, ok := c.(*widget.Label); ok {
				lbl = l
			}
		}
		require.NotNil(t, lbl, "history row %d", i)
		assert.LessOrEqual(t, lbl.Size().Height, lineH+0.5, "history row %q is one line", lbl.Text)
		assert.GreaterOrEqual(t, lbl.Size().Width,
			fyne.MeasureText(lbl.Text, theme.TextSize(), fyne.TextStyle{}).Width+2*theme.InnerPadding()-0.5,
			"history row %q is drawn whole", lbl.Text)
	}
	newest := p.history.Objects[len(p.history.Objects)-1]
	assertOnScreen(t, u.win.Canvas(), newest)
	// The moves the list draws are whole.
	for _, o := range listRows(t, p.moveList, 3) {
		l := o.(*widget.Label)
		assert.Equal(t, l.Text, strings.Join(drawnText(l), " "), "move %q is drawn whole", l.Text)
	}
	objs := slices.Clone(p.board.Objects)
	assertOnScreen(t, u.win.Canvas(), append(objs, p.moveList)...)
}
