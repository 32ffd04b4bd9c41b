package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/nimlab/nimlab/solver/nim"
)

func init() { registerSubcommand(newNimCommand) }

// maxNimValue bounds a heap, square or step count (see nim.MaxValue).
const maxNimValue = nim.MaxValue

// nimFlags are the options of `nimlab nim`.
type nimFlags struct {
	misere          bool
	variant         string
	k               string
	json            bool
	pPositions      bool
	upToPermutation bool
}

// nimMoveJSON is one winning move: the whole position after it, in the
// input's layout (numbers, or 0/1 rows for plainim), and the move in words.
type nimMoveJSON struct {
	To   any    `json:"to"`
	Text string `json:"text"`
}

// nimColumnJSON is one bit column of the binary column sum.
type nimColumnJSON struct {
	Bit      int   `json:"bit"`
	Bits     []int `json:"bits"`
	Count    int   `json:"count"`
	Residue  int   `json:"residue"`
	Deciding bool  `json:"deciding"`
}

// nimReport is the JSON object printed by `nimlab nim --json`.
type nimReport struct {
	Variant         string          `json:"variant"`
	Misere          bool            `json:"misere"`
	K               int             `json:"k,omitempty"`
	Position        any             `json:"position"`
	Outcome         string          `json:"outcome"`
	NimSum          *int            `json:"nim_sum,omitempty"`
	Moves           []nimMoveJSON   `json:"winning_moves"`
	MovesComplete   bool            `json:"winning_moves_complete"`
	Modulus         int             `json:"column_modulus"`
	Columns         []nimColumnJSON `json:"columns"`
	DecidingColumn  int             `json:"deciding_column"`
	PPositions      []any           `json:"p_positions,omitempty"`
	UpToPermutation bool            `json:"p_positions_up_to_permutation,omitempty"`
}

func newNimCommand(env *cliEnv) *cobra.Command {
	f := &nimFlags{}
	cmd := &cobra.Command{
		Use:   "nim A1 A2 …",
		Short: "outcome, nim-sum and winning moves of Nim, Nimble, Staircase Nim, Moore's Nim_k or Plainim",
		Long: `Analyse a position of Nim or one of its variants (Eugeni, Mascella and Tondini,
"Un'applicazione del calcolo binario: il gioco del Nim"):

  nim        A1 A2 … are heap sizes; a move takes tokens from one heap
  nimble     A1 A2 … are the squares of the coins (0 = leftmost); a move takes
             one coin to any square further left
  staircase  A1 A2 … are the coins on steps 1, 2, …; a move takes coins from
             one step to the step below (step 0 is the floor)
  moore      A1 A2 … are heap sizes; a move takes tokens from up to K heaps
             (--k K, normal play only)
  plainim    A1 A2 … are the rows of a 0/1 board of equal length, 1 = coin,
             e.g. 1011 0101 1111; each row is a binary number and a move
             lowers one row. Moves print the rows the same way.

Prints the outcome (P: the previous player wins, N: the next player wins),
the nim-sum where it decides the game, the binary column sum and every
winning move (for moore at most 100, Moore's rule as in Eugeni, Mascella and
Tondini, section 5, first) with the
whole position after it.`,
		Example: `  nimlab nim 5 12 17 30
  nimlab nim 1 3 5 7 --p-positions --up-to-permutation
  nimlab nim 1 1 5 --misere --json
  nimlab nim 3 0 2 --variant staircase
  nimlab nim 1 2 2 4 --variant moore --k 2
  nimlab nim 1011 0101 1111 1010 1101 --variant plainim`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runNim(commandContext(cmd), env, args, f, cmd.Flags().Changed("k"))
		},
	}
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		if neg := negativeArgument(err); neg != "" {
			return badInput("%s is negative; accepted: non-negative whole numbers (heap sizes, squares or step counts)", neg)
		}
		return badInput("%s: %v (see 'nimlab nim --help')", c.CommandPath(), err)
	})
	fl := cmd.Flags()
	fl.BoolVar(&f.misere, "misere", false, "misère play: the player who makes the last move loses")
	fl.StringVar(&f.variant, "variant", "nim", "nim, nimble, staircase, moore or plainim")
	intFlag(fl, &f.k, "k", "", "moore: a move takes tokens from at most K heaps (K ≥ 1)")
	fl.BoolVar(&f.json, "json", false, "print one JSON object")
	fl.BoolVar(&f.pPositions, "p-positions", false, "also list the P-positions reachable from this one (it included)")
	fl.BoolVar(&f.upToPermutation, "up-to-permutation", false, "with --p-positions: list each P-position once, sorted (as Eugeni, Mascella and Tondini list Marienbad's)")
	return cmd
}

// negativeArgRE matches pflag's complaint about an argument such as -3,
// which it takes for a shorthand flag.
var negativeArgRE = regexp.MustCompile(`unknown shorthand flag: '[0-9]' in (-[0-9][0-9]*)$`)

