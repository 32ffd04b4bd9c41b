package gui

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/gui/widgets"
	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// newTestUI builds the window on a test app and waits for the default
// computation (0.07) to settle.
func newTestUI(t *testing.T) *ui {
	t.Helper()
	a := test.NewTempApp(t)
	installUIQueue(t)
	u := newUI(a, false)
	waitJobs(t, u.octal.jobs)
	return u
}

// dawsonTable11 is the first row of the thesis' Table 1.1 (Lami):
// G(D_0..D_33) of Dawson's Kayles, and the second row G(D_34..D_67).
var dawsonTable11 = [][]int{
	{0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7},
	{4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7},
}

func TestOctalOpensOnDawsonsKayles(t *testing.T) {
	u := newTestUI(t)
	o := u.octal
	assert.Equal(t, tabOctal, u.tabs.Selected().Text)
	assert.Equal(t, "0.07", o.code.Text)
	// The thesis, Example 1.2.8: period 34, preperiod 53.
	assert.Contains(t, o.summary.Text, "period 34, preperiod 53")
	assert.Contains(t, o.summary.Text, "certified")
	// Table 1.1's layout: rows of 34 with the row label n+.
	rows, cols := o.table.size()
	assert.Equal(t, 34, cols)
	assert.GreaterOrEqual(t, rows, 5)
	for r, row := range dawsonTable11 {
		for c, want := range row {
			assert.Equal(t, want, int(o.result.Values[r*34+c]), "G(%d)", r*34+c)
			assert.Equal(t, o.table.cellText(r*34+c), o.table.cellText(r*34+c))
		}
	}
	assert.Equal(t, 53, o.table.preperiod)
	assert.Equal(t, "cancelled" == o.jobs.Status.Text, false)
	assert.False(t, o.codeError.Visible())
}

// kaylesBrute computes Kayles (0.77) by the definition: remove one or two
// adjacent pins from a row, possibly splitting it.
func kaylesBrute(n int) []int {
	g := make([]int, n+1)
	for m := 0; m <= n; m++ {
		seen := map[int]bool{}
		for take := 1; take <= 2 && take <= m; take++ {
			for a := 0; a <= m-take; a++ {
				seen[g[a]^g[m-take-a]] = true
			}
		}
		v := 0
		for seen[v] {
			v++
		}
		g[m] = v
	}
	return g
}

func TestOctalTypeComputeKayles(t *testing.T) {
	u := newTestUI(t)
	o := u.octal
	o.code.SetText("")
	test.Type(o.code, "0.77")
	test.Tap(o.jobs.Action)
	waitJobs(t, o.jobs)
	// Kayles: period 12, last irregular value at heap 70 (Guy & Smith 1956).
	assert.Contains(t, o.summary.Text, "0.77 (Kayles): period 12, preperiod 71")
	brute := kaylesBrute(300)
	for n := 0; n < len(o.result.Values) && n <= 300; n++ {
		require.Equal(t, brute[n], int(o.result.Values[n]), "G(%d)", n)
	}
	_, cols := o.table.size()
	assert.Equal(t, 12, cols, "rows are one period long")
	assert.Equal(t, []string{"0.77", "0.07"}, u.recent(prefRecentCodes))
	assert.Equal(t, "0.77", u.prefs.String(prefLastCode))
}

func TestOctalBadInputShowsErrorAndStartsNoJob(t *testing.T) {
	u := newTestUI(t)
	o := u.octal
	before := o.summary.Text
	gen := o.jobs.Generation()
	for _, bad := range []struct{ in, says string }{
		{"0.8#", "unexpected"},
		{"0.[3", "not closed"},
		{"007", "no point"},
		{"2.7", "pass"},
		{"0.0%", "unexpected"},
	} {
		o.code.SetText("")
		test.Type(o.code, bad.in)
		assert.True(t, o.codeError.Visible(), bad.in)
		assert.Contains(t, o.codeError.Text, bad.says, bad.in)
		test.Tap(o.jobs.Action)
		assert.Equal(t, gen, o.jobs.Generation(), "%s started a job", bad.in)
		assert.Equal(t, before, o.summary.Text)
	}
	o.code.SetText("")
	test.Type(o.code, "0.07")
	assert.False(t, o.codeError.Visible())
	o.maxHeaps.SetText("lots")
	test.Tap(o.jobs.Action)
	assert.Equal(t, gen, o.jobs.Generation())
	assert.Contains(t, o.codeError.Text, "max heaps")
}

