package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/nimlab/nimlab/solver/graph"
	"github.com/nimlab/nimlab/solver/safewrite"
)

// loopyFlags are the options of `nimlab graph` for graphs with cycles.
type loopyFlags struct {
	acyclic bool
	kernels int
	game    string
	// ctx is the command's context (cancelled by Ctrl-C).
	ctx context.Context
}

func addLoopyFlags(fl *pflag.FlagSet, f *loopyFlags) {
	fl.BoolVar(&f.acyclic, "acyclic", false, "refuse a graph with a cycle (the old behaviour) instead of solving it as a loopy game")
	fl.IntVar(&f.kernels, "kernels", 20, "list and count the kernels of a graph with a cycle up to this many")
	fl.StringVar(&f.game, "game", "", "instead of FILE: figure3, cycle:N, circle:SET:N, fair-shares:N or random:N:P[:SEED]")
}

// refuseCycle is --acyclic's check of one input file.
func refuseCycle(path string, g *graph.Graph, f *graphFlags) error {
	if !f.loopy.acyclic {
		return nil
	}
	if cyc := g.FindCycle(); cyc != nil {
		return badInput("%s: %v", path, &graph.CycleError{Cycle: cyc})
	}
	return nil
}

// loopyGameAccepted lists the --game names.
const loopyGameAccepted = "accepted: figure3, cycle:N, circle:SET:N (e.g. circle:1,3:9), fair-shares:N or random:N:P[:SEED] (e.g. random:12:0.2:1)"

// loopyGame is one kind of --game: the number of parts of its name (the
// kind and its parameters, split at ':'; arity and arity+1 when the last is
// optional) and what builds it from them.
type loopyGame struct {
	arity    int
	optional bool
	build    func(spec string, parts []string) (*graph.Graph, error)
}

var loopyGames = map[string]loopyGame{
	"figure3":     {1, false, func(string, []string) (*graph.Graph, error) { return graph.RizziFigure3(), nil }},
	"cycle":       {2, false, buildCycleGame},
	"circle":      {3, false, buildCircleGame},
	"fair-shares": {2, false, buildFairSharesGame},
	"random":      {3, true, buildRandomGame},
}

// generateLoopyGame builds the --game graph.
func generateLoopyGame(f *graphFlags) (*graph.Graph, string, error) {
	if f.subtraction != "" || f.plate != "" || f.n != "" {
		return nil, "", badInput("--game excludes --subtraction, --plate and --n (its size is part of the name, e.g. cycle:5)")
	}
	spec := strings.TrimSpace(f.loopy.game)
	parts := strings.Split(spec, ":")
	kind, ok := loopyGames[parts[0]]
	if !ok || (len(parts) != kind.arity && !(kind.optional && len(parts) == kind.arity+1)) {
		return nil, "", badInput("--game %q is not a built-in game; %s", spec, loopyGameAccepted)
	}
	g, err := kind.build(spec, parts)
	if err != nil {
		return nil, "", err
	}
	return g, "game " + spec, nil
}

// builtGame is what a --game builder returns: its graph, or its error as
// bad input naming the game.
func builtGame(spec string, g *graph.Graph, err error) (*graph.Graph, error) {
	if err != nil {
		return nil, badInput("--game %s: %v", spec, err)
	}
	return g, nil
}

func buildCycleGame(spec string, parts []string) (*graph.Graph, error) {
	n, err := parseCount("--game cycle:N", parts[1])
	if err != nil {
		return nil, err
	}
	if n <= 10_000_000 {
		if err := checkGraphMemory("--game "+spec, int64(n), int64(n)); err != nil {
			return nil, err
		}
	}
	g, err := graph.Cycle(n)
	return builtGame(spec, g, err)
}

