package main

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
)

// commandContext is the context a command runs under (cancelled by
// Ctrl-C); a command run outside Execute, as some tests do, has none.
func commandContext(cmd *cobra.Command) context.Context {
	if ctx := cmd.Context(); ctx != nil {
		return ctx
	}
	return context.Background()
}

// noArgs refuses positional arguments as bad input: what names the command
// ("astron study"), accepted the flags it takes instead.
func noArgs(what, accepted string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) > 0 {
			return badInput("%s takes no arguments (got %q); accepted: %s", what, strings.Join(args, " "), accepted)
		}
		return nil
	}
}

// oneArg refuses anything but one positional argument as bad input; need
// says what the command needs ("octal needs exactly one octal code such as
// 0.07"), and the message adds how many it got.
func oneArg(need string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != 1 {
			return badInput("%s (got %d arguments)", need, len(args))
		}
		return nil
	}
}

// someArgs refuses a call without positional arguments as bad input; need
// says what the command needs.
func someArgs(need string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return badInput("%s", need)
		}
		return nil
	}
}

// parseCount reads a non-negative integer flag or argument value; what names
// it in the error message (e.g. "--n").
func parseCount(what, s string) (int, error) {
	t := strings.TrimSpace(s)
	v, err := strconv.ParseInt(t, 10, 64)
	if ne, ok := err.(*strconv.NumError); (ok && ne.Err == strconv.ErrRange && !strings.HasPrefix(t, "-")) || (err == nil && v > maxCount) {
		return 0, badInput("%s %s is out of range; accepted: a whole number from 0 to %d", what, t, int64(maxCount))
	}
	if err != nil || v < 0 {
		return 0, badInput("%s must be a non-negative whole number, got %q", what, s)
	}
	return int(v), nil
}

// maxCount bounds every count read by parseCount: 2^40, beyond any run
// (each command then checks its own, smaller limits).
const maxCount = 1 << 40

// parsePositive reads a whole number of at least 1 (a bound, a width).
func parsePositive(what, s string) (int, error) {
	v, err := parseCount(what, s)
	if err == nil && v < 1 {
		err = badInput("%s must be at least 1, got %q", what, s)
	}
	return v, err
}

// parseDuration reads a positive duration flag such as 30s, 5m or 1h.
func parseDuration(what, s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, badInput("%s %q is not a positive duration; accepted: e.g. 30s, 5m, 1h", what, s)
	}
	return d, nil
}

// parseHeapList reads a comma-separated list of heap sizes such as "3,5,7".
func parseHeapList(what, s string) ([]int, error) {
	accepted := "a comma-separated list of non-negative whole numbers such as 3,5,7"
	if strings.TrimSpace(s) == "" {
		return nil, badInput("%s is empty; accepted: %s", what, accepted)
	}
	parts := strings.Split(s, ",")
	heaps := make([]int, 0, len(parts))
	for i, p := range parts {
		p = strings.TrimSpace(p)
		v, err := strconv.ParseInt(p, 10, 64)
		if err != nil || v < 0 || v > 1<<40 {
			if p == "" {
				return nil, badInput("%s has an empty entry at position %d; accepted: %s", what, i+1, accepted)
			}
			return nil, badInput("%s entry %q is not a heap size; accepted: %s", what, p, accepted)
		}
		heaps = append(heaps, int(v))
	}
	return heaps, nil
}
