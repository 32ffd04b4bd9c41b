package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// fitSelect wraps a drop-down so that its label is never cut: the wrapper
// is as wide as the label it shows (the choice, or the placeholder), or,
// with allOptions, as its longest option, so that the width does not jump
// when the choice changes. Fyne's Select is as wide as its placeholder
// otherwise and cuts a longer choice ("sparse eng…").
func fitSelect(s *widget.Select, allOptions bool) fyne.CanvasObject {
	return container.New(&fitSelectLayout{sel: s, all: allOptions}, s)
}

type fitSelectLayout struct {
	sel *widget.Select
	all bool
}

func (l *fitSelectLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	texts := []string{l.sel.Selected, l.sel.PlaceHolder}
	if l.all {
		texts = append(texts, l.sel.Options...)
	}
	var w float32
	for _, s := range texts {
		w = max(w, fyne.MeasureText(s, theme.TextSize(), fyne.TextStyle{}).Width)
	}
	// The label's padding on both sides, the drop-down icon and its padding.
	w += 4*theme.InnerPadding() + theme.IconInlineSize() + theme.Padding()
	m := objs[0].MinSize()
	return fyne.NewSize(max(w, m.Width), m.Height)
}

func (l *fitSelectLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
}
