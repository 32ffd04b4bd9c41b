package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
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
	Space       string             `json:"sparse_space,omitempty"`
	Mask        int                `json:"mask"`
	HeapParity  bool               `json:"heap_parity"`
	RareCount   int                `json:"rare_count"`
	Rare        []int              `json:"rare_heaps"`
	FirstWindow int                `json:"first_window"`
	LastWindow  int                `json:"last_window"`
	FromFile    int                `json:"heaps_decided_from_file"`
	FromFileAt  []int64            `json:"heaps_decided_from_file_at,omitempty"`
	Last        []uint16           `json:"last_values"`
	Checked     []int64            `json:"checked_heaps"`
	CheckOK     bool               `json:"check_ok"`
	Seconds     float64            `json:"seconds"`
	HeapsPerS   float64            `json:"heaps_per_second"`
}

// parseSize reads a byte count such as 512M, 2G or 1073741824.
func parseSize(what, s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSuffix(strings.TrimSpace(s), "iB"))
	t = strings.TrimSuffix(t, "B")
	mul := int64(1)
	switch {
	case strings.HasSuffix(t, "K"):
		mul, t = 1<<10, strings.TrimSuffix(t, "K")
	case strings.HasSuffix(t, "M"):
		mul, t = 1<<20, strings.TrimSuffix(t, "M")
	case strings.HasSuffix(t, "G"):
		mul, t = 1<<30, strings.TrimSuffix(t, "G")
	}
	v, err := strconv.ParseInt(t, 10, 64)
	if err != nil || v < 1 || v > 1<<50/mul {
		return 0, badInput("%s %q is not a size; accepted: a whole number of bytes, or with K, M or G (e.g. 512M, 2G)", what, s)
	}
	return v * mul, nil
}

