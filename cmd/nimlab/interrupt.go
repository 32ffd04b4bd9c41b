package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"
)

// interruptedError is the cancellation cause of a run stopped by a signal.
type interruptedError struct{ sig os.Signal }

func (e interruptedError) Error() string { return "interrupted by " + signalName(e.sig) }

func signalName(sig os.Signal) string {
	if sig == syscall.SIGTERM {
		return "SIGTERM"
	}
	return "Ctrl-C"
}

// exitStatusFor is 128 + the signal's number: 130 for SIGINT (Ctrl-C), 143
// for SIGTERM.
func exitStatusFor(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 130
}

// interruption reports whether the command failed because ctx was
// cancelled by a signal, and with which exit status and message. When err
// says more than that it was cancelled (e.g. where a checkpoint was saved),
// its text is kept; the raw "context canceled" never reaches the user.
func interruption(ctx context.Context, err error) (status int, msg string, ok bool) {
	var ie interruptedError
	if err == nil || !errors.As(context.Cause(ctx), &ie) {
		return 0, "", false
	}
	msg = ie.Error()
	if text := err.Error(); !strings.Contains(text, context.Canceled.Error()) && text != "interrupted" {
		msg = text
	}
	return exitStatusFor(ie.sig), msg, true
}

// interruptible runs work and returns its error, or ctx's error as soon as
// ctx is cancelled, for solvers whose loops do not take a context: the
// command then ends at once and the process exits with the work abandoned.
func interruptible(ctx context.Context, work func() error) error {
	done := make(chan error, 1)
	go func() {
		defer func() {
			// runContext's recover does not reach this goroutine.
			if r := recover(); r != nil {
				done <- fmt.Errorf("internal error: %v", r)
			}
		}()
		done <- work()
	}()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}
