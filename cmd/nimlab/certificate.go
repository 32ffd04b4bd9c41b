package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/nimlab/nimlab/solver/certcheck"
	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/safewrite"
)

// certificateReport is what `nimlab octal --certificate FILE --json` says
// about the file it wrote.
type certificateReport struct {
	File    string `json:"file"`
	Rules   string `json:"rules"`
	Theorem string `json:"theorem"`
	Window  int    `json:"window"`
	SHA256  string `json:"sha256"`
	Bytes   int    `json:"bytes"`
}

// writeOctalCertificate writes the certificate of res's proven period to
// path ("-": standard output).
func writeOctalCertificate(path string, stdout io.Writer, code octal.Code, res *octal.Result) (*certificateReport, error) {
	if !res.Certified {
		return nil, fmt.Errorf("%s: no period is proven within the values computed, so there is no certificate to write (raise --max)", code)
	}
	var buf bytes.Buffer
	h, err := octal.WriteCertificate(&buf, code, res.Values, res.Period, versionString())
	if errors.Is(err, octal.ErrNotCertified) {
		return nil, fmt.Errorf("%s: %w", code, err)
	}
	if err != nil {
		return nil, err
	}
	if err := safewrite.WriteFile(path, stdout, buf.Bytes()); err != nil {
		return nil, err
	}
	return &certificateReport{File: path, Rules: h.Game.Rules, Theorem: h.Theorem.Name, Window: h.Theorem.Window,
		SHA256: h.Values.SHA256, Bytes: buf.Len()}, nil
}

func init() { registerSubcommand(newVerifyCommand) }

type verifyFlags struct {
	json    bool
	mode    string
	workers string
}

// certVerdict is one certificate's verdict as `nimlab verify --json`
// prints it.
type certVerdict struct {
	File string `json:"file"`
	certcheck.Result
}

// refusedError makes `nimlab verify` exit with status 1 after printing
// its verdicts.
type refusedError struct{ n, total int }

func (e *refusedError) Error() string {
	if e.total == 1 {
		return "the certificate is refused"
	}
	return fmt.Sprintf("%d of %d certificates are refused", e.n, e.total)
}

func newVerifyCommand(env *cliEnv) *cobra.Command {
	f := &verifyFlags{}
	cmd := &cobra.Command{
		Use:   "verify FILE…",
		Short: "check periodicity certificates without trusting nimlab's engines",
		Long: `Check certificates written by 'nimlab octal CODE --certificate FILE' (or
the census): each value of the certificate's window is computed again from
the definition of the game, the theorem's hypotheses on the rules are
checked, and the claim (period, preperiod, saltus) is checked on the window,
with its period and preperiod the least ones and the window as long as the
theorem needs. The checker (solver/certcheck) imports none of nimlab's
engines: it trusts the Go standard library, its own reading of the rules
and the file format's decoder (solver/certificate).

--mode quadratic computes every value as the mex over every move (the plain
definition, quadratic in the window); --mode sparse checks octal games with
the sparse-space argument (docs/CERTIFICATES.md), fast on long windows
such as 0.354's 2·10^7 values; auto (the default) takes quadratic up to
40,000 values. Both cores are used.

Exit status: 0 every certificate verified; 1 one was refused (the check
that failed is named, with the heap concerned); 2 bad input (not a
certificate, unreadable file, unknown mode).`,
		Example: `  nimlab octal 0.07 --certificate 0.07.cert
  nimlab verify 0.07.cert
  nimlab verify certificates/*.cert --json
  python3 tools/verify_certificate.py 0.07.cert   # the independent Python checker`,
		Args: someArgs("verify needs at least one certificate file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runVerify(commandContext(cmd), env, args, f)
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&f.json, "json", false, "print JSON: one object for one file, a list for several")
	fl.StringVar(&f.mode, "mode", "auto", "how values are checked: auto, quadratic (the definition) or sparse (octal codes)")
	intFlag(fl, &f.workers, "workers", "0", "goroutines checking values (0: one per core)")
	return cmd
}

func runVerify(ctx context.Context, env *cliEnv, files []string, f *verifyFlags) error {
	opts := certcheck.Options{}
	switch m := certcheck.Mode(f.mode); m {
	case certcheck.Auto, certcheck.Quadratic, certcheck.Sparse:
		opts.Mode = m
	default:
		return badInput("--mode %q: accepted: auto, quadratic, sparse", f.mode)
	}
	workers, err := parseCount("--workers", f.workers)
	if err != nil {
		return err
	}
	opts.Workers = workers
	var reports []certVerdict
	refused := 0
	for _, file := range files {
		bar := newProgressReporter(env, f.json, 1, "verify "+file)
		opts.Progress = func(done, total int) { bar.Update(int64(done), int64(total)) }
		res, err := certcheck.VerifyFile(ctx, file, opts)
		bar.Finish()
		if err != nil {
			var bad *certcheck.BadInputError
			if errors.As(err, &bad) {
				return badInput("%v", bad.Err)
			}
			return err
		}
		if !res.Verified {
			refused++
		}
		reports = append(reports, certVerdict{File: file, Result: res})
		if !f.json {
			printVerdict(env.stdout, file, res)
		}
	}
	if f.json {
		var err error
		if len(reports) == 1 {
			err = writeJSON(env.stdout, reports[0])
		} else {
			err = writeJSON(env.stdout, reports)
		}
		if err != nil {
			return err
		}
	}
	if refused > 0 {
		return &refusedError{refused, len(files)}
	}
	return nil
}

// printVerdict writes one certificate's verdict as text.
func printVerdict(w io.Writer, file string, r certcheck.Result) {
	claim := fmt.Sprintf("period %d, preperiod %d", r.Period, r.Preperiod)
	if r.Saltus != 0 {
		claim = fmt.Sprintf("arithmetic period %d, saltus %d, preperiod %d", r.Period, r.Saltus, r.Preperiod)
	}
	if r.Verified {
		fmt.Fprintf(w, "%s: %s: %s: VERIFIED (%s, G(0..%d) checked, %s)\n", file, r.Rules, claim, r.Theorem, r.Window-1, modeText(r.Mode))
		return
	}
	fmt.Fprintf(w, "%s: %s: %s: REFUSED by check %q: %s\n", file, r.Rules, claim, r.Check, r.Reason)
	if len(r.Checks) > 0 {
		fmt.Fprintf(w, "  checks passed before it: %s\n", strings.Join(r.Checks, ", "))
	}
}

func modeText(m certcheck.Mode) string {
	switch m {
	case certcheck.Sparse:
		return "sparse-space check"
	case certcheck.Quadratic:
		return "every value by the definition"
	}
	return string(m)
}
