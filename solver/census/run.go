package census

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sort"
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
	// same budget and engine, and that result (rec may be nil when only the
	// code is known); Run skips them (this is how a killed census resumes).
	// Run asks about every game once, before any game starts, so Known
	// never runs while Record does. A skipped unsolved game that a game
	// still to compute extends has its values recomputed (to rec.Heaps, or
	// with the budget when rec is nil), not recorded: the later game is then
	// checked against them exactly as in a run that was never interrupted,
	// and its same_as is the same.
	Known func(code string) (rec *Result, ok bool)
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
// Its results do not depend on whether an earlier run was interrupted: a
// resumed census records what an uninterrupted one would (up to wall
// times, and to what a time budget cut).
// When ctx is cancelled the games in flight are abandoned (not recorded) and
// Run returns ctx's error with the results finished so far.
func Run(ctx context.Context, fam Family, opts Options) ([]*Result, error) {
	if opts.Budget.MaxHeaps < 1 {
		return nil, fmt.Errorf("the heap budget must be at least 1, got %d", opts.Budget.MaxHeaps)
	}
	if opts.Budget.MaxHeaps > octal.MaxHeaps {
		return nil, fmt.Errorf("a heap budget of %d is more than the %d a run can compute", opts.Budget.MaxHeaps, octal.MaxHeaps)
	}
	jobs := opts.Workers(len(fam.Games))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r := newRunner(fam, opts, cancel)
	todo := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range todo {
				r.game(ctx, i)
			}
		}()
	}
	r.feed(ctx, todo)
	close(todo)
	wg.Wait()
	r.report(true)
	var out []*Result
	for _, res := range r.results {
		if res != nil {
			out = append(out, res)
		}
	}
	if r.firstErr != nil {
		return out, r.firstErr
	}
	return out, ctx.Err()
}

// Workers is how many games Run computes at once for a family of games
// games: Jobs, or GOMAXPROCS when Jobs is 0, and never more than there are
// games (a worker more would only wait: --jobs 1000000 started a million
// goroutines for 8 games), nor fewer than one.
func (o Options) Workers(games int) int {
	jobs := o.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	return max(1, min(jobs, games))
}

// Memory is about how much memory Run needs for a family of games: each
// game in flight holds its values (2 bytes a heap), and an unsolved game
// keeps them while a game that extends it may need them, plus the
// program's own.
func (o Options) Memory(games int) int64 {
	return 2*int64(o.Budget.MaxHeaps)*int64(o.Workers(games)+1) + 64<<20
}

// runner is the state of one Run: the plan, fixed before any game starts,
// and what the workers share under mu.
type runner struct {
	fam    Family
	opts   Options
	cancel context.CancelFunc // stops the census

	order    []int           // games in the order they are handed out
	subsets  [][]int         // the games each game extends
	known    []bool          // games Known reports
	recs     []*Result       // what Known reports about them
	rederive []bool          // known games whose values are recomputed
	done     []chan struct{} // closed when a game is finished or skipped

	mu       sync.Mutex // guards the fields below, and serialises Record and Progress
	prog     Progress
	results  []*Result
	users    []int      // games still to use each game's values
	kept     [][]uint16 // values of unsolved games that others may share
	keptRes  []*Result
	firstErr error
	lastSent time.Time
}

// newRunner plans a census: the order of the games, which games extend
// which, and which known games are computed again.
func newRunner(fam Family, opts Options, cancel context.CancelFunc) *runner {
	n := len(fam.Games)
	r := &runner{fam: fam, opts: opts, cancel: cancel, prog: Progress{Total: n},
		order: sameAsOrder(fam), known: make([]bool, n), recs: make([]*Result, n),
		done: make([]chan struct{}, n), results: make([]*Result, n),
		kept: make([][]uint16, n), keptRes: make([]*Result, n)}
	r.subsets, r.users = extensions(fam)
	// Ask Known about every game before any work starts (Known may read
	// what Record writes).
	if opts.Known != nil {
		for i, g := range fam.Games {
			r.recs[i], r.known[i] = opts.Known(g.Code)
		}
	}
	r.rederive = r.toRederive()
	for i := range r.done {
		r.done[i] = make(chan struct{})
	}
	return r
}

