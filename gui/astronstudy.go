package gui

import (
	"context"
	"fmt"
	"image"
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/nimlab/nimlab/gui/widgets"
	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/solver/astron"
)

// tabAstronStudy is the title of the three-star study tab.
const tabAstronStudy = "Three stars"

// defaultStudySize is the cube the study tab computes first: about a
// second on two cores.
const defaultStudySize = 160

// The slab the tab computes beside the cube: two smaller stars ≤ 20, the
// largest to 1200 (about a second).
var studySlabS, studySlabL = 20, 1200

// studyMemoryLimit bounds the cube the window computes (the machine may be
// shared; the CLI's --max-memory goes further).
const studyMemoryLimit = 3 << 30

// Directions of the line view. The labels are short enough for the
// controls' column on a 1024×768 projector.
const (
	lineRow      = "A(a, b, n): a, b fixed"
	lineDiagonal = "A(a, n, n): a fixed"
	lineMain     = "A(n, n, n): diagonal"
)

// studyImageSize is the size the slice and growth pictures are rendered at
// (canvas.Image scales them to the space there is, keeping the aspect).
var studyImageSize = plotting.Size{Width: 1000, Height: 860, DPI: 96}

// studyPictureSize is the size the pictures are drawn at now: studyImageSize
// shrunk by the theme's text scale, so that, stretched to the widget, their
// axes and titles grow with presentation mode like the window's own text.
// Called on the UI thread (it reads the theme).
func studyPictureSize() plotting.Size {
	scale := widgets.TextScale()
	if scale <= 1 {
		return studyImageSize
	}
	return plotting.Size{
		Width:  int(float64(studyImageSize.Width) / scale),
		Height: int(float64(studyImageSize.Height) / scale),
		DPI:    studyImageSize.DPI,
	}
}

// astronStudyTab is the three-star study: the cube G(A_{p,q,r}) computed
// in the background, its slices as heatmaps with axes (each slice coloured
// on its own scale, or the cube's), a line through the cube in the
// sequence explorer with the periods the finders saw on it, the growth of
// the largest nimber with N, and the findings as a table.
type astronStudyTab struct {
	ui *ui

	size    *widget.Entry
	sizeErr inlineError

	slider    *widget.Slider
	sliceLbl  *widget.Label
	cubeScale *widget.Check
	sliceImg  *canvas.Image

	lineKind *widget.Select
	// lineABox and lineBBox are the a and b fields with their labels.
	lineABox, lineBBox *fyne.Container
	lineA              *widget.Entry
	lineB              *widget.Entry
	lineErr            inlineError
	lineInfo           *widget.Label
	line               *widgets.SequenceExplorer

	growthImg *canvas.Image

	table    *widget.Table
	detail   *widget.Label
	findings []astron.Finding

	views *container.AppTabs

	cube  *astron.Cube3
	study *astron.Study

	jobs       *widgets.JobPanel // the cube and the study
	sliceJobs  widgets.JobRunner // slice pictures
	growthJobs widgets.JobRunner // the growth picture, drawn again for presentation mode
	lineJobs   widgets.JobRunner // lines
	shown      bool

	content fyne.CanvasObject
	// left is the controls' column, laid out again when the status line
	// changes its number of lines.
	left *fyne.Container
}

// relayout lays the controls' column out again after the status line
// changed: a wrapped label learns its new height only from a layout, and
// without one a second line ran over the Slice heading below it.
func (t *astronStudyTab) relayout() {
	if t.left != nil {
		t.left.Refresh()
	}
}

