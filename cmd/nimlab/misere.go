package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/solver/misere"
	"github.com/nimlab/nimlab/solver/takebreak"
)

func init() { registerSubcommand(newMisereCommand) }

// misereFlags are the options of `nimlab misere`.
type misereFlags struct {
	max      string
	heaps    string
	table    bool
	json     bool
	all      bool
	png      pngFlags
	picture  pngRequest
	seconds  string
	genus    bool
	heapsSet bool
}

// listLimit is how many moves or positions a list shows unless --all.
const listLimit = 20

// misereReport is the JSON object printed by `nimlab misere --json`.
type misereReport struct {
	Code         string    `json:"code"`
	Name         string    `json:"name,omitempty"`
	Order        int       `json:"order"`
	PSize        int       `json:"p_size"`
	Presentation string    `json:"presentation"`
	Tame         bool      `json:"tame"`
	Normal       bool      `json:"normal"`
	Elements     []string  `json:"elements"`
	P            []string  `json:"p"`
	Idempotents  []string  `json:"idempotents"`
	Kernel       []string  `json:"kernel"`
	Phi          []string  `json:"phi"`
	Period       *int      `json:"period"`
	Preperiod    *int      `json:"preperiod"`
	Certified    bool      `json:"certified"`
	ComputedTo   int       `json:"computed_to"`
	Table        [][]int   `json:"multiplication,omitempty"`
	Expansions   []int     `json:"expansions"`
	Orders       []int     `json:"orders"`
	Seconds      []float64 `json:"seconds,omitempty"`
	Stopped      string    `json:"stopped,omitempty"`
	// NextBound is a certified lower bound on |Q_{computed_to+1}| when the
	// computation stopped while building it.
	NextBound *misere.LowerBound `json:"next_lower_bound,omitempty"`
	Analysis  *misere.Analysis   `json:"analysis"`
	PNG       string             `json:"png,omitempty"`
}

// misereSumReport is the JSON object of `nimlab misere CODE --heaps … --json`.
type misereSumReport struct {
	Code          string `json:"code"`
	Name          string `json:"name,omitempty"`
	Heaps         []int  `json:"heaps"`
	Outcome       string `json:"outcome"`
	Method        string `json:"method"`
	Description   string `json:"description"`
	QuotientHeap  int    `json:"quotient_heap"`
	QuotientOrder int    `json:"quotient_order"`
	Certified     bool   `json:"certified"`
	Positions     int    `json:"positions"`
	MoveCount     int    `json:"winning_move_count"`
	// Moves lists the first listLimit winning moves (all with --all);
	// MovesTruncated says whether some were left out.
	Moves          []move `json:"winning_moves"`
	MovesTruncated bool   `json:"winning_moves_truncated"`
}