// sameAsOrder is the order in which a census hands out the games of fam:
// games whose moves extend another game's by moves that leave at most one
// heap are computed after it and first checked against its values
// (sameas.go), so the family runs in order of non-split moves.
func sameAsOrder(fam Family) []int {
	order := make([]int, len(fam.Games))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool {
		return nonSplitMoves(fam.Games[order[x]].Octal) < nonSplitMoves(fam.Games[order[y]].Octal)
	})
	return order
}

// extensions returns, for every game of fam, the games it extends
// (sameas.go), and for every game the number of games that extend it.
// Families above maxSameAsFamily games are not compared.
func extensions(fam Family) (subsets [][]int, users []int) {
	subsets = make([][]int, len(fam.Games))
	users = make([]int, len(fam.Games))
	if len(fam.Games) > maxSameAsFamily {
		return subsets, users
	}
	for b, gb := range fam.Games {
		for a, ga := range fam.Games {
			if _, ok := supersetOf(ga.Octal, gb.Octal); ok && a != b {
				subsets[b] = append(subsets[b], a)
				users[a]++
			}
		}
	}
	return subsets, users
}

// toRederive returns the known games to compute again (not record): those
// unsolved that a game to compute, or another recomputed game, extends.
// Extenders come later in order, so one pass backwards finds them all.
func (r *runner) toRederive() []bool {
	rederive := make([]bool, len(r.fam.Games))
	for k := len(r.order) - 1; k >= 0; k-- {
		b := r.order[k]
		if r.known[b] && !rederive[b] {
			continue
		}
		for _, a := range r.subsets[b] {
			if r.known[a] && (r.recs[a] == nil || !r.recs[a].Solved()) {
				rederive[a] = true
			}
		}
	}
	return rederive
}

// feed hands the games out in order, skipping those known and not to be
// computed again, until ctx is cancelled.
func (r *runner) feed(ctx context.Context, todo chan<- int) {
	for _, i := range r.order {
		if r.known[i] && !r.rederive[i] {
			r.mu.Lock()
			r.prog.Done++
			r.prog.Skipped++
			r.release(i)
			r.report(false)
			r.mu.Unlock()
			close(r.done[i])
			continue
		}
		select {
		case todo <- i:
		case <-ctx.Done():
			return
		}
	}
}

// report sends the progress (under mu): at once if force, else at most
// once every progressEvery.
func (r *runner) report(force bool) {
	if r.opts.Progress == nil || (!force && time.Since(r.lastSent) < progressEvery) {
		return
	}
	r.lastSent = time.Now()
	r.opts.Progress(r.prog)
}

// release is called (under mu) when game b no longer needs the values of
// the games it extends.
func (r *runner) release(b int) {
	for _, a := range r.subsets[b] {
		if r.users[a]--; r.users[a] == 0 {
			r.kept[a] = nil
		}
	}
}

// keep holds the values of game i (under mu) while games that extend it
// may need them: only an unsolved game's values are shared.
func (r *runner) keep(i int, vals []uint16, res *Result) {
	if r.users[i] > 0 && !res.Solved() {
		r.kept[i], r.keptRes[i] = vals, res
	}
}

// fail records the census's first error and stops the census (under mu).
func (r *runner) fail(err error) {
	if r.firstErr == nil {
		r.firstErr = err
	}
	r.cancel()
}

// game computes game i, or recomputes its known values, once the games it
// extends are finished.
func (r *runner) game(ctx context.Context, i int) {
	defer close(r.done[i])
	base, ok := r.waitForBase(ctx, i)
	if !ok {
		return
	}
	if r.known[i] {
		r.recomputeKnown(ctx, i, base)
		return
	}
	r.compute(ctx, i, base)
}

// waitForBase waits for the games that game i extends (handed out before
// it) and returns the longest values among them that it may start from;
// ok is false when ctx is cancelled first.
func (r *runner) waitForBase(ctx context.Context, i int) (base *sharedValues, ok bool) {
	g := r.fam.Games[i]
	for _, a := range r.subsets[i] {
		select {
		case <-r.done[a]:
		case <-ctx.Done():
			return nil, false
		}
		r.mu.Lock()
		if r.kept[a] != nil && (base == nil || len(r.kept[a]) > len(base.vals)) {
			ext, _ := supersetOf(r.fam.Games[a].Octal, g.Octal)
			base = &sharedValues{from: r.keptRes[a], vals: r.kept[a], ext: ext}
		}
		r.mu.Unlock()
	}
	return base, true
}

