package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/safewrite"
)

// streamFlags are the options of `nimlab octal` for runs in constant
// memory: --stream (with --n) and --verify-period with --preperiod. They
// share --checkpoint, --resume and --checkpoint-every with long in-memory
// runs (octal_longrun.go).
type streamFlags struct {
	stream            bool
	verify, preperiod string
	first, window     string
	logEvery          string
	frequencies       string
	history           string
}

func addStreamFlags(fl *pflag.FlagSet, f *streamFlags) {
	fl.BoolVar(&f.stream, "stream", false, "with --n: compute G(0..N) in constant memory (keeps the first and the last values only; sparse-space games whose rare heaps stay in the first window); without --n: auto mode (until a period is certified, or --max heaps) in that memory")
	fl.StringVar(&f.history, "stream-history", strconv.Itoa(octal.DefaultHistory), "--stream auto mode: last values kept for the certificate check, one byte each while values stay below 256 (a period must be a little shorter)")
	fl.StringVar(&f.verify, "verify-period", "", "prove or refute the period P (with --preperiod N0) in constant memory: two streams P heaps apart over the Guy–Smith window")
	fl.StringVar(&f.preperiod, "preperiod", "", "the preperiod of the claim checked by --verify-period")
	fl.StringVar(&f.first, "stream-first", strconv.Itoa(octal.DefaultStreamFirst), "constant-memory runs: values kept from heap 0 (rare heaps and rule-out splits must stay below)")
	fl.StringVar(&f.window, "stream-window", strconv.Itoa(octal.DefaultStreamWindow), "constant-memory runs: last values kept (at least --stream-first + 32768)")
	fl.StringVar(&f.logEvery, "log-every", "1m", "runs without a terminal (nohup, Slurm): how often a progress line goes to stderr")
	fl.StringVar(&f.frequencies, "frequencies", "", "with --stream: write into folder DIR a file N for every power of two N (and the last heap) with a line \"value count\" for each value among G(1..N), as published tables of octal games give them")
}

// logInterval returns --log-every: how often a run without a terminal
// writes a progress line (in memory, streamed, verifying, or on disk).
func (f *streamFlags) logInterval() (time.Duration, error) {
	return parseDuration("--log-every", f.logEvery)
}

// active reports whether the run is a constant-memory one.
func (f *streamFlags) active(cmdChanged func(string) bool) bool {
	return f.stream || cmdChanged("verify-period") || cmdChanged("preperiod")
}

// verifyReport is the JSON object of `nimlab octal --verify-period`.
type verifyReport struct {
	Code       string `json:"code"`
	Period     int    `json:"period"`
	Preperiod  int    `json:"preperiod"`
	Proven     bool   `json:"proven"`
	Mismatch   *int   `json:"first_mismatch,omitempty"`
	Value      *int   `json:"value,omitempty"`
	ValueAhead *int   `json:"value_ahead,omitempty"`
	Compared   int    `json:"compared"`
	Heaps      int64  `json:"values_computed"`
	sparseReport
	MaxValue int `json:"max_value"`
	windowsReport
	Seconds float64 `json:"seconds"`
}

// windowsReport is how many values a constant-memory run (two streams, or
// one on disk) kept in memory: the first heaps' and a last window's.
type windowsReport struct {
	FirstWindow int `json:"first_window"`
	LastWindow  int `json:"last_window"`
}

// streamReport is the JSON object of `nimlab octal --stream --n N`.
type streamReport struct {
	Code  string `json:"code"`
	Count int    `json:"count"`
	sparseReport
	MaxValue  int      `json:"max_value"`
	Last      []uint16 `json:"last_values"`
	Seconds   float64  `json:"seconds"`
	HeapsPerS float64  `json:"heaps_per_second"`
	// Frequencies, with --frequencies: the folder and the heap counts N
	// of the files written there (G(1..N) counted).
	Frequencies *frequenciesReport `json:"frequencies,omitempty"`
}

