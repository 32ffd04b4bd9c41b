package main

import (
	"fmt"

	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/solver/graph"
)

// maxPictureVertices bounds the graphs --png draws: a drawing of more
// vertices is unreadable, and the force layout of a graph with long
// cycles costs n² per round.
const maxPictureVertices = 500

// checkGraphPicture refuses a picture of a graph too large to draw, before
// the graph is solved.
func checkGraphPicture(req pngRequest, g *graph.Graph) error {
	if req.File != "" && g.Len() > maxPictureVertices {
		return badInput("--png draws graphs of at most %d vertices; this one has %d (use --dot for Graphviz)", maxPictureVertices, g.Len())
	}
	return nil
}

// writeGraphPicture draws g as the Graph tab does (layers, or a force
// layout for long cycles) with each vertex's value under its name,
// P-positions filled and draws in orange, and kernel ringed.
func writeGraphPicture(req pngRequest, g *graph.Graph, what string, values []string, p, d []bool, kernel []int) error {
	lay, _ := g.DrawingLayoutFor(float64(req.Size.Width) / float64(req.Size.Height))
	opts := plotting.GraphOptions{Size: req.Size, Values: values, P: p, D: d, Selected: -1}
	if kernel != nil {
		opts.Ringed = make([]bool, g.Len())
		for _, v := range kernel {
			opts.Ringed[v] = true
		}
	}
	opts.Export = req.export(fmt.Sprintf("%s: %d vertices, %d moves", what, g.Len(), g.NumEdges()), "game graph", what)
	fig, err := plotting.GraphPlot(g, lay, opts)
	if err != nil {
		return err
	}
	return plotting.SaveByExtension(fig, req.File)
}
