// Command nimlab is the nimlab workbench: with no arguments it opens the
// window, with a subcommand it runs the same solvers headless.
package main

import (
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
