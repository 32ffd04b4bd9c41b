package main

import (
	"context"
	"fmt"

	"github.com/nimlab/nimlab/solver/octal"
)

// equivalentReport lists the codes of CODE's family (for an octal code:
// as many digits, the same digit before the point) whose Grundy values
// agree with CODE's.
type equivalentReport struct {
	Digits  int      `json:"digits"`
	Family  string   `json:"family,omitempty"`
	Checked int      `json:"checked_to"`
	Codes   []string `json:"codes"`
	Proven  []bool   `json:"proven"`
	Text    string   `json:"text"`
}

// equivalentCodes runs --equivalent: octal.Equivalent, reported.
func equivalentCodes(ctx context.Context, res *octal.Result, progress func(done, total int)) (*equivalentReport, error) {
	e, err := octal.Equivalent(ctx, res, progress)
	if err != nil {
		return nil, err
	}
	r := &equivalentReport{Digits: e.Digits, Family: e.Family, Checked: e.Checked, Codes: e.Codes, Proven: e.Proven}
	proven := 0
	for _, p := range r.Proven {
		if p {
			proven++
		}
	}
	code := res.Code
	switch {
	case e.Family == "" && len(r.Codes) == 0:
		r.Text = fmt.Sprintf("no other code with %d digits agrees with %s on G(0..%d)", e.Digits, code, e.Checked)
	case e.Family == "":
		r.Text = fmt.Sprintf("%d codes with %d digits agree with %s on G(0..%d) (%d of them proven equal at every heap: both periods proven):", len(r.Codes), e.Digits, code, e.Checked, proven)
	case len(r.Codes) == 0:
		r.Text = fmt.Sprintf("no other code of %s agrees with %s on G(0..%d)", e.Family, code, e.Checked)
	default:
		noun := "codes"
		if len(r.Codes) == 1 {
			noun = "code"
		}
		r.Text = fmt.Sprintf("%d %s of %s agree with %s on G(0..%d) (%d of them proven equal at every heap: both periods proven):", len(r.Codes), noun, e.Family, code, e.Checked, proven)
	}
	return r, nil
}
