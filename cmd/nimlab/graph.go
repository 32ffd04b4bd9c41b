package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/nimlab/nimlab/solver/graph"
	"github.com/nimlab/nimlab/solver/safewrite"
)

func init() { registerSubcommand(newGraphCommand) }

// graphFlags are the options of `nimlab graph`.
type graphFlags struct {
	sum         []string
	start       string
	json        bool
	dot         string
	subtraction string
	plate       string
	n           string
	loopy       loopyFlags
	misere      bool
	png         pngFlags
	picture     pngRequest
}

// graphReport is the JSON object printed by `nimlab graph --json`.
type graphReport struct {
	graphSize
	Grundy vertexObject[int] `json:"grundy"`
	Kernel []string          `json:"kernel"`
	startReport
	Dot     string `json:"dot,omitempty"`
	Picture string `json:"picture,omitempty"`
}

// graphSize opens every report of `nimlab graph --json` (normal, loopy and
// misère play): the files read and the graph's size.
type graphSize struct {
	Files    []string `json:"files"`
	Vertices int      `json:"vertices"`
	Edges    int      `json:"edges"`
}

func graphSizeOf(g *graph.Graph, files []string) graphSize {
	return graphSize{Files: files, Vertices: g.Len(), Edges: g.NumEdges()}
}

// startReport is the --start vertex's outcome and winning moves in normal
// and in misère play (all empty without --start).
type startReport struct {
	Start   string `json:"start,omitempty"`
	Outcome string `json:"outcome,omitempty"`
	// WinningMoves are the start's successors that its player wins by
	// moving to (in normal play, those in the kernel).
	WinningMoves *[]string `json:"winning_moves,omitempty"`
}

// startReportOf reports the start vertex v with its outcome and winning
// moves.
func startReportOf(g *graph.Graph, v int, outcome string, moves []int) startReport {
	names := vertexNames(g, moves)
	return startReport{Start: g.Name(v), Outcome: outcome, WinningMoves: &names}
}

// vertexObject marshals as a JSON object vertex → value with the vertices
// in the graph's order (encoding/json would sort map keys).
type vertexObject[V any] struct {
	names  []string
	values []V
}

