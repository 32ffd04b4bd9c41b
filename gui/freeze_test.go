package gui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/gui/widgets"
	"github.com/nimlab/nimlab/plotting"
)

// TestSumWithAMillionHeapStaysResponsive guards against a freeze: in Dawson's
// Kayles, "3 5 1000000" has 117,650 winning moves, which used to be found,
// formatted and set into one label on the UI thread at every keystroke.
func TestSumWithAMillionHeapStaysResponsive(t *testing.T) {
	u := newTestUI(t)
	o := u.octal
	require.True(t, o.result.Certified)
	// The machine running the tests may be loaded: each duration is the
	// least of a few tries, which a blocked UI thread would still exceed.
	least := func(f func()) time.Duration {
		best := time.Hour
		for range 5 {
			start := time.Now()
			f()
			best = min(best, time.Since(start))
		}
		return best
	}
	typing := least(func() {
		o.heaps.SetText("")
		test.Type(o.heaps, "3 5 1000000")
	})
	assert.Less(t, typing, 100*time.Millisecond, "typing the sum returns to the UI at once")
	waitJobs(t, &o.sumJobs)
	heading, lines := o.moves.Lines()
	update := least(func() { o.moves.Set(heading, lines) })
	assert.Less(t, update, 100*time.Millisecond, "showing the result holds the UI thread briefly")

	// The number of winning moves, from the issue; checked independently
	// below on a heap small enough for a brute force.
	require.Len(t, lines, 117650)
	shown := o.moves.Text()
	assert.Contains(t, shown, "117,650 winning move(s)")
	assert.Contains(t, shown, fmt.Sprintf("… and %s more", plotting.GroupDigits(117650-widgets.BoundedListShown)))
	assert.Equal(t, widgets.BoundedListShown, strings.Count(shown, "•"), "only the first moves are on screen")
	showAll, _ := o.moves.Buttons()
	assert.True(t, showAll.Visible())
	// On screen the lines are a virtualised list: the first moves and the
	// "… and N more" line, bound only for the rows in sight.
	require.Equal(t, 1+widgets.BoundedListShown+1, o.moves.Rows().Length(), "the heading, the first lines and \"… and N more\"")
	assert.Equal(t, lines[0], o.moves.Shown()[0])
	assert.Equal(t, fmt.Sprintf("… and %s more", plotting.GroupDigits(117650-widgets.BoundedListShown)), o.moves.Shown()[widgets.BoundedListShown])
	assert.Equal(t, 117650, strings.Count(o.moves.FullText(), "•"), "Copy all copies every move")
	// Copy all puts the whole list on the clipboard (joined off the UI thread).
	o.moves.CopyAll()
	require.Eventually(t, func() bool {
		testQueue.Drain()
		return strings.Count(u.app.Clipboard().Content(), "•") == 117650
	}, 10*time.Second, 10*time.Millisecond)

	// Every move listed for a smaller sum leaves nim-sum 0, and every move
	// that does is listed: checked against kaylesLike brute force on 0.07.
	o.heaps.SetText("3 5 200")
	waitJobs(t, &o.sumJobs)
	vals := o.result.Values
	g := func(n int) int {
		if n < len(vals) {
			return int(vals[n])
		}
		p := o.result.Period
		return int(vals[p.Preperiod+(n-p.Preperiod)%p.Period])
	}
	want := 0
	heaps := []int{3, 5, 200}
	for i, h := range heaps {
		others := 0
		for j, k := range heaps {
			if j != i {
				others ^= g(k)
			}
		}
		// 0.07: take 1 (never), take 2 leaving 0, 1 or 2 heaps.
		if h == 2 && others == 0 {
			want++
		}
		for a := 1; a <= (h-2)/2; a++ {
			if g(a)^g(h-2-a)^others == 0 {
				want++
			}
		}
		if h >= 3 && g(h-2)^others == 0 {
			want++
		}
	}
	_, all := o.moves.Lines()
	assert.Len(t, all, want)
}

// TestBoundedEntryCutsAPaste: a 100,000-character paste into the code
// field is cut to what the field holds and says so.
func TestBoundedEntryCutsAPaste(t *testing.T) {
	u := newTestUI(t)
	o := u.octal
	o.code.SetText("")
	u.app.Clipboard().SetContent("0." + strings.Repeat("7", 100000))
	start := time.Now()
	o.code.TypedShortcut(&fyne.ShortcutPaste{Clipboard: u.app.Clipboard()})
	assert.Less(t, time.Since(start), 500*time.Millisecond)
	assert.Equal(t, maxCodeInput, len([]rune(o.code.Text)))
	assert.True(t, o.codeError.Visible())
	assert.Contains(t, o.codeError.Text, "99,702 characters did not fit")
	// Typing stops at the bound.
	test.Type(o.code, "7")
	assert.Equal(t, maxCodeInput, len([]rune(o.code.Text)))
}

// TestWindowMinimumSizeForHugeInputs: whatever is typed, the window's
// minimum size stays within a 1024×768 projector, in both modes (a Nim
// position with 12-digit heaps used to widen the window to 7177 px).
func TestWindowMinimumSizeForHugeInputs(t *testing.T) {
	for _, present := range []bool{false, true} {
		t.Run(fmt.Sprint("present=", present), func(t *testing.T) {
			a := test.NewTempApp(t)
			installUIQueue(t)
			u := newUI(a, present)
			waitJobs(t, u.octal.jobs)
			big := strings.TrimSpace(strings.Repeat("123456789012 ", 30))
			u.octal.heaps.SetText("3 5 1000000 " + big)
			u.octal.code.SetText("0." + strings.Repeat("7", 290))
			waitJobs(t, &u.octal.sumJobs)
			u.nim.position.SetText(big)
			u.nim.Analyze()
			u.nim.play.heaps.SetText(big)
			u.nim.play.NewGame()
			u.astron.stars.SetText(big)
			u.misere.heaps.SetText(big)
			u.misere.code.SetText("0." + strings.Repeat("7", 290))
			for _, ti := range u.tabs.Items {
				u.tabs.Select(ti)
				testQueue.Drain()
				min := u.win.Content().MinSize()
				assert.LessOrEqual(t, min.Width, float32(1024), "%s: minimum width", ti.Text)
				assert.LessOrEqual(t, min.Height, float32(768), "%s: minimum height", ti.Text)
			}
			u.astron.jobs.Cancel()
			u.misere.jobs.Cancel()
			waitJobs(t, u.astron.jobs)
			waitJobs(t, u.misere.jobs)
		})
	}
}
