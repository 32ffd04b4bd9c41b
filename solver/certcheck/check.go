package certcheck

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nimlab/nimlab/solver/certificate"
)

// Mode is how the values of the window are checked.
type Mode string

const (
	// Auto checks short windows by the definition (Quadratic) and long
	// windows of octal games with the sparse-space check.
	Auto Mode = "auto"
	// Quadratic computes every value as the mex over every move.
	Quadratic Mode = "quadratic"
	// Sparse is the sparse-space check (octal codes only: digits 0-7).
	Sparse Mode = "sparse"
)

// QuadraticLimit is the longest window Auto checks by the definition.
const QuadraticLimit = 40_000

// Options tune Verify; the zero value checks with Auto on every core.
type Options struct {
	Mode Mode
	// Workers is the number of goroutines checking values (0: GOMAXPROCS).
	Workers int
	// Progress, if set, is called from one goroutine at a time with the
	// values checked so far, about five times a second.
	Progress func(done, total int)
}

// Result is a verdict. Checks lists the checks passed, in order; when one
// fails, Check names it and Reason says why (Heap is the heap concerned,
// −1 when none).
type Result struct {
	Verified  bool     `json:"verified"`
	Check     string   `json:"check,omitempty"`
	Reason    string   `json:"reason,omitempty"`
	Heap      int      `json:"heap"`
	Rules     string   `json:"rules"`
	Theorem   string   `json:"theorem"`
	Period    int      `json:"period"`
	Preperiod int      `json:"preperiod"`
	Saltus    int      `json:"saltus"`
	Window    int      `json:"window"`
	Needed    int      `json:"needed"`
	Mode      Mode     `json:"mode"`
	Checks    []string `json:"checks"`
}

// BadInputError is returned for input that is not a certificate at all.
type BadInputError struct{ Err error }

func (e *BadInputError) Error() string { return e.Err.Error() }
func (e *BadInputError) Unwrap() error { return e.Err }

// VerifyFile reads and verifies the certificate in path.
func VerifyFile(ctx context.Context, path string, opts Options) (Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return Result{}, &BadInputError{err}
	}
	defer f.Close()
	h, block, err := certificate.ReadHeader(f)
	if err != nil {
		if errors.Is(err, certificate.ErrNotCertificate) {
			return Result{}, &BadInputError{fmt.Errorf("%s: %w", path, err)}
		}
		return Result{}, err
	}
	return Verify(ctx, h, block, opts)
}

// Verify checks a certificate: the block against its hash, the rules, the
// theorem's hypotheses, every value of the window against the definition,
// the claim on the window, that its period and preperiod are the least, the
// window's length, and the theorem's own conditions. The error is ctx's,
// when it is cancelled; a refusal is a Result with Verified false.
func Verify(ctx context.Context, h certificate.Header, block []byte, opts Options) (Result, error) {
	res := Result{Heap: -1, Rules: h.Game.Rules, Theorem: h.Theorem.Name, Period: h.Claim.Period,
		Preperiod: h.Claim.Preperiod, Saltus: h.Claim.Saltus, Window: h.Values.Count, Mode: opts.Mode, Checks: []string{}}
	if res.Mode == "" {
		res.Mode = Auto
	}
	ref, err := verifyChecks(ctx, h, block, opts, &res)
	if ref != nil {
		res.Check, res.Reason = ref.check, ref.reason
		if ref.heap >= 0 {
			res.Heap = ref.heap
		}
		return res, nil
	}
	if err != nil {
		return res, err
	}
	res.Verified = true
	return res, nil
}

// refusal is a failed check: its name, why, and the heap concerned (−1
// when none).
type refusal struct {
	check, reason string
	heap          int
}

func refuse(check, format string, a ...any) *refusal {
	return &refusal{check: check, reason: fmt.Sprintf(format, a...), heap: -1}
}

func refuseAt(heap int, check, format string, a ...any) *refusal {
	ref := refuse(check, format, a...)
	ref.heap = heap
	return ref
}

