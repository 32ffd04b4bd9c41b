package gui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/nimlab/nimlab/gui/widgets"
	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/solver/astron"
)

// Default sizes of the Astron tables: the thesis' Figure 2.7 is 800×800;
// three-star slices come from a dense cube, 160 keeps it near a second.
const (
	defaultAstron2 = 800
	defaultAstron3 = 160
)

// Modes of the Astron heatmap.
const (
	astronTwo   = "Two stars A(p, q)"
	astronThree = "Three stars A(p, q, r)"
)

// astronTab is the Astron tab: a star configuration → nimber, outcome and
// winning moves in words; the two-star heatmap (Figure 2.7) and three-star
// slices with a slider.
type astronTab struct {
	ui *ui

	stars    *widgets.BoundedEntry
	recent   *widget.Select
	starsErr inlineError
	// leftScroll scrolls the column of controls (on a 1024×768 projector
	// it is taller than the screen).
	leftScroll *container.Scroll
	analysis   *widgets.BoundedList
	// eval evaluates a position: its status line says what it is doing,
	// or how to start.
	eval     *widgets.JobPanel
	lastEval *astron.Analysis

	mode    *widget.RadioGroup
	size    *widgets.BoundedEntry
	sizeErr inlineError
	palette *widget.Select
	overlay *widget.Check
	// view are Fit and Export… for the heatmap.
	view      widgets.ViewButtons
	slider    *widget.Slider
	sliceLbl  *widget.Label
	readout   *widgets.ReadoutLabel
	summary   *widget.Label
	heatmap   *widgets.Heatmap
	sliderBox *fyne.Container
	// sliderLeft and sliderAbove hold sliderBox: in the column of controls
	// in the window, above the heatmap on a projector, where the column
	// has no room left for it above the palette.
	sliderLeft, sliderAbove *fyne.Container
	// The heatmap's axes and colour bar, its difference view and the
	// three-star colour scale (heatmapcontrols.go).
	hm heatmapControls

	jobs   *widgets.JobPanel
	grid   widgets.ValueGrid // what the heatmap shows
	table3 *astron.Table3
	period *astron.Period // of the bulb shown, when known
	shown  bool           // the heatmap was computed once (first show)

	// summaryBox holds the summary above the heatmap; in presentation mode
	// the summary moves to the top of left, the controls' column, and the
	// heatmap gets its lines.
	summaryBox *fyne.Container
	left       *fyne.Container
	// starsHead and heatmapHead head the left column's two parts; split
	// is the left column beside the heatmap.
	starsHead, heatmapHead *widget.Label
	// starsBox sets the stars' field's least width: in the window it
	// keeps a row of its own in a narrow column, on a projector it shares
	// one with the recent configurations.
	starsBox *fyne.Container
	split    *container.Split

	content fyne.CanvasObject
}

// setPresentation moves the table's summary beside the heatmap on a
// projector (above it in the window), where height is what the square
// heatmap lacks.
func (t *astronTab) setPresentation(on bool) {
	inLeft := len(t.left.Objects) > 0 && t.left.Objects[0] == t.summary
	switch {
	case on && !inLeft:
		t.summaryBox.Objects = nil
		t.left.Objects = append([]fyne.CanvasObject{t.summary}, t.left.Objects...)
	case !on && inLeft:
		t.left.Objects = t.left.Objects[1:]
		t.summaryBox.Objects = []fyne.CanvasObject{t.summary}
	}
	widgets.SetVisible(t.summaryBox, !on)
	t.placeSlider(on)
	// The column of controls is narrow on a projector: the Cancel buttons
	// keep their icons, the recent configurations a short placeholder.
	cancel, recent := "Cancel", "Recent configurations…"
	if on {
		cancel, recent = "", "Recent…"
	}
	t.view.SetCompact(on)
	t.jobs.SetCompact(on)
	widgets.SetButtonText(t.eval.CancelButton, cancel)
	widgets.SetButtonText(t.jobs.CancelButton, cancel)
	t.recent.PlaceHolder = recent
	t.recent.Refresh()
	t.stars.SetPlaceHolder(starsPlaceHolder)
	if on {
		t.stars.SetPlaceHolder("e.g. 3 5 7")
	}
	diff := diffText
	if on {
		diff = diffTextCompact
	}
	t.hm.diff.SetText(diff)
	// On a projector the left column is wider (the square heatmap is as
	// high as the screen lets it be, not as wide as its pane), its
	// headings are short, and the two-star/three-star choice heads the
	// heatmap's controls itself: Compute and the palette are in sight
	// without scrolling.
	head, share, ems := starsHeadText, astronLeftShare, float32(starsEms)
	if on {
		head, share, ems = "Stars", astronLeftSharePresent, starsEmsPresent
	}
	widgets.SetEms(t.starsBox, ems)
	t.starsHead.SetText(head)
	t.split.SetOffset(share)
	widgets.SetVisible(t.heatmapHead, !on)
	t.summaryBox.Refresh()
	t.left.Refresh()
}

