package gui

import (
	"net/url"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/nimlab/nimlab/gui/widgets"
	"github.com/nimlab/nimlab/solver/safewrite"

	"github.com/nimlab/nimlab/solver/misere"
)

// Title is the window title.
const Title = "nimlab"

// Preference keys (Fyne's preferences API; stored per app ID).
const (
	prefLastTab       = "lastTab"
	prefRecentCodes   = "recentCodes"
	prefRecentConfigs = "recentAstron"
	prefPalette       = "palette"
	prefTheme         = "theme"
	prefLastCode      = "lastCode"
	prefMaxHeaps      = "octalMaxHeaps"
)

// DefaultWindowSize is the window's size on a screen large enough for it;
// the nimlab binary shrinks it to a smaller screen.
var DefaultWindowSize = fyne.NewSize(1280, 860)

// maxRecent is how many recent codes or configurations are remembered.
const maxRecent = 10

// Tab titles.
const (
	tabOctal  = "Octal"
	tabAstron = "Astron"
	tabNim    = "Nim & play"
	tabGraph  = "Graph"
	tabMisere = "Misère"
)

// renamedTabs maps the titles of earlier versions, which a preference may
// still hold, to today's.
var renamedTabs = map[string]string{"Octal explorer": tabOctal, "Three-star study": tabAstronStudy}

// ui is the whole window: its tabs, toolbar and mode.
type ui struct {
	app     fyne.App
	win     fyne.Window
	prefs   fyne.Preferences
	tabs    *container.AppTabs
	present bool

	presentToggle *widget.ToolbarAction
	toolbar       *widget.Toolbar
	// themeBox is the theme's label and choice (hidden in presentation
	// mode, which has its own theme).
	themeBox *fyne.Container
	// tabIcons are the tabs' icons, hidden in presentation mode.
	tabIcons    []fyne.Resource
	themeSelect *widget.Select
	// about is the "?" dialog once shown.
	about dialog.Dialog

	octal  *octalTab
	nim    *nimTab
	graph  *graphTab
	astron *astronTab
	misere *misereTab
	study  *astronStudyTab
	census *censusTab
}

// NewMainWindow builds the nimlab main window on app a, in presentation
// mode when present is set. It opens on the last used tab (the Octal
// explorer the first time) and starts computing the last code (0.07 the
// first time) so that something useful is on screen at once.
func NewMainWindow(a fyne.App, present bool) fyne.Window {
	return newUI(a, present).win
}

func newUI(a fyne.App, present bool) *ui {
	u := &ui{app: a, prefs: a.Preferences(), present: present}
	// The theme goes in before any widget is built, so that every widget
	// takes its first size from it.
	u.installTheme()
	u.win = a.NewWindow(Title)
	u.octal = newOctalTab(u)
	u.nim = newNimTab(u)
	u.graph = newGraphTab(u)
	u.astron = newAstronTab(u)
	u.misere = newMisereTab(u)
	u.study = newAstronStudyTab(u)
	u.census = newCensusTab(u)
	// Each tab scrolls when the window is smaller than what it needs, so
	// that the window's minimum size never exceeds a 1024×768 projector
	// whatever is typed; at any usual size the tab fits and nothing scrolls.
	u.tabs = container.NewAppTabs(
		container.NewTabItemWithIcon(tabOctal, theme.GridIcon(), tabPane(u.octal.content)),
		container.NewTabItemWithIcon(tabAstron, theme.ColorPaletteIcon(), tabPane(u.astron.content)),
		container.NewTabItemWithIcon(tabNim, theme.ListIcon(), tabPane(u.nim.content)),
		container.NewTabItemWithIcon(tabGraph, theme.ComputerIcon(), tabPane(u.graph.content)),
		container.NewTabItemWithIcon(tabMisere, theme.ContentUndoIcon(), tabPane(u.misere.content)),
		container.NewTabItemWithIcon(tabAstronStudy, theme.GridIcon(), tabPane(u.study.content)),
		container.NewTabItemWithIcon(tabCensus, theme.StorageIcon(), tabPane(u.census.content)),
	)
	u.tabIcons = make([]fyne.Resource, len(u.tabs.Items))
	for i, ti := range u.tabs.Items {
		u.tabIcons[i] = ti.Icon
	}
	u.tabs.OnSelected = func(ti *container.TabItem) {
		u.prefs.SetString(prefLastTab, ti.Text)
		switch ti.Text {
		case tabAstron:
			u.astron.Shown()
		case tabMisere:
			u.misere.Shown()
		case tabAstronStudy:
			u.study.Shown()
		}
	}

	u.themeSelect = widget.NewSelect([]string{themeSystem, themeLight, themeDark}, func(s string) {
		u.prefs.SetString(prefTheme, s)
		u.applyTheme()
	})
	u.themeSelect.SetSelected(u.prefs.StringWithFallback(prefTheme, themeSystem))
	u.presentToggle = widget.NewToolbarAction(theme.ViewFullScreenIcon(), func() { u.SetPresentation(!u.present) })
	toolbar := widget.NewToolbar(
		u.presentToggle,
		widget.NewToolbarSeparator(),
		widget.NewToolbarAction(theme.HelpIcon(), u.showAbout),
	)
	u.toolbar = toolbar
	u.themeBox = container.NewHBox(widget.NewLabel("Theme"), u.themeSelect)
	// F11 toggles presentation mode; Escape leaves it.
	u.win.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) {
		switch {
		case ev.Name == fyne.KeyF11:
			u.SetPresentation(!u.present)
		case ev.Name == fyne.KeyEscape && u.present:
			u.SetPresentation(false)
		}
	})
	u.win.Resize(DefaultWindowSize)

	last := u.prefs.StringWithFallback(prefLastTab, tabOctal)
	if t, ok := renamedTabs[last]; ok {
		last = t
	}
	for _, ti := range u.tabs.Items {
		if ti.Text == last {
			u.tabs.Select(ti)
		}
	}
	u.SetPresentation(present)

	u.octal.code.SetText(u.prefs.StringWithFallback(prefLastCode, "0.07"))
	u.octal.Compute()
	return u
}

