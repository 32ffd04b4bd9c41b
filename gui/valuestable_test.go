package gui

import (
	"context"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// TestValuesTableExactlyNAndWidth checks Table 1.1's 204 values of 0.07:
// 176 are computed, the rest come from the certified period, and all agree
// with an exact run of 204 heaps. Then rows of 17 and "go to heap".
func TestValuesTableExactlyNAndWidth(t *testing.T) {
	u := newTestUI(t)
	vt := u.octal.table
	waitJobs(t, &vt.jobs)
	require.Equal(t, 176, len(vt.computed))
	_, cols := vt.size()
	assert.Equal(t, 34, cols, "rows are one period by default")

	test.Type(vt.countEntry, "204")
	vt.countEntry.OnSubmitted(vt.countEntry.Text)
	waitJobs(t, &vt.jobs)
	exact, err := octal.Solve(context.Background(), octal.NewCode(takebreak.MustParse("0.07")), octal.SolveOptions{N: 204})
	require.NoError(t, err)
	require.Len(t, vt.values, 204)
	for n := range 204 {
		require.Equal(t, int(exact.Values[n]), int(vt.values[n]), "G(%d)", n)
		require.Equal(t, vt.cellText(n), vt.text(exact.Values[n]))
	}
	rows, _ := vt.size()
	assert.Equal(t, 6, rows, "204 = 6 rows of 34, as in Table 1.1")
	assert.Contains(t, vt.status.Text, "204 values in rows of 34 (176 computed, 28 from the period)")

	// Fewer values than computed.
	vt.countEntry.SetText("50")
	vt.countEntry.OnSubmitted("50")
	assert.Len(t, vt.values, 50)

	// Row width 17: heap 40 is in row 34+ (row 2), column 6.
	vt.countEntry.SetText("")
	vt.widthEntry.SetText("17")
	vt.widthEntry.OnSubmitted("17")
	_, cols = vt.size()
	assert.Equal(t, 17, cols)
	var selected widget.TableCellID
	vt.table.OnSelected = func(id widget.TableCellID) { selected = id }
	vt.gotoEntry.SetText("40")
	vt.gotoEntry.OnSubmitted("40")
	assert.Equal(t, widget.TableCellID{Row: 2, Col: 6}, selected)
	assert.Equal(t, "G(40) = 3 (row 34+, column 6)", vt.status.Text)
	// Beyond the values: answered through the period (G(1000) of 0.07).
	vt.gotoEntry.OnSubmitted("1000")
	big, err := octal.Solve(context.Background(), octal.NewCode(takebreak.MustParse("0.07")), octal.SolveOptions{N: 1001})
	require.NoError(t, err)
	assert.Equal(t, "G(1000) = "+vt.text(big.Values[1000])+" by the period (heap 1,000 is beyond the 176 values shown)", vt.status.Text)
	// Bad input says what is accepted and changes nothing.
	vt.widthEntry.SetText("0")
	vt.widthEntry.OnSubmitted("0")
	assert.Contains(t, vt.status.Text, "row width: a whole number from 1 to 4096")
	_, cols = vt.size()
	assert.Equal(t, 17, cols)
	// Clearing the width goes back to the period.
	vt.widthEntry.SetText("")
	vt.widthEntry.OnSubmitted("")
	_, cols = vt.size()
	assert.Equal(t, 34, cols)
}
