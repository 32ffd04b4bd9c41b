package gui

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// boundedListShown is how many lines a boundedList puts on screen; the rest
// are behind "Show all" (a virtualised list) and "Copy all".
const boundedListShown = 40

// boundedList shows a result that may be very long — a heading and one line
// per item, e.g. the 117,650 winning moves of a sum with a heap of 10^6 in
// Dawson's Kayles — with only its first lines on screen and "… and 117,610
// more" after them. "Show all" opens the whole list in a scrolling view
// that builds only the rows in sight; "Copy all" puts the text on the
// clipboard. The lines are formatted by the worker that computed them, so
// nothing here costs more than boundedListShown lines on the UI thread.
type boundedList struct {
	app     fyne.App
	win     fyne.Window
	text    *widget.Label
	showAll *widget.Button
	copyAll *widget.Button
	buttons *fyne.Container
	heading string
	lines   []string
}

// scrolled is the list for a pane of its own: the text scrolls, the
// buttons stay below it.
func (b *boundedList) scrolled() fyne.CanvasObject {
	return container.NewBorder(nil, b.buttons, nil, nil, container.NewVScroll(b.text))
}

// inline is the list for a place that scrolls already.
func (b *boundedList) inline() fyne.CanvasObject {
	return container.NewVBox(b.text, b.buttons)
}

func newBoundedList(a fyne.App, w fyne.Window) *boundedList {
	b := &boundedList{app: a, win: w}
	b.text = widget.NewLabel("")
	b.text.Wrapping = fyne.TextWrapWord
	b.text.Selectable = true
	b.showAll = widget.NewButtonWithIcon("Show all", theme.ListIcon(), b.ShowAll)
	b.copyAll = widget.NewButtonWithIcon("Copy all", theme.ContentCopyIcon(), b.CopyAll)
	b.buttons = container.NewHBox(b.showAll, b.copyAll)
	b.buttons.Hide()
	return b
}

// Set shows heading and the first lines; the rest are offered.
func (b *boundedList) Set(heading string, lines []string) {
	b.heading, b.lines = heading, lines
	var s strings.Builder
	s.WriteString(heading)
	for _, l := range lines[:min(len(lines), boundedListShown)] {
		s.WriteString("\n")
		s.WriteString(l)
	}
	if more := len(lines) - boundedListShown; more > 0 {
		fmt.Fprintf(&s, "\n… and %s more", groupDigits(more))
		b.showAll.SetText(fmt.Sprintf("Show all %s", groupDigits(len(lines))))
		b.showAll.Show()
	} else {
		b.showAll.Hide()
	}
	b.text.SetText(s.String())
	if len(lines) > 0 {
		b.buttons.Show()
	} else {
		b.buttons.Hide()
	}
}

// SetText shows a message with no list (a P-position, an error, "…").
func (b *boundedList) SetText(s string) { b.Set(s, nil) }

// Text is what is on screen.
func (b *boundedList) Text() string { return b.text.Text }

// FullText is the heading and every line, as Copy all copies it.
func (b *boundedList) FullText() string {
	return b.heading + "\n" + strings.Join(b.lines, "\n")
}

// CopyAll puts the heading and every line on the clipboard; the text is
// joined off the UI thread.
func (b *boundedList) CopyAll() {
	heading, lines := b.heading, b.lines
	go func() {
		s := heading + "\n" + strings.Join(lines, "\n")
		uiDo(func() { b.app.Clipboard().SetContent(s) })
	}()
}

// ShowAll opens every line in a dialog whose list builds only the rows in
// sight.
func (b *boundedList) ShowAll() {
	lines := b.lines
	list := widget.NewList(func() int { return len(lines) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(lines[i]) })
	head := widget.NewLabel(b.heading)
	head.Wrapping = fyne.TextWrapWord
	head.Selectable = true
	copyBtn := widget.NewButtonWithIcon("Copy all", theme.ContentCopyIcon(), b.CopyAll)
	body := container.NewBorder(head, copyBtn, nil, nil, list)
	d := dialog.NewCustom(fmt.Sprintf("All %s lines", groupDigits(len(lines))), "Close", body, b.win)
	s := b.win.Canvas().Size()
	d.Resize(fyne.NewSize(s.Width*0.85, s.Height*0.85))
	d.Show()
}

// groupDigits writes n with thousands separators: 117640 → "117,640".
func groupDigits(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
