package gui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/nimlab/nimlab/gui/widgets"
	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/solver/misere"
	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// knownGame is an entry of the Octal tab's list of well-known games.
type knownGame struct {
	Name, Code string
}

// knownGames are the games offered in the Octal explorer's list: the
// solver's named games, then a few more that teach something.
var knownGames = func() []knownGame {
	var out []knownGame
	for _, g := range octal.KnownGames {
		out = append(out, knownGame{g.Name, g.Code})
	}
	for _, g := range []knownGame{
		{"Grundy's game", "4!.0"},
		{"Lasker's Nim", "4.[3]"},
		{"Nim", "0.[3]"},
		{"Subtraction {1,2,3}", "S(1,2,3)"},
		{"Subtraction {1,3,4}", "S(1,3,4)"},
		{"All-but {1,3}", "S!(1,3)"},
		{"Hexadecimal 0.B", "0.B"},
		{"Nim, take 1–6", "0.333333"},
		{"Take 1 or 2", "0.33"},
		{"wild misère quotient R₈", "0.75"},
	} {
		if !slices.ContainsFunc(out, func(k knownGame) bool { return k.Code == g.Code }) {
			out = append(out, g)
		}
	}
	return out
}()

func (g knownGame) label() string { return g.Name + " — " + g.Code }

// defaultOctalMax is how many heaps auto mode computes before it stops
// looking for a period; it keeps a game without a known period (0.6) to
// about a second with the sparse engine.
const defaultOctalMax = 100000

// progressRedraw is the shortest interval between two progress updates a
// worker sends to the UI: each one repaints the window, which costs the UI
// thread more than it shows.
const progressRedraw = 200 * time.Millisecond

// throttled returns update, which hands fn to the UI thread through h at
// most once every progressRedraw and drops the calls in between: a
// worker's progress callback calls it as often as it likes.
func throttled(h widgets.JobHandle) (update func(fn func())) {
	var last time.Time
	return func(fn func()) {
		if time.Since(last) < progressRedraw {
			return
		}
		last = time.Now()
		h.Update(fn)
	}
}

// Engines the Octal tab offers.
const (
	engineSparse    = "sparse engine"
	engineQuadratic = "quadratic engine"
)

// octalTab is the Octal explorer: code → Grundy sequence, period, table,
// plot, winning moves in a sum of heaps, exports.
type octalTab struct {
	ui *ui

	games  *widget.Select
	recent *widget.Select
	// syncingGames is set while a typed code moves the well-known games
	// list, so the list does not start a computation of its own.
	syncingGames bool
	code         *widgets.BoundedEntry
	codeError    inlineError
	maxHeaps     *widgets.BoundedEntry
	engine       *widget.Select
	engineBox    fyne.CanvasObject // engine at the width of its labels
	// cont (Continue) extends an uncertified result, kept after Cancel or
	// at max heaps, to next heaps.
	cont      *widget.Button
	next      int
	hint      string
	stopGo    fyne.CanvasObject // the place Cancel and Continue share
	summary   *widget.Label
	table     *valuesTable
	explorer  *sequenceExplorerPanel
	heaps     *widgets.BoundedEntry
	misere    *widget.Check
	sumLabel  *widget.Label
	moves     *widgets.BoundedList
	exportCSV *widget.Button

	jobs   *widgets.JobPanel
	result *octal.Result
	// sumJobs evaluates the heap-sum field (sumDelay after a keystroke).
	sumJobs  widgets.JobRunner
	sumDelay time.Duration

	content           fyne.CanvasObject
	split, rightSplit *container.Split
	// leftSplit holds the table over the sum of heaps in presentation
	// mode; sumPane is the sum of heaps, movesView its answer (hidden
	// while the field is empty).
	leftSplit *container.Split
	sumPane   fyne.CanvasObject
	movesView fyne.CanvasObject
	// sumRow is the sum's label, field and misère switch; sumOffset the
	// divider's place fitSumPane set last.
	sumRow    fyne.CanvasObject
	sumOffset float64
	present   bool
	// exportBar holds Export values CSV… (hidden on a projector).
	exportBar *fyne.Container
}

// presentSumShare is the most of the left-hand column the sum of heaps
// takes in presentation mode when it shows an answer (a heading of three
// lines and the first moves); a shorter answer takes what it needs, and
// while the field is empty the values table takes all of the column but
// the field's row.
const presentSumShare = 0.73

// presentSumMoves is how many of a sum's moves the presentation layout
// makes room for under its heading.
const presentSumMoves = 2