// placeSlider puts the slice slider in the column of controls in the
// window, and above the heatmap on a projector (on; then the heatmap is a
// row lower).
func (t *astronTab) placeSlider(on bool) {
	from, to := t.sliderAbove, t.sliderLeft
	if on {
		from, to = to, from
	}
	from.Objects = nil
	to.Objects = []fyne.CanvasObject{t.sliderBox}
	from.Refresh()
	to.Refresh()
	t.showSlider(t.sliderBox.Visible())
}

// showSlider shows or hides the slice slider (three stars only) with the
// place that holds it, so that a hidden slider leaves no gap.
func (t *astronTab) showSlider(show bool) {
	widgets.SetVisible(t.sliderBox, show)
	widgets.SetVisible(t.sliderLeft, show && len(t.sliderLeft.Objects) > 0)
	widgets.SetVisible(t.sliderAbove, show && len(t.sliderAbove.Objects) > 0)
}

// The stars' field's least width in text sizes, in the window and on a
// projector.
const (
	starsEms        = 14
	starsEmsPresent = 6
)

// starsPlaceHolder is the stars' field's placeholder in the window (a
// projector's is short).
const starsPlaceHolder = "star sizes, e.g. 3 5 7"

// starsHeadText heads the evaluation's controls in the window.
const starsHeadText = "Stars (Astron: join two stars, or split one)"

// The left column's share of the tab's width, in the window and on a
// projector.
const (
	astronLeftShare        = 0.26
	astronLeftSharePresent = 0.3
)

// heatmapHint is the heatmap's read-out while the pointer is elsewhere.
const heatmapHint = "hover: read a value · wheel: zoom · drag: pan · double-click: fit"

