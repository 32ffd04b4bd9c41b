package census

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"

	"github.com/nimlab/nimlab/solver/certificate"
	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/safewrite"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// WriteCertificate writes the certificate of a periodic census game to dir
// and returns the file's path. The census keeps no values, so the game is
// computed again in auto mode with the census's heap budget (auto mode stops
// where the period is proven, r.Heaps values); the period found must be
// the one recorded.
func WriteCertificate(ctx context.Context, r *Result, dir, version string) (string, error) {
	if r.Status != Periodic {
		return "", fmt.Errorf("%s: no proven period recorded", r.Code)
	}
	rules, err := takebreak.Parse(r.Code)
	if err != nil {
		return "", err
	}
	return writeCertificate(ctx, octal.NewCode(rules), octal.SolveOptions{Max: max(r.Budget.MaxHeaps, r.Heaps, 1)}, dir, version, r)
}

// WriteGameCertificate computes code in auto mode (up to max heaps) and
// writes its certificate to dir.
func WriteGameCertificate(ctx context.Context, code octal.Code, maxHeaps int, dir, version string, progress func(octal.Progress)) (string, error) {
	return writeCertificate(ctx, code, octal.SolveOptions{Max: maxHeaps, Progress: progress}, dir, version, nil)
}

func writeCertificate(ctx context.Context, code octal.Code, opts octal.SolveOptions, dir, version string, want *Result) (string, error) {
	res, err := octal.Solve(ctx, code, opts)
	if err != nil {
		return "", err
	}
	if !res.Certified {
		return "", fmt.Errorf("%s: no period proven within %d heaps", code, opts.Max)
	}
	if want != nil && (len(res.Values) != want.Heaps || res.Period.Period != want.Period || res.Period.Preperiod != want.Preperiod || res.Period.Saltus != want.Saltus) {
		return "", fmt.Errorf("%s: computed again, the period is %d from %d (saltus %d, %d values), the census recorded %d from %d (saltus %d, %d values)",
			code, res.Period.Period, res.Period.Preperiod, res.Period.Saltus, len(res.Values), want.Period, want.Preperiod, want.Saltus, want.Heaps)
	}
	var buf bytes.Buffer
	h, err := octal.WriteCertificate(&buf, code, res.Values, res.Period, version)
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, certificate.FileName(h.Game.Rules))
	if err := safewrite.WriteFile(path, nil, buf.Bytes()); err != nil {
		return "", err
	}
	return path, nil
}
