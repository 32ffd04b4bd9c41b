package main

import (
	"context"
	"fmt"

	"github.com/nimlab/nimlab/solver/octal"
)

// compareReport says where two games' Grundy sequences first differ.
type compareReport struct {
	Other     string `json:"other"`
	FirstDiff *int   `json:"first_difference,omitempty"`
	Values    [2]int `json:"values_there,omitempty"`
	Checked   int    `json:"checked_to"`
	Proven    bool   `json:"identical_proven"`
	Text      string `json:"text"`
}

// compareGames runs --compare: octal.Compare, reported.
func compareGames(ctx context.Context, res *octal.Result, other octal.Code, opts octal.SolveOptions) (*compareReport, error) {
	c, err := octal.Compare(ctx, res, other, octal.CompareOptions{N: opts.N, Exact: opts.Exact})
	if err != nil {
		return nil, fmt.Errorf("--compare %w", err)
	}
	r := &compareReport{Other: other.String(), Checked: c.Checked, Proven: c.Proven}
	switch {
	case c.Differ:
		n := c.FirstDiff
		r.FirstDiff, r.Values = &n, c.Values
		r.Text = fmt.Sprintf("%s and %s first differ at heap %d: G = %d and %d", c.A, c.B, n, c.Values[0], c.Values[1])
	case c.Proven:
		r.Text = fmt.Sprintf("%s and %s have the same Grundy value at every heap (both periods proven; they agree on G(0..%d))", c.A, c.B, c.Checked)
	default:
		r.Text = fmt.Sprintf("%s and %s agree on G(0..%d), not proven beyond", c.A, c.B, c.Checked)
	}
	return r, nil
}