func newAstronTab(u *ui) *astronTab {
	t := &astronTab{ui: u}
	t.stars = widgets.NewBoundedEntry(maxListInput)
	t.stars.SetPlaceHolder(starsPlaceHolder)
	t.stars.OnSubmitted = func(string) { t.Evaluate() }
	t.recent = widget.NewSelect(u.recent(prefRecentConfigs), func(s string) {
		if s != "" {
			t.stars.SetText(s)
			t.Evaluate()
		}
	})
	t.recent.PlaceHolder = "Recent configurations…"
	t.eval = widgets.NewBusyJobPanel("Evaluate", theme.SearchIcon(), t.Evaluate)
	t.starsErr = newInlineError()
	t.analysis = widgets.NewBoundedList(u.app, u.win)
	t.eval.Status.Wrapping = fyne.TextWrapWord

	t.mode = widget.NewRadioGroup([]string{astronTwo, astronThree}, func(m string) {
		if t.size == nil {
			return
		}
		if m == astronThree {
			t.size.SetText(strconv.Itoa(defaultAstron3))
		} else {
			t.size.SetText(strconv.Itoa(defaultAstron2))
		}
		t.Compute()
	})
	t.size = widgets.NewBoundedEntry(maxNumberInput)
	t.size.SetText(strconv.Itoa(defaultAstron2))
	t.size.OnSubmitted = func(string) { t.Compute() }
	t.jobs = widgets.NewJobPanel("Compute", t.Compute)
	t.jobs.Status.Wrapping = fyne.TextWrapWord
	t.sizeErr = newInlineError()
	t.palette = widget.NewSelect(plotting.PaletteNames(), func(name string) { t.setPalette(name) })
	t.overlay = widget.NewCheck("period overlay", func(bool) { t.applyOverlay() })
	t.overlay.SetChecked(true)
	// Export… writes the view as the heatmap's controls set it
	// (newHeatmapControls gives it its action).
	t.view = widgets.NewViewButtons(func() { t.heatmap.ResetView() }, "Export view…", nil)
	t.slider = widget.NewSlider(0, defaultAstron3)
	t.slider.Step = 1
	t.slider.OnChanged = func(v float64) { t.showSlice(int(v)) }
	t.sliceLbl = widget.NewLabel("r = 0")
	// The hint is short (it wraps, over the heatmap, on a projector's
	// narrow pane) and says what the Octal plot's says.
	t.readout = widgets.NewReadoutLabel(heatmapHint, fyne.TextStyle{Bold: true, Monospace: true})
	t.summary = widget.NewLabel("")
	t.summary.Wrapping = fyne.TextWrapWord
	t.summary.Selectable = true
	t.heatmap = widgets.NewHeatmap()
	t.heatmap.OnHover = t.readout.SetText

	pal := u.prefs.StringWithFallback(prefPalette, plotting.Rainbow.Name)
	if _, err := plotting.PaletteByName(pal); err != nil {
		pal = plotting.Rainbow.Name
	}
	t.palette.SetSelected(pal)
	t.mode.Selected = astronTwo // not SetSelected: computing waits for the first show

	bold := func(s string) *widget.Label {
		return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	t.mode.Horizontal = false
	t.mode.Required = true // a second tap must not leave no mode selected
	t.sliderBox = container.NewBorder(nil, nil, t.sliceLbl, nil, t.slider)
	t.sliderLeft = container.NewStack(t.sliderBox)
	t.sliderAbove = container.NewStack()
	t.showSlider(false)
	compute := container.NewBorder(nil, nil, nil, t.jobs.CancelButton, t.jobs.Action)
	// The controls stack in the left column so that the heatmap gets the
	// whole height of the window (it is square; width is what there is more
	// of, on a desk and on a projector).
	t.starsHead = bold(starsHeadText)
	t.starsHead.Wrapping = fyne.TextWrapWord
	t.heatmapHead = bold("Heatmap")
	t.starsBox = widgets.Ems(t.stars, starsEms)
	left := container.NewVBox(
		t.starsHead,
		// The recent configurations beside the stars when there is room
		// (a projector's column), under them otherwise.
		newFlow(t.starsBox, t.starsBox, t.recent), container.NewBorder(nil, nil, nil, t.eval.CancelButton, t.eval.Action), t.starsErr,
		widget.NewSeparator(),
		t.heatmapHead,
		t.mode,
		// The size and Compute share a row when the column is wide
		// enough (a desk, a 1280×720 projector).
		newFlow(compute, container.NewBorder(nil, nil, widget.NewLabel("size N"), nil, sizedEntry(t.size, 4)), compute),
		t.jobs.ProgressColumn(), t.sizeErr,
		t.sliderLeft,
		container.NewBorder(nil, nil, widget.NewLabel("palette"), nil, t.palette),
		t.overlay,
		container.NewHBox(t.view.Fit, t.view.Export),
	)
	t.hm = newHeatmapControls(t)
	left.Add(t.hm.content)
	// The evaluation of a position (typed, or a clicked cell) has a place
	// of its own under the heatmap, a few lines high and scrolled: a long
	// answer no longer pushes the heatmap's controls out of view, and the
	// hover read-out above the heatmap never moves.
	t.eval.Status.SetText("click a cell of the heatmap, or type star sizes, to evaluate a position")
	evalBox := container.NewBorder(container.NewVBox(t.eval.Status, t.eval.Busy), nil, nil, nil, t.analysis.ScrolledView())
	t.summaryBox = container.NewStack(t.summary)
	t.left = left
	right := container.NewBorder(container.NewVBox(t.summaryBox, t.readout, t.sliderAbove), nil, nil, nil,
		container.New(&heatmapEvalLayout{}, t.hm.frame, evalBox))
	t.leftScroll = container.NewVScroll(container.New(scrollBarRoom{}, left))
	t.split = container.NewHSplit(t.leftScroll, right)
	t.split.SetOffset(astronLeftShare)
	t.content = t.split
	return t
}

// revealInScroll scrolls s, when o (in its content, just shown) lies
// outside the part on screen, so that o is seen whole: an inline error
// under Compute was below the bottom of a 1024×768 projector, and Return
// seemed to do nothing.
func revealInScroll(s *container.Scroll, o fyne.CanvasObject) {
	scrollTo(s, o)
	// Once the frame has laid the column out (a wrapped error's height
	// follows the width it is given), again.
	widgets.UIDo(func() { scrollTo(s, o) })
}

// scrollTo scrolls s so that o, in its content, is seen whole (its top when
// o is taller than s).
func scrollTo(s *container.Scroll, o fyne.CanvasObject) {
	if s.Size().Height <= 0 || !o.Visible() {
		return // not laid out yet, or hidden meanwhile
	}
	// The column is laid out now, with o in it, rather than at the next
	// frame: o's place is read at once. The second pass gives a wrapped
	// label the height of the width the first gave it.
	for range 2 {
		s.Content.Resize(s.Content.MinSize().Max(s.Size()))
		s.Content.Refresh()
	}
	d := fyne.CurrentApp().Driver()
	top := d.AbsolutePositionForObject(o).Y - d.AbsolutePositionForObject(s.Content).Y
	bottom := top + max(o.Size().Height, o.MinSize().Height)
	offset := s.Offset
	switch {
	case top < offset.Y:
		offset.Y = top
	case bottom > offset.Y+s.Size().Height:
		offset.Y = min(top, bottom-s.Size().Height)
	}
	s.ScrollToOffset(offset)
}

// astronEvalLines is how many lines of text the evaluation's place under
// the heatmap holds: its state, a heading of two lines and a winning move
// of two.
const astronEvalLines = 5.4

// scrollBarRoom keeps its one object clear of a vertical scroll bar
// drawn over the right-hand edge of a scroll's content.
type scrollBarRoom struct{}

func (scrollBarRoom) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return objs[0].MinSize().AddWidthHeight(theme.ScrollBarSize(), 0)
}

