package gui

import (
	"errors"
	"fmt"
	"image/color"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/nimlab/nimlab/solver/nim"
)

// nimTab is "Nim & play": a position of a Nim variant → its outcome, the
// binary column view of seed 002 with the deciding column highlighted, the
// winning moves; and a game of Nim against the computer.
type nimTab struct {
	ui *ui

	variant  *widget.Select
	k        *boundedEntry
	misere   *widget.Check
	position *boundedEntry
	analyze  *widget.Button
	errLabel *widget.Label
	outcome  *widget.Label
	columns  *fyne.Container
	moves    *boundedList

	// Play mode.
	playHeaps  *boundedEntry
	humanFirst *widget.RadioGroup
	hints      *widget.Check
	playMisere *widget.Check
	newGame    *widget.Button
	board      *fyne.Container
	playStatus *widget.Label
	hintLabel  *widget.Label
	game       *nimGame
	replyDelay time.Duration // how long the computer "thinks" (0 in tests)
	replyTimer *time.Timer
	analysis   *nim.Analysis
	content    fyne.CanvasObject
}

// nimGame is a game of Nim being played against the computer.
type nimGame struct {
	rules     nim.Game
	heaps     []int
	humanTurn bool
	over      bool
	winner    string // "you" or "the computer" once over
	history   []string
}

func newNimTab(u *ui) *nimTab {
	t := &nimTab{ui: u, replyDelay: 700 * time.Millisecond}
	names := make([]string, len(nim.Variants))
	for i, v := range nim.Variants {
		names[i] = string(v)
	}
	t.variant = widget.NewSelect(names, func(string) { t.Analyze() })
	t.k = newBoundedEntry(maxNumberInput)
	t.k.SetText("2")
	t.k.OnSubmitted = func(string) { t.Analyze() }
	t.misere = widget.NewCheck("misère", func(bool) { t.Analyze() })
	t.position = newBoundedEntry(maxNimInput)
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
	t.columns = container.NewVBox()
	t.moves = newBoundedList(u.app, u.win)

	t.playHeaps = newBoundedEntry(maxNimInput)
	t.playHeaps.SetText("1 3 5 7")
	t.humanFirst = widget.NewRadioGroup([]string{"You start", "Computer starts"}, nil)
	t.humanFirst.Horizontal = true
	t.humanFirst.Required = true
	t.humanFirst.SetSelected("You start")
	t.hints = widget.NewCheck("hints", func(bool) { t.showBoard() })
	t.playMisere = widget.NewCheck("misère", nil)
	t.newGame = widget.NewButtonWithIcon("New game", theme.MediaPlayIcon(), t.NewGame)
	t.newGame.Importance = widget.HighImportance
	t.board = container.NewVBox()
	t.playStatus = widget.NewLabelWithStyle("Set the heaps and press New game. Click a token to take it and every token to its right.", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.playStatus.Wrapping = fyne.TextWrapWord
	t.hintLabel = widget.NewLabel("")
	t.hintLabel.Wrapping = fyne.TextWrapWord

	t.variant.SetSelected(string(nim.Nim))
	t.position.SetText("1 3 5 7")

	form := container.NewVBox(
		newFlow(nil, container.NewHBox(widget.NewLabel("Variant"), t.variant), container.NewHBox(widget.NewLabel("k (Moore)"), sizedEntry(t.k, 3)), t.misere),
		container.NewBorder(nil, nil, widget.NewLabel("Position"), t.analyze, t.position))
	analysis := container.NewBorder(
		container.NewVBox(form, t.errLabel, t.outcome), nil, nil, nil,
		container.NewVScroll(container.NewVBox(
			widget.NewLabelWithStyle("Binary column sum (seed 002)", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
			t.columns,
			widget.NewLabelWithStyle("Winning moves", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
			t.moves.inline())))
	playTop := container.NewVBox(
		widget.NewLabelWithStyle("Play Nim against the computer", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewBorder(nil, nil, widget.NewLabel("Heaps"), t.newGame, t.playHeaps),
		newFlow(nil, t.humanFirst, t.playMisere, t.hints),
		t.playStatus, t.hintLabel)
	play := container.NewBorder(playTop, nil, nil, nil, container.NewScroll(t.board))
	split := container.NewHSplit(analysis, play)
	split.SetOffset(0.45)
	t.content = split
	t.Analyze()
	return t
}

// parsePosition reads whole numbers separated by spaces, commas or '+'.
func parsePosition(s string) ([]int, error) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '+' || r == '\t' })
	if len(f) == 0 {
		return nil, errors.New("the position is empty; accepted: whole numbers ≥ 0 separated by spaces, e.g. 1 3 5 7")
	}
	pos := make([]int, len(f))
	for i, x := range f {
		n, err := strconv.Atoi(x)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("%q is not a whole number ≥ 0; accepted: e.g. 1 3 5 7", x)
		}
		if n > 1<<40 {
			return nil, fmt.Errorf("%d is too large (at most 2^40)", n)
		}
		pos[i] = n
	}
	return pos, nil
}