// SetPresentation switches presentation mode: fullscreen with the large
// high-contrast theme, or back to the window with the user's theme.
func (u *ui) SetPresentation(on bool) {
	u.present = on
	u.applyTheme()
	u.octal.setPresentation(on)
	u.misere.setPresentation(on)
	u.nim.setPresentation(on)
	u.astron.setPresentation(on)
	u.graph.setPresentation(on)
	u.study.setPresentation(on)
	// The tabs' titles alone, large, fit a 1024×768 projector; with their
	// icons the last tabs went behind a "…" menu.
	for i, ti := range u.tabs.Items {
		if on {
			ti.Icon = nil
		} else {
			ti.Icon = u.tabIcons[i]
		}
	}
	u.tabs.Refresh()
	// In presentation mode the toolbar sits at the right end of the row of
	// tabs instead of on a row of its own: a 1024×768 projector needs every
	// row for the tab's content.
	if on {
		u.win.SetContent(container.New(&cornerLayout{}, u.tabs, u.toolbar))
	} else {
		u.win.SetContent(container.NewBorder(container.NewBorder(nil, nil, u.toolbar, u.themeBox), nil, nil, nil, u.tabs))
	}
	u.win.SetFullScreen(on)
	u.relayoutSoon()
}

// relayoutSoon lays the window out again once it has settled at its new
// size. A label that wraps learns its height from the width it was given,
// after its container has already placed what is below it (Fyne lays out
// in one pass), so a second pass is what keeps wrapped text from
// overlapping the next row after the window opens or changes mode.
func (u *ui) relayoutSoon() {
	// The hand-over is the one in force now: in tests, a timer that fires
	// after its test has ended must not run on the next test's UI.
	do := widgets.CurrentUIDo()
	time.AfterFunc(400*time.Millisecond, func() {
		do(func() {
			if c := u.win.Content(); c != nil {
				c.Refresh()
			}
		})
	})
}

// applyTheme installs the theme for the current mode and preference.
func (u *ui) applyTheme() {
	u.installTheme()
	if c := u.win.Content(); c != nil {
		c.Refresh()
	}
	// Sizes computed from the theme (table columns) follow it.
	for _, vt := range []*valuesTable{u.octal.table, u.misere.phi} {
		vt.applyWidths()
		vt.table.Refresh()
	}
	if u.census != nil {
		u.census.applyWidths()
	}
	if u.misere.quotient != nil {
		u.misere.sizeMulColumns()
		u.misere.mul.Refresh()
	}
	// The Nim column view and board are built with the theme's sizes.
	u.nim.Analyze()
	u.nim.play.show()
}

// misereQuotientFor returns the Misère tab's quotient of code when it is
// certified (then it decides every sum), else nil.
func (u *ui) misereQuotientFor(code string) *misere.Quotient {
	if q := u.misere.quotient; q != nil && q.Code == code && q.Certified {
		return q
	}
	return nil
}

// installTheme sets the app's theme for the current mode and preference.
func (u *ui) installTheme() {
	if u.present {
		u.app.Settings().SetTheme(presentationTheme{})
	} else {
		u.app.Settings().SetTheme(variantTheme{variant: u.prefs.StringWithFallback(prefTheme, themeSystem)})
	}
}

// Version is the version the "?" dialog names; the nimlab binary sets it
// (with the commit it was built from) before it opens the window.
var Version = "development build"