func TestOctalCancelKeepsTheValuesAndContinueExtendsThem(t *testing.T) {
	u := newTestUI(t)
	o := u.octal
	o.code.SetText("0.6") // Officers: no period known, runs to max heaps
	o.maxHeaps.SetText("3000000")
	test.Tap(o.jobs.Action)
	assert.False(t, o.jobs.CancelButton.Disabled(), "Cancel is enabled while a job runs")
	assert.True(t, o.jobs.CancelButton.Visible(), "Cancel takes the place it shares with Continue while a job runs")
	assert.False(t, o.cont.Visible())
	// Cancel once the job has reported a few thousand heaps (a fixed sleep
	// gave too few on a loaded machine).
	waitUntil(t, func() bool { return o.jobs.Bar.Value >= 0.001 })
	test.Tap(o.jobs.CancelButton)
	waitJobs(t, o.jobs)
	assert.True(t, o.jobs.CancelButton.Disabled())
	require.Equal(t, "0.6", o.result.Code.String(), "Cancel keeps the values computed so far")
	kept := len(o.result.Values)
	require.Greater(t, kept, 1000)
	assert.False(t, o.result.Certified)
	assert.Contains(t, o.jobs.Status.Text, "cancelled — ")
	assert.Contains(t, o.summary.Text, "partial")
	assert.Contains(t, o.summary.Text, "Continue extends the values to")
	assert.False(t, o.cont.Disabled())
	assert.True(t, o.cont.Visible(), "Continue is back in its place once the job has ended")
	assert.False(t, o.jobs.CancelButton.Visible())
	// The kept values are G(0..kept-1) of Officers.
	exact, err := octal.Solve(context.Background(), octal.NewCode(takebreak.MustParse("0.6")), octal.SolveOptions{N: 2000})
	require.NoError(t, err)
	assert.Equal(t, exact.Values, o.result.Values[:2001])
	// Continue resumes from them up to the next step.
	next := o.next
	require.Greater(t, next, kept)
	test.Tap(o.cont)
	waitJobs(t, o.jobs)
	assert.Len(t, o.result.Values, next)
	assert.Equal(t, strconv.Itoa(next), o.maxHeaps.Text)
	assert.Equal(t, strconv.Itoa(next), u.prefs.String(prefMaxHeaps), "max heaps is remembered")
	assert.Contains(t, o.summary.Text, "no period certified within")
}

func TestApparentPeriodSaysWhatTheCertificateNeeds(t *testing.T) {
	// Preperiod 1000 (the last irregular value at 999), period 7.
	vals := make([]uint16, 2000)
	for i := range vals {
		vals[i] = uint16(i % 7)
	}
	vals[999] = 9
	p, n0, need, ok := apparentPeriod(vals, 3)
	require.True(t, ok)
	assert.Equal(t, 7, p)
	assert.Equal(t, 1000, n0)
	assert.Equal(t, 2*1000+2*7+3, need)
	next, hint := continueHint(vals, 3)
	assert.Equal(t, need, next)
	assert.Contains(t, hint, "period 7")
	assert.Contains(t, hint, "the next step needs 2,017 heaps")
	// Officers (0.6) shows no period in its first 20,000 values.
	r, err := octal.Solve(context.Background(), octal.NewCode(takebreak.MustParse("0.6")), octal.SolveOptions{N: 20000})
	require.NoError(t, err)
	_, _, _, ok = apparentPeriod(r.Values, 1)
	assert.False(t, ok)
}