func newMisereCommand(env *cliEnv) *cobra.Command {
	f := &misereFlags{}
	cmd := &cobra.Command{
		Use:   "misere CODE",
		Short: "misère quotient of an octal game, and misère outcomes and winning moves of sums",
		Long: `Compute the misère quotient of the octal game CODE (Plambeck–Siegel): the partial
quotients Q_n of the heaps 0..n are built heap by heap, each one verified, until the
misère periodicity theorem certifies the full quotient and the period of Φ, or --max
heaps are done, or --seconds run out: then the last verified partial quotient is
reported with the table of orders |Q_n| (--png draws it). The analysis gives the
mutual-divisibility classes, the maximal subgroups and whether Φ is faithful.

With --heaps the misère outcome and winning moves of that sum come from the partial
quotient Q_m, m the largest heap (or the full quotient if it is certified sooner);
when Q_m is out of reach, from a memoised search of the sum whose positions within
the last quotient reached are decided by that quotient. The method is reported.`,
		Example: `  nimlab misere 0.77
  nimlab misere 0.75 --table
  nimlab misere 0.07 --heaps 5,9,14
  nimlab misere 0.07 --max 40 --png orders.png
  nimlab misere 0.77 --genus --max 20`,
		Args: oneArg("misere needs exactly one game code such as 0.77, 4!.0 or S(1,2,5)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			f.heapsSet = cmd.Flags().Changed("heaps")
			var err error
			if f.picture, err = f.png.parse(cmd, env); err != nil {
				return err
			}
			return runMisere(commandContext(cmd), env, args[0], f, cmd.Flags().Changed("max"))
		},
	}
	fl := cmd.Flags()
	intFlag(fl, &f.max, "max", strconv.Itoa(misere.DefaultMax), "give up after the quotient of heaps 0..N when no period is certified")
	intsFlag(fl, &f.heaps, "heaps", "", "a sum of heaps H1,H2,…: its misère outcome and winning moves")
	fl.BoolVar(&f.table, "table", false, "print (or include in JSON) the multiplication table")
	fl.BoolVar(&f.json, "json", false, "print one JSON object")
	fl.BoolVar(&f.all, "all", false, fmt.Sprintf("list every winning move and table row (otherwise the first %d)", listLimit))
	f.png.def = plotting.Size{Width: 960, Height: 540, DPI: 96}
	addPNGFlags(cmd, &f.png, "the partial quotient orders |Q_n|", "")
	fl.StringVar(&f.seconds, "seconds", "60", "stop building quotients after this many seconds and report the last verified one")
	fl.BoolVar(&f.genus, "genus", false, "print the genus of each heap H_0..H_max instead of the quotient (--max defaults to 30)")
	return cmd
}

func runMisere(ctx context.Context, env *cliEnv, codeArg string, f *misereFlags, maxSet bool) error {
	rules, err := takebreak.Parse(codeArg)
	if err != nil {
		return badInput("%v", err)
	}
	code, err := misere.NewRules(rules)
	if err != nil {
		return badInput("%v", err)
	}
	maxHeap, err := parsePositive("--max", f.max)
	if err != nil {
		return err
	}
	seconds, err := parsePositive("--seconds", f.seconds)
	if err != nil {
		return err
	}
	var heaps []int
	if f.heapsSet {
		if heaps, err = parseHeapList("--heaps", f.heaps); err != nil {
			return err
		}
		if slices.Max(heaps) >= 1<<24 {
			return badInput("--heaps entry %d is too large; accepted: heap sizes below %d", slices.Max(heaps), 1<<24)
		}
		if f.picture.File != "" || f.table || f.genus {
			return badInput("--heaps answers one sum; --png, --table and --genus go without it")
		}
		return runMisereSum(ctx, env, code, heaps, f)
	}
	if f.genus {
		if !maxSet {
			maxHeap = 30
		}
		return runMisereGenus(ctx, env, code, maxHeap, seconds, f)
	}
	q, err := computeMisereQuotient(ctx, env, code, maxHeap, seconds, f.json)
	if err != nil {
		return err
	}
	r := newMisereReport(q, code)
	if f.table {
		r.Table = q.Mul
	}
	if req := f.picture; req.File != "" {
		if err := writeMiserePicture(req, q); err != nil {
			return err
		}
		r.PNG = req.File
	}
	if f.json {
		return writeJSON(env.stdout, r)
	}
	printMisereReport(env.stdout, &r, q, f.all)
	return nil
}