// DocsURL is where the documentation is: the README, the notes on the
// mathematics in docs/, and the command line's reference.
const DocsURL = "https://github.com/nimlab/nimlab#readme"

// showAbout is the "?" dialog: what nimlab is, its version, where its
// documentation is, and the keys of presentation mode.
func (u *ui) showAbout() {
	text := widget.NewLabel("A workbench for impartial combinatorial games.\n" +
		"The toolbar's first button (or F11) toggles presentation mode; Escape leaves it; nimlab --present starts in it.\n" +
		"nimlab --help lists the command line's subcommands.")
	text.Wrapping = fyne.TextWrapWord
	version := widget.NewLabelWithStyle("nimlab "+Version, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	version.Selectable = true // quoted in papers and bug reports
	docs, _ := url.Parse(DocsURL)
	link := widget.NewHyperlink("Documentation: "+DocsURL, docs)
	u.about = dialog.NewCustom("About nimlab", "Close", container.NewVBox(version, text, link), u.win)
	s := u.win.Canvas().Size()
	u.about.Resize(fyne.NewSize(min(s.Width*0.9, 60*theme.TextSize()), 0))
	u.about.Show()
}

// recent returns the remembered list under key, newest first.
func (u *ui) recent(key string) []string {
	return u.prefs.StringList(key)
}

// addRecent puts s at the front of the list under key.
func (u *ui) addRecent(key, s string) {
	list := slices.DeleteFunc(u.prefs.StringList(key), func(x string) bool { return x == s })
	list = append([]string{s}, list...)
	if len(list) > maxRecent {
		list = list[:maxRecent]
	}
	u.prefs.SetStringList(key, list)
	if key == prefRecentCodes {
		u.prefs.SetString(prefLastCode, s)
	}
}

// exportTo writes what produce returns to path atomically (a reader never
// sees half a file; an error leaves an existing file as it was).
func exportTo(path string, produce func() ([]byte, error)) error {
	data, err := produce()
	if err != nil {
		return err
	}
	return safewrite.WriteFile(path, nil, data)
}

// dialogSize is most of the window: Fyne's file dialogs open small.
func (u *ui) dialogSize() fyne.Size {
	s := u.win.Canvas().Size()
	return fyne.NewSize(s.Width*0.8, s.Height*0.8)
}

// saveFile asks for a file name through Fyne's save dialog and writes what
// produce returns to it atomically.
func (u *ui) saveFile(name, ext string, produce func() ([]byte, error)) {
	u.savePath(name, []string{ext}, func(path string) {
		if err := exportTo(path, produce); err != nil {
			dialog.ShowError(err, u.win)
		}
	})
}

// savePath shows Fyne's save dialog for a file named name with one of the
// extensions exts, and calls save with the path chosen (not when
// cancelled; an error is shown).
func (u *ui) savePath(name string, exts []string, save func(path string)) {
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
		save(path)
	}, u.win)
	d.SetFileName(name)
	d.SetFilter(storage.NewExtensionFileFilter(exts))
	d.Resize(u.dialogSize())
	d.Show()
}

// openFile shows Fyne's open dialog for files with one of the extensions
// exts, and hands the file chosen to open (not when cancelled; an error is
// shown).
func (u *ui) openFile(exts []string, open func(fyne.URIReadCloser)) {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			dialog.ShowError(err, u.win)
			return
		}
		if r == nil {
			return // cancelled
		}
		open(r)
	}, u.win)
	d.SetFilter(storage.NewExtensionFileFilter(exts))
	d.Resize(u.dialogSize())
	d.Show()
}

// tabPane wraps a tab's content so that, while another tab is shown, it
// asks for no room: AppTabs makes the window at least as large as its
// largest tab, and a tab not on screen keeps the sizes of its last layout
// (a wrapped summary laid out narrow while the window was being built is
// many lines tall), which made the window taller than a 1280×720 screen
// left it. A shown tab asks for its content's minimum size as usual.
func tabPane(content fyne.CanvasObject) fyne.CanvasObject {
	l := &tabPaneLayout{}
	l.pane = container.New(l, content)
	return l.pane
}

type tabPaneLayout struct{ pane *fyne.Container }

func (l *tabPaneLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if !l.pane.Visible() {
		return fyne.Size{}
	}
	return objs[0].MinSize()
}

func (l *tabPaneLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
}

// cornerLayout lays its first object over the whole area and its second,
// at its minimum size, in the top right-hand corner.
type cornerLayout struct{}

func (cornerLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	a, b := objs[0].MinSize(), objs[1].MinSize()
	return fyne.NewSize(max(a.Width, b.Width), max(a.Height, b.Height))
}

func (cornerLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
	m := objs[1].MinSize()
	objs[1].Move(fyne.NewPos(size.Width-m.Width, 0))
	objs[1].Resize(m)
}
