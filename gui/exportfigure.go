package gui

import (
	"os"

	"fyne.io/fyne/v2/dialog"

	"github.com/nimlab/nimlab/gui/widgets"
	"github.com/nimlab/nimlab/plotting"
)

// exportFigure asks for a file name (PNG, SVG or PDF, by its extension) and
// writes the figure that produce draws. produce runs in the background:
// callers take what it needs from the widgets before (on the UI thread).
func (u *ui) exportFigure(name string, produce func() (*plotting.Figure, error)) {
	chooseExportPath(u, name, func(path string) {
		do := widgets.CurrentUIDo() // the hand-over in force now (tests swap it)
		go func() {
			fig, err := produce()
			if err == nil {
				err = plotting.SaveByExtension(fig, path)
			}
			if err != nil {
				do(func() { dialog.ShowError(err, u.win) })
			}
			if exported != nil {
				exported(path, err)
			}
		}()
	})
}

// chooseExportPath shows the file dialog for a picture named name and calls
// save with the path chosen (not when cancelled, nor for an extension that
// is not a picture format's). Tests replace it to choose without a dialog.
var chooseExportPath = func(u *ui, name string, save func(path string)) {
	u.savePath(name, plotting.Formats, func(path string) {
		if _, err := plotting.FormatOf(path); err != nil {
			// The dialog has created the file: remove the empty file again.
			if st, serr := os.Stat(path); serr == nil && st.Size() == 0 {
				os.Remove(path)
			}
			dialog.ShowError(err, u.win)
			return
		}
		save(path)
	})
}

// exported, when set (by tests), is called after each export with the path
// and the error, if any.
var exported func(path string, err error)
