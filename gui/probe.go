package gui

import (
	"encoding/json"
	"slices"
	"sync"
	"time"

	"fyne.io/fyne/v2"

	"github.com/nimlab/nimlab/gui/widgets"
	"github.com/nimlab/nimlab/solver/safewrite"
)

// LatencyReport is what the UI-latency probe measured: how long a function
// handed to fyne.DoAndWait waited before the UI thread ran it. Every widget
// update of a worker goes through the same queue, so a UI update (or a
// redraw, or an event handler) that blocks the UI thread for t shows up as a
// probe latency of about t.
type LatencyReport struct {
	Samples  int     `json:"samples"`
	MaxMs    float64 `json:"max_ms"`
	P99Ms    float64 `json:"p99_ms"`
	MedianMs float64 `json:"median_ms"`
	Over100  int     `json:"over_100ms"`
	Seconds  float64 `json:"seconds"`
	// PerSecondMaxMs[i] is the largest latency during second i after the
	// probe started, so a script can look at just the seconds a job ran.
	PerSecondMaxMs []float64 `json:"per_second_max_ms"`
	// WorkerUpdates is how many widget updates workers sent through
	// fyne.Do, and UpdateMaxMs the longest any of them ran on the UI thread.
	WorkerUpdates int     `json:"worker_updates"`
	UpdateMaxMs   float64 `json:"update_max_ms"`
	UpdateMeanMs  float64 `json:"update_mean_ms"`
}

// StartLatencyProbe pings the UI thread every interval until stop is
// closed, and rewrites the report to path (atomically) every second. The
// nimlab binary starts it when NIMLAB_UI_PROBE names a file; it is how
// docs/BENCHMARKS.md's "no UI update blocks > 100 ms" was measured.
func StartLatencyProbe(path string, interval time.Duration, stop <-chan struct{}) {
	var mu sync.Mutex
	var lat []time.Duration
	var perSecond []float64
	start := time.Now()
	write := func() {
		mu.Lock()
		r := summarise(lat, time.Since(start))
		r.PerSecondMaxMs = slices.Clone(perSecond)
		mu.Unlock()
		count, longest, total := widgets.UpdateStats()
		r.WorkerUpdates = count
		r.UpdateMaxMs = float64(longest.Microseconds()) / 1000
		if count > 0 {
			r.UpdateMeanMs = float64(total.Microseconds()) / 1000 / float64(count)
		}
		if b, err := json.MarshalIndent(r, "", "  "); err == nil {
			_ = safewrite.WriteFile(path, nil, append(b, '\n'))
		}
	}
	go func() {
		tick := time.NewTicker(interval)
		defer tick.Stop()
		last := time.Now()
		for {
			select {
			case <-stop:
				write()
				return
			case <-tick.C:
			}
			t0 := time.Now()
			fyne.DoAndWait(func() {})
			d := time.Since(t0)
			mu.Lock()
			lat = append(lat, d)
			sec := int(t0.Sub(start) / time.Second)
			for len(perSecond) <= sec {
				perSecond = append(perSecond, 0)
			}
			perSecond[sec] = max(perSecond[sec], float64(d.Microseconds())/1000)
			mu.Unlock()
			if time.Since(last) >= time.Second {
				last = time.Now()
				write()
			}
		}
	}()
}

func summarise(lat []time.Duration, elapsed time.Duration) LatencyReport {
	r := LatencyReport{Samples: len(lat), Seconds: elapsed.Seconds()}
	if len(lat) == 0 {
		return r
	}
	s := slices.Clone(lat)
	slices.Sort(s)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	r.MaxMs = ms(s[len(s)-1])
	r.P99Ms = ms(s[len(s)*99/100])
	r.MedianMs = ms(s[len(s)/2])
	for _, d := range s {
		if d > 100*time.Millisecond {
			r.Over100++
		}
	}
	return r
}
