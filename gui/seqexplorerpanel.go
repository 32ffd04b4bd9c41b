package gui

import (
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/nimlab/nimlab/gui/widgets"
	"github.com/nimlab/nimlab/plotting"
)

// sequenceExplorerPanel is the sequence explorer with its controls: the
// view (values, difference, histogram), a logarithmic heap axis, the period
// the difference view compares with, Fit, Export, and the hover read-out.
// The controls wrap onto several rows in a narrow pane.
type sequenceExplorerPanel struct {
	explorer *widgets.SequenceExplorer
	mode     *widget.Select
	logX     *widget.Check
	period   *widget.Entry
	// periodLabel and periodBox are the period field and its label.
	periodLabel *widget.Label
	periodBox   fyne.CanvasObject
	view        widgets.ViewButtons
	readout     *widgets.ReadoutLabel
	content     fyne.CanvasObject
	// onExport, when set, is called by the Export button.
	onExport func()
}

// exportView asks for a file and writes the explorer's current view as
// PNG, SVG or PDF.
func (p *sequenceExplorerPanel) exportView(u *ui, name string) {
	render, err := p.explorer.ViewExport(plotting.Size{Width: 1600, Height: 900, DPI: 96})
	if err != nil {
		p.readout.SetText("⚠ " + err.Error())
		return
	}
	u.exportFigure(name, render)
}

// readoutHint is the read-out while the pointer is elsewhere.
const readoutHint = "wheel: zoom · drag: pan · shift-drag: zoom to box · double-click: fit"

func newSequenceExplorerPanel() *sequenceExplorerPanel {
	p := &sequenceExplorerPanel{explorer: widgets.NewSequenceExplorer()}
	p.readout = widgets.NewReadoutLabel(readoutHint, fyne.TextStyle{})
	p.explorer.OnHover = p.readout.SetText
	p.mode = widget.NewSelect([]string{widgets.ExploreValues, widgets.ExploreDifference, widgets.ExploreHistogram}, func(s string) {
		p.explorer.SetMode(s)
	})
	p.mode.SetSelected(widgets.ExploreValues)
	p.logX = widget.NewCheck("log n", func(on bool) { p.explorer.SetLogX(on) })
	p.period = widget.NewEntry()
	p.period.SetPlaceHolder("period")
	p.period.OnSubmitted = func(s string) { p.setPeriod(s) }
	p.view = widgets.NewViewButtons(p.explorer.ResetView, "Export…", func() {
		if p.onExport != nil {
			p.onExport()
		}
	})
	p.periodLabel = widget.NewLabel("p =")
	p.periodBox = sizedEntry(p.period, 5)
	controls := container.New(layout.NewRowWrapLayout(),
		p.mode, p.logX, p.periodLabel, p.periodBox, p.view.Fit, p.view.Export)
	p.content = container.NewBorder(controls, p.readout, nil, nil, p.explorer)
	return p
}

// setCompact puts the controls on one row for a projector: the difference
// view's period field goes (the view compares with the certified period),
// and Fit and Export… keep their icons only.
func (p *sequenceExplorerPanel) setCompact(on bool) {
	widgets.SetVisible(p.periodLabel, !on)
	widgets.SetVisible(p.periodBox, !on)
	p.view.SetCompact(on)
}

// setPeriod reads the difference view's period; empty means the
// sequence's own.
func (p *sequenceExplorerPanel) setPeriod(s string) <-chan struct{} {
	s = strings.TrimSpace(s)
	n, err := strconv.Atoi(s)
	if s == "" || err != nil || n < 0 {
		n = 0
		if s != "" {
			p.readout.SetText("⚠ the period is a whole number ≥ 1 (empty: the certified period)")
		}
	}
	return p.explorer.SetDifferencePeriod(n)
}

// Set shows a sequence.
func (p *sequenceExplorerPanel) Set(d widgets.SequenceData) <-chan struct{} {
	if d.Period > 0 && strings.TrimSpace(p.period.Text) == "" {
		p.period.SetPlaceHolder(strconv.Itoa(d.Period))
	}
	p.view.Export.Enable()
	return p.explorer.SetSequence(d)
}