// verifyChecks runs the checks in order, appending each one passed to
// res.Checks, and stops at the first refusal (or error).
func verifyChecks(ctx context.Context, h certificate.Header, block []byte, opts Options, res *Result) (*refusal, error) {
	pass := func(check string) { res.Checks = append(res.Checks, check) }
	values, err := certificate.DecodeBlock(h.Values, block)
	if err != nil {
		var be *certificate.BlockError
		if errors.As(err, &be) {
			return refuse(be.Check, "%s", be.Reason), nil
		}
		return nil, err
	}
	pass("block")
	count := len(values)
	if h.Theorem.Window != count {
		return refuse("window", "the theorem's window is %d values, the block holds %d", h.Theorem.Window, count), nil
	}
	if count == 0 {
		return refuse("window", "the block holds no value"), nil
	}
	r, err := parseRules(h.Game.Rules)
	if err != nil {
		return refuse("rules", "%v", err), nil
	}
	pass("rules")

	cl := claim{period: h.Claim.Period, preperiod: h.Claim.Preperiod, saltus: h.Claim.Saltus}
	if cl.period < 1 || cl.preperiod < 0 {
		return refuse("claim", "period %d and preperiod %d: a period is at least 1, a preperiod at least 0", cl.period, cl.preperiod), nil
	}
	needed, tl, ref := theoremWindow(h, r, cl)
	if ref != nil {
		return ref, nil
	}
	res.Needed = needed
	pass("theorem")

	mode, err := valueCheckMode(res.Mode, count, r, h.Game.Rules)
	if err != nil {
		return nil, err
	}
	res.Mode = mode
	if ref, err := checkValues(ctx, r, values, mode, opts); ref != nil || err != nil {
		return ref, err
	}
	pass("values")

	if n := cl.firstBreak(values, 1); n >= 0 {
		p, s := cl.period, cl.saltus
		return refuseAt(n, "periodicity", "G(%d) = %d but G(%d) + %d = %d", n+p, values[n+p], n, s, int(values[n])+s), nil
	}
	pass("periodicity")
	if ref := cl.checkLeastPreperiod(values); ref != nil {
		return ref, nil
	}
	pass("preperiod")
	if ref := cl.checkLeastPeriod(values); ref != nil {
		return ref, nil
	}
	pass("period")
	if count < needed {
		return refuse("window", "the %s needs G(0..%d) for this claim, the certificate has G(0..%d)", h.Theorem.Name, needed-1, count-1), nil
	}
	pass("window")
	if h.Theorem.Name == certificate.ThreesTail {
		c := h.Theorem.Multiple
		if n := cl.firstBreak(values, c); n >= 0 {
			return refuseAt(n, "periodicity", "G(%d) ≠ G(%d) + %d", n+c*cl.period, n, c*cl.saltus), nil
		}
		if check, why := checkThreesTail(values, tl, c*cl.period, c*cl.saltus, cl.preperiod, h.Theorem.Base); check != "" {
			return refuse(check, "%s", why), nil
		}
		pass("threes-tail")
	}
	return nil, nil
}

// theoremWindow checks the theorem's hypotheses on the rules and the saltus
// it proves, and returns the window it needs for the claim (and, for the
// threes-tail certificate, the code's tail).
func theoremWindow(h certificate.Header, r rules, cl claim) (needed int, tl tail, ref *refusal) {
	th := h.Theorem
	switch th.Name {
	case certificate.GuySmith, certificate.FiniteWindow:
		needed, ref = finiteWindow(h, r, cl)
	case certificate.NimLemma:
		needed, ref = nimLemmaWindow(h, r, cl)
	case certificate.ThreesTail:
		needed, tl, ref = threesTailWindow(h, r, cl)
	default:
		ref = refuse("theorem", "unknown theorem %q (known: %s, %s, %s, %s)", th.Name,
			certificate.GuySmith, certificate.FiniteWindow, certificate.NimLemma, certificate.ThreesTail)
	}
	return needed, tl, ref
}