func buildCircleGame(spec string, parts []string) (*graph.Graph, error) {
	set, err := parseHeapList("--game circle:SET:N", parts[1])
	if err != nil {
		return nil, err
	}
	n, err := parseCount("--game circle:SET:N", parts[2])
	if err != nil {
		return nil, err
	}
	if vertices, edges := graph.CircleSubtractionSize(set, n); edges > maxGeneratedEdges {
		return nil, badInput("--game %s makes a graph of %d moves; accepted: at most %d moves", spec, edges, maxGeneratedEdges)
	} else if err := checkGraphMemory("--game "+spec, vertices, edges); err != nil {
		return nil, err
	}
	g, err := graph.CircleSubtraction(set, n)
	return builtGame(spec, g, err)
}

func buildFairSharesGame(spec string, parts []string) (*graph.Graph, error) {
	n, err := parseCount("--game fair-shares:N", parts[1])
	if err != nil {
		return nil, err
	}
	g, err := graph.FairSharesVariedPairs(n)
	return builtGame(spec, g, err)
}

func buildRandomGame(spec string, parts []string) (*graph.Graph, error) {
	n, err := parseCount("--game random:N:P", parts[1])
	if err != nil {
		return nil, err
	}
	p, err := strconv.ParseFloat(parts[2], 64)
	if err != nil {
		return nil, badInput("--game random:N:P: P must be a probability such as 0.2, got %q", parts[2])
	}
	seed := 1
	if len(parts) == 4 {
		if seed, err = parseCount("--game random:N:P:SEED", parts[3]); err != nil {
			return nil, err
		}
	}
	g, err := graph.RandomDigraph(n, p, uint64(seed))
	return builtGame(spec, g, err)
}

// loopyReport is the JSON object printed by `nimlab graph --json` for a
// graph with a cycle.
type loopyReport struct {
	graphSize
	Loopy bool `json:"loopy"`
	// Values maps each vertex (in the graph's order) to its generalised
	// Sprague-Grundy value: "3", "∞" (no finite option) or "∞_{0,2}".
	Values   vertexObject[string] `json:"values"`
	Outcomes vertexObject[string] `json:"outcomes"`
	Counts   struct {
		P        int `json:"P"`
		N        int `json:"N"`
		D        int `json:"D"`
		Infinite int `json:"infinite"`
	} `json:"counts"`
	Kernels kernelJSON `json:"kernels"`
	Start   string     `json:"start,omitempty"`
	Value   string     `json:"value,omitempty"`
	Outcome string     `json:"outcome,omitempty"`
	// SumRule shows, for a start vertex of a sum, the components' values
	// and their generalised nim-sum.
	SumRule      string    `json:"sum_rule,omitempty"`
	WinningMoves *[]string `json:"winning_moves,omitempty"`
	DrawingMoves *[]string `json:"drawing_moves,omitempty"`
	BestMove     string    `json:"best_move,omitempty"`
	Dot          string    `json:"dot,omitempty"`
	Picture      string    `json:"picture,omitempty"`
}

type kernelJSON struct {
	Decided    bool       `json:"decided"`
	Exists     bool       `json:"exists"`
	Count      int64      `json:"count"`
	CountExact bool       `json:"count_exact"`
	Listed     [][]string `json:"listed"`
	Conditions []string   `json:"conditions"`
	Note       string     `json:"note"`
	Nodes      int64      `json:"search_nodes"`
}

// maxLoopyRows bounds the vertex table on a terminal.
const maxLoopyRows = 60

