package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/solver/octal"
)

// optionsLimit bounds the options --options lists: a code that may split a
// heap into any number of heaps (0.*, {2+}) has as many options as there are
// partitions (1.7·10^8 for a heap of 100).
const optionsLimit = 100_000

// cgsuiteLineLimit bounds the options written on one line as CGSuite lists
// them (the list above has them all).
const cgsuiteLineLimit = 200

// optionsReport is the JSON object of `nimlab octal CODE --options N`.
type optionsReport struct {
	Code     string             `json:"code"`
	Heap     int                `json:"heap"`
	Grundy   int                `json:"grundy"`
	Count    int                `json:"option_count"`
	Complete bool               `json:"complete"`
	Order    string             `json:"order"`
	CGSuite  string             `json:"cgsuite"`
	Options  []octal.HeapOption `json:"options"`
}

// runOctalOptions lists every option of one heap, in CGSuite's order and
// format, with its Grundy value: the values G(0..N) are computed first.
func runOctalOptions(ctx context.Context, env *cliEnv, code octal.Code, f *octalFlags) error {
	if err := f.optionsConflicts(); err != nil {
		return err
	}
	n, err := parseCount("--options", f.options)
	if err != nil {
		return err
	}
	if n > octal.MaxHeaps-1 {
		return badInput("--options %d is beyond the %d heaps a run can compute", n, octal.MaxHeaps)
	}
	bar := newProgressReporter(env, f.json, int64(n+1), code.String())
	res, err := octal.Solve(ctx, code, octal.SolveOptions{N: n, Exact: true, Progress: func(p octal.Progress) {
		bar.Update(int64(p.Done), int64(p.Total))
	}})
	bar.Finish()
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return fmt.Errorf("interrupted")
		}
		return err
	}
	opts, complete, err := octal.HeapOptions(code, res.Values, n, optionsLimit)
	if err != nil {
		return err
	}
	names := make([]string, len(opts))
	for i, o := range opts {
		names[i] = o.String()
	}
	report := optionsReport{
		Code: code.String(), Heap: n, Grundy: int(res.Values[n]), Count: len(opts), Complete: complete,
		Order:   "tokens taken, then number of heaps left, then the heaps (ascending) in lexicographic order, as CGSuite lists them",
		CGSuite: strings.Join(names, "  "), Options: opts,
	}
	if report.Options == nil {
		report.Options = []octal.HeapOption{}
	}
	if f.json {
		return writeJSON(env.stdout, report)
	}
	printHeapOptions(env.stdout, code, &report, f.all)
	return nil
}

// optionsConflicts refuses the flags --options does not take.
func (f *octalFlags) optionsConflicts() error {
	for _, other := range []struct {
		set  bool
		name string
	}{{f.heapsSet, "--heaps"}, {f.compare != "", "--compare"}, {f.equivalent, "--equivalent"}, {f.table != "", "--table"},
		{f.values, "--values"}, {f.csv != "", "--csv"}, {f.picture.File != "", "--png"}, {f.cert != "", "--certificate"},
		{f.nSet, "--n"}, {f.mSet, "--max"}, {f.valuesFl.file != "", "--values-file"}, {f.streamOn, "--stream"}} {
		if other.set {
			return badInput("--options lists the options of one heap; use it without %s (with --json if wanted)", other.name)
		}
	}
	return nil
}

// printHeapOptions prints the options of one heap as a table (the first
// terminalMoveLimit on a terminal unless all), then as CGSuite lists them.
func printHeapOptions(w io.Writer, code octal.Code, report *optionsReport, all bool) {
	opts, complete, n := report.Options, report.Complete, report.Heap
	count := plotting.GroupDigits(len(opts))
	if !complete {
		count = "more than " + count
	}
	noun := "options"
	if len(opts) == 1 && complete {
		noun = "option"
	}
	fmt.Fprintf(w, "%s, heap %d: G(%d) = %d, %s %s (in CGSuite's order: tokens taken, number of heaps, heaps)\n", code, n, n, report.Grundy, count, noun)
	if len(opts) == 0 {
		fmt.Fprintln(w, "no move: the heap is a P-position on its own")
		return
	}
	shown := opts
	if !all && isTerminal(w) && len(shown) > terminalMoveLimit {
		shown = shown[:terminalMoveLimit]
	}
	width := len("leave")
	for _, o := range shown {
		width = max(width, len(o.String()))
	}
	fmt.Fprintf(w, "  %-5s  %-*s  %s\n", "take", width, "leave", "value")
	for _, o := range shown {
		mark := ""
		if o.Value == 0 {
			mark = "  (winning: leaves a P-position)"
		}
		fmt.Fprintf(w, "  %-5d  %-*s  %d%s\n", o.Take, width, o.String(), o.Value, mark)
	}
	if more := len(opts) - len(shown); more > 0 {
		fmt.Fprintf(w, "  … and %s more (--all lists them, --json gives them all)\n", plotting.GroupDigits(more))
	}
	if !complete {
		fmt.Fprintf(w, "  … the list stops at %s options\n", plotting.GroupDigits(optionsLimit))
	} else {
		fmt.Fprintf(w, "mex of the values: %d = G(%d)\n", octal.Mex(opts), n)
	}
	if complete && len(shown) == len(opts) && len(opts) <= cgsuiteLineLimit {
		fmt.Fprintf(w, "as CGSuite lists them: %s\n", report.CGSuite)
	}
}