// sparseReport is a run's sparse space and rare heaps in JSON (the first
// 1000 rare heaps listed). Space is empty only in the report of a values
// file whose run never chose a space.
type sparseReport struct {
	Space      string `json:"sparse_space,omitempty"`
	Mask       int    `json:"mask"`
	HeapParity bool   `json:"heap_parity"`
	RareCount  int    `json:"rare_count"`
	Rare       []int  `json:"rare_heaps"`
}

func newSparseReport(sp octal.Space, rare []int) sparseReport {
	return sparseReport{Space: sp.String(), Mask: int(sp.Mask), HeapParity: sp.HeapParity, RareCount: len(rare), Rare: firstN(rare, 1000)}
}

// frequenciesReport says what --frequencies wrote.
type frequenciesReport struct {
	Dir   string `json:"dir"`
	Heaps []int  `json:"heaps"`
}

// printFrequencies says where --frequencies wrote its files.
func printFrequencies(w io.Writer, r *frequenciesReport) {
	if r == nil || len(r.Heaps) == 0 {
		return
	}
	fmt.Fprintf(w, "value frequencies of G(1..N): %d files in %s (N = %d … %d)\n", len(r.Heaps), r.Dir, r.Heaps[0], r.Heaps[len(r.Heaps)-1])
}

// checkFrequenciesDir makes the folder of --frequencies and checks that a
// file can be written in it, before any work starts.
func checkFrequenciesDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return badInput("--frequencies %s: %v; accepted: a folder you can write", dir, err)
	}
	return checkPathFlag("--frequencies", filepath.Join(dir, "1"), outputPath)
}

// writeFrequencies writes one file a power of two (and one for the last
// heap), each a line "value count" for every value up to the largest.
func writeFrequencies(dir string, f *octal.Frequencies) (*frequenciesReport, error) {
	rep := &frequenciesReport{Dir: dir}
	tables := f.Powers
	if n := len(tables); n == 0 || tables[n-1].Heaps != f.Heaps {
		tables = append(tables, octal.PowerFrequencies{Heaps: f.Heaps, Counts: f.Counts})
	}
	for _, t := range tables {
		var b strings.Builder
		for v, c := range t.Counts {
			fmt.Fprintf(&b, "%d %d\n", v, c)
		}
		if err := safewrite.Write(filepath.Join(dir, strconv.Itoa(t.Heaps)), nil, func(w io.Writer) error {
			_, err := io.WriteString(w, b.String())
			return err
		}); err != nil {
			return nil, err
		}
		rep.Heaps = append(rep.Heaps, t.Heaps)
	}
	return rep, nil
}

// streamOptions reads --stream-first and --stream-window.
func (f *streamFlags) streamOptions() (octal.StreamOptions, error) {
	first, err := parsePositive("--stream-first", f.first)
	if err != nil {
		return octal.StreamOptions{}, err
	}
	window, err := parsePositive("--stream-window", f.window)
	if err != nil {
		return octal.StreamOptions{}, err
	}
	if first < 1<<14 || window < first+1<<15 {
		return octal.StreamOptions{}, badInput("--stream-first %d and --stream-window %d: accepted: --stream-first at least 16384 and --stream-window at least --stream-first + 32768", first, window)
	}
	return octal.StreamOptions{First: first, Window: window}, nil
}