func runLoopyGraph(env *cliEnv, g *graph.Graph, parts []*graph.Graph, files []string, f *graphFlags) error {
	if f.loopy.kernels < 1 {
		return badInput("--kernels must be at least 1, got %d", f.loopy.kernels)
	}
	ctx := f.loopy.ctx
	sol, err := g.Loopy(ctx, nil)
	if err != nil {
		return err
	}
	kr, err := sol.Kernels(ctx, graph.KernelOptions{Limit: f.loopy.kernels})
	if err != nil {
		return err
	}
	r := newLoopyReport(g, sol, kr, files)
	if f.start != "" {
		v, err := findStart(g, f.start, len(parts) > 1)
		if err != nil {
			return err
		}
		r.Start, r.Value, r.Outcome = g.Name(v), r.Values.values[v], r.Outcomes.values[v]
		win := vertexNames(g, sol.WinningMoves(v))
		draw := vertexNames(g, sol.DrawingMoves(v))
		r.WinningMoves, r.DrawingMoves = &win, &draw
		if b := sol.BestMove(v); b >= 0 {
			r.BestMove = g.Name(b)
		}
		if len(parts) > 1 {
			if rule, err := sumRule(ctx, parts, v); err == nil {
				r.SumRule = rule
			}
		}
	}
	if err := writeLoopyFiles(env, f, g, sol, kr, files, &r); err != nil {
		return err
	}
	if f.json {
		return writeJSON(env.stdout, r)
	}
	printLoopyReport(env.stdout, &r, r.Values.names, r.Values.values, r.Outcomes.values)
	return nil
}

// newLoopyReport reports every vertex's value and outcome, their counts and
// the kernels.
func newLoopyReport(g *graph.Graph, sol *graph.LoopySolution, kr *graph.KernelReport, files []string) loopyReport {
	r := loopyReport{graphSize: graphSizeOf(g, files), Loopy: true}
	names := g.Names()
	values := make([]string, g.Len())
	outcomes := make([]string, g.Len())
	for v := range g.Len() {
		values[v] = sol.Value(v).String()
		o := sol.Outcome(v)
		outcomes[v] = string(o)
		switch o {
		case graph.P:
			r.Counts.P++
		case graph.N:
			r.Counts.N++
		default:
			r.Counts.D++
		}
		if sol.Label[v] == graph.Infinite {
			r.Counts.Infinite++
		}
	}
	r.Values = vertexObject[string]{names, values}
	r.Outcomes = vertexObject[string]{names, outcomes}
	r.Kernels = kernelJSON{Decided: kr.Decided, Exists: kr.Exists, Count: kr.Count, CountExact: kr.CountExact,
		Listed: [][]string{}, Conditions: kr.Conditions(), Note: kr.Note, Nodes: kr.Nodes}
	if r.Kernels.Conditions == nil {
		r.Kernels.Conditions = []string{}
	}
	for _, k := range kr.Kernels {
		r.Kernels.Listed = append(r.Kernels.Listed, vertexNames(g, k))
	}
	return r
}

// writeLoopyFiles writes --dot and --png for a graph with a cycle, the
// first kernel marked.
func writeLoopyFiles(env *cliEnv, f *graphFlags, g *graph.Graph, sol *graph.LoopySolution, kr *graph.KernelReport, files []string, r *loopyReport) error {
	var kernel []int
	if len(kr.Kernels) > 0 {
		kernel = kr.Kernels[0]
	}
	if f.dot != "" {
		if err := safewrite.Write(f.dot, env.stdout, func(w io.Writer) error { return g.WriteLoopyDOT(w, sol, kernel) }); err != nil {
			return err
		}
		r.Dot = f.dot
	}
	if f.picture.File == "" {
		return nil
	}
	values := r.Values.values
	gamma := make([]string, g.Len())
	p := make([]bool, g.Len())
	d := make([]bool, g.Len())
	for v := range g.Len() {
		gamma[v] = "γ=" + values[v]
		if strings.Contains(values[v], "_{") {
			gamma[v] = values[v] // a long ∞_{…} reads larger without "γ="
		}
		p[v] = sol.Label[v] == 0
		d[v] = sol.Outcome(v) == graph.D
	}
	if err := writeGraphPicture(f.picture, g, strings.Join(files, " + "), gamma, p, d, kernel); err != nil {
		return err
	}
	r.Picture = f.picture.File
	return nil
}

