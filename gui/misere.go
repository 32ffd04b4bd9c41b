package gui

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/nimlab/nimlab/gui/widgets"
	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/solver/misere"
	"github.com/nimlab/nimlab/solver/octal"
)

// misereTab is the Misère tab: an octal code → its misère quotient (order,
// presentation, P-portion, tame or wild, normal), the multiplication table
// with the P-portion marked, Φ by heap, and misère outcomes of sums.
type misereTab struct {
	ui *ui
	// summaryText and analysisText are the whole summary and analysis;
	// presentation mode shows the summary's first line and moves the rest
	// into the folded details (showTexts).
	summaryText, analysisText string

	code      *widgets.BoundedEntry
	codeError inlineError
	maxHeaps  *widgets.BoundedEntry
	summary   *widget.Label
	// details folds the analysis away (presentation mode).
	details *widget.Accordion
	// analysis shows the quotient's structure (classes, subgroups, Φ
	// faithful) and its partial quotient orders, formatted by the worker.
	analysis *widget.Label
	mul      *widget.Table
	phi      *valuesTable
	heaps    *widgets.BoundedEntry
	moves    *widgets.BoundedList

	jobs     *widgets.JobPanel
	sumJobs  widgets.JobRunner
	quotient *misere.Quotient
	content  fyne.CanvasObject
	// Headings that presentation mode shortens.
	mulHead, phiHead, sumLabel *widget.Label
	split, right               *container.Split
	movesView                  fyne.CanvasObject // the sum's answer, scrolled
	present                    bool
}

func newMisereTab(u *ui) *misereTab {
	t := &misereTab{ui: u}
	t.code = widgets.NewBoundedEntry(maxCodeInput)
	t.code.SetPlaceHolder("octal code, e.g. 0.75")
	t.code.SetText("0.75")
	t.code.OnChanged = func(s string) { t.validate(s) }
	t.code.OnSubmitted = func(string) { t.Compute() }
	t.codeError = newInlineError()
	t.code.OnTruncated = t.codeError.truncated
	t.maxHeaps = widgets.NewBoundedEntry(maxNumberInput)
	t.maxHeaps.SetText(strconv.Itoa(misere.DefaultMax))
	// Return in either field computes, as in the Octal tab.
	t.maxHeaps.OnSubmitted = func(string) { t.Compute() }
	t.jobs = widgets.NewJobPanel("Compute", t.Compute)
	t.summary = widget.NewLabel("Type an octal code and Compute its misère quotient (e.g. 0.75, 0.23, 0.77).")
	t.summary.Wrapping = fyne.TextWrapWord
	t.summary.Selectable = true // presentations are copied into papers
	t.summary.TextStyle = fyne.TextStyle{Bold: true}
	t.analysis = widget.NewLabel("")
	t.analysis.Wrapping = fyne.TextWrapWord

	t.mul = widget.NewTableWithHeaders(t.mulSize, t.createMulCell, t.updateMulCell)
	t.mul.CreateHeader = t.createMulCell
	t.mul.UpdateHeader = t.updateMulHeader
	t.phi = newValuesTable()
	t.heaps = widgets.NewBoundedEntry(maxListInput)
	t.heaps.SetPlaceHolder("heaps, e.g. 3 4")
	t.heaps.OnChanged = func(string) { t.showMoves() }
	t.moves = widgets.NewBoundedList(u.app, u.win)

	codeBox := container.NewBorder(nil, nil, widget.NewLabel("Code"), nil, sizedEntry(t.code, 10))
	form := newFlow(codeBox, codeBox,
		container.NewHBox(widget.NewLabel("max heap"), sizedEntry(t.maxHeaps, 4.5)), t.jobs.Action, t.jobs.CancelButton)
	t.jobs.Status.Truncation = fyne.TextTruncateEllipsis
	// The analysis (orders, divisibility classes, faithfulness) folds away
	// in presentation mode, where the tables matter more.
	t.details = widget.NewAccordion(widget.NewAccordionItem("Details: orders, divisibility, faithfulness", t.analysis))
	t.details.OpenAll()
	top := container.NewVBox(form, t.codeError, t.jobs.ProgressRow(0), t.summary, t.details)
	bold := func(s string) *widget.Label {
		l := widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		l.Wrapping = fyne.TextWrapWord
		return l
	}
	t.mulHead = bold(mulHeading)
	t.phiHead = bold(phiHeading)
	t.sumLabel = bold("Misère sum of heaps")
	t.sumLabel.Wrapping = fyne.TextWrapOff
	mulBox := container.NewBorder(t.mulHead, nil, nil, nil, t.mul)
	phiBox := container.NewBorder(t.phiHead, nil, nil, nil, t.phi.table)
	// The sum's label and field share a row; its answer (heading first)
	// scrolls in the rows below.
	t.movesView = t.moves.ScrolledView()
	t.movesView.Hide()
	sumBox := container.NewBorder(container.NewBorder(nil, nil, t.sumLabel, nil, t.heaps), nil, nil, nil, t.movesView)
	right := container.NewVSplit(phiBox, sumBox)
	split := container.NewHSplit(mulBox, right)
	split.SetOffset(0.5)
	// Only the tables and the sum's answer scroll, each in its pane.
	t.split, t.right = split, right
	t.fitSumPane()
	t.content = container.NewBorder(top, nil, nil, nil, split)
	return t
}

