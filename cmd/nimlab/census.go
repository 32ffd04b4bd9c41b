package main

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/nimlab/nimlab/solver/census"
	"github.com/nimlab/nimlab/solver/census/store"
)

func init() { registerSubcommand(newCensusCommand) }

// censusRunFlags are the options of `nimlab census FAMILY`.
type censusRunFlags struct {
	max, time, db, shard, jobs string
	json                       bool
}

// censusRunReport is what `nimlab census FAMILY --json` prints.
type censusRunReport struct {
	Family    string       `json:"family"`
	Shard     string       `json:"shard,omitempty"`
	Database  string       `json:"database"`
	Engine    string       `json:"engine"`
	MaxHeaps  int          `json:"max_heaps"`
	TimeLimit float64      `json:"time_limit_seconds,omitempty"`
	Games     int          `json:"games"`
	Computed  int          `json:"computed"`
	Skipped   int          `json:"skipped"`
	Periodic  int          `json:"periodic"`
	Unsolved  int          `json:"unsolved"`
	Seconds   float64      `json:"seconds"`
	Results   []censusJSON `json:"results"`
}

// censusJSON is one game in JSON output.
type censusJSON struct {
	Code      string `json:"code"`
	Octal     string `json:"octal,omitempty"`
	Status    string `json:"status"`
	StoppedBy string `json:"stopped_by,omitempty"`
	Heaps     int    `json:"heaps"`
	Period    *int   `json:"period,omitempty"`
	Preperiod *int   `json:"preperiod,omitempty"`
	Saltus    *int   `json:"saltus,omitempty"`
	// PeriodKind: "proven" (Proof names the theorem) or "seen" on the
	// values of an unsolved game.
	PeriodKind string  `json:"period_kind,omitempty"`
	Proof      string  `json:"proof,omitempty"`
	SameAs     string  `json:"same_as,omitempty"`
	MaxValue   int     `json:"max_value"`
	MaxAt      int     `json:"max_at"`
	RareMask   int     `json:"rare_mask"`
	RareCount  int     `json:"rare_count"`
	LastRare   int     `json:"last_rare"`
	Seconds    float64 `json:"seconds"`
	MaxHeaps   int     `json:"max_heaps"`
	Engine     string  `json:"engine"`
	Class      string  `json:"class,omitempty"`
	Shift      *int    `json:"class_shift,omitempty"`
	ClassSize  int     `json:"class_size,omitempty"`
	AgreeTo    int     `json:"class_agrees_to,omitempty"`
	Proven     bool    `json:"class_proven,omitempty"`
}

func toCensusJSON(r *census.Result, m *census.Membership) censusJSON {
	j := censusJSON{Code: r.Code, Status: string(r.Status), StoppedBy: r.StoppedBy, Heaps: r.Heaps,
		MaxValue: r.MaxValue, MaxAt: r.MaxAt, RareMask: r.RareMask, RareCount: r.RareCount, LastRare: r.LastRare,
		Seconds: r.Seconds, MaxHeaps: r.Budget.MaxHeaps, Engine: r.Engine}
	if r.Octal != r.Code {
		j.Octal = r.Octal
	}
	if r.PeriodKind != "" {
		p, n0, s := r.Period, r.Preperiod, r.Saltus
		j.Period, j.Preperiod, j.Saltus = &p, &n0, &s
	}
	j.PeriodKind, j.Proof, j.SameAs = r.PeriodKind, r.Proof, r.SameAs
	if m != nil {
		shift := m.Shift
		j.Class, j.Shift, j.ClassSize, j.AgreeTo, j.Proven = m.Base, &shift, m.Size, m.AgreeTo, m.Proven
	}
	return j
}

