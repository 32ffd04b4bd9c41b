package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/nimber"
)

func runNimberJSON(t *testing.T, args ...string) (result json.Number, raw string) {
	t.Helper()
	status, out, errOut := runNimlab(t, append([]string{"nimber"}, append(args, "--json")...)...)
	require.Equal(t, exitOK, status, errOut)
	dec := json.NewDecoder(strings.NewReader(out))
	dec.UseNumber()
	var r struct {
		Result json.Number `json:"result"`
	}
	require.NoError(t, dec.Decode(&r))
	return r.Result, out
}

func TestNimberSmallValues(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"mul", "8", "8"}, "13"}, // SPEC §2
		{[]string{"mul", "2", "2"}, "3"},
		{[]string{"mul", "4", "4"}, "6"},
		{[]string{"add", "5", "3"}, "6"},
		{[]string{"inv", "2"}, "3"},  // 2 ⊗ 3 = 1 in GF(4)
		{[]string{"sqrt", "3"}, "2"}, // 2 ⊗ 2 = 3
		{[]string{"pow", "2", "3"}, "1"},
		{[]string{"pow", "2", "0"}, "1"},
		{[]string{"mul", "0x10000", "0x10000"}, strconv.Itoa(1<<16 | 1<<15)},
	}
	for _, tc := range tests {
		got, _ := runNimberJSON(t, tc.args...)
		assert.Equal(t, tc.want, got.String(), "%v", tc.args)
	}
}

// Results above 2^53 must be exact JSON integers, not rounded floats.
func TestNimberLargeValuesAreExactJSONIntegers(t *testing.T) {
	a, b := uint64(0xfedcba9876543210), uint64(0xffffffffffffffff)
	got, raw := runNimberJSON(t, "mul", "0xfedcba9876543210", "18446744073709551615")
	want := nimber.Mul(a, b)
	assert.Equal(t, strconv.FormatUint(want, 10), got.String())
	assert.Contains(t, raw, `"a": 18364758544493064720`)
	assert.Contains(t, raw, `"b": 18446744073709551615`)

	inv, _ := runNimberJSON(t, "inv", "18446744073709551615")
	x, err := strconv.ParseUint(inv.String(), 10, 64)
	require.NoError(t, err)
	assert.Equal(t, uint64(1), nimber.Mul(b, x), "A ⊗ inv(A) = 1")

	root, _ := runNimberJSON(t, "sqrt", "0x8000000000000000")
	r, err := strconv.ParseUint(root.String(), 10, 64)
	require.NoError(t, err)
	assert.Equal(t, uint64(1)<<63, nimber.Mul(r, r))
}

func TestNimberTextOutput(t *testing.T) {
	status, out, _ := runNimlab(t, "nimber", "mul", "8", "8")
	require.Equal(t, exitOK, status)
	assert.Equal(t, "8 ⊗ 8 = 13 (0xd)\n", out)
}

func TestNimberBadInput(t *testing.T) {
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"nimber", "inv", "0"}, "0 has no nim-inverse"},
		{[]string{"nimber", "mul", "3"}, "mul takes 2 operand(s), got 1"},
		{[]string{"nimber", "inv", "3", "4"}, "inv takes 1 operand(s), got 2"},
		{[]string{"nimber"}, "needs an operation"},
		{[]string{"nimber", "div", "3", "4"}, "unknown nimber operation"},
		{[]string{"nimber", "mul", "3", "-4"}, "operand -4 is negative"},
		{[]string{"nimber", "mul", "3", "x"}, "operand B \"x\" is not a number"},
		{[]string{"nimber", "add", "0x", "1"}, "not a number"},
		{[]string{"nimber", "add", "18446744073709551616", "1"}, "larger than 2^64−1"},
		{[]string{"nimber", "pow", "2", "0x1ffffffffffffffff"}, "operand N"},
	}
	for _, tc := range tests {
		status, out, errOut := runNimlab(t, tc.args...)
		assert.Equal(t, exitUsage, status, "%v: %s", tc.args, errOut)
		assert.Empty(t, out)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "%v: %q", tc.args, errOut)
		assert.Contains(t, errOut, tc.msg, "%v", tc.args)
	}
}
