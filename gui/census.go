package gui

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/nimlab/nimlab/gui/widgets"
	"github.com/nimlab/nimlab/solver/census"
	"github.com/nimlab/nimlab/solver/census/store"
)

// tabCensus is the Census tab's title.
const tabCensus = "Census"

// prefCensusDB remembers the last census database.
const prefCensusDB = "censusDB"

// Census table filters.
const (
	censusShowAll      = "all games"
	censusShowPeriodic = "periodic"
	censusShowUnsolved = "unsolved"
	censusShowSaltus   = "saltus ≠ 0"
	censusShowSeen     = "period seen"
)

// censusFamilies are the families offered in the family field (any pattern
// can be typed).
var censusFamilies = []string{"0.??", "0.???", "4.??", "4.???", "hex:0.?", "hex:0.??", "S(1..6)", "S(1..10)"}

// censusWidths are the widths of the table's columns, in units of the
// theme's text size.
var censusWidths = map[census.Column]float32{
	census.ColumnCode: 5, census.ColumnStatus: 9, census.ColumnPeriod: 4.5, census.ColumnPreperiod: 6,
	census.ColumnSaltus: 4, census.ColumnKind: 4, census.ColumnHeaps: 5.5, census.ColumnMaxValue: 6,
	census.ColumnMaxAt: 5, census.ColumnRareMask: 6, census.ColumnRareCount: 6, census.ColumnLastRare: 6,
	census.ColumnClass: 5, census.ColumnShift: 3.5, census.ColumnSameAs: 5, census.ColumnSeconds: 5,
}

// censusView is what the table shows: a database's table and the filtered,
// sorted rows. It is built by a worker and replaced whole on the UI
// thread, which only formats the visible cells.
type censusView struct {
	table    *census.Table
	rows     []census.Row // in display order
	periodic int          // games with a certified period
}

// censusQuery is the filter and order the table shows.
type censusQuery struct {
	show        string
	periodAbove int // −1: no bound
	contains    string
	sortCol     census.Column
	desc        bool
}

// filter is the query's filter in the census table model.
func (q censusQuery) filter() census.Filter {
	f := census.Filter{CodeContains: q.contains}
	switch q.show {
	case censusShowPeriodic:
		f.Status = census.Periodic
	case censusShowUnsolved:
		f.Status = census.Unsolved
	case censusShowSaltus:
		f.Saltus = true
	case censusShowSeen:
		f.Seen = true
	}
	if q.periodAbove >= 0 {
		f.MinPeriod = q.periodAbove + 1
		if f.MinPeriod < 0 {
			f.MinPeriod = math.MaxInt // no period is above the largest int
		}
	}
	return f
}

// buildCensusView filters and sorts a table (off the UI thread).
func buildCensusView(table *census.Table, q censusQuery) *censusView {
	if table == nil {
		table = &census.Table{}
	}
	return &censusView{table: table, rows: table.Select(q.filter(), q.sortCol, q.desc), periodic: table.Periodic()}
}

// censusTab runs a census in the background and browses its database.
type censusTab struct {
	ui *ui
	// progress is the bar and status row, hidden while it is empty.
	progress *fyne.Container

	family     *widget.SelectEntry
	maxHeaps   *widget.Entry
	timeBudget *widget.Entry
	dbPath     *widget.Entry
	open       *widget.Button
	inputError inlineError

	show        *widget.Select
	periodAbove *widget.Entry
	contains    *widget.Entry
	table       *widget.Table
	summary     *widget.Label

	query censusQuery
	view  *censusView

	jobs     *widgets.JobPanel // the census run
	viewJobs widgets.JobRunner // loading a database, refiltering

	content fyne.CanvasObject
}