// runOctalStream runs --stream or --verify-period.
func runOctalStream(ctx context.Context, env *cliEnv, code octal.Code, f *octalFlags) error {
	sf := &f.streamFl
	if !code.Streamable() {
		return badInput("--stream and --verify-period run octal codes in constant memory, and %s needs the general engine, which keeps every value; accepted: an octal code such as 0.106", code)
	}
	so, err := sf.streamOptions()
	if err != nil {
		return err
	}
	logEvery, err := sf.logInterval()
	if err != nil {
		return err
	}
	if f.values || f.table != "" || f.csv != "" || f.heapsSet || f.picture.File != "" {
		return badInput("--stream and --verify-period keep only the first and last values, so --values, --table, --csv, --heaps and --png need an in-memory run; accepted with them: --json, --checkpoint, --resume, --stream-first, --stream-window")
	}
	if sf.verify != "" || sf.preperiod != "" {
		if err := f.verifyConflicts(); err != nil {
			return err
		}
		return runVerifyPeriod(ctx, env, code, f, so, logEvery)
	}
	if !f.nSet {
		return runCertifyStream(ctx, env, code, f, so, logEvery)
	}
	n, err := f.streamLength()
	if err != nil {
		return err
	}
	every, err := f.long.interval()
	if err != nil {
		return err
	}
	st, err := f.openStream(code, so, n)
	if err != nil {
		return err
	}
	defer st.Close()
	start, startLen := time.Now(), st.Len()
	var freq *octal.Frequencies
	if sf.frequencies != "" {
		freq = &octal.Frequencies{}
	}
	bar := newProgressReporter(env, f.json, int64(n+1), code.String())
	progress := newRunProgress(env, bar, logEvery, code, "", int64(startLen))
	err = f.runStream(ctx, code, st, n, every, freq, func(p octal.Progress) { progress.report(int64(p.Done), int64(n+1), "") })
	bar.Finish()
	if err != nil {
		return f.streamFailed(err, code, st, n, freq)
	}
	secs := time.Since(start).Seconds()
	rare := st.Rare()
	last := st.Kept(st.Len()-min(st.Len(), 20), st.Len())
	rep := streamReport{Code: code.String(), Count: st.Len(), sparseReport: newSparseReport(st.Space(), rare), MaxValue: st.MaxValue(),
		Last: last, Seconds: secs, HeapsPerS: perSecond(int64(st.Len()-startLen), secs)}
	if freq != nil {
		if rep.Frequencies, err = writeFrequencies(sf.frequencies, freq); err != nil {
			return err
		}
	}
	if f.json {
		return writeJSON(env.stdout, rep)
	}
	fmt.Fprintf(env.stdout, "%s: computed G(0..%d) in constant memory (%.1f s, %s heaps/s)\n", code, st.Len()-1, secs, humanCount(float64(st.Len()-startLen)/secs))
	printSpace(env.stdout, st.Space(), rare, st.MaxValue())
	printLastValues(env.stdout, int64(st.Len()), last)
	printFrequencies(env.stdout, rep.Frequencies)
	return nil
}

// verifyConflicts refuses the flags --verify-period does not take.
func (f *octalFlags) verifyConflicts() error {
	sf := &f.streamFl
	switch {
	case sf.stream:
		return badInput("--stream and --verify-period exclude each other; accepted: one of them (--verify-period already runs in constant memory)")
	case sf.verify == "" || sf.preperiod == "":
		return badInput("--verify-period and --preperiod go together; accepted: --verify-period P --preperiod N0")
	case f.nSet || f.mSet:
		return badInput("--verify-period computes exactly the Guy–Smith window, so --n and --max do not apply; accepted: --verify-period P --preperiod N0 alone")
	}
	return nil
}

// streamLength reads --n of a --stream run, and checks --frequencies and
// the address space the run reserves.
func (f *octalFlags) streamLength() (int, error) {
	sf := &f.streamFl
	if !f.nSet {
		return 0, badInput("--stream needs the run's length; accepted: --stream --n N (computes G(0..N) in constant memory)")
	}
	if sf.frequencies != "" {
		if f.long.resume != "" || f.long.checkpoint != "" {
			return 0, badInput("--frequencies counts values as they are computed and its counts are not saved in a checkpoint; accepted: --stream --n N --frequencies DIR without --checkpoint and --resume")
		}
		if err := checkFrequenciesDir(sf.frequencies); err != nil {
			return 0, err
		}
	}
	n, err := parseCount("--n", f.n)
	if err != nil {
		return 0, err
	}
	if n >= octal.StreamMaxHeaps {
		return 0, badInput("--n %d is too large; accepted: below %d with --stream", n, int64(octal.StreamMaxHeaps))
	}
	return n, checkAddressSpace(2*int64(n+1), fmt.Sprintf("--stream --n %d", n), "a smaller --n, or a larger ulimit -v")
}

