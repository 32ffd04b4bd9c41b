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

	"github.com/nimlab/nimlab/plotting"
	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/safewrite"
	"github.com/nimlab/nimlab/solver/takebreak"
)

func init() { registerSubcommand(newOctalCommand) }

// octalFlags are the options of `nimlab octal`. Numbers are read as strings
// so that a bad value gets nimlab's own message rather than strconv's.
type octalFlags struct {
	n, max     string
	values     bool
	heaps      string
	all        bool
	table      string
	csv        string
	json       bool
	nSet, mSet bool
	heapsSet   bool
	png        pngFlags
	picture    pngRequest
	long       longRunFlags // --checkpoint, --resume (octal_longrun.go)
	streamFl   streamFlags  // --stream, --verify-period (octal_stream.go)
	streamOn   bool
	valuesFl   valuesFileFlags // --values-file (octal_values.go)
	compare    string
	equivalent bool
	cert       string // --certificate FILE (certificate.go)
	options    string // --options N (octal_options.go)
	optionsSet bool
}

// octalReport is the JSON object printed by `nimlab octal --json`.
type octalReport struct {
	Code       string             `json:"code"`
	Name       string             `json:"name,omitempty"`
	Count      int                `json:"count"`
	Values     []int              `json:"values,omitempty"`
	Period     *int               `json:"period"`
	Preperiod  *int               `json:"preperiod"`
	Certified  bool               `json:"certified"`
	NeededTo   *int               `json:"certificate_needs,omitempty"`
	Saltus     *int               `json:"saltus,omitempty"`
	Proof      string             `json:"proof,omitempty"`
	Seen       *seenPeriod        `json:"seen_period,omitempty"`
	Compare    *compareReport     `json:"compare,omitempty"`
	Equivalent *equivalentReport  `json:"equivalent,omitempty"`
	Cert       *certificateReport `json:"certificate,omitempty"`
	MaxValue   int                `json:"max_value"`
	MaxAt      int                `json:"max_at"`
	Heaps      []int              `json:"heaps,omitempty"`
	NimSum     *int               `json:"nim_sum,omitempty"`
	Outcome    string             `json:"outcome,omitempty"`
	Moves      *[]move            `json:"winning_moves,omitempty"`
	MoveCount  *int               `json:"winning_move_count,omitempty"`
}

// move is a winning move as printed: Heap counts from 1, as "heap #N" in the
// text does.
type move struct {
	Heap  int   `json:"heap"`
	From  int   `json:"from"`
	Take  int   `json:"take"`
	Leave []int `json:"leave"`
}

// printedMoves numbers the heaps of moves from 1, as the text does.
func printedMoves(moves []octal.Move) []move {
	out := make([]move, len(moves))
	for i, m := range moves {
		out[i] = move{Heap: m.Heap + 1, From: m.From, Take: m.Take, Leave: m.Leave}
	}
	return out
}

// terminalMoveLimit is how many winning moves the text lists on a terminal
// without --all; JSON always has them all.
const terminalMoveLimit = 20

// seenPeriod is a period (arithmetic when the saltus is not 0) that the
// values show but no theorem proves.
type seenPeriod struct {
	Period    int `json:"period"`
	Preperiod int `json:"preperiod"`
	Saltus    int `json:"saltus"`
	UpTo      int `json:"seen_up_to"`
}