// Headings of the Misère tab's panes; on a projector they are shortened
// to one line, and the highlighting they explain is seen.
const (
	mulHeading        = "Multiplication table (products in the P-portion highlighted, P elements starred)"
	mulHeadingCompact = "Multiplication table (P starred)"
	phiHeading        = "Φ(Hₙ) by heap (rows of one period; periodic part highlighted)"
	phiHeadingCompact = "Φ(Hₙ) by heap"
)

// setMoves shows the sum's answer (an empty heading and no lines clear
// it) and fits the pane to it.
func (t *misereTab) setMoves(heading string, lines []string) {
	t.moves.Set(heading, lines)
	t.fitSumPane()
}

// fitSumPane gives Φ(Hₙ) the column's height down to the sum's field while
// the sum has no answer, and shares it when there is one: the answer is
// what a class waits for, and on a projector its pane gets more.
func (t *misereTab) fitSumPane() {
	shown := t.moves.Text() != ""
	widgets.SetVisible(t.movesView, shown)
	switch {
	case !shown:
		t.right.SetOffset(1) // the split keeps the field's row
	case t.present:
		t.right.SetOffset(0.35)
	default:
		t.right.SetOffset(0.45)
	}
}

// setPresentation folds the details and the idle progress row away on a
// projector, so that the tables get the height.
func (t *misereTab) setPresentation(on bool) {
	if on {
		t.details.CloseAll()
	} else {
		t.details.OpenAll()
	}
	t.jobs.SetCompact(on)
	t.phi.setCompact(on)
	mul, phi, sum := mulHeading, phiHeading, "Misère sum of heaps"
	if on {
		mul, phi, sum = mulHeadingCompact, phiHeadingCompact, "Sum"
	}
	// The sum's answer is what a class waits for: on a projector its pane
	// gets more of the width.
	if on {
		t.split.SetOffset(0.45)
	} else {
		t.split.SetOffset(0.5)
	}
	t.present = on
	t.fitSumPane()
	t.showTexts()
	t.mulHead.SetText(mul)
	t.phiHead.SetText(phi)
	t.sumLabel.SetText(sum)
}

func (t *misereTab) validate(s string) bool {
	if _, err := readMisereRules(s); err != nil {
		t.codeError.Set(inlineCodeError(err))
		return false
	}
	t.codeError.Set("")
	return true
}

// Shown computes the default code's quotient the first time the tab is
// selected.
func (t *misereTab) Shown() {
	if t.quotient == nil && t.jobs.Generation() == 0 {
		t.Compute()
	}
}

