package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/spf13/pflag"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/safewrite"
	"github.com/nimlab/nimlab/solver/valuestore"
)

// longRunFlags are the options of `nimlab octal` for long runs: checkpoints
// and resuming. They live here so that octal.go only wires them in.
type longRunFlags struct {
	checkpoint, resume string
	every              string
	verify             bool

	// set by apply
	savedTo    string
	savedCount int
}

func addLongRunFlags(fl *pflag.FlagSet, f *longRunFlags) {
	fl.StringVar(&f.checkpoint, "checkpoint", "", "save the values to FILE every --checkpoint-every and when interrupted (Ctrl-C), to continue later with --resume FILE")
	markPath(fl, "checkpoint", statePath)
	fl.StringVar(&f.resume, "resume", "", "continue the run saved in the checkpoint FILE (and keep saving to it unless --checkpoint names another file)")
	durationFlag(fl, &f.every, "checkpoint-every", "1m", "how often --checkpoint saves, e.g. 30s or 5m")
	fl.BoolVar(&f.verify, "verify", false, "with --resume: recompute every value of the checkpoint from the definition before going on (it takes as long as computing them again); "+
		"without it the first 2,000 are recomputed and the others checked against their options, every one or a sample")
}

// interval reads --checkpoint-every: a positive duration, a minute when
// not given.
func (f *longRunFlags) interval() (time.Duration, error) {
	if f.every == "" {
		return time.Minute, nil
	}
	return parseDuration("--checkpoint-every", f.every)
}

// apply checks the run's size against MaxHeaps and the memory available,
// loads --resume and wires --checkpoint into opts. Ctrl-C and SIGTERM cancel
// the command's context (main installs the handler); the engine then saves
// a last checkpoint as it stops.
func (f *longRunFlags) apply(ctx context.Context, code octal.Code, opts *octal.SolveOptions) (err error) {
	heaps, what := opts.Heaps(code), "--max"
	if opts.Exact || opts.N > 0 {
		what = "--n"
	}
	if heaps > octal.MaxHeaps {
		return badInput("%s asks for %d heaps; accepted: at most %d (2^31) heaps", what, heaps, octal.MaxHeaps)
	}
	need := octal.MemoryNeeded(heaps)
	if avail, ok := memoryAvailable(); ok && need > avail {
		return badInput("%s %d needs about %s of memory (2 bytes a heap), but only %s is available; accepted: at most about %d heaps here",
			what, heaps, formatBytes(need), formatBytes(avail), max(0, (avail-(need-2*int64(heaps)))/2))
	}
	every, err := f.interval()
	if err != nil {
		return err
	}
	if f.resume != "" {
		var values []uint16
		if f.verify {
			values, err = octal.ReadCheckpointRederived(ctx, f.resume, code, nil)
		} else {
			values, err = octal.ReadCheckpoint(f.resume, code)
		}
		if err != nil {
			return checkpointInputError(err, fmt.Sprintf("'nimlab octal %s --checkpoint FILE'", code))
		}
		opts.Resume = values
	} else if f.verify {
		return badInput("--verify checks the checkpoint named by --resume; accepted: --resume FILE --verify")
	}
	path := f.checkpoint
	if path == "" && !valuestore.IsValueFile(f.resume) {
		// Saving goes on in the resumed file, unless it is a values file
		// (a disk run's): that one is never overwritten by a checkpoint.
		path = f.resume
	}
	if path != "" {
		// Found out now, not after an hour of work: the checkpoint must be a
		// file that can be written (not a device, pipe or folder).
		if t, err := safewrite.Resolve(path); err != nil {
			return badInput("--checkpoint %s: %v; accepted: a file name in a folder you can write", path, err)
		} else if t.Stdout || t.Special {
			return badInput("--checkpoint %s is not a regular file; accepted: a file name in a folder you can write", path)
		}
		if err := safewrite.CheckWritable(path); err != nil {
			return badInput("--checkpoint: %v; accepted: a file name in a folder you can write", err)
		}
		opts.CheckpointEvery = every
		opts.Checkpoint = func(values []uint16) error {
			if err := octal.WriteCheckpoint(path, code, values); err != nil {
				return err
			}
			f.savedTo, f.savedCount = path, len(values)
			return nil
		}
	}
	return nil
}

// savePath is the file a constant-memory run saves to: --checkpoint, else
// the --resume file it continues.
func (f *longRunFlags) savePath() string {
	if f.checkpoint != "" {
		return f.checkpoint
	}
	return f.resume
}

// checkpointInputError is the error of a --resume file that cannot be
// read: bad input when it is missing or not a checkpoint of the run,
// naming the command (writtenBy) that writes the right one.
func checkpointInputError(err error, writtenBy string) error {
	if valuestore.IsCheckpointError(err) || errors.Is(err, os.ErrNotExist) {
		return badInput("%v; accepted: a file written by %s", err, writtenBy)
	}
	return err
}

// interrupted is the error of a run stopped by Ctrl-C: it says where the
// values were saved, if they were.
func (f *longRunFlags) interrupted() error {
	if f.savedTo == "" {
		return errors.New("interrupted")
	}
	return fmt.Errorf("interrupted; G(0..%d) saved in %s (continue with --resume %s)", f.savedCount-1, f.savedTo, f.savedTo)
}

// progressText describes a long run beside the progress bar.
func progressText(code octal.Code, p octal.Progress) string {
	s := code.String()
	if p.Rare > 0 {
		s += fmt.Sprintf(" rare %d", p.Rare)
	}
	if p.PeriodGuess > 0 {
		s += fmt.Sprintf(" period? %d", p.PeriodGuess)
	}
	return s
}

// formatBytes prints a byte count in GiB or MiB.
func formatBytes(b int64) string {
	if b >= 1<<30 {
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	}
	return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20))
}
