package gui

import (
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// Input length bounds. Every single-line field of the window takes at most
// so many characters: a 100,000-character paste into an entry would
// otherwise be laid out, parsed and validated on the UI thread at every
// keystroke (issue 20), and nothing a user types there is ever that long.
const (
	// maxCodeInput bounds an octal code ("0." and up to a few hundred digits).
	maxCodeInput = 300
	// maxNumberInput bounds a field holding one number.
	maxNumberInput = 20
	// maxListInput bounds a list of heaps or stars.
	maxListInput = 2000
	// maxNimInput bounds a Nim position: its binary column view draws a
	// cell per heap and bit.
	maxNimInput = 400
)

// boundedEntry is a single-line entry that refuses text beyond MaxRunes
// characters: typing stops at the bound and a paste is cut to what fits.
// OnTruncated, if set, is told how many characters a paste lost, so that
// the tab can say so under the field.
type boundedEntry struct {
	widget.Entry
	MaxRunes    int
	OnTruncated func(lost int)
}

// newBoundedEntry returns an empty entry that holds at most maxRunes
// characters.
func newBoundedEntry(maxRunes int) *boundedEntry {
	e := &boundedEntry{MaxRunes: maxRunes}
	e.ExtendBaseWidget(e)
	e.Wrapping = fyne.TextWrapOff
	return e
}

// room is how many more characters fit, counting a selection that the next
// input replaces.
func (e *boundedEntry) room() int {
	return e.MaxRunes - utf8.RuneCountInString(e.Text) + utf8.RuneCountInString(e.SelectedText())
}

// TypedRune ignores a character that would not fit.
func (e *boundedEntry) TypedRune(r rune) {
	if e.room() <= 0 {
		return
	}
	e.Entry.TypedRune(r)
}

// TypedShortcut cuts a paste to what fits before the entry sees it.
func (e *boundedEntry) TypedShortcut(s fyne.Shortcut) {
	if p, ok := s.(*fyne.ShortcutPaste); ok && p.Clipboard != nil {
		content := p.Clipboard.Content()
		room := max(e.room(), 0)
		if n := utf8.RuneCountInString(content); n > room {
			cut := []rune(content)[:room]
			e.Entry.TypedShortcut(&fyne.ShortcutPaste{Clipboard: fixedClipboard(string(cut))})
			if e.OnTruncated != nil {
				e.OnTruncated(n - room)
			}
			return
		}
	}
	e.Entry.TypedShortcut(s)
}

// fixedClipboard is a clipboard holding one text, handed to the entry in
// place of the real one when a paste is cut.
type fixedClipboard string

func (c fixedClipboard) Content() string   { return string(c) }
func (c fixedClipboard) SetContent(string) {}
