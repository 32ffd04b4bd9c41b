package widgets

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestJobPanelLifecycle: Cancel is enabled exactly while a job runs, the
// bar and status follow the job's reports and its ending, and Cancel
// reaches the job's context.
func TestJobPanelLifecycle(t *testing.T) {
	test.NewTempApp(t)
	installUIQueue(t)
	p := NewJobPanel("Compute", nil)
	row := p.ProgressRow(0)
	require.NotNil(t, p.Action)
	assert.True(t, p.CancelButton.Disabled(), "nothing to cancel yet")
	assert.True(t, row.Visible())

	// A job that reports half-way and then waits for Cancel.
	hold := p.HoldNextUpdate()
	var cause error
	p.Start("computing…", func(ctx context.Context, h JobHandle) {
		h.Update(func() { p.Report(0.5, "half-way") })
		<-ctx.Done()
		cause = ctx.Err()
		h.Finish(func() { p.Cancelled("cancelled") })
	})
	assert.True(t, p.Running())
	assert.False(t, p.CancelButton.Disabled())
	assert.False(t, p.Action.Disabled(), "a new Compute replaces the job")
	assert.Equal(t, "computing…", p.Status.Text)
	assert.Equal(t, 0.0, p.Bar.Value)
	<-hold.Reached
	hold.Release()
	waitUntil(t, func() bool { return p.Bar.Value == 0.5 })
	assert.Equal(t, "half-way", p.Status.Text)

	test.Tap(p.CancelButton)
	waitJobs(t, p)
	assert.True(t, errors.Is(cause, context.Canceled))
	assert.False(t, p.Running())
	assert.True(t, p.CancelButton.Disabled())
	assert.Equal(t, "cancelled", p.Status.Text)
	assert.Equal(t, 0.0, p.Bar.Value)

	p.Start("again…", func(ctx context.Context, h JobHandle) {
		h.Finish(func() { p.Done("done") })
	})
	waitJobs(t, p)
	assert.Equal(t, 1.0, p.Bar.Value)
	assert.Equal(t, "done", p.Status.Text)
	assert.Equal(t, 2, p.Generation())

	p.Start("failing…", func(ctx context.Context, h JobHandle) {
		h.Update(func() { p.Report(0.25, "") })
		h.Finish(func() { p.Stopped("failed") })
	})
	waitJobs(t, p)
	assert.Equal(t, 0.25, p.Bar.Value, "a failed job's bar stays where it stopped")
	assert.Equal(t, "failed", p.Status.Text)
	assert.True(t, p.CancelButton.Disabled())
}

// TestJobPanelCompactAndExclusive: in compact mode the bar and status show
// only while a job runs; an exclusive panel's action is off meanwhile; a
// busy panel's animated bar shows only while its job runs.
func TestJobPanelCompactAndExclusive(t *testing.T) {
	test.NewTempApp(t)
	installUIQueue(t)
	p := NewJobPanel("Run", nil)
	p.Exclusive = true
	col := p.ProgressColumn()
	p.SetCompact(true)
	assert.False(t, col.Visible(), "compact and idle: hidden")
	statusChanges := 0
	p.OnStatus = func() { statusChanges++ }
	release := make(chan struct{})
	p.Start("running…", func(ctx context.Context, h JobHandle) {
		<-release
		h.Finish(func() { p.Done("finished") })
	})
	assert.True(t, col.Visible(), "compact and running: shown")
	assert.True(t, p.Action.Disabled(), "exclusive: no second run meanwhile")
	close(release)
	waitJobs(t, p)
	assert.False(t, col.Visible())
	assert.False(t, p.Action.Disabled())
	assert.Equal(t, 2, statusChanges, "the start and the end")
	p.SetCompact(false)
	assert.True(t, col.Visible())

	// A row sized for a flow of controls hides as a whole: the flow lays
	// out what ProgressRow returned.
	f := NewJobPanel("Compute", nil)
	row := f.ProgressRow(24)
	f.SetCompact(true)
	assert.False(t, row.Visible())

	h := NewJobPanel("Run", nil)
	h.HideBarWhileIdle()
	assert.False(t, h.Bar.Visible(), "idle: no bar")

	b := NewBusyJobPanel("Evaluate", nil, nil)
	assert.Nil(t, b.Bar)
	assert.False(t, b.Busy.Visible(), "idle: no animation")
	b.Start("searching…", func(ctx context.Context, h JobHandle) {
		<-ctx.Done()
		h.Finish(func() { b.Cancelled("cancelled") })
	})
	assert.True(t, b.Busy.Visible())
	b.Cancel()
	waitJobs(t, b)
	assert.False(t, b.Busy.Visible())
	assert.Equal(t, "cancelled", b.Status.Text)
}

// TestJobPanelFailed: Failed picks the ending from the work's error — none
// for nil, Cancelled for a (wrapped) cancellation, Stopped with the reason,
// or Stopped("failed") with the reason handed to show.
func TestJobPanelFailed(t *testing.T) {
	test.NewTempApp(t)
	boom := errors.New("boom")
	for _, tc := range []struct {
		name     string
		err      error
		withShow bool
		ended    bool
		status   string
		shown    error
	}{
		{"success", nil, false, false, "computing…", nil},
		{"success with show", nil, true, false, "computing…", nil},
		{"cancelled", context.Canceled, false, true, "cancelled", nil},
		{"cancelled, wrapped", fmt.Errorf("step 3: %w", context.Canceled), true, true, "cancelled", nil},
		{"failed", boom, false, true, "failed: boom", nil},
		{"failed, shown elsewhere", boom, true, true, "failed", boom},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := NewJobPanel("Compute", nil)
			p.SetStatus("computing…")
			var shown error
			var show func(error)
			if tc.withShow {
				show = func(err error) { shown = err }
			}
			assert.Equal(t, tc.ended, p.Failed(tc.err, show))
			assert.Equal(t, tc.status, p.Status.Text)
			assert.Equal(t, tc.shown, shown)
		})
	}
}