func (scrollBarRoom) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(size.Width-theme.ScrollBarSize(), size.Height))
}

// heatmapEvalLayout places the heatmap's frame and the evaluation's box:
// the box astronEvalSideEms text sizes wide beside the frame when that
// leaves the heatmap larger (a wide pane: a 1280×720 projector, a desk),
// else astronEvalLines lines high under it. Either way the box keeps its
// place when an answer arrives.
type heatmapEvalLayout struct{}

// astronEvalSideEms is the least width, in text sizes, of the evaluation's
// box beside the heatmap.
const astronEvalSideEms = 14

func (heatmapEvalLayout) boxHeight() float32 {
	line := fyne.MeasureText("M", theme.TextSize(), fyne.TextStyle{}).Height + theme.LineSpacing()
	return astronEvalLines*line + 4*theme.InnerPadding()
}

func (l heatmapEvalLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	f, b := objs[0].MinSize(), objs[1].MinSize()
	return fyne.NewSize(max(f.Width, b.Width), f.Height+theme.Padding()+l.boxHeight())
}

func (l heatmapEvalLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	frame, box := objs[0], objs[1]
	pad := theme.Padding()
	em := theme.TextSize()
	side := astronEvalSideEms * em
	bh := l.boxHeight()
	// The heatmap is square inside its frame, whose axes and colour bar
	// take about six text sizes across and down: the box goes where it
	// leaves the larger square.
	axes := 6 * em
	stacked := min(size.Width-axes, size.Height-bh-pad-axes)
	beside := min(size.Width-side-pad-axes, size.Height-axes)
	if beside > stacked {
		fw := size.Width - side - pad
		frame.Move(fyne.NewPos(0, 0))
		frame.Resize(fyne.NewSize(fw, size.Height))
		box.Move(fyne.NewPos(fw+pad, 0))
		box.Resize(fyne.NewSize(size.Width-fw-pad, size.Height))
		return
	}
	frame.Move(fyne.NewPos(0, 0))
	frame.Resize(fyne.NewSize(size.Width, max(size.Height-bh-pad, 0)))
	box.Move(fyne.NewPos(0, size.Height-bh))
	box.Resize(fyne.NewSize(size.Width, bh))
}

// Shown is called when the tab is selected: the first time, it starts
// computing the heatmap.
func (t *astronTab) Shown() {
	if !t.shown {
		t.shown = true
		t.Compute()
	}
}

// readStars reads the stars of an Astron position.
func readStars(s string) (astron.Position, error) {
	sizes, err := starsEntry.read(s)
	if err != nil {
		return nil, err
	}
	return astron.NewPosition(sizes...)
}