// computeMisereQuotient builds the partial quotients of code to heap
// maxHeap within seconds; a run stopped by the time or memory budget
// returns the last verified quotient, saying why in its Stopped.
func computeMisereQuotient(ctx context.Context, env *cliEnv, code misere.Rules, maxHeap, seconds int, jsonOut bool) (*misere.Quotient, error) {
	// The quotient tables grow with the quotient: a step that would not
	// fit the memory the process may use stops with the last verified one.
	if avail, ok := memoryAvailable(); ok {
		misere.SetMemoryLimit(avail)
	}
	bar := newProgressReporter(env, jsonOut, int64(maxHeap), code.String()+" misère")
	cctx, cancel := context.WithTimeout(ctx, time.Duration(seconds)*time.Second)
	defer cancel()
	q, err := misere.Compute(cctx, code, misere.Options{Max: maxHeap, Progress: func(p misere.Progress) {
		bar.Update(int64(p.Heap), int64(p.Max))
	}})
	bar.Finish()
	switch {
	case err == nil:
		return q, nil
	case ctx.Err() != nil:
		return nil, errors.New("interrupted")
	case q == nil:
		return nil, err
	case errors.Is(err, context.DeadlineExceeded):
		q.Stopped = fmt.Sprintf("the --seconds %d budget ran out while building Q_%d", seconds, q.ComputedTo+1)
	case errors.Is(err, misere.ErrTooLarge):
		q.Stopped = fmt.Sprintf("building Q_%d needs more memory than the limit allows", q.ComputedTo+1)
	default:
		return nil, err
	}
	return q, nil
}

// writeMiserePicture draws the orders |Q_n| of the partial quotients
// (--png).
func writeMiserePicture(req pngRequest, q *misere.Quotient) error {
	caption := fmt.Sprintf("misère quotients of %s, heaps 0–%d", q.Code, len(q.Orders)-1)
	if q.Certified {
		caption += " (full quotient certified)"
	}
	opts := plotting.QuotientOrdersOptions{Size: req.Size, Export: req.export(caption, "misère quotient", "octal game "+q.Code)}
	fig, err := plotting.QuotientOrdersPlot(plotting.QuotientOrders{Name: q.Code, Orders: q.Orders, Certified: q.Certified}, opts)
	if err != nil {
		return err
	}
	return plotting.SaveByExtension(fig, req.File)
}

// runMisereSum answers --heaps: the outcome and winning moves of one sum.
func runMisereSum(ctx context.Context, env *cliEnv, code misere.Rules, heaps []int, f *misereFlags) error {
	opts := misere.SumOptions{MaxMoves: listLimit}
	if f.all {
		opts.MaxMoves = 0
	}
	res, err := misere.SolveSum(ctx, code, heaps, opts)
	if err != nil {
		switch {
		case ctx.Err() != nil:
			return errors.New("interrupted")
		case errors.As(err, new(*misere.BeyondReachError)):
			return fmt.Errorf("%s: %w", code, err)
		case errors.Is(err, misere.ErrSearchTooLarge):
			return fmt.Errorf("%s: the sum %v is beyond reach: the partial quotients stop short of heap %d within their time budget and the search of the sum needs more positions than its memory limit", code, heaps, slices.Max(heaps))
		}
		return err
	}
	r := misereSumReport{
		Code: res.Code, Name: misere.RulesName(code), Heaps: heaps, Outcome: res.Outcome.String(),
		Method: string(res.Method), Description: res.Describe(), QuotientHeap: res.QuotientHeap,
		QuotientOrder: res.QuotientOrder, Certified: res.Certified, Positions: res.Positions,
		MoveCount: res.MoveCount, Moves: printedMoves(res.Moves), MovesTruncated: res.MoveCount > len(res.Moves),
	}
	if f.json {
		return writeJSON(env.stdout, r)
	}
	w := env.stdout
	fmt.Fprintf(w, "%s, heaps %v: misère %s-position\n", gameTitle(r.Code, r.Name), r.Heaps, r.Outcome)
	fmt.Fprintf(w, "%s\n", r.Description)
	if r.MoveCount == 0 {
		fmt.Fprintln(w, "no winning move: every move leaves an N-position")
		return nil
	}
	fmt.Fprintf(w, "%d winning move(s):\n", r.MoveCount)
	printMoves(w, r.Moves, r.MoveCount)
	return nil
}

// printMoves prints moves, then "… and N more" when total is larger.
func printMoves(w io.Writer, moves []move, total int) {
	for _, m := range moves {
		fmt.Fprintf(w, "  heap #%d (%d): take %d, leave %s\n", m.Heap, m.From, m.Take, leaveText(m.Leave))
	}
	if total > len(moves) {
		fmt.Fprintf(w, "  … and %d more (--all lists every one)\n", total-len(moves))
	}
}

