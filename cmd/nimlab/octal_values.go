package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/pflag"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/valuestore"
)

// valuesFileFlags are the options of `nimlab octal` for runs whose values
// are kept on disk (--values-file), so that --n and --max may exceed 2^31.
type valuesFileFlags struct {
	file     string
	memory   string
	check    string
	firstSet bool // --stream-first was given
}

func addValuesFileFlags(fl *pflag.FlagSet, f *valuesFileFlags) {
	fl.StringVar(&f.file, "values-file", "", "with --n or --max: keep the values on disk in FILE (9 bits a value, memory-mapped), so the run may exceed 2^31 heaps; "+
		"FILE.partial is the checkpoint while it runs (the same command continues it), renamed to FILE when complete; an existing complete FILE is read and checked, not recomputed")
	markPath(fl, "values-file", statePath)
	fl.StringVar(&f.memory, "values-memory", "1G", "with --values-file: the most memory the engine's windows may take (e.g. 512M, 2G)")
	intFlag(fl, &f.check, "values-check", "4", "with --values-file: recompute this many random heaps (and the last one and the one of the largest value) from the definition, reading the file")
}

// valuesReport is the JSON object of `nimlab octal --values-file`.
type valuesReport struct {
	// Frequencies, with --frequencies: what was written (counted from the
	// file once the run is done).
	Frequencies *frequenciesReport `json:"frequencies,omitempty"`
	Code        string             `json:"code"`
	File        string             `json:"file"`
	FileBytes   int64              `json:"file_bytes"`
	Count       int64              `json:"count"`
	Computed    int64              `json:"computed"`
	ResumedFrom int64              `json:"resumed_from"`
	MaxValue    int                `json:"max_value"`
	MaxAt       int64              `json:"max_at"`
	Escapes     int                `json:"escapes"`
	sparseReport
	windowsReport
	FromFile   int      `json:"heaps_decided_from_file"`
	FromFileAt []int64  `json:"heaps_decided_from_file_at,omitempty"`
	Last       []uint16 `json:"last_values"`
	Checked    []int64  `json:"checked_heaps"`
	CheckOK    bool     `json:"check_ok"`
	Seconds    float64  `json:"seconds"`
	HeapsPerS  float64  `json:"heaps_per_second"`
}

// runOctalValuesFile runs --values-file.
func runOctalValuesFile(ctx context.Context, env *cliEnv, code octal.Code, f *octalFlags) error {
	run, err := f.diskRun(code)
	if err != nil {
		return err
	}
	vf, created, err := openValuesFile(env, code, f.valuesFl.file, run.count)
	if err != nil {
		return err
	}
	defer vf.Close()

	start := time.Now()
	rep := valuesReport{Code: code.String(), File: run.path, ResumedFrom: vf.Len()}
	var rare []int
	if !vf.Complete() {
		if rare, err = run.compute(ctx, env, vf, created, &rep, f.json); err != nil {
			return err
		}
	}
	if err := run.check(ctx, vf, &rep, start); err != nil {
		return err
	}
	if f.streamFl.frequencies != "" {
		freq, err := octal.FileFrequencies(ctx, vf, run.count-1, nil)
		if err != nil {
			return err
		}
		if rep.Frequencies, err = writeFrequencies(f.streamFl.frequencies, freq); err != nil {
			return err
		}
	}
	if f.json {
		return writeJSON(env.stdout, rep)
	}
	printValuesReport(env.stdout, code, &rep, vf, rare)
	return nil
}

// diskRun is a --values-file run as its flags ask for it.
type diskRun struct {
	code     octal.Code
	path     string
	count    int64 // values G(0..count−1)
	memory   int64 // --values-memory
	checks   int   // --values-check
	first    int   // --stream-first, 0: the default
	every    time.Duration
	logEvery time.Duration
}

