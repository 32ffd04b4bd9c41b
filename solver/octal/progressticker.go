package octal

import (
	"context"
	"time"
)

// progressTicker is what an engine's extend loop does every so many heaps:
// look at ctx, and report progress at most every progressInterval (an
// engine does millions of heaps a second; its caller redraws a bar).
type progressTicker struct {
	ctx      context.Context
	progress ProgressFunc
	total    int // upTo + 1
	start    time.Time
	startLen int
	last     time.Time
}

// newProgressTicker starts timing an extend from startLen values to upTo.
func newProgressTicker(ctx context.Context, progress ProgressFunc, startLen, upTo int) *progressTicker {
	now := time.Now()
	return &progressTicker{ctx: ctx, progress: progress, total: upTo + 1, start: now, startLen: startLen, last: now}
}

// check returns ctx's error, if any, and reports done values (rare of them
// rare heaps) when a report is due.
func (t *progressTicker) check(done, rare int) error {
	if err := t.ctx.Err(); err != nil {
		return err
	}
	if t.progress != nil && time.Since(t.last) >= progressInterval {
		t.last = time.Now()
		t.report(done, rare)
	}
	return nil
}

// report tells the caller done values are known, now (the last report of
// an extend is never skipped).
func (t *progressTicker) report(done, rare int) {
	if t.progress != nil {
		t.progress(Progress{Done: done, Total: t.total, Rate: rate(done-t.startLen, t.start), Rare: rare})
	}
}
