package main

import (
	"fmt"
	"io"

	"github.com/nimlab/nimlab/solver/graph"
	"github.com/nimlab/nimlab/solver/misere"
)

// misereGraphReport is the JSON object of `nimlab graph FILE --misere --json`.
type misereGraphReport struct {
	graphSize
	Play  string              `json:"play"`
	Games []misereVertexGames `json:"positions"`
	// PPositions lists the misère P-positions.
	PPositions []string `json:"p_positions"`
	startReport
}

// misereVertexGames is one vertex's misère analysis.
type misereVertexGames struct {
	Vertex    string `json:"vertex"`
	Outcome   string `json:"outcome"`
	GMinus    int    `json:"misere_grundy"`
	Genus     string `json:"genus"`
	Birthday  int    `json:"birthday"`
	Canonical string `json:"canonical_form"`
	Phylum    string `json:"phylum"`
}

// graphListLimit is how many vertices the text report lists.
const graphListLimit = 40

// runMisereGraph solves a game graph in misère play: every vertex's outcome,
// misère Grundy value, genus, birthday and canonical form.
func runMisereGraph(env *cliEnv, g *graph.Graph, files []string, isSum bool, f *graphFlags) error {
	if g.FindCycle() != nil {
		return badInput("--misere needs an acyclic graph (misère play of loopy games is not defined here): %v", &graph.CycleError{Cycle: g.FindCycle()})
	}
	if f.dot != "" {
		return badInput("--dot draws normal play; it does not go with --misere")
	}
	res, err := misere.AnalyseGraph(g)
	if err != nil {
		return err
	}
	fs := res.Forms
	r := misereGraphReport{graphSize: graphSizeOf(g, files), Play: "misère", PPositions: []string{}}
	// Genus and canonical form are cheap per vertex (at most birthday+4 sums
	// with *2 of a form), but a huge graph lists only its first vertices in
	// text; JSON has them all.
	limit := g.Len()
	if !f.json {
		limit = min(limit, graphListLimit)
	}
	for v := 0; v < g.Len(); v++ {
		x := res.Form[v]
		if fs.IsP(x) {
			r.PPositions = append(r.PPositions, g.Name(v))
		}
		if v >= limit {
			continue
		}
		r.Games = append(r.Games, misereVertexGames{
			Vertex: g.Name(v), Outcome: res.Outcome(v).String(), GMinus: fs.GMinus(x),
			Genus: fs.Genus(x).String(), Birthday: fs.Birthday(x), Canonical: fs.String(x), Phylum: fs.Phylum(x),
		})
	}
	if f.start != "" {
		v, err := findStart(g, f.start, isSum)
		if err != nil {
			return err
		}
		r.startReport = startReportOf(g, v, res.Outcome(v).String(), res.WinningMoves(g, v))
	}
	if f.json {
		return writeJSON(env.stdout, r)
	}
	printMisereGraph(env.stdout, &r)
	return nil
}

func printMisereGraph(w io.Writer, r *misereGraphReport) {
	what := r.Files[0]
	if len(r.Files) > 1 {
		what = "the sum"
		for i, f := range r.Files {
			if i > 0 {
				what += " +"
			}
			what += " " + f
		}
	}
	fmt.Fprintf(w, "%s in misère play (the last player to move loses): %d vertices, %d moves\n", what, r.Vertices, r.Edges)
	nameW := len("vertex")
	for _, g := range r.Games {
		nameW = max(nameW, len([]rune(g.Vertex)))
	}
	fmt.Fprintf(w, "  %-*s  outcome  g⁻  genus      birthday  phylum   canonical form\n", nameW, "vertex")
	for _, g := range r.Games {
		fmt.Fprintf(w, "  %-*s  %-7s  %2d  %-9s  %8d  %-7s  %s\n", nameW+len(g.Vertex)-len([]rune(g.Vertex)), g.Vertex, g.Outcome, g.GMinus,
			g.Genus+spaces(9-len([]rune(g.Genus))), g.Birthday, g.Phylum, g.Canonical)
	}
	if len(r.Games) < r.Vertices {
		fmt.Fprintf(w, "  … and %d more vertices (--json lists every one)\n", r.Vertices-len(r.Games))
	}
	ps := r.PPositions
	more := 0
	if len(ps) > graphListLimit {
		ps, more = ps[:graphListLimit], len(ps)-graphListLimit
	}
	fmt.Fprintf(w, "misère P-positions (%d):", len(r.PPositions))
	for _, p := range ps {
		fmt.Fprintf(w, " %s", p)
	}
	if more > 0 {
		fmt.Fprintf(w, " … and %d more", more)
	}
	fmt.Fprintln(w)
	if r.Start != "" {
		fmt.Fprintf(w, "misère outcome of %s: %s\n", r.Start, r.Outcome)
		if len(*r.WinningMoves) > 0 {
			fmt.Fprint(w, "winning moves:")
			for _, m := range *r.WinningMoves {
				fmt.Fprintf(w, " %s", m)
			}
			fmt.Fprintln(w)
		}
	}
}

func spaces(n int) string {
	if n <= 0 {
		return ""
	}
	return fmt.Sprintf("%*s", n, "")
}