// diskRun reads and checks the flags of a --values-file run.
func (f *octalFlags) diskRun(code octal.Code) (*diskRun, error) {
	vff := &f.valuesFl
	if err := f.diskRunConflicts(code); err != nil {
		return nil, err
	}
	run := &diskRun{code: code, path: vff.file}
	var err error
	if run.count, err = f.diskRunLength(); err != nil {
		return nil, err
	}
	if run.memory, err = parseByteSize("--values-memory", vff.memory); err != nil {
		return nil, err
	}
	if run.logEvery, err = f.streamFl.logInterval(); err != nil {
		return nil, err
	}
	if run.checks, err = parseCount("--values-check", vff.check); err != nil {
		return nil, err
	}
	if vff.firstSet {
		if run.first, err = parseStreamFirst(f.streamFl.first); err != nil {
			return nil, err
		}
	}
	if run.every, err = f.long.interval(); err != nil {
		return nil, err
	}
	if f.streamFl.frequencies != "" {
		if err := checkFrequenciesDir(f.streamFl.frequencies); err != nil {
			return nil, err
		}
	}
	return run, nil
}

// diskRunConflicts refuses the flags that need the values in memory.
func (f *octalFlags) diskRunConflicts(code octal.Code) error {
	switch {
	case !code.Streamable():
		return badInput("--values-file runs octal codes with the sparse engine, and %s needs the general engine, which keeps every value in memory; accepted: an octal code such as 0.6, or a run without --values-file (up to %d heaps)", code, octal.MaxHeaps)
	case f.streamOn:
		return badInput("--values-file and --stream or --verify-period exclude each other; accepted: --values-file FILE with --n N or --max N")
	case f.values || f.table != "" || f.csv != "" || f.heapsSet || f.picture.File != "" || f.compare != "" || f.equivalent:
		return badInput("--values-file keeps the values on disk, so --values, --table, --csv, --heaps, --png, --compare and --equivalent need an in-memory run; accepted with it: --n or --max, --json, --values-memory, --values-check, --stream-first, --checkpoint-every")
	case f.long.checkpoint != "" || f.long.resume != "":
		return badInput("--values-file is its own checkpoint (FILE.partial; run the same command again to continue); accepted: --values-file without --checkpoint and --resume")
	}
	return nil
}

// diskRunLength reads --n or --max of a run on disk: the number of values.
func (f *octalFlags) diskRunLength() (int64, error) {
	var count int64
	switch {
	case f.nSet && f.mSet:
		return 0, badInput("--n and --max exclude each other: --n N computes exactly G(0..N), --max N the first N values")
	case f.nSet:
		n, err := parseCount("--n", f.n)
		if err != nil {
			return 0, err
		}
		count = int64(n) + 1
	case f.mSet:
		n, err := parsePositive("--max", f.max)
		if err != nil {
			return 0, err
		}
		count = int64(n)
	default:
		return 0, badInput("--values-file needs the run's length; accepted: --n N (G(0..N)) or --max N (the first N values); a run on disk does not look for a period")
	}
	if count > octal.StreamMaxHeaps {
		return 0, badInput("a run of %d heaps is too long; accepted: at most %d heaps with --values-file", count, int64(octal.StreamMaxHeaps))
	}
	return count, nil
}

