package gui

import (
	"context"
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/nimlab/nimlab/gui/widgets"
	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/solver/octal"
)

// valuesTable shows a Grundy sequence in the layout of the thesis' Table
// 1.1: each row is a block of `width` consecutive heaps labelled "n+", the
// header gives each column's offset, and the periodic part (heaps ≥
// preperiod) is highlighted. The row width is the user's choice (default:
// the period when one is known), "go to heap" scrolls to a heap and selects
// it, and "values" shows exactly N values like the CLI's --n, extending the
// computed ones through a certified period (Table 1.1 shows 204 values of
// 0.07). The table is virtual: only the visible cells are formatted, and
// the scans over all values run off the UI thread.
type valuesTable struct {
	table *widget.Table
	// values are what is shown, G(0..len-1); computed are the values the
	// solver returned (values is computed, cut or extended to exactly N).
	values   []uint16
	computed []uint16
	// width is the row length; preperiod the first periodic heap (-1 when
	// no period is known); period the period (0 when unknown).
	width int
	// defaultWidth is the width without the user's choice.
	defaultWidth int
	preperiod    int
	period       int
	certified    bool
	// names, when set, are shown instead of the numbers: cell n shows
	// names[values[n]] (the Misère tab shows Φ(H_n) as monoid elements).
	names []string
	// digits is the longest value's text length, found in the background.
	digits int
	// exactly is the N of the "values" field, 0 for all computed values.
	exactly int

	widthEntry, gotoEntry, countEntry *widget.Entry
	status                            *widget.Label
	// content is the table with its controls above it.
	content  fyne.CanvasObject
	controls *fyne.Container
	jobs     widgets.JobRunner
}

// defaultTableWidth is the row length without a certified period; 34 is
// Table 1.1's width (Dawson's Kayles' period).
const defaultTableWidth = 34

// maxTableWidth bounds the row width (a row wider than a few screens helps
// nobody, and column widths are set one by one).
const maxTableWidth = 4096

// maxExactly bounds "exactly N values" beyond the computed ones.
const maxExactly = maxPeriodicHeap

func newValuesTable() *valuesTable {
	vt := &valuesTable{width: defaultTableWidth, defaultWidth: defaultTableWidth, preperiod: -1, digits: 2}
	vt.table = widget.NewTableWithHeaders(vt.size, vt.createCell, vt.updateCell)
	vt.table.CreateHeader = vt.createCell
	vt.table.UpdateHeader = vt.updateHeader
	vt.table.StickyColumnCount = 0
	vt.applyWidths()

	vt.widthEntry = widget.NewEntry()
	vt.widthEntry.SetPlaceHolder(strconv.Itoa(defaultTableWidth))
	vt.widthEntry.OnSubmitted = func(string) { vt.applyControls() }
	vt.gotoEntry = widget.NewEntry()
	vt.gotoEntry.SetPlaceHolder("heap n")
	vt.gotoEntry.OnSubmitted = func(s string) { vt.goTo(s) }
	vt.countEntry = widget.NewEntry()
	vt.countEntry.SetPlaceHolder("all")
	vt.countEntry.OnSubmitted = func(string) { vt.applyControls() }
	vt.status = widget.NewLabel("")
	vt.status.Truncation = fyne.TextTruncateEllipsis
	var controls *fyne.Container
	controls = container.New(layout.NewRowWrapLayout(),
		widget.NewLabel("row width"), sizedEntry(vt.widthEntry, 4),
		widget.NewLabel("values"), sizedEntry(vt.countEntry, 5),
		widget.NewLabel("go to"), sizedEntry(vt.gotoEntry, 6))
	vt.controls = controls
	vt.content = container.NewBorder(controls, vt.status, nil, nil, vt.table)
	return vt
}

// setCompact hides the row width, values and go-to controls and the status
// line (presentation
// mode: the default row width is the period, which is what a class looks
// at) or shows them again.
func (vt *valuesTable) setCompact(on bool) {
	widgets.SetVisible(vt.controls, !on)
	widgets.SetVisible(vt.status, !on)
}

// Set replaces the values; width ≤ 0 is the default, preperiod < 0 means
// no highlighted part (and no period to extend the values with).
func (vt *valuesTable) Set(values []uint16, width, preperiod int) {
	vt.setAll(values, width, preperiod, 0, false)
}

// SetPeriodic shows a sequence with what is known of its period: rows are
// one period long when the period is known (and not absurdly long), and
// "values" can extend the sequence through a certified period.
func (vt *valuesTable) SetPeriodic(values []uint16, period, preperiod int, certified bool) {
	width := defaultTableWidth
	if period >= 2 && period <= maxTableWidth {
		width = period
	}
	if period <= 0 {
		preperiod = -1
	}
	vt.setAll(values, width, preperiod, period, certified)
}

func (vt *valuesTable) setAll(values []uint16, width, preperiod, period int, certified bool) {
	if width <= 0 {
		width = defaultTableWidth
	}
	vt.computed, vt.preperiod, vt.period, vt.certified = values, preperiod, period, certified
	vt.widthEntry.SetPlaceHolder(strconv.Itoa(width))
	vt.defaultWidth = width
	vt.width = width
	vt.showValues(values)
	vt.table.ScrollToTop()
	vt.applyControls()
}