// Compute builds the misère quotient of the code in the background.
func (t *misereTab) Compute() {
	code, err := readMisereRules(t.code.Text)
	msg := ""
	if err != nil {
		msg = inlineCodeError(err)
	}
	maxHeap := 0
	if msg == "" {
		maxHeap, msg = readBound(t.maxHeaps.Text, "max heap", 1, 5000)
	}
	t.codeError.Set(msg)
	if msg != "" {
		return
	}
	t.jobs.Start("computing the quotient of "+code.String()+"…", func(ctx context.Context, h widgets.JobHandle) {
		start := time.Now()
		update := throttled(h)
		q, err := misere.Compute(ctx, code, misere.Options{Max: maxHeap, Progress: func(p misere.Progress) {
			update(func() {
				t.jobs.Report(float64(p.Heap)/float64(max(p.Max, 1)), fmt.Sprintf("Q%s has order %d", subscript(p.Heap), p.Order))
			})
		}})
		elapsed := time.Since(start)
		// A computation stopped by its memory limit still has a verified
		// partial quotient: show it with the reason. The analysis text is
		// built here, off the UI thread (its size grows with the quotient).
		stopped := err != nil && q != nil && errors.Is(err, misere.ErrTooLarge)
		analysis := ""
		if q != nil && (err == nil || stopped) {
			analysis = quotientAnalysisText(q, q.Analyse())
		}
		h.Finish(func() {
			if stopped {
				t.jobs.Stopped(fmt.Sprintf("stopped after Q%s (memory limit)", subscript(q.ComputedTo)))
				t.setQuotient(q)
				bound := ""
				if b := q.NextBound; b != nil {
					bound = fmt.Sprintf(" |Q%s| ≥ %d (certified lower bound).", subscript(b.Heap), b.Order)
				}
				t.setTexts(t.summaryText, "Stopped: verifying Q"+subscript(q.ComputedTo+1)+" needs more memory than allowed; Q"+subscript(q.ComputedTo)+" is the last verified partial quotient."+bound+"\n"+analysis)
				return
			}
			if t.jobs.Failed(err, func(err error) { t.setTexts(code.String()+": "+err.Error(), "") }) {
				return
			}
			t.jobs.Done(fmt.Sprintf("Q%s in %s", subscript(q.ComputedTo), elapsed.Round(time.Millisecond)))
			t.setQuotient(q)
			t.setTexts(t.summaryText, analysis)
		})
	})
}

// quotientAnalysisText describes the quotient's structure in a few bounded lines:
// the orders |Q_n| where they change (the last 12), the mutual-divisibility
// classes, the maximal subgroups (the first 8) and whether Φ is faithful.
func quotientAnalysisText(q *misere.Quotient, a *misere.Analysis) string {
	var b strings.Builder
	var changes []string
	for n, o := range q.Orders {
		if n == 0 || o != q.Orders[n-1] {
			changes = append(changes, fmt.Sprintf("%d from Q%s", o, subscript(n)))
		}
	}
	if len(changes) > 12 {
		changes = append([]string{fmt.Sprintf("… %d earlier", len(changes)-12)}, changes[len(changes)-12:]...)
	}
	fmt.Fprintf(&b, "Orders |Qₙ|: %s.\n", strings.Join(changes, ", "))
	fmt.Fprintf(&b, "%d mutual-divisibility classes; maximal subgroups: ", len(a.Classes))
	var groups []string
	for i, g := range a.Subgroups {
		if i == 8 {
			groups = append(groups, fmt.Sprintf("… %d more", len(a.Subgroups)-8))
			break
		}
		groups = append(groups, fmt.Sprintf("at %s %s", q.Names[g.Identity], g.Structure))
	}
	b.WriteString(strings.Join(groups, "; ") + ".\n")
	if a.Faithful {
		fmt.Fprintf(&b, "Φ is faithful on the sums of heaps 0..%d (Di Prisa, “Impartial Games and Misère Play”, open problem 4.9).", a.FaithfulTo)
	} else {
		fmt.Fprintf(&b, "Φ is NOT faithful on the sums of heaps 0..%d: %s.", a.FaithfulTo, a.Conflict)
	}
	return b.String()
}