func newCensusTab(u *ui) *censusTab {
	t := &censusTab{ui: u, view: buildCensusView(nil, censusQuery{}), query: censusQuery{show: censusShowAll, periodAbove: -1}}
	t.family = widget.NewSelectEntry(censusFamilies)
	t.family.SetText("0.??")
	t.maxHeaps = widget.NewEntry()
	t.maxHeaps.SetText("65536")
	t.timeBudget = widget.NewEntry()
	t.timeBudget.SetPlaceHolder("none")
	t.dbPath = widget.NewEntry()
	t.dbPath.SetText(u.prefs.StringWithFallback(prefCensusDB, "census.sqlite"))
	// One census at a time writes the database: Run is off while it runs.
	t.jobs = widgets.NewJobPanel("Run census", t.Run)
	t.jobs.Exclusive = true
	t.jobs.HideBarWhileIdle()
	// The bar and status take a row only while there is something in it:
	// an empty row between the controls was height the table lacked.
	t.progress = container.NewBorder(nil, nil, nil, t.jobs.Status, t.jobs.Bar)
	t.jobs.OnStatus = t.fitProgress
	t.fitProgress()
	t.open = widget.NewButtonWithIcon("Open database…", theme.FolderOpenIcon(), t.chooseDatabase)
	t.inputError = newInlineError()

	t.show = widget.NewSelect([]string{censusShowAll, censusShowPeriodic, censusShowUnsolved, censusShowSaltus, censusShowSeen}, func(s string) {
		t.query.show = s
		t.refilter()
	})
	t.show.SetSelected(censusShowAll)
	t.periodAbove = widget.NewEntry()
	t.periodAbove.SetPlaceHolder("period >")
	t.periodAbove.OnChanged = func(s string) {
		t.query.periodAbove = -1
		if v, err := strconv.Atoi(strings.TrimSpace(s)); err == nil && v >= 0 {
			t.query.periodAbove = v
		}
		t.refilter()
	}
	t.contains = widget.NewEntry()
	t.contains.SetPlaceHolder("code contains…")
	t.contains.OnChanged = func(s string) {
		t.query.contains = strings.TrimSpace(s)
		t.refilter()
	}
	t.summary = widget.NewLabel("Run a census, or open a census database (nimlab census … --db FILE).")
	t.summary.Wrapping = fyne.TextWrapWord

	t.table = widget.NewTable(
		func() (int, int) { return len(t.view.rows), len(census.Columns()) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			if id.Row >= len(t.view.rows) {
				l.SetText("")
				return
			}
			l.SetText(census.Column(id.Col).Text(t.view.rows[id.Row]))
		})
	t.table.ShowHeaderRow = true
	t.table.CreateHeader = func() fyne.CanvasObject {
		b := widget.NewButton("", nil)
		b.Importance = widget.LowImportance
		return b
	}
	t.table.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		b := o.(*widget.Button)
		if id.Col < 0 {
			return
		}
		title := census.Column(id.Col).Name()
		if census.Column(id.Col) == t.query.sortCol {
			if t.query.desc {
				title += " ▼"
			} else {
				title += " ▲"
			}
		}
		b.SetText(title)
		col := census.Column(id.Col)
		b.OnTapped = func() { t.SortBy(col) }
	}
	t.table.OnSelected = func(id widget.TableCellID) {
		if id.Row >= 0 && id.Row < len(t.view.rows) {
			t.openGame(t.view.rows[id.Row].Result)
		}
		t.table.UnselectAll()
	}
	t.applyWidths()

	form := container.NewVBox(
		container.NewBorder(nil, nil, widget.NewLabel("Family"),
			container.NewHBox(widget.NewLabel("max heaps"), sizedEntry(t.maxHeaps, 6), widget.NewLabel("time a game"), sizedEntry(t.timeBudget, 4)),
			t.family),
		container.NewBorder(nil, nil, widget.NewLabel("Database"), container.NewHBox(t.open, t.jobs.Action, t.jobs.CancelButton), t.dbPath),
		t.inputError,
		t.progress,
		container.NewBorder(nil, nil, container.NewHBox(widget.NewLabel("Show"), t.show, sizedEntry(t.periodAbove, 6)), nil, t.contains),
		t.summary,
	)
	t.content = container.NewBorder(form, nil, nil, nil, t.table)
	// The last database opens with the window (read in the background).
	if path := t.dbPath.Text; path != "" {
		if _, err := os.Stat(path); err == nil {
			t.OpenDatabase(path)
		}
	}
	return t
}

// applyWidths sizes the columns from the theme's text size.
func (t *censusTab) applyWidths() {
	for _, c := range census.Columns() {
		t.table.SetColumnWidth(int(c), censusWidths[c]*theme.TextSize()+2*theme.Padding())
	}
}

// SortBy sorts the table by column col; the same column again reverses.
func (t *censusTab) SortBy(col census.Column) {
	if t.query.sortCol == col {
		t.query.desc = !t.query.desc
	} else {
		t.query.sortCol, t.query.desc = col, false
	}
	t.refilter()
}

// refilter rebuilds the view in the background from the current entries.
func (t *censusTab) refilter() {
	if t.table == nil {
		return // still being built
	}
	table, q := t.view.table, t.query
	t.viewJobs.Start(func(ctx context.Context, h widgets.JobHandle) {
		v := buildCensusView(table, q)
		h.Finish(func() { t.setView(v) })
	})
}

// setView shows v (on the UI thread).
func (t *censusTab) setView(v *censusView) {
	t.view = v
	periodic := v.periodic
	t.summary.SetText(fmt.Sprintf("%d games in %s: %d periodic, %d unsolved; %d shown. Click a column title to sort, a row to open the game in the Octal explorer.",
		len(v.table.Rows), t.dbPath.Text, periodic, len(v.table.Rows)-periodic, len(v.rows)))
	t.table.Refresh()
}