// newMisereReport is the report of the quotient q of code (without the table
// and the plot, which depend on flags).
func newMisereReport(q *misere.Quotient, code misere.Rules) misereReport {
	r := misereReport{
		Code:         q.Code,
		Name:         misere.RulesName(code),
		Order:        q.Order,
		PSize:        q.PSize(),
		Presentation: q.Presentation,
		Tame:         q.Tame,
		Normal:       q.Normal,
		Elements:     q.Names,
		P:            elementNames(q, q.PSet),
		Idempotents:  elementNames(q, q.Idempotents),
		Kernel:       elementNames(q, q.Kernel),
		Phi:          elementNames(q, q.Phi),
		Certified:    q.Certified,
		ComputedTo:   q.ComputedTo,
		Expansions:   q.Expansions,
		Orders:       q.Orders,
		Seconds:      q.Seconds,
		Stopped:      q.Stopped,
		NextBound:    q.NextBound,
		Analysis:     q.Analyse(),
	}
	if q.Certified {
		p, n0 := q.Period, q.Preperiod
		r.Period, r.Preperiod = &p, &n0
	}
	return r
}

func elementNames(q *misere.Quotient, xs []int) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = q.Names[x]
	}
	return out
}

func printMisereReport(w io.Writer, r *misereReport, q *misere.Quotient, all bool) {
	fmt.Fprintf(w, "%s: misère quotient of the heaps 0..%d\n", gameTitle(r.Code, r.Name), r.ComputedTo)
	if r.Certified {
		fmt.Fprintf(w, "full quotient, certified by the misère periodicity theorem: Φ(H_{n+%d}) = Φ(H_n) for n ≥ %d\n", *r.Period, *r.Preperiod)
	} else if r.Stopped != "" {
		fmt.Fprintf(w, "stopped: %s; Q_%d is the last verified partial quotient (no period certified)\n", r.Stopped, r.ComputedTo)
		if b := r.NextBound; b != nil {
			fmt.Fprintf(w, "Q_%d: at least %d elements (certified lower bound", b.Heap, b.Order)
			if b.Distinguished >= b.Order {
				fmt.Fprintf(w, ": a candidate of order %d labels every position born before day %d right, and tests born by day %d tell %d of its elements apart)\n",
					b.Candidate, b.Limit, b.TestBirthday, b.Distinguished)
			} else {
				fmt.Fprintf(w, ": |Q_%d| = %d, and partial quotients never shrink)\n", b.Heap-1, b.Order)
			}
		}
	} else {
		fmt.Fprintf(w, "no period certified up to heap %d (raise --max to look further); this is the partial quotient Q_%d\n", r.ComputedTo, r.ComputedTo)
	}
	fmt.Fprintf(w, "order %d, |P| = %d, %s, %s\n", r.Order, r.PSize, q.Tameness(), q.Normality())
	if all || len(q.Relations) <= listLimit {
		fmt.Fprintf(w, "presentation: %s\n", r.Presentation)
	} else {
		fmt.Fprintf(w, "presentation: ⟨%s | %s, … and %d more relations (--all prints them)⟩\n",
			strings.Join(q.Generators, ", "), strings.Join(q.Relations[:listLimit], ", "), len(q.Relations)-listLimit)
	}
	fmt.Fprintf(w, "elements: %s\n", boundedNames(r.Elements, all))
	fmt.Fprintf(w, "P: %s\n", boundedNames(r.P, all))
	fmt.Fprintf(w, "idempotents: %s\n", boundedNames(r.Idempotents, all))
	fmt.Fprintf(w, "kernel (identity %s): %s\n", q.Names[q.KernelIdentity], boundedNames(r.Kernel, all))
	fmt.Fprintln(w, "Φ(H_n):")
	const width = 12
	for n := 0; n < len(r.Phi); n += width {
		end := min(n+width, len(r.Phi))
		fmt.Fprintf(w, "  %4d+  %s\n", n, strings.Join(r.Phi[n:end], " "))
	}
	if r.Table != nil {
		fmt.Fprintln(w, "multiplication table (P elements marked *):")
		cell := 1
		for _, s := range r.Elements {
			cell = max(cell, len([]rune(s))+1)
		}
		pad := func(s string) string { return s + strings.Repeat(" ", cell-len([]rune(s))) }
		mark := func(x int) string {
			if q.IsP(x) {
				return q.Names[x] + "*"
			}
			return q.Names[x]
		}
		fmt.Fprint(w, pad(""), " ")
		for y := range r.Elements {
			fmt.Fprint(w, pad(mark(y)))
		}
		fmt.Fprintln(w)
		for x := range r.Elements {
			fmt.Fprint(w, pad(mark(x)), " ")
			for y := range r.Elements {
				fmt.Fprint(w, pad(mark(r.Table[x][y])))
			}
			fmt.Fprintln(w)
		}
	}
	printOrders(w, r, all)
	printAnalysis(w, r.Analysis, q, all)
	if r.PNG != "" {
		fmt.Fprintf(w, "orders plot written to %s\n", r.PNG)
	}
}

