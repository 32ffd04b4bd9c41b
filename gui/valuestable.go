package gui

import (
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// valuesTable shows a Grundy sequence in the layout of the thesis' Table
// 1.1: each row is a block of `width` consecutive heaps labelled "n+", the
// header gives each column's offset (tens above units), and the periodic
// part (heaps ≥ preperiod) is highlighted.
type valuesTable struct {
	table *widget.Table
	// values are G(0..len-1); width is the row length (the period when one
	// is certified, so that periodic rows repeat visibly).
	values    []uint16
	width     int
	preperiod int // first periodic heap; -1 when no period is known
	// names, when set, are shown instead of the numbers: cell n shows
	// names[values[n]] (the Misère tab shows Φ(H_n) as monoid elements).
	names []string
}

// defaultTableWidth is the row length without a certified period; 34 is
// Table 1.1's width (Dawson's Kayles' period).
const defaultTableWidth = 34

func newValuesTable() *valuesTable {
	vt := &valuesTable{width: defaultTableWidth, preperiod: -1}
	vt.table = widget.NewTableWithHeaders(vt.size, vt.createCell, vt.updateCell)
	vt.table.CreateHeader = vt.createCell
	vt.table.UpdateHeader = vt.updateHeader
	vt.table.StickyColumnCount = 0
	vt.applyWidths()
	return vt
}

// Set replaces the values; preperiod < 0 means no highlighted part.
func (vt *valuesTable) Set(values []uint16, width, preperiod int) {
	if width <= 0 {
		width = defaultTableWidth
	}
	vt.values, vt.width, vt.preperiod = values, width, preperiod
	vt.applyWidths()
	vt.table.Refresh()
	vt.table.ScrollToTop()
}

func (vt *valuesTable) applyWidths() {
	// Each distinct value is formatted once: a run of Officers has millions
	// of values but a few hundred distinct ones, and this runs on the UI
	// thread.
	present := make([]bool, 1<<16)
	for _, v := range vt.values {
		present[v] = true
	}
	digits := 1
	for v, ok := range present {
		if ok {
			digits = max(digits, len([]rune(vt.text(uint16(v)))))
		}
	}
	cw := float32(max(digits, 2))*theme.TextSize()*0.62 + 2*theme.Padding()
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

func (vt *valuesTable) createCell() fyne.CanvasObject {
	bg := canvas.NewRectangle(color.Transparent)
	txt := canvas.NewText("", theme.Color(theme.ColorNameForeground))
	txt.Alignment = fyne.TextAlignCenter
	txt.TextStyle = fyne.TextStyle{Monospace: true}
	return container.NewStack(bg, txt)
}

func cellParts(o fyne.CanvasObject) (*canvas.Rectangle, *canvas.Text) {
	st := o.(*fyne.Container)
	return st.Objects[0].(*canvas.Rectangle), st.Objects[1].(*canvas.Text)
}

// periodicTint is the highlight behind periodic heaps.
func periodicTint() color.Color {
	r, g, b, _ := theme.Color(theme.ColorNamePrimary).RGBA()
	return color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 70}
}

func (vt *valuesTable) updateCell(id widget.TableCellID, o fyne.CanvasObject) {
	bg, txt := cellParts(o)
	n := id.Row*vt.width + id.Col
	txt.Color = theme.Color(theme.ColorNameForeground)
	txt.TextSize = theme.TextSize()
	if n >= len(vt.values) {
		txt.Text = ""
		bg.FillColor = color.Transparent
	} else {
		txt.Text = vt.text(vt.values[n])
		if vt.preperiod >= 0 && n >= vt.preperiod {
			bg.FillColor = periodicTint()
		} else {
			bg.FillColor = color.Transparent
		}
	}
	bg.Refresh()
	txt.Refresh()
}

func (vt *valuesTable) updateHeader(id widget.TableCellID, o fyne.CanvasObject) {
	bg, txt := cellParts(o)
	bg.FillColor = color.Transparent
	txt.Color = theme.Color(theme.ColorNamePlaceHolder)
	txt.TextSize = theme.TextSize()
	switch {
	case id.Row < 0 && id.Col >= 0:
		txt.Text = strconv.Itoa(id.Col)
	case id.Col < 0 && id.Row >= 0:
		txt.Text = strconv.Itoa(id.Row*vt.width) + "+"
	default:
		txt.Text = ""
	}
	bg.Refresh()
	txt.Refresh()
}

// text is how value v is written.
func (vt *valuesTable) text(v uint16) string {
	if vt.names != nil && int(v) < len(vt.names) {
		return vt.names[v]
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