// openValuesFile opens the values file of code at path, or creates it for
// count values; created says this run made FILE.partial.
func openValuesFile(env *cliEnv, code octal.Code, path string, count int64) (vf *valuestore.ValueFile, created bool, err error) {
	vf, err = valuestore.OpenValueFile(path, code.String())
	switch {
	case err == nil:
		if vf.Complete() && vf.Len() < count {
			// A longer run than the file's carries it on: its values are
			// copied into FILE.partial with room for the rest.
			return growValuesFile(env, vf, count)
		}
		if !vf.Complete() && vf.Capacity() < count {
			vf.Close()
			return nil, false, badInput("%s%s was started for %d values, not %d; accepted: the same --n or --max as the saved run, or a new file name", path, valuestore.PartialSuffix, vf.Capacity(), count)
		}
		if !vf.Complete() {
			fmt.Fprintf(env.stderr, "nimlab: continuing %s%s from heap %d\n", path, valuestore.PartialSuffix, vf.Len())
		}
		return vf, false, nil
	case errors.Is(err, os.ErrNotExist):
		vf, err = valuestore.CreateValueFile(path, code.String(), count)
		var nr *valuestore.NoRoomError
		switch {
		case errors.As(err, &nr):
			return nil, false, badInput("%v; accepted: a file system with room (see df -h), or a smaller --n or --max", err)
		case errors.Is(err, os.ErrExist) || errors.Is(err, os.ErrNotExist) || errors.Is(err, os.ErrPermission):
			return nil, false, badInput("--values-file %s: %v; accepted: a new file name in a folder you can write", path, err)
		case err != nil:
			return nil, false, err
		}
		return vf, true, nil
	}
	var ve *valuestore.ValueFileError
	if errors.As(err, &ve) {
		return nil, false, badInput("%v; accepted: a values file of %s written by 'nimlab octal %s --values-file FILE', or a new file name", err, code, code)
	}
	return nil, false, err
}

// growValuesFile carries the complete run in vf on to count values (vf is
// closed).
func growValuesFile(env *cliEnv, vf *valuestore.ValueFile, count int64) (*valuestore.ValueFile, bool, error) {
	path, have := vf.Path(), vf.Len()
	grown, err := vf.Grow(count)
	var nr *valuestore.NoRoomError
	var ve *valuestore.ValueFileError
	switch {
	case errors.As(err, &nr):
		return nil, false, badInput("%v (the complete run is copied into a file with room for %d values before it goes on); accepted: a file system with room (see df -h), or --max %d or less", err, count, have)
	case errors.As(err, &ve):
		return nil, false, badInput("%v", err)
	case err != nil:
		return nil, false, err
	}
	fmt.Fprintf(env.stderr, "nimlab: carrying the complete run in %s on from heap %d to %d (continued in %s%s, which takes its place when done)\n", path, grown.Len(), count, path, valuestore.PartialSuffix)
	return grown, false, nil
}

// compute runs the engine into the file, then marks it complete, and
// fills the report's statistics of the run.
func (run *diskRun) compute(ctx context.Context, env *cliEnv, vf *valuestore.ValueFile, created bool, rep *valuesReport, jsonOut bool) (rare []int, err error) {
	code, count := run.code, run.count
	bar := newProgressReporter(env, jsonOut, count, code.String())
	progress := newRunProgress(env, bar, run.logEvery, code, " on disk", vf.Len())
	stats, err := octal.ComputeToFile(ctx, run.code, vf, octal.DiskRunOptions{Count: count, First: run.first, MemoryLimit: run.memory, SaveEvery: run.every,
		Progress: func(p octal.Progress) { progress.report(int64(p.Done), count, "") }})
	bar.Finish()
	if err != nil {
		return nil, run.failed(vf, created, err)
	}
	if err := vf.Finish(); err != nil {
		return nil, err
	}
	rep.sparseReport = newSparseReport(stats.Space, stats.Rare)
	rep.windowsReport = windowsReport{FirstWindow: stats.First, LastWindow: stats.Window}
	rep.FromFile, rep.FromFileAt = stats.SlowHeaps, stats.SlowAt
	return stats.Rare, nil
}

// failed is the error of a run on disk that stopped: it says where the
// values are saved, and removes a FILE.partial that holds none.
func (run *diskRun) failed(vf *valuestore.ValueFile, created bool, err error) error {
	var me *octal.DiskMemoryError
	if created && vf.Len() == 0 {
		// Nothing was computed: a FILE.partial holding no value is
		// litter, not a checkpoint.
		vf.Close()
		os.Remove(run.path + valuestore.PartialSuffix)
		if errors.As(err, &me) {
			return badInput("%v; accepted: a larger --values-memory", err)
		}
		return err
	}
	if errors.Is(err, context.Canceled) {
		return fmt.Errorf("interrupted at heap %d; the values are saved in %s%s (the same command continues the run)", vf.Len(), run.path, valuestore.PartialSuffix)
	}
	if errors.As(err, &me) {
		return fmt.Errorf("%v; the values so far are saved in %s%s: run the same command with a larger --values-memory to continue", err, run.path, valuestore.PartialSuffix)
	}
	return err
}