// showValues installs what the table shows and finds, in the background,
// how wide a cell must be.
func (vt *valuesTable) showValues(values []uint16) {
	vt.values = values
	vt.applyWidths()
	vt.table.Refresh()
	names := vt.names
	vt.jobs.Start(func(ctx context.Context, h widgets.JobHandle) {
		d := valueDigits(values, names)
		h.Finish(func() {
			vt.digits = d
			vt.applyWidths()
			vt.table.Refresh()
		})
	})
}

// valueDigits is the length of the longest value's text: each distinct
// value is formatted once (a run of Officers has millions of values but a
// few hundred distinct ones).
func valueDigits(values []uint16, names []string) int {
	present := make([]bool, 1<<16)
	for _, v := range values {
		present[v] = true
	}
	digits := 1
	for v, ok := range present {
		if ok {
			digits = max(digits, len([]rune(valueText(uint16(v), names))))
		}
	}
	return digits
}

// applyControls reads the row width and the number of values to show.
func (vt *valuesTable) applyControls() {
	msg := ""
	if s := strings.TrimSpace(vt.widthEntry.Text); s != "" {
		w, err := strconv.Atoi(s)
		if err != nil || w < 1 || w > maxTableWidth {
			msg = fmt.Sprintf("⚠ row width: a whole number from 1 to %d", maxTableWidth)
		} else {
			vt.width = w
		}
	} else {
		vt.width = vt.defaultWidth // the period, when known
	}
	vt.exactly = 0
	if s := strings.TrimSpace(vt.countEntry.Text); s != "" && s != "all" {
		n, err := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
		if err != nil || n < 1 || n > maxExactly {
			msg = fmt.Sprintf("⚠ values: a whole number from 1 to %s, or empty for all computed", plotting.GroupDigits(maxExactly))
		} else {
			vt.exactly = n
		}
	}
	values := vt.computed
	switch {
	case vt.exactly == 0:
	case vt.exactly <= len(values):
		values = values[:vt.exactly]
	case vt.certified && vt.period > 0 && vt.preperiod >= 0:
		// Extending through the period is O(N): in the background.
		n, per := vt.exactly, vt.periodOf()
		computed := vt.computed
		vt.status.SetText(fmt.Sprintf("extending to %s values through the period…", plotting.GroupDigits(n)))
		vt.jobs.Start(func(ctx context.Context, h widgets.JobHandle) {
			out := make([]uint16, n)
			copy(out, computed)
			for k := len(computed); k < n; k++ {
				out[k] = uint16(per.At(computed, k))
			}
			d := valueDigits(out, vt.names)
			h.Finish(func() {
				vt.values = out
				vt.digits = d
				vt.applyWidths()
				vt.table.Refresh()
				vt.status.SetText(vt.describe())
			})
		})
		return
	default:
		msg = fmt.Sprintf("only %s values are computed and no period is certified to extend them", plotting.GroupDigits(len(values)))
	}
	vt.values = values
	vt.applyWidths()
	vt.table.Refresh()
	if msg == "" {
		msg = vt.describe()
	}
	vt.status.SetText(msg)
}

// describe says what the table shows.
func (vt *valuesTable) describe() string {
	if len(vt.values) == 0 {
		return ""
	}
	s := fmt.Sprintf("%s values in rows of %d", plotting.GroupDigits(len(vt.values)), vt.width)
	if extra := len(vt.values) - len(vt.computed); extra > 0 {
		s += fmt.Sprintf(" (%s computed, %s from the period)", plotting.GroupDigits(len(vt.computed)), plotting.GroupDigits(extra))
	}
	if vt.preperiod >= 0 {
		s += "; periodic part highlighted"
	}
	return s
}

// goTo scrolls to heap n and selects its cell; a heap beyond the values
// shown is answered through the period when one is certified.
func (vt *valuesTable) goTo(s string) {
	n, err := strconv.Atoi(strings.ReplaceAll(strings.TrimSpace(s), ",", ""))
	if err != nil || n < 0 {
		vt.status.SetText("⚠ go to: a heap size, a whole number ≥ 0")
		return
	}
	if n >= len(vt.values) {
		if v, ok := vt.periodicValue(n); ok {
			// The answer first: the line is cut at the pane's width.
			vt.status.SetText(fmt.Sprintf("G(%d) = %s by the period (heap %s is beyond the %s values shown)", n, vt.text(v), plotting.GroupDigits(n), plotting.GroupDigits(len(vt.values))))
		} else {
			vt.status.SetText(fmt.Sprintf("heap %s is beyond the %s values shown", plotting.GroupDigits(n), plotting.GroupDigits(len(vt.values))))
		}
		return
	}
	id := widget.TableCellID{Row: n / vt.width, Col: n % vt.width}
	vt.table.Select(id)
	vt.table.ScrollTo(id)
	vt.status.SetText(fmt.Sprintf("G(%d) = %s (row %s+, column %d)", n, vt.text(vt.values[n]), plotting.GroupDigits(id.Row*vt.width), id.Col))
}