// runOctalValuesFile runs --values-file.
func runOctalValuesFile(ctx context.Context, env *cliEnv, code octal.Code, f *octalFlags) error {
	vff := &f.valuesFl
	if !code.Streamable() {
		return badInput("--values-file runs octal codes with the sparse engine, and %s needs the general engine, which keeps every value in memory; accepted: an octal code such as 0.6, or a run without --values-file (up to %d heaps)", code, octal.MaxHeaps)
	}
	if f.streamOn {
		return badInput("--values-file and --stream or --verify-period exclude each other; accepted: --values-file FILE with --n N or --max N")
	}
	if f.values || f.table != "" || f.csv != "" || f.heapsSet || f.picture.File != "" || f.compare != "" || f.equivalent {
		return badInput("--values-file keeps the values on disk, so --values, --table, --csv, --heaps, --png, --compare and --equivalent need an in-memory run; accepted with it: --n or --max, --json, --values-memory, --values-check, --stream-first, --checkpoint-every")
	}
	if f.long.checkpoint != "" || f.long.resume != "" {
		return badInput("--values-file is its own checkpoint (FILE.partial; run the same command again to continue); accepted: --values-file without --checkpoint and --resume")
	}
	var count int64
	switch {
	case f.nSet && f.mSet:
		return badInput("--n and --max exclude each other: --n N computes exactly G(0..N), --max N the first N values")
	case f.nSet:
		n, err := parseCount("--n", f.n)
		if err != nil {
			return err
		}
		count = int64(n) + 1
	case f.mSet:
		n, err := parsePositive("--max", f.max)
		if err != nil {
			return err
		}
		count = int64(n)
	default:
		return badInput("--values-file needs the run's length; accepted: --n N (G(0..N)) or --max N (the first N values); a run on disk does not look for a period")
	}
	if count > octal.StreamMaxHeaps {
		return badInput("a run of %d heaps is too long; accepted: at most %d heaps with --values-file", count, int64(octal.StreamMaxHeaps))
	}
	limit, err := parseSize("--values-memory", vff.memory)
	if err != nil {
		return err
	}
	logEvery, err := f.streamFl.logInterval()
	if err != nil {
		return err
	}
	checks, err := parseCount("--values-check", vff.check)
	if err != nil {
		return err
	}
	first := 0
	if vff.firstSet {
		if first, err = parsePositive("--stream-first", f.streamFl.first); err != nil {
			return err
		}
		if first < 1<<14 {
			return badInput("--stream-first %d: accepted: at least 16384", first)
		}
	}
	every, err := f.long.interval()
	if err != nil {
		return err
	}
	if f.streamFl.frequencies != "" {
		if err := checkFrequenciesDir(f.streamFl.frequencies); err != nil {
			return err
		}
	}
	path := vff.file
	refused := func(err error) error {
		return badInput("%v; accepted: a values file of %s written by 'nimlab octal %s --values-file FILE', or a new file name", err, code, code)
	}
	vf, err := valuestore.OpenValueFile(path, code.String())
	created := false // this run made FILE.partial
	switch {
	case err == nil:
		if vf.Complete() && vf.Len() < count {
			vf.Close()
			return badInput("%s is complete with %d values, fewer than the %d asked for; accepted: a new file name, or --max %d or less", path, vf.Len(), count, vf.Len())
		}
		if !vf.Complete() && vf.Capacity() < count {
			vf.Close()
			return badInput("%s%s was started for %d values, not %d; accepted: the same --n or --max as the saved run, or a new file name", path, valuestore.PartialSuffix, vf.Capacity(), count)
		}
		if !vf.Complete() {
			fmt.Fprintf(env.stderr, "nimlab: continuing %s%s from heap %d\n", path, valuestore.PartialSuffix, vf.Len())
		}
	case errors.Is(err, os.ErrNotExist):
		created = true
		vf, err = valuestore.CreateValueFile(path, code.String(), count)
		var nr *valuestore.NoRoomError
		if errors.As(err, &nr) {
			return badInput("%v; accepted: a file system with room (see df -h), or a smaller --n or --max", err)
		}
		if err != nil {
			if errors.Is(err, os.ErrExist) || errors.Is(err, os.ErrNotExist) || errors.Is(err, os.ErrPermission) {
				return badInput("--values-file %s: %v; accepted: a new file name in a folder you can write", path, err)
			}
			return err
		}
	default:
		var ve *valuestore.ValueFileError
		if errors.As(err, &ve) {
			return refused(err)
		}
		return err
	}
	defer vf.Close()

	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	rep := valuesReport{Code: code.String(), File: path, ResumedFrom: vf.Len()}
	var rare []int
	if !vf.Complete() {
		bar := newProgressReporter(env, f.json, count, code.String())
		logger := newProgressLogger(env, logEvery)
		startLen := vf.Len()
		stats, err := octal.ComputeToFile(ctx, code, vf, octal.DiskRunOptions{Count: count, First: first, MemoryLimit: limit, SaveEvery: every,
			Progress: func(p octal.Progress) {
				rate := float64(int64(p.Done)-startLen) / time.Since(start).Seconds()
				bar.Update(int64(p.Done), count)
				bar.Describe(fmt.Sprintf("%s %s/s", code, humanCount(rate)))
				logger.log("%s: %d of %d heaps on disk, %s heaps/s, ETA %s", code, p.Done, count, humanCount(rate), eta(float64(count-int64(p.Done)), rate))
			}})
		bar.Finish()
		if err != nil && created && vf.Len() == 0 {
			// Nothing was computed: a FILE.partial holding no value is
			// litter, not a checkpoint.
			vf.Close()
			os.Remove(path + valuestore.PartialSuffix)
			var me *octal.DiskMemoryError
			if errors.As(err, &me) {
				return badInput("%v; accepted: a larger --values-memory", err)
			}
			return err
		}
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return fmt.Errorf("interrupted at heap %d; the values are saved in %s%s (the same command continues the run)", vf.Len(), path, valuestore.PartialSuffix)
			}
			var me *octal.DiskMemoryError
			if errors.As(err, &me) {
				return fmt.Errorf("%v; the values so far are saved in %s%s: run the same command with a larger --values-memory to continue", err, path, valuestore.PartialSuffix)
			}
			return err
		}
		if err := vf.Finish(); err != nil {
			return err
		}
		rep.Space, rep.Mask, rep.HeapParity = stats.Space.String(), int(stats.Space.Mask), stats.Space.HeapParity
		rare = stats.Rare
		rep.RareCount, rep.Rare = len(stats.Rare), boundedInts(stats.Rare, 1000)
		rep.FirstWindow, rep.LastWindow = stats.First, stats.Window
		rep.FromFile, rep.FromFileAt = stats.SlowHeaps, stats.SlowAt
	}
	if rep.Space == "" && vf.Len() > int64(rep.FirstWindow) {
		sp := octal.Space(vf.Space())
		rep.Space, rep.Mask, rep.HeapParity = sp.String(), int(sp.Mask), sp.HeapParity
	}
	rep.Seconds = time.Since(start).Seconds()
	rep.Computed = vf.Len() - rep.ResumedFrom
	rep.HeapsPerS = perSecond(rep.Computed, rep.Seconds)
	rep.Count = count
	rep.MaxValue, rep.MaxAt = vf.MaxValue()
	rep.Escapes = vf.Escapes()
	if fi, err := os.Stat(path); err == nil {
		rep.FileBytes = fi.Size()
	}
	rep.Last = make([]uint16, min(count, 20))
	vf.Read(rep.Last, count-int64(len(rep.Last)))
	rep.Checked = valuestore.SampleHeaps(vf, checks)
	if count < vf.Len() {
		rep.Checked = nil // an existing longer file: check within the range asked for
		for _, h := range valuestore.SampleHeaps(vf, checks) {
			rep.Checked = append(rep.Checked, h%count)
		}
	}
	bad, got, want, ok, err := octal.CheckValueFile(ctx, code, vf, rep.Checked)
	if err != nil {
		return err
	}
	rep.CheckOK = ok
	if !ok {
		return fmt.Errorf("%s: G(%d) is %d in the file but %d by the definition: the file is wrong", path, bad, got, want)
	}
	if f.streamFl.frequencies != "" {
		freq, err := octal.FileFrequencies(ctx, vf, count-1, nil)
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
	out := env.stdout
	if rep.Computed > 0 {
		fmt.Fprintf(out, "%s: G(0..%d) on disk in %s (%s, 9 bits a value; %d escapes), %.1f s, %s heaps/s\n",
			code, count-1, path, formatBytes(rep.FileBytes), rep.Escapes, rep.Seconds, humanCount(rep.HeapsPerS))
		if rep.ResumedFrom > 0 {
			fmt.Fprintf(out, "continued from heap %d\n", rep.ResumedFrom)
		}
		printSpace(out, octal.Space{Mask: uint16(rep.Mask), HeapParity: rep.HeapParity}, rare, rep.MaxValue)
		fmt.Fprintf(out, "windows kept in memory: the first %d and the last %d values; %d heaps decided from the file\n", rep.FirstWindow, rep.LastWindow, rep.FromFile)
	} else {
		fmt.Fprintf(out, "%s: %s holds G(0..%d) (complete, %s; %d escapes); largest value %d (first at heap %d)\n",
			code, path, vf.Len()-1, formatBytes(rep.FileBytes), rep.Escapes, rep.MaxValue, rep.MaxAt)
	}
	fmt.Fprintf(out, "last values (G(%d..%d)): %s\n", count-int64(len(rep.Last)), count-1, strings.Trim(fmt.Sprint(rep.Last), "[]"))
	fmt.Fprintf(out, "checked from the definition: %d heaps (%s), all equal\n", len(rep.Checked), strings.Trim(fmt.Sprint(boundedInt64s(rep.Checked, 8)), "[]"))
	printFrequencies(out, rep.Frequencies)
	return nil
}

func boundedInt64s(x []int64, n int) []int64 {
	if len(x) > n {
		return x[:n]
	}
	return x
}