// readInputs validates the form; msg is "" when it is valid.
func (t *censusTab) readInputs() (fam census.Family, budget census.Budget, path, msg string) {
	fam, err := census.ParseFamily(t.family.Text)
	if err != nil {
		var fe *census.FamilyError
		if errors.As(err, &fe) {
			return fam, budget, "", "Not a family: " + fe.Reason + ". Accepted: 0.??? or 4.??? (each ? is every digit 0-7), hex:0.?? (0-F), S(1..k), @FILE."
		}
		return fam, budget, "", inlineCodeError(err)
	}
	n, msg := readBound(t.maxHeaps.Text, "max heaps", 16, 1<<26)
	if msg != "" {
		return fam, budget, "", fmt.Sprintf("%s, got %q", msg, t.maxHeaps.Text)
	}
	budget.MaxHeaps = n
	if budget.Time, err = census.ParseTimeBudget(t.timeBudget.Text); err != nil {
		return fam, budget, "", "time a game: " + err.Error()
	}
	path = strings.TrimSpace(t.dbPath.Text)
	if path == "" {
		return fam, budget, "", "name a database file, e.g. census.sqlite"
	}
	return fam, budget, path, ""
}

// Run starts the census in the background: games already in the database
// with this budget are skipped, each finished game is written at once.
func (t *censusTab) Run() {
	fam, budget, path, msg := t.readInputs()
	if msg != "" {
		t.inputError.Set(msg)
		return
	}
	t.inputError.Hide()
	t.ui.prefs.SetString(prefCensusDB, path)
	pattern := t.family.Text
	q := t.query
	t.jobs.Start(fmt.Sprintf("%s: %d games…", fam.Pattern, len(fam.Games)), func(ctx context.Context, h widgets.JobHandle) {
		db, err := store.Open(path)
		if err != nil {
			h.Finish(func() { t.jobs.Stopped(fmt.Sprintf("cannot open %s: %v", path, err)) })
			return
		}
		defer db.Close()
		done, err := db.Done(budget, census.EngineVersion)
		if err == nil {
			_, err = census.Run(ctx, fam, census.Options{
				Budget: budget,
				Known:  func(c string) (*census.Result, bool) { r, ok := done[c]; return r, ok },
				Record: func(r *census.Result) error { return db.Put(context.Background(), r, pattern) },
				Progress: func(p census.Progress) {
					h.Update(func() {
						fraction := -1.0
						if p.Total > 0 {
							fraction = float64(p.Done) / float64(p.Total)
						}
						t.jobs.Report(fraction, fmt.Sprintf("%d of %d games (%d periodic, %d already known); %s at %d heaps",
							p.Done, p.Total, p.Solved, p.Skipped, p.Code, p.Heaps))
					})
				},
			})
		}
		end, note := (*widgets.JobPanel).Done, "census finished"
		switch {
		case errors.Is(err, context.Canceled):
			end, note = (*widgets.JobPanel).Cancelled, "cancelled: the games finished so far are in the database; Run again to go on"
		case err != nil:
			end, note = (*widgets.JobPanel).Stopped, "failed: "+err.Error()
		}
		// The table is rebuilt here, in the worker: the UI thread only
		// swaps it in.
		table, loadErr := db.Table(context.Background())
		var v *censusView
		if loadErr == nil {
			v = buildCensusView(table, q)
		}
		h.Finish(func() {
			if v != nil {
				t.setView(v)
			}
			end(t.jobs, note)
		})
	})
}

// Cancel stops the running census.
func (t *censusTab) Cancel() { t.jobs.Cancel() }

// OpenDatabase shows the results of an existing census database.
func (t *censusTab) OpenDatabase(path string) {
	t.dbPath.SetText(path)
	t.jobs.SetStatus("reading " + path + "…")
	q := t.query
	t.viewJobs.Start(func(ctx context.Context, h widgets.JobHandle) {
		db, err := store.OpenExisting(path)
		var table *census.Table
		if err == nil {
			table, err = db.Table(context.Background())
			db.Close()
		}
		var v *censusView
		if err == nil {
			v = buildCensusView(table, q)
		}
		h.Finish(func() {
			if err != nil {
				t.jobs.SetStatus(fmt.Sprintf("cannot read %s: %v", path, err))
				return
			}
			t.ui.prefs.SetString(prefCensusDB, path)
			t.jobs.SetStatus("")
			t.setView(v)
		})
	})
}

// fitProgress shows the progress row while a census runs or its status
// says something.
func (t *censusTab) fitProgress() {
	widgets.SetVisible(t.progress, t.jobs.Running() || t.jobs.Status.Text != "")
}

// chooseDatabase asks for a census database and opens it.
func (t *censusTab) chooseDatabase() {
	t.ui.openFile([]string{".sqlite", ".db", ".sqlite3"}, func(r fyne.URIReadCloser) {
		path := r.URI().Path()
		r.Close()
		t.OpenDatabase(path)
	})
}

// openGame shows a census game in the Octal explorer, computed to at least
// the heaps the census reached.
func (t *censusTab) openGame(r *census.Result) {
	o := t.ui.octal
	o.code.SetText(r.Octal)
	if n, err := strconv.Atoi(o.maxHeaps.Text); err != nil || n < r.Heaps {
		o.maxHeaps.SetText(strconv.Itoa(max(r.Heaps, 10)))
	}
	for _, ti := range t.ui.tabs.Items {
		if ti.Text == tabOctal {
			t.ui.tabs.Select(ti)
		}
	}
	o.Compute()
}
