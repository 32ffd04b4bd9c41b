package gui

import (
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"

	"github.com/nimlab/nimlab/plotting"
)

// exportFigure asks for a file name (PNG, SVG or PDF, by its extension) and
// writes the figure that produce draws. produce runs in the background:
// callers take what it needs from the widgets before (on the UI thread).
func (u *ui) exportFigure(name string, produce func() (*plotting.Figure, error)) {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			dialog.ShowError(err, u.win)
			return
		}
		if w == nil {
			return // cancelled
		}
		path := w.URI().Path()
		w.Close()
		if _, err := plotting.FormatOf(path); err != nil {
			// The dialog has created the file: remove the empty file again.
			if st, serr := os.Stat(path); serr == nil && st.Size() == 0 {
				os.Remove(path)
			}
			dialog.ShowError(err, u.win)
			return
		}
		go func() {
			fig, err := produce()
			if err == nil {
				err = plotting.SaveByExtension(fig, path)
			}
			if err != nil {
				uiDo(func() { dialog.ShowError(err, u.win) })
			}
		}()
	}, u.win)
	d.SetFileName(name)
	d.SetFilter(storage.NewExtensionFileFilter(plotting.Formats))
	d.Resize(u.dialogSize())
	d.Show()
}
