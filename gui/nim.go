package gui

import (
	"fmt"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/nimlab/nimlab/gui/widgets"
	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/solver/nim"
)

// nimTab is "Nim & play": a game against the computer across the top and
// on the left (controls, the board of tokens, the moves), and on the right
// the analysis of a position of a Nim variant — its outcome, the binary
// column sum (Eugeni, Mascella and Tondini) with the deciding column
// highlighted, the winning moves. While a game of the Nim family is on the
// board, the analysis follows it.
type nimTab struct {
	ui *ui

	variant  *widget.Select
	k        *widgets.BoundedEntry
	misere   *widget.Check
	position *widgets.BoundedEntry
	analyze  *widget.Button
	errLabel *widget.Label
	outcome  *widget.Label
	columns  *fyne.Container
	moves    *widgets.BoundedList

	form     *widget.Accordion
	formItem *widget.AccordionItem
	split    *container.Split

	// play is the "play against the computer" pane.
	play     *playPane
	analysis *nim.Analysis
	content  fyne.CanvasObject
}

func newNimTab(u *ui) *nimTab {
	t := &nimTab{ui: u}
	names := make([]string, len(nim.Variants))
	for i, v := range nim.Variants {
		names[i] = string(v)
	}
	t.variant = widget.NewSelect(names, func(string) { t.Analyze() })
	t.k = widgets.NewBoundedEntry(maxNumberInput)
	t.k.SetText("2")
	t.k.OnSubmitted = func(string) { t.Analyze() }
	t.misere = widget.NewCheck("misère", func(bool) { t.Analyze() })
	t.position = widgets.NewBoundedEntry(maxNimInput)
	t.position.SetPlaceHolder("heaps, e.g. 1 3 5 7")
	t.position.OnSubmitted = func(string) { t.Analyze() }
	t.analyze = widget.NewButtonWithIcon("Analyse", theme.SearchIcon(), t.Analyze)
	t.analyze.Importance = widget.HighImportance
	t.errLabel = widget.NewLabel("")
	t.errLabel.Importance = widget.DangerImportance
	t.errLabel.Wrapping = fyne.TextWrapWord
	t.errLabel.Hide()
	t.outcome = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.outcome.Wrapping = fyne.TextWrapWord
	t.outcome.Selectable = true
	t.columns = container.NewVBox()
	t.moves = widgets.NewBoundedList(u.app, u.win)

	t.play = newPlayPane(u)

	t.variant.SetSelected(string(nim.Nim))
	t.position.SetText("1 3 5 7")

	form := container.NewVBox(
		newFlow(nil, container.NewHBox(widget.NewLabel("Variant"), t.variant), container.NewHBox(widget.NewLabel("k (Moore)"), sizedEntry(t.k, 3)), t.misere),
		container.NewBorder(nil, nil, widget.NewLabel("Position"), t.analyze, t.position),
		t.errLabel)
	// The form folds away in presentation mode: the column sum follows the
	// game on the board, which is what a class looks at.
	t.formItem = widget.NewAccordionItem("Analyse a position", form)
	t.formItem.Open = true
	t.form = widget.NewAccordion(t.formItem)
	bold := func(s string) *widget.Label {
		return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	// One scroll for the whole analysis: the column sum comes first after
	// the outcome, so that it is in sight without scrolling.
	analysis := container.NewVScroll(container.New(scrollBarRoom{}, container.NewVBox(
		t.form, t.outcome,
		bold("Binary column sum"),
		t.columns,
		bold("Winning moves"),
		t.moves.InlineView())))
	t.split = container.NewHSplit(t.play.boardPane, analysis)
	t.split.SetOffset(normalBoardShare)
	t.play.onNimPosition = t.showGamePosition
	t.content = container.NewBorder(t.play.controls, nil, nil, nil, t.split)
	t.Analyze()
	// A game is on the board from the start (you move first), so that a
	// class sees tokens, moves and the column sum as soon as the tab opens.
	t.play.NewGame()
	return t
}

// setPresentation folds the analysis form away in presentation mode and
// opens it again in the window's normal mode.
func (t *nimTab) setPresentation(on bool) {
	t.play.setPresentation(on)
	if on {
		t.form.Close(0)
		// The board's side gets more of a projector: its moves and
		// their history side by side (the column sum is narrow).
		t.split.SetOffset(presentBoardShare)
	} else {
		t.form.Open(0)
		t.split.SetOffset(normalBoardShare)
	}
}

// The board's share of the tab's width, beside the analysis.
const (
	normalBoardShare  = 0.55
	presentBoardShare = 0.6
)

// showGamePosition analyses the position of the game on the board.
func (t *nimTab) showGamePosition(g nim.Game, pos []int) {
	t.variant.OnChanged = nil
	t.misere.OnChanged = nil
	t.variant.SetSelected(string(g.Variant))
	t.misere.SetChecked(g.Misere)
	t.variant.OnChanged = func(string) { t.Analyze() }
	t.misere.OnChanged = func(bool) { t.Analyze() }
	if g.Variant == nim.Moore {
		t.k.SetText(strconv.Itoa(g.K))
	}
	t.position.SetText(joinInts(pos, " "))
	t.Analyze()
}

// rules returns the game chosen in the analysis form.
func (t *nimTab) rules() (nim.Game, error) {
	g := nim.Game{Variant: nim.Variant(t.variant.Selected), Misere: t.misere.Checked}
	if g.Variant == nim.Moore {
		k, err := nim.ParseK(t.k.Text)
		if err != nil {
			return g, err
		}
		g.K = k
	}
	return g, nil
}

// Analyze evaluates the position field; bad input shows an inline error.
func (t *nimTab) Analyze() {
	if t.position == nil || t.variant == nil || t.misere == nil {
		return // still being built
	}
	g, err := t.rules()
	var pos []int
	if err == nil {
		pos, err = positionEntry.read(t.position.Text)
	}
	var a *nim.Analysis
	if err == nil {
		a, err = g.Analyze(pos, 0)
	}
	if err != nil {
		t.errLabel.SetText(err.Error())
		t.errLabel.Show()
		return
	}
	t.errLabel.Hide()
	t.analysis = a
	play := "normal play"
	if g.Misere {
		play = "misère play"
	}
	text := fmt.Sprintf("%s (%s), position %s: %s-position", g.Variant, play, joinInts(pos, " "), a.Outcome)
	if a.HasNimSum {
		text += fmt.Sprintf(", nim-sum %d", a.NimSum)
	}
	if a.Outcome == nim.P {
		text += " — the player to move loses with best play."
	} else {
		text += " — the player to move wins."
	}
	t.outcome.SetText(text)
	if len(pos) <= maxColumnViewHeaps {
		t.columns.Objects = []fyne.CanvasObject{columnView(a.Columns, g, t.ui.present)}
	} else {
		l := widget.NewLabel(fmt.Sprintf("The column view is drawn for at most %d heaps (this position has %d).", maxColumnViewHeaps, len(pos)))
		l.Wrapping = fyne.TextWrapWord
		t.columns.Objects = []fyne.CanvasObject{l}
	}
	t.columns.Refresh()
	if len(a.Moves) == 0 {
		t.moves.SetText("none (a P-position)")
		return
	}
	lines := make([]string, len(a.Moves))
	for i, m := range a.Moves {
		lines[i] = "• " + m.Text
	}
	heading := fmt.Sprintf("%s winning move(s):", plotting.GroupDigits(len(a.Moves)))
	if !a.Complete {
		heading = fmt.Sprintf("the first %d winning moves (there are more):", len(a.Moves))
	}
	t.moves.Set(heading, lines)
}

// maxColumnViewHeaps bounds the heaps the binary column view draws (a cell
// per heap and bit; a teacher's example has a handful).
const maxColumnViewHeaps = 24

func joinInts(xs []int, sep string) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, sep)
}