// boundedNames joins element names, the first 3·listLimit unless all.
func boundedNames(names []string, all bool) string {
	if all || len(names) <= 3*listLimit {
		return strings.Join(names, " ")
	}
	return fmt.Sprintf("%s … and %d more (--all lists every one)", strings.Join(names[:3*listLimit], " "), len(names)-3*listLimit)
}

// printOrders prints the partial quotient orders where they change.
func printOrders(w io.Writer, r *misereReport, all bool) {
	fmt.Fprintln(w, "partial quotient orders (|Q_n| from heap n on, each Q_n verified):")
	fmt.Fprintln(w, "      n   |Q_n|   seconds")
	type row struct{ n, order int }
	var rows []row
	for n, o := range r.Orders {
		if n == 0 || o != r.Orders[n-1] {
			rows = append(rows, row{n, o})
		}
	}
	shown := rows
	if !all && len(shown) > listLimit {
		shown = shown[len(shown)-listLimit:]
		fmt.Fprintf(w, "  … %d earlier changes (--all lists every one)\n", len(rows)-listLimit)
	}
	for _, x := range shown {
		sec := ""
		if x.n < len(r.Seconds) {
			sec = fmt.Sprintf("%9.3f", r.Seconds[x.n])
		}
		fmt.Fprintf(w, "  %5d  %6d  %s\n", x.n, x.order, sec)
	}
	last := len(r.Orders) - 1
	if last >= 0 && (len(rows) == 0 || rows[len(rows)-1].n != last) {
		sec := ""
		if last < len(r.Seconds) {
			sec = fmt.Sprintf("%9.3f", r.Seconds[last])
		}
		fmt.Fprintf(w, "  %5d  %6d  %s   (last verified)\n", last, r.Orders[last], sec)
	}
	if b := r.NextBound; b != nil {
		fmt.Fprintf(w, "  %5d  ≥%5d             (not verified: certified lower bound, see above)\n", b.Heap, b.Order)
	}
}

// printAnalysis prints the quotient's structure.
func printAnalysis(w io.Writer, a *misere.Analysis, q *misere.Quotient, all bool) {
	names := func(xs []int) string { return strings.Join(elementNames(q, xs), " ") }
	fmt.Fprintf(w, "mutual-divisibility classes: %d\n", len(a.Classes))
	shown := a.Classes
	if !all && len(shown) > listLimit {
		shown = shown[:listLimit]
	}
	for _, c := range shown {
		fmt.Fprintf(w, "  {%s}\n", names(c))
	}
	if len(shown) < len(a.Classes) {
		fmt.Fprintf(w, "  … and %d more (--all lists every one)\n", len(a.Classes)-len(shown))
	}
	fmt.Fprintln(w, "maximal subgroups (at each idempotent):")
	for i, g := range a.Subgroups {
		if !all && i == listLimit {
			fmt.Fprintf(w, "  … and %d more (--all lists every one)\n", len(a.Subgroups)-listLimit)
			break
		}
		fmt.Fprintf(w, "  at %s: order %d, %s\n", q.Names[g.Identity], len(g.Elements), g.Structure)
	}
	if a.Faithful {
		fmt.Fprintf(w, "Φ is faithful on the sums of heaps 0..%d (Di Prisa, “Impartial Games and Misère Play”, open problem 4.9): each element has one normal-play Grundy value\n", a.FaithfulTo)
	} else {
		fmt.Fprintf(w, "Φ is NOT faithful on the sums of heaps 0..%d: %s\n", a.FaithfulTo, a.Conflict)
	}
}

