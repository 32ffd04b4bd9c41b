package octal

import (
	"context"
	"fmt"
	"time"
)

// Forecast says how a run will go before it starts: whether the code shows
// a sparse space in its first values and, when it does not, that every
// heap will scan all its splits (the quadratic engine is then the only
// exact choice) and how long that should take.
type Forecast struct {
	Space Space
	// Quadratic is true when the first Probe values show no sparse space
	// and the code splits heaps: heap n then costs O(n).
	Quadratic bool
	Probe     int
	// Expected is the estimated time of the whole run when Quadratic.
	Expected time.Duration
	// Note says so in one line, for the CLI and the window ("" when the
	// run is not quadratic).
	Note string
}

// forecastProbe is how many values ForecastRun computes: a few
// milliseconds even without a sparse space.
const forecastProbe = 1 << 13

// ForecastRun computes the first values of code (at most forecastProbe)
// and forecasts a run of heaps heaps. The estimate extrapolates the time
// of the probe's second half by the square of the heap (the cost of a heap
// grows with it); the engine goes on looking for a sparse space as the run
// grows, so a run may still turn out faster.
func ForecastRun(ctx context.Context, code Code, heaps int) (Forecast, error) {
	return forecastRun(ctx, code, heaps, nil)
}

// forecastRun is ForecastRun, with the space forced when space is not nil
// (tests: no octal code met so far lacks a sparse space in its first
// values, 0.106 lacked only the second type).
func forecastRun(ctx context.Context, code Code, heaps int, space *Space) (Forecast, error) {
	probe := min(heaps, forecastProbe)
	s := NewSparse(code, nil)
	if space != nil {
		if err := s.SetSpace(*space); err != nil {
			return Forecast{}, err
		}
	}
	if err := s.Extend(ctx, probe/2, nil); err != nil {
		return Forecast{}, err
	}
	start := time.Now()
	if err := s.Extend(ctx, probe-1, nil); err != nil {
		return Forecast{}, err
	}
	took := time.Since(start)
	fc := Forecast{Space: s.Space(), Probe: probe}
	if fc.Space.Mask != 0 || len(s.split) == 0 || heaps <= probe {
		return fc, nil
	}
	fc.Quadratic = true
	// Σ n over [a, b) ≈ (b² − a²)/2: the run's sum over the probe's.
	a, b, n := float64(probe/2), float64(probe), float64(heaps)
	fc.Expected = time.Duration(float64(took) * (n*n - a*a) / (b*b - a*a))
	fc.Note = fmt.Sprintf("%s shows no sparse space in its first %d values: every heap scans all its splits (the quadratic engine is the only exact choice), about %s for %d heaps on this machine",
		code, probe, roundDuration(fc.Expected), heaps)
	return fc, nil
}

// roundDuration keeps two or three significant figures.
func roundDuration(d time.Duration) string {
	switch {
	case d >= 48*time.Hour:
		return fmt.Sprintf("%.1f days", d.Hours()/24)
	case d >= time.Hour:
		return d.Round(time.Minute).String()
	case d >= time.Minute:
		return d.Round(time.Second).String()
	}
	return d.Round(100 * time.Millisecond).String()
}