func TestOctalNewJobCancelsOld(t *testing.T) {
	u := newTestUI(t)
	o := u.octal
	o.code.SetText("0.6")
	o.maxHeaps.SetText("3000000")
	test.Tap(o.jobs.Action)
	o.maxHeaps.SetText("20000")
	o.code.SetText("0.137")
	test.Tap(o.jobs.Action)
	waitJobs(t, o.jobs)
	assert.Equal(t, "0.137", o.result.Code.String())
	assert.Contains(t, o.summary.Text, "0.137 (Dawson's Chess)")
	assert.NotEqual(t, "cancelled", o.jobs.Status.Text)
}

func TestOctalWinningMoves(t *testing.T) {
	u := newTestUI(t)
	o := u.octal
	o.code.SetText("0.333333")
	test.Tap(o.jobs.Action)
	waitJobs(t, o.jobs)
	// Taking 1 to 6 from a heap: G(n) = n mod 7.
	assert.Contains(t, o.summary.Text, "period 7, preperiod 0")
	test.Type(o.heaps, "3 5 7")
	waitJobs(t, &o.sumJobs)
	assert.Contains(t, o.moves.Text(), "nim-sum 6")
	assert.Contains(t, o.moves.Text(), "2 winning move(s)")
	assert.Contains(t, o.moves.Text(), "heap #2 (5): take 2, leave 3")
	assert.Contains(t, o.moves.Text(), "heap #3 (7): take 1, leave 6")
	o.heaps.SetText("1 2 3")
	waitJobs(t, &o.sumJobs)
	assert.Contains(t, o.moves.Text(), "P-position")
	o.heaps.SetText("1 x")
	waitJobs(t, &o.sumJobs)
	assert.Contains(t, o.moves.Text(), `"x" is not a heap size`)
}

func TestOctalHeapsBeyondComputedUseThePeriod(t *testing.T) {
	u := newTestUI(t)
	o := u.octal
	exact, err := octal.Solve(context.Background(), octal.NewCode(takebreak.MustParse("0.07")), octal.SolveOptions{N: 5000})
	require.NoError(t, err)
	require.Less(t, len(o.result.Values), 5000)
	vals, err := valuesFor(o.result, 5000)
	require.NoError(t, err)
	assert.Equal(t, exact.Values, vals)
	o.heaps.SetText("4999 5000")
	waitJobs(t, &o.sumJobs)
	assert.Contains(t, o.moves.Text(), "G(4999)=")
}

// Beyond the computed values a proven arithmetic period adds its saltus:
// Lasker's Nim (4.[3], proven from G(0..5)) at heaps up to 5000 against its
// formula G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.
func TestOctalHeapsBeyondComputedUseTheSaltus(t *testing.T) {
	res, err := octal.Solve(context.Background(), octal.NewCode(takebreak.MustParse("4.[3]")), octal.SolveOptions{})
	require.NoError(t, err)
	require.True(t, res.Certified)
	require.Less(t, len(res.Values), 5000)
	vals, err := valuesFor(res, 5000)
	require.NoError(t, err)
	for n := 1; n <= 5000; n++ {
		want := map[int]int{1: n, 2: n, 3: n + 1, 0: n - 1}[n%4]
		require.Equal(t, want, int(vals[n]), "G(%d)", n)
	}
}

func TestOctalExports(t *testing.T) {
	u := newTestUI(t)
	o := u.octal
	csv, err := o.valuesCSV()
	require.NoError(t, err)
	lines := strings.Split(string(csv), "\n")
	assert.Equal(t, "n,grundy", lines[0])
	assert.Equal(t, "4,2", lines[5]) // G(D_4) = 2
	assert.Equal(t, len(o.result.Values)+2, len(lines))
}

func TestExportWritesTheFile(t *testing.T) {
	u := newTestUI(t)
	path := filepath.Join(t.TempDir(), "dawson.csv")
	require.NoError(t, exportTo(path, u.octal.valuesCSV))
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	want, _ := u.octal.valuesCSV()
	assert.Equal(t, want, got)
	assert.Error(t, exportTo(filepath.Join(t.TempDir(), "no", "such", "dir.csv"), u.octal.valuesCSV))
}