// Evaluate computes the nimber and winning moves of the star field in the
// background; bad input shows an inline error and starts no job.
func (t *astronTab) Evaluate() {
	pos, err := readStars(t.stars.Text)
	if t.starsErr.Shows(err) {
		revealInScroll(t.leftScroll, t.starsErr)
		return
	}
	t.eval.Start("computing A"+posText(pos)+"…", func(outer context.Context, h widgets.JobHandle) {
		ctx, stop := context.WithCancelCause(outer)
		defer stop(nil)
		start := time.Now()
		s := astron.NewSolver(astron.AstronRules())
		update := throttled(h)
		s.Progress = func(positions int) {
			if positions > maxAstronPositions {
				stop(errAstronTooLarge)
			}
			update(func() {
				t.eval.SetStatus(fmt.Sprintf("computing A%s: %s positions searched in %s… (Cancel stops)", posText(pos), plotting.GroupDigits(positions), time.Since(start).Round(time.Second)))
			})
		}
		a, err := s.Analyse(ctx, pos)
		if cause := context.Cause(ctx); err != nil && errors.Is(cause, errAstronTooLarge) {
			err = cause
		}
		elapsed := time.Since(start)
		var heading string
		var lines []string
		if err == nil {
			heading, lines = analysisText(a)
		}
		h.Finish(func() {
			if t.eval.Failed(err, nil) {
				return
			}
			t.lastEval = a
			// The answer gets the lines of its place; the time joins its
			// heading.
			t.eval.Done(fmt.Sprintf("computed in %s", elapsed.Round(time.Millisecond)))
			t.eval.Status.Hide()
			if elapsed >= 100*time.Millisecond {
				heading += fmt.Sprintf(" (computed in %s)", elapsed.Round(time.Millisecond))
			}
			t.analysis.Set(heading, lines)
			t.ui.addRecent(prefRecentConfigs, strings.Trim(fmt.Sprint([]int(pos)), "[]"))
			t.recent.SetOptions(t.ui.recent(prefRecentConfigs))
		})
	})
}

// posText writes a position's stars for the screen: (3, 5, 7), so that
// "A" + posText reads A(3, 5, 7). The thesis' A_{3,5,7} is TeX, which a
// label would show raw; exports typeset it (plotting's subscripts).
func posText(p astron.Position) string {
	if len(p) == 0 {
		return "() (no stars)"
	}
	return "(" + joinInts([]int(p), ", ") + ")"
}

// screenMath rewrites TeX subscripts for a label: G(A_{1,1,n}) becomes
// G(A(1, 1, n)).
func screenMath(s string) string {
	return texSubscript.ReplaceAllStringFunc(s, func(m string) string {
		return "(" + strings.ReplaceAll(strings.Trim(m[2:len(m)-1], " "), ",", ", ") + ")"
	})
}

var texSubscript = regexp.MustCompile(`_\{[^{}]*\}`)

// maxAstronPositions bounds the positions one evaluation memoises (about
// 100 bytes each): a position of four large stars, such as 40 50 60 70,
// would otherwise fill the memory before it finished.
const maxAstronPositions = 5_000_000

// errAstronTooLarge stops an evaluation at maxAstronPositions.
var errAstronTooLarge = fmt.Errorf("stopped after %s positions searched, the most one evaluation keeps in memory; positions of four or more stars are searched by recursion over every smaller position (the CLI takes up to 120 points in all)", plotting.GroupDigits(maxAstronPositions))

// analysisText describes an analysed position in words: a heading and one
// line per winning move.
func analysisText(a *astron.Analysis) (string, []string) {
	heading := fmt.Sprintf("G(A%s) = %d: ", posText(a.Position), a.Nimber)
	if a.Outcome == "P" {
		return heading + "a P-position — the player to move loses with best play; there is no winning move.", nil
	}
	heading += fmt.Sprintf("an N-position — the player to move wins. %s winning move(s):", plotting.GroupDigits(len(a.WinningMoves)))
	lines := make([]string, len(a.WinningMoves))
	for i, m := range a.WinningMoves {
		lines[i] = "• " + m.Text()
	}
	return heading, lines
}

// heatmapSize reads the size field for the current mode.
func (t *astronTab) heatmapSize() (int, error) {
	limit := astron.MaxTable2
	if t.mode.Selected == astronThree {
		limit = astron.MaxTable3
	}
	n, msg := readBound(t.size.Text, "size N", 2, limit)
	if msg != "" {
		// "two stars A(p, q)": the game's name keeps its capital.
		mode := []rune(t.mode.Selected)
		return 0, fmt.Errorf("%s for %s", msg, strings.ToLower(string(mode[:1]))+string(mode[1:]))
	}
	return n, nil
}

