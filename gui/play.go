package gui

import (
	"context"
	"fmt"
	"slices"
	"time"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/nimlab/nimlab/gui/widgets"
	"github.com/nimlab/nimlab/solver/nim"
)

// Who starts a game.
const (
	youStart      = "You start"
	computerStart = "Computer starts"
)

// playPane is "play against the computer" for every game of playGames: the
// position drawn as rows of tokens (a click on a token takes it and every
// token to its right in Nim, moves a coin in Nimble, moves coins down a
// step in Staircase Nim), the list of legal moves for every game (with
// hints, the winning ones first and starred), the computer's move announced
// and highlighted, the move history, undo, and a winner banner.
type playPane struct {
	ui *ui

	game       *widget.Select
	param      *widgets.BoundedEntry
	paramBox   fyne.CanvasObject // param at its width; hidden with it
	heaps      *widgets.BoundedEntry
	humanFirst *widget.Select
	hints      *widget.Check
	newGame    *widget.Button
	undo       *widget.Button
	banner     *canvas.Text
	status     *widget.Label
	hintLabel  *widget.Label
	board      *fyne.Container
	moveList   *widget.List
	// history is the moves made, one row each (who moved as an icon), in
	// a scroll kept at its newest row.
	history       *fyne.Container
	historyScroll *container.Scroll

	// controls are the game's controls, status and hint; boardPane the
	// board above the moves and the history.
	controls    *fyne.Container
	boardScroll *container.Scroll
	boardPane   *fyne.Container
	sizing      *tokenSizing // the board's tokens (nil before a game)
	// onNimPosition, when set, is told the position of a game of the Nim
	// family after every move (the Nim tab analyses it).
	onNimPosition func(nim.Game, []int)

	match      *match
	legal      []playMove // the legal moves listed, winning first with hints
	winning    []playMove
	replyDelay time.Duration // how long the computer "thinks" (0 in tests)
	jobs       widgets.JobRunner
}

