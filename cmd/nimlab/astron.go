package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/nimlab/nimlab/solver/astron"
	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/safewrite"
	"github.com/nimlab/nimlab/solver/takebreak"
)

func init() { registerSubcommand(newAstronCommand) }

// astronSubcommands are further `nimlab astron` subcommands registered from
// their own files' init (e.g. astron_study.go).
var astronSubcommands []func(env *cliEnv, parent *astronFlags) *cobra.Command

// astronFlags are the options shared by `nimlab astron` and its
// subcommands.
type astronFlags struct {
	octal, join string
	json        bool
	all         bool // every winning move, also on a terminal
}

// rules reads --octal and --join.
func (f *astronFlags) rules() (astron.Rules, error) {
	split, err := takebreak.Parse(f.octal)
	if err != nil {
		return astron.Rules{}, badInput("--octal: %v", err)
	}
	code, err := octal.NewOctalCode(split)
	if err != nil {
		return astron.Rules{}, badInput("--octal: %v", err)
	}
	joinCode, err := takebreak.Parse(f.join)
	if err != nil {
		return astron.Rules{}, badInput("--join: %v", err)
	}
	join, err := astron.NewJoinCode(joinCode)
	if err != nil {
		return astron.Rules{}, badInput("--join: %v", err)
	}
	return astron.Rules{Octal: code, Join: join}, nil
}

// astronRulesJSON names the rules in JSON output.
type astronRulesJSON struct {
	Octal string `json:"octal"`
	Join  string `json:"join"`
}

func astronRulesOf(r astron.Rules) astronRulesJSON {
	return astronRulesJSON{Octal: r.Octal.String(), Join: r.Join.String()}
}

// astronMoveJSON is one winning move in `nimlab astron --json`.
type astronMoveJSON struct {
	Kind   string  `json:"kind"`
	Text   string  `json:"text"`
	Result [][]int `json:"result"`
}

// astronPositionReport is the JSON object of `nimlab astron P1 P2 …`.
type astronPositionReport struct {
	Stars        []int            `json:"stars"`
	Rules        astronRulesJSON  `json:"rules"`
	Nimber       int              `json:"nimber"`
	Outcome      string           `json:"outcome"`
	WinningMoves []astronMoveJSON `json:"winning_moves"`
}

// astronMaxRecursionPoints bounds the total size of a position of four or
// more stars, which is computed by recursion over every smaller position.
const astronMaxRecursionPoints = 120

// astronMaxManyStarPoints is the tighter bound for five stars or more: the
// sub-positions to visit multiply with every star (8 stars of 7 points take
// about a second, 8 of 10 over a minute, 40 of 3 far longer).
const astronMaxManyStarPoints = 64