func newOctalCommand(env *cliEnv) *cobra.Command {
	f := &octalFlags{}
	cmd := &cobra.Command{
		Use:   "octal CODE",
		Short: "Grundy values, certified period and winning moves of an octal or take-and-break game",
		Long: `Compute the Grundy values G(0..) of the heap game CODE.

CODE is CGSuite's take-and-break notation d0.d1d2…: digit dj rules removing j
tokens from one heap, and bit i of dj allows leaving exactly i non-empty heaps
(1: none, 2: one, 4: two, 8: three …). Digits are 0-9 and A-V (hexadecimal
0.B, 0.F included), &n; for larger ones; a brace list gives the heap counts
directly: {2,3} = C, {2+} = two or more heaps, * = any number. The digit
before the point splits without taking (4.7, 8.0; zeros before it are
ignored, other digits there add tokens and are refused). A modifier after a
digit restricts its splits: ! heaps pairwise unequal (Grundy's game 4!.0),
? not all equal, = all equal; inside braces each count may carry its own
({1,2!}, {0,2?,4?+}). As in CGSuite, ? on one heap also forbids leaving a
single heap of one token. Brackets repeat the final digits forever: 0.[3] is
Nim, 4.[3] Lasker's Nim. Codes are printed as CGSuite prints them (04.30 is
4.3, 0.{1,2!} is 0.6!). Subtraction games: S(1,2,5) removes 1, 2 or 5 tokens;
S!(1,3) removes any number but 1 or 3 (all-but).

With --options N, every option of a heap of N tokens is listed in CGSuite's
order (tokens taken, number of heaps, heaps) with its Grundy value.

Without --n, auto mode computes until a period is proven or --max heaps are
known: the Guy–Smith theorem (generalised to splits into m heaps: it needs
G(0..m·(n0+p)+k−1)), the finite-window theorem for moves that leave at most
one heap, the Nim lemma for codes like 0.[3] (period 1, saltus 1), and two
arithmetic-period certificates of our own (proofs in solver/octal/gamecert.go)
for codes whose digits end in a repeated 3: all-but subtraction games and
other one-heap games (G(n+p) = G(n)+s proven when it holds on a window and the
set of values seen shifts by s), and codes that also split a heap in two, with
digit 0 or 4 before the point and digits 0-7 (Lasker's Nim 4.[3]: period 4,
saltus 4, proven from G(0..5); the split values are also checked by residues
mod p and by size). For other games (modifiers, {2+}, finite hexadecimal codes
that grow such as 0.3F, codes the certificates' conditions miss) the period or
arithmetic period the values show is reported as seen, not proven. With --n N
exactly G(0..N) is computed.

With --values-file FILE (octal codes with a sparse space) the values go to
FILE on disk, 9 bits a value, and only two windows of them stay in memory, so
--n and --max may exceed 2^31: --max N computes the first N values (no period
search). FILE.partial is the checkpoint while the run goes on: the same
command continues it after a kill or Ctrl-C. The disk's free space is checked
first.`,
		Example: `  nimlab octal 0.07
  nimlab octal 0.77 --n 100 --table 12
  nimlab octal 0.07 --heaps 10,20,30 --json
  nimlab octal '4!.0' --n 1000000        # Grundy's game
  nimlab octal '0.[3]'                   # Nim: period 1, saltus 1, proven
  nimlab octal '4.[3]' --n 200 --table 4 # Lasker's Nim: period 4, saltus 4, proven
  nimlab octal 'S(1,2,5)'                # a subtraction game
  nimlab octal 'S!(1,3)'                 # all-but: period 2, saltus 1, proven
  nimlab octal '0.3F!' --options 9       # the options of a heap: 8 7 1,6 2,5 3,4 1,2,4
  nimlab octal 0.161 --n 1000 --compare 0.36   # where two games first differ
  nimlab octal 0.07 --equivalent         # codes of two digits with the same values
  nimlab octal '4.[3]' --equivalent      # Lasker's Nim against 4.[0] … 4.[7]
  nimlab octal 'S!(1,3)' --equivalent    # all-but games S!(F), F ⊆ {1,2,3}
  nimlab octal 0.106 --max 8589934592 --values-file 0106.nimv   # 2^33 values on disk
  nimlab octal 0.07 --certificate 0.07.cert   # a certificate 'nimlab verify' checks`,
		Args: oneArg("octal needs exactly one octal code such as 0.07"),
		RunE: func(cmd *cobra.Command, args []string) error {
			f.nSet = cmd.Flags().Changed("n")
			f.mSet = cmd.Flags().Changed("max")
			f.heapsSet = cmd.Flags().Changed("heaps")
			f.optionsSet = cmd.Flags().Changed("options")
			f.streamOn = f.streamFl.active(cmd.Flags().Changed)
			f.valuesFl.firstSet = cmd.Flags().Changed("stream-first")
			var err error
			if f.picture, err = f.png.parse(cmd, env); err != nil {
				return err
			}
			return runOctal(commandContext(cmd), env, args[0], f)
		},
	}
	fl := cmd.Flags()
	intFlag(fl, &f.n, "n", "", "compute exactly G(0..N)")
	intFlag(fl, &f.max, "max", strconv.Itoa(octal.DefaultMax), "auto mode: give up after this many heaps")
	fl.BoolVar(&f.values, "values", false, "print (or include in JSON) every value computed")
	intsFlag(fl, &f.heaps, "heaps", "", "a sum of heaps H1,H2,…: its nim-sum, outcome and winning moves")
	fl.BoolVar(&f.all, "all", false, "with --heaps or --options: list every move on a terminal too (by default the first 20)")
	intFlag(fl, &f.options, "options", "", "every option of a heap of N tokens, in CGSuite's order and format, with its Grundy value")
	intFlag(fl, &f.table, "table", "", "print the values in rows of W, each row starting with n+ (the thesis' Table 1.1)")
	fl.StringVar(&f.csv, "csv", "", "write n,grundy rows to FILE")
	markPath(fl, "csv", outputPath)
	fl.BoolVar(&f.json, "json", false, "print one JSON object")
	fl.StringVar(&f.compare, "compare", "", "another game CODE2: where the two Grundy sequences first differ")
	fl.StringVar(&f.cert, "certificate", "", "write the proven period's certificate to FILE (docs/CERTIFICATES.md; check it with 'nimlab verify FILE')")
	fl.BoolVar(&f.equivalent, "equivalent", false, "list the codes of CODE's family (as many digits, octal or hexadecimal; subsets for S(…) and S!(…)) whose Grundy values agree with CODE's")
	addLongRunFlags(fl, &f.long)
	addStreamFlags(fl, &f.streamFl)
	addValuesFileFlags(fl, &f.valuesFl)
	addPNGFlags(cmd, &f.png, "the sequence plot (preperiod marked, period shaded)", "colour each value (draws points instead of steps)")
	return cmd
}