// recomputeKnown computes the values of known game i again for the games
// that extend it; nothing is recorded.
func (r *runner) recomputeKnown(ctx context.Context, i int, base *sharedValues) {
	vals, res, err := recompute(ctx, r.fam.Games[i], r.opts.Budget, r.recs[i], base)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.release(i)
	if err != nil {
		if ctx.Err() != nil {
			r.cancel() // the census is stopping: not this game's error
		} else {
			r.fail(err)
		}
		return
	}
	r.keep(i, vals, res)
	r.prog.Done++
	r.prog.Skipped++
	r.report(false)
}

// compute solves game i and records it.
func (r *runner) compute(ctx context.Context, i int, base *sharedValues) {
	g := r.fam.Games[i]
	res, vals, err := solve(ctx, g, r.opts.Budget, base, func(heaps int) {
		r.mu.Lock()
		r.prog.Code, r.prog.Heaps = g.Code, heaps
		r.report(false)
		r.mu.Unlock()
	})
	r.mu.Lock()
	defer r.mu.Unlock()
	r.release(i)
	if err == nil && r.opts.Record != nil {
		err = r.opts.Record(res)
	}
	if err != nil {
		r.fail(err)
		return
	}
	r.results[i] = res
	r.keep(i, vals, res)
	r.prog.Done++
	if res.Solved() {
		r.prog.Solved++
	}
	r.prog.Code, r.prog.Heaps = g.Code, res.Heaps
	r.report(true)
}

// maxSameAsFamily bounds the families whose games are compared pairwise for
// the shortcut of sameas.go (a quadratic look at the codes, not the values).
const maxSameAsFamily = 1 << 13

// sharedValues are the values of a game that another extends (sameas.go).
type sharedValues struct {
	from *Result
	vals []uint16
	ext  superset
}

// gameContext is the context a game with a time budget runs under; tests
// replace it so that the budget runs out after a fixed amount of work.
var gameContext = func(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, d)
}

// minSaltusHeaps is the fewest values on which a seen arithmetic period
// (saltus ≠ 0) stops a game: its values grow for ever if the period holds,
// so no certificate of an ordinary period can come.
const minSaltusHeaps = 2048

// Solve computes one game within budget: until a theorem certifies its
// period (the Guy–Smith theorem, or its generalisation for take-and-break
// games), or budget.MaxHeaps values, or budget.Time, or until its values
// show an arithmetic period (saltus ≠ 0) over the second half of at least
// minSaltusHeaps values. heaps, if set, is told how many values are known
// about ten times a second.
func Solve(ctx context.Context, g Game, budget Budget, heaps func(int)) (*Result, error) {
	res, _, err := solve(ctx, g, budget, nil, heaps)
	return res, err
}

// recompute returns the values of a game recorded earlier, and the result
// the later games name in same_as: with rec, exactly G(0..rec.Heaps−1),
// which the recorded run computed (from base's values where they agree);
// without rec, what solve computes within budget.
func recompute(ctx context.Context, g Game, budget Budget, rec *Result, base *sharedValues) ([]uint16, *Result, error) {
	if rec == nil {
		res, vals, err := solve(ctx, g, budget, base, nil)
		return vals, res, err
	}
	want := rec.Heaps
	var resume []uint16
	if base != nil {
		n := base.ext.agreement(base.vals)
		if n >= want {
			return base.vals[:want:want], rec, nil
		}
		resume = base.vals[:n:n]
	}
	if want < 1 {
		return nil, rec, nil
	}
	res, err := octal.Solve(ctx, g.Octal, octal.SolveOptions{N: want - 1, Exact: true, Resume: resume, Engine: octal.DenseOrSparse()})
	if err != nil {
		return nil, nil, fmt.Errorf("%s: recomputing its recorded values: %w", g.Code, err)
	}
	return clipValues(res.Values), rec, nil
}