func newAstronCommand(env *cliEnv) *cobra.Command {
	f := &astronFlags{}
	cmd := &cobra.Command{
		Use:   "astron P1 P2 … | astron table … | astron period …",
		Short: "Astron and its multiadditive family: nimbers, winning moves, star tables, bulb periods",
		Long: `Astron (L. Lami, "Periodicità nei giochi combinatori", thesis, Pisa 2011,
chapter 2): stars with free points; a move joins two free
points with a line that crosses nothing. As a game on star sizes a move either
joins two stars p, q into one of p + q − 2 points, or splits a star p into
a + b = p − 2 with the other stars shared between the two sides in any way.

  nimlab astron P1 P2 …   nimber, outcome and every winning move of the stars
  nimlab astron table     the table of G(A_{p,q}) (or a slice of three stars)
  nimlab astron period    period and preperiod of the one-, two- or three-star
                          bulb, certified by the thesis' periodicity theorem

--octal and --join choose another multiadditive extension (§2.3): the octal
code rules removing points from one star, the join code (hexadecimal digits,
bit 2 joins two stars, bit 3 three) rules joins. Astron is --octal 0.07
--join 0.04. Large positions: one to three stars are read from dense tables;
four or more stars are computed by recursion, up to ` + strconv.Itoa(astronMaxRecursionPoints) + ` points in all
(five or more stars: up to ` + strconv.Itoa(astronMaxManyStarPoints) + ` points).`,
		Example: `  nimlab astron 3 5
  nimlab astron 4 6 9 --json
  nimlab astron table --size 800 --csv astron2.csv
  nimlab astron table --size 100 --stars 3 --slice 10
  nimlab astron period --stars 2
  nimlab astron 5 7 --octal 0.137 --join 0.0c`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return badInput("astron needs star sizes such as 'nimlab astron 3 5', or a subcommand: table, period")
			}
			for _, a := range args {
				if _, err := parseAstronSize(a); err != nil {
					return err
				}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runAstronPosition(commandContext(cmd), env, args, f)
		},
	}
	cmd.SetFlagErrorFunc(astronFlagError)
	cmd.Flags().BoolVar(&f.all, "all", false, fmt.Sprintf("list every winning move (on a terminal the first %d otherwise)", astronListLimit))
	pf := cmd.PersistentFlags()
	pf.StringVar(&f.octal, "octal", "0.07", "octal code ruling moves on one star; Astron's is the default")
	pf.StringVar(&f.join, "join", "0.04", "join code ruling joins of stars; Astron's is the default")
	pf.BoolVar(&f.json, "json", false, "print one JSON object")
	cmd.AddCommand(newAstronTableCommand(env, f), newAstronPeriodCommand(env, f))
	for _, sub := range astronSubcommands {
		cmd.AddCommand(sub(env, f))
	}
	return cmd
}

// astronFlagError turns pflag's reading of a negative size (-3 looks like a
// shorthand flag) into a message about the size.
func astronFlagError(c *cobra.Command, err error) error {
	msg := err.Error()
	if i := strings.Index(msg, "unknown shorthand flag: '"); i >= 0 {
		if j := strings.LastIndex(msg, " in -"); j >= 0 {
			arg := msg[j+len(" in "):]
			if _, convErr := strconv.Atoi(arg); convErr == nil {
				return badInput("star size %s is negative; accepted: non-negative whole numbers", arg)
			}
		}
	}
	return badInput("%s: %v (see 'nimlab %s --help')", c.CommandPath(), err, strings.TrimPrefix(c.CommandPath(), "nimlab "))
}

// parseAstronSize reads one star size.
func parseAstronSize(s string) (int, error) {
	v, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	switch {
	case err == nil && v < 0:
		return 0, badInput("star size %s is negative; accepted: non-negative whole numbers", s)
	case err != nil || v > 1<<30:
		return 0, badInput("%q is not a star size; accepted: non-negative whole numbers (e.g. nimlab astron 3 5) or a subcommand: table, period", s)
	}
	return int(v), nil
}

