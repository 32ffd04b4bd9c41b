// Package gui builds the nimlab window from the solver and plotting
// packages. It never imports fyne.io/fyne/v2/app, so every screen can be
// driven in tests with fyne.io/fyne/v2/test; cmd/nimlab supplies the app.
package gui