func TestOctalKnownGamesList(t *testing.T) {
	u := newTestUI(t)
	o := u.octal
	o.games.SetSelected(knownGame{"Kayles", "0.77"}.label())
	waitJobs(t, o.jobs)
	assert.Equal(t, "0.77", o.code.Text)
	assert.Contains(t, o.summary.Text, "period 12")
	for _, g := range knownGames {
		cTB, err := takebreak.Parse(g.Code)
		c := octal.NewCode(cTB)
		if assert.NoError(t, err, g.Name) {
			assert.Equal(t, g.Code, c.String(), "%s is listed in its canonical form", g.Name)
		}
	}
	// Nim as the infinite code 0.[3]: an arithmetic period, proven.
	o.games.SetSelected(knownGame{"Nim", "0.[3]"}.label())
	waitJobs(t, o.jobs)
	assert.Equal(t, "0.[3]", o.code.Text)
	assert.Contains(t, o.summary.Text, "arithmetic period 1, saltus 1, preperiod 0 — proven by the Nim lemma")
	// A typed code moves the list with it, and starts nothing by itself.
	o.code.SetText("0.123")
	assert.Equal(t, "", o.games.Selected)
	o.code.SetText("0.77")
	assert.Equal(t, knownGame{"Kayles", "0.77"}.label(), o.games.Selected)
	assert.Contains(t, o.summary.Text, "proven by the Nim lemma", "typing alone computes nothing")
}

func TestOctalMisereSums(t *testing.T) {
	u := newTestUI(t)
	o := u.octal
	o.code.SetText("0.75")
	test.Tap(o.jobs.Action)
	waitJobs(t, o.jobs)
	o.heaps.SetText("3 4")
	waitJobs(t, &o.sumJobs)
	assert.NotContains(t, o.moves.Text(), "isère")
	o.misere.SetChecked(true)
	b := misereBrute075{}
	check := func(prefix string) {
		for _, heaps := range [][]int{{3, 4}, {2, 2}, {1, 2, 3}, {6}, {5, 6, 7}} {
			o.heaps.SetText(strings.Trim(fmt.Sprint(heaps), "[]"))
			waitJobs(t, &o.sumJobs)
			assert.Contains(t, o.moves.Text(), prefix, "%v", heaps)
			if b.isP(heaps) {
				assert.Contains(t, o.moves.Text(), "misère P-position", "%v", heaps)
			} else {
				assert.Contains(t, o.moves.Text(), "misère N-position", "%v", heaps)
			}
		}
	}
	check("Misère play (game-tree search)")
	// Once the Misère tab holds the certified quotient of 0.75, sums use it.
	selectTab(u, tabMisere)
	waitJobs(t, u.misere.jobs)
	require.True(t, u.misere.quotient.Certified)
	check("Misère play (quotient of order 8)")
	o.heaps.SetText("1 x")
	waitJobs(t, &o.sumJobs)
	assert.Contains(t, o.moves.Text(), `"x" is not a heap size`)
}

// TestSeenPeriodHint: a run whose values show a period no theorem proves
// (here an arithmetic one) is not told "no period shows yet"; Continue
// offers to check the period further.
func TestSeenPeriodHint(t *testing.T) {
	r := &octal.Result{Values: make([]uint16, 500), Period: octal.Period{Period: 4, Saltus: 2}}
	next, hint := seenPeriodHint(r)
	assert.Equal(t, 2000, next)
	assert.Contains(t, hint, "checks the period on 2,000 heaps")
	assert.NotContains(t, hint, "No period")
}

// A single heap in the sum field lists its options in CGSuite's order with
// their values (the options of heap 9 in 0.3F!, from CGSuite's own test),
// and a heap with too many options to look at says so instead of working
// for hours.
func TestOctalHeapOptions(t *testing.T) {
	u := newTestUI(t)
	o := u.octal
	o.code.SetText("0.3F!")
	o.maxHeaps.SetText("100")
	test.Tap(o.jobs.Action)
	waitJobs(t, o.jobs)
	test.Type(o.heaps, "9")
	waitJobs(t, &o.sumJobs)
	text := o.moves.Text()
	assert.Contains(t, text, "Options of heap 9, in CGSuite's order: 6")
	var got []string
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "  ") && strings.Contains(line, "(take") {
			got = append(got, strings.Fields(line)[0])
		}
	}
	assert.Equal(t, []string{"8", "7", "1,6", "2,5", "3,4", "1,2,4"}, got)
	assert.Contains(t, text, "2,5   (take 2)   value 0")

	res, err := octal.Solve(context.Background(), octal.NewCode(takebreak.MustParse("0.*")), octal.SolveOptions{N: 200})
	require.NoError(t, err)
	heading, lines := movesText(res, "150")
	assert.Contains(t, heading, "winning moves are not looked for")
	assert.Contains(t, lines[0], "more than 10,000")
}