// longCode is the length of code above which a code longer than the heaps
// asked for is refused (shorter ones cost nothing to run).
const longCode = 1024

func runOctal(ctx context.Context, env *cliEnv, codeArg string, f *octalFlags) error {
	rules, err := takebreak.Parse(codeArg)
	if err != nil {
		return badInput("%v", err)
	}
	code := octal.NewCode(rules)
	switch {
	case f.optionsSet:
		return runOctalOptions(ctx, env, code, f)
	case f.cert != "" && (f.valuesFl.file != "" || f.streamOn):
		return badInput("--certificate works with runs in memory, not with --values-file or --stream")
	case f.valuesFl.file != "":
		return runOctalValuesFile(ctx, env, code, f)
	case f.streamOn:
		return runOctalStream(ctx, env, code, f)
	}
	run, err := f.memoryRun(code)
	if err != nil {
		return err
	}
	res, err := run.solve(ctx, env, f)
	if err != nil {
		return err
	}
	report, err := run.report(ctx, env, res, f)
	if err != nil {
		return err
	}
	if err := writeOctalFiles(env, report, res, f); err != nil {
		return err
	}
	if f.json {
		return writeJSON(env.stdout, report)
	}
	if err := printOctalReport(ctx, env.stdout, report, res, run.width, f); err != nil {
		return err
	}
	if f.picture.File != "" {
		fmt.Fprintf(env.stdout, "picture: %s (%d×%d)\n", f.picture.File, f.picture.Size.Width, f.picture.Size.Height)
	}
	if c := report.Cert; c != nil && c.File != "-" {
		fmt.Fprintf(env.stdout, "certificate: %s (%s, G(0..%d), %d bytes, values SHA-256 %s)\n", c.File, c.Theorem, c.Window-1, c.Bytes, c.SHA256)
	}
	return nil
}