// openStream starts a stream of G(0..n), or resumes the one saved in
// --resume.
func (f *octalFlags) openStream(code octal.Code, so octal.StreamOptions, n int) (*octal.Stream, error) {
	if f.long.resume == "" {
		so.Heaps = n + 1 // the address space reserved: 2 bytes a heap
		return octal.NewStream(code, so)
	}
	state, upTo, err := octal.ReadStreamCheckpoint(f.long.resume, code)
	if err != nil {
		return nil, checkpointInputError(err, fmt.Sprintf("'nimlab octal %s --stream --n N --checkpoint FILE'", code))
	}
	if upTo != n {
		return nil, badInput("%s runs to heap %d, not %d; accepted: the same --n as the saved run", f.long.resume, upTo, n)
	}
	return octal.ResumeStream(code, state, n+1)
}

// runStream extends st to G(0..n), counting the values into freq when it
// is not nil. With a checkpoint the run goes in steps of 2^20 heaps (a
// second at most), saving the stream's windows every --checkpoint-every.
func (f *octalFlags) runStream(ctx context.Context, code octal.Code, st *octal.Stream, n int, every time.Duration, freq *octal.Frequencies, progress octal.ProgressFunc) (err error) {
	path := f.long.savePath()
	lastSave := time.Now()
	for st.Len() <= n {
		target := n
		if path != "" {
			target = min(n, st.Len()+1<<20)
		}
		if freq != nil {
			err = st.ExtendCounting(ctx, target, freq, progress)
		} else {
			err = st.Extend(ctx, target, progress)
		}
		if err != nil {
			return err
		}
		if path != "" && st.Len() <= n && time.Since(lastSave) >= every {
			if err := octal.WriteStreamCheckpoint(path, code, n, st.State()); err != nil {
				return err
			}
			lastSave = time.Now()
		}
	}
	return nil
}

// streamFailed is the error of a stream that stopped: the value counts
// so far are written, and an interrupted run is saved to its checkpoint.
func (f *octalFlags) streamFailed(err error, code octal.Code, st *octal.Stream, n int, freq *octal.Frequencies) error {
	if freq != nil && freq.Heaps > 0 {
		// The values counted so far are exact: their tables are kept.
		if fr, werr := writeFrequencies(f.streamFl.frequencies, freq); werr == nil {
			err = fmt.Errorf("%w (the value frequencies of G(1..N) for N up to %d are in %s)", err, fr.Heaps[len(fr.Heaps)-1], fr.Dir)
		}
	}
	if !errors.Is(err, context.Canceled) {
		return err
	}
	path := f.long.savePath()
	if path == "" {
		return fmt.Errorf("interrupted at heap %d", st.Len())
	}
	if werr := octal.WriteStreamCheckpoint(path, code, n, st.State()); werr != nil {
		return fmt.Errorf("interrupted at heap %d; saving the run failed: %w", st.Len(), werr)
	}
	return fmt.Errorf("interrupted at heap %d; the run is saved in %s (continue with the same command and --resume %s)", st.Len(), path, path)
}

