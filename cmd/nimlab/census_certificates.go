package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/nimlab/nimlab/solver/census"
	"github.com/nimlab/nimlab/solver/census/store"
	"github.com/nimlab/nimlab/solver/certificate"
	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/safewrite"
	"github.com/nimlab/nimlab/solver/takebreak"
)

type censusCertFlags struct {
	db, dir string
	json    bool
}

// censusCertReport is what `nimlab census certificates --json` prints.
type censusCertReport struct {
	Dir        string   `json:"dir"`
	FromCensus int      `json:"from_census"`
	Games      int      `json:"games"`
	Written    []string `json:"written"`
	Index      string   `json:"index"`
	Indexed    int      `json:"indexed"`
}

func newCensusCertificatesCommand(env *cliEnv) *cobra.Command {
	f := &censusCertFlags{}
	cmd := &cobra.Command{
		Use:   "certificates [CODE…]",
		Short: "write the certificate of every periodic game of a census (and of CODE…) and an index",
		Long: `Write to --dir the certificate of every game --db records as periodic,
each computed again with the census's heap budget (the census keeps no
values; auto mode stops where the period is proven, and the period and window
must be the ones recorded), and of each CODE given (auto mode, as 'nimlab octal CODE
--certificate FILE'). Then write DIR/index.csv: file, rules, name, period,
preperiod, saltus, theorem, window and the values' SHA-256 of every
certificate in DIR. Check them with 'nimlab verify DIR/*.cert' or
'python3 tools/verify_certificate.py DIR/*.cert' (docs/CERTIFICATES.md).`,
		Example: `  nimlab census '0.???' --db census.sqlite --time 20s
  nimlab census '4.???' --db census.sqlite --time 20s
  nimlab census certificates --db census.sqlite --dir certificates 0.376 0.354`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCensusCertificates(commandContext(cmd), env, args, f, cmd.Flags().Changed("db"))
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.db, "db", "census.sqlite", "the census database whose periodic games get certificates")
	fl.StringVar(&f.dir, "dir", "certificates", "the folder to write the certificates and index.csv to (created if missing)")
	fl.BoolVar(&f.json, "json", false, "print one JSON object")
	return cmd
}

func runCensusCertificates(ctx context.Context, env *cliEnv, args []string, f *censusCertFlags, dbSet bool) error {
	var codes []octal.Code
	for _, a := range args {
		c, err := takebreak.Parse(a)
		if err != nil {
			return badInput("%v", err)
		}
		codes = append(codes, octal.NewCode(c))
	}
	var rows []*store.Row
	if dbSet || len(args) == 0 {
		db, err := openCensusDB(f.db, store.OpenExisting)
		if err != nil {
			return err
		}
		rows, err = db.All(ctx)
		db.Close()
		if err != nil {
			return fmt.Errorf("reading %s: %w", f.db, err)
		}
	}
	if err := os.MkdirAll(f.dir, 0o755); err != nil {
		return err
	}
	report := censusCertReport{Dir: f.dir, Written: []string{}}
	var periodic []*census.Result
	for _, r := range rows {
		if r.Status == census.Periodic {
			periodic = append(periodic, &r.Result)
		}
	}
	bar := newProgressReporter(env, f.json, int64(len(periodic)+len(codes)), "certificates")
	for i, r := range periodic {
		path, err := census.WriteCertificate(ctx, r, f.dir, versionString())
		if err != nil {
			bar.Finish()
			return err
		}
		report.Written = append(report.Written, path)
		report.FromCensus++
		bar.Update(int64(i+1), int64(len(periodic)+len(codes)))
	}
	for i, c := range codes {
		bar.Describe("certificate of " + c.String())
		path, err := census.WriteGameCertificate(ctx, c, octal.DefaultMaxFor(c), f.dir, versionString(), nil)
		if err != nil {
			bar.Finish()
			return err
		}
		report.Written = append(report.Written, path)
		report.Games++
		bar.Update(int64(len(periodic)+i+1), int64(len(periodic)+len(codes)))
	}
	bar.Finish()
	index, listed, err := certificate.IndexCSV(f.dir)
	if err != nil {
		return err
	}
	report.Index, report.Indexed = filepath.Join(f.dir, certificate.IndexFile), listed
	if err := safewrite.WriteFile(report.Index, nil, index); err != nil {
		return err
	}
	if f.json {
		return writeJSON(env.stdout, report)
	}
	fmt.Fprintf(env.stdout, "wrote %d certificates (%d periodic games of %s, %d games named) to %s; %s lists the %d certificates there\n",
		len(report.Written), report.FromCensus, f.db, report.Games, f.dir, report.Index, report.Indexed)
	return nil
}