func (o vertexObject[V]) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, name := range o.names {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(name)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(o.values[i])
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func newGraphCommand(env *cliEnv) *cobra.Command {
	f := &graphFlags{}
	cmd := &cobra.Command{
		Use:   "graph FILE [--sum FILE2 …] | graph --subtraction SET --n N | graph --plate SET --n N",
		Short: "Grundy labels, kernel and outcome of a game given as a directed graph",
		Long: `Solve a game given as a finite directed graph: a vertex is a position, an
edge u → v a move; the player who cannot move loses (R. Rizzi, "Introduction to
Progressively Finite Games", for graphs without cycles; a graph with a cycle is
solved as a loopy game, below).

FILE has one move "u v" (or "u -> v") per line, a lone "u" declares a vertex,
and # starts a comment; a file starting with "digraph {" is read as DOT
(node statements, edge chains a -> b -> c, attributes ignored).

Instead of FILE a built-in game can be generated: --subtraction SET --n N is the
subtraction game SET on heaps 0..N (vertex = heap size); --plate SET --n N is
Rizzi's game of putting coins of the values in SET into a plate that holds N
(vertex = amount in the plate; --plate 1,2 --n 10 is Rizzi's Figure 1).

--sum FILE2 (repeatable) solves the direct sum FILE + FILE2 + …, whose vertices
are named (u,v,…). --start V adds the outcome of V and its winning moves.
--dot OUT writes the graph with Grundy labels and the kernel marked; --png FILE
draws it (PNG, SVG or PDF by the extension; at most 500 vertices) in layers by
height, every move going down or to the right, or for long cycles by a force
layout, with each vertex's value under its name and the P-positions filled.

A graph with a cycle is a loopy game (play may go on for ever): every vertex
gets Smith's generalised Sprague-Grundy value (a number, or ∞ with the set of
finite values of its options, such as ∞_{0,2}) and the outcome P, N or D
(draw), and the graph's kernels are decided, counted and listed (--kernels).
--acyclic refuses such graphs instead. --game names a built-in loopy game:
figure3 (Rizzi's Figure 3, a graph without a kernel), cycle:N, circle:SET:N (the
subtraction game SET round a circle of N places), fair-shares:N (Winning Ways'
Fair Shares and Varied Pairs on N coins), random:N:P[:SEED].`,
		Example: `  nimlab graph coins.txt --start 0
  nimlab graph --plate 1,2 --n 10 --start 0
  nimlab graph heap2.txt --sum heap2.txt --json
  nimlab graph game.dot --dot labelled.dot
  nimlab graph --plate 1,2 --n 10 --png plate.pdf
  nimlab graph --game figure3
  nimlab graph --game circle:1,3:9 --start 5
  nimlab graph loopy.txt --sum loopy.txt --start a,b`,
		Args: func(cmd *cobra.Command, args []string) error {
			generated := cmd.Flags().Changed("subtraction") || cmd.Flags().Changed("plate") || cmd.Flags().Changed("game")
			switch {
			case generated && len(args) > 0:
				return badInput("graph takes either FILE or --subtraction/--plate/--game, not both")
			case !generated && len(args) != 1:
				return badInput("graph needs exactly one FILE (got %d arguments), or --subtraction SET --n N, or --plate SET --n N; add more games with --sum FILE2", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			file := ""
			if len(args) == 1 {
				file = args[0]
			}
			// The graph solvers do not take a context; Ctrl-C returns at once
			// and the process exits, leaving the abandoned work behind.
			var err error
			if f.picture, err = f.png.parse(cmd, env); err != nil {
				return err
			}
			if cmd.Flags().Changed("palette") {
				return badInput("--palette does not apply to a graph picture (its colours mark P-positions and draws)")
			}
			if f.picture.File != "" && f.misere {
				return badInput("--png draws normal-play values; it does not go with --misere")
			}
			f.loopy.ctx = commandContext(cmd)
			return interruptible(commandContext(cmd), func() error { return runGraph(env, file, f) })
		},
	}
	fl := cmd.Flags()
	fl.StringArrayVar(&f.sum, "sum", nil, "add the game in FILE2 as a component of a direct sum (repeatable)")
	fl.StringVar(&f.start, "start", "", "report the outcome and winning moves of vertex V (in a sum: (u,v) or u,v)")
	fl.BoolVar(&f.json, "json", false, "print one JSON object")
	fl.StringVar(&f.dot, "dot", "", "write the labelled graph in Graphviz DOT to OUT")
	markPath(fl, "dot", outputPath)
	intsFlag(fl, &f.subtraction, "subtraction", "", "instead of FILE: the subtraction game with moves SET (e.g. 1,2) on heaps 0..N")
	intsFlag(fl, &f.plate, "plate", "", "instead of FILE: Rizzi's plate game with coins SET (e.g. 1,2) and capacity N")
	intFlag(fl, &f.n, "n", "", "the N of --subtraction or --plate")
	fl.BoolVar(&f.misere, "misere", false, "misère play (last mover loses): outcomes, misère Grundy values, genus and canonical forms")
	addLoopyFlags(fl, &f.loopy)
	addPNGFlags(cmd, &f.png, "a drawing of the graph", "not used for graphs")
	return cmd
}

// loadGraph reads and parses one graph file; every failure is bad input.
func loadGraph(path string) (*graph.Graph, error) {
	if path == "-" {
		// "-" names standard output in nimlab's output flags; as a graph
		// file it would be read as a file called "-".
		return nil, badInput("graph reads a file, not standard input ('-'); accepted: the name of a text or DOT file")
	}
	// graph.Parse reads at most MaxFileSize bytes, so a device such as
	// /dev/zero or an endless pipe is refused instead of filling memory.
	fh, err := os.Open(path)
	if err == nil {
		if fi, serr := fh.Stat(); serr == nil && fi.IsDir() {
			err = errors.New("it is a folder")
		}
	}
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, badInput("cannot read graph file %s: %v; accepted: a readable text or DOT file", path, err)
	}
	defer fh.Close()
	g, err := graph.Parse(fh)
	if err != nil {
		return nil, badInput("%s: %v", path, err)
	}
	return g, nil
}

// maxGeneratedEdges bounds the moves of a generated graph.
const maxGeneratedEdges = 50_000_000

// graphMemory estimates the memory of building and solving a graph of
// vertices and edges: vertex names, edge lists both ways, the solvers'
// per-vertex state. Measured with /usr/bin/time (maximum resident size) on
// cycle:10^6 (623 MB), circle:1,3:10^6 (710 MB) and --subtraction 1,2,3 --n
// 10^6 (565 MB): about 560 bytes a vertex and 50 a move, plus the program.
func graphMemory(vertices, edges int64) int64 {
	return 600*vertices + 60*edges + 64<<20
}

// checkGraphMemory refuses a generated graph that would not fit in the
// memory the process may use; what names it.
func checkGraphMemory(what string, vertices, edges int64) error {
	return checkMemory(graphMemory(vertices, edges), fmt.Sprintf("%s (%d positions, %d moves)", what, vertices, edges),
		"a smaller game (about 600 bytes a position and 60 a move)")
}

// generateGraph builds the --subtraction or --plate game; it returns its
// description for the report.
func generateGraph(f *graphFlags) (*graph.Graph, string, error) {
	if f.loopy.game != "" {
		return generateLoopyGame(f)
	}
	if f.subtraction != "" && f.plate != "" {
		return nil, "", badInput("--subtraction and --plate exclude each other")
	}
	if f.n == "" {
		return nil, "", badInput("--subtraction and --plate need --n N (the largest heap, or the plate's capacity)")
	}
	n, err := parseCount("--n", f.n)
	if err != nil {
		return nil, "", err
	}
	flag, set, build := "--subtraction", f.subtraction, graph.SubtractionGame
	if f.plate != "" {
		flag, set, build = "--plate", f.plate, graph.PlateGame
	}
	steps, err := parseHeapList(flag, set)
	if err != nil {
		return nil, "", err
	}
	if f.subtraction != "" {
		vertices, edges := graph.SubtractionGameSize(steps, n)
		if edges > maxGeneratedEdges {
			return nil, "", badInput("%s %s --n %d makes a graph of %d moves; accepted: at most %d moves", flag, set, n, edges, maxGeneratedEdges)
		}
		if err := checkGraphMemory(fmt.Sprintf("%s %s --n %d", flag, set, n), vertices, edges); err != nil {
			return nil, "", err
		}
	}
	g, err := build(steps, n)
	if err != nil {
		return nil, "", badInput("%s %s --n %s: %v", flag, set, f.n, err)
	}
	return g, fmt.Sprintf("%s %s --n %d", strings.TrimPrefix(flag, "--"), set, n), nil
}

func runGraph(env *cliEnv, file string, f *graphFlags) error {
	if f.n != "" && f.subtraction == "" && f.plate == "" {
		return badInput("--n goes with --subtraction or --plate")
	}
	parts, files, err := loadGraphParts(file, f)
	if err != nil {
		return err
	}
	g := parts[0]
	if len(parts) > 1 {
		if g, err = graph.Sum(parts...); err != nil {
			return badInput("--sum: %v", err)
		}
	}
	if err := checkGraphPicture(f.picture, g); err != nil {
		return err
	}
	if f.misere {
		return runMisereGraph(env, g, files, len(parts) > 1, f)
	}
	if !f.loopy.acyclic && g.FindCycle() != nil {
		return runLoopyGraph(env, g, parts, files, f)
	}
	sol, err := g.Solve()
	if err != nil {
		var ce *graph.CycleError
		if errors.As(err, &ce) {
			return badInput("%v", err)
		}
		return err
	}
	report := graphReport{graphSize: graphSizeOf(g, files),
		Grundy: vertexObject[int]{names: g.Names(), values: sol.Grundy}, Kernel: vertexNames(g, sol.Kernel)}
	if f.start != "" {
		v, err := findStart(g, f.start, len(parts) > 1)
		if err != nil {
			return err
		}
		report.startReport = startReportOf(g, v, string(sol.Outcome(v)), sol.WinningMoves(g, v))
	}
	if err := writeGraphFiles(env, f, g, sol, files, &report); err != nil {
		return err
	}
	if f.json {
		return writeJSON(env.stdout, report)
	}
	printGraphReport(env.stdout, g, sol, &report)
	return nil
}

// loadGraphParts reads FILE (or generates the --subtraction, --plate or
// --game graph when file is "") and every --sum FILE2; files names each
// part for the report.
func loadGraphParts(file string, f *graphFlags) (parts []*graph.Graph, files []string, err error) {
	files = append([]string{file}, f.sum...)
	parts = make([]*graph.Graph, len(files))
	for i, path := range files {
		if i == 0 && file == "" {
			if parts[0], files[0], err = generateGraph(f); err != nil {
				return nil, nil, err
			}
			continue
		}
		if parts[i], err = loadGraph(path); err != nil {
			return nil, nil, err
		}
		if err := refuseCycle(path, parts[i], f); err != nil {
			return nil, nil, err
		}
	}
	return parts, files, nil
}

// findStart finds --start, or says which names are accepted.
func findStart(g *graph.Graph, name string, isSum bool) (int, error) {
	v, ok := lookupStart(g, name, isSum)
	if ok {
		return v, nil
	}
	example := ""
	if g.Len() > 0 {
		example = fmt.Sprintf(" such as %q", g.Name(0))
	}
	return 0, badInput("--start %q is not a vertex of the graph; accepted: a vertex name%s", name, example)
}

// writeGraphFiles writes --dot and --png for an acyclic graph.
func writeGraphFiles(env *cliEnv, f *graphFlags, g *graph.Graph, sol *graph.Solution, files []string, report *graphReport) error {
	if f.dot != "" {
		if err := safewrite.Write(f.dot, env.stdout, func(w io.Writer) error { return g.WriteDOT(w, sol) }); err != nil {
			return err
		}
		report.Dot = f.dot
	}
	if f.picture.File != "" {
		values := make([]string, g.Len())
		for v := range values {
			values[v] = fmt.Sprintf("g=%d", sol.Grundy[v])
		}
		if err := writeGraphPicture(f.picture, g, strings.Join(files, " + "), values, sol.InKernel, nil, nil); err != nil {
			return err
		}
		report.Picture = f.picture.File
	}
	return nil
}

// lookupStart finds --start; in a sum "u,v" may be given without the
// parentheses of the vertex name "(u,v)".
func lookupStart(g *graph.Graph, name string, isSum bool) (int, bool) {
	if v, ok := g.Lookup(name); ok {
		return v, true
	}
	if isSum {
		trimmed := strings.ReplaceAll(strings.TrimSpace(name), " ", "")
		if !strings.HasPrefix(trimmed, "(") {
			trimmed = "(" + trimmed + ")"
		}
		return g.Lookup(trimmed)
	}
	return 0, false
}

func vertexNames(g *graph.Graph, vs []int) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = g.Name(v)
	}
	return out
}