// check fills the rest of the report from the file and recomputes
// --values-check heaps from the definition.
func (run *diskRun) check(ctx context.Context, vf *valuestore.ValueFile, rep *valuesReport, start time.Time) error {
	count := run.count
	if rep.Space == "" && vf.Len() > int64(rep.FirstWindow) {
		rep.sparseReport = newSparseReport(octal.Space(vf.Space()), nil)
	}
	rep.Seconds = time.Since(start).Seconds()
	rep.Computed = vf.Len() - rep.ResumedFrom
	rep.HeapsPerS = perSecond(rep.Computed, rep.Seconds)
	rep.Count = count
	rep.MaxValue, rep.MaxAt = vf.MaxValue()
	rep.Escapes = vf.Escapes()
	if fi, err := os.Stat(run.path); err == nil {
		rep.FileBytes = fi.Size()
	}
	rep.Last = make([]uint16, min(count, 20))
	vf.Read(rep.Last, count-int64(len(rep.Last)))
	rep.Checked = valuestore.SampleHeaps(vf, run.checks)
	if count < vf.Len() {
		rep.Checked = nil // an existing longer file: check within the range asked for
		for _, h := range valuestore.SampleHeaps(vf, run.checks) {
			rep.Checked = append(rep.Checked, h%count)
		}
	}
	bad, got, want, ok, err := octal.CheckValueFile(ctx, run.code, vf, rep.Checked)
	if err != nil {
		return err
	}
	rep.CheckOK = ok
	if !ok {
		return fmt.Errorf("%s: G(%d) is %d in the file but %d by the definition: the file is wrong", run.path, bad, got, want)
	}
	return nil
}

// printValuesReport prints the report of a run on disk.
func printValuesReport(out io.Writer, code octal.Code, rep *valuesReport, vf *valuestore.ValueFile, rare []int) {
	count := rep.Count
	if rep.Computed > 0 {
		fmt.Fprintf(out, "%s: G(0..%d) on disk in %s (%s, 9 bits a value; %d escapes), %.1f s, %s heaps/s\n",
			code, count-1, rep.File, formatBytes(rep.FileBytes), rep.Escapes, rep.Seconds, humanCount(rep.HeapsPerS))
		if rep.ResumedFrom > 0 {
			fmt.Fprintf(out, "continued from heap %d\n", rep.ResumedFrom)
		}
		printSpace(out, octal.Space{Mask: uint16(rep.Mask), HeapParity: rep.HeapParity}, rare, rep.MaxValue)
		fmt.Fprintf(out, "windows kept in memory: the first %d and the last %d values; %d heaps decided from the file\n", rep.FirstWindow, rep.LastWindow, rep.FromFile)
	} else {
		fmt.Fprintf(out, "%s: %s holds G(0..%d) (complete, %s; %d escapes); largest value %d (first at heap %d)\n",
			code, rep.File, vf.Len()-1, formatBytes(rep.FileBytes), rep.Escapes, rep.MaxValue, rep.MaxAt)
	}
	printLastValues(out, count, rep.Last)
	fmt.Fprintf(out, "checked from the definition: %d heaps (%s), all equal\n", len(rep.Checked), spaced(firstN(rep.Checked, 8)))
	printFrequencies(out, rep.Frequencies)
}

// parseStreamFirst reads --stream-first of a run on disk.
func parseStreamFirst(s string) (int, error) {
	first, err := parsePositive("--stream-first", s)
	if err != nil {
		return 0, err
	}
	if first < 1<<14 {
		return 0, badInput("--stream-first %d: accepted: at least 16384", first)
	}
	return first, nil
}