// octalRun is an in-memory run of `nimlab octal` as its flags ask for it.
type octalRun struct {
	code  octal.Code
	opts  octal.SolveOptions
	other octal.Code // --compare
	heaps []int      // --heaps
	width int        // --table
}

// memoryRun reads the flags of an in-memory run.
func (f *octalFlags) memoryRun(code octal.Code) (*octalRun, error) {
	run := &octalRun{code: code}
	var err error
	if f.compare != "" {
		other, err := takebreak.Parse(f.compare)
		if err != nil {
			return nil, badInput("--compare: %v", err)
		}
		run.other = octal.NewCode(other)
	}
	if f.equivalent {
		if err := octal.CheckEquivalent(code); err != nil {
			return nil, badInput("--equivalent: %v", err)
		}
	}
	if run.opts, err = f.runLength(); err != nil {
		return nil, err
	}
	if f.heapsSet {
		if run.heaps, err = parseSumOfHeaps(code, f.heaps); err != nil {
			return nil, err
		}
	}
	if f.table != "" {
		if run.width, err = parsePositive("--table", f.table); err != nil {
			return nil, err
		}
		if run.width > octal.MaxTableWidth {
			return nil, badInput("--table %d is wider than a row can be read; accepted: a row width from 1 to %d", run.width, octal.MaxTableWidth)
		}
	}
	if heaps := run.opts.Heaps(code); code.K() >= heaps && code.K() > longCode {
		// Its moves of heaps or more tokens never apply to the heaps asked
		// for, and no period can be certified (that needs more than k
		// values), yet every heap would look at every digit: a
		// 100,000-digit code ran for minutes on 4096 heaps.
		return nil, badInput("the code has %d digits after the point (more than %d), but a move of %d tokens or more never applies within the %d heaps asked for; accepted: a code of fewer digits than heaps, or a larger --max or --n", code.K(), longCode, heaps, heaps)
	}
	return run, nil
}

// runLength reads --n (exact mode) or --max (auto mode; not given: the
// solver's default).
func (f *octalFlags) runLength() (octal.SolveOptions, error) {
	var opts octal.SolveOptions
	var err error
	switch {
	case f.nSet && f.mSet:
		return opts, badInput("--n and --max exclude each other: --n N computes exactly G(0..N), --max N bounds auto mode")
	case f.nSet:
		opts.N, err = parseCount("--n", f.n)
		opts.Exact = true
	case f.mSet:
		opts.Max, err = parsePositive("--max", f.max)
	}
	return opts, err
}

// parseSumOfHeaps reads --heaps: a sum of heaps small enough that every
// move of every heap can be looked at.
func parseSumOfHeaps(code octal.Code, s string) ([]int, error) {
	heaps, err := parseHeapList("--heaps", s)
	if err != nil {
		return nil, err
	}
	if big, limit := slices.Max(heaps), maxMoveHeapFor(code); big > limit {
		return nil, badInput("--heaps entry %d is too large; accepted: heap sizes up to %d (every split of every heap is listed)", big, limit)
	}
	total := 0
	for _, h := range heaps {
		total += h
	}
	if total > maxMoveTokens {
		return nil, badInput("--heaps adds up to %d tokens; accepted: at most %d in all (every move of every heap is looked at, and the winning ones kept)", total, maxMoveTokens)
	}
	return heaps, nil
}

