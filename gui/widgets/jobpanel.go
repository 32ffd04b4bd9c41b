package widgets

import (
	"context"
	"errors"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// JobPanel is a screen's long computation with its controls: the button
// that starts it (Compute, Evaluate…), Cancel, a progress bar and a status
// line, and the JobRunner that runs the work. A screen places the buttons
// where its controls are and the bar and status with ProgressRow or
// ProgressColumn; Start, Report and the three endings (Done, Cancelled,
// Stopped) keep the four in step: Cancel is enabled exactly while a job
// runs, the bar starts at 0 and ends full or empty.
//
// Start, the endings and Report run on the UI thread: Report inside the
// job's JobHandle.Update, the endings inside its JobHandle.Finish.
type JobPanel struct {
	JobRunner
	// Action starts the job (nil for a job started by other means, such as
	// reading a dropped file).
	Action *widget.Button
	// CancelButton stops the running job.
	CancelButton *widget.Button
	// Bar is the job's progress; Busy replaces it for a job whose length is
	// not known beforehand (see NewBusyJobPanel).
	Bar    *widget.ProgressBar
	Busy   *widget.ProgressBarInfinite
	Status *widget.Label
	// Exclusive turns Action off while a job runs, for a job that must
	// not be restarted midway (a census writing its database); otherwise
	// Action starts a new job that replaces the running one.
	Exclusive bool
	// OnStatus, when set, is called after the status line changed: a
	// screen whose status wraps lays its column out again.
	OnStatus func()

	box *fyne.Container
	// barBox sizes the bar of a ProgressRow to barEms text sizes (a third
	// of that in compact mode); nil for the others.
	barBox           *fyne.Container
	barEms           float32
	compact, running bool
	// idle, when set, is what shares Cancel's place while no job runs
	// (see CancelOr).
	idle fyne.CanvasObject
	// hideIdleBar hides the bar while no job runs (the status stays).
	hideIdleBar bool
}

// NewJobPanel returns a panel whose action button reads action and calls
// onAction (no action button when action is ""), with a progress bar.
func NewJobPanel(action string, onAction func()) *JobPanel {
	p := &JobPanel{Bar: widget.NewProgressBar()}
	p.init(action, onAction)
	return p
}

// NewBusyJobPanel returns a panel with an animated bar instead of a
// measured one, shown only while the job runs: for a search whose size is
// not known until it ends.
func NewBusyJobPanel(action string, icon fyne.Resource, onAction func()) *JobPanel {
	p := &JobPanel{Busy: widget.NewProgressBarInfinite(), hideIdleBar: true}
	p.Busy.Stop()
	p.init(action, onAction)
	if p.Action != nil {
		p.Action.SetIcon(icon)
	}
	return p
}

func (p *JobPanel) init(action string, onAction func()) {
	if action != "" {
		p.Action = widget.NewButtonWithIcon(action, theme.MediaPlayIcon(), onAction)
		p.Action.Importance = widget.HighImportance
	}
	p.CancelButton = widget.NewButtonWithIcon("Cancel", theme.MediaStopIcon(), p.Cancel)
	p.CancelButton.Disable()
	p.Status = widget.NewLabel("")
	p.sync()
}

// bar is the progress bar in use.
func (p *JobPanel) bar() fyne.CanvasObject {
	if p.Busy != nil {
		return p.Busy
	}
	return p.Bar
}

// ProgressRow returns the bar beside the status line, for a wide screen;
// ems > 0 gives the row a width of at least ems text sizes inside a
// flowing row of controls: the bar keeps half of them (a sixth in
// compact mode, where every text size is larger and the status needs the
// room more; "15%" still fits) and the status line takes the rest of whatever width the row
// is given. The row hides as a
// whole in compact mode while no job runs.
func (p *JobPanel) ProgressRow(ems float32) fyne.CanvasObject {
	var row *fyne.Container
	if ems > 0 {
		// The wrapper is what the flow lays out: it shows and hides.
		p.barBox, p.barEms = Ems(p.bar(), ems/2), ems/2
		row = Ems(container.NewBorder(nil, nil, p.barBox, nil, p.Status), ems)
	} else {
		row = container.NewGridWithColumns(2, p.bar(), p.Status)
	}
	p.box = row
	p.sync()
	return p.box
}

// ProgressColumn returns the bar over the status line, for a narrow
// column of controls.
func (p *JobPanel) ProgressColumn() fyne.CanvasObject {
	p.box = container.NewVBox(p.bar(), p.Status)
	p.sync()
	return p.box
}

// SetCompact switches presentation mode's behaviour on or off: there the
// bar and status show only while a job runs. On a 1024×768 projector the
// result's summary says what the status line would, and the row's height
// is worth more to the picture below.
func (p *JobPanel) SetCompact(on bool) {
	p.compact = on
	if p.barBox != nil {
		ems := p.barEms
		if on {
			ems /= 3
		}
		SetEms(p.barBox, ems)
		p.barBox.Refresh()
	}
	p.sync()
}

// HideBarWhileIdle shows the bar only while a job runs (the status line
// stays).
func (p *JobPanel) HideBarWhileIdle() {
	p.hideIdleBar = true
	p.sync()
}

// Running reports whether a job started by Start has not yet ended.
func (p *JobPanel) Running() bool { return p.running }

// CancelOr returns one place in a row of controls for Cancel and idle:
// Cancel while a job runs, idle (Continue, say) otherwise. Cancel is
// disabled whenever no job runs, so the row loses nothing it could use, and
// a button's width is saved. The place is as wide as the wider of the two,
// so that the row does not move when they swap.
func (p *JobPanel) CancelOr(idle fyne.CanvasObject) fyne.CanvasObject {
	p.idle = idle
	p.sync()
	return container.New(widestLayout{}, p.CancelButton, idle)
}

// widestLayout stacks its objects, shown or hidden, at the size of the
// largest.
type widestLayout struct{}

func (widestLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}

func (widestLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (p *JobPanel) sync() {
	if p.box != nil {
		SetVisible(p.box, !p.compact || p.running)
	}
	if p.idle != nil {
		SetVisible(p.CancelButton, p.running)
		SetVisible(p.idle, !p.running)
	}
	SetVisible(p.bar(), !p.hideIdleBar || p.running)
}

// Start shows status, enables Cancel, empties the bar and runs work as
// the runner's new job (cancelling the one before it).
func (p *JobPanel) Start(status string, work func(ctx context.Context, h JobHandle)) {
	p.running = true
	p.CancelButton.Enable()
	if p.Exclusive && p.Action != nil {
		p.Action.Disable()
	}
	if p.Busy != nil {
		p.Busy.Start()
	} else {
		p.Bar.SetValue(0)
	}
	p.Status.Show()
	p.SetStatus(status)
	p.sync()
	p.JobRunner.Start(work)
}

// Report shows a running job's progress: the bar at fraction (unchanged
// when fraction < 0) and status (unchanged when "").
func (p *JobPanel) Report(fraction float64, status string) {
	if fraction >= 0 && p.Bar != nil {
		p.Bar.SetValue(fraction)
	}
	if status != "" {
		p.SetStatus(status)
	}
}

// SetStatus shows s on the status line.
func (p *JobPanel) SetStatus(s string) {
	p.Status.SetText(s)
	if p.OnStatus != nil {
		p.OnStatus()
	}
}

// Done ends a job that succeeded: the bar full, status shown.
func (p *JobPanel) Done(status string) { p.end(status, 1) }

// Cancelled ends a job that was cancelled: the bar empty, status shown.
func (p *JobPanel) Cancelled(status string) { p.end(status, 0) }

// Stopped ends a job that failed or stopped short of its goal (a memory
// limit): the bar as it stopped, status shown.
func (p *JobPanel) Stopped(status string) { p.end(status, -1) }

// Failed ends a job whose work returned err, when err is not nil, and
// reports whether it did: Cancelled("cancelled") when the job was
// cancelled; otherwise Stopped("failed: " and the reason), or, for a screen
// with its own place for the reason, Stopped("failed") and show(err). On
// false the job succeeded and the caller ends it with Done.
func (p *JobPanel) Failed(err error, show func(error)) bool {
	switch {
	case err == nil:
		return false
	case errors.Is(err, context.Canceled):
		p.Cancelled("cancelled")
	case show != nil:
		p.Stopped("failed")
		show(err)
	default:
		p.Stopped("failed: " + err.Error())
	}
	return true
}

func (p *JobPanel) end(status string, fraction float64) {
	p.running = false
	p.CancelButton.Disable()
	if p.Action != nil {
		p.Action.Enable()
	}
	if p.Busy != nil {
		p.Busy.Stop()
	}
	p.Report(fraction, status)
	p.sync()
}

// Ems sizes o to a minimum width of ems times the theme's text size; the
// width follows theme changes (presentation mode) because the layout asks
// the theme each time.
func Ems(o fyne.CanvasObject, ems float32) *fyne.Container {
	return container.New(&emLayout{ems: ems}, o)
}

// SetEms changes the width of a container made by Ems to ems text sizes
// (a mode may want another width); the caller refreshes it.
func SetEms(c *fyne.Container, ems float32) { c.Layout.(*emLayout).ems = ems }

// emLayout sizes its single child to a width in units of the text size.
type emLayout struct{ ems float32 }

func (l *emLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(l.ems*theme.TextSize(), objs[0].MinSize().Height)
}

func (l *emLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
}