// TestOctalTableRowsOnProjector checks the values table on a projector: in
// presentation mode at 1024×768 and 1280×720, after Compute, at least ten
// rows of values are in sight (the table takes the left-hand column but the
// sum's field); a sum typed in opens its answer below the table, as far as
// the answer needs, and emptying the field gives the table its rows back.
func TestOctalTableRowsOnProjector(t *testing.T) {
	for _, size := range projectorSizes {
		t.Run(fmt.Sprintf("%.0fx%.0f", size.Width, size.Height), func(t *testing.T) {
			u := newProjectorUI(t, size, true, tabOctal)
			defer saveLayoutShot(t, u.win.Canvas(), fmt.Sprintf("octal-rows-%.0fx%.0f", size.Width, size.Height))
			o := u.octal
			c := u.win.Canvas()
			// 0.16 has no period within 1,000 heaps: 30 rows of 34 values.
			o.code.SetText("0.16")
			o.maxHeaps.SetText("1000")
			o.Compute()
			waitJobs(t, o.jobs)
			settle(u)
			rows := func(n int) {
				for r := range n {
					tableRowHeader(t, c, o.table, strconv.Itoa(r*34)+"+")
				}
			}
			rows(10)
			assertOnScreen(t, c, o.table.table, o.heaps, o.jobs.Action, o.explorer.explorer, o.summary)
			assert.False(t, o.movesView.Visible(), "the sum's answer is hidden while the field is empty")

			o.heaps.SetText("3 5 7")
			waitJobs(t, &o.sumJobs)
			settle(u)
			_, copyAll := o.moves.Buttons()
			assertOnScreen(t, c, append(listRows(t, o.moves.Rows(), 2), copyAll, o.heaps, o.table.table)...)
			tableRowHeader(t, c, o.table, "34+")

			// A short answer takes no more than it needs: two equal heaps
			// are a P-position, a heading without moves.
			o.heaps.SetText("5 5")
			waitJobs(t, &o.sumJobs)
			settle(u)
			require.Contains(t, o.moves.Text(), "P-position")
			assertOnScreen(t, c, listRows(t, o.moves.Rows(), 1)...)
			rows(5)

			o.heaps.SetText("")
			waitJobs(t, &o.sumJobs)
			settle(u)
			rows(10)
		})
	}
}

// tableRowHeader is the drawn header of a values table's row, labelled
// label. The table's headers lie in a container of no size, so a header is
// on screen when it lies inside the table's place below its column
// headers, and the table is on screen (assertOnScreen).
func tableRowHeader(t *testing.T, c fyne.Canvas, vt *valuesTable, label string) {
	t.Helper()
	table := pathTo(c.Content(), vt.table, fyne.Position{})
	require.NotNil(t, table)
	view := table[len(table)-1]
	// The column headers take the first row.
	top := view.pos.Y + vt.createCell().MinSize().Height
	var seen []string
	var walk func(o fyne.CanvasObject)
	found := false
	walk = func(o fyne.CanvasObject) {
		if txt, ok := o.(*canvas.Text); ok && txt.Text == label && txt.Visible() {
			p := pathTo(c.Content(), txt, fyne.Position{})
			me := p[len(p)-1]
			if view.contains(me) && me.pos.Y >= top-0.5 {
				found = true
			}
			seen = append(seen, me.String())
		}
		for _, ch := range children(o) {
			walk(ch)
		}
	}
	walk(vt.table)
	assert.True(t, found, "row %q is not in sight in the table at %v: drawn %v", label, view, seen)
}