// finiteWindow is theoremWindow for the Guy–Smith theorem (moves may leave
// two heaps or more) and the finite-window theorem (at most one heap).
func finiteWindow(h certificate.Header, r rules, cl claim) (int, *refusal) {
	th := h.Theorem
	if !r.finite() {
		return 0, refuse("theorem", "%s covers finite codes; %s repeats digits for ever", th.Name, h.Game.Rules)
	}
	m, k := r.maxHeaps(), r.k()
	if m >= 2 && th.Name != certificate.GuySmith {
		return 0, refuse("theorem", "moves of %s leave up to %d heaps: the finite-window theorem covers one heap at most", h.Game.Rules, m)
	}
	if m <= 1 && th.Name != certificate.FiniteWindow {
		return 0, refuse("theorem", "moves of %s leave at most one heap: the Guy–Smith window is the finite-window theorem's", h.Game.Rules)
	}
	if th.K != k || (m >= 2 && th.Heaps != m) {
		return 0, refuse("theorem", "the rules give k = %d and %d heaps, the header says k = %d and %d heaps", k, m, th.K, th.Heaps)
	}
	if cl.saltus != 0 {
		return 0, refuse("saltus", "the %s theorem proves ordinary periods (saltus 0), the claim has saltus %d", th.Name, cl.saltus)
	}
	n1 := max(cl.preperiod, 1)
	if m <= 1 {
		return n1 + cl.period + k, nil
	}
	return m*(n1+cl.period) + k, nil
}

// nimLemmaWindow is theoremWindow for the Nim lemma: it proves G(n) = n
// outright, so one value is window enough.
func nimLemmaWindow(h certificate.Header, r rules, cl claim) (int, *refusal) {
	if !nimLemmaHolds(r) {
		return 0, refuse("theorem", "the Nim lemma needs an infinite code with digit 0 before the point and every digit allowing to leave 0 or 1 heap; %s is not one", h.Game.Rules)
	}
	if cl.saltus != 1 {
		return 0, refuse("saltus", "the Nim lemma proves G(n) = n: saltus 1, the claim has saltus %d", cl.saltus)
	}
	if cl.preperiod != 0 {
		return 0, refuse("preperiod", "the Nim lemma proves G(n) = n from heap 0: preperiod 0, the claim has %d", cl.preperiod)
	}
	if cl.period != 1 {
		return 0, refuse("period", "the Nim lemma proves G(n) = n: period 1, the claim has %d", cl.period)
	}
	return 1, nil
}

// threesTailWindow is theoremWindow for the threes-tail certificate.
func threesTailWindow(h certificate.Header, r rules, cl claim) (int, tail, *refusal) {
	th := h.Theorem
	tl, ok := threesTailOf(r)
	if !ok {
		return 0, tl, refuse("theorem", "the threes-tail certificate needs an infinite code of digits 0-7 whose repeated digits are 3, with 0 or 4 before the point; %s is not one", h.Game.Rules)
	}
	if cl.saltus < 1 {
		return 0, tl, refuse("saltus", "the threes-tail certificate proves arithmetic periods (saltus ≥ 1), the claim has saltus %d", cl.saltus)
	}
	c, nc := th.Multiple, th.Base
	if c < 1 {
		return 0, tl, refuse("theorem", "period multiple %d: it must be at least 1", c)
	}
	if least := threesTailBaseMin(tl, cl.preperiod); nc < least {
		return 0, tl, refuse("theorem", "base heap %d: the certificate needs one of at least %d", nc, least)
	}
	needed := nc + c*cl.period
	if c > 1 {
		needed = max(needed, cl.preperiod+(c+1)*cl.period)
	}
	return needed, tl, nil
}

// valueCheckMode resolves Auto: the definition for short windows, the
// sparse-space check for long windows of finite octal codes (the only codes
// it covers).
func valueCheckMode(mode Mode, count int, r rules, text string) (Mode, error) {
	sparseOK := r.octal() && r.finite()
	if mode == Auto {
		mode = Quadratic
		if count > QuadraticLimit && sparseOK {
			mode = Sparse
		}
	}
	if mode == Sparse && !sparseOK {
		return mode, &BadInputError{fmt.Errorf("the sparse-space check covers finite octal codes (digits 0-7); %s is not one", text)}
	}
	return mode, nil
}

// checkValues checks every value of the window against the definition, on
// the workers, and refuses at the smallest heap found wrong.
func checkValues(ctx context.Context, r rules, values []uint16, mode Mode, opts Options) (*refusal, error) {
	top := 1
	for _, v := range values {
		for int(v) >= top {
			top <<= 1
		}
	}
	var heapOK func(n int, m *marks) bool
	if mode == Sparse {
		heapOK = newSparseChecker(r, values, top).heapOK
	} else {
		heapOK = func(n int, m *marks) bool { return definitionValue(r, values, n, m, top) == int(values[n]) }
	}
	bad, err := forEachHeap(ctx, len(values), opts, heapOK)
	if err != nil || bad < 0 {
		return nil, err
	}
	var m marks
	want := definitionValue(r, values, bad, &m, top)
	return refuseAt(bad, "value", "G(%d) is %d by the definition (the mex of its options' values), the certificate says %d", bad, want, values[bad]), nil
}

