package widgets

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/nimlab/nimlab/plotting"
)

// BoundedListShown is how many lines a BoundedList puts on screen; the rest
// are behind "Show all" (a virtualised list) and "Copy all".
const BoundedListShown = 40

// BoundedList shows a result that may be very long — a heading and one line
// per item, e.g. the 117,650 winning moves of a sum with a heap of 10^6 in
// Dawson's Kayles — with only its first lines on screen and "… and 117,610
// more" after them. "Show all" opens the whole list in a scrolling view
// that builds only the rows in sight; "Copy all" puts the text on the
// clipboard. The lines are formatted by the worker that computed them, so
// nothing here costs more than BoundedListShown lines on the UI thread.
//
// In a pane of its own (scrolled) the lines are a virtualised list: a new
// result binds only the rows in sight, where one label of 40 wrapped lines
// had every line measured and laid out again on the UI thread — the extra
// delay measured while typing a sum with a heap of 10^6
// (docs/BENCHMARKS.md). Inline (inside a pane that scrolls already) the
// heading and lines are one label.
type BoundedList struct {
	app     fyne.App
	win     fyne.Window
	text    *widget.Label // inline: heading and lines
	rows    *widget.List  // scrolled: the heading and the lines on screen
	rowsBox *fyne.Container
	virtual bool
	showAll *widget.Button
	copyAll *widget.Button
	buttons *fyne.Container
	heading string
	lines   []string
	// shown are the lines on screen: the first BoundedListShown and the
	// "… and N more" line; onScreen is the heading and shown as one text.
	shown    []string
	onScreen string
	// listed are the rows of the scrolled list: the heading, when there
	// is one, and shown.
	listed []string
}

// scrolled is the list for a pane of its own: the heading and the lines
// in one virtualised list (the heading is its first row, so that a long
// heading scrolls with the lines instead of taking the pane's height from
// them), the buttons below.
func (b *BoundedList) ScrolledView() fyne.CanvasObject {
	b.virtual = true
	b.rows = widget.NewList(func() int { return len(b.listed) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Wrapping = fyne.TextWrapWord
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i < len(b.listed) {
				l := o.(*widget.Label)
				l.TextStyle.Bold = i == 0 && b.heading != ""
				l.SetText(b.listed[i])
			}
		})
	b.rows.HideSeparators = true
	b.rowsBox = container.New(&wrapRowsLayout{b: b}, b.rows)
	return container.NewBorder(nil, b.buttons, nil, nil, b.rowsBox)
}

// wrapRowsLayout gives each line on screen the height its words need at
// the list's width, so that a long move ("heap #3 (1000000): take 2,
// leave 1 + 999997") wraps in a narrow pane instead of being cut. At most
// BoundedListShown+1 lines are measured, at each new width or new lines.
type wrapRowsLayout struct {
	b         *BoundedList
	width     float32
	textSize  float32
	lines     []string
	minHeight float32
}

func (l *wrapRowsLayout) MinSize(objs []fyne.CanvasObject) fyne.Size { return objs[0].MinSize() }

func (l *wrapRowsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.measure(size.Width)
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
}

// measure sets the rows' heights for a list width.
func (l *wrapRowsLayout) measure(width float32) {
	b := l.b
	ts := theme.TextSize()
	if width == l.width && ts == l.textSize && slices.Equal(b.listed, l.lines) {
		return
	}
	l.width, l.textSize, l.lines = width, ts, b.listed
	// The text's width inside a row: the row is as wide as the list (its
	// scroll bar is drawn over it), less the label's padding and a margin
	// for rounding (a row too short would cut its last line).
	avail := width - 2*theme.InnerPadding() - theme.Padding()
	for i, s := range b.listed {
		b.rows.SetItemHeight(i, rowHeight(s, avail, i == 0 && b.heading != ""))
	}
}

// rowHeight is the height of a list row holding s (bold for the heading)
// at text width avail.
func rowHeight(s string, avail float32, bold bool) float32 {
	ts := theme.TextSize()
	line := fyne.MeasureText("M", ts, fyne.TextStyle{}).Height
	n := wrappedLines(s, avail, ts, fyne.TextStyle{Bold: bold})
	return float32(n)*line + float32(n-1)*theme.LineSpacing() + 2*theme.InnerPadding()
}

// HeightFor is the height the scrolled view needs, at width, to show its
// heading and first n lines (all of them when fewer) and its buttons: what
// a pane that fits the answer asks for.
func (b *BoundedList) HeightFor(width float32, n int) float32 {
	avail := width - 2*theme.InnerPadding() - theme.Padding()
	rows := len(b.listed)
	if b.heading != "" {
		n++
	}
	var h float32
	for i, s := range b.listed[:min(rows, n)] {
		// A row and the list's spacing after it.
		h += rowHeight(s, avail, i == 0 && b.heading != "") + theme.Padding()
	}
	if b.buttons.Visible() {
		h += b.buttons.MinSize().Height + theme.Padding()
	}
	return h
}

