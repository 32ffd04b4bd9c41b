package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
)

// Exit statuses of the nimlab command.
const (
	exitOK      = 0
	exitFailure = 1 // the work itself failed (I/O, cancelled, out of memory …)
	exitUsage   = 2 // the input was wrong; the message says what is accepted
)

// usageError marks an error caused by bad input; it exits with status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// badInput builds a usageError; the message should name what was wrong and
// what is accepted.
func badInput(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// subcommands are registered by each subcommand's file (octal.go, astron.go …)
// from an init function, so that adding a domain never touches this file.
var subcommands []func(env *cliEnv) *cobra.Command

// registerSubcommand adds a subcommand constructor to the root command.
func registerSubcommand(build func(env *cliEnv) *cobra.Command) {
	subcommands = append(subcommands, build)
}

// cliEnv is what a subcommand needs from the process: its output streams and
// whether stderr is an interactive terminal (for progress bars).
type cliEnv struct {
	stdout, stderr io.Writer
	// interactive is true when stderr is a terminal; progress bars are drawn
	// only then (and never with --json).
	interactive bool
	// args are the command's arguments, for the metadata of the pictures
	// it writes.
	args []string
}

// commandLine is the command being run as a user would type it: "nimlab"
// and the arguments, quoted for a POSIX shell where needed.
func (env *cliEnv) commandLine() string {
	parts := []string{"nimlab"}
	for _, a := range env.args {
		if a == "" || strings.ContainsAny(a, " \t\n'\"\\$`!*?[]{}()<>|&;#~") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		parts = append(parts, a)
	}
	return strings.Join(parts, " ")
}

// openWindow is set by window.go (window_headless.go without cgo); it is a
// variable so that CLI tests never open a window. ctx is cancelled by Ctrl-C
// or SIGTERM (main).
var openWindow = func(ctx context.Context, present bool) error {
	return errors.New("the window is not available in this build")
}

// newRootCommand builds the cobra command tree.
func newRootCommand(env *cliEnv) *cobra.Command {
	var present bool
	root := &cobra.Command{
		Use:   "nimlab",
		Short: "nimlab — a workbench for impartial combinatorial games",
		Long: "nimlab computes Grundy values, periods, winning moves and pictures of impartial games.\n" +
			"With no arguments it opens the window; with a subcommand it runs headless.",
		SilenceUsage:  true,
		SilenceErrors: true,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return badInput("unknown command %q; accepted commands: %s", args[0], strings.Join(commandNames(cmd), ", "))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return openWindow(commandContext(cmd), present)
		},
	}
	root.Version = versionString()
	root.SetVersionTemplate("nimlab {{.Version}}\n")
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error { return checkFlags(cmd) }
	root.Flags().BoolVar(&present, "present", false, "open the window in presentation mode (fullscreen, large high-contrast theme)")
	root.SetOut(env.stdout)
	root.SetErr(env.stderr)
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return badInput("%s (see 'nimlab %s --help')", flagErrorText(err), strings.TrimPrefix(cmd.CommandPath(), "nimlab "))
	})
	for _, build := range subcommands {
		sub := build(env)
		sub.SilenceUsage = true
		sub.SilenceErrors = true
		root.AddCommand(sub)
	}
	// cobra's "completion" command writes bash, zsh, fish and PowerShell
	// completion scripts (see the README).
	root.CompletionOptions.HiddenDefaultCmd = false
	return root
}

// flagErrorText is pflag's error in one plain line: Go's strconv wording
// ("strconv.ParseInt: parsing "abc": invalid syntax") becomes what it
// means for the user.
func flagErrorText(err error) string {
	msg := err.Error()
	i := strings.Index(msg, ": strconv.")
	if i < 0 {
		return msg
	}
	what := "not a whole number"
	switch {
	case strings.Contains(msg[i:], "value out of range"):
		what = "out of range"
	case strings.Contains(msg[i:], "ParseFloat"):
		what = "not a number"
	case strings.Contains(msg[i:], "ParseBool"):
		what = "not true or false"
	}
	return msg[:i] + ": " + what
}

func commandNames(root *cobra.Command) []string {
	var names []string
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	return names
}

// run executes nimlab with args and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	return runContext(context.Background(), args, stdout, stderr)
}

// runContext executes nimlab with args under ctx (cancelled by Ctrl-C in
// main) and returns the exit status. It never panics: a panic in a solver is
// reported as an internal error with status 1.
func runContext(ctx context.Context, args []string, stdout, stderr io.Writer) (status int) {
	env := &cliEnv{stdout: stdout, stderr: stderr, interactive: isTerminal(stderr), args: args}
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "nimlab: internal error: %v\n", r)
			status = exitFailure
		}
	}()
	root := newRootCommand(env)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if status, msg, ok := interruption(ctx, err); ok {
		fmt.Fprintf(stderr, "nimlab: %s\n", msg)
		return status
	}
	if err == nil {
		return exitOK
	}
	var ue *usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "nimlab: %s\n", ue.msg)
		return exitUsage
	}
	if isCobraUsageError(err) {
		fmt.Fprintf(stderr, "nimlab: %v (see 'nimlab --help')\n", err)
		return exitUsage
	}
	fmt.Fprintf(stderr, "nimlab: %v\n", err)
	return exitFailure
}

// isCobraUsageError recognises the errors cobra itself returns for an unknown
// subcommand or a wrong number of arguments.
func isCobraUsageError(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand", "accepts ", "requires at least", "requires at most", "invalid argument", "flag needs an argument"} {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}