// solve runs octal.Solve with a progress bar on a terminal (a line on
// stderr every --log-every otherwise), --checkpoint and --resume.
func (run *octalRun) solve(ctx context.Context, env *cliEnv, f *octalFlags) (*octal.Result, error) {
	code, opts := run.code, run.opts
	total := opts.Heaps(code)
	bar := newProgressReporter(env, f.json, int64(total), code.String())
	defer bar.Finish()
	if err := f.long.apply(ctx, code, &opts); err != nil {
		return nil, err
	}
	logEvery, err := f.streamFl.logInterval()
	if err != nil {
		return nil, err
	}
	// A run of hours under nohup or Slurm has no bar: it gets a line on
	// stderr every --log-every instead.
	progress := newRunProgress(env, bar, logEvery, code, "", -1)
	opts.Progress = func(p octal.Progress) {
		progress.report(int64(p.Done), int64(p.Total), progressText(code, p))
	}
	noteQuadratic(ctx, env, code, total)
	noteGeneral(ctx, env, code, total)
	if opts.Engine == nil && !code.General() && (code.Rules == nil || code.Rules.Kind == takebreak.TakeBreak) {
		// Plain octal codes: the games with no sparse space (0.415,
		// 4.026, …) run faster on the dense engine; the chooser times both.
		opts.Engine = octal.DenseOrSparseAllCores()
	}
	res, err := octal.Solve(ctx, code, opts)
	if errors.Is(err, context.Canceled) {
		return nil, f.long.interrupted()
	}
	return res, err
}