func newAstronStudyTab(u *ui) *astronStudyTab {
	t := &astronStudyTab{ui: u}
	t.size = widget.NewEntry()
	t.size.SetText(strconv.Itoa(defaultStudySize))
	t.size.OnSubmitted = func(string) { t.Compute() }
	t.jobs = widgets.NewJobPanel("Compute", t.Compute)
	t.jobs.Status.Wrapping = fyne.TextWrapWord
	t.jobs.OnStatus = t.relayout
	t.sizeErr = newInlineError()

	t.slider = widget.NewSlider(0, defaultStudySize)
	t.slider.Step = 1
	t.slider.OnChangeEnded = func(v float64) { t.showSlice(int(v)) }
	t.slider.OnChanged = func(v float64) { t.sliceLbl.SetText(fmt.Sprintf("slice r = %d", int(v))) }
	t.sliceLbl = widget.NewLabel("slice r = 0")
	t.cubeScale = widget.NewCheck("colour on the cube's scale", func(bool) { t.showSlice(int(t.slider.Value)) })
	t.sliceImg = canvas.NewImageFromImage(image.NewNRGBA(image.Rect(0, 0, 1, 1)))
	t.sliceImg.FillMode = canvas.ImageFillContain
	t.sliceImg.ScaleMode = canvas.ImageScaleFastest

	t.lineKind = widget.NewSelect([]string{lineRow, lineDiagonal, lineMain}, func(string) {
		// Only the numbers the chosen line fixes are asked for.
		kind := t.lineKind.Selected
		widgets.SetVisible(t.lineABox, kind != lineMain)
		widgets.SetVisible(t.lineBBox, kind == lineRow)
		t.showLine()
	})
	t.lineA = widget.NewEntry()
	t.lineA.SetText("1")
	t.lineA.OnSubmitted = func(string) { t.showLine() }
	t.lineB = widget.NewEntry()
	t.lineB.SetText("1")
	t.lineB.OnSubmitted = func(string) { t.showLine() }
	t.lineErr = newInlineError()
	t.lineInfo = widget.NewLabel("")
	t.lineInfo.Wrapping = fyne.TextWrapWord
	t.line = widgets.NewSequenceExplorer()

	t.growthImg = canvas.NewImageFromImage(image.NewNRGBA(image.Rect(0, 0, 1, 1)))
	t.growthImg.FillMode = canvas.ImageFillContain

	t.detail = widget.NewLabel("select a finding to read it whole")
	t.detail.Wrapping = fyne.TextWrapWord
	t.table = widget.NewTable(
		func() (int, int) { return len(t.findings) + 1, 3 },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(id widget.TableCellID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			if id.Row == 0 {
				l.TextStyle = fyne.TextStyle{Bold: true}
				l.SetText([]string{"topic", "result", "evidence"}[id.Col])
				return
			}
			l.TextStyle = fyne.TextStyle{}
			f := t.findings[id.Row-1]
			l.SetText(screenMath([]string{f.Topic, f.Result, f.Evidence}[id.Col]))
		})
	t.table.SetColumnWidth(0, 260)
	t.table.SetColumnWidth(1, 420)
	t.table.SetColumnWidth(2, 520)
	t.table.OnSelected = func(id widget.TableCellID) {
		if id.Row >= 1 && id.Row-1 < len(t.findings) {
			f := t.findings[id.Row-1]
			t.detail.SetText(screenMath(f.Topic + "\n\n" + f.Result + "\n\nEvidence: " + f.Evidence))
		}
	}

	bold := func(s string) *widget.Label {
		return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	left := container.NewVBox(
		bold("Three-star cube G(A(p, q, r))"),
		container.NewBorder(nil, nil, widget.NewLabel("size N"), nil, t.size),
		container.NewGridWithColumns(2, t.jobs.Action, t.jobs.CancelButton),
		t.jobs.ProgressColumn(), t.sizeErr,
		widget.NewSeparator(),
		bold("Slice"),
		t.sliceLbl, t.slider, t.cubeScale,
	)
	// The line's choice and its a, b sit over the line they draw: in the
	// left-hand column they fell below a projector's screen, the drop-down
	// cut in half at 1280×720.
	t.lineABox = container.NewHBox(widget.NewLabel("a"), sizedEntry(t.lineA, 3))
	t.lineBBox = container.NewHBox(widget.NewLabel("b"), sizedEntry(t.lineB, 3))
	lineControls := newFlow(nil, fitSelect(t.lineKind, true), t.lineABox, t.lineBBox)
	lineView := container.NewBorder(container.NewVBox(lineControls, t.lineErr, t.lineInfo), nil, nil, nil, t.line)
	findings := container.NewVSplit(t.table, container.NewVScroll(t.detail))
	findings.SetOffset(0.7)
	t.views = container.NewAppTabs(
		container.NewTabItem("Slices", t.sliceImg),
		container.NewTabItem("Line", lineView),
		container.NewTabItem("Growth", t.growthImg),
		container.NewTabItem("Findings", findings),
	)
	t.lineKind.SetSelected(lineRow)
	t.left = left
	split := container.NewHSplit(container.NewVScroll(left), t.views)
	split.SetOffset(0.24)
	t.content = split
	return t
}

// Shown starts the first computation when the tab is first selected.
func (t *astronStudyTab) Shown() {
	if !t.shown {
		t.Compute()
	}
}

// studySize reads the size field.
func (t *astronStudyTab) studySize() (int, error) {
	maxN := 1000
	for astron.CubeMemory(maxN+100) <= studyMemoryLimit && maxN < astron.MaxCube3 {
		maxN += 100
	}
	n, msg := readBound(t.size.Text, "size N", 2, maxN)
	if msg != "" {
		return 0, fmt.Errorf("%s (the cube of N = %d needs %s; N = 1000 takes minutes)", msg, maxN, astron.FormatBytes(astron.CubeMemory(maxN)))
	}
	return n, nil
}

// Compute builds the cube and runs the structure finders in the
// background; bad input shows an inline error and starts nothing.
func (t *astronStudyTab) Compute() {
	n, err := t.studySize()
	if t.sizeErr.Shows(err) {
		return
	}
	t.shown = true
	rules := astron.AstronRules()
	size := studyPictureSize()
	t.jobs.Start(fmt.Sprintf("computing the cube to N = %d (%s)…", n, astron.FormatBytes(astron.CubeMemory(n))), func(ctx context.Context, h widgets.JobHandle) {
		start := time.Now()
		progress := astronProgress(h, t.jobs)
		c, err := astron.BuildCube3(ctx, rules, n, astron.CubeOptions{MemoryLimit: studyMemoryLimit, Progress: progress})
		elapsed := time.Since(start)
		var st *astron.Study
		var growth, slice image.Image
		if err == nil {
			h.Update(func() { t.jobs.SetStatus("cube ready; looking for structure…") })
			var two astron.Period
			two, err = astron.TwoStarBulbPeriod(ctx, rules)
			if err == nil {
				st, err = astron.StudyCube(ctx, c, two, astron.StudyOptions{RowPairs: min(n, 40), DiagonalOffsets: 2})
			}
			// The slab reaches Theorem 2.3.7's check (past 585 + 34),
			// which a cube of this size cannot.
			if err == nil {
				h.Update(func() {
					t.jobs.SetStatus(fmt.Sprintf("looking along the slab of two stars ≤ %d to %d…", studySlabS, studySlabL))
				})
				var sl *astron.Slab3
				sl, err = astron.BuildSlab3(ctx, rules, studySlabS, studySlabL, nil)
				var ss *astron.SlabStudy
				if err == nil {
					ss, err = astron.StudySlab(ctx, sl, two, 4)
				}
				if err == nil {
					st.AddSlab(ss)
				}
			}
			if err == nil {
				growth = growthPicture(st, size)
				slice = slicePicture(c, 0, false, size)
			}
		}
		h.Finish(func() {
			if t.jobs.Failed(err, nil) {
				return
			}
			t.cube, t.study = c, st
			t.jobs.Done(fmt.Sprintf("N = %d: %d cells in %s; largest nimber %d", n, astron.CubeCells(n), elapsed.Round(time.Millisecond), c.Max()))
			t.slider.Max = float64(n)
			t.slider.SetValue(0)
			t.sliceLbl.SetText("slice r = 0")
			t.sliceImg.Image = slice
			t.sliceImg.Refresh()
			t.growthImg.Image = growth
			t.growthImg.Refresh()
			t.findings = st.Findings
			t.table.Refresh()
			t.showLine()
		})
	})
}

// showSlice renders slice r in the background.
func (t *astronStudyTab) showSlice(r int) {
	c := t.cube
	if c == nil || r < 0 || r > c.N {
		return
	}
	cubeScale := t.cubeScale.Checked
	size := studyPictureSize()
	t.sliceLbl.SetText(fmt.Sprintf("slice r = %d", r))
	t.sliceJobs.Start(func(ctx context.Context, h widgets.JobHandle) {
		img := slicePicture(c, r, cubeScale, size)
		h.Finish(func() {
			t.sliceImg.Image = img
			t.sliceImg.Refresh()
		})
	})
}

// setPresentation draws the pictures again at the new theme's text scale.
func (t *astronStudyTab) setPresentation(bool) {
	if t.cube == nil || t.study == nil {
		return
	}
	t.showSlice(int(t.slider.Value))
	st, size := t.study, studyPictureSize()
	t.growthJobs.Start(func(ctx context.Context, h widgets.JobHandle) {
		img := growthPicture(st, size)
		h.Finish(func() {
			t.growthImg.Image = img
			t.growthImg.Refresh()
		})
	})
}

// slicePicture draws G(A_{p,q,r}) for 0 ≤ p, q ≤ N with axes and a colour
// bar: on the slice's own scale, or on the cube's.
func slicePicture(c *astron.Cube3, r int, cubeScale bool, size plotting.Size) image.Image {
	g := c.Slice(r)
	n := len(g.Rows)
	tab := plotting.Table{Cols: n, Rows: n, Values: make([]int, n*n)}
	for p, row := range g.Rows {
		for q, v := range row {
			tab.Values[q*n+p] = int(v)
		}
	}
	opts := plotting.HeatmapOptions{Size: size, XLabel: "p", YLabel: "q",
		Title: fmt.Sprintf("G(A_{p,q,%d}), p, q ≤ %d (slice's scale)", r, c.N)}
	if cubeScale {
		opts.Max = c.Max()
		opts.Title = fmt.Sprintf("G(A_{p,q,%d}), p, q ≤ %d (cube's scale)", r, c.N)
	}
	fig, err := plotting.Heatmap(tab, opts)
	if err != nil {
		return image.NewNRGBA(image.Rect(0, 0, 1, 1))
	}
	return fig.Image
}

// growthPicture plots the largest nimber with every star ≤ N against N.
func growthPicture(st *astron.Study, size plotting.Size) image.Image {
	vals := make([]uint16, len(st.Growth.MaxBySize))
	for i, v := range st.Growth.MaxBySize {
		vals[i] = uint16(v)
	}
	fig, err := plotting.SequencePlot(plotting.Sequence{Name: "three stars", Values: vals}, plotting.SequenceOptions{
		Size:  size,
		Title: fmt.Sprintf("largest nimber, every star ≤ n (≈ %.3f·n + %.1f)", st.Growth.Slope, st.Growth.Intercept),
	})
	if err != nil {
		return image.NewNRGBA(image.Rect(0, 0, 1, 1))
	}
	return fig.Image
}

// showLine reads the line fields and shows the line in the explorer, with
// the periods the finders see on it.
func (t *astronStudyTab) showLine() {
	c := t.cube
	if c == nil {
		return
	}
	a, msgA := readBound(t.lineA.Text, "a", 0, c.N)
	b, msgB := readBound(t.lineB.Text, "b", 0, c.N)
	var l astron.CubeLine
	switch t.lineKind.Selected {
	case lineRow:
		if msgA != "" || msgB != "" {
			t.lineErr.Set(fmt.Sprintf("a and b must be whole numbers from 0 to %d", c.N))
			return
		}
		l = astron.CubeLine{A: a, B: b, DC: 1}
	case lineDiagonal:
		if msgA != "" {
			t.lineErr.Set(msgA)
			return
		}
		l = astron.CubeLine{A: a, DB: 1, DC: 1}
	default:
		l = astron.CubeLine{DA: 1, DB: 1, DC: 1}
	}
	t.lineErr.Hide()
	t.lineInfo.SetText(screenMath(l.String()) + ": …")
	t.lineJobs.Start(func(ctx context.Context, h widgets.JobHandle) {
		seq := c.Line(l.A, l.B, l.C, l.DA, l.DB, l.DC)
		ps := astron.FindSequencePeriods(seq)
		d := widgets.SequenceData{Name: l.String(), Values: seq}
		switch {
		case ps.Plain != nil:
			d.Period, d.Preperiod = ps.Plain.Period, ps.Plain.Preperiod
		case ps.Additive != nil:
			d.Period, d.Preperiod, d.Saltus = ps.Additive.Period, ps.Additive.Preperiod, ps.Additive.Shift
		}
		info := screenMath(fmt.Sprintf("%s, n = 0..%d. Plain period: %s. Arithmetic period: %s. XOR period: %s.",
			l, len(seq)-1, ps.Plain, ps.Additive, ps.Xor))
		h.Finish(func() {
			t.lineInfo.SetText(info)
			t.line.SetSequence(d)
		})
	})
}

// tableCell is the findings table's cell of row r (tests select rows).
func (t *astronStudyTab) tableCell(r int) widget.TableCellID {
	return widget.TableCellID{Row: r, Col: 0}
}
