// Command nimlab is the nimlab workbench: with no arguments it opens the
// window, with a subcommand it runs the same solvers headless.
package main

import (
	"context"
	"os"
	"os/signal"

	// Imported first for its side effect: see the package comment.
	_ "github.com/nimlab/nimlab/cmd/nimlab/clocale"
)

func main() {
	// Ctrl-C cancels the running job; solvers stop cleanly at their next
	// check and the command exits with status 1.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	status := runContext(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(status)
}