// setPresentation gives the plot more of the screen on a projector: the
// explorer takes the whole right-hand column, the table and the sum of
// heaps share the left one (the table all of it but the sum's field until
// a sum is typed, see fitSumPane), and the researcher's controls fold
// away.
func (t *octalTab) setPresentation(on bool) {
	t.present = on
	if on {
		t.split.SetOffset(0.45)
		t.fitSumPane(true)
		// The engine choice and the recent codes are a researcher's; on a
		// projector their row is worth more to the plot.
		t.engineBox.Hide()
		t.recent.Hide()
		t.leftSplit.Leading, t.leftSplit.Trailing = t.table.content, t.sumPane
		t.split.Leading, t.split.Trailing = t.leftSplit, t.explorer.content
	} else {
		t.split.SetOffset(0.45)
		t.rightSplit.SetOffset(0.62)
		t.engineBox.Show()
		t.recent.Show()
		t.rightSplit.Leading, t.rightSplit.Trailing = t.explorer.content, t.sumPane
		t.split.Leading, t.split.Trailing = t.table.content, t.rightSplit
	}
	t.leftSplit.Refresh()
	t.rightSplit.Refresh()
	t.split.Refresh()
	widgets.SetVisible(t.exportBar, !on)
	// Short words leave the sum's field its width in a narrow column.
	if on {
		t.sumLabel.SetText("Sum")
		t.misere.SetText("misère")
	} else {
		t.sumLabel.SetText("Sum of heaps")
		t.misere.SetText("misère play")
	}
	t.games.Options = t.gameLabels()
	t.showKnownGame(t.code.Text)
	t.games.Refresh()
	t.jobs.SetCompact(on)
	t.table.setCompact(on)
	t.explorer.setCompact(on)
}

// gameLabel is g's entry in the well-known games list: its name and code,
// or in presentation mode its name only, or a shorter one (the code is in
// the field beside it, and the list's width is what keeps the controls on
// one row).
func (t *octalTab) gameLabel(g knownGame) string {
	if t.present {
		if short, ok := presentGameNames[g.Code]; ok {
			return short
		}
		return g.Name
	}
	return g.label()
}

// presentGameNames are shorter names, in the well-known games list of
// presentation mode, for the games whose name would push Compute onto a
// second row of a 1280×720 projector; the summary under the row names the
// game in full.
var presentGameNames = map[string]string{
	"0.23": "Di Prisa, Ex. 3.19",
}

// gameLabels is the well-known games list.
func (t *octalTab) gameLabels() []string {
	labels := make([]string, len(knownGames))
	for i, g := range knownGames {
		labels[i] = t.gameLabel(g)
	}
	return labels
}

