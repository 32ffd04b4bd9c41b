// Package gui builds the nimlab window from the solver and plotting
// packages. It never imports fyne.io/fyne/v2/app, so every screen can be
// driven in tests with fyne.io/fyne/v2/test; cmd/nimlab supplies the app.
//
// The window (NewMainWindow) has seven tabs: the Octal explorer (code →
// Grundy values, period, Table 1.1-style table, sequence plot, winning moves
// in sums, normal or misère, PNG, SVG, PDF and CSV export), Astron (a star
// field's nimber and winning moves in words, the interactive two-star heatmap
// and three-star slices), Nim & play (the binary column view of Eugeni,
// Mascella and Tondini and a game against the computer), Graph (a game graph
// drawn with Grundy labels and its kernel), Misère (misère quotients), the
// three-star Astron study and the Census of a family of codes. A toolbar button,
// F11 or `nimlab --present` switches to presentation mode: fullscreen with a
// high-contrast theme whose sizes are PresentationScale times larger.
//
// The reusable widgets — the sequence explorer, the heatmap and its frame,
// the bounded entry and list — and the job runner live in package
// gui/widgets. Long work runs in a widgets.JobRunner per screen: starting a
// job cancels the one before it, and a job sends every widget update
// through JobHandle.Update or Finish, which go through fyne.Do
// (widgets.UIDo) and drop the updates of a superseded job. Tests replace
// widgets.UIDo with a queue that the test goroutine drains, so that they
// exercise the same threading as the real main loop (and run clean under
// the race detector).
//
// Preferences (Fyne's API) remember the last tab, recent codes and star
// configurations, the heatmap palette and the theme.
package gui