// quotientSummary describes a quotient in two sentences.
func quotientSummary(q *misere.Quotient) string {
	var b strings.Builder
	name := displayName(q.Code)
	// Both lists grow with the quotient (Q_33 of 0.07 has 109 P elements and
	// hundreds of relations): show a bounded part, the rest is in the table
	// and in the CLI's --all.
	const shown = 30
	pnames := make([]string, 0, min(len(q.PSet), shown)+1)
	for _, x := range q.PSet[:min(len(q.PSet), shown)] {
		pnames = append(pnames, q.Names[x])
	}
	if len(q.PSet) > shown {
		pnames = append(pnames, fmt.Sprintf("… and %d more", len(q.PSet)-shown))
	}
	presentation := q.Presentation
	if len(q.Relations) > shown {
		presentation = fmt.Sprintf("⟨%s | %s, … and %d more relations⟩", strings.Join(q.Generators, ", "),
			strings.Join(q.Relations[:shown], ", "), len(q.Relations)-shown)
	}
	kind := q.Tameness()
	if q.Tame {
		// The window names Nim's quotient, for a class meeting T_n for the
		// first time, and writes the index as a subscript.
		kind = fmt.Sprintf("tame (≅ T%s, Nim's quotient)", subscript(q.TameN))
	}
	fmt.Fprintf(&b, "%s: misère quotient of order %d, %s, %s, P = {%s}.\nPresentation %s.\n",
		name, q.Order, kind, q.Normality(), strings.Join(pnames, ", "), presentation)
	if q.Certified {
		fmt.Fprintf(&b, "Certified by the misère periodicity theorem: this is the full quotient and Φ(Hₙ₊%s) = Φ(Hₙ) for n ≥ %d.", subscript(q.Period), q.Preperiod)
	} else {
		fmt.Fprintf(&b, "Partial quotient Q%s: no period certified up to heap %d (not certified).", subscript(q.ComputedTo), q.ComputedTo)
	}
	return b.String()
}

func (t *misereTab) setQuotient(q *misere.Quotient) {
	t.quotient = q
	t.setTexts(quotientSummary(q), t.analysisText)
	t.sizeMulColumns()
	t.mul.Refresh()
	vals := make([]uint16, len(q.Phi))
	for i, x := range q.Phi {
		vals[i] = uint16(x)
	}
	width, pre := 12, -1
	if q.Certified {
		pre = q.Preperiod
		if q.Period >= 2 && q.Period <= 64 {
			width = q.Period
		}
	}
	t.phi.names = q.Names
	t.phi.Set(vals, width, pre)
	t.showMoves()
}

// sizeMulColumns makes every column of the multiplication table as wide as
// the longest element name (plus the P star).
func (t *misereTab) sizeMulColumns() {
	longest := 1
	for _, n := range t.quotient.Names {
		longest = max(longest, len([]rune(n))+1)
	}
	w := float32(longest)*theme.TextSize()*0.65 + 4*theme.Padding()
	t.mul.SetColumnWidth(-1, w)
	for c := 0; c < t.quotient.Order; c++ {
		t.mul.SetColumnWidth(c, w)
	}
}

func (t *misereTab) mulSize() (int, int) {
	if t.quotient == nil {
		return 0, 0
	}
	return t.quotient.Order, t.quotient.Order
}

func (t *misereTab) createMulCell() fyne.CanvasObject { return newTextCell(true) }

func (t *misereTab) updateMulCell(id widget.TableCellID, o fyne.CanvasObject) {
	c := clearedTextCell(o, theme.ColorNameForeground)
	if q := t.quotient; q != nil && id.Row < q.Order && id.Col < q.Order {
		x := q.Mul[id.Row][id.Col]
		c.txt.Text = q.Names[x]
		if q.P[x] {
			c.bg.FillColor = periodicTint()
			c.txt.TextStyle.Bold = true
		}
	}
	c.refresh()
}

func (t *misereTab) updateMulHeader(id widget.TableCellID, o fyne.CanvasObject) {
	c := clearedTextCell(o, theme.ColorNamePlaceHolder)
	x := id.Col
	if id.Col < 0 {
		x = id.Row
	}
	if q := t.quotient; q != nil && x >= 0 && x < q.Order {
		c.txt.Text = q.Names[x]
		if q.P[x] {
			c.txt.Text += "*"
			c.txt.Color = theme.Color(theme.ColorNamePrimary)
		}
	}
	c.refresh()
}

// mulText returns the product shown at row x, column y (for tests).
func (t *misereTab) mulText(x, y int) string {
	return t.quotient.Names[t.quotient.Mul[x][y]]
}

// showMoves evaluates the sum field in the background (sumDelay after the
// last keystroke), as the Octal tab does: a heap of 10^6 has as many moves.
func (t *misereTab) showMoves() {
	text, q := t.heaps.Text, t.quotient
	if q == nil || strings.TrimSpace(text) == "" {
		t.sumJobs.Cancel()
		t.setMoves("", nil)
		return
	}
	t.sumJobs.Start(func(ctx context.Context, h widgets.JobHandle) {
		select {
		case <-time.After(sumDelay):
		case <-ctx.Done():
			return
		}
		heading, lines := misereMovesText(q, text)
		if heaps, err := heapsEntry.read(text); err == nil {
			if _, err := q.Element(heaps); err != nil && checkHeapRange(heaps) {
				// beyond the computed quotient: Q_m or a search decides it
				heading, lines = misereSumText(ctx, q.Code, heaps)
			}
		}
		if ctx.Err() != nil {
			return
		}
		h.Finish(func() { t.setMoves(heading, lines) })
	})
}