// negativeArgument returns the negative number a flag error is about, or "".
func negativeArgument(err error) string {
	if m := negativeArgRE.FindStringSubmatch(err.Error()); m != nil {
		return m[1]
	}
	return ""
}

func runNim(ctx context.Context, env *cliEnv, args []string, f *nimFlags, kSet bool) error {
	g, err := parseNimGame(f, kSet)
	if err != nil {
		return err
	}
	pos, err := parseNimArgs(&g, args)
	if err != nil {
		return err
	}
	a, err := g.Analyze(pos, nim.DefaultMoveLimit)
	if err != nil {
		return nimInputError("", err)
	}
	report := newNimReport(g, pos, a)
	if f.pPositions {
		if err := addPPositions(ctx, env, f, g, pos, &report); err != nil {
			return err
		}
	}
	if f.json {
		return writeJSON(env.stdout, report)
	}
	printNimReport(env.stdout, g, a, &report)
	return nil
}

// parseNimGame reads the variant and its flags.
func parseNimGame(f *nimFlags, kSet bool) (nim.Game, error) {
	variant, err := nim.ParseVariant(f.variant)
	if err != nil {
		return nim.Game{}, badInput("--variant: %v", err)
	}
	g := nim.Game{Variant: variant, Misere: f.misere}
	switch {
	case variant == nim.Moore && !kSet:
		return g, badInput("--variant moore needs --k K (a move takes tokens from at most K ≥ 1 heaps)")
	case variant != nim.Moore && kSet:
		return g, badInput("--k applies to --variant moore only")
	case kSet:
		if g.K, err = nim.ParseK(f.k); err != nil {
			return g, badInput("--%v", err) // "--k must be …"
		}
	}
	if variant == nim.Moore && f.misere {
		return g, badInput("--misere is not available for moore; accepted: --misere with nim, nimble, staircase or plainim")
	}
	if f.upToPermutation && !f.pPositions {
		return g, badInput("--up-to-permutation needs --p-positions")
	}
	return g, nil
}

// parseNimArgs reads the position: numbers, or for plainim the board's
// rows (which set g's width).
func parseNimArgs(g *nim.Game, args []string) ([]int, error) {
	if len(args) == 0 {
		if g.Variant == nim.Plainim {
			return nil, badInput("nim needs the board's rows, e.g. nimlab nim 1011 0101 --variant plainim")
		}
		return nil, badInput("nim needs at least one heap, e.g. nimlab nim 5 12 17 30")
	}
	if g.Variant != nim.Plainim {
		return parseNimPosition(*g, args)
	}
	pos, width, err := nim.ParseRows(args)
	if err != nil {
		return nil, nimInputError("", err)
	}
	g.Width = width
	return pos, nil
}

// nimInputError turns the solver's errors about the input into bad input
// (prefixed by what, if set); other errors pass unchanged.
func nimInputError(what string, err error) error {
	if !errors.Is(err, nim.ErrInput) {
		return err
	}
	return badInput("%s%s", what, strings.TrimPrefix(err.Error(), nim.ErrInput.Error()+": "))
}

// newNimReport is the report of position pos of g analysed as a.
func newNimReport(g nim.Game, pos []int, a *nim.Analysis) nimReport {
	report := nimReport{
		Variant: string(g.Variant), Misere: g.Misere, K: g.K,
		Position: nimLayout(g, pos), Outcome: string(a.Outcome),
		Moves: []nimMoveJSON{}, MovesComplete: a.Complete,
		Modulus: a.Columns.Modulus, DecidingColumn: a.Columns.Deciding,
	}
	if a.HasNimSum {
		x := a.NimSum
		report.NimSum = &x
	}
	for _, m := range a.Moves {
		report.Moves = append(report.Moves, nimMoveJSON{To: nimLayout(g, m.To), Text: m.Text})
	}
	for _, c := range a.Columns.Columns {
		report.Columns = append(report.Columns, nimColumnJSON{Bit: c.Bit, Bits: c.Bits, Count: c.Count, Residue: c.Residue, Deciding: c.Deciding})
	}
	return report
}

// addPPositions lists the P-positions reachable from pos in the report
// (--p-positions).
func addPPositions(ctx context.Context, env *cliEnv, f *nimFlags, g nim.Game, pos []int, report *nimReport) error {
	bar := newProgressReporter(env, f.json, -1, "P-positions") // -1: total unknown until the first report
	ps, err := g.PPositionsBelow(ctx, pos, nim.PPositionOptions{
		UpToPermutation: f.upToPermutation,
		Progress:        func(done, total int) { bar.Update(int64(done), int64(total)) },
	})
	bar.Finish()
	switch {
	case errors.Is(err, context.Canceled):
		return errors.New("interrupted")
	case errors.Is(err, nim.ErrTooMany):
		return badInput("--p-positions: %s", strings.TrimPrefix(err.Error(), nim.ErrInput.Error()+": "))
	case err != nil:
		return nimInputError("--p-positions: ", err)
	}
	report.PPositions = make([]any, len(ps))
	for i, p := range ps {
		report.PPositions[i] = nimLayout(g, p)
	}
	report.UpToPermutation = f.upToPermutation
	return nil
}