// rules returns the game chosen in the analysis form.
func (t *nimTab) rules() (nim.Game, error) {
	g := nim.Game{Variant: nim.Variant(t.variant.Selected), Misere: t.misere.Checked}
	if g.Variant == nim.Moore {
		k, err := strconv.Atoi(strings.TrimSpace(t.k.Text))
		if err != nil || k < 1 {
			return g, errors.New("k must be a whole number ≥ 1 (a move takes from at most k heaps)")
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
		pos, err = parsePosition(t.position.Text)
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
		t.columns.Objects = []fyne.CanvasObject{columnView(a.Columns, g)}
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
	heading := fmt.Sprintf("%s winning move(s):", groupDigits(len(a.Moves)))
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

// columnView draws seed 002's binary column sum: one row per heap with its
// bits under the powers of two, the column counts and residues below, the
// deciding column on a highlighted background and the heaps a winning move
// can reduce in the primary colour.
func columnView(v nim.ColumnView, g nim.Game) fyne.CanvasObject {
	fg := theme.Color(theme.ColorNameForeground)
	primary := theme.Color(theme.ColorNamePrimary)
	size := theme.TextSize() * 1.3
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
		return container.NewStack(bg, container.NewPadded(txt))
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
	grid := container.NewGridWithColumns(ncol, objs...)
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

// NewGame starts a game of Nim (normal or misère) on the play heaps.
func (t *nimTab) NewGame() {
	heaps, err := parsePosition(t.playHeaps.Text)
	if err == nil {
		for _, h := range heaps {
			if h > 30 {
				err = fmt.Errorf("heap %d is too large to draw; accepted: heaps of at most 30 tokens", h)
			}
		}
		if len(heaps) > 8 {
			err = errors.New("at most 8 heaps can be played")
		}
	}
	if err != nil {
		t.playStatus.SetText("⚠ " + err.Error())
		return
	}
	t.stopReply()
	t.game = &nimGame{
		rules:     nim.Game{Variant: nim.Nim, Misere: t.playMisere.Checked},
		heaps:     heaps,
		humanTurn: t.humanFirst.Selected != "Computer starts",
	}
	t.showBoard()
	if !t.game.humanTurn {
		t.scheduleReply()
	}
}

// stopReply cancels a pending computer move.
func (t *nimTab) stopReply() {
	if t.replyTimer != nil {
		t.replyTimer.Stop()
		t.replyTimer = nil
	}
}

// take is a human move: heap i is left with `leave` tokens.
func (t *nimTab) take(i, leave int) {
	g := t.game
	if g == nil || g.over || !g.humanTurn || leave >= g.heaps[i] {
		return
	}
	g.history = append(g.history, fmt.Sprintf("you: take %d from heap %d", g.heaps[i]-leave, i+1))
	g.heaps[i] = leave
	g.humanTurn = false
	if t.checkOver("you") {
		return
	}
	t.showBoard()
	t.scheduleReply()
}

// scheduleReply lets the computer move after replyDelay (at once in tests).
func (t *nimTab) scheduleReply() {
	if t.replyDelay <= 0 {
		t.computerMove()
		return
	}
	g := t.game
	t.replyTimer = time.AfterFunc(t.replyDelay, func() {
		uiDo(func() {
			if t.game == g {
				t.computerMove()
			}
		})
	})
}

// computerMove plays a winning move when there is one, else takes one
// token from the largest heap (to keep the game going and hope).
func (t *nimTab) computerMove() {
	g := t.game
	if g == nil || g.over || g.humanTurn {
		return
	}
	moves, _, err := g.rules.WinningMoves(g.heaps, 1)
	var to []int
	if err == nil && len(moves) > 0 {
		to = moves[0].To
	} else {
		to = slices.Clone(g.heaps)
		big := 0
		for i, h := range to {
			if h > to[big] {
				big = i
			}
		}
		to[big]--
	}
	for i := range to {
		if to[i] != g.heaps[i] {
			g.history = append(g.history, fmt.Sprintf("computer: take %d from heap %d", g.heaps[i]-to[i], i+1))
		}
	}
	g.heaps = to
	g.humanTurn = true
	if t.checkOver("the computer") {
		return
	}
	t.showBoard()
}

// checkOver ends the game when no token is left; mover made the last move.
func (t *nimTab) checkOver(mover string) bool {
	g := t.game
	for _, h := range g.heaps {
		if h > 0 {
			return false
		}
	}
	g.over = true
	g.winner = mover
	if g.rules.Misere {
		// Misère: whoever takes the last token loses.
		if mover == "you" {
			g.winner = "the computer"
		} else {
			g.winner = "you"
		}
	}
	t.showBoard()
	return true
}

// tokenButton is one clickable token of the play board.
func (t *nimTab) tokenButton(heap, idx int, hinted bool) *widget.Button {
	b := widget.NewButton("●", func() { t.take(heap, idx) })
	if hinted {
		b.Importance = widget.WarningImportance
	}
	return b
}

// showBoard redraws the heaps, the status and the hint.
func (t *nimTab) showBoard() {
	g := t.game
	if g == nil {
		return
	}
	var hint []int // the position a winning move leads to
	moves, _, _ := g.rules.WinningMoves(g.heaps, 1)
	if len(moves) > 0 {
		hint = moves[0].To
	}
	rows := make([]fyne.CanvasObject, 0, len(g.heaps))
	side := theme.TextSize() * 3.5
	for i, h := range g.heaps {
		tokens := make([]fyne.CanvasObject, 0, h+1)
		label := widget.NewLabelWithStyle(fmt.Sprintf("heap %d: %2d", i+1, h), fyne.TextAlignLeading, fyne.TextStyle{Bold: true, Monospace: true})
		tokens = append(tokens, label)
		for j := 0; j < h; j++ {
			hinted := t.hints.Checked && g.humanTurn && !g.over && hint != nil && hint[i] < h && j >= hint[i]
			b := t.tokenButton(i, j, hinted)
			if g.over || !g.humanTurn {
				b.Disable()
			}
			tokens = append(tokens, container.NewGridWrap(fyne.NewSize(side, side), b))
		}
		rows = append(rows, container.NewHBox(tokens...))
	}
	t.board.Objects = rows
	t.board.Refresh()
	switch {
	case g.over:
		t.playStatus.SetText(fmt.Sprintf("Game over: %s won. Press New game to play again.", g.winner))
	case g.humanTurn:
		t.playStatus.SetText("Your move: click a token to take it and every token to its right.")
	default:
		t.playStatus.SetText("The computer is thinking…")
	}
	t.hintLabel.SetText("")
	if t.hints.Checked && !g.over && g.humanTurn {
		if len(moves) > 0 {
			t.hintLabel.SetText("Hint: " + moves[0].Text + " (the highlighted tokens).")
		} else {
			t.hintLabel.SetText("Hint: this is a P-position — every move loses against best play; take a single token and hope.")
		}
	}
}
