package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/nimlab/nimlab/solver/nimber"
)

func init() { registerSubcommand(newNimberCommand) }

// nimberReport is the JSON object printed by `nimlab nimber --json`. The
// numbers are uint64 and print as exact JSON integers, also above 2^53
// (a reader that parses JSON numbers as doubles must take care).
type nimberReport struct {
	Op     string  `json:"op"`
	A      uint64  `json:"a"`
	B      *uint64 `json:"b,omitempty"`
	Result uint64  `json:"result"`
}

// nimberOps maps each operation to its number of operands.
var nimberOps = map[string]int{"add": 2, "mul": 2, "inv": 1, "sqrt": 1, "pow": 2}

func newNimberCommand(env *cliEnv) *cobra.Command {
	var jsonOut bool
	cmd := &cobra.Command{
		Use:   "nimber add|mul|inv|sqrt|pow A [B]",
		Short: "64-bit nim arithmetic: nim-sum, nim-product, inverse, square root, power",
		Long: `Nim arithmetic on 64-bit nimbers (the field GF(2^64) of nimbers below 2^64):

  add A B    nim-sum A ⊕ B (exclusive or)
  mul A B    nim-product A ⊗ B (e.g. 2⊗2 = 3, 4⊗4 = 6, 8⊗8 = 13)
  inv A      the nimber X with A ⊗ X = 1 (A ≠ 0)
  sqrt A     the nimber X with X ⊗ X = A
  pow A N    A ⊗ A ⊗ … ⊗ A (N factors; N is an ordinary whole number)

A and B are decimal (0 … 18446744073709551615) or hexadecimal with 0x.`,
		Example: `  nimlab nimber mul 8 8
  nimlab nimber inv 0x10000 --json
  nimlab nimber pow 2 3`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runNimber(env, args, jsonOut)
		},
	}
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		if neg := negativeArgument(err); neg != "" {
			return badInput("operand %s is negative; accepted: a whole number 0 … 2^64−1, decimal or 0x-hex", neg)
		}
		return badInput("%s: %v (see 'nimlab nimber --help')", c.CommandPath(), err)
	})
	cmd.Flags().BoolVar(&jsonOut, "json", false, "print one JSON object")
	return cmd
}

func runNimber(env *cliEnv, args []string, jsonOut bool) error {
	if len(args) == 0 {
		return badInput("nimber needs an operation and its operands; accepted: add A B, mul A B, inv A, sqrt A, pow A N")
	}
	op := strings.ToLower(args[0])
	want, ok := nimberOps[op]
	if !ok {
		return badInput("unknown nimber operation %q; accepted: add, mul, inv, sqrt, pow", args[0])
	}
	operands := args[1:]
	if len(operands) != want {
		form := map[int]string{1: op + " A", 2: op + " A B"}[want]
		if op == "pow" {
			form = "pow A N"
		}
		return badInput("%s takes %d operand(s), got %d; usage: nimlab nimber %s", op, want, len(operands), form)
	}
	names := []string{"A", "B"}
	if op == "pow" {
		names[1] = "N"
	}
	vals := make([]uint64, len(operands))
	for i, s := range operands {
		v, err := parseNimber(s)
		if err != nil {
			return badInput("operand %s %q %s; accepted: a whole number 0 … 2^64−1, decimal or 0x-hex", names[i], s, err)
		}
		vals[i] = v
	}
	var result uint64
	switch op {
	case "add":
		result = nimber.Add(vals[0], vals[1])
	case "mul":
		result = nimber.Mul(vals[0], vals[1])
	case "pow":
		result = nimber.Pow(vals[0], vals[1])
	case "sqrt":
		result = nimber.Sqrt(vals[0])
	case "inv":
		inv, ok := nimber.Inv(vals[0])
		if !ok {
			return badInput("0 has no nim-inverse; accepted: A ≥ 1")
		}
		result = inv
	}
	report := nimberReport{Op: op, A: vals[0], Result: result}
	if len(vals) == 2 {
		report.B = &vals[1]
	}
	if jsonOut {
		return writeJSON(env.stdout, report)
	}
	sym := map[string]string{"add": "⊕", "mul": "⊗"}[op]
	switch op {
	case "add", "mul":
		fmt.Fprintf(env.stdout, "%d %s %d = %d (%#x)\n", vals[0], sym, vals[1], result, result)
	case "pow":
		fmt.Fprintf(env.stdout, "%d^%d = %d (%#x)\n", vals[0], vals[1], result, result)
	case "inv":
		fmt.Fprintf(env.stdout, "%d^-1 = %d (%#x)\n", vals[0], result, result)
	case "sqrt":
		fmt.Fprintf(env.stdout, "sqrt %d = %d (%#x)\n", vals[0], result, result)
	}
	return nil
}

// parseNimber reads a 64-bit nimber in decimal or 0x-hex; the error says
// what is wrong with it ("is negative", …).
func parseNimber(s string) (uint64, error) {
	t := strings.TrimSpace(s)
	base := 10
	if strings.HasPrefix(t, "0x") || strings.HasPrefix(t, "0X") {
		t, base = t[2:], 16
	}
	if strings.HasPrefix(t, "-") {
		return 0, fmt.Errorf("is negative")
	}
	v, err := strconv.ParseUint(t, base, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return 0, fmt.Errorf("is larger than 2^64−1")
		}
		return 0, fmt.Errorf("is not a number")
	}
	return v, nil
}