// wrappedLines is how many lines s takes when its words wrap at width.
func wrappedLines(s string, width, textSize float32, style fyne.TextStyle) int {
	if strings.Contains(s, "\n") {
		n := 0
		for _, p := range strings.Split(s, "\n") {
			n += wrappedLines(p, width, textSize, style)
		}
		return n
	}
	words := strings.Fields(s)
	space := fyne.MeasureText(" ", textSize, style).Width
	n, x := 1, float32(0)
	for _, w := range words {
		ww := fyne.MeasureText(w, textSize, style).Width
		switch {
		case x == 0:
			x = ww
		case x+space+ww <= width:
			x += space + ww
		default:
			n++
			x = ww
		}
	}
	return n
}

// inline is the list for a place that scrolls already.
func (b *BoundedList) InlineView() fyne.CanvasObject {
	return container.NewVBox(b.text, b.buttons)
}

func NewBoundedList(a fyne.App, w fyne.Window) *BoundedList {
	b := &BoundedList{app: a, win: w}
	b.text = widget.NewLabel("")
	b.text.Wrapping = fyne.TextWrapWord
	b.text.Selectable = true
	b.showAll = widget.NewButtonWithIcon("Show all", theme.ListIcon(), b.ShowAll)
	b.copyAll = widget.NewButtonWithIcon("Copy all", theme.ContentCopyIcon(), b.CopyAll)
	b.buttons = container.NewHBox(b.showAll, b.copyAll)
	b.buttons.Hide()
	return b
}

// Set shows heading and the first lines; the rest are offered. Widgets
// whose content does not change are not touched: every refresh costs a
// relayout and a repaint on the UI thread.
func (b *BoundedList) Set(heading string, lines []string) {
	b.heading, b.lines = heading, lines
	shown := slices.Clone(lines[:min(len(lines), BoundedListShown)])
	more := len(lines) - BoundedListShown
	if more > 0 {
		shown = append(shown, fmt.Sprintf("… and %s more", plotting.GroupDigits(more)))
	}
	var s strings.Builder
	s.WriteString(heading)
	for _, l := range shown {
		s.WriteString("\n")
		s.WriteString(l)
	}
	text := s.String()
	if text == b.onScreen && b.shown != nil {
		return
	}
	b.onScreen = text
	if more > 0 {
		SetButtonText(b.showAll, fmt.Sprintf("Show all %s", plotting.GroupDigits(len(lines))))
		SetVisible(b.showAll, true)
	} else {
		SetVisible(b.showAll, false)
	}
	SetVisible(b.buttons, len(lines) > 0)
	if !b.virtual {
		b.shown = shown
		b.text.SetText(text)
		return
	}
	listed := shown
	if heading != "" {
		listed = append([]string{heading}, shown...)
	}
	same := slices.Equal(listed, b.listed)
	b.shown, b.listed = shown, listed
	if !same {
		b.rowsBox.Refresh() // the rows' heights follow the lines
		b.rows.Refresh()
		b.rows.ScrollToTop()
	}
}

// SetVisible shows or hides o, and does nothing when it is so already.
func SetVisible(o fyne.CanvasObject, on bool) {
	switch {
	case on && !o.Visible():
		o.Show()
	case !on && o.Visible():
		o.Hide()
	}
}

// SetButtonText sets a button's text when it differs.
func SetButtonText(b *widget.Button, s string) {
	if b.Text != s {
		b.SetText(s)
	}
}

// SetText shows a message with no list (a P-position, an error, "…").
func (b *BoundedList) SetText(s string) { b.Set(s, nil) }

// Text is what is on screen: the heading and the lines shown.
func (b *BoundedList) Text() string { return b.onScreen }

// FullText is the heading and every line, as Copy all copies it.
func (b *BoundedList) FullText() string {
	return b.heading + "\n" + strings.Join(b.lines, "\n")
}

// CopyAll puts the heading and every line on the clipboard; the text is
// joined off the UI thread.
func (b *BoundedList) CopyAll() {
	heading, lines := b.heading, b.lines
	do := CurrentUIDo()
	go func() {
		s := heading + "\n" + strings.Join(lines, "\n")
		do(func() { b.app.Clipboard().SetContent(s) })
	}()
}

// ShowAll opens every line in a dialog whose list builds only the rows in
// sight.
func (b *BoundedList) ShowAll() {
	lines := b.lines
	list := widget.NewList(func() int { return len(lines) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(lines[i]) })
	head := widget.NewLabel(b.heading)
	head.Wrapping = fyne.TextWrapWord
	head.Selectable = true
	copyBtn := widget.NewButtonWithIcon("Copy all", theme.ContentCopyIcon(), b.CopyAll)
	body := container.NewBorder(head, copyBtn, nil, nil, list)
	d := dialog.NewCustom(fmt.Sprintf("All %s lines", plotting.GroupDigits(len(lines))), "Close", body, b.win)
	s := b.win.Canvas().Size()
	d.Resize(fyne.NewSize(s.Width*0.85, s.Height*0.85))
	d.Show()
}

// Lines returns the heading and every line of the list, on screen or not.
func (b *BoundedList) Lines() (heading string, lines []string) { return b.heading, b.lines }

// Shown returns the lines on screen: the first BoundedListShown and the
// "… and N more" line.
func (b *BoundedList) Shown() []string { return b.shown }

// Rows is the virtualised list of a scrolled BoundedList (nil inline).
func (b *BoundedList) Rows() *widget.List { return b.rows }

// Buttons returns the "Show all" and "Copy all" buttons.
func (b *BoundedList) Buttons() (showAll, copyAll *widget.Button) { return b.showAll, b.copyAll }