func runAstronPosition(ctx context.Context, env *cliEnv, args []string, f *astronFlags) error {
	r, err := f.rules()
	if err != nil {
		return err
	}
	sizes := make([]int, len(args))
	for i, a := range args {
		if sizes[i], err = parseAstronSize(a); err != nil {
			return err
		}
	}
	pos, err := astron.NewPosition(sizes...)
	if err != nil {
		return badInput("%v; accepted: non-negative whole numbers", err)
	}
	switch {
	case len(pos) == 2 && pos[1] > astron.MaxTable2:
		return fmt.Errorf("a two-star position with a star of more than %d points is beyond the largest table nimlab builds", astron.MaxTable2)
	case len(pos) == 3 && pos[2] > astron.MaxTable3:
		return fmt.Errorf("a three-star position with a star of more than %d points is beyond the largest table nimlab builds", astron.MaxTable3)
	case len(pos) >= 5 && pos.Total() > astronMaxManyStarPoints:
		return badInput("%v has %d stars and %d points in all; accepted: positions of five or more stars up to %d points (they are computed by recursion over every smaller position, whose number multiplies with each star)", pos, len(pos), pos.Total(), astronMaxManyStarPoints)
	case len(pos) >= 4 && pos.Total() > astronMaxRecursionPoints:
		return badInput("%v has %d points in all; accepted: positions of four stars up to %d points (they are computed by recursion over every smaller position)", pos, pos.Total(), astronMaxRecursionPoints)
	}
	s := astron.NewSolver(r)
	s.Dense3 = astron.MaxTable3
	a, err := s.Analyse(ctx, pos)
	if err != nil {
		return err
	}
	rep := astronPositionReport{Stars: []int(pos), Rules: astronRulesOf(r), Nimber: a.Nimber, Outcome: a.Outcome, WinningMoves: []astronMoveJSON{}}
	if rep.Stars == nil {
		rep.Stars = []int{}
	}
	for _, m := range a.WinningMoves {
		res := make([][]int, len(m.Result))
		for i, c := range m.Result {
			res[i] = []int(c)
		}
		rep.WinningMoves = append(rep.WinningMoves, astronMoveJSON{Kind: m.Kind, Text: m.Text(), Result: res})
	}
	if f.json {
		return writeJSON(env.stdout, rep)
	}
	w := env.stdout
	fmt.Fprintf(w, "%v (%s): nimber %d, %s\n", pos, astronRulesName(r), a.Nimber, astronOutcomeText(a.Outcome))
	if len(rep.WinningMoves) > 0 {
		fmt.Fprintf(w, "winning moves (%d):\n", len(rep.WinningMoves))
		shown := len(a.WinningMoves)
		if !f.all && isTerminal(w) {
			// A star of 10^6 points has 176,000 winning moves.
			shown = min(shown, astronListLimit)
		}
		for i, m := range a.WinningMoves[:shown] {
			fmt.Fprintf(w, "  %s  →  %s\n", rep.WinningMoves[i].Text, astronSumText(m.Result))
		}
		if shown < len(a.WinningMoves) {
			fmt.Fprintf(w, "  … and %d more (--all to list them)\n", len(a.WinningMoves)-shown)
		}
	}
	return nil
}

// astronListLimit is how many winning moves a terminal shows unless --all.
const astronListLimit = 50

func astronRulesName(r astron.Rules) string {
	if r.IsAstron() {
		return "Astron"
	}
	return "octal " + r.Octal.String() + ", join " + r.Join.String()
}

func astronOutcomeText(o string) string {
	if o == "P" {
		return "P (the player to move loses)"
	}
	return "N (the player to move wins)"
}

// astronSumText writes a sum of positions as A_{2} + A_{3,5}, or 0 when
// nothing is left.
func astronSumText(parts []astron.Position) string {
	if len(parts) == 0 {
		return "0 (no star left)"
	}
	s := make([]string, len(parts))
	for i, p := range parts {
		s[i] = p.String()
	}
	return strings.Join(s, " + ")
}

// astronTableFlags are the options of `nimlab astron table`.
type astronTableFlags struct {
	size, stars, slice, csv string
	png                     pngFlags
}

// astronTableReport is the JSON object of `nimlab astron table`.
type astronTableReport struct {
	Stars     int             `json:"stars"`
	Size      int             `json:"size"`
	Slice     *int            `json:"slice,omitempty"`
	Rules     astronRulesJSON `json:"rules"`
	MaxNimber int             `json:"max_nimber"`
	CSV       string          `json:"csv,omitempty"`
	PNG       string          `json:"png,omitempty"`
	Table     [][]uint16      `json:"table"`
}

// astronTableRequest is a checked `astron table` request.
type astronTableRequest struct {
	rules            astron.Rules
	stars, size, cut int
	csv              string
	json             bool
	sliceSet, csvSet bool
	maxSize          int
	picture          pngRequest
}