// periodicValue is G(n) from the certified period, for n beyond the values.
func (vt *valuesTable) periodicValue(n int) (uint16, bool) {
	p, pre := vt.period, vt.preperiod
	if !vt.certified || p <= 0 || pre < 0 || len(vt.computed) < pre+p {
		return 0, false
	}
	return uint16(vt.periodOf().At(vt.computed, n)), true
}

// periodOf is the table's certified period as the solver states it: the
// values beyond the computed ones come from Period.At, as everywhere else.
// The table is given a period only when its saltus is 0.
func (vt *valuesTable) periodOf() octal.Period {
	return octal.Period{Period: vt.period, Preperiod: vt.preperiod}
}

func (vt *valuesTable) applyWidths() {
	cw := float32(max(vt.digits, 2))*theme.TextSize()*0.62 + 2*theme.Padding()
	for c := 0; c < vt.width; c++ {
		vt.table.SetColumnWidth(c, cw)
	}
	rows := (len(vt.values) + vt.width - 1) / vt.width
	vt.table.SetColumnWidth(-1, float32(len(strconv.Itoa(max(rows-1, 0)*vt.width))+1)*theme.TextSize()*0.62+2*theme.Padding())
}

func (vt *valuesTable) size() (int, int) {
	if len(vt.values) == 0 {
		return 0, vt.width
	}
	return (len(vt.values) + vt.width - 1) / vt.width, vt.width
}

// textCell is a cell of a table of values: centred monospace text on a
// background that can be tinted.
type textCell struct {
	bg  *canvas.Rectangle
	txt *canvas.Text
}

// newTextCell builds a cell for a table's CreateCell and CreateHeader;
// padded puts the theme's padding around the text.
func newTextCell(padded bool) fyne.CanvasObject {
	bg := canvas.NewRectangle(color.Transparent)
	txt := canvas.NewText("", theme.Color(theme.ColorNameForeground))
	txt.Alignment = fyne.TextAlignCenter
	txt.TextStyle = fyne.TextStyle{Monospace: true}
	if padded {
		return container.NewStack(bg, container.NewPadded(txt))
	}
	return container.NewStack(bg, txt)
}

// clearedTextCell returns the parts of o, a cell newTextCell built, cleared
// for reuse: no text, in the theme's colour named colour at its text size,
// plain, on a transparent background.
func clearedTextCell(o fyne.CanvasObject, colour fyne.ThemeColorName) textCell {
	st := o.(*fyne.Container)
	c := textCell{bg: st.Objects[0].(*canvas.Rectangle)}
	switch t := st.Objects[1].(type) {
	case *canvas.Text:
		c.txt = t
	case *fyne.Container:
		c.txt = t.Objects[0].(*canvas.Text)
	}
	c.bg.FillColor = color.Transparent
	c.txt.Text = ""
	c.txt.Color = theme.Color(colour)
	c.txt.TextSize = theme.TextSize()
	c.txt.TextStyle.Bold = false
	return c
}

// refresh redraws the cell after its parts changed.
func (c textCell) refresh() {
	c.bg.Refresh()
	c.txt.Refresh()
}

func (vt *valuesTable) createCell() fyne.CanvasObject { return newTextCell(false) }

// periodicTint is the highlight behind periodic heaps.
func periodicTint() color.Color {
	r, g, b, _ := theme.Color(theme.ColorNamePrimary).RGBA()
	return color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 70}
}

// extendedTint is the highlight behind values taken from the period rather
// than computed.
func extendedTint() color.Color {
	r, g, b, _ := theme.Color(theme.ColorNameSuccess).RGBA()
	return color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 70}
}

func (vt *valuesTable) updateCell(id widget.TableCellID, o fyne.CanvasObject) {
	c := clearedTextCell(o, theme.ColorNameForeground)
	n := id.Row*vt.width + id.Col
	if n < len(vt.values) {
		c.txt.Text = vt.text(vt.values[n])
		switch {
		case n >= len(vt.computed):
			c.bg.FillColor = extendedTint()
		case vt.preperiod >= 0 && n >= vt.preperiod:
			c.bg.FillColor = periodicTint()
		}
	}
	c.refresh()
}

func (vt *valuesTable) updateHeader(id widget.TableCellID, o fyne.CanvasObject) {
	c := clearedTextCell(o, theme.ColorNamePlaceHolder)
	switch {
	case id.Row < 0 && id.Col >= 0:
		c.txt.Text = strconv.Itoa(id.Col)
	case id.Col < 0 && id.Row >= 0:
		c.txt.Text = strconv.Itoa(id.Row*vt.width) + "+"
	}
	c.refresh()
}

// text is how value v is written.
func (vt *valuesTable) text(v uint16) string { return valueText(v, vt.names) }

func valueText(v uint16, names []string) string {
	if names != nil && int(v) < len(names) {
		return names[v]
	}
	return strconv.Itoa(int(v))
}

// cellText returns what the table shows for heap n (for tests).
func (vt *valuesTable) cellText(n int) string {
	if n < 0 || n >= len(vt.values) {
		return ""
	}
	return vt.text(vt.values[n])
}