// parseNimPosition reads heap sizes, coin squares or step counts.
func parseNimPosition(g nim.Game, args []string) ([]int, error) {
	what := map[nim.Variant]string{nim.Nimble: "square", nim.Staircase: "step"}[g.Variant]
	if what == "" {
		what = "heap"
	}
	pos := make([]int, len(args))
	for i, s := range args {
		label := fmt.Sprintf("%s %d", what, i+1)
		if g.Variant == nim.Nimble {
			label = fmt.Sprintf("the square of coin %d", i+1)
		}
		v, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		switch {
		case err != nil && strings.HasPrefix(strings.TrimSpace(s), "-"):
			return nil, badInput("%s is %q, negative; accepted: non-negative whole numbers", label, s)
		case err != nil:
			return nil, badInput("%s is %q, not a whole number; accepted: non-negative whole numbers such as 5 12 17 30", label, s)
		case v < 0:
			return nil, badInput("%s is %d, negative; accepted: non-negative whole numbers", label, v)
		case v > maxNimValue:
			return nil, badInput("%s is %d, too large; accepted: at most 2^61 = %d", label, v, int64(maxNimValue))
		}
		pos[i] = int(v)
	}
	return pos, nil
}

// nimLayout renders a position the way it was given: numbers, or 0/1 rows.
func nimLayout(g nim.Game, pos []int) any {
	if g.Variant != nim.Plainim {
		return pos
	}
	rows := make([]string, len(pos))
	for i, v := range pos {
		rows[i] = nim.FormatRow(v, g.Width)
	}
	return rows
}

func printNimReport(w io.Writer, g nim.Game, a *nim.Analysis, r *nimReport) {
	fmt.Fprintf(w, "%s: %s\n", g.Title(), layoutText(r.Position))
	cv := a.Columns
	rowName := map[nim.Variant]string{nim.Nimble: "square", nim.Staircase: "step", nim.Plainim: "row"}[g.Variant]
	if rowName == "" {
		rowName = "heap"
	}
	if cv.Modulus == 2 {
		fmt.Fprintln(w, "binary column sum (without carry):")
	} else {
		fmt.Fprintf(w, "binary columns, 1s counted mod %d:\n", cv.Modulus)
	}
	numW := 1
	for _, v := range cv.Rows {
		numW = max(numW, len(strconv.Itoa(v)))
	}
	for ri, v := range cv.Rows {
		var b strings.Builder
		for _, c := range cv.Columns {
			b.WriteByte(byte('0' + c.Bits[ri]))
		}
		fmt.Fprintf(w, "  %s %-3d %*d  %s\n", rowName, cv.RowIndex[ri]+1, numW, v, b.String())
	}
	var sum strings.Builder
	for _, c := range cv.Columns {
		sum.WriteString(strconv.Itoa(c.Residue))
	}
	pad := strings.Repeat(" ", len(rowName)+5+numW)
	fmt.Fprintf(w, "  %s  %s\n", pad, strings.Repeat("-", len(cv.Columns)))
	fmt.Fprintf(w, "  %s  %s", pad, sum.String())
	if a.HasNimSum {
		fmt.Fprintf(w, "  nim-sum %d", a.NimSum)
	}
	if cv.Deciding >= 0 {
		fmt.Fprintf(w, "; deciding column 2^%d", cv.Deciding)
	}
	fmt.Fprintln(w)
	who := map[nim.Outcome]string{nim.P: "the previous player wins", nim.N: "the next player wins"}[a.Outcome]
	fmt.Fprintf(w, "outcome: %s (%s)\n", a.Outcome, who)
	if len(a.Moves) == 0 {
		fmt.Fprintln(w, "winning moves: none")
		if a.Outcome == nim.N { // only a finished misère game is N without a move
			fmt.Fprintln(w, "(no move is left: in misère play the player to move has won)")
		}
	} else {
		fmt.Fprintln(w, "winning moves:")
		for _, m := range r.Moves {
			fmt.Fprintf(w, "  %s  →  %s\n", m.Text, layoutText(m.To))
		}
		if !a.Complete {
			fmt.Fprintf(w, "  … (only the first %d are listed)\n", len(a.Moves))
		}
	}
	if r.PPositions != nil {
		label := "P-positions reachable from here"
		if r.UpToPermutation {
			label += " (up to permutation)"
		}
		fmt.Fprintf(w, "%s: %d\n", label, len(r.PPositions))
		for _, p := range r.PPositions {
			fmt.Fprintf(w, "  %s\n", layoutText(p))
		}
	}
}

func layoutText(p any) string {
	switch v := p.(type) {
	case []int:
		s := make([]string, len(v))
		for i, x := range v {
			s[i] = strconv.Itoa(x)
		}
		return strings.Join(s, " ")
	case []string:
		return strings.Join(v, " ")
	}
	return fmt.Sprint(p)
}
