package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nimlab/nimlab/solver/octal"
)

// runCertifyStream runs `nimlab octal CODE --stream` without --n: auto mode
// (until a period is certified, or --max heaps) in the memory of a stream.
// Its report is the in-memory run's, without the values.
func runCertifyStream(ctx context.Context, env *cliEnv, code octal.Code, f *octalFlags, so octal.StreamOptions, logEvery time.Duration) error {
	switch {
	case f.long.checkpoint != "" || f.long.resume != "":
		return badInput("--stream without --n (auto mode in constant memory) keeps no checkpoint; accepted: --stream --n N --checkpoint FILE, or --verify-period P --preperiod N0 --checkpoint FILE")
	case f.streamFl.frequencies != "":
		return badInput("--frequencies counts the values of a run of known length; accepted: --stream --n N --frequencies DIR")
	case f.compare != "" || f.equivalent:
		return badInput("--compare and --equivalent need the values in memory; accepted with --stream alone: --max, --json, --stream-first, --stream-window, --stream-history")
	}
	opts := octal.StreamCertifyOptions{Stream: so, Max: octal.DefaultMaxFor(code)}
	var err error
	if f.mSet {
		if opts.Max, err = parsePositive("--max", f.max); err != nil {
			return err
		}
	}
	if opts.History, err = parsePositive("--stream-history", f.streamFl.history); err != nil {
		return err
	}
	if err := checkAddressSpace(2*int64(opts.Max), fmt.Sprintf("--stream --max %d", opts.Max), "a smaller --max, or a larger ulimit -v"); err != nil {
		return err
	}
	bar := newProgressReporter(env, f.json, int64(opts.Max), code.String())
	progress := newRunProgress(env, bar, logEvery, code, "", -1)
	opts.Progress = func(p octal.Progress) {
		progress.report(int64(p.Done), int64(p.Total), progressText(code, p))
	}
	start := time.Now()
	res, err := octal.CertifyStream(ctx, code, opts)
	bar.Finish()
	if errors.Is(err, context.Canceled) {
		return errors.New("interrupted")
	}
	if err != nil {
		return err
	}
	r := &octalReport{Code: code.String(), Name: octal.GameName(code), Count: res.Heaps, Certified: res.Certified, MaxValue: res.MaxValue, MaxAt: res.MaxAt}
	if res.Certified {
		p, n0, need := res.Period.Period, res.Period.Preperiod, res.Period.NeededTo
		r.Period, r.Preperiod, r.NeededTo, r.Proof = &p, &n0, &need, res.Period.Proof
	}
	if f.json {
		return writeJSON(env.stdout, r)
	}
	if err := printOctalReport(ctx, env.stdout, r, nil, 0, f); err != nil {
		return err
	}
	fmt.Fprintf(env.stdout, "in constant memory (%.1f s): kept the first %d values, the last %d, and a history of %d for the certificate check\n",
		time.Since(start).Seconds(), so.First, so.Window, res.History)
	if !res.Certified {
		fmt.Fprintf(env.stdout, "(periods longer than about %d are not followed in constant memory: raise --stream-history, or check a known period with --verify-period)\n", res.LongestPeriod)
	}
	printSpace(env.stdout, res.Space, res.Rare, res.MaxValue)
	return nil
}