func newAstronTableCommand(env *cliEnv, parent *astronFlags) *cobra.Command {
	f := &astronTableFlags{}
	cmd := &cobra.Command{
		Use:   "table --size N [--stars 2|3 --slice R] [--csv FILE] [--png FILE]",
		Short: "the table of G(A_{p,q}) for 0 ≤ p, q ≤ N, or the slice G(A_{p,q,R})",
		Long: `Print the table of nimbers G(A_{p,q}) for 0 ≤ p, q ≤ N (Figure 2.7 of the thesis
shows it to 800), or with --stars 3 --slice R the slice G(A_{p,q,R}).
Row p lists q = 0..N. --csv FILE writes a header row p\q,0,1,…,N, then the rows comma-separated.`,
		Example: `  nimlab astron table --size 20
  nimlab astron table --size 1300 --csv astron2.csv
  nimlab astron table --size 800 --png figure-2.7.png
  nimlab astron table --size 120 --stars 3 --slice 5 --json`,
		Args: noArgs("astron table", "--size N [--stars 2|3 --slice R] [--csv FILE]"),
		RunE: func(cmd *cobra.Command, args []string) error {
			req, err := parseAstronTable(cmd, env, parent, f)
			if err != nil {
				return err
			}
			return runAstronTable(commandContext(cmd), env, req)
		},
	}
	fl := cmd.Flags()
	intFlag(fl, &f.size, "size", "", "N: the table covers 0 ≤ p, q ≤ N (two stars up to "+strconv.Itoa(astron.MaxTable2)+", three up to "+strconv.Itoa(astron.MaxTable3)+")")
	intFlag(fl, &f.stars, "stars", "2", "2 (the table G(A_{p,q})) or 3 (a slice, with --slice R)")
	intFlag(fl, &f.slice, "slice", "", "three stars: the fixed third star R")
	fl.StringVar(&f.csv, "csv", "", "write the table to FILE as CSV (row p: values for q = 0..N)")
	markPath(fl, "csv", outputPath)
	addPNGFlags(cmd, &f.png, "the table as a heatmap (p across, q up)", "colours of the nimbers (default rainbow: red = 0 up to violet, as in Figure 2.7)")
	return cmd
}

// parseAstronTable checks every flag of `astron table` before computing.
func parseAstronTable(cmd *cobra.Command, env *cliEnv, parent *astronFlags, f *astronTableFlags) (astronTableRequest, error) {
	req := astronTableRequest{json: parent.json}
	var err error
	if req.rules, err = parent.rules(); err != nil {
		return req, err
	}
	switch strings.TrimSpace(f.stars) {
	case "2":
		req.stars, req.maxSize = 2, astron.MaxTable2
	case "3":
		req.stars, req.maxSize = 3, astron.MaxTable3
	default:
		return req, badInput("--stars %q is not a table nimlab draws; accepted: 2 (G(A_{p,q})) or 3 (a slice G(A_{p,q,R}) with --slice R)", f.stars)
	}
	if !cmd.Flags().Changed("size") {
		return req, badInput("astron table needs --size N (1..%d for %d stars)", req.maxSize, req.stars)
	}
	if req.size, err = parseCount("--size", f.size); err != nil {
		return req, err
	}
	if req.size < 1 || req.size > req.maxSize {
		return req, badInput("--size %d is outside 1..%d, the %d-star tables nimlab builds", req.size, req.maxSize, req.stars)
	}
	req.sliceSet = cmd.Flags().Changed("slice")
	switch {
	case req.stars == 2 && req.sliceSet:
		return req, badInput("--slice only applies to three stars: add --stars 3")
	case req.stars == 3 && !req.sliceSet:
		return req, badInput("--stars 3 needs --slice R: the table shows G(A_{p,q,R}) for the fixed third star R")
	case req.sliceSet:
		if req.cut, err = parseCount("--slice", f.slice); err != nil {
			return req, err
		}
		if req.cut > astron.MaxTable3 {
			return req, badInput("--slice %d is above %d, the largest three-star table nimlab builds", req.cut, astron.MaxTable3)
		}
	}
	req.csvSet = cmd.Flags().Changed("csv")
	req.csv = strings.TrimSpace(f.csv)
	if req.csvSet && req.csv == "" {
		return req, badInput("--csv needs a file name such as astron.csv")
	}
	if req.picture, err = f.png.parse(cmd, env); err != nil {
		return req, err
	}
	return req, nil
}

