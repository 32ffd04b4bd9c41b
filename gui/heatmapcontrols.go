package gui

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/nimlab/nimlab/gui/widgets"
	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/solver/astron"
)

// Colour scales of the three-star slices.
const (
	scaleSlice = "each slice's own"
	scaleCube  = "the whole cube's"
)

// defaultTau is the two-star table's shift for the difference view: the
// period of the two-star bulb, so that G(A_{p+34,q}) ≠ G(A_{p,q}) marks
// where the table is not yet periodic in p.
const defaultTau = 34

// heatmapControls are the Astron heatmap's axes and colour bar, click to
// evaluate, the difference view, the three-star colour scale and the
// export of the current view.
type heatmapControls struct {
	t       *astronTab
	frame   *widgets.HeatmapFrame
	diff    *widget.Check
	tau     *widget.Entry
	scale   *widget.Select
	content *fyne.Container
}

func newHeatmapControls(t *astronTab) heatmapControls {
	hc := heatmapControls{t: t, frame: widgets.NewHeatmapFrame(t.heatmap)}
	t.heatmap.OnTapCell = func(x, y, v int) {
		if v < 0 {
			return
		}
		// Evaluate the position through the tab's own evaluation (in the
		// background, with its winning moves).
		s := fmt.Sprintf("%d %d", x, y)
		if t.table3 != nil && t.mode.Selected == astronThree {
			s += " " + strconv.Itoa(int(t.slider.Value))
		}
		t.stars.SetText(s)
		t.Evaluate()
	}
	hc.tau = widget.NewEntry()
	hc.tau.SetText(strconv.Itoa(defaultTau))
	hc.diff = widget.NewCheck(diffText, func(bool) { hc.applyDiff() })
	hc.tau.OnSubmitted = func(string) { hc.applyDiff() }
	hc.scale = widget.NewSelect([]string{scaleSlice, scaleCube}, func(string) { hc.applyScale(t.table3) })
	hc.scale.SetSelected(scaleSlice)
	t.view.Export.OnTapped = hc.export
	hc.content = container.NewVBox(
		hc.diff,
		container.NewBorder(nil, nil, widget.NewLabel("τ ="), nil, hc.tau),
		container.NewBorder(nil, nil, widget.NewLabel("slice colours"), nil, hc.scale),
		wrapped("click a cell to evaluate it"),
	)
	return hc
}

