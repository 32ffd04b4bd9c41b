package main

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/nimlab/nimlab/solver/safewrite"
)

// pathKind annotates a flag that names a file the command writes; every
// such flag the user sets is checked before any work starts (checkFlags),
// so that a run never computes for an hour and then finds it cannot save.
const pathKind = "nimlab-path"

const (
	// outputPath: a result file (CSV, picture, DOT). "-" means standard
	// output; a device or named pipe is written in place.
	outputPath = "output"
	// statePath: a checkpoint, values file or database, read back later:
	// it must be a regular file (a pipe would block for ever, a device
	// would lose it), and "-" is refused.
	statePath = "state"
)

// markPath annotates the flag name of fl as a path of kind outputPath or
// statePath.
func markPath(fl *pflag.FlagSet, name, kind string) {
	if err := fl.SetAnnotation(name, pathKind, []string{kind}); err != nil {
		panic(err) // a flag that does not exist: a programming error
	}
}

// checkFlags runs before every subcommand: a string flag given an empty
// value is refused (it was silently ignored: an empty --csv wrote nothing), and
// every path flag that was set is checked writable.
func checkFlags(cmd *cobra.Command) error {
	var err error
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if err != nil {
			return
		}
		if f.Value.Type() == "string" && f.Value.String() == "" {
			err = badInput("--%s was given an empty value; accepted: %s", f.Name, f.Usage)
			return
		}
		kind := f.Annotations[pathKind]
		if len(kind) == 0 {
			return
		}
		err = checkPathFlag("--"+f.Name, f.Value.String(), kind[0])
	})
	return err
}

// checkPathFlag checks that path (the value of flag) can be written as a
// file of kind.
func checkPathFlag(flag, path, kind string) error {
	t, err := safewrite.Resolve(path)
	if err != nil {
		return badInput("%s %s: %v; accepted: a file name in a folder you can write", flag, path, err)
	}
	if kind == statePath {
		if t.Stdout {
			return badInput("%s -: this file is read back later, so standard output ('-') cannot hold it; accepted: a file name", flag)
		}
		if t.Special {
			return badInput("%s %s is not a regular file (a device, pipe or socket); accepted: a file name in a folder you can write", flag, path)
		}
	}
	if err := safewrite.CheckWritable(path); err != nil {
		return badInput("%s: %v; accepted: a file name in a folder you can write", flag, err)
	}
	return nil
}