// columnView draws the binary column sum of Eugeni, Mascella and Tondini:
// one row per heap with its bits under the powers of two, the column
// counts and residues below, the deciding column on a highlighted
// background and the heaps a winning move can reduce in the primary
// colour. Each column is as wide as its widest cell, so that a class sees
// the bits side by side instead of spread over the pane; in presentation
// mode the theme's text is large already and the cells enlarge it less.
func columnView(v nim.ColumnView, g nim.Game, present bool) fyne.CanvasObject {
	fg := theme.Color(theme.ColorNameForeground)
	primary := theme.Color(theme.ColorNamePrimary)
	size := theme.TextSize() * 1.3
	if present {
		size = theme.TextSize() * 1.1
	}
	cell := func(s string, c color.Color, bold bool, highlight bool) fyne.CanvasObject {
		txt := canvas.NewText(s, c)
		txt.TextSize = size
		txt.TextStyle = fyne.TextStyle{Monospace: true, Bold: bold}
		txt.Alignment = fyne.TextAlignCenter
		bg := canvas.NewRectangle(color.Transparent)
		if highlight {
			bg.FillColor = periodicTint()
			bg.StrokeColor = primary
			bg.StrokeWidth = 1
		}
		// Less padding above and below than beside: six rows must fit a
		// projector's height, and the bits must not run together.
		pad := theme.Padding()
		return container.NewStack(bg, container.New(layout.NewCustomPaddedLayout(pad/2, pad/2, 3*pad, 3*pad), txt))
	}
	name := "heap"
	switch g.Variant {
	case nim.Nimble:
		name = "square"
	case nim.Staircase:
		name = "step"
	case nim.Plainim:
		name = "row"
	}
	ncol := len(v.Columns) + 2
	var objs []fyne.CanvasObject
	objs = append(objs, cell("", fg, false, false))
	for _, c := range v.Columns {
		objs = append(objs, cell(strconv.Itoa(1<<c.Bit), theme.Color(theme.ColorNamePlaceHolder), false, c.Deciding))
	}
	objs = append(objs, cell("", fg, false, false))
	for r, row := range v.Rows {
		mover := slices.Contains(v.Movers, r)
		col := fg
		if mover {
			col = primary
		}
		objs = append(objs, cell(fmt.Sprintf("%s %d", name, v.RowIndex[r]+1), col, mover, false))
		for _, c := range v.Columns {
			objs = append(objs, cell(strconv.Itoa(c.Bits[r]), col, mover && c.Deciding, c.Deciding))
		}
		objs = append(objs, cell("= "+strconv.Itoa(row), col, mover, false))
	}
	label := "count"
	objs = append(objs, cell(label, fg, true, false))
	for _, c := range v.Columns {
		objs = append(objs, cell(strconv.Itoa(c.Count), fg, true, c.Deciding))
	}
	objs = append(objs, cell("", fg, false, false))
	objs = append(objs, cell(fmt.Sprintf("mod %d", v.Modulus), fg, true, false))
	for _, c := range v.Columns {
		objs = append(objs, cell(strconv.Itoa(c.Residue), fg, true, c.Deciding))
	}
	if v.Modulus == 2 {
		objs = append(objs, cell("= "+strconv.Itoa(v.Sum), fg, true, false))
	} else {
		objs = append(objs, cell("", fg, false, false))
	}
	grid := container.New(&tableLayout{cols: ncol}, objs...)
	caption := "Every column has an even count: no deciding column, a P-position in normal play."
	if v.Deciding >= 0 {
		caption = fmt.Sprintf("Deciding column: %d (the leftmost with a non-zero residue); a winning move reduces a %s with a 1 there.", 1<<v.Deciding, name)
	}
	cap := widget.NewLabel(caption)
	cap.Wrapping = fyne.TextWrapWord
	// 40-bit heaps make 42 columns: the grid scrolls sideways rather than
	// widen the window.
	return container.NewVBox(container.NewHScroll(container.NewHBox(grid, layout.NewSpacer())), cap)
}