func newPlayPane(u *ui) *playPane {
	p := &playPane{ui: u, replyDelay: 700 * time.Millisecond}
	p.game = widget.NewSelect(playGames, func(g string) {
		switch g {
		case playMoore:
			p.param.SetText("2")
			p.paramBox.Show()
		case playOctal:
			p.param.SetText("0.07")
			p.paramBox.Show()
		default:
			p.paramBox.Hide()
		}
		if g == playAstron {
			p.heaps.SetText("3 4 5")
		} else if p.heaps.Text == "3 4 5" {
			p.heaps.SetText("1 3 5 7")
		}
	})
	p.param = widgets.NewBoundedEntry(maxCodeInput)
	p.param.SetPlaceHolder("k or code")
	p.paramBox = sizedEntry(p.param, 4)
	p.paramBox.Hide()
	p.heaps = widgets.NewBoundedEntry(maxNimInput)
	p.heaps.SetText("1 3 5 7")
	p.heaps.SetPlaceHolder("start, e.g. 3 4 5")
	p.heaps.OnSubmitted = func(string) { p.NewGame() }
	// A drop-down rather than two radio buttons: it keeps the controls on
	// one row.
	p.humanFirst = widget.NewSelect([]string{youStart, computerStart}, nil)
	p.humanFirst.SetSelected(youStart)
	p.hints = widget.NewCheck("hints", func(bool) { p.show() })
	p.newGame = widget.NewButtonWithIcon("New game", theme.MediaPlayIcon(), p.NewGame)
	p.newGame.Importance = widget.HighImportance
	p.undo = widget.NewButtonWithIcon("Undo", theme.ContentUndoIcon(), p.Undo)
	p.undo.Disable()
	p.banner = canvas.NewText("", theme.Color(theme.ColorNamePrimary))
	p.banner.TextStyle = fyne.TextStyle{Bold: true}
	p.banner.Hide()
	p.status = widget.NewLabelWithStyle("Choose a game and its start, then New game.", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.status.Wrapping = fyne.TextWrapWord
	p.hintLabel = widget.NewLabel("")
	p.hintLabel.Wrapping = fyne.TextWrapWord
	p.board = container.NewVBox()
	p.moveList = widget.NewList(func() int { return len(p.legal) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(p.moveLabel(i)) })
	p.moveList.OnSelected = func(i widget.ListItemID) {
		p.moveList.UnselectAll()
		if i >= 0 && i < len(p.legal) {
			p.humanMove(p.legal[i])
		}
	}
	p.history = container.NewVBox()
	p.historyScroll = container.NewVScroll(p.history)
	p.game.SetSelected(playNim)

	bold := func(s string) *widget.Label {
		return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	// The controls are one flowing row (two on a 1024×768 projector in
	// presentation mode) above the board, so that the board, the moves
	// and the column sum beside them get the rest of the screen.
	p.controls = container.NewVBox(
		newFlow(nil, p.game, p.paramBox, sizedEntry(p.heaps, 7), p.newGame, p.undo, p.humanFirst, p.hints),
		container.NewCenter(p.banner), p.status, p.hintLabel)
	moves := container.NewBorder(bold("Your moves (tap one)"), nil, nil, nil, p.moveList)
	hist := container.NewBorder(bold("History"), nil, nil, nil, p.historyScroll)
	lower := container.New(&movesHistoryLayout{p: p}, moves, hist)
	p.boardScroll = container.NewScroll(p.board)
	p.boardPane = container.New(&boardLayout{board: p.boardScroll, p: p}, p.boardScroll, lower)
	return p
}

// setPresentation makes Undo an icon alone in presentation mode, so that
// the game's controls fit one row of a 1024×768 projector.
func (p *playPane) setPresentation(on bool) {
	if on {
		p.undo.SetText("")
	} else {
		p.undo.SetText("Undo")
	}
}

// moveLabel is row i of the move list.
func (p *playPane) moveLabel(i int) string {
	if i >= len(p.legal) {
		return ""
	}
	m := p.legal[i]
	if p.hints.Checked && p.isWinning(m) {
		return "★ " + m.Text
	}
	return m.Text
}

func (p *playPane) isWinning(m playMove) bool {
	return slices.ContainsFunc(p.winning, func(w playMove) bool { return slices.Equal(w.To, m.To) })
}

// NewGame starts a game from the form.
func (p *playPane) NewGame() {
	p.jobs.Cancel()
	ctx := context.Background()
	rules, start, err := parsePlayStart(ctx, p.game.Selected, p.param.Text, p.heaps.Text)
	var m *match
	if err == nil {
		m, err = newMatch(ctx, rules, start, p.humanFirst.Selected != computerStart)
	}
	if err != nil {
		p.status.SetText("⚠ " + err.Error())
		return
	}
	p.match = m
	p.show()
	if !m.over && !m.humanTurn {
		p.scheduleReply()
	}
}

// Undo takes back the human's last move and the computer's answer.
func (p *playPane) Undo() {
	if p.match == nil {
		return
	}
	p.jobs.Cancel()
	if p.match.undo() {
		p.show()
	}
}

// humanMove plays mv for the human and lets the computer answer.
func (p *playPane) humanMove(mv playMove) {
	m := p.match
	if m == nil || m.over || !m.humanTurn {
		return
	}
	if err := m.play(context.Background(), mv); err != nil {
		p.status.SetText("⚠ " + err.Error())
		return
	}
	p.show()
	if !m.over {
		p.scheduleReply()
	}
}

// takeToken is a click on token j of row i: the move that leaves j there.
func (p *playPane) takeToken(i, j int) {
	m := p.match
	if m == nil {
		return
	}
	to := slices.Clone(m.pos)
	to[i] = j
	if r, ok := m.rules.(nimRules); ok && r.g.Variant == nim.Staircase && i > 0 {
		to[i-1] += m.pos[i] - j
	}
	for _, mv := range p.legal {
		if slices.Equal(mv.To, to) {
			p.humanMove(mv)
			return
		}
	}
}

// scheduleReply lets the computer move: after replyDelay in a worker (the
// computer's search may take a moment for Astron), at once in tests.
func (p *playPane) scheduleReply() {
	m := p.match
	if p.replyDelay <= 0 {
		mv, err := m.computerChoice(context.Background())
		p.applyReply(m, mv, err)
		return
	}
	delay := p.replyDelay
	p.jobs.Start(func(ctx context.Context, h widgets.JobHandle) {
		select {
		case <-time.After(delay):
		case <-ctx.Done():
			return
		}
		mv, err := m.computerChoice(ctx)
		if ctx.Err() != nil {
			return
		}
		h.Finish(func() { p.applyReply(m, mv, err) })
	})
}

// applyReply plays the computer's move if m is still the game on screen.
func (p *playPane) applyReply(m *match, mv playMove, err error) {
	if p.match != m || m.over || m.humanTurn {
		return
	}
	if err == nil {
		err = m.play(context.Background(), mv)
	}
	if err != nil {
		p.status.SetText("⚠ the computer could not move: " + err.Error())
		return
	}
	p.show()
}

// tokenGame reports whether the position is drawn as rows of clickable
// tokens.
func (p *playPane) tokenGame() (nimRules, bool) {
	r, ok := p.match.rules.(nimRules)
	return r, ok && r.g.Variant != nim.Moore
}

// rowName names row i of the board.
func rowName(r playRules, i int) string {
	if nr, ok := r.(nimRules); ok {
		switch nr.g.Variant {
		case nim.Nimble:
			return fmt.Sprintf("coin %d", i+1)
		case nim.Staircase:
			return fmt.Sprintf("step %d", i+1)
		}
	}
	return fmt.Sprintf("heap %d", i+1)
}

// show redraws the board, the moves, the status and the history.
func (p *playPane) show() {
	m := p.match
	if m == nil {
		return
	}
	ctx := context.Background()
	p.legal, p.winning = nil, nil
	if !m.over {
		p.legal, _ = m.rules.Moves(ctx, m.pos)
		p.winning, _ = m.rules.Winning(ctx, m.pos)
		if p.hints.Checked {
			// Winning moves first.
			slices.SortStableFunc(p.legal, func(a, b playMove) int {
				wa, wb := p.isWinning(a), p.isWinning(b)
				switch {
				case wa && !wb:
					return -1
				case wb && !wa:
					return 1
				}
				return 0
			})
		}
	}
	p.moveList.Refresh()
	p.undo.Disable()
	if slices.ContainsFunc(m.history, func(r playRecord) bool { return r.Player == playerHuman }) {
		p.undo.Enable()
	}
	last, computerMoved := m.lastComputerMove()
	p.drawBoard(last, computerMoved)
	// The board's height follows its rows: its pane lays it out again
	// (refreshing the board alone leaves it at its old height, none
	// before the first game).
	p.boardPane.Refresh()
	if r, ok := m.rules.(nimRules); ok && p.onNimPosition != nil {
		p.onNimPosition(r.g, m.pos)
	}

	p.showHistory()

	p.banner.Hide()
	announce := ""
	if computerMoved {
		announce = "The computer: " + last.Text + ". "
	}
	switch {
	case m.over:
		text := "You won!"
		if m.winner == playerComputer {
			text = "The computer won."
		}
		p.banner.Text = text
		p.banner.TextSize = theme.TextSize() * 2.4
		p.banner.Color = theme.Color(theme.ColorNamePrimary)
		p.banner.Show()
		p.banner.Refresh()
		end := "no move is left, so the player to move has lost"
		if m.rules.Misere() {
			end = "no move is left: in misère play whoever made the last move loses"
		}
		p.status.SetText(fmt.Sprintf("%sGame over — %s (%s). Press New game to play again, or Undo.", announce, end, m.rules.Title()))
	case m.humanTurn:
		p.status.SetText(announce + "Your move in " + m.rules.Describe(m.pos) + ".")
	default:
		p.status.SetText("The computer is thinking…")
	}
	p.hintLabel.SetText("")
	if p.hints.Checked && !m.over && m.humanTurn {
		if len(p.winning) > 0 {
			p.hintLabel.SetText(fmt.Sprintf("Hint: %s (★ in the list; the highlighted tokens).", p.winning[0].Text))
		} else {
			p.hintLabel.SetText("Hint: this is a P-position — every move loses against best play; make a small move and hope.")
		}
	}
	// Without a hint its row goes to the board.
	widgets.SetVisible(p.hintLabel, p.hintLabel.Text != "")
}

// drawBoard draws each heap (coin, step) as a row of tokens, clickable in
// the games where a token says the move; the rows the computer just changed
// are marked. An Astron position or a split sum is written out instead.
func (p *playPane) drawBoard(last playMove, computerMoved bool) {
	m := p.match
	var rows []fyne.CanvasObject
	big := canvas.NewText(m.rules.Describe(m.pos), theme.Color(theme.ColorNameForeground))
	big.TextSize = theme.TextSize() * 1.4
	big.TextStyle = fyne.TextStyle{Bold: true}
	rows = append(rows, big)
	if _, ok := m.rules.(*astronRules); ok {
		p.board.Objects = rows
		p.board.Refresh()
		return
	}
	_, clickable := p.tokenGame()
	var hint playPos
	if p.hints.Checked && m.humanTurn && !m.over && len(p.winning) > 0 {
		hint = p.winning[0].To
	}
	// The tokens shrink to fit the board's width (a heap of 7 at 1024×768
	// in presentation mode), down to tokenMinSide, before the board
	// scrolls sideways.
	sizing := &tokenSizing{pane: p.boardPane}
	if p.sizing != nil {
		sizing.heightCap = p.sizing.heightCap
	}
	p.sizing = sizing
	for i, h := range m.pos {
		if h > maxPlayEntry {
			continue
		}
		label := widget.NewLabelWithStyle(fmt.Sprintf("%s: %2d", rowName(m.rules, i), h), fyne.TextAlignLeading, fyne.TextStyle{Bold: true, Monospace: true})
		if computerMoved && slices.Contains(last.Changed, i) {
			label.Importance = widget.HighImportance
			label.SetText(label.Text + " ←")
		}
		sizing.labelW = max(sizing.labelW, label.MinSize().Width)
		sizing.tokens = max(sizing.tokens, h)
		sizing.rows++
		objs := []fyne.CanvasObject{label}
		for j := 0; j < h; j++ {
			i, j := i, j
			b := widget.NewButton("●", func() { p.takeToken(i, j) })
			if hint != nil && len(hint) == len(m.pos) && hint[i] < h && j >= hint[i] {
				b.Importance = widget.WarningImportance
			}
			if !clickable || m.over || !m.humanTurn {
				b.Disable()
			}
			objs = append(objs, container.NewStack(b))
		}
		rows = append(rows, container.New(&tokenRowLayout{s: sizing}, objs...))
	}
	p.board.Objects = rows
	p.board.Refresh()
}

// boardLayout gives the board (a scroll) the height of its tokens when the
// pane has it, and what is below (the moves, the history) the rest, at
// least boardLowerRows list rows. When the board is taller than that
// leaves it (a hint's lines above it on a projector), its tokens shrink,
// down to tokenMinSide: the board scrolls only when both cannot fit.
type boardLayout struct {
	board *container.Scroll
	p     *playPane
}

// boardLowerRows is how many rows of moves stay in sight under the board.
const boardLowerRows = 3.5

func (l *boardLayout) lowerMin() float32 {
	return (boardLowerRows + 1) * (theme.TextSize() + 2*theme.InnerPadding() + theme.Padding())
}

func (l *boardLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w := max(objs[0].MinSize().Width, objs[1].MinSize().Width)
	return fyne.NewSize(w, objs[0].MinSize().Height+theme.Padding()+max(objs[1].MinSize().Height, l.lowerMin()))
}

func (l *boardLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	want := l.board.Content.MinSize().Height
	if l.board.Content.MinSize().Width > size.Width {
		want += theme.ScrollBarSize() // room for the sideways scroll bar
	}
	room := size.Height - pad - l.lowerMin()
	if s := l.p.sizing; s != nil && s.rows > 0 && s.side > 0 {
		// The side that makes the rows with tokens fill the room (the
		// rows lay the board out again when it changes the side).
		// Changes under half a pixel are rounding: taking them would lay
		// the board out again and again.
		if c := max(s.side+(room-want)/float32(s.rows), tokenMinSide*theme.TextSize()); s.heightCap == 0 || abs32(c-s.heightCap) >= 0.5 {
			s.heightCap = c
		}
	}
	h := max(min(want, room), 0)
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(size.Width, h))
	objs[1].Move(fyne.NewPos(0, h+pad))
	objs[1].Resize(fyne.NewSize(size.Width, max(size.Height-h-pad, 0)))
}

// tokenSizing is shared by the rows of one board: the tokens' side, the
// same in every row, is the largest that fits the widest row (most
// tokens) in the board's width, between tokenMinSide and tokenMaxSide
// text sizes; the tokens start at one column after the widest label.
type tokenSizing struct {
	labelW    float32 // the widest row label
	tokens    int     // the most tokens in a row
	rows      int     // the rows (each as high as a token)
	side      float32 // the side at the last layout (0: none yet)
	heightCap float32 // the largest side the board's height allows (0: any)
	pane      fyne.CanvasObject
}

// Token sides in text sizes.
const (
	tokenMaxSide = 2.6
	tokenMinSide = 1.4
)

func (s *tokenSizing) sideFor(width float32) float32 {
	ts, pad := theme.TextSize(), theme.Padding()
	if s.tokens == 0 {
		return tokenMaxSide * ts
	}
	fit := (width-s.labelW-pad)/float32(s.tokens) - pad
	if s.heightCap > 0 {
		fit = min(fit, s.heightCap)
	}
	return max(min(tokenMaxSide*ts, fit), tokenMinSide*ts)
}

// tokenRowLayout lays out a row: its label, then its tokens as squares.
type tokenRowLayout struct{ s *tokenSizing }

func (l *tokenRowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	pad := theme.Padding()
	side := l.s.side
	if side == 0 {
		side = tokenMaxSide * theme.TextSize()
	}
	n := float32(len(objs) - 1)
	w := l.s.labelW + pad + n*(tokenMinSide*theme.TextSize()+pad)
	return fyne.NewSize(w, max(objs[0].MinSize().Height, side))
}

func (l *tokenRowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	side := l.s.sideFor(size.Width)
	if side != l.s.side {
		l.s.side = side
		// The rows' height follows the side: the board's pane lays the
		// board out again (a frame later).
		if pane := l.s.pane; pane != nil {
			widgets.UIDo(pane.Refresh)
		}
	}
	lh := objs[0].MinSize().Height
	objs[0].Move(fyne.NewPos(0, (size.Height-lh)/2))
	objs[0].Resize(fyne.NewSize(l.s.labelW, lh))
	x := l.s.labelW + pad
	for _, o := range objs[1:] {
		o.Move(fyne.NewPos(x, (size.Height-side)/2))
		o.Resize(fyne.NewSize(side, side))
		x += side + pad
	}
}

// showHistory writes the moves made, one row each: an icon says who moved
// (a person, the computer), the computer's rows are in the colour that
// marks its move on the board, and the newest row is scrolled into sight.
func (p *playPane) showHistory() {
	m := p.match
	rows := make([]fyne.CanvasObject, len(m.history))
	for i, r := range m.history {
		icon := theme.AccountIcon()
		l := widget.NewLabel(historyText(m.rules, i, r))
		l.Wrapping = fyne.TextWrapWord // only when the column is narrower than the row
		if r.Player == playerComputer {
			icon = theme.ComputerIcon()
			l.Importance = widget.HighImportance
		}
		// The icon as large as the text: the row's width is what a
		// projector's history lacks.
		mark := container.NewCenter(container.NewGridWrap(fyne.NewSquareSize(theme.TextSize()), widget.NewIcon(icon)))
		rows[i] = container.NewBorder(nil, nil, mark, nil, l)
	}
	p.history.Objects = rows
	p.history.Refresh()
	p.historyScroll.Refresh()
	p.historyScroll.ScrollToBottom()
}

// historyLines are the history's rows as text, the mover written out (for
// tests and copying).
func (p *playPane) historyLines() []string {
	if p.match == nil {
		return nil
	}
	out := make([]string, len(p.match.history))
	for i, r := range p.match.history {
		out[i] = r.Player + ": " + historyText(p.match.rules, i, r)
	}
	return out
}

// movesHistoryLayout puts the moves (objs[0]) and the history (objs[1])
// side by side: the moves as wide as their widest row, so that none is
// cut, and the history the rest, so that it shows a move a line (a
// 1024×768 projector has room for both only so); room to spare is shared.
// When the history's rows are wider than what is left, they wrap.
type movesHistoryLayout struct {
	p    *playPane
	rows int // history rows at the last layout: a new one is scrolled to
}

// movesWidth is the width the moves need: the heading or the widest row.
func (l *movesHistoryLayout) movesWidth() float32 {
	ip := 2 * theme.InnerPadding()
	w := fyne.MeasureText("Your moves (tap one)", theme.TextSize(), fyne.TextStyle{Bold: true}).Width + ip
	// The longest texts by length are measured (a position may have
	// thousands of moves).
	for _, i := range longestMoves(l.p, 8) {
		// A list row pads its label once more.
		w = max(w, fyne.MeasureText(l.p.moveLabel(i), theme.TextSize(), fyne.TextStyle{}).Width+ip+theme.Padding())
	}
	return w
}

// historyWidth is the width the history needs to show a move a line.
func (l *movesHistoryLayout) historyWidth() float32 {
	// At least a typical row, so that the moves do not narrow when the
	// first move is made.
	w := fyne.MeasureText("History", theme.TextSize(), fyne.TextStyle{Bold: true}).Width
	w = max(w, fyne.MeasureText("10. heap 1: 10 → 9", theme.TextSize(), fyne.TextStyle{}).Width+theme.TextSize()+theme.Padding())
	for _, o := range l.p.history.Objects {
		row := o.(*fyne.Container)
		for _, c := range row.Objects {
			if lbl, ok := c.(*widget.Label); ok {
				w = max(w, fyne.MeasureText(lbl.Text, theme.TextSize(), fyne.TextStyle{}).Width+theme.TextSize()+theme.Padding())
			}
		}
	}
	return w + 2*theme.InnerPadding() + theme.ScrollBarSize()
}

func (l *movesHistoryLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	a, b := objs[0].MinSize(), objs[1].MinSize()
	return fyne.NewSize(a.Width+theme.Padding()+b.Width, max(a.Height, b.Height))
}

func (l *movesHistoryLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	avail := size.Width - pad
	mw, hw := l.movesWidth(), l.historyWidth()
	// The moves keep their width up to two thirds of the row; the history
	// gets at least the rest.
	w := min(mw, avail*2/3)
	if spare := avail - mw - hw; spare > 0 {
		w = mw + spare/2
	}
	w = max(w, objs[0].MinSize().Width)
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(w, size.Height))
	objs[1].Move(fyne.NewPos(w+pad, 0))
	objs[1].Resize(fyne.NewSize(max(size.Width-w-pad, 0), size.Height))
	if n := len(l.p.history.Objects); n != l.rows {
		l.rows = n
		l.p.historyScroll.ScrollToBottom()
	}
}

// longestMoves are the indices of the n longest rows of the move list, by
// characters.
func longestMoves(p *playPane, n int) []int {
	idx := make([]int, 0, n+1)
	for i := range p.legal {
		idx = append(idx, i)
		slices.SortFunc(idx, func(a, b int) int {
			return utf8.RuneCountInString(p.legal[b].Text) - utf8.RuneCountInString(p.legal[a].Text)
		})
		if len(idx) > n {
			idx = idx[:n]
		}
	}
	return idx
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}
