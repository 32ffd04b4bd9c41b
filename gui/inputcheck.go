package gui

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/solver/misere"
	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// inlineError is the red line under an input that says what is wrong with
// it; bad input is reported there and starts no job.
type inlineError struct{ *widget.Label }

func newInlineError() inlineError {
	l := widget.NewLabel("")
	l.Importance = widget.DangerImportance
	l.Wrapping = fyne.TextWrapWord
	l.Hide()
	return inlineError{l}
}

// Set shows msg, or hides the line when msg is empty.
func (e inlineError) Set(msg string) {
	if msg == "" {
		e.Hide()
		return
	}
	e.SetText(msg)
	e.Show()
}

// Shows shows err's message and reports true, or hides the line and
// reports false when err is nil: `if e.Shows(err) { return }` starts no job
// on bad input.
func (e inlineError) Shows(err error) bool {
	if err == nil {
		e.Hide()
		return false
	}
	e.Set(err.Error())
	return true
}

// truncated says that a paste was cut to what the field holds.
func (e inlineError) truncated(lost int) {
	e.Set(fmt.Sprintf("The pasted text was cut: %s characters did not fit (this field holds a few hundred).", plotting.GroupDigits(lost)))
}

// readBound reads a whole-number bound named what that must lie in [lo,
// hi]; msg says what is wrong, or is empty.
func readBound(boundText, what string, lo, hi int) (bound int, msg string) {
	bound, err := strconv.Atoi(strings.TrimSpace(boundText))
	if err != nil || bound < lo || bound > hi {
		return 0, fmt.Sprintf("%s must be a whole number from %d to %d", what, lo, hi)
	}
	return bound, ""
}

// readMisereRules reads a game for misère play (takebreak.Parse, then
// misere.NewRules: moves that leave at most two heaps).
func readMisereRules(codeText string) (misere.Rules, error) {
	c, err := takebreak.Parse(codeText)
	if err != nil {
		return nil, err
	}
	return misere.NewRules(c)
}

// readOctalGame reads a game that must be an octal game (playing one in
// the window runs octal moves).
func readOctalGame(codeText string) (octal.Code, error) {
	c, err := takebreak.Parse(codeText)
	if err != nil {
		return octal.Code{}, err
	}
	return octal.NewOctalCode(c)
}

// Input length bounds. Every single-line field of the window takes at most
// so many characters: a 100,000-character paste into an entry would
// otherwise be laid out, parsed and validated on the UI thread at every
// keystroke, and nothing a user types there is ever that long.
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