// tableLayout places its objects in rows of cols cells; each column is as
// wide as its widest cell and each row as tall as its tallest.
type tableLayout struct{ cols int }

func (l *tableLayout) sizes(objs []fyne.CanvasObject) (ws, hs []float32) {
	ws = make([]float32, l.cols)
	hs = make([]float32, (len(objs)+l.cols-1)/l.cols)
	for i, o := range objs {
		m := o.MinSize()
		ws[i%l.cols] = max(ws[i%l.cols], m.Width)
		hs[i/l.cols] = max(hs[i/l.cols], m.Height)
	}
	return ws, hs
}

func (l *tableLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	ws, hs := l.sizes(objs)
	var s fyne.Size
	for _, w := range ws {
		s.Width += w
	}
	for _, h := range hs {
		s.Height += h
	}
	return s
}

func (l *tableLayout) Layout(objs []fyne.CanvasObject, _ fyne.Size) {
	ws, hs := l.sizes(objs)
	y := float32(0)
	for r := range hs {
		x := float32(0)
		for c := range ws {
			if i := r*l.cols + c; i < len(objs) {
				objs[i].Move(fyne.NewPos(x, y))
				objs[i].Resize(fyne.NewSize(ws[c], hs[r]))
			}
			x += ws[c]
		}
		y += hs[r]
	}
}