// misereMovesText describes a sum of heaps in misère play: its element of
// the quotient and its outcome in the heading, then one line per winning
// move.
func misereMovesText(q *misere.Quotient, s string) (string, []string) {
	heaps, err := heapsEntry.read(s)
	if err != nil {
		return "⚠ " + err.Error(), nil
	}
	x, err := q.Element(heaps)
	if err != nil {
		return "⚠ " + err.Error(), nil
	}
	moves, err := q.WinningMoves(heaps)
	if err != nil {
		return "⚠ " + err.Error(), nil
	}
	const shown = 12
	parts := make([]string, 0, shown+1)
	for _, h := range heaps[:min(len(heaps), shown)] {
		e, _ := q.PhiOf(h)
		parts = append(parts, fmt.Sprintf("Φ(%d)=%s", h, q.Names[e]))
	}
	if len(heaps) > shown {
		parts = append(parts, fmt.Sprintf("… (%d heaps)", len(heaps)))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s → %s\n", strings.Join(parts, " · "), q.Names[x])
	if q.P[x] {
		b.WriteString("misère P-position — the player to move loses; there is no winning move.")
		return b.String(), nil
	}
	fmt.Fprintf(&b, "misère N-position — %s winning move(s):", plotting.GroupDigits(len(moves)))
	return b.String(), moveLines(moves)
}

// moveText writes an octal move in words.
func moveText(m octal.Move) string {
	leave := "nothing"
	if len(m.Leave) > 0 {
		leave = joinInts(m.Leave, " + ")
	}
	return fmt.Sprintf("heap #%d (%d): take %d, leave %s", m.Heap+1, m.From, m.Take, leave)
}

// checkHeapRange reports whether every heap is a size the misère solvers take.
func checkHeapRange(heaps []int) bool {
	for _, h := range heaps {
		if h < 0 || h >= 1<<24 {
			return false
		}
	}
	return true
}

// misereSumText decides a sum with heaps beyond the computed quotient by
// misere.SolveSum (the partial quotient Q_m of its largest heap, or a search)
// and says which method decided it.
func misereSumText(ctx context.Context, code string, heaps []int) (string, []string) {
	rules, err := readMisereRules(code)
	if err != nil {
		return "⚠ " + inlineCodeError(err), nil
	}
	r, err := misere.SolveSum(ctx, rules, heaps, misere.SumOptions{})
	if err != nil {
		return "⚠ misère play: " + err.Error(), nil
	}
	if r.Outcome == misere.P {
		return "misère P-position — the player to move loses; there is no winning move.\n(" + r.Describe() + ")", nil
	}
	return fmt.Sprintf("misère N-position — %s winning move(s) (%s):", plotting.GroupDigits(len(r.Moves)), r.Describe()), moveLines(r.Moves)
}

// subscript writes n in subscript digits, Q₂₀ for the thesis' Q_{20}: the
// window shows no raw TeX.
func subscript(n int) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= '0' && r <= '9':
			return '₀' + (r - '0')
		case r == '-':
			return '₋'
		}
		return r
	}, strconv.Itoa(n))
}

// setTexts records the summary and the analysis and shows them.
func (t *misereTab) setTexts(summary, analysis string) {
	t.summaryText, t.analysisText = summary, analysis
	t.showTexts()
}

// showTexts shows the summary and the analysis for the mode: on a
// projector the summary's first line (the quotient's order, kind and P)
// stays above the tables and its other lines (the presentation, the
// certificate) open with the details, so that the tables get the height.
func (t *misereTab) showTexts() {
	summary, analysis := t.summaryText, t.analysisText
	if t.ui != nil && t.ui.present {
		if i := strings.IndexByte(summary, '\n'); i >= 0 {
			rest := summary[i+1:]
			summary = summary[:i]
			if analysis != "" {
				rest += "\n" + analysis
			}
			analysis = rest
		}
	}
	if summary != "" && t.summary.Text != summary {
		t.summary.SetText(summary)
	}
	t.analysis.SetText(analysis)
}
