package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/nimlab/nimlab/solver/misere"
	"github.com/nimlab/nimlab/solver/octal"
)

func init() { registerSubcommand(newMisereCommand) }

// misereFlags are the options of `nimlab misere`.
type misereFlags struct {
	max      string
	heaps    string
	table    bool
	json     bool
	heapsSet bool
}

// misereReport is the JSON object printed by `nimlab misere --json`.
type misereReport struct {
	Code         string   `json:"code"`
	Name         string   `json:"name,omitempty"`
	Order        int      `json:"order"`
	PSize        int      `json:"p_size"`
	Presentation string   `json:"presentation"`
	Tame         bool     `json:"tame"`
	Normal       bool     `json:"normal"`
	Elements     []string `json:"elements"`
	P            []string `json:"p"`
	Idempotents  []string `json:"idempotents"`
	Kernel       []string `json:"kernel"`
	Phi          []string `json:"phi"`
	Period       *int     `json:"period"`
	Preperiod    *int     `json:"preperiod"`
	Certified    bool     `json:"certified"`
	ComputedTo   int      `json:"computed_to"`
	Table        [][]int  `json:"multiplication,omitempty"`
	Heaps        []int    `json:"heaps,omitempty"`
	Outcome      string   `json:"outcome,omitempty"`
	Moves        *[]move  `json:"winning_moves,omitempty"`
}

func newMisereCommand(env *cliEnv) *cobra.Command {
	f := &misereFlags{}
	cmd := &cobra.Command{
		Use:   "misere CODE",
		Short: "misère quotient of an octal game, and misère outcomes and winning moves of sums",
		Long: `Compute the misère quotient of the octal game CODE (Plambeck–Siegel): the partial
quotients Q_n of the heaps 0..n are built heap by heap, each one verified, until the
misère periodicity theorem certifies the full quotient and the period of Φ, or --max
heaps are done. With --heaps the misère outcome and winning moves of that sum follow
from a product in the quotient.`,
		Example: `  nimlab misere 0.77
  nimlab misere 0.75 --table
  nimlab misere 0.07 --max 25 --heaps 5,9,14 --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return badInput("misere needs exactly one octal code such as 0.77 (got %d arguments)", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			f.heapsSet = cmd.Flags().Changed("heaps")
			return runMisere(cmd.Context(), env, args[0], f)
		},
	}
	fl := cmd.Flags()
	intFlag(fl, &f.max, "max", strconv.Itoa(misere.DefaultMax), "give up after the quotient of heaps 0..N when no period is certified")
	intsFlag(fl, &f.heaps, "heaps", "", "a sum of heaps H1,H2,…: its misère outcome and winning moves")
	fl.BoolVar(&f.table, "table", false, "print (or include in JSON) the multiplication table")
	fl.BoolVar(&f.json, "json", false, "print one JSON object")
	return cmd
}

func runMisere(ctx context.Context, env *cliEnv, codeArg string, f *misereFlags) error {
	if ctx == nil {
		ctx = context.Background()
	}
	code, err := octal.ParseCode(codeArg)
	if err != nil {
		return badInput("%v", err)
	}
	maxHeap, err := parsePositive("--max", f.max)
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
	}
	// A sum with heaps beyond --max needs the quotient that far (unless a
	// period is certified sooner, which covers every heap).
	limit := maxHeap
	if heaps != nil {
		limit = max(limit, slices.Max(heaps))
	}
	bar := newProgressReporter(env, f.json, int64(limit), code.String()+" misère")
	q, err := misere.Compute(ctx, code, misere.Options{Max: limit, Progress: func(p misere.Progress) {
		bar.Update(int64(p.Heap), int64(p.Max))
	}})
	bar.Finish()
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return errors.New("interrupted")
		}
		return err
	}
	r := misereReport{
		Code:         q.Code,
		Name:         octal.GameName(code),
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
	}
	if q.Certified {
		p, n0 := q.Period, q.Preperiod
		r.Period, r.Preperiod = &p, &n0
	}
	if f.table {
		r.Table = q.Mul
	}
	if heaps != nil {
		o, err := q.Outcome(heaps)
		if err != nil {
			return err
		}
		moves, err := q.WinningMoves(heaps)
		if err != nil {
			return err
		}
		shown := printedMoves(moves)
		r.Heaps, r.Outcome, r.Moves = heaps, o.String(), &shown
	}
	if f.json {
		return writeJSON(env.stdout, r)
	}
	printMisereReport(env.stdout, &r, q)
	return nil
}

func elementNames(q *misere.Quotient, xs []int) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = q.Names[x]
	}
	return out
}

func printMisereReport(w io.Writer, r *misereReport, q *misere.Quotient) {
	title := r.Code
	if r.Name != "" {
		title += " (" + r.Name + ")"
	}
	fmt.Fprintf(w, "%s: misère quotient of the heaps 0..%d\n", title, r.ComputedTo)
	if r.Certified {
		fmt.Fprintf(w, "full quotient, certified by the misère periodicity theorem: Φ(H_{n+%d}) = Φ(H_n) for n ≥ %d\n", *r.Period, *r.Preperiod)
	} else {
		fmt.Fprintf(w, "no period certified up to heap %d (raise --max to look further); this is the partial quotient Q_%d\n", r.ComputedTo, r.ComputedTo)
	}
	kind := "wild"
	if r.Tame {
		kind = fmt.Sprintf("tame (T_%d)", q.TameN)
	}
	normal := "not normal"
	if r.Normal {
		normal = "normal"
	}
	fmt.Fprintf(w, "order %d, |P| = %d, %s, %s\n", r.Order, r.PSize, kind, normal)
	fmt.Fprintf(w, "presentation: %s\n", r.Presentation)
	fmt.Fprintf(w, "elements: %s\n", strings.Join(r.Elements, " "))
	fmt.Fprintf(w, "P: %s\n", strings.Join(r.P, " "))
	fmt.Fprintf(w, "idempotents: %s\n", strings.Join(r.Idempotents, " "))
	fmt.Fprintf(w, "kernel (identity %s): %s\n", q.Names[q.KernelIdentity], strings.Join(r.Kernel, " "))
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
	if r.Heaps != nil {
		fmt.Fprintf(w, "heaps %v: misère %s-position\n", r.Heaps, r.Outcome)
		if len(*r.Moves) == 0 {
			fmt.Fprintln(w, "no winning move: every move leaves an N-position")
		}
		for _, m := range *r.Moves {
			fmt.Fprintf(w, "  heap #%d (%d): take %d, leave %s\n", m.Heap, m.From, m.Take, leaveText(m.Leave))
		}
	}
}