// astronProgress is a table or cube computation's progress callback: it
// moves the panel's bar from the worker (throttled).
func astronProgress(h widgets.JobHandle, panel *widgets.JobPanel) func(astron.Progress) {
	update := throttled(h)
	return func(p astron.Progress) {
		update(func() {
			if p.Total > 0 {
				panel.Report(float64(p.Done)/float64(p.Total), "")
			}
		})
	}
}

// Compute builds the heatmap's table in the background: the two-star
// table, or the three-star cube whose slices the slider shows; then the
// bulb's period for the overlay.
func (t *astronTab) Compute() {
	n, err := t.heatmapSize()
	if t.sizeErr.Shows(err) {
		revealInScroll(t.leftScroll, t.sizeErr)
		return
	}
	t.shown = true
	three := t.mode.Selected == astronThree
	rules := astron.AstronRules()
	t.jobs.Start("computing…", func(ctx context.Context, h widgets.JobHandle) {
		start := time.Now()
		progress := astronProgress(h, t.jobs)
		var grid astron.Grid
		var t3 *astron.Table3
		var err error
		if three {
			t3, err = astron.BuildTable3(ctx, rules, n, progress)
			if err == nil {
				grid = t3.Slice(0)
			}
		} else {
			var t2 *astron.Table2
			t2, err = astron.BuildTable2(ctx, rules, n, progress)
			if err == nil {
				grid = t2.Grid()
			}
		}
		elapsed := time.Since(start)
		// The period of the bulb, for the overlay: the two-star bulb needs
		// N ≈ 1300 for its certificate, three stars their own limit.
		var per *astron.Period
		if err == nil {
			h.Update(func() { t.jobs.SetStatus("table ready; finding the period…") })
			var p astron.Period
			p, err = bulbPeriod(ctx, rules, n, t3)
			if err == nil {
				per = &p
			} else if !errors.Is(err, context.Canceled) {
				err = nil // no overlay, but the table stands
			}
		}
		h.Finish(func() {
			if t.jobs.Failed(err, func(err error) { t.summary.SetText(err.Error()) }) {
				return
			}
			t.jobs.Done(fmt.Sprintf("N = %d in %s", n, elapsed.Round(time.Millisecond)))
			t.period = per
			t.table3 = t3
			if three {
				t.hm.applyScale(t3)
				t.slider.Max = float64(n)
				t.slider.SetValue(0)
				t.showSlider(true)
				t.showSlice(0)
			} else {
				t.heatmap.SetCellName("A(%d, %d)")
				t.heatmap.SetScaleMax(0)
				t.showSlider(false)
				t.setGrid(grid)
			}
			t.view.Export.Enable()
			t.summary.SetText(t.summaryText(n, three))
		})
	})
}

// bulbPeriod finds the period of the bulb shown: for two stars from a table
// of at least 1300 (what the certificate needs), for three stars from the
// cube already computed, on top of the two-star period certified as far as
// the cube's joins reach (as astron.BulbPeriod does, without building the
// cube a second time).
func bulbPeriod(ctx context.Context, rules astron.Rules, n int, t3 *astron.Table3) (astron.Period, error) {
	if t3 == nil {
		rep, err := astron.BulbPeriod(ctx, rules, 2, max(n, astron.DefaultLimit(2)), nil)
		if err != nil {
			return astron.Period{}, err
		}
		return rep.Period, nil
	}
	limit := min(max(astron.DefaultLimit(2), 2*n), astron.MaxTable2)
	for {
		rep, err := astron.BulbPeriod(ctx, rules, 2, limit, nil)
		if err != nil {
			return astron.Period{}, err
		}
		p := rep.Period
		if p.Certified || p.Period == 0 || p.CertificateNeeds <= limit || p.CertificateNeeds > astron.MaxTable2 {
			return astron.ThreeStarPeriod(t3, rules, p), nil
		}
		limit = p.CertificateNeeds
	}
}