func newCensusCommand(env *cliEnv) *cobra.Command {
	f := &censusRunFlags{}
	cmd := &cobra.Command{
		Use:   "census FAMILY",
		Short: "compute every game of a family (0.???, 4.???, S(1..k), @FILE) into a results database",
		Long: `Compute every game of a family and record each in a SQLite database (one file).

FAMILY is an octal code pattern where each ? is every digit (0.???, 4.???,
0.1?7; a ? before the point is 0 or 4), a hexadecimal pattern where each ?
is every digit 0-F (hex:0.??, or any pattern with a digit 8-F: 0.?F),
S(1..k) for every subtraction set within {1..k}, or @FILE with one
take-and-break code a line (0.07, 0.B6, 4!.0, S(1,2,5)).

Each game is computed until a theorem certifies its period (Guy–Smith; for
hexadecimal and other take-and-break games its generalisation to splits
into m heaps), its values show an arithmetic period G(n+p) = G(n)+s with
s ≠ 0 over their second half (recorded as seen, stopped by 'saltus'), or
--max heaps (or --time) are spent. Octal games run on the sparse-space
engines, the others on the general engine (whose cost per heap grows with
the heap: hexadecimal censuses want --max 4096 to 65536). A game whose
moves are another's plus moves that leave at most one heap is checked
against that game's values first (same_as): a check of a few comparisons a
heap instead of the quadratic work of its splits. Every game is its own transaction: a
killed census loses at most the games in flight, and running the same
command again skips the games already recorded with the same budget and
engine version. --shard i/n computes a fixed share (game j goes to shard
j mod n); inside a Slurm job array SLURM_ARRAY_TASK_ID and
SLURM_ARRAY_TASK_COUNT choose the shard. See 'census show' and 'census merge'.`,
		Example: `  nimlab census '0.???' --db census.sqlite
  nimlab census '4.???' --max 65536 --time 10s --db census.sqlite
  nimlab census 'S(1..8)' --db sub.sqlite --json
  nimlab census 'hex:0.??' --max 4096 --db hex.sqlite
  nimlab census '0.???' --shard 2/8 --db shard-2.sqlite
  nimlab census show --db census.sqlite --unsolved`,
		Args: oneArg("census needs exactly one family such as '0.???' (quote it for the shell), or the subcommand show or merge"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCensus(commandContext(cmd), env, args[0], f, cmd.Flags().Changed("shard"))
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.max, "max", strconv.Itoa(census.DefaultMaxHeaps), "heap budget per game: G(0..N−1) at most")
	fl.StringVar(&f.time, "time", "", "time budget per game (e.g. 30s, 5m); a game stopped by it is recorded as unsolved to the heaps it reached")
	fl.StringVar(&f.db, "db", "census.sqlite", "the SQLite database to record results in (created if missing)")
	markPath(fl, "db", statePath)
	fl.StringVar(&f.shard, "shard", "", "compute share i of n (0 ≤ i < n), e.g. 0/4")
	fl.StringVar(&f.jobs, "jobs", "0", "games computed at once (0: one per core)")
	fl.BoolVar(&f.json, "json", false, "print one JSON object")
	cmd.AddCommand(newCensusShowCommand(env), newCensusMergeCommand(env), newCensusCertificatesCommand(env))
	return cmd
}

// parseCensusRunFlags reads the family and the flags of `census FAMILY`:
// the family (a shard of it with --shard or in a Slurm job array), the
// options of the run and the shard's name ("" when whole).
func parseCensusRunFlags(pattern string, f *censusRunFlags, shardSet bool) (fam census.Family, opts census.Options, shard string, err error) {
	if fam, err = census.ParseFamily(pattern); err != nil {
		return fam, opts, "", badInput("%v", err)
	}
	if opts.Budget.MaxHeaps, err = parsePositive("--max", f.max); err != nil {
		return fam, opts, "", err
	}
	if opts.Budget.MaxHeaps > 1<<31 {
		return fam, opts, "", badInput("--max %d is more than the 2147483648 heaps a run can compute", opts.Budget.MaxHeaps)
	}
	if opts.Budget.Time, err = census.ParseTimeBudget(f.time); err != nil {
		return fam, opts, "", badInput("--time %v", err)
	}
	if opts.Jobs, err = parseCount("--jobs", f.jobs); err != nil {
		return fam, opts, "", err
	}
	i, n, ok := 0, 0, shardSet
	if shardSet {
		if i, n, err = census.ParseShard(f.shard); err != nil {
			return fam, opts, "", badInput("--shard: %v", err)
		}
	} else if i, n, ok, err = census.ShardFromSlurm(os.Getenv); err != nil {
		return fam, opts, "", badInput("%v", err)
	}
	if ok {
		fam, shard = fam.Shard(i, n), fmt.Sprintf("%d/%d", i, n)
	}
	return fam, opts, shard, nil
}

func runCensus(ctx context.Context, env *cliEnv, pattern string, f *censusRunFlags, shardSet bool) error {
	fam, opts, shardText, err := parseCensusRunFlags(pattern, f, shardSet)
	if err != nil {
		return err
	}
	budget := opts.Budget
	if err := checkMemory(opts.Memory(len(fam.Games)), fmt.Sprintf("--max %d with %d games at once", budget.MaxHeaps, opts.Workers(len(fam.Games))),
		"a lower --max, or fewer --jobs"); err != nil {
		return err
	}
	db, err := openCensusDB(f.db, store.Open)
	if err != nil {
		return err
	}
	defer db.Close()
	done, err := db.Done(budget, census.EngineVersion)
	if err != nil {
		return fmt.Errorf("reading %s: %w", f.db, err)
	}
	_ = db.SetMeta("last_family", pattern)
	_ = db.SetMeta("last_budget", fmt.Sprintf("max_heaps=%d time_limit_ms=%d", budget.MaxHeaps, budget.Time.Milliseconds()))
	_ = db.SetMeta("engine", census.EngineVersion)

	bar := newCensusProgress(env, f.json, len(fam.Games))
	start := time.Now()
	opts.Known = func(code string) (*census.Result, bool) { r, ok := done[code]; return r, ok }
	opts.Record = func(r *census.Result) error { return db.Put(context.Background(), r, pattern) }
	opts.Progress = func(p census.Progress) {
		bar.Update(int64(p.Done), int64(p.Total))
		bar.Describe(fmt.Sprintf("%s %d heaps, %d periodic", p.Code, p.Heaps, p.Solved))
	}
	results, err := census.Run(ctx, fam, opts)
	bar.Finish()
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return fmt.Errorf("interrupted: %d games recorded in %s; run the same command again to go on", len(results), f.db)
		}
		return err
	}
	rep := censusRunReport{Family: pattern, Shard: shardText, Database: f.db, Engine: census.EngineVersion,
		MaxHeaps: budget.MaxHeaps, TimeLimit: budget.Time.Seconds(), Games: len(fam.Games), Computed: len(results),
		Skipped: len(fam.Games) - len(results), Seconds: time.Since(start).Seconds(), Results: []censusJSON{}}
	for _, r := range results {
		if r.Solved() {
			rep.Periodic++
		} else {
			rep.Unsolved++
		}
		rep.Results = append(rep.Results, toCensusJSON(r, nil))
	}
	if f.json {
		return writeJSON(env.stdout, rep)
	}
	where := pattern
	if shardText != "" {
		where += " (shard " + shardText + ")"
	}
	fmt.Fprintf(env.stdout, "census of %s to %d heaps a game: %d games, %d computed (%d periodic, %d unsolved), %d already in %s; %.1f s\n",
		where, budget.MaxHeaps, rep.Games, rep.Computed, rep.Periodic, rep.Unsolved, rep.Skipped, f.db, rep.Seconds)
	fmt.Fprintf(env.stdout, "see: nimlab census show --db %s\n", f.db)
	return nil
}

