package gui

import (
	"errors"
	"fmt"
	"math"
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

// numberList is an entry of whole numbers from 0 to most separated by
// spaces, commas or '+': a position of Nim, the heaps of a sum, star sizes.
// Its messages say what the entry holds.
type numberList struct {
	most int
	// empty is the message for an entry with no number; bad, for a part
	// that is not a whole number from 0 to most (%q is the part); tooLarge,
	// when set, for a number above most (%d is the number).
	empty, bad, tooLarge string
}

// read returns the numbers of s, or an error that says what is wrong.
func (l numberList) read(s string) ([]int, error) {
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '+' || r == '\t' })
	if len(parts) == 0 {
		return nil, errors.New(l.empty)
	}
	xs := make([]int, len(parts))
	for i, x := range parts {
		n, err := strconv.Atoi(x)
		switch {
		case err != nil || n < 0 || (n > l.most && l.tooLarge == ""):
			return nil, fmt.Errorf(l.bad, x)
		case n > l.most:
			return nil, fmt.Errorf(l.tooLarge, n)
		}
		xs[i] = n
	}
	return xs, nil
}

// The entries of whole numbers: a Nim position (the Nim screen, playing),
// the heaps of a sum (Octal and Misère), the stars of an Astron position.
var (
	positionEntry = numberList{most: 1 << 40,
		empty:    "the position is empty; accepted: whole numbers ≥ 0 separated by spaces, e.g. 1 3 5 7",
		bad:      "%q is not a whole number ≥ 0; accepted: e.g. 1 3 5 7",
		tooLarge: "%d is too large (at most 2^40)"}
	heapsEntry = numberList{most: math.MaxInt, empty: "no heaps", bad: "%q is not a heap size (a whole number ≥ 0)"}
	starsEntry = numberList{most: 100000,
		empty: "no stars; accepted: star sizes (points) separated by spaces, e.g. 3 5 7",
		bad:   "%q is not a star size; accepted: whole numbers 0–100000, e.g. 3 5 7"}
)

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