// sumRule writes the value of sum vertex v from its components' values by
// the generalised nim-sum (the components are labelled on their own).
func sumRule(ctx context.Context, parts []*graph.Graph, v int) (string, error) {
	// Sum numbers tuples in mixed radix, the last component fastest.
	idx := make([]int, len(parts))
	r := v
	for i := len(parts) - 1; i >= 0; i-- {
		idx[i] = r % parts[i].Len()
		r /= parts[i].Len()
	}
	var terms []string
	var total graph.LoopyValue
	for i, p := range parts {
		s, err := p.Loopy(ctx, nil)
		if err != nil {
			return "", err
		}
		x := s.Value(idx[i])
		terms = append(terms, x.String())
		if i == 0 {
			total = x
		} else {
			total = graph.LoopySum(total, x)
		}
	}
	return strings.Join(terms, " + ") + " = " + total.String(), nil
}

func printLoopyReport(w io.Writer, r *loopyReport, names, values, outcomes []string) {
	what := r.Files[0]
	if len(r.Files) > 1 {
		what = "the sum " + strings.Join(r.Files, " + ")
	}
	fmt.Fprintf(w, "%s: %d vertices, %d moves, with cycles (a loopy game)\n", what, r.Vertices, r.Edges)
	nameW, valW := len("vertex"), len("value")
	for i, n := range names {
		if i == maxLoopyRows {
			break
		}
		nameW = max(nameW, len([]rune(n)))
		valW = max(valW, len([]rune(values[i])))
	}
	fmt.Fprintf(w, "  %-*s  %-*s  outcome\n", nameW, "vertex", valW, "value")
	for i, n := range names {
		if i == maxLoopyRows {
			fmt.Fprintf(w, "  … and %d more vertices (--json lists all)\n", len(names)-maxLoopyRows)
			break
		}
		fmt.Fprintf(w, "  %-*s  %-*s  %s\n", nameW, n, valW, values[i], outcomes[i]) // fmt pads by code points
	}
	fmt.Fprintf(w, "outcomes: %d P, %d N, %d D (draw); %d vertices with value ∞\n", r.Counts.P, r.Counts.N, r.Counts.D, r.Counts.Infinite)
	k := r.Kernels
	fmt.Fprintf(w, "kernels: %s\n", k.Note)
	for _, c := range k.Conditions {
		fmt.Fprintf(w, "  holds: %s\n", c)
	}
	for i, kern := range k.Listed {
		if i == 10 {
			fmt.Fprintf(w, "  … and %d more listed (--json, --kernels N)\n", len(k.Listed)-10)
			break
		}
		fmt.Fprintf(w, "  {%s}\n", boundedJoin(kern, 30))
	}
	if r.Start != "" {
		who := map[string]string{"P": "the previous player wins", "N": "the next player wins", "D": "a draw: with best play the game never ends"}[r.Outcome]
		fmt.Fprintf(w, "%s: value %s, outcome %s (%s)\n", r.Start, r.Value, r.Outcome, who)
		if r.SumRule != "" {
			fmt.Fprintf(w, "  by the sum rule: %s\n", r.SumRule)
		}
		if len(*r.WinningMoves) > 0 {
			fmt.Fprintf(w, "  winning moves (to P-positions): %s; best %s, the smallest counter, which ends the game if kept up\n", boundedJoin(*r.WinningMoves, 30), r.BestMove)
		}
		if len(*r.DrawingMoves) > 0 {
			fmt.Fprintf(w, "  drawing moves: %s (any other move loses)\n", boundedJoin(*r.DrawingMoves, 30))
		}
	}
	if r.Dot != "" {
		fmt.Fprintf(w, "DOT written to %s\n", r.Dot)
	}
}

// boundedJoin joins up to limit names and says how many more there are.
func boundedJoin(s []string, limit int) string {
	if len(s) <= limit {
		return strings.Join(s, " ")
	}
	return strings.Join(s[:limit], " ") + fmt.Sprintf(" … and %d more", len(s)-limit)
}