// summaryText describes the table and its period.
func (t *astronTab) summaryText(n int, three bool) string {
	what := fmt.Sprintf("G(A(p, q)) for 0 ≤ p, q ≤ %d", n)
	if three {
		what = fmt.Sprintf("G(A(p, q, r)) for 0 ≤ p, q, r ≤ %d (slice r chosen with the slider)", n)
	}
	maxV := 0
	for _, v := range t.grid.Values {
		maxV = max(maxV, v)
	}
	s := fmt.Sprintf("%s; largest value %d.", what, maxV)
	if three && t.table3 != nil {
		s = fmt.Sprintf("%s; largest value in the cube %d.", what, t.table3.Max())
	}
	if p := t.period; p != nil && p.Period > 0 {
		cert := "not certified"
		if p.Certified {
			cert = fmt.Sprintf("certified (checked to %d)", p.CheckedTo)
		}
		s += fmt.Sprintf(" %d-star bulb: period %d, preperiod %d (the thesis' π = %d), %s.", p.Stars, p.Period, p.Preperiod, p.ThesisPi(), cert)
	} else if p != nil {
		s += " No period seen in the computed bulb."
	}
	return s
}

// showSlice shows the three-star slice r.
func (t *astronTab) showSlice(r int) {
	if t.table3 == nil || r < 0 || r > t.table3.N {
		return
	}
	t.sliceLbl.SetText(fmt.Sprintf("r = %d", r))
	t.heatmap.SetCellName("A(%d, %d, " + strconv.Itoa(r) + ")")
	t.setGrid(t.table3.Slice(r))
}

// setGrid converts an astron grid (Rows[p][q]) into the heatmap's table
// (p to the right, q upwards).
func (t *astronTab) setGrid(g astron.Grid) {
	n := len(g.Rows)
	vg := widgets.ValueGrid{Cols: n, Rows: n, Values: make([]int, n*n)}
	for p, row := range g.Rows {
		for q, v := range row[:n] {
			vg.Values[q*n+p] = int(v)
		}
	}
	t.grid = vg
	t.heatmap.SetTable(vg)
	t.applyOverlay()
}

// applyOverlay shows or hides the period overlay.
func (t *astronTab) applyOverlay() {
	if t.heatmap == nil {
		return
	}
	if t.period != nil && t.period.Period > 0 {
		t.heatmap.SetOverlay(t.overlay.Checked, t.period.Preperiod, t.period.Period)
	} else {
		t.heatmap.SetOverlay(false, 0, 0)
	}
}

// setPalette switches the heatmap's colours and remembers the choice.
func (t *astronTab) setPalette(name string) {
	p, err := plotting.PaletteByName(name)
	if err != nil {
		return
	}
	t.heatmap.SetPalette(p)
	t.ui.prefs.SetString(prefPalette, p.Name)
}

func (t *astronTab) exportName() string {
	if t.table3 != nil && t.mode.Selected == astronThree {
		return fmt.Sprintf("astron-3stars-r%d.png", int(t.slider.Value))
	}
	return fmt.Sprintf("astron-2stars-%d.png", t.grid.Cols-1)
}

// heatmapPNG renders the table shown through the plotting package, at
// full-HD size, with the overlay when it is on.
func (t *astronTab) heatmapPNG() ([]byte, error) {
	if t.grid.Cols == 0 {
		return nil, errors.New("nothing computed yet")
	}
	pal, err := plotting.PaletteByName(t.palette.Selected)
	if err != nil {
		pal = plotting.Rainbow
	}
	title := fmt.Sprintf("Astron: G(A_{p,q}), 0 ≤ p, q ≤ %d", t.grid.Cols-1)
	if t.table3 != nil && t.mode.Selected == astronThree {
		title = fmt.Sprintf("Astron: G(A_{p,q,%d}), 0 ≤ p, q ≤ %d", int(t.slider.Value), t.grid.Cols-1)
	}
	opts := plotting.HeatmapOptions{Title: title, XLabel: "p", YLabel: "q", Palette: pal,
		Size: plotting.Size{Width: 1500, Height: 1300, DPI: 96}}
	if t.table3 != nil && t.mode.Selected == astronThree {
		opts.Max = t.table3.Max() // the same scale for every slice
	}
	if t.overlay.Checked && t.period != nil && t.period.Period > 0 {
		opts.PeriodicFrom, opts.Period = t.period.Preperiod, t.period.Period
		opts.OverlayColour = t.heatmap.OverlayColour() // as on screen
	}
	fig, err := plotting.Heatmap(plotting.Table{Cols: t.grid.Cols, Rows: t.grid.Rows, Values: t.grid.Values}, opts)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := fig.EncodePNG(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