func printGraphReport(w io.Writer, g *graph.Graph, sol *graph.Solution, r *graphReport) {
	what := r.Files[0]
	if len(r.Files) > 1 {
		what = "the sum " + strings.Join(r.Files, " + ")
	}
	fmt.Fprintf(w, "%s: %d vertices, %d moves\n", what, r.Vertices, r.Edges)
	nameW := len("vertex")
	for _, n := range g.Names() {
		nameW = max(nameW, len([]rune(n)))
	}
	fmt.Fprintf(w, "  %-*s  grundy  kernel\n", nameW, "vertex")
	for v, n := range g.Names() {
		mark := ""
		if sol.InKernel[v] {
			mark = "yes"
		}
		fmt.Fprintf(w, "  %-*s  %6d  %s\n", nameW+len(n)-len([]rune(n)), n, sol.Grundy[v], mark)
	}
	fmt.Fprintf(w, "kernel (P-positions): %s\n", strings.Join(r.Kernel, " "))
	if r.Start != "" {
		who := map[string]string{"P": "the previous player wins", "N": "the next player wins"}[r.Outcome]
		fmt.Fprintf(w, "outcome of %s: %s (%s)\n", r.Start, r.Outcome, who)
		if len(*r.WinningMoves) > 0 {
			fmt.Fprintf(w, "winning moves from %s: %s\n", r.Start, strings.Join(*r.WinningMoves, " "))
		}
	}
	if r.Dot != "" {
		fmt.Fprintf(w, "DOT written to %s\n", r.Dot)
	}
}
