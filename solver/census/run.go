package census

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/nimlab/nimlab/solver/octal"
)

// Progress is what Run reports while it works.
type Progress struct {
	Done    int // games finished (computed or skipped)
	Skipped int // games skipped because a result was already known
	Total   int // games in the family (or shard)
	// Code and Heaps: a game in flight and how many of its values are known.
	Code  string
	Heaps int
	// Solved counts the finished games whose period is certified.
	Solved int
}

// Options says how Run computes a family.
type Options struct {
	Budget Budget
	// Jobs is how many games run at once; 0 means GOMAXPROCS. The octal
	// engine uses both cores itself on long runs, so several jobs pay off
	// mostly on the many games that are certified within milliseconds.
	Jobs int
	// Known, if set, reports games whose result is already recorded with the
	// same budget and engine; Run skips them (this is how a killed census
	// resumes).
	Known func(code string) bool
	// Record receives each finished game, one at a time (never
	// concurrently), in the order they finish. An error stops the census.
	Record func(*Result) error
	// Progress, if set, receives progress reports (from one goroutine at a
	// time, at most about ten a second plus one per finished game).
	Progress func(Progress)
}

// progressEvery spaces the in-flight progress reports of one game.
const progressEvery = 100 * time.Millisecond

// Run computes every game of fam that Known does not report, handing each
// result to Record. It returns the results it computed, in family order.
// When ctx is cancelled the games in flight are abandoned (not recorded) and
// Run returns ctx's error with the results finished so far.
func Run(ctx context.Context, fam Family, opts Options) ([]*Result, error) {
	if opts.Budget.MaxHeaps < 1 {
		return nil, fmt.Errorf("the heap budget must be at least 1, got %d", opts.Budget.MaxHeaps)
	}
	if opts.Budget.MaxHeaps > octal.MaxHeaps {
		return nil, fmt.Errorf("a heap budget of %d is more than the %d a run can compute", opts.Budget.MaxHeaps, octal.MaxHeaps)
	}
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	var (
		mu       sync.Mutex // guards the fields below, and serialises Record and Progress
		prog     = Progress{Total: len(fam.Games)}
		results  = make([]*Result, len(fam.Games))
		firstErr error
		lastSent time.Time
	)
	report := func(force bool) {
		if opts.Progress == nil || (!force && time.Since(lastSent) < progressEvery) {
			return
		}
		lastSent = time.Now()
		opts.Progress(prog)
	}
	todo := make(chan int)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range todo {
				g := fam.Games[i]
				res, err := Solve(ctx, g, opts.Budget, func(heaps int) {
					mu.Lock()
					prog.Code, prog.Heaps = g.Code, heaps
					report(false)
					mu.Unlock()
				})
				mu.Lock()
				if err == nil && opts.Record != nil {
					err = opts.Record(res)
				}
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
					cancel()
				} else {
					results[i] = res
					prog.Done++
					if res.Solved() {
						prog.Solved++
					}
					prog.Code, prog.Heaps = g.Code, res.Heaps
					report(true)
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for i, g := range fam.Games {
		if opts.Known != nil && opts.Known(g.Code) {
			mu.Lock()
			prog.Done++
			prog.Skipped++
			report(false)
			mu.Unlock()
			continue
		}
		select {
		case todo <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(todo)
	wg.Wait()
	report(true)
	var out []*Result
	for _, r := range results {
		if r != nil {
			out = append(out, r)
		}
	}
	if firstErr != nil {
		return out, firstErr
	}
	return out, ctx.Err()
}

// Solve computes one game within budget: until the Guy–Smith theorem
// certifies its period, or budget.MaxHeaps values, or budget.Time. heaps,
// if set, is told how many values are known about ten times a second.
func Solve(ctx context.Context, g Game, budget Budget, heaps func(int)) (*Result, error) {
	start := time.Now()
	gameCtx := ctx
	if budget.Time > 0 {
		var cancel context.CancelFunc
		gameCtx, cancel = context.WithTimeout(ctx, budget.Time)
		defer cancel()
	}
	var partial []uint16
	opts := octal.SolveOptions{
		Max: budget.MaxHeaps,
		// The checkpoint hook is how Solve hands over the values known when
		// the time budget stops it; no file is written.
		Checkpoint:      func(v []uint16) error { partial = v; return nil },
		CheckpointEvery: 1000 * time.Hour,
	}
	if heaps != nil {
		var last time.Time
		opts.Progress = func(p octal.Progress) {
			if time.Since(last) >= progressEvery {
				last = time.Now()
				heaps(p.Done)
			}
		}
	}
	res, err := octal.Solve(gameCtx, g.Octal, opts)
	took := time.Since(start)
	switch {
	case err == nil:
		stopped := ""
		if !res.Certified {
			stopped = "max"
		}
		return summarize(g, budget, res.Values, res.Period, res.Certified, stopped, took), nil
	case ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) && partial != nil:
		// The game's own time budget ran out (not the census's context).
		if p, ok := octal.FindPeriod(partial, g.Octal.K()); ok {
			// Certified on the values known: cut back to the certificate,
			// as Solve's auto mode does.
			return summarize(g, budget, partial[:p.NeededTo], p, true, "", took), nil
		}
		return summarize(g, budget, partial, octal.Period{}, false, "time", took), nil
	}
	return nil, fmt.Errorf("%s: %w", g.Code, err)
}
