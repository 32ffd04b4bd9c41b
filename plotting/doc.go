// Package plotting draws nimlab's pictures: Grundy sequence plots,
// histograms of values with the rare/common split, and heatmaps of
// two-index tables, and writes them as PNG files.
//
// The package takes plain data (Grundy values as []uint16 with their period
// and preperiod, tables as Table) so that the solver packages never depend on
// it, and it never imports the GUI toolkit: the GUI shows the *image.NRGBA a
// Figure holds.
//
// Axes, ticks, labels and titles are drawn by gonum/plot; the data itself
// (heatmap cells, decimated sequences) is drawn pixel by pixel into the
// figure's image, inside a data area whose edges fall on whole pixels. That is
// what keeps a heatmap cell exactly one colour, with no blur at any size, and
// what lets 10^7 values be drawn in a fraction of a second: every pixel
// column shows the minimum to maximum of the values that fall into it, so no
// value is lost.
//
// Sizes are in pixels. Font sizes and line widths scale with the image so
// that text stays readable when a 1920×1080 picture is projected; the DPI
// only sets the physical size recorded in the PNG (for print). Rendering is
// deterministic: the same input gives the same bytes.
package plotting