// openCensusDB opens a census database with open (store.Open or
// OpenExisting); a file that is not one is bad input (exit 2), named with
// the reason.
func openCensusDB(path string, open func(string) (*store.Store, error)) (*store.Store, error) {
	db, err := open(path)
	if err != nil {
		var nc *store.NotCensusError
		if errors.As(err, &nc) {
			return nil, badInput("census database %v", err)
		}
		return nil, fmt.Errorf("census database %v", err)
	}
	return db, nil
}

// newCensusProgress draws a bar over the games of a census (counted in
// games, not heaps; the text beside it names the game in flight).
func newCensusProgress(env *cliEnv, jsonOut bool, games int) *progressReporter {
	if !env.interactive || jsonOut {
		return &progressReporter{}
	}
	return &progressReporter{bar: progressbar.NewOptions64(int64(games),
		progressbar.OptionSetWriter(env.stderr),
		progressbar.OptionSetDescription("census"),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("games"),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetWidth(30),
	)}
}

// censusShowFlags are the options of `nimlab census show`.
type censusShowFlags struct {
	db, format, sortBy, periodAbove, limit, code string
	unsolved, periodic, json, desc, all          bool
	saltus, seen                                 bool
}

func newCensusShowCommand(env *cliEnv) *cobra.Command {
	f := &censusShowFlags{}
	cmd := &cobra.Command{
		Use:   "show",
		Short: "print a census database as a Markdown, CSV or JSON table, sorted and filtered",
		Long: `Print the results recorded in a census database: one row a game, with its
equivalence class (the first game of the class and the shift by which this
game's values follow it: G(n + shift) = G_class(n) from heap 1).`,
		Example: `  nimlab census show --db census.sqlite
  nimlab census show --db census.sqlite --unsolved --sort max_value --desc
  nimlab census show --db hex.sqlite --saltus
  nimlab census show --db census.sqlite --period-above 100 --format csv > big-periods.csv`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCensusShow(commandContext(cmd), env, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.db, "db", "census.sqlite", "the census database to read")
	fl.StringVar(&f.format, "format", "markdown", "markdown, csv or json")
	fl.BoolVar(&f.json, "json", false, "the same as --format json")
	fl.StringVar(&f.sortBy, "sort", "code", "sort by one of: "+strings.Join(census.ColumnNames(), ", "))
	fl.BoolVar(&f.desc, "desc", false, "sort in descending order")
	fl.BoolVar(&f.unsolved, "unsolved", false, "only games with no certified period")
	fl.BoolVar(&f.periodic, "periodic", false, "only games with a certified period")
	fl.StringVar(&f.periodAbove, "period-above", "", "only periodic games whose period is above P")
	fl.BoolVar(&f.saltus, "saltus", false, "only games with an arithmetic period (saltus ≠ 0), proven or seen")
	fl.BoolVar(&f.seen, "seen", false, "only unsolved games whose values show a period (not proven)")
	fl.StringVar(&f.code, "class-of", "", "only the games in the class of this code")
	fl.StringVar(&f.limit, "limit", "", "print at most N rows (on a terminal 50 unless --all)")
	fl.BoolVar(&f.all, "all", false, "print every row, also on a terminal")
	return cmd
}

// censusShowQuery is what `census show` prints: the rows to keep, their
// order and how many.
type censusShowQuery struct {
	format string
	filter census.Filter
	sortBy census.Column
	limit  int // −1: every row
}

// parseCensusShowFlags checks the flags of `census show` (not the
// database, which runCensusShow reads).
func parseCensusShowFlags(env *cliEnv, f *censusShowFlags) (q censusShowQuery, err error) {
	q.format = strings.ToLower(f.format)
	if f.json {
		q.format = "json"
	}
	if q.format != "markdown" && q.format != "md" && q.format != "csv" && q.format != "json" {
		return q, badInput("--format %q is not a table format; accepted: markdown, csv, json", f.format)
	}
	var ok bool
	if q.sortBy, ok = census.ColumnNamed(f.sortBy); !ok {
		return q, badInput("--sort %q is not a column; accepted: %s", f.sortBy, strings.Join(census.ColumnNames(), ", "))
	}
	periodAbove := f.periodAbove != ""
	if periodAbove {
		v, err := parseCount("--period-above", f.periodAbove)
		if err != nil {
			return q, err
		}
		q.filter.MinPeriod = v + 1
	}
	if f.unsolved && (f.periodic || periodAbove) {
		return q, badInput("--unsolved excludes --periodic and --period-above")
	}
	if f.seen && (f.periodic || periodAbove) {
		return q, badInput("--seen (unsolved games) excludes --periodic and --period-above")
	}
	switch {
	case f.unsolved:
		q.filter.Status = census.Unsolved
	case f.periodic:
		q.filter.Status = census.Periodic
	}
	q.filter.Saltus, q.filter.Seen = f.saltus, f.seen
	q.limit = -1
	if f.limit != "" {
		if q.limit, err = parsePositive("--limit", f.limit); err != nil {
			return q, err
		}
	} else if !f.all && q.format == "markdown" && isTerminal(env.stdout) {
		q.limit = 50
	}
	return q, nil
}

// loadCensusTable reads a census database as a table.
func loadCensusTable(ctx context.Context, path string) (*census.Table, error) {
	if _, err := os.Stat(path); err != nil && path != "" {
		return nil, badInput("--db %s: no such census database (create one with: nimlab census FAMILY --db %s)", path, path)
	}
	db, err := openCensusDB(path, store.OpenExisting)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	t, err := db.Table(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return t, nil
}

func runCensusShow(ctx context.Context, env *cliEnv, f *censusShowFlags) error {
	q, err := parseCensusShowFlags(env, f)
	if err != nil {
		return err
	}
	table, err := loadCensusTable(ctx, f.db)
	if err != nil {
		return err
	}
	if f.code != "" {
		base, found := table.ClassOf(strings.TrimSpace(f.code))
		if !found {
			return badInput("--class-of %s: the database has no such game", f.code)
		}
		q.filter.Class = base
	}
	rows := table.Select(q.filter, q.sortBy, f.desc)
	more := 0
	if q.limit >= 0 && len(rows) > q.limit {
		rows, more = rows[:q.limit], len(rows)-q.limit
	}
	switch q.format {
	case "json":
		out := struct {
			Database string       `json:"database"`
			Total    int          `json:"total"`
			Shown    int          `json:"shown"`
			Results  []censusJSON `json:"results"`
		}{Database: f.db, Total: len(table.Rows), Shown: len(rows), Results: []censusJSON{}}
		for _, r := range rows {
			out.Results = append(out.Results, toCensusJSON(r.Result, &r.Class))
		}
		return writeJSON(env.stdout, out)
	case "csv":
		return writeCensusCSV(env.stdout, rows)
	}
	writeCensusMarkdown(env.stdout, rows)
	if more > 0 {
		fmt.Fprintf(env.stdout, "… and %d more (--all or --limit N to see them)\n", more)
	}
	return nil
}

// censusCells returns a row's cells, one a column.
func censusCells(r census.Row) []string {
	cells := make([]string, 0, len(census.Columns()))
	for _, c := range census.Columns() {
		cells = append(cells, c.Text(r))
	}
	return cells
}

func writeCensusCSV(w io.Writer, rows []census.Row) error {
	cw := csv.NewWriter(w)
	_ = cw.Write(census.ColumnNames())
	for _, r := range rows {
		_ = cw.Write(censusCells(r))
	}
	cw.Flush()
	return cw.Error()
}

func writeCensusMarkdown(w io.Writer, rows []census.Row) {
	names := census.ColumnNames()
	fmt.Fprintln(w, "| "+strings.Join(names, " | ")+" |")
	fmt.Fprintln(w, "|"+strings.Repeat(" --- |", len(names)))
	for _, r := range rows {
		fmt.Fprintln(w, "| "+strings.Join(censusCells(r), " | ")+" |")
	}
}

// censusMergeFlags are the options of `nimlab census merge`.
type censusMergeFlags struct {
	into string
	json bool
}

func newCensusMergeCommand(env *cliEnv) *cobra.Command {
	f := &censusMergeFlags{}
	cmd := &cobra.Command{
		Use:   "merge A.sqlite B.sqlite … --into ALL.sqlite",
		Short: "combine census databases (e.g. the shards of a cluster run) into one",
		Long: `Combine census databases into one. A game found in several keeps the result
that says most (a certified period, else the longest run). Results that
contradict each other stop the merge with an error naming the game, and then
the target is left as it was.`,
		Args: someArgs("census merge needs the databases to merge, e.g. nimlab census merge a.sqlite b.sqlite --into all.sqlite"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.into == "" {
				return badInput("census merge needs --into FILE, the database to merge into")
			}
			for _, a := range args {
				if _, err := os.Stat(a); err != nil {
					return badInput("census merge: %s: no such census database", a)
				}
			}
			db, err := openCensusDB(f.into, store.Open)
			if err != nil {
				return err
			}
			defer db.Close()
			added, err := db.Merge(commandContext(cmd), args)
			if err != nil {
				// A database this merge created holds nothing: remove it.
				db.Remove()
				var nc *store.NotCensusError
				if errors.As(err, &nc) {
					return badInput("census merge: %v", err)
				}
				return err
			}
			total, err := db.Count(commandContext(cmd))
			if err != nil {
				return err
			}
			if f.json {
				return writeJSON(env.stdout, map[string]any{"into": f.into, "sources": args, "added": added, "total": total})
			}
			fmt.Fprintf(env.stdout, "merged %d databases into %s: %d results written, %d in all\n", len(args), f.into, added, total)
			return nil
		},
	}
	cmd.Flags().StringVar(&f.into, "into", "", "the database to merge into (created if missing)")
	markPath(cmd.Flags(), "into", statePath)
	cmd.Flags().BoolVar(&f.json, "json", false, "print one JSON object")
	return cmd
}