// TestOctalControlsOnOneRowOnA1280Projector picks each well-known game at
// 1280×720 in presentation mode: the games list, Compute and the place
// Cancel and Continue share stay on one row, so the plot keeps the height
// of a second row, for every game; the buttons keep their names (the
// summary tells users to press Continue).
func TestOctalControlsOnOneRowOnA1280Projector(t *testing.T) {
	u := newProjectorUI(t, fyne.NewSize(1280, 720), true, tabOctal)
	o := u.octal
	d := fyne.CurrentApp().Driver()
	assert.Equal(t, "Continue", o.cont.Text)
	assert.Equal(t, "Cancel", o.jobs.CancelButton.Text)
	for _, g := range knownGames {
		o.games.SetSelected(o.gameLabel(g))
		// The row is laid out when the game is chosen; its values are not
		// needed (computing every known game took minutes under the race
		// detector).
		o.jobs.Cancel()
		waitJobs(t, o.jobs)
		settle(u)
		if short, ok := presentGameNames[g.Code]; ok {
			// A name too long for the row ("0.23 (Di Prisa, Example
			// 3.19)") is shortened in the list; the summary names the game
			// in full.
			require.Equal(t, short, o.games.Selected)
			assert.Less(t, len([]rune(short)), len([]rune(g.Name)))
			// The summary starts with the game's displayName.
			assert.Contains(t, displayName(g.Code), g.Name)
		} else {
			require.Equal(t, g.Name, o.games.Selected, "the list names the game only: the code is beside it")
		}
		row := d.AbsolutePositionForObject(o.games).Y
		for _, c := range []fyne.CanvasObject{o.jobs.Action, o.stopGo} {
			assert.InDelta(t, row, d.AbsolutePositionForObject(c).Y, 2, "%s: %s is on the games list's row", g.Name, describe(c))
		}
		assertOnScreen(t, u.win.Canvas(), o.stopGo, o.cont)
	}
}

// TestOctalPlotHintIsReadWhole opens the Octal tab at each projector size
// and the desk's, normal and in presentation mode: the plot's hint (how to
// zoom and pan) is drawn whole, wrapped rather than cut, and inside the
// window.
func TestOctalPlotHintIsReadWhole(t *testing.T) {
	for _, size := range append(slices.Clone(projectorSizes), fyne.NewSize(1920, 1080)) {
		for _, present := range []bool{true, false} {
			t.Run(fmt.Sprintf("%.0fx%.0f-present=%v", size.Width, size.Height, present), func(t *testing.T) {
				u := newProjectorUI(t, size, present, tabOctal)
				r := u.octal.explorer.readout
				require.Equal(t, readoutHint, r.Text())
				assertOnScreen(t, u.win.Canvas(), r)
				assert.GreaterOrEqual(t, r.Size().Height+0.5, r.Label().MinSize().Height, "the hint's lines fit its place")
				assert.Equal(t, strings.Fields(readoutHint), strings.Fields(strings.Join(drawnText(r.Label()), " ")), "every word of the hint is drawn")
			})
		}
	}
}

// drawnText is the text o draws, segment by segment.
func drawnText(o fyne.CanvasObject) []string {
	var out []string
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if txt, ok := o.(*canvas.Text); ok {
			if txt.Visible() && txt.Text != "" {
				out = append(out, txt.Text)
			}
			return
		}
		for _, c := range children(o) {
			walk(c)
		}
	}
	walk(o)
	return out
}