// buildAstronGrid computes the table of a request with a progress bar.
func buildAstronGrid(ctx context.Context, env *cliEnv, req astronTableRequest) (astron.Grid, error) {
	bar := newProgressReporter(env, req.json, 1, fmt.Sprintf("%d-star table", req.stars))
	defer bar.Finish()
	return astron.BuildGrid(ctx, req.rules, req.stars, req.size, req.cut, func(p astron.Progress) {
		bar.Update(p.Done, p.Total)
	})
}

func runAstronTable(ctx context.Context, env *cliEnv, req astronTableRequest) error {
	grid, err := buildAstronGrid(ctx, env, req)
	if err != nil {
		return err
	}
	if req.csv != "" {
		if err := writeAstronCSV(req.csv, env.stdout, grid); err != nil {
			return err
		}
	}
	if req.picture.File != "" {
		if err := writeAstronHeatmapPNG(req.picture, grid, req.rules); err != nil {
			return err
		}
	}
	rep := astronTableReport{Stars: req.stars, Size: req.size, Rules: astronRulesOf(req.rules), MaxNimber: grid.Max(), CSV: req.csv, PNG: req.picture.File, Table: grid.Rows}
	if req.stars == 3 {
		rep.Slice = &req.cut
	}
	if req.json {
		return writeJSON(env.stdout, rep)
	}
	what := fmt.Sprintf("G(A_{p,q}) for 0 ≤ p, q ≤ %d", req.size)
	if req.stars == 3 {
		what = fmt.Sprintf("G(A_{p,q,%d}) for 0 ≤ p, q ≤ %d", req.cut, req.size)
	}
	if req.csv != "" || req.picture.File != "" {
		for _, file := range []string{req.csv, req.picture.File} {
			if file != "" {
				fmt.Fprintf(env.stdout, "wrote %s: %s (%s), largest nimber %d\n", file, what, astronRulesName(req.rules), rep.MaxNimber)
			}
		}
		return nil
	}
	return printAstronGrid(env.stdout, grid, what, req.rules)
}

