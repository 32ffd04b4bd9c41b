// Package plotting draws nimlab's pictures: Grundy sequence plots,
// histograms of values with the rare/common split, and heatmaps of
// two-index tables, misère quotient orders and game graphs, and writes them
// as PNG, SVG or PDF files.
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
// only sets the physical size recorded in the PNG (for print). A Size with
// TextPt set is made for print instead: tick labels that many points high
// at its DPI, whatever the number of pixels. PNG rendering is
// deterministic: the same input gives the same bytes.
//
// # Export
//
// Every picture function returns a *Figure; SaveByExtension(fig, path)
// writes it as PNG, SVG or PDF by the path's extension (Figure.Encode writes
// to an io.Writer). A picture function takes its Size and an Export: the
// Caption drawn in the corner, the Command that made the picture and
// Keywords, which go with the title into the file's metadata (PDF document
// information, SVG title/desc/Dublin Core, PNG iTXt). For SVG and PDF the
// figure is drawn again onto a vector canvas: axes, text and marks are
// vector, what is drawn pixel by pixel is one embedded PNG under them. PDF
// is written by this package's own canvas on fpdf (UTF-8 text with the
// font embedded, images upright; gonum's vgpdf mirrors images), SVG by
// gonum's vgsvg with its output corrected for librsvg and ImageMagick. Text
// is DejaVu Sans (package resources/fonts) everywhere. Package rendercheck
// is the test oracle that renders exports with poppler, Ghostscript,
// librsvg and ImageMagick and compares them with the PNG.
//
// A new picture follows the pattern of QuotientOrdersPlot: draw on
// newCanvasFor(size, opts.Export) and end with exportable(fig, opts, title,
// size, draw), which records the export's metadata and lets SVG and PDF
// draw the same options again on the canvas they are given (opts.into).
package plotting