// errSaltus stops a game whose values show an arithmetic period.
var errSaltus = errors.New("arithmetic period seen")

// solve is Solve, starting from the values of the game base (if not nil)
// when g extends it (sameas.go). It also returns g's values.
func solve(ctx context.Context, g Game, budget Budget, base *sharedValues, heaps func(int)) (*Result, []uint16, error) {
	start := time.Now()
	var resume []uint16
	if base != nil {
		n := base.ext.agreement(base.vals)
		if n == len(base.vals) {
			// g has the values of base.from as far as they were computed.
			return sameAs(g, budget, base, time.Since(start))
		}
		resume = base.vals[:n:n]
	}
	gameCtx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	if budget.Time > 0 {
		var cancel context.CancelFunc
		gameCtx, cancel = gameContext(gameCtx, budget.Time)
		defer cancel()
	}
	var (
		partial []uint16
		seen    octal.Period
	)
	opts := octal.SolveOptions{
		Max:    budget.MaxHeaps,
		Resume: resume,
		// The sparse engine, or the dense one where it is faster: the
		// games of 0.??? and 4.??? with no sparse space (densechoice.go).
		Engine: octal.DenseOrSparse(),
		// The checkpoint hook is how Solve hands over the values known when
		// a budget stops it, and where a seen arithmetic period stops it;
		// no file is written. Solve calls it after each step of the run
		// (steps of 1/32 of the values known, at least 1024 heaps).
		Checkpoint: func(v []uint16) error {
			partial = v
			if len(v) >= minSaltusHeaps {
				if p, ok := octal.FindSaltus(v); ok {
					seen = p
					stop(errSaltus)
				}
			}
			return nil
		},
		CheckpointEvery: time.Nanosecond,
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
		if res.Certified {
			return summarize(g, budget, res.Values, res.Period, "", took), res.Values, nil
		}
		vals := clipValues(res.Values)
		return summarize(g, budget, vals, res.SeenPeriod(), "max", took), vals, nil
	case ctx.Err() == nil && partial != nil && errors.Is(context.Cause(gameCtx), errSaltus):
		vals := clipValues(partial)
		return summarize(g, budget, vals, seen, "saltus", took), vals, nil
	case ctx.Err() == nil && errors.As(err, new(*octal.ValueOverflowError)) && partial != nil:
		// A value past the two-byte store: the values before it stand.
		vals := clipValues(partial)
		p, _ := octal.FindSaltus(vals)
		return summarize(g, budget, vals, p, "value", took), vals, nil
	case ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) && partial != nil:
		// The game's own time budget ran out (not the census's context).
		if p, ok := octal.ProvenPeriod(g.Octal, partial); ok {
			// Certified on the values known: cut back to the certificate,
			// as Solve's auto mode does.
			return summarize(g, budget, partial[:p.NeededTo], p, "", took), partial[:p.NeededTo], nil
		}
		vals := clipValues(partial)
		p, _ := octal.FindSaltus(vals)
		return summarize(g, budget, vals, p, "time", took), vals, nil
	}
	return nil, nil, fmt.Errorf("%s: %w", g.Code, err)
}

// clipValues copies values into a slice of their own length: the engine's
// slice has room for the whole heap budget.
func clipValues(v []uint16) []uint16 {
	return append([]uint16(nil), v...)
}

// sameAs is the result of a game that has base.from's values on every heap
// base computed (sameas.go).
func sameAs(g Game, budget Budget, base *sharedValues, took time.Duration) (*Result, []uint16, error) {
	from := base.from
	var p octal.Period
	if q, ok := octal.ProvenPeriod(g.Octal, base.vals); ok {
		p = q // g's certificate is never shorter than base's, so this does not happen
	} else if from.PeriodKind == PeriodSeen {
		p = octal.Period{Period: from.Period, Preperiod: from.Preperiod, Saltus: from.Saltus}
	}
	vals := base.vals
	if p.Certified {
		vals = vals[:p.NeededTo]
	}
	r := summarize(g, budget, vals, p, from.StoppedBy, took)
	if !p.Certified {
		r.StoppedBy = from.StoppedBy
	}
	r.SameAs = from.Code
	return r, vals, nil
}