// printAstronGrid prints the table with row and column labels.
func printAstronGrid(w io.Writer, g astron.Grid, what string, r astron.Rules) error {
	width := len(strconv.Itoa(max(g.Max(), g.N)))
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s (%s); row p, column q\n", what, astronRulesName(r))
	fmt.Fprintf(&b, "%*s |", width, "p\\q")
	for q := 0; q <= g.N; q++ {
		fmt.Fprintf(&b, " %*d", width, q)
	}
	b.WriteByte('\n')
	b.WriteString(strings.Repeat("-", max(width, 3)+2+(width+1)*(g.N+1)))
	b.WriteByte('\n')
	for p, row := range g.Rows {
		fmt.Fprintf(&b, "%*d |", max(width, 3), p)
		for _, v := range row {
			fmt.Fprintf(&b, " %*d", width, v)
		}
		b.WriteByte('\n')
		if b.Len() > 1<<16 {
			if _, err := w.Write(b.Bytes()); err != nil {
				return err
			}
			b.Reset()
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// writeAstronCSV streams the table to path ("-" is stdout) through
// safewrite: a header row "p\\q,0,1,…,N", then row p as p followed by the
// values for q = 0..N.
func writeAstronCSV(path string, stdout io.Writer, g astron.Grid) error {
	return safewrite.Write(path, stdout, func(w io.Writer) error {
		line := append(make([]byte, 0, 8*(g.N+2)), `p\q`...)
		for q := 0; q <= g.N; q++ {
			line = append(line, ',')
			line = strconv.AppendInt(line, int64(q), 10)
		}
		line = append(line, '\n')
		if _, err := w.Write(line); err != nil {
			return err
		}
		rows := csvIntRows{w: w, line: line}
		for p, row := range g.Rows {
			if err := rows.row(p, row...); err != nil {
				return err
			}
		}
		return nil
	})
}

// astronPeriodFlags are the options of `nimlab astron period`.
type astronPeriodFlags struct {
	stars, limit string
}

// astronPeriodJSON is one bulb's period in JSON; period and preperiod are
// null when no period was seen.
type astronPeriodJSON struct {
	Stars            int               `json:"stars"`
	Period           *int              `json:"period"`
	Preperiod        *int              `json:"preperiod"`
	ThesisPi         *int              `json:"thesis_pi"`
	LastIrregular    []int             `json:"last_irregular"`
	IrregularNimbers []int             `json:"irregular_nimbers,omitempty"`
	Certified        bool              `json:"certified"`
	CheckedTo        int               `json:"checked_to"`
	CertificateNeeds *int              `json:"certificate_needs"`
	Lower            *astronPeriodJSON `json:"lower,omitempty"`
}

// astronPeriodReport is the JSON object of `nimlab astron period`.
type astronPeriodReport struct {
	astronPeriodJSON
	Rules           astronRulesJSON `json:"rules"`
	MaxNimber       int             `json:"max_nimber"`
	MaxNimberBySize []int           `json:"max_nimber_by_size"`
}

func astronPeriodOf(p *astron.Period) *astronPeriodJSON {
	if p == nil {
		return nil
	}
	j := &astronPeriodJSON{Stars: p.Stars, LastIrregular: p.LastIrregular, IrregularNimbers: p.IrregularNimbers, Certified: p.Certified, CheckedTo: p.CheckedTo, Lower: astronPeriodOf(p.Lower)}
	if p.Period > 0 {
		tau, n0, pi, needs := p.Period, p.Preperiod, p.ThesisPi(), p.CertificateNeeds
		j.Period, j.Preperiod, j.ThesisPi, j.CertificateNeeds = &tau, &n0, &pi, &needs
	}
	if j.LastIrregular == nil {
		j.LastIrregular = []int{}
	}
	return j
}

func newAstronPeriodCommand(env *cliEnv, parent *astronFlags) *cobra.Command {
	f := &astronPeriodFlags{}
	cmd := &cobra.Command{
		Use:   "period --stars S [--limit N]",
		Short: "period and preperiod of the bulb of S stars, certified when the thesis' finite check holds",
		Long: `Compute the bulb of positions with at most S stars (S = 1, 2 or 3) with every
star up to N points, find its period τ and preperiod n0 (every index ≥ n0 may
be raised by τ without changing the nimber; the thesis' π is n0 − 1) and
report it certified only when the finite check of docs/ASTRON.md holds: one
star by the Guy–Smith theorem, more stars by the periodicity theorem for
multiadditive extensions (Lemma 2.2.2, Theorem 2.3.7), which needs the table
to reach 2·n0 + 2τ + k − 1 and the smaller bulbs certified.

Defaults: --limit 1000 for one star, 1300 for two, 160 for three.`,
		Example: `  nimlab astron period --stars 2
  nimlab astron period --stars 2 --limit 800
  nimlab astron period --stars 3 --limit 200 --json`,
		Args: noArgs("astron period", "--stars 1|2|3 [--limit N]"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runAstronPeriod(cmd, env, parent, f)
		},
	}
	fl := cmd.Flags()
	intFlag(fl, &f.stars, "stars", "", "the bulb: 1, 2 or 3 stars")
	intFlag(fl, &f.limit, "limit", "", "N: compute every star size up to N")
	return cmd
}

func runAstronPeriod(cmd *cobra.Command, env *cliEnv, parent *astronFlags, f *astronPeriodFlags) error {
	ctx := commandContext(cmd)
	r, err := parent.rules()
	if err != nil {
		return err
	}
	if !cmd.Flags().Changed("stars") {
		return badInput("astron period needs --stars S; accepted: 1, 2 or 3")
	}
	var stars, maxLimit int
	switch strings.TrimSpace(f.stars) {
	case "1":
		stars, maxLimit = 1, 1<<22
	case "2":
		stars, maxLimit = 2, astron.MaxTable2
	case "3":
		stars, maxLimit = 3, astron.MaxTable3
	default:
		return badInput("--stars %q is not a bulb nimlab computes; accepted: 1, 2 or 3", f.stars)
	}
	limit := astron.DefaultLimit(stars)
	if cmd.Flags().Changed("limit") {
		if limit, err = parseCount("--limit", f.limit); err != nil {
			return err
		}
		if limit < 1 || limit > maxLimit {
			return badInput("--limit %d is outside 1..%d for %d stars", limit, maxLimit, stars)
		}
	}
	bar := newProgressReporter(env, parent.json, 1, fmt.Sprintf("%d-star bulb", stars))
	rep, err := astron.BulbPeriod(ctx, r, stars, limit, func(p astron.Progress) { bar.Update(p.Done, p.Total) })
	bar.Finish()
	if err != nil {
		return err
	}
	out := astronPeriodReport{astronPeriodJSON: *astronPeriodOf(&rep.Period), Rules: astronRulesOf(r), MaxNimberBySize: rep.MaxBySize}
	if n := len(rep.MaxBySize); n > 0 {
		out.MaxNimber = rep.MaxBySize[n-1]
	}
	if parent.json {
		return writeJSON(env.stdout, out)
	}
	printAstronPeriod(env.stdout, r, rep)
	return nil
}

func printAstronPeriod(w io.Writer, r astron.Rules, rep *astron.BulbReport) {
	p := &rep.Period
	fmt.Fprintf(w, "%s, bulb of %d star%s, every star up to %d points\n", astronRulesName(r), p.Stars, astronPlural(p.Stars), p.CheckedTo)
	for q := p; q != nil; q = q.Lower {
		prefix := "  "
		if q != p {
			prefix = fmt.Sprintf("  smaller bulb (%d star%s, to %d): ", q.Stars, astronPlural(q.Stars), q.CheckedTo)
		}
		fmt.Fprintln(w, prefix+astronPeriodLine(q))
		if q == p && q.Period > 0 && len(q.LastIrregular) > 0 {
			raised := append([]int{q.LastIrregular[0] + q.Period}, q.LastIrregular[1:]...)
			fmt.Fprintf(w, "  last irregular: G(A_{%s}) = %d but G(A_{%s}) = %d\n", joinAstronInts(q.LastIrregular), q.IrregularNimbers[0], joinAstronInts(raised), q.IrregularNimbers[1])
		}
	}
	if n := len(rep.MaxBySize); n > 0 {
		fmt.Fprintf(w, "  largest nimber with every star ≤ N:")
		step := max(1, (n-1)/8)
		for i := step; i < n; i += step {
			fmt.Fprintf(w, " N=%d: %d", i, rep.MaxBySize[i])
		}
		fmt.Fprintln(w)
	}
}

func astronPeriodLine(p *astron.Period) string {
	if p.Period == 0 {
		return "no period seen (none agrees over a whole period at the top of the table)"
	}
	s := fmt.Sprintf("period %d, preperiod %d (thesis' π = %d)", p.Period, p.Preperiod, p.ThesisPi())
	if p.Certified {
		return s + fmt.Sprintf(", certified: the finite check holds (it needs every star up to %d)", p.CertificateNeeds)
	}
	return s + fmt.Sprintf(", not certified: seen only (a certificate needs every star up to %d and the smaller bulbs certified)", p.CertificateNeeds)
}

func astronPlural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func joinAstronInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}
