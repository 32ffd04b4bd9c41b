package main

import (
	"fmt"

	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/solver/astron"
)

// astronTable turns an Astron grid (Rows[p][q]) into a plotting table with
// the first star p across and the second star q upwards, as in Figure 2.7.
func astronTable(g astron.Grid) plotting.Table {
	n := len(g.Rows)
	t := plotting.Table{Cols: n, Rows: n, Values: make([]int, n*n)}
	for p, row := range g.Rows {
		for q, v := range row {
			t.Values[q*n+p] = int(v)
		}
	}
	return t
}

// writeAstronHeatmapPNG draws the table of an `astron table` request as a
// heatmap: one cell per position, coloured by its nimber.
func writeAstronHeatmapPNG(req pngRequest, g astron.Grid, r astron.Rules) error {
	title := fmt.Sprintf("%s: nimbers of two stars p, q (0 ≤ p, q ≤ %d)", astronRulesName(r), g.N)
	if g.Stars == 3 {
		title = fmt.Sprintf("%s: nimbers of three stars p, q, %d (0 ≤ p, q ≤ %d)", astronRulesName(r), g.Slice, g.N)
	}
	if err := req.Palette.Fits(g.Max()); err != nil {
		return badInput("--palette: %v", err)
	}
	fig, err := plotting.Heatmap(astronTable(g), plotting.HeatmapOptions{
		Size:    req.Size,
		Title:   title,
		XLabel:  "p (first star)",
		YLabel:  "q (second star)",
		Palette: req.Palette,
		Export:  req.export(title, "Astron", "nimbers", astronRulesName(r)),
	})
	if err != nil {
		return err
	}
	return plotting.SaveByExtension(fig, req.File)
}