// TestOctalPlotMarksGrowOnAProjector computes 0.23 (ten values) on a
// 1920×1080 screen: in presentation mode each value's mark in the sequence
// plot is as much taller than in the window as the text is (6 pixels times
// the text scale), so that a class sees bars, not dashes.
func TestOctalPlotMarksGrowOnAProjector(t *testing.T) {
	for _, present := range []bool{false, true} {
		t.Run(fmt.Sprintf("present=%v", present), func(t *testing.T) {
			u := newProjectorUI(t, fyne.NewSize(1920, 1080), present, tabOctal)
			o := u.octal
			o.code.SetText("0.23")
			o.Compute()
			waitJobs(t, o.jobs)
			waitJobs(t, o.explorer.explorer.Jobs())
			settle(u)
			require.Len(t, o.explorer.explorer.Data().Values, 10)
			img := o.explorer.explorer.RenderData(1000, 500)
			// The tallest run of a mark's colour down a pixel column.
			tallest := 0
			for x := 0; x < 1000; x++ {
				run := 0
				for y := 0; y < 500; y++ {
					if c := img.NRGBAAt(x, y); c == plotting.CommonColour || c == plotting.RareColour {
						run++
						tallest = max(tallest, run)
					} else {
						run = 0
					}
				}
			}
			want := 6
			if present {
				want = int(math.Round(6 * PresentationScale))
			}
			assert.Equal(t, want, tallest, "a mark's height")
		})
	}
}

// TestOctalProgressIsReadWhole shows a running job's progress at each
// projector size and the desk's, normal and in presentation mode: the
// status line (heaps done, their rate, the rare heaps) is drawn whole. The
// row of controls left the progress its least width, 24 text sizes, half
// of them the bar's, even where the rest of its line was empty: at
// 1280×720 the status read "0.6: 1566566 heaps, …".
func TestOctalProgressIsReadWhole(t *testing.T) {
	for _, size := range append(slices.Clone(projectorSizes), fyne.NewSize(1920, 1080)) {
		for _, present := range []bool{false, true} {
			t.Run(fmt.Sprintf("%.0fx%.0f-present=%v", size.Width, size.Height, present), func(t *testing.T) {
				u := newProjectorUI(t, size, present, tabOctal)
				o := u.octal
				o.jobs.Start("computing 0.6…", func(ctx context.Context, h widgets.JobHandle) {
					<-ctx.Done()
					h.Finish(func() { o.jobs.Cancelled("cancelled") })
				})
				const status = "0.6: 1566566 heaps, 15864 heaps/s, 12 rare"
				o.jobs.Report(0.15, status)
				settle(u)
				assertOnScreen(t, u.win.Canvas(), o.jobs.Status, o.jobs.CancelButton)
				assert.Equal(t, status, strings.Join(drawnText(o.jobs.Status), ""), "the status is drawn whole")
				o.jobs.Cancel()
				waitJobs(t, o.jobs)
			})
		}
	}
}

// TestOctalStatusNamesALongCodeShort: the status line names a code of
// 298 digits by its first 11 characters, so that the heaps done and their
// rate after it are not cut off; a short code is named whole.
func TestOctalStatusNamesALongCodeShort(t *testing.T) {
	long := "0." + strings.Repeat("7", 298)
	rules, err := takebreak.Parse(long)
	require.NoError(t, err)
	assert.Equal(t, "0."+strings.Repeat("7", 9)+"…", statusCode(octal.NewCode(rules)))
	rules, err = takebreak.Parse("0.137")
	require.NoError(t, err)
	assert.Equal(t, "0.137", statusCode(octal.NewCode(rules)))
}

// TestQuadraticNoteKeepsToItsBudget: the forecast behind the note on a
// code without a sparse space computes the first 8,192 values before the
// run starts; for a code of 298 digits 7 that took 23 s on a desk machine,
// with nothing on screen but "computing…". It gives up after
// forecastBudget (here 20 ms) and the run starts without a note.
func TestQuadraticNoteKeepsToItsBudget(t *testing.T) {
	saved := forecastBudget
	forecastBudget = 20 * time.Millisecond
	t.Cleanup(func() { forecastBudget = saved })
	rules, err := takebreak.Parse("0." + strings.Repeat("7", 298))
	require.NoError(t, err)
	start := time.Now()
	note := quadraticNote(context.Background(), octal.NewCode(rules), 100000, false)
	assert.Equal(t, "", note)
	assert.Less(t, time.Since(start), 3*time.Second, "the forecast stops at its budget")
	assert.Equal(t, "quadratic engine: every heap scans all its splits", quadraticNote(context.Background(), octal.NewCode(rules), 100000, true))
}
