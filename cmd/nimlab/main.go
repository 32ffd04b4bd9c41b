// Command nimlab is the nimlab workbench: with no arguments it opens the
// window, with a subcommand it runs the same solvers headless.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	// Imported first for its side effect: see the package comment.
	_ "github.com/nimlab/nimlab/cmd/nimlab/clocale"
)

func main() {
	// Ctrl-C (or SIGTERM) cancels the running job: solvers stop at their
	// next check, a long run saves its checkpoint, and the command exits
	// with 128 + the signal's number (130 for Ctrl-C), as shells expect. A
	// second Ctrl-C exits at once, for a user who does not want to wait.
	ctx, cancel := context.WithCancelCause(context.Background())
	signals := make(chan os.Signal, 2)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	go func() {
		sig := <-signals
		cancel(interruptedError{sig})
		sig = <-signals
		os.Exit(exitStatusFor(sig))
	}()
	status := runContext(ctx, os.Args[1:], os.Stdout, os.Stderr)
	os.Exit(status)
}
