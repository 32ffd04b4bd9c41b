package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/nimlab/nimlab/gui/widgets"
)

// progressRow is a job's progress bar beside its status line. In
// presentation mode (compact) it shows only while the job runs: on a
// 1024×768 projector the result's summary says what the status line would,
// and the row's height is worth more to the plot below.
type progressRow struct {
	content          *fyne.Container
	compact, running bool
}

func newProgressRow(bar *widget.ProgressBar, status *widget.Label) *progressRow {
	return &progressRow{content: container.NewGridWithColumns(2, bar, status)}
}

// inFlow returns the row for a flowing row of controls, ems text sizes
// wide; the row shows and hides as a whole.
func (r *progressRow) inFlow(ems float32) fyne.CanvasObject {
	r.content = container.New(emLayout{ems: ems}, r.content)
	r.sync()
	return r.content
}

// SetCompact switches presentation mode's behaviour on or off.
func (r *progressRow) SetCompact(on bool) {
	r.compact = on
	r.sync()
}

// SetRunning says whether the row's job is running.
func (r *progressRow) SetRunning(on bool) {
	r.running = on
	r.sync()
}

func (r *progressRow) sync() { widgets.SetVisible(r.content, !r.compact || r.running) }
