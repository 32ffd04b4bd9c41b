package gui

import (
	"context"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/census"
	"github.com/nimlab/nimlab/solver/census/store"
)

// censusCell is what the census table shows at (row, col).
func censusCell(t *censusTab, row int, col census.Column) string {
	return col.Text(t.view.rows[row])
}

func censusColumn(title string) census.Column {
	c, ok := census.ColumnNamed(title)
	if !ok {
		panic(title)
	}
	return c
}

func TestCensusTabRunsSortsFiltersAndOpensGames(t *testing.T) {
	u := newTestUI(t)
	c := u.census
	db := filepath.Join(t.TempDir(), "gui.sqlite")
	c.family.SetText("0.?7")
	c.maxHeaps.SetText("4096")
	c.dbPath.SetText(db)
	assert.False(t, c.progress.Visible(), "no empty progress row before a census")
	test.Tap(c.jobs.Action)
	assert.False(t, c.jobs.CancelButton.Disabled(), "Cancel is offered while the census runs")
	assert.True(t, c.progress.Visible(), "the progress row while the census runs")
	waitJobs(t, c.jobs)
	assert.Equal(t, "census finished", c.jobs.Status.Text)
	assert.True(t, c.progress.Visible(), "the status stays")
	require.Len(t, c.view.rows, 8)
	assert.True(t, c.jobs.CancelButton.Disabled())
	assert.Contains(t, c.summary.Text, "8 games")

	// The table's own cells, through the widget's callbacks.
	rows, cols := c.table.Length()
	assert.Equal(t, 8, rows)
	assert.Equal(t, len(census.Columns()), cols)

	// Sort by period, largest first: Dawson's Kayles (34) leads; a second
	// tap on the header reverses.
	period := censusColumn("period")
	c.SortBy(period)
	waitJobs(t, &c.viewJobs)
	c.SortBy(period)
	waitJobs(t, &c.viewJobs)
	assert.Equal(t, "34", censusCell(c, 0, period))
	assert.Equal(t, "0.07", censusCell(c, 0, censusColumn("code")))

	// Filter: unsolved only, then periodic with period above 20.
	c.show.SetSelected(censusShowUnsolved)
	waitJobs(t, &c.viewJobs)
	for r := range c.view.rows {
		assert.Equal(t, "unsolved (max)", censusCell(c, r, censusColumn("status")))
	}
	c.show.SetSelected(censusShowAll)
	c.periodAbove.SetText("20")
	waitJobs(t, &c.viewJobs)
	codes := []string{}
	for r := range c.view.rows {
		codes = append(codes, censusCell(c, r, 0))
	}
	want := []string{}
	for _, e := range c.view.table.Rows {
		if e.Result.Solved() && e.Result.Period > 20 {
			want = append(want, e.Result.Code)
		}
	}
	assert.Contains(t, want, "0.07")
	assert.NotContains(t, want, "0.77", "Kayles' period is 12")
	assert.ElementsMatch(t, want, codes)
	c.periodAbove.SetText("")
	waitJobs(t, &c.viewJobs)

	// Clicking a row opens the game in the Octal explorer.
	row := -1
	for r := range c.view.rows {
		if censusCell(c, r, 0) == "0.77" {
			row = r
		}
	}
	require.GreaterOrEqual(t, row, 0)
	c.table.Select(widget.TableCellID{Row: row, Col: 0})
	waitJobs(t, u.octal.jobs)
	assert.Equal(t, tabOctal, u.tabs.Selected().Text)
	assert.Equal(t, "0.77", u.octal.code.Text)
	require.NotNil(t, u.octal.result)
	assert.Equal(t, 12, u.octal.result.Period.Period)

	// A fresh window opening the database shows the same results.
	u2 := newTestUI(t)
	u2.census.OpenDatabase(db)
	waitJobs(t, &u2.census.viewJobs)
	assert.Len(t, u2.census.view.rows, 8)
	assert.Equal(t, db, u2.census.dbPath.Text)
}

func TestCensusTabCancelKeepsFinishedGamesAndResumes(t *testing.T) {
	u := newTestUI(t)
	c := u.census
	db := filepath.Join(t.TempDir(), "cancel.sqlite")
	c.family.SetText("0.???")
	c.maxHeaps.SetText("8192")
	c.dbPath.SetText(db)
	c.Run()
	// Let some games finish, then cancel.
	for {
		<-testQueue.Signal()
		testQueue.Drain()
		if c.jobs.Bar.Value > 0.02 {
			break
		}
	}
	test.Tap(c.jobs.CancelButton)
	waitJobs(t, c.jobs)
	assert.Contains(t, c.jobs.Status.Text, "cancelled")
	s, err := store.OpenExisting(db)
	require.NoError(t, err)
	n, err := s.Count(context.Background())
	require.NoError(t, err)
	s.Close()
	assert.Positive(t, n)
	assert.Less(t, n, 512)
	assert.Len(t, c.view.rows, n, "the table shows what the database holds")
}

func TestCensusTabBadInput(t *testing.T) {
	u := newTestUI(t)
	c := u.census
	c.family.SetText("0.#?")
	test.Tap(c.jobs.Action)
	assert.True(t, c.inputError.Visible())
	assert.Contains(t, c.inputError.Text, "Not a family")
	c.family.SetText("0.??")
	c.maxHeaps.SetText("lots")
	test.Tap(c.jobs.Action)
	assert.Contains(t, c.inputError.Text, "max heaps")
	assert.True(t, c.jobs.CancelButton.Disabled(), "nothing started")

	// The tab draws at a projector's size.
	w := test.NewWindow(c.content)
	defer w.Close()
	w.Resize(fyne.NewSize(1024, 768))
}