// misereGenusReport is the JSON object of `nimlab misere CODE --genus --json`.
type misereGenusReport struct {
	Code  string            `json:"code"`
	Name  string            `json:"name,omitempty"`
	Heaps []misereHeapGenus `json:"heaps"`
	// Stopped says why fewer heaps than --max are listed (--seconds).
	Stopped string `json:"stopped,omitempty"`
}

// misereHeapGenus is the genus of one heap H_n.
type misereHeapGenus struct {
	Heap     int    `json:"heap"`
	Genus    string `json:"genus"`
	ASCII    string `json:"genus_ascii"`
	Plus     int    `json:"g_plus"`
	Minus    []int  `json:"gamma"`
	Birthday int    `json:"tree_height"`
	Kind     string `json:"kind"`
}

// runMisereGenus prints the genus of each heap H_0..H_max: g⁺ and
// γ_k = g⁻(H_n + k·*2), from a memoised search of those sums.
func runMisereGenus(ctx context.Context, env *cliEnv, code misere.Rules, maxHeap, seconds int, f *misereFlags) error {
	if maxHeap > 200 {
		return badInput("--genus --max %d is too large; accepted: at most 200 heaps (the genus needs γ_k for k up to the heap's birthday)", maxHeap)
	}
	cctx, cancel := context.WithTimeout(ctx, time.Duration(seconds)*time.Second)
	defer cancel()
	res, err := misere.HeapGenera(cctx, code, maxHeap)
	r := misereGenusReport{Code: code.String(), Name: misere.RulesName(code)}
	if err != nil {
		switch {
		case ctx.Err() != nil:
			return errors.New("interrupted")
		case errors.Is(err, context.DeadlineExceeded):
			r.Stopped = fmt.Sprintf("the --seconds %d budget ran out at heap %d", seconds, len(res))
		default:
			return err
		}
	}
	for n, g := range res {
		kind := "wild genus"
		switch {
		case g.Genus.Tame():
			kind = "tame genus"
		case g.Genus.Restive():
			kind = "restive genus"
		case g.Genus.Minus[0] < 2:
			kind = "restless genus"
		}
		r.Heaps = append(r.Heaps, misereHeapGenus{Heap: n, Genus: g.Genus.String(), ASCII: g.Genus.ASCII(),
			Plus: g.Genus.Plus, Minus: g.Genus.Minus, Birthday: g.Birthday, Kind: kind})
	}
	if f.json {
		return writeJSON(env.stdout, r)
	}
	fmt.Fprintf(env.stdout, "%s: genus of each heap (g⁺ with γ_k = g⁻(H_n + k·*2) as superscripts)\n", gameTitle(r.Code, r.Name))
	fmt.Fprintln(env.stdout, "     n  genus        ascii        kind")
	for _, h := range r.Heaps {
		fmt.Fprintf(env.stdout, "  %4d  %-11s  %-11s  %s\n", h.Heap, h.Genus+spaces(11-len([]rune(h.Genus))), h.ASCII, h.Kind)
	}
	if r.Stopped != "" {
		fmt.Fprintf(env.stdout, "stopped: %s (--seconds gives it longer)\n", r.Stopped)
	}
	return nil
}