// runVerifyPeriod runs --verify-period.
func runVerifyPeriod(ctx context.Context, env *cliEnv, code octal.Code, f *octalFlags, so octal.StreamOptions, logEvery time.Duration) error {
	sf := &f.streamFl
	p, err := parsePositive("--verify-period", sf.verify)
	if err != nil {
		return err
	}
	n0, err := parseCount("--preperiod", sf.preperiod)
	if err != nil {
		return err
	}
	opts := octal.VerifyOptions{Period: p, Preperiod: n0, Stream: so}
	every, err := f.long.interval()
	if err != nil {
		return err
	}
	if f.long.resume != "" {
		state, err := octal.ReadVerifyCheckpoint(f.long.resume, code)
		if err != nil {
			return checkpointInputError(err, fmt.Sprintf("'nimlab octal %s --verify-period P --preperiod N0 --checkpoint FILE'", code))
		}
		if state.Period != p || state.Preperiod != n0 {
			return badInput("%s verifies period %d from %d, not %d from %d; accepted: the same --verify-period and --preperiod as the saved run", f.long.resume, state.Period, state.Preperiod, p, n0)
		}
		opts.Resume = state
	}
	path := f.long.savePath()
	saved := ""
	if path != "" {
		opts.CheckpointEvery = every
		opts.Checkpoint = func(s *octal.VerifyState) error {
			if err := octal.WriteVerifyCheckpoint(path, code, s); err != nil {
				return err
			}
			saved = path
			return nil
		}
	}
	total := 2*int64(octal.CertificateLength(n0, p, code.K())) - int64(p)
	bar := newProgressReporter(env, f.json, total, code.String())
	logger := newProgressLogger(env, logEvery)
	opts.Progress = func(vp octal.VerifyProgress) {
		bar.Update(vp.Heaps, vp.TotalHeaps)
		bar.Describe(fmt.Sprintf("%s p=%d: %d of %d compared, ETA %s", code, p, vp.Compared, vp.ToCompare, eta(float64(vp.TotalHeaps-vp.Heaps), vp.Rate)))
		logger.log("%s period %d from %d: %d of %d values computed (two streams), %d of %d heaps compared, %s values/s, ETA %s",
			code, p, n0, vp.Heaps, vp.TotalHeaps, vp.Compared, vp.ToCompare, humanCount(vp.Rate), eta(float64(vp.TotalHeaps-vp.Heaps), vp.Rate))
	}
	start := time.Now()
	res, err := octal.VerifyPeriod(ctx, code, opts)
	bar.Finish()
	if err != nil {
		if errors.Is(err, context.Canceled) {
			if saved != "" {
				return fmt.Errorf("interrupted; the run is saved in %s (continue with the same command and --resume %s)", saved, saved)
			}
			return errors.New("interrupted")
		}
		return err
	}
	rep := verifyReport{Code: code.String(), Period: p, Preperiod: n0, Proven: res.Proven, Compared: res.Compared, Heaps: res.Heaps,
		sparseReport: newSparseReport(res.Space, res.Rare), MaxValue: res.MaxValue, windowsReport: windowsReport{FirstWindow: res.First, LastWindow: res.Window}, Seconds: time.Since(start).Seconds()}
	if !res.Proven {
		m, a, b := res.Mismatch, int(res.Value), int(res.Ahead)
		rep.Mismatch, rep.Value, rep.ValueAhead = &m, &a, &b
	}
	if f.json {
		return writeJSON(env.stdout, rep)
	}
	end := octal.CertificateLength(n0, p, code.K()) - p - 1
	if res.Proven {
		fmt.Fprintf(env.stdout, "%s: period %d from preperiod %d PROVEN: G(n+%d) = G(n) for every n from %d to %d (the Guy–Smith window), in constant memory\n",
			code, p, n0, p, n0, end)
	} else {
		fmt.Fprintf(env.stdout, "%s: period %d from preperiod %d REFUTED: G(%d) = %d but G(%d) = %d (the first heap from %d where they differ)\n",
			code, p, n0, res.Mismatch, res.Value, res.Mismatch+p, res.Ahead, n0)
		if res.Mismatch == n0 {
			fmt.Fprintf(env.stdout, "note: if %d is the last exceptional heap (as Flammenkamp's tables give preperiods), the periodic part starts at %d: try --preperiod %d\n", n0, n0+1, n0+1)
		}
	}
	fmt.Fprintf(env.stdout, "%d values computed by two streams in %.1f s (kept: the first %d and the last %d of each)\n", res.Heaps, rep.Seconds, res.First, res.Window)
	printSpace(env.stdout, res.Space, res.Rare, res.MaxValue)
	return nil
}

// noteQuadratic says on stderr, before a long in-memory run starts, when
// the code shows no sparse space so that every heap scans all its splits,
// with the time that should take.
func noteQuadratic(ctx context.Context, env *cliEnv, code octal.Code, heaps int) {
	if heaps <= 1<<15 {
		return
	}
	if fc, err := octal.ForecastRun(ctx, code, heaps); err == nil && fc.Quadratic {
		fmt.Fprintln(env.stderr, "nimlab: note: "+fc.Note)
	}
}

