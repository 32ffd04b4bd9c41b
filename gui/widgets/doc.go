// Package widgets holds the reusable widgets of the nimlab window, each
// drawn so that its cost on the UI thread does not grow with its data:
//
//   - SequenceExplorer, an interactive plot of a Grundy sequence of any
//     length (zoom, pan, hover read-out, difference view, histogram);
//   - Heatmap and HeatmapFrame, a two-index table such as G(A_{p,q}) with
//     its axes and colour bar;
//   - BoundedEntry, a single-line entry that refuses text beyond a bound;
//   - BoundedList, a long result with only its first lines on screen;
//   - JobRunner and JobHandle, which run one background job at a time and
//     hand its widget updates to the UI thread through fyne.Do (UIDo).
//
// It builds on fyne.io/fyne/v2 and plotting only, never on the window's
// tabs, so each widget can be tested on its own with fyne.io/fyne/v2/test.
package widgets
