package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/nimlab/nimlab/solver/astron"
)

// astronStudyFlags are the options of `nimlab astron study`.
type astronStudyFlags struct {
	stars, size     string
	checkpoint      string
	checkpointEvery time.Duration
	maxMemory       string
	rows, offsets   string
	slab, slabLen   string
}

// astronStudyReport is the JSON object of `nimlab astron study`.
type astronStudyReport struct {
	Rules       astronRulesJSON `json:"rules"`
	Stars       int             `json:"stars"`
	N           int             `json:"n"`
	Cells       int64           `json:"cells"`
	MemoryBytes int64           `json:"memory_bytes"`
	MemoryLimit int64           `json:"memory_limit_bytes"`
	Seconds     float64         `json:"seconds"`
	// ResumedCells is how many cells a checkpoint already held.
	ResumedCells int64         `json:"resumed_cells"`
	Study        *astron.Study `json:"study"`
	// Slab is the thin slab's study (--slab), nil when off.
	Slab        *astron.SlabStudy `json:"slab,omitempty"`
	SlabSeconds float64           `json:"slab_seconds,omitempty"`
}

func init() { astronSubcommands = append(astronSubcommands, newAstronStudyCommand) }

func newAstronStudyCommand(env *cliEnv, parent *astronFlags) *cobra.Command {
	f := &astronStudyFlags{}
	cmd := &cobra.Command{
		Use:   "study --stars 3 --size N",
		Short: "the three-star study: the cube of G(A_{p,q,r}) to N, periods and arithmetic periods on its lines, growth, Theorem 2.3.7's check",
		Long: `Compute the three-star table G(A_{p,q,r}) for 0 ≤ p ≤ q ≤ r ≤ N (each sorted
triple stored once: about N³/3 bytes, 335 MB at N = 1000) on all cores, then
look for its structure:

  - on the lines G(A_{a,b,n}) (two stars fixed, a ≤ b ≤ --rows) and
    G(A_{a,n,n+c}) (one star fixed, the others along p = q, c ≤ --offsets):
    the smallest plain period G(n+τ) = G(n), arithmetic period
    G(n+τ) = G(n) + s and XOR period G(n+τ) = G(n) ⊕ s, each with its
    preperiod and the number of values compared;
  - the growth of the largest nimber with N and the cells carrying it;
  - the comparison with the two-star bulb's period (34 for Astron);
  - Theorem 2.3.7's finite check for 2 → 3 stars as far as the cube reaches:
    the first triple where each candidate period fails, and the N a complete
    check would need;
  - a thin slab (--slab S, --slab-length L): the triples whose two smaller
    stars are ≤ S, with the largest to L (far beyond the cube; the slab is
    closed under moves): its rows G(A_{a,b,n}) to n = L and the theorem's
    check on its triples.

The memory needed is stated before the computation and refused when it is
above --max-memory (default: 80% of the memory available, at most 4 GiB).
--checkpoint FILE saves the cube every --checkpoint-every (and on Ctrl-C) and
resumes from FILE when it exists, with an identical result.`,
		Example: `  nimlab astron study --stars 3 --size 240
  nimlab astron study --stars 3 --size 1000 --checkpoint cube1000.ckpt --json > study1000.json
  nimlab astron study --stars 3 --size 200 --octal 0.6 --join 0.4`,
		Args: noArgs("astron study", "--stars 3 --size N"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runAstronStudy(cmd, env, parent, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.stars, "stars", "3", "the number of stars: 3 (one and two stars are certified periodic: see astron period)")
	fl.StringVar(&f.size, "size", "", "N: every star up to N points")
	fl.StringVar(&f.checkpoint, "checkpoint", "", "file to save the cube to and resume from")
	markPath(fl, "checkpoint", statePath)
	fl.DurationVar(&f.checkpointEvery, "checkpoint-every", 2*time.Minute, "how often to save the checkpoint")
	fl.StringVar(&f.maxMemory, "max-memory", "", "refuse a cube needing more, e.g. 4GiB or 3000MiB (default: 80% of available, at most 4 GiB)")
	fl.StringVar(&f.rows, "rows", "60", "study the rows G(A_{a,b,n}) for a ≤ b ≤ this")
	fl.StringVar(&f.offsets, "offsets", "4", "study the diagonals G(A_{a,n,n+c}) for c ≤ this")
	fl.StringVar(&f.slab, "slab", "40", "also compute the thin slab of triples whose two smaller stars are ≤ S, out to --slab-length (0: no slab)")
	fl.StringVar(&f.slabLen, "slab-length", "2000", "L: the slab's largest star runs to L")
	return cmd
}

// defaultCubeMemoryLimit is 80% of the memory available to this process
// (see availableMemory), at most 4 GiB: the machine is shared.
func defaultCubeMemoryLimit() int64 {
	limit := int64(4 << 30)
	if avail, ok := memoryAvailable(); ok {
		limit = min(limit, avail*8/10)
	}
	return limit
}

// astronStudyPlan is what `astron study` computes, read from its flags.
type astronStudyPlan struct {
	n            int
	opts         astron.ThreeStarOptions
	memoryLimit  int64
	memoryNeeded int64
}

// parseAstronStudyFlags checks the flags of `astron study`.
func parseAstronStudyFlags(cmd *cobra.Command, f *astronStudyFlags) (p astronStudyPlan, err error) {
	if s := strings.TrimSpace(f.stars); s != "3" {
		return p, badInput("--stars %q: the study is of three stars; accepted: 3 (for one or two stars see 'nimlab astron period')", f.stars)
	}
	if !cmd.Flags().Changed("size") {
		return p, badInput("astron study needs --size N (every star up to N points), e.g. --size 240")
	}
	if p.n, err = parsePositive("--size", f.size); err != nil {
		return p, err
	}
	if p.n > astron.MaxCube3 {
		return p, badInput("--size %d is above %d", p.n, astron.MaxCube3)
	}
	if err := parseAstronStudyLines(f, &p); err != nil {
		return p, err
	}
	if f.checkpointEvery <= 0 {
		return p, badInput("--checkpoint-every %v must be positive, e.g. 2m", f.checkpointEvery)
	}
	p.memoryLimit = defaultCubeMemoryLimit()
	if cmd.Flags().Changed("max-memory") {
		if p.memoryLimit, err = parseByteSize("--max-memory", f.maxMemory); err != nil {
			return p, err
		}
	}
	p.memoryNeeded = astron.ThreeStarMemory(p.n, p.opts.SlabS, p.opts.SlabL)
	if p.memoryNeeded > p.memoryLimit {
		return p, badInput("--size %d needs %s for the cube, above the limit of %s; accepted: --size up to %d (or raise --max-memory)",
			p.n, astron.FormatBytes(p.memoryNeeded), astron.FormatBytes(p.memoryLimit), astron.LargestCubeWithin(p.memoryLimit))
	}
	return p, nil
}

// parseAstronStudyLines reads the lines the study looks along: --rows,
// --offsets, --slab and --slab-length.
func parseAstronStudyLines(f *astronStudyFlags, p *astronStudyPlan) (err error) {
	o := &p.opts
	if o.Study.RowPairs, err = parseCount("--rows", f.rows); err != nil {
		return err
	}
	if o.Study.DiagonalOffsets, err = parseCount("--offsets", f.offsets); err != nil {
		return err
	}
	if o.Study.DiagonalOffsets > p.n {
		return badInput("--offsets %d is beyond --size %d: a diagonal G(A_{a,n,n+c}) with c > N has no cell in the cube; accepted: 0 to %d", o.Study.DiagonalOffsets, p.n, p.n)
	}
	if o.SlabS, err = parseCount("--slab", f.slab); err != nil {
		return err
	}
	if o.SlabL, err = parseCount("--slab-length", f.slabLen); err != nil {
		return err
	}
	if o.SlabS > 0 && (o.SlabS > 400 || o.SlabL < o.SlabS || o.SlabL > astron.MaxCube3) {
		return badInput("--slab %d --slab-length %d: accepted 0 ≤ S ≤ 400 and S ≤ L ≤ %d", o.SlabS, o.SlabL, astron.MaxCube3)
	}
	o.SlabCandidates = 8
	return nil
}

func runAstronStudy(cmd *cobra.Command, env *cliEnv, parent *astronFlags, f *astronStudyFlags) error {
	ctx := commandContext(cmd)
	r, err := parent.rules()
	if err != nil {
		return err
	}
	p, err := parseAstronStudyFlags(cmd, f)
	if err != nil {
		return err
	}
	n := p.n
	if !parent.json {
		fmt.Fprintf(env.stderr, "three-star cube to N = %d: %d cells, needs %s of memory (limit %s)\n",
			n, astron.CubeCells(n), astron.FormatBytes(p.memoryNeeded), astron.FormatBytes(p.memoryLimit))
	}
	bar := newProgressReporter(env, parent.json, astron.CubeCells(n), "three-star cube")
	start := time.Now()
	var resumed int64
	c, err := astron.BuildCube3(ctx, r, n, astron.CubeOptions{
		MemoryLimit:     p.memoryLimit,
		Progress:        func(p astron.Progress) { bar.Update(p.Done, p.Total) },
		Checkpoint:      f.checkpoint,
		CheckpointEvery: f.checkpointEvery,
		Resumed:         &resumed,
	})
	bar.Finish()
	if err != nil {
		var ce *astron.CheckpointError
		if errors.As(err, &ce) {
			return badInput("%v", err)
		}
		if errors.Is(err, context.Canceled) && f.checkpoint != "" {
			return fmt.Errorf("cancelled; the cube so far is saved in %s (run the same command again to resume)", f.checkpoint)
		}
		return err
	}
	elapsed := time.Since(start)
	st, err := astron.StudyThreeStars(ctx, r, c, p.opts)
	if err != nil {
		return err
	}
	rep := astronStudyReport{Slab: st.Slab, SlabSeconds: st.SlabTime.Seconds(), Rules: astronRulesOf(r), Stars: 3, N: n,
		Cells: astron.CubeCells(n), MemoryBytes: p.memoryNeeded, MemoryLimit: p.memoryLimit,
		Seconds: elapsed.Seconds(), ResumedCells: resumed, Study: st.Study}
	if parent.json {
		return writeJSON(env.stdout, rep)
	}
	printAstronStudy(env.stdout, r, rep, elapsed)
	return nil
}

func printAstronStudy(w io.Writer, r astron.Rules, rep astronStudyReport, elapsed time.Duration) {
	st := rep.Study
	fmt.Fprintf(w, "%s, three stars, every star up to %d points: %d cells in %.1f s", astronRulesName(r), rep.N, rep.Cells, elapsed.Seconds())
	if rep.ResumedCells > 0 {
		fmt.Fprintf(w, " (resumed from a checkpoint holding %d cells)", rep.ResumedCells)
	}
	fmt.Fprintf(w, "; largest nimber %d\n", st.MaxNimber)
	for _, f := range st.Findings {
		fmt.Fprintf(w, "\n%s\n  %s\n  evidence: %s\n", f.Topic, f.Result, f.Evidence)
	}
	g := st.Growth
	fmt.Fprintf(w, "\nlargest nimber with every star ≤ n:")
	step := max(1, rep.N/10)
	for i := step; i <= rep.N; i += step {
		fmt.Fprintf(w, " %d: %d", i, g.MaxBySize[i])
	}
	fmt.Fprintln(w)
	if len(st.Theorem.Candidates) > 0 {
		fmt.Fprintln(w, "\nTheorem 2.3.7 candidates (τ: first failure from the two-star preperiod on; last failure; N a certificate would need):")
		for _, pc := range st.Theorem.Candidates {
			first := "none up to N − τ"
			if pc.FirstFailure != nil {
				first = fmt.Sprintf("G(A_{%d,%d,%d}) = %d but G(A_{%d,%d,%d}) = %d", pc.FirstFailure[0], pc.FirstFailure[1], pc.FirstFailure[2], pc.Values[0],
					pc.FirstFailure[0]+pc.Period, pc.FirstFailure[1], pc.FirstFailure[2], pc.Values[1])
			}
			fmt.Fprintf(w, "  τ = %d: %s; last failure at x = %d; needs N ≥ %d\n", pc.Period, first, pc.LastFailure, pc.Needs)
		}
	}
	if sl := rep.Slab; sl != nil {
		f := sl.Rows
		fmt.Fprintf(w, "\nslab: two smaller stars ≤ %d, the largest to %d (%.1f s)\n", sl.SlabS, sl.SlabL, rep.SlabSeconds)
		fmt.Fprintf(w, "  %s: %d lines, plain period on %d, arithmetic on %d, XOR on %d", f.Description, f.Lines, f.Plain, f.Additive, f.Xor)
		if len(f.Common) > 0 {
			c := f.Common[0]
			fmt.Fprintf(w, "; most common: %s period %d on %d lines", c.Form, c.Period, c.Lines)
		}
		fmt.Fprintln(w)
		if len(f.Preperiods) >= 2 {
			fmt.Fprintf(w, "  preperiod ≈ %.2f·(a+b) + %.0f over the periodic rows; every row with a + b ≤ %d periodic\n", f.PreperiodSlope, f.PreperiodIntercept, f.PeriodicUpTo)
		}
		if len(f.Unresolved) > 0 {
			fmt.Fprintf(w, "  no period seen on e.g. %s\n", strings.Join(f.Unresolved[:min(4, len(f.Unresolved))], ", "))
		}
		fmt.Fprintf(w, "  Theorem 2.3.7 on the slab: %s\n", sl.Verdict)
		for _, pc := range sl.Theorem {
			first := "none"
			if pc.FirstFailure != nil {
				first = fmt.Sprintf("first failure A_{%d,%d,%d}: %d ≠ %d", pc.FirstFailure[0], pc.FirstFailure[1], pc.FirstFailure[2], pc.Values[0], pc.Values[1])
			}
			fmt.Fprintf(w, "    τ = %d: %s; last failure at x = %d; a certificate would need N ≥ %d\n", pc.Period, first, pc.LastFailure, pc.Needs)
		}
	}
}
