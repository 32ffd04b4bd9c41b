package octal

import (
	"context"
	"math"
	"time"
)

// ForecastGeneral estimates how long the general engine (take-and-break
// games with no octal code) takes for G(0..heaps−1): it times two short
// probes, heaps [p/4, p/2) and [p/2, p) with p = min(heaps, 2048), reads
// from their ratio how fast a heap's cost grows (n^e), and extrapolates the
// second probe's time to the whole run. ok is false for octal codes, for
// Grundy's game and for runs no longer than the probe. An estimate, not a
// promise: the engine's tables double now and then, and the machine may be
// busy.
func ForecastGeneral(ctx context.Context, code Code, heaps int) (expected time.Duration, ok bool, err error) {
	// Grundy's game has a sparse engine of its own, whose cost per heap
	// hardly grows: its start-up dominates the probes, and extrapolating
	// them as n^e forecast 828 hours for a run of 0.3 s.
	if !code.usesGeneral() || code.IsGrundysGame() {
		return 0, false, nil
	}
	p := min(heaps, 2048)
	if heaps <= p {
		return 0, false, nil
	}
	e := newGeneralChoice(code, nil, p) // the engine Solve runs (Grundy's game has its own)
	if err := e.extend(ctx, p/4-1, nil); err != nil {
		return 0, false, err
	}
	t0 := time.Now()
	if err := e.extend(ctx, p/2-1, nil); err != nil {
		return 0, false, err
	}
	t1 := time.Since(t0)
	t0 = time.Now()
	if err := e.extend(ctx, p-1, nil); err != nil {
		return 0, false, err
	}
	t2 := time.Since(t0)
	// Over [a, 2a) the sum of n^e grows as a^(e+1): the ratio t2/t1 is
	// 2^(e+1). At least linear, at most cubic growth is assumed.
	grow := 1.0
	if t1 > 0 && t2 > 0 {
		grow = math.Log2(float64(t2)/float64(t1)) - 1
	}
	grow = min(max(grow, 0), 3)
	// The run's sum over [p, heaps) against the probe's over [p/2, p).
	scale := (math.Pow(float64(heaps), grow+1) - math.Pow(float64(p), grow+1)) /
		(math.Pow(float64(p), grow+1) - math.Pow(float64(p/2), grow+1))
	return t2 + time.Duration(float64(t2)*scale), true, nil
}
