package gui

import (
	"errors"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/takebreak"
	"github.com/nimlab/nimlab/solver/takebreak/takebreaktest"
)

// pasteClipboard is a clipboard holding the text a test pastes.
type pasteClipboard string

func (c pasteClipboard) Content() string   { return string(c) }
func (c pasteClipboard) SetContent(string) {}

// TestWindowEntriesTakeTheSameCodes pastes the one table of good and bad
// codes (solver/takebreak/takebreaktest/codes.txt, which the command line's
// test reads too) into the code fields of the Octal and Misère tabs and the
// family field of the Census tab: each field accepts or refuses each code as
// nimlab octal, misere and census do, and a code the notation refuses shows
// the notation's reason under the field.
func TestWindowEntriesTakeTheSameCodes(t *testing.T) {
	u := newTestUI(t)
	cases, err := takebreaktest.Cases()
	require.NoError(t, err)
	type field struct {
		entry interface {
			SetText(string)
			TypedShortcut(fyne.Shortcut)
		}
		text  func() string
		error inlineError
	}
	fields := map[takebreaktest.FrontEnd]field{
		takebreaktest.Octal:  {u.octal.code, func() string { return u.octal.code.Text }, u.octal.codeError},
		takebreaktest.Misere: {u.misere.code, func() string { return u.misere.code.Text }, u.misere.codeError},
	}
	for _, c := range cases {
		reason := ""
		var pe *takebreak.ParseError
		if _, err := takebreak.Parse(c.Code); errors.As(err, &pe) {
			reason = pe.Reason
		}
		for fe, f := range fields {
			f.entry.SetText("")
			f.entry.TypedShortcut(&fyne.ShortcutPaste{Clipboard: pasteClipboard(c.Code)})
			shown := f.error.Visible()
			accepted := !shown && strings.TrimSpace(f.text()) != ""
			assert.Equal(t, c.Accepted[fe], accepted, "%s tab, %s (%s): error line %q", fe, c.Name(), c.Why, f.error.Text)
			if shown && reason != "" && len([]rune(c.Code)) <= maxCodeInput {
				assert.Contains(t, f.error.Text, reason, "%s tab, %s", fe, c.Name())
			}
		}
		u.census.family.SetText(c.Code)
		_, _, _, msg := u.census.readInputs()
		assert.Equal(t, c.Accepted[takebreaktest.Census], msg == "", "Census tab, %s (%s): %q", c.Name(), c.Why, msg)
		if msg != "" && reason != "" && strings.TrimSpace(c.Code) != "" {
			assert.Contains(t, msg, reason, "Census tab, %s", c.Name())
		}
	}
}