// claim is G(n+period) = G(n) + saltus for every n ≥ preperiod.
type claim struct{ period, preperiod, saltus int }

// firstBreak returns the first n ≥ preperiod inside the window with
// G(n+c·period) ≠ G(n) + c·saltus, −1 when none.
func (cl claim) firstBreak(values []uint16, c int) int {
	p, s := c*cl.period, c*cl.saltus
	for n := cl.preperiod; n+p < len(values); n++ {
		if int(values[n+p]) != int(values[n])+s {
			return n
		}
	}
	return -1
}

// at is G(n) for any n: inside the window, read; beyond, stepped back into
// it by the claim. Once every check passes the claim is proven, so the
// least period and preperiod are properties of this sequence.
func (cl claim) at(values []uint16, n int) int {
	count := len(values)
	if n < count {
		return int(values[n])
	}
	q := (n - count + cl.period) / cl.period // steps back into the window
	return int(values[n-q*cl.period]) + q*cl.saltus
}

// checkLeastPreperiod refuses when the claim already holds from
// preperiod − 1.
func (cl claim) checkLeastPreperiod(values []uint16) *refusal {
	p, n0, s := cl.period, cl.preperiod, cl.saltus
	if n0 > 0 && cl.at(values, n0-1+p) == cl.at(values, n0-1)+s {
		return refuseAt(n0-1, "preperiod", "G(%d) = G(%d) + %d already: the preperiod is at most %d, not %d", n0-1+p, n0-1, s, n0-1, n0)
	}
	return nil
}

// checkLeastPeriod refuses when a proper divisor period/q (q prime) is a
// period too, with saltus saltus/q.
func (cl claim) checkLeastPeriod(values []uint16) *refusal {
	p, n0, s := cl.period, cl.preperiod, cl.saltus
	for _, q := range primeFactors(p) {
		d := p / q
		if s%q != 0 {
			continue // G(n+d) − G(n) would be s/q
		}
		sd := s / q
		ok := true
		for n := n0; n < n0+p && ok; n++ {
			ok = cl.at(values, n+d) == cl.at(values, n)+sd
		}
		if ok {
			return refuse("period", "G(n+%d) = G(n) + %d for every n ≥ %d as well: the period is at most %d, not %d", d, sd, n0, d, p)
		}
	}
	return nil
}

// forEachHeap runs ok on every heap 0..count−1 on the workers and returns
// the smallest heap where it fails, −1 when none.
func forEachHeap(ctx context.Context, count int, opts Options, ok func(n int, m *marks) bool) (int, error) {
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	const chunk = 256
	var next, done atomic.Int64
	var bad atomic.Int64
	bad.Store(int64(count))
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var m marks
			for ctx.Err() == nil {
				start := int(next.Add(chunk)) - chunk
				if start >= count || int64(start) >= bad.Load() {
					return
				}
				end := min(start+chunk, count)
				for n := start; n < end; n++ {
					if !ok(n, &m) {
						for {
							b := bad.Load()
							if int64(n) >= b || bad.CompareAndSwap(b, int64(n)) {
								break
							}
						}
						break
					}
				}
				done.Add(int64(end - start))
			}
		}()
	}
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-finished:
			if opts.Progress != nil {
				opts.Progress(int(done.Load()), count)
			}
			if err := ctx.Err(); err != nil {
				return -1, err
			}
			if b := int(bad.Load()); b < count {
				return b, nil
			}
			return -1, nil
		case <-tick.C:
			if opts.Progress != nil {
				opts.Progress(int(done.Load()), count)
			}
		}
	}
}

// primeFactors returns the distinct prime factors of n.
func primeFactors(n int) []int {
	var out []int
	for q := 2; q*q <= n; q++ {
		if n%q == 0 {
			out = append(out, q)
			for n%q == 0 {
				n /= q
			}
		}
	}
	if n > 1 {
		out = append(out, n)
	}
	return out
}