// report builds the JSON object of the run: the values, the period proven
// or seen, and what --equivalent, --compare and --heaps ask for.
func (run *octalRun) report(ctx context.Context, env *cliEnv, res *octal.Result, f *octalFlags) (*octalReport, error) {
	code := run.code
	count := len(res.Values)
	r := &octalReport{Code: code.String(), Name: octal.GameName(code), Count: count, Certified: res.Certified}
	r.MaxValue, r.MaxAt = res.MaxAt()
	if res.Certified {
		p, n0, need := res.Period.Period, res.Period.Preperiod, res.Period.NeededTo
		r.Period, r.Preperiod, r.NeededTo = &p, &n0, &need
		if s := res.Period.Saltus; s != 0 {
			r.Saltus = &s
		}
		r.Proof = res.Period.Proof
	} else if res.Period.Period > 0 {
		r.Seen = &seenPeriod{Period: res.Period.Period, Preperiod: res.Period.Preperiod, Saltus: res.Period.Saltus, UpTo: count - 1}
	}
	var err error
	if f.equivalent {
		bar := newProgressReporter(env, f.json, 1, code.String()+" equivalent codes")
		r.Equivalent, err = equivalentCodes(ctx, res, func(done, total int) { bar.Update(int64(done), int64(total)) })
		bar.Finish()
		if err != nil {
			return nil, err
		}
	}
	if f.compare != "" {
		if r.Compare, err = compareGames(ctx, res, run.other, run.opts); err != nil {
			return nil, err
		}
	}
	if f.values {
		r.Values = make([]int, count)
		for i, v := range res.Values {
			r.Values[i] = int(v)
		}
	}
	if run.heaps != nil {
		if err := r.addSum(ctx, res, run.heaps); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// addSum adds the sum of heaps to the report: its nim-sum, outcome and
// winning moves.
func (r *octalReport) addSum(ctx context.Context, res *octal.Result, heaps []int) error {
	values, err := res.ValuesUpTo(ctx, slices.Max(heaps))
	if err != nil {
		return err
	}
	moves, err := octal.WinningMoves(res.Code, values, heaps)
	if err != nil {
		return err
	}
	x := octal.NimSum(values, heaps)
	shown := printedMoves(moves)
	count := len(moves)
	r.Heaps, r.NimSum, r.Moves, r.MoveCount = heaps, &x, &shown, &count
	r.Outcome = "N"
	if x == 0 {
		r.Outcome = "P"
	}
	return nil
}

// writeOctalFiles writes what --csv, --png and --certificate ask for.
func writeOctalFiles(env *cliEnv, report *octalReport, res *octal.Result, f *octalFlags) error {
	if f.csv != "" {
		if err := writeGrundyCSV(f.csv, env.stdout, res.Values); err != nil {
			return err
		}
	}
	if f.picture.File != "" {
		if err := writeSequencePNG(f.picture, res.Code, res); err != nil {
			return err
		}
	}
	if f.cert != "" {
		var err error
		if report.Cert, err = writeOctalCertificate(f.cert, env.stdout, res.Code, res); err != nil {
			return err
		}
	}
	return nil
}

// writeSequencePNG draws the sequence plot of res to the requested file.
func writeSequencePNG(req pngRequest, code octal.Code, res *octal.Result) error {
	seq := plotting.Sequence{Name: code.String(), Values: res.Values}
	if res.Certified {
		seq.Period, seq.Preperiod = res.Period.Period, res.Period.Preperiod
	}
	opts := plotting.SequenceOptions{Size: req.Size, PeriodGrid: true}
	if name := octal.GameName(code); strings.HasPrefix(name, code.String()) {
		opts.Title = "Grundy values of " + name // the name already starts with the code
	} else if name != "" {
		opts.Title = fmt.Sprintf("Grundy values of %s (%s)", code, name)
	}
	if req.PaletteSet {
		maxV, _ := res.MaxAt()
		if err := req.Palette.Fits(maxV); err != nil {
			return badInput("--palette: %v", err)
		}
		opts.Style, opts.Palette = plotting.Points, req.Palette
	}
	caption := fmt.Sprintf("%s, heaps 0–%s", code, plotting.GroupDigits(len(res.Values)-1))
	if res.Certified {
		caption += fmt.Sprintf(" (period %s, preperiod %s, certified)", plotting.GroupDigits(res.Period.Period), plotting.GroupDigits(res.Period.Preperiod))
	}
	keywords := []string{"Grundy values", "octal game " + code.String()}
	if name := octal.GameName(code); name != "" {
		keywords = append(keywords, name)
	}
	opts.Export = req.export(caption, keywords...)
	fig, err := plotting.SequencePlot(seq, opts)
	if err != nil {
		return err
	}
	return plotting.SaveByExtension(fig, req.File)
}

// maxMoveHeap bounds the heaps of --heaps: winning moves are found by
// enumerating every option of every heap, which is linear in its size.
const maxMoveHeap = 10_000_000

// maxMoveTokens bounds the sum of the heaps of --heaps: the moves looked at
// grow with it, and the winning ones are kept (a few GB for 10,000 heaps of
// ten million).
const maxMoveTokens = 50_000_000

// writeGrundyCSV streams n,grundy rows to path ("-" is stdout) through
// safewrite: a regular file is replaced atomically, a device or pipe is
// written in place. Nothing proportional to the sequence is held in memory
// besides the values themselves.
func writeGrundyCSV(path string, stdout io.Writer, values []uint16) error {
	return safewrite.Write(path, stdout, func(w io.Writer) error {
		if _, err := io.WriteString(w, "n,grundy\n"); err != nil {
			return err
		}
		rows := csvIntRows{w: w, line: make([]byte, 0, 32)}
		for i, v := range values {
			if err := rows.row(i, v); err != nil {
				return err
			}
		}
		return nil
	})
}

func printOctalReport(ctx context.Context, w io.Writer, r *octalReport, res *octal.Result, tableWidth int, f *octalFlags) error {
	fmt.Fprintf(w, "%s: computed G(0..%d)\n", gameTitle(r.Code, r.Name), r.Count-1)
	switch {
	case r.Certified && r.Saltus != nil:
		fmt.Fprintf(w, "arithmetic period %d, saltus %d, preperiod %d (G(n+%d) = G(n)+%d): proven by the %s (needs G(0..%d))\n",
			*r.Period, *r.Saltus, *r.Preperiod, *r.Period, *r.Saltus, r.Proof, *r.NeededTo-1)
	case r.Certified:
		fmt.Fprintf(w, "period %d, preperiod %d: certified by the %s (needs G(0..%d))\n",
			*r.Period, *r.Preperiod, r.Proof, *r.NeededTo-1)
	case r.Seen != nil && r.Seen.Saltus != 0:
		fmt.Fprintf(w, "arithmetic period %d, saltus %d, preperiod %d seen up to heap %d, not proven\n",
			r.Seen.Period, r.Seen.Saltus, r.Seen.Preperiod, r.Seen.UpTo)
	case r.Seen != nil:
		fmt.Fprintf(w, "period %d, preperiod %d seen up to heap %d, not proven (no theorem covers this game)\n",
			r.Seen.Period, r.Seen.Preperiod, r.Seen.UpTo)
	case f.nSet:
		fmt.Fprintf(w, "no period is certified by G(0..%d)\n", r.Count-1)
	default:
		fmt.Fprintf(w, "no period certified up to %d heaps (raise --max to look further)\n", r.Count)
	}
	fmt.Fprintf(w, "largest value %d, first at heap %d\n", r.MaxValue, r.MaxAt)
	if f.values && tableWidth == 0 {
		fmt.Fprintln(w, "values:", spaced(r.Values))
	}
	if tableWidth > 0 {
		if err := octal.WriteTable(ctx, w, res.Values, tableWidth); err != nil {
			return err
		}
	}
	if r.Compare != nil {
		fmt.Fprintln(w, r.Compare.Text)
	}
	if r.Equivalent != nil {
		printEquivalent(w, r.Equivalent)
	}
	if r.Heaps != nil {
		printSum(w, r, f.all)
	}
	return nil
}

// printEquivalent lists the codes --equivalent found (the first
// terminalMoveLimit).
func printEquivalent(w io.Writer, e *equivalentReport) {
	fmt.Fprintln(w, e.Text)
	for i, c := range e.Codes {
		if i == terminalMoveLimit {
			fmt.Fprintf(w, "  … and %d more\n", len(e.Codes)-i)
			break
		}
		if e.Proven[i] {
			fmt.Fprintf(w, "  %s (proven equal at every heap)\n", c)
		} else {
			fmt.Fprintf(w, "  %s\n", c)
		}
	}
}

// printSum describes the sum of --heaps and its winning moves (on a
// terminal the first terminalMoveLimit unless all).
func printSum(w io.Writer, r *octalReport, all bool) {
	fmt.Fprintf(w, "heaps %v: nim-sum %d, %s-position\n", r.Heaps, *r.NimSum, r.Outcome)
	if len(*r.Moves) == 0 {
		fmt.Fprintln(w, "no winning move: every move leaves a non-zero nim-sum")
	}
	moves := *r.Moves
	if !all && isTerminal(w) && len(moves) > terminalMoveLimit {
		moves = moves[:terminalMoveLimit]
	}
	for _, m := range moves {
		fmt.Fprintf(w, "  heap #%d (%d): take %d, leave %s\n", m.Heap, m.From, m.Take, leaveText(m.Leave))
	}
	if more := len(*r.Moves) - len(moves); more > 0 {
		fmt.Fprintf(w, "  … and %d more winning moves (--all lists them, --json gives them all)\n", more)
	}
}

func leaveText(leave []int) string {
	switch len(leave) {
	case 0:
		return "nothing"
	case 1:
		return strconv.Itoa(leave[0])
	default:
		parts := make([]string, len(leave))
		for i, h := range leave {
			parts[i] = strconv.Itoa(h)
		}
		return strings.Join(parts, " + ")
	}
}

// maxMoveHeapFor bounds --heaps for code: listing every move is linear in
// the heap for octal codes and for two-heap splits, but grows like the number
// of partitions when a move may leave three or more heaps.
func maxMoveHeapFor(code octal.Code) int {
	if !code.General() {
		return maxMoveHeap
	}
	if m := code.TakeBreak().MaxHeaps(); m < 0 || m > 2 {
		return 200
	}
	return maxMoveHeap
}