func newOctalTab(u *ui) *octalTab {
	t := &octalTab{ui: u, sumDelay: sumDelay}
	t.games = widget.NewSelect(t.gameLabels(), func(s string) {
		if t.syncingGames {
			return
		}
		for _, g := range knownGames {
			if t.gameLabel(g) == s {
				t.code.SetText(g.Code)
				t.Compute()
				return
			}
		}
	})
	t.games.PlaceHolder = "Well-known games…"
	t.recent = widget.NewSelect(nil, func(s string) {
		if s == "" {
			return
		}
		t.code.SetText(s)
		t.Compute()
	})
	t.recent.PlaceHolder = "Recent codes…"
	t.recent.SetOptions(u.recent(prefRecentCodes))

	t.code = widgets.NewBoundedEntry(maxCodeInput)
	t.code.SetPlaceHolder("octal code, e.g. 0.07")
	t.code.OnChanged = func(s string) {
		t.validate(s)
		t.showKnownGame(s)
	}
	t.code.OnSubmitted = func(string) { t.Compute() }
	t.codeError = newInlineError()
	t.code.OnTruncated = t.codeError.truncated

	t.maxHeaps = widgets.NewBoundedEntry(maxNumberInput)
	t.maxHeaps.SetText(u.prefs.StringWithFallback(prefMaxHeaps, strconv.Itoa(defaultOctalMax)))
	t.maxHeaps.OnSubmitted = func(string) { t.Compute() }

	t.engine = widget.NewSelect([]string{engineSparse, engineQuadratic}, nil)
	t.engine.SetSelected(engineSparse)
	t.jobs = widgets.NewJobPanel("Compute", t.Compute)
	t.cont = widget.NewButtonWithIcon("Continue", theme.MediaFastForwardIcon(), t.Continue)
	t.cont.Disable()
	t.summary = widget.NewLabelWithStyle("Pick a game or type an octal code, then Compute.", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.summary.Wrapping = fyne.TextWrapWord
	t.summary.Selectable = true // periods and figures are copied into papers

	t.table = newValuesTable()
	t.explorer = newSequenceExplorerPanel()
	t.explorer.onExport = func() {
		if t.result != nil {
			t.explorer.exportView(u, "grundy-"+t.result.Code.String()+".png")
		}
	}

	t.heaps = widgets.NewBoundedEntry(maxListInput)
	t.heaps.SetPlaceHolder("heaps, e.g. 3 5 7")
	t.heaps.OnChanged = func(string) { t.showMoves() }
	t.misere = widget.NewCheck("misère play", func(bool) { t.showMoves() })
	t.moves = widgets.NewBoundedList(u.app, u.win)

	t.exportCSV = widget.NewButtonWithIcon("Export values CSV…", theme.DocumentSaveIcon(), func() {
		if t.result == nil {
			return
		}
		u.saveFile("grundy-"+t.result.Code.String()+".csv", ".csv", t.valuesCSV)
	})
	t.exportCSV.Disable()

	// The controls flow onto a second line when the window is narrow (a
	// projector in presentation mode) rather than widen it.
	// The code field is narrow at its least (it stretches over what its
	// row leaves): the controls keep one row on a 1280×720 projector in
	// presentation mode.
	codeBox := container.NewBorder(nil, nil, widget.NewLabel("Code"), nil, sizedEntry(t.code, 6))
	t.jobs.Status.Truncation = fyne.TextTruncateEllipsis
	t.exportBar = container.NewHBox(t.exportCSV)
	// The progress and the values' export share the controls' rows: every
	// row above the panes is a row less for the plot.
	t.engineBox = fitSelect(t.engine, true)
	// Cancel and Continue share a place: Cancel while a job runs (there is
	// nothing to continue then), Continue otherwise.
	t.stopGo = t.jobs.CancelOr(t.cont)
	// The progress, too, stretches over what its row leaves: its status
	// names the heaps done, their rate and the expected time, and cut at
	// the row's least width it showed the heaps alone.
	progress := t.jobs.ProgressRow(24)
	form := newFlowStretching([]fyne.CanvasObject{codeBox, progress}, fitSelect(t.games, false), t.recent, codeBox,
		container.NewHBox(widget.NewLabel("max heaps"), sizedEntry(t.maxHeaps, 6)), t.engineBox, t.jobs.Action, t.stopGo,
		t.exportBar, progress)
	top := container.NewVBox(form, t.codeError, t.summary)
	// The sum's label, field and misère switch share a row: the rows
	// below are the answer's.
	t.sumLabel = widget.NewLabelWithStyle("Sum of heaps", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.movesView = t.moves.ScrolledView()
	t.movesView.Hide()
	t.sumRow = container.NewBorder(nil, nil, t.sumLabel, t.misere, t.heaps)
	sum := container.NewBorder(t.sumRow, nil, nil, nil, t.movesView)
	right := container.NewVSplit(t.explorer.content, sum)
	right.SetOffset(0.62)
	split := container.NewHSplit(t.table.content, right)
	split.SetOffset(0.45)
	t.split, t.rightSplit, t.sumPane = split, right, sum
	// The presentation arrangement; its halves are set by setPresentation.
	t.leftSplit = container.NewVSplit(layout.NewSpacer(), layout.NewSpacer())
	// Nothing scrolls but the panes' own contents (the table, the moves):
	// the plot and the sum keep their places whatever a result's length.
	t.content = container.NewBorder(top, nil, nil, nil, split)
	return t
}

// fitSumPane shows the sum's answer only when there is one and, in
// presentation mode, gives the values table the left-hand column's height
// but what the sum of heaps needs: its field's row while it is empty (the
// table is the answer a class reads after Compute), its heading and first
// moves (at most presentSumShare of the column) once a sum is typed. A
// divider the user has dragged stays where it is until the field is
// emptied; reset (a change of mode) sets it whatever its place.
func (t *octalTab) fitSumPane(reset bool) {
	shown := t.moves.Text() != ""
	widgets.SetVisible(t.movesView, shown)
	if !t.present {
		return
	}
	if !reset && shown && t.leftSplit.Offset != t.sumOffset {
		return // dragged
	}
	offset := 1.0
	if shown {
		offset = 1 - presentSumShare
		if size := t.leftSplit.Size(); size.Height > 0 {
			want := t.sumRow.MinSize().Height + 2*theme.Padding() + t.moves.HeightFor(size.Width, presentSumMoves)
			offset = 1 - min(presentSumShare, float64(want/size.Height))
		}
	}
	t.sumOffset = offset
	t.leftSplit.SetOffset(offset)
}

// setMoves shows the sum's answer (heading and winning moves; an empty
// heading and no lines clear it).
func (t *octalTab) setMoves(heading string, lines []string) {
	t.moves.Set(heading, lines)
	t.fitSumPane(false)
}

// sizedEntry gives an entry a minimum width of `ems` times the theme's
// text size inside an HBox.
func sizedEntry(e fyne.CanvasObject, ems float32) fyne.CanvasObject { return widgets.Ems(e, ems) }

// validate shows or hides the inline error for the code field and reports
// whether s is a valid code.
func (t *octalTab) validate(s string) bool {
	if strings.TrimSpace(s) == "" {
		t.codeError.Hide()
		return false
	}
	if _, err := takebreak.Parse(s); err != nil {
		t.codeError.Set(inlineCodeError(err))
		return false
	}
	t.codeError.Set("")
	return true
}

// inlineCodeError shortens a parse error to what fits under the field.
func inlineCodeError(err error) string {
	var te *takebreak.ParseError
	if errors.As(err, &te) && te.What != "" {
		return fmt.Sprintf("Not a %s: %s. %s", te.What, te.Reason, strings.ToUpper(te.Accepted[:1])+te.Accepted[1:])
	}
	if errors.As(err, &te) {
		return fmt.Sprintf("Not a game: %s. Accepted: 0.07, 0.B, 4!.0 (! ? = modifiers), 0.[3] (repeat), 0.{2+}, 0.{1,2!}, 0.*, S(1,2,5), S!(1,3)", te.Reason)
	}
	return err.Error()
}

// readGameAndBound reads a game of the take-and-break notation
// (takebreak.Parse) and a whole-number bound named what that must lie in
// [lo, hi]; msg says what is wrong, or is empty.
func readGameAndBound(codeText, boundText, what string, lo, hi int) (octal.Code, int, string) {
	rules, err := takebreak.Parse(codeText)
	if err != nil {
		return octal.Code{}, 0, inlineCodeError(err)
	}
	bound, msg := readBound(boundText, what, lo, hi)
	return octal.NewCode(rules), bound, msg
}

// Compute validates the code and, if it is valid, starts computing it in
// the background (cancelling any computation already running).
func (t *octalTab) Compute() {
	t.solve(nil)
}

// Continue extends the result on screen (partial, or not certified within
// max heaps) to the heaps its hint names, resuming from its values.
func (t *octalTab) Continue() {
	r := t.result
	if r == nil || r.Certified || octalCodeText(t.code.Text) != r.Code.String() {
		t.Compute()
		return
	}
	t.maxHeaps.SetText(strconv.Itoa(max(t.next, len(r.Values)+1)))
	t.solve(r.Values)
}

// octalCodeText is the canonical form of a code typed in the field, or "".
func octalCodeText(s string) string {
	c, err := takebreak.Parse(s)
	if err != nil {
		return ""
	}
	return octal.NewCode(c).String()
}

// solve computes the code in the field in the background, from resume
// (values of the same code already known) when it is not nil. Cancel keeps
// the values computed so far as a partial result.
func (t *octalTab) solve(resume []uint16) {
	text := t.code.Text
	code, maxHeaps, msg := readGameAndBound(text, t.maxHeaps.Text, "max heaps", 10, maxOctalHeaps)
	t.codeError.Set(msg)
	if msg != "" {
		return
	}
	t.ui.prefs.SetString(prefMaxHeaps, strconv.Itoa(maxHeaps))
	t.cont.Disable()
	quadraticChosen := t.engine.Selected == engineQuadratic
	engine := octalEngine(code, quadraticChosen)
	if code.Rules != nil && resume == nil {
		// The general engine's cost grows with the heap: a first Compute
		// stops at its default (8,192 heaps for most games); Continue goes
		// further.
		maxHeaps = min(maxHeaps, octal.DefaultMaxFor(code))
	}
	t.jobs.Start("computing "+statusCode(code)+"…", func(ctx context.Context, h widgets.JobHandle) {
		start := time.Now()
		note := quadraticNote(ctx, code, maxHeaps, quadraticChosen)
		var partial []uint16
		res, err := octal.Solve(ctx, code, octal.SolveOptions{
			Max:    maxHeaps,
			Engine: engine,
			Resume: resume,
			// Called when the run is cancelled: the values so far are kept.
			Checkpoint:      func(v []uint16) error { partial = v; return nil },
			CheckpointEvery: 24 * time.Hour,
			Progress:        t.solveProgress(h, code, note),
		})
		elapsed := time.Since(start)
		// What an uncertified result (finished or cancelled) says about the
		// next step, computed here rather than on the UI thread.
		var kept *octal.Result
		if errors.Is(err, context.Canceled) && len(partial) > len(resume) {
			kept = &octal.Result{Code: code, Values: slices.Clone(partial)}
		}
		next, hint := nextStep(code, res, err, kept)
		h.Finish(func() {
			t.next, t.hint = next, hint
			t.showSolved(code, res, err, kept, elapsed)
		})
	})
}

// octalEngine is the engine the Octal tab runs code with: the one chosen
// for an octal code, nil (Solve's choice) for a take-and-break game.
func octalEngine(code octal.Code, quadratic bool) octal.Extender {
	switch {
	case code.Rules != nil:
		return nil
	case quadratic:
		return octal.QuadraticExtend
	}
	return octal.SparseExtend
}

// quadraticNote says, beside the progress, that a code without a sparse
// space scans every split of every heap, with the expected time; "" for
// the others, and for a code whose forecast does not end within
// forecastBudget.
func quadraticNote(ctx context.Context, code octal.Code, heaps int, chosen bool) string {
	if chosen {
		return "quadratic engine: every heap scans all its splits"
	}
	// The forecast computes the first 8,192 values before the run starts,
	// and shows nothing meanwhile: a few milliseconds for most codes, but
	// 23 s for a code of 298 digits 7, as long again as the run itself.
	// The run's own progress says how fast it goes.
	ctx, cancel := context.WithTimeout(ctx, forecastBudget)
	defer cancel()
	if fc, err := octal.ForecastRun(ctx, code, heaps); err == nil && fc.Quadratic {
		return fmt.Sprintf("no sparse space: every split scanned (quadratic), about %s in all", fc.Expected.Round(time.Second))
	}
	return ""
}

// forecastBudget is the longest a run waits for its forecast
// (quadraticNote) before it starts.
var forecastBudget = 2 * time.Second

// solveProgress shows a run's progress from the worker (throttled).
func (t *octalTab) solveProgress(h widgets.JobHandle, code octal.Code, note string) octal.ProgressFunc {
	update := throttled(h)
	return func(p octal.Progress) {
		update(func() {
			fraction := -1.0
			if p.Total > 0 {
				fraction = float64(p.Done) / float64(p.Total)
			}
			s := fmt.Sprintf("%s: %d heaps, %.0f heaps/s", statusCode(code), p.Done, p.Rate)
			if p.Rare > 0 {
				s += fmt.Sprintf(", %d rare", p.Rare)
			}
			if note != "" {
				s += " — " + note
			}
			t.jobs.Report(fraction, s)
		})
	}
}

// statusCodeRunes is the longest code the status line names whole.
const statusCodeRunes = 12

// statusCode is code as the status line names it: a long code (a field
// holds 300 characters) is cut to its first digits, so that the heaps done
// and their rate after it stay in view. The summary names it in full.
func statusCode(code octal.Code) string {
	s := []rune(code.String())
	if len(s) <= statusCodeRunes {
		return string(s)
	}
	return string(s[:statusCodeRunes-1]) + "…"
}

// nextStep is how far Continue goes after an uncertified run (the values
// kept by Cancel, or a finished run) and the hint that says why.
func nextStep(code octal.Code, res *octal.Result, err error, kept *octal.Result) (next int, hint string) {
	switch {
	case kept != nil:
		return continueHint(kept.Values, code.K())
	case err == nil && !res.Certified && res.Period.Period > 0:
		// The summary already names the period the values show.
		return seenPeriodHint(res)
	case err == nil && !res.Certified:
		return continueHint(res.Values, code.K())
	}
	return 0, ""
}

// showSolved shows the outcome of a run on the UI thread.
func (t *octalTab) showSolved(code octal.Code, res *octal.Result, err error, kept *octal.Result, elapsed time.Duration) {
	switch {
	case errors.Is(err, context.Canceled) && kept != nil:
		t.jobs.Cancelled(fmt.Sprintf("cancelled — %s values kept", plotting.GroupDigits(len(kept.Values))))
		t.setResult(kept)
		t.summary.SetText(fmt.Sprintf("%s: partial — G(0..%s) computed before Cancel, no period certified yet.%s",
			displayName(code.String()), plotting.GroupDigits(len(kept.Values)-1), t.hint))
		t.cont.Enable()
	case errors.Is(err, context.Canceled):
		t.jobs.Cancelled("cancelled")
		if t.result != nil && !t.result.Certified {
			t.cont.Enable()
		}
	case err != nil:
		t.jobs.Stopped("failed")
		t.summary.SetText(code.String() + ": " + err.Error())
	default:
		t.jobs.Done(fmt.Sprintf("%d values in %s", len(res.Values), elapsed.Round(time.Millisecond)))
		t.setResult(res)
		t.ui.addRecent(prefRecentCodes, code.String())
		t.recent.SetOptions(t.ui.recent(prefRecentCodes))
	}
}

// Cancel stops the running computation.
func (t *octalTab) Cancel() { t.jobs.Cancel() }

// showKnownGame makes the well-known games list name the game whose code
// is typed, and show its placeholder when the code is none of them (it
// kept the last picked game beside an unrelated code).
func (t *octalTab) showKnownGame(code string) {
	code = strings.TrimSpace(code)
	label := ""
	for _, g := range knownGames {
		if g.Code == code {
			label = t.gameLabel(g)
			break
		}
	}
	if label == t.games.Selected {
		return
	}
	t.syncingGames = true
	defer func() { t.syncingGames = false }()
	if label == "" {
		t.games.ClearSelected()
	} else {
		t.games.SetSelected(label)
	}
}

// gameName returns the well-known name of code, or "".
func gameName(code string) string {
	if c, err := takebreak.Parse(code); err == nil {
		if n := octal.GameName(octal.NewCode(c)); n != "" {
			return n
		}
	}
	for _, g := range knownGames {
		if g.Code == code {
			return g.Name
		}
	}
	return ""
}

// displayName is a code with its name, e.g. "0.07 (Dawson's Kayles)"; a
// name that already starts with the code is shown alone.
func displayName(code string) string {
	g := gameName(code)
	switch {
	case g == "":
		return code
	case strings.HasPrefix(g, code):
		return g
	}
	return code + " (" + g + ")"
}

// summaryText describes a result in one sentence.
func summaryText(r *octal.Result) string {
	name := displayName(r.Code.String())
	maxV, at := r.MaxAt()
	proof := r.Period.Proof
	switch {
	case r.Certified && r.Period.Saltus != 0:
		return fmt.Sprintf("%s: arithmetic period %d, saltus %d, preperiod %d — proven by the %s; %d values computed, largest value %d (first at heap %d).",
			name, r.Period.Period, r.Period.Saltus, r.Period.Preperiod, proof, len(r.Values), maxV, at)
	case r.Certified:
		return fmt.Sprintf("%s: period %d, preperiod %d — certified by the %s from G(0..%d); %d values computed, largest value %d (first at heap %d).",
			name, r.Period.Period, r.Period.Preperiod, proof, r.Period.NeededTo-1, len(r.Values), maxV, at)
	case r.Period.Period > 0 && r.Period.Saltus != 0:
		return fmt.Sprintf("%s: arithmetic period %d, saltus %d, preperiod %d seen up to heap %d, not proven; largest value %d (first at heap %d).",
			name, r.Period.Period, r.Period.Saltus, r.Period.Preperiod, len(r.Values)-1, maxV, at)
	case r.Period.Period > 0:
		return fmt.Sprintf("%s: period %d, preperiod %d seen up to heap %d, not proven (no theorem covers this game); largest value %d (first at heap %d).",
			name, r.Period.Period, r.Period.Preperiod, len(r.Values)-1, maxV, at)
	}
	return fmt.Sprintf("%s: no period certified within %d heaps (not certified); largest value %d (first at heap %d).",
		name, len(r.Values), maxV, at)
}

func (t *octalTab) setResult(r *octal.Result) {
	t.result = r
	t.summary.SetText(summaryText(r))
	if !r.Certified {
		t.summary.SetText(summaryText(r) + t.hint)
		t.cont.Enable()
	}
	// An arithmetic period (saltus ≠ 0) is not a repetition of values: the
	// table and the plot show the values with their linear trend unshaded.
	periodic := r.Certified && r.Period.Saltus == 0
	if periodic {
		t.table.SetPeriodic(r.Values, r.Period.Period, r.Period.Preperiod, true)
	} else {
		t.table.SetPeriodic(r.Values, 0, -1, false)
	}
	d := widgets.SequenceData{Name: r.Code.String(), Values: r.Values, AutoMask: true}
	if periodic {
		d.Period, d.Preperiod, d.Certified = r.Period.Period, r.Period.Preperiod, true
	}
	t.explorer.Set(d)
	t.exportCSV.Enable()
	t.showMoves()
}

// maxPeriodicHeap bounds heaps evaluated through the period.
const maxPeriodicHeap = 10_000_000

// valuesFor returns G(0..upTo): the computed values, extended through the
// certified period (and its saltus) when upTo is beyond them (the
// certificate makes that exact), or an error when neither covers upTo.
func valuesFor(r *octal.Result, upTo int) ([]uint16, error) {
	if upTo < len(r.Values) {
		return r.Values, nil
	}
	if !r.Certified {
		return nil, fmt.Errorf("heap %d is beyond the %d computed values and no period is certified", upTo, len(r.Values))
	}
	if upTo > maxPeriodicHeap {
		return nil, fmt.Errorf("heap %d is too large (at most %d)", upTo, maxPeriodicHeap)
	}
	// a certified result is extended through its period, never computed
	return r.ValuesUpTo(context.Background(), upTo)
}

// sumDelay is how long the heap-sum field waits after a keystroke before
// it evaluates the sum: typing "3 5 1000000" starts one evaluation, not
// seven.
const sumDelay = 150 * time.Millisecond

// showMoves evaluates the heap-sum field in the background: a sum with a
// heap of 10^6 in Dawson's Kayles has 117,650 winning moves, and finding,
// formatting or showing them all would hold the UI thread for seconds. The
// worker waits sumDelay first (a keystroke meanwhile starts a new job that
// cancels this one), computes and formats the moves, and the UI shows the
// first of them (widgets.BoundedList).
func (t *octalTab) showMoves() {
	text := t.heaps.Text
	if t.result == nil || strings.TrimSpace(text) == "" {
		t.sumJobs.Cancel()
		t.setMoves("", nil)
		return
	}
	r, misereOn := t.result, t.misere.Checked
	var q *misere.Quotient
	if misereOn {
		q = t.ui.misereQuotientFor(r.Code.String())
	}
	delay := t.sumDelay
	t.sumJobs.Start(func(ctx context.Context, h widgets.JobHandle) {
		select {
		case <-time.After(delay):
		case <-ctx.Done():
			return
		}
		if misereOn && q == nil {
			h.Update(func() { t.setMoves("Misère play: searching the game tree…", nil) })
		}
		heading, lines := sumReport(ctx, r, text, misereOn, q)
		if ctx.Err() != nil {
			return
		}
		h.Finish(func() { t.setMoves(heading, lines) })
	})
}

// sumReport describes the sum of heaps in text for the tab's result: in
// normal play from the Grundy values, in misère play from the certified
// quotient q when there is one, else by a game-tree search (misere.Searcher,
// memoised and exact). It returns a heading and one line per winning move.
func sumReport(ctx context.Context, r *octal.Result, text string, misereOn bool, q *misere.Quotient) (string, []string) {
	if !misereOn {
		return movesText(r, text)
	}
	heaps, err := heapsEntry.read(text)
	if err != nil {
		return "⚠ " + err.Error(), nil
	}
	if q != nil {
		heading, lines := misereMovesText(q, text)
		return fmt.Sprintf("Misère play (quotient of order %d): ", q.Order) + heading, lines
	}
	s := misere.NewSearcher(r.Code)
	o, err := s.Outcome(ctx, heaps)
	var moves []octal.Move
	if err == nil {
		moves, err = s.WinningMoves(ctx, heaps)
	}
	switch {
	case errors.Is(err, misere.ErrSearchTooLarge):
		return "⚠ misère play: this sum is too large for a direct search; the Misère tab computes the quotient of " + r.Code.String(), nil
	case err != nil:
		return "⚠ misère play: " + err.Error(), nil
	}
	heading, lines := misereSearchText(sumName(heaps), o, moves)
	return "Misère play (game-tree search): " + heading, lines
}

// sumName writes a sum of heaps for a heading, e.g. "3 + 5 + 7"; a sum of
// many heaps is cut after the first few.
func sumName(heaps []int) string {
	const shown = 12
	s := joinInts(heaps[:min(len(heaps), shown)], " + ")
	if len(heaps) > shown {
		s += fmt.Sprintf(" + … (%d heaps)", len(heaps))
	}
	return s
}

// misereSearchText describes a misère sum from its outcome and winning moves.
func misereSearchText(heaps string, o misere.Outcome, moves []octal.Move) (string, []string) {
	if o == misere.P {
		return heaps + " is a misère P-position — the player to move loses; there is no winning move.", nil
	}
	return fmt.Sprintf("%s is a misère N-position — %s winning move(s):", heaps, plotting.GroupDigits(len(moves))), moveLines(moves)
}

// moveLines writes one line per move.
func moveLines(moves []octal.Move) []string {
	lines := make([]string, len(moves))
	for i, m := range moves {
		lines[i] = "• " + moveText(m)
	}
	return lines
}

// movesText describes the sum of heaps in s: its nim-sum and outcome in the
// heading, then one line per winning move.
func movesText(r *octal.Result, s string) (string, []string) {
	heaps, err := heapsEntry.read(s)
	if err != nil {
		return "⚠ " + err.Error(), nil
	}
	top := 0
	for _, h := range heaps {
		top = max(top, h)
	}
	values, err := valuesFor(r, top)
	if err != nil {
		return "⚠ " + err.Error(), nil
	}
	if r.Code.General() {
		for _, h := range heaps {
			if octal.CountOptions(r.Code, h, guiMoveLimit) > guiMoveLimit {
				lines := []string(nil)
				if len(heaps) == 1 {
					lines = heapOptionLines(r.Code, values, h)
				}
				return fmt.Sprintf("G(%d)=%d\n⚠ a heap of %d has more than %s options in %s: winning moves are not looked for", h, values[h], h, plotting.GroupDigits(guiMoveLimit), r.Code), lines
			}
		}
	}
	moves, err := octal.WinningMoves(r.Code, values, heaps)
	if err != nil {
		return "⚠ " + err.Error(), nil
	}
	var b strings.Builder
	const shown = 12
	parts := make([]string, 0, shown+1)
	for _, h := range heaps[:min(len(heaps), shown)] {
		parts = append(parts, fmt.Sprintf("G(%d)=%d", h, values[h]))
	}
	if len(heaps) > shown {
		parts = append(parts, fmt.Sprintf("… (%d heaps)", len(heaps)))
	}
	x := octal.NimSum(values, heaps)
	fmt.Fprintf(&b, "%s\nnim-sum %d: ", strings.Join(parts, " ⊕ "), x)
	var lines []string
	if x == 0 {
		b.WriteString("P-position — the player to move loses; there is no winning move.")
	} else {
		fmt.Fprintf(&b, "N-position — %s winning move(s):", plotting.GroupDigits(len(moves)))
		lines = moveLines(moves)
	}
	if len(heaps) == 1 {
		lines = append(lines, heapOptionLines(r.Code, values, heaps[0])...)
	}
	return b.String(), lines
}

// guiMoveLimit bounds the options of a heap whose winning moves are looked
// for: a code such as 0.* has as many options as partitions (10^8 at a heap
// of 100), and looking at them all would keep a worker busy for hours.
const guiMoveLimit = 1_000_000

// guiOptionsLimit bounds the options listed for one heap: 0.* has 10^6
// options at a heap of 61.
const guiOptionsLimit = 10_000

// heapOptionLines lists every option of a heap of n tokens in CGSuite's
// order and format (the heaps left, "-" for none) with its Grundy value, as
// a teacher explains a code: a heading line, then one line per option.
func heapOptionLines(code octal.Code, values []uint16, n int) []string {
	opts, complete, err := octal.HeapOptions(code, values, n, guiOptionsLimit)
	if err != nil {
		return []string{"⚠ " + err.Error()}
	}
	count := plotting.GroupDigits(len(opts))
	if !complete {
		count = "more than " + count + " (the first listed)"
	}
	lines := []string{fmt.Sprintf("Options of heap %d, in CGSuite's order: %s", n, count)}
	for _, o := range opts {
		lines = append(lines, fmt.Sprintf("  %s   (take %d)   value %d", o, o.Take, o.Value))
	}
	return lines
}

// valuesCSV is the sequence as "n,grundy" lines.
func (t *octalTab) valuesCSV() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("n,grundy\n")
	for i, v := range t.result.Values {
		b.WriteString(strconv.Itoa(i))
		b.WriteByte(',')
		b.WriteString(strconv.Itoa(int(v)))
		b.WriteByte('\n')
	}
	return b.Bytes(), nil
}