// noteGeneral says on stderr, before a run of the general engine starts,
// how long it should take when that is more than ten seconds (0.*!3 to
// 16384 heaps ran for minutes with no word).
func noteGeneral(ctx context.Context, env *cliEnv, code octal.Code, heaps int) {
	if d, ok, err := octal.ForecastGeneral(ctx, code, heaps); err == nil && ok && d > 10*time.Second {
		fmt.Fprintf(env.stderr, "nimlab: note: %s runs on the general engine, whose cost per heap grows with the heap: G(0..%d) should take about %s here (Ctrl-C stops it; --checkpoint FILE keeps the values)\n",
			code, heaps-1, d.Round(time.Second))
	}
}

// printSpace describes a run's sparse space and rare heaps.
func printSpace(w io.Writer, sp octal.Space, rare []int, maxValue int) {
	list := firstN(rare, 20)
	more := ""
	if len(rare) > len(list) {
		more = fmt.Sprintf(" … and %d more", len(rare)-len(list))
	}
	fmt.Fprintf(w, "sparse space: %s; %d rare heaps: %s%s; largest value %d\n", sp, len(rare), spaced(list), more, maxValue)
}

// humanCount prints a rate such as 12.3M.
func humanCount(x float64) string {
	switch {
	case x >= 1e9:
		return fmt.Sprintf("%.2fG", x/1e9)
	case x >= 1e6:
		return fmt.Sprintf("%.1fM", x/1e6)
	case x >= 1e3:
		return fmt.Sprintf("%.1fk", x/1e3)
	}
	return fmt.Sprintf("%.0f", x)
}

// eta prints the time left for remaining items at rate items a second.
func eta(remaining, rate float64) string {
	if rate <= 0 {
		return "unknown"
	}
	d := time.Duration(remaining / rate * float64(time.Second))
	if d > 48*time.Hour {
		return fmt.Sprintf("%.1f days", d.Hours()/24)
	}
	return d.Round(time.Second).String()
}

// runProgress reports a long run: the bar on a terminal (its description
// the rate, or a given text), a line on stderr every --log-every otherwise.
type runProgress struct {
	bar    *progressReporter
	logger *progressLogger
	code   octal.Code
	where  string // " on disk", or ""
	start  time.Time
	from   int64 // heaps known when the run started; -1 until the first report
}

func newRunProgress(env *cliEnv, bar *progressReporter, logEvery time.Duration, code octal.Code, where string, from int64) *runProgress {
	return &runProgress{bar: bar, logger: newProgressLogger(env, logEvery), code: code, where: where, start: time.Now(), from: from}
}

// report shows done of total heaps; desc, if not "", describes the run
// beside the bar instead of its rate.
func (r *runProgress) report(done, total int64, desc string) {
	if r.from < 0 {
		r.from = done
	}
	rate := float64(done-r.from) / time.Since(r.start).Seconds()
	r.bar.Update(done, total)
	if desc == "" {
		desc = fmt.Sprintf("%s %s/s", r.code, humanCount(rate))
	}
	r.bar.Describe(desc)
	r.logger.log("%s: %d of %d heaps%s, %s heaps/s, ETA %s", r.code, done, total, r.where, humanCount(rate), eta(float64(total-done), rate))
}

// progressLogger writes a progress line to stderr every so often when
// there is no terminal (a run of days under nohup or Slurm).
type progressLogger struct {
	w     io.Writer
	every time.Duration
	last  time.Time
}

func newProgressLogger(env *cliEnv, every time.Duration) *progressLogger {
	if env.interactive {
		return &progressLogger{}
	}
	return &progressLogger{w: env.stderr, every: every, last: time.Now()}
}

func (l *progressLogger) log(format string, args ...any) {
	if l.w == nil || time.Since(l.last) < l.every {
		return
	}
	l.last = time.Now()
	fmt.Fprintf(l.w, time.Now().UTC().Format("15:04:05 ")+format+"\n", args...)
}

// perSecond is n per second over secs, 0 when no time was measured: Go's
// clock on Windows moves in steps of up to 15.6 ms, so a run that reads a
// finished file can take 0 s there (and n/0 is no JSON number).
func perSecond(n int64, secs float64) float64 {
	if secs <= 0 {
		return 0
	}
	return float64(n) / secs
}
