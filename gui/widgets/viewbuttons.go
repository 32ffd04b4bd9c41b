package widgets

import (
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// ViewButtons are Fit and Export… beside a picture the user zooms and pans
// (the Astron heatmap, the sequence explorer): Fit shows the whole picture
// again, Export… writes the view as it is. Export starts disabled: the
// screen enables it once there is a picture. In compact mode (presentation
// mode on a projector's narrow pane) both keep their icons only.
type ViewButtons struct {
	Fit, Export *widget.Button
	exportText  string
}

// NewViewButtons returns Fit, calling fit, and Export, reading exportText
// and calling export.
func NewViewButtons(fit func(), exportText string, export func()) ViewButtons {
	b := ViewButtons{
		Fit:        widget.NewButtonWithIcon("Fit", theme.ZoomFitIcon(), fit),
		Export:     widget.NewButtonWithIcon(exportText, theme.DocumentSaveIcon(), export),
		exportText: exportText,
	}
	b.Export.Disable()
	return b
}

// SetCompact shows the buttons' icons only, or their texts again.
func (b ViewButtons) SetCompact(on bool) {
	fit, export := "Fit", b.exportText
	if on {
		fit, export = "", ""
	}
	SetButtonText(b.Fit, fit)
	SetButtonText(b.Export, export)
}