// wrapped is a label whose words wrap to the width it is given.
func wrapped(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// diffText is the difference view's switch, long in the window and short
// in the narrow column of a projector.
const (
	diffText        = "difference: A(p+τ, q) ≠ A(p, q)"
	diffTextCompact = "difference"
)

// applyDiff switches the difference view on or off.
func (hc heatmapControls) applyDiff() {
	if !hc.diff.Checked {
		hc.t.heatmap.SetDifference(0)
		return
	}
	tau, err := strconv.Atoi(strings.TrimSpace(hc.tau.Text))
	if err != nil || tau < 1 {
		hc.t.readout.SetText("⚠ τ is a whole number ≥ 1 (34 is the two-star period)")
		return
	}
	hc.t.heatmap.SetDifference(tau)
}

// applyScale colours three-star slices on their own scale or on the
// cube's (so that slices compare), as chosen.
func (hc heatmapControls) applyScale(t3 *astron.Table3) {
	if t3 == nil || hc.t.mode.Selected != astronThree || hc.scale.Selected != scaleCube {
		hc.t.heatmap.SetScaleMax(0)
		return
	}
	hc.t.heatmap.SetScaleMax(t3.Max())
}

// viewFigure draws exactly what the heatmap shows (the visible cells, the
// palette, the overlay and the difference view) with axes, a colour bar
// and a typeset title.
func (hc heatmapControls) viewFigure(size plotting.Size) (*plotting.Figure, error) {
	sub, opts, err := hc.viewTable(size)
	if err != nil {
		return nil, err
	}
	return plotting.Heatmap(sub, opts)
}

// viewTable takes the visible cells and the heatmap's options from the
// widgets (on the UI thread; drawing them can then run elsewhere).
func (hc heatmapControls) viewTable(size plotting.Size) (plotting.Table, plotting.HeatmapOptions, error) {
	t := hc.t
	h := t.heatmap
	st := h.State()
	g := st.Table
	if g.Cols == 0 {
		return plotting.Table{}, plotting.HeatmapOptions{}, fmt.Errorf("nothing computed yet")
	}
	c0, c1, r0, r1 := h.VisibleCells()
	if c1 <= c0 || r1 <= r0 {
		return plotting.Table{}, plotting.HeatmapOptions{}, fmt.Errorf("no cells in view")
	}
	sub := plotting.Table{Cols: c1 - c0, Rows: r1 - r0, X0: g.X0 + c0, Y0: g.Y0 + r0, Values: make([]int, (c1-c0)*(r1-r0))}
	for r := r0; r < r1; r++ {
		for c := c0; c < c1; c++ {
			sub.Values[(r-r0)*sub.Cols+c-c0] = g.At(c, r)
		}
	}
	three := t.table3 != nil && t.mode.Selected == astronThree
	what := "G(A_{p,q})"
	if three {
		what = fmt.Sprintf("G(A_{p,q,%d})", int(t.slider.Value))
	}
	pal, err := plotting.PaletteByName(t.palette.Selected)
	if err != nil {
		pal = plotting.Rainbow
	}
	opts := plotting.HeatmapOptions{Size: size, XLabel: "p", YLabel: "q", Palette: pal, Max: st.MaxV}
	if st.Diff {
		// The difference view: 1 where the cell differs from the one τ to
		// the right, 0 where equal, unknown beyond the table.
		for r := r0; r < r1; r++ {
			for c := c0; c < c1; c++ {
				v := -1
				if c+st.Tau < g.Cols {
					v = 0
					if g.At(c+st.Tau, r) != g.At(c, r) {
						v = 1
					}
				}
				sub.Values[(r-r0)*sub.Cols+c-c0] = v
			}
		}
		what = fmt.Sprintf("G(A_{p+%d,q}) ≠ G(A_{p,q})", st.Tau)
		if three {
			what = fmt.Sprintf("G(A_{p+%d,q,%d}) ≠ G(A_{p,q,%d})", st.Tau, int(t.slider.Value), int(t.slider.Value))
		}
		opts.Palette, opts.Max, opts.ValueLabel = plotting.DifferencePalette, 1, "≠"
	} else if t.overlay.Checked && t.period != nil && t.period.Period > 0 {
		opts.PeriodicFrom, opts.Period = t.period.Preperiod, t.period.Period
		// The overlay's colour as on screen (chosen there for the whole
		// table, not for the cells in view).
		opts.OverlayColour = h.OverlayColour()
	}
	rng := fmt.Sprintf("%d ≤ p ≤ %d, %d ≤ q ≤ %d", sub.X0, sub.X0+sub.Cols-1, sub.Y0, sub.Y0+sub.Rows-1)
	opts.Title = "Astron: " + what + ", " + rng
	opts.Caption = fmt.Sprintf("Astron %s, %s (table of %d×%d) · nimlab %s", strings.NewReplacer("_{", "(", "}", ")").Replace(what), rng, g.Cols, g.Rows, plotting.Version)
	opts.Command = "nimlab window, Astron tab: Export of the heatmap's view"
	opts.Keywords = []string{"Astron", "nimbers"}
	return sub, opts, nil
}

// export asks for a file and writes the current view as PNG, SVG or PDF
// by its extension.
func (hc heatmapControls) export() {
	t := hc.t
	name := strings.TrimSuffix(t.exportName(), filepath.Ext(t.exportName()))
	sub, opts, err := hc.viewTable(plotting.Size{Width: 1500, Height: 1300, DPI: 96})
	if err != nil {
		t.readout.SetText("⚠ " + err.Error())
		return
	}
	t.ui.exportFigure(name+".png", func() (*plotting.Figure, error) {
		return plotting.Heatmap(sub, opts)
	})
}
