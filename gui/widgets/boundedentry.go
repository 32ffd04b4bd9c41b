package widgets

import (
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// BoundedEntry is a single-line entry that refuses text beyond MaxRunes
// characters: typing stops at the bound and a paste is cut to what fits.
// OnTruncated, if set, is told how many characters a paste lost, so that
// the tab can say so under the field.
type BoundedEntry struct {
	widget.Entry
	MaxRunes    int
	OnTruncated func(lost int)
}

// NewBoundedEntry returns an empty entry that holds at most maxRunes
// characters.
func NewBoundedEntry(maxRunes int) *BoundedEntry {
	e := &BoundedEntry{MaxRunes: maxRunes}
	e.ExtendBaseWidget(e)
	e.Wrapping = fyne.TextWrapOff
	return e
}

// room is how many more characters fit, counting a selection that the next
// input replaces.
func (e *BoundedEntry) room() int {
	return e.MaxRunes - utf8.RuneCountInString(e.Text) + utf8.RuneCountInString(e.SelectedText())
}

// TypedRune ignores a character that would not fit.
func (e *BoundedEntry) TypedRune(r rune) {
	if e.room() <= 0 {
		return
	}
	e.Entry.TypedRune(r)
}

// TypedShortcut cuts a paste to what fits before the entry sees it.
func (e *BoundedEntry) TypedShortcut(s fyne.Shortcut) {
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
