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
	refuse := func(check, format string, a ...any) (Result, error) {
		res.Check, res.Reason = check, fmt.Sprintf(format, a...)
		return res, nil
	}
	pass := func(check string) { res.Checks = append(res.Checks, check) }

	values, err := certificate.DecodeBlock(h.Values, block)
	if err != nil {
		var be *certificate.BlockError
		if errors.As(err, &be) {
			return refuse(be.Check, "%s", be.Reason)
		}
		return res, err
	}
	pass("block")
	count := len(values)
	if h.Theorem.Window != count {
		return refuse("window", "the theorem's window is %d values, the block holds %d", h.Theorem.Window, count)
	}
	if count == 0 {
		return refuse("window", "the block holds no value")
	}
	r, err := parseRules(h.Game.Rules)
	if err != nil {
		return refuse("rules", "%v", err)
	}
	pass("rules")

	p, n0, s := h.Claim.Period, h.Claim.Preperiod, h.Claim.Saltus
	if p < 1 || n0 < 0 {
		return refuse("claim", "period %d and preperiod %d: a period is at least 1, a preperiod at least 0", p, n0)
	}
	// The theorem: its hypotheses on the rules, the saltus it proves and
	// the window it needs.
	th := h.Theorem
	needed := 0
	var tl tail
	switch th.Name {
	case certificate.GuySmith, certificate.FiniteWindow:
		if !r.finite() {
			return refuse("theorem", "%s covers finite codes; %s repeats digits for ever", th.Name, h.Game.Rules)
		}
		m, k := r.maxHeaps(), r.k()
		if m >= 2 && th.Name != certificate.GuySmith {
			return refuse("theorem", "moves of %s leave up to %d heaps: the finite-window theorem covers one heap at most", h.Game.Rules, m)
		}
		if m <= 1 && th.Name != certificate.FiniteWindow {
			return refuse("theorem", "moves of %s leave at most one heap: the Guy–Smith window is the finite-window theorem's", h.Game.Rules)
		}
		if th.K != k || (m >= 2 && th.Heaps != m) {
			return refuse("theorem", "the rules give k = %d and %d heaps, the header says k = %d and %d heaps", k, m, th.K, th.Heaps)
		}
		if s != 0 {
			return refuse("saltus", "the %s theorem proves ordinary periods (saltus 0), the claim has saltus %d", th.Name, s)
		}
		n1 := max(n0, 1)
		if m <= 1 {
			needed = n1 + p + k
		} else {
			needed = m*(n1+p) + k
		}
	case certificate.NimLemma:
		if !nimLemmaHolds(r) {
			return refuse("theorem", "the Nim lemma needs an infinite code with digit 0 before the point and every digit allowing to leave 0 or 1 heap; %s is not one", h.Game.Rules)
		}
		if s != 1 {
			return refuse("saltus", "the Nim lemma proves G(n) = n: saltus 1, the claim has saltus %d", s)
		}
		if n0 != 0 {
			return refuse("preperiod", "the Nim lemma proves G(n) = n from heap 0: preperiod 0, the claim has %d", n0)
		}
		if p != 1 {
			return refuse("period", "the Nim lemma proves G(n) = n: period 1, the claim has %d", p)
		}
		needed = 1
	case certificate.ThreesTail:
		var ok bool
		if tl, ok = threesTailOf(r); !ok {
			return refuse("theorem", "the threes-tail certificate needs an infinite code of digits 0-7 whose repeated digits are 3, with 0 or 4 before the point; %s is not one", h.Game.Rules)
		}
		if s < 1 {
			return refuse("saltus", "the threes-tail certificate proves arithmetic periods (saltus ≥ 1), the claim has saltus %d", s)
		}
		c, nc := th.Multiple, th.Base
		if c < 1 {
			return refuse("theorem", "period multiple %d: it must be at least 1", c)
		}
		if least := threesTailBaseMin(tl, n0); nc < least {
			return refuse("theorem", "base heap %d: the certificate needs one of at least %d", nc, least)
		}
		needed = nc + c*p
		if c > 1 {
			needed = max(needed, n0+(c+1)*p)
		}
	default:
		return refuse("theorem", "unknown theorem %q (known: %s, %s, %s, %s)", th.Name,
			certificate.GuySmith, certificate.FiniteWindow, certificate.NimLemma, certificate.ThreesTail)
	}
	res.Needed = needed
	pass("theorem")

	// Every value of the window, from the definition.
	mode := res.Mode
	if mode == Auto {
		mode = Quadratic
		if count > QuadraticLimit && r.octal() && r.finite() {
			mode = Sparse
		}
	}
	if mode == Sparse && !(r.octal() && r.finite()) {
		return res, &BadInputError{fmt.Errorf("the sparse-space check covers finite octal codes (digits 0-7); %s is not one", h.Game.Rules)}
	}
	res.Mode = mode
	top := 1
	for _, v := range values {
		for int(v) >= top {
			top <<= 1
		}
	}
	var heapOK func(n int, m *marks) bool
	if mode == Sparse {
		sc := newSparseChecker(r, values, top)
		heapOK = sc.heapOK
	} else {
		heapOK = func(n int, m *marks) bool { return definitionValue(r, values, n, m, top) == int(values[n]) }
	}
	bad, err := forEachHeap(ctx, count, opts, heapOK)
	if err != nil {
		return res, err
	}
	if bad >= 0 {
		var m marks
		want := definitionValue(r, values, bad, &m, top)
		res.Heap = bad
		return refuse("value", "G(%d) is %d by the definition (the mex of its options' values), the certificate says %d", bad, want, values[bad])
	}
	pass("values")

	// The claim on the window.
	for n := n0; n+p < count; n++ {
		if int(values[n+p]) != int(values[n])+s {
			res.Heap = n
			return refuse("periodicity", "G(%d) = %d but G(%d) + %d = %d", n+p, values[n+p], n, s, int(values[n])+s)
		}
	}
	pass("periodicity")
	// G beyond the window follows the claim (it is proven once every check
	// passes; the least period and preperiod are properties of that
	// sequence).
	at := func(n int) int {
		if n < count {
			return int(values[n])
		}
		q := (n - count + p) / p // steps back into the window
		return int(values[n-q*p]) + q*s
	}
	if n0 > 0 && at(n0-1+p) == at(n0-1)+s {
		res.Heap = n0 - 1
		return refuse("preperiod", "G(%d) = G(%d) + %d already: the preperiod is at most %d, not %d", n0-1+p, n0-1, s, n0-1, n0)
	}
	pass("preperiod")
	for _, q := range primeFactors(p) {
		d := p / q
		if s%q != 0 {
			continue // G(n+d) − G(n) would be s/q
		}
		sd := s / q
		ok := true
		for n := n0; n < n0+p && ok; n++ {
			ok = at(n+d) == at(n)+sd
		}
		if ok {
			return refuse("period", "G(n+%d) = G(n) + %d for every n ≥ %d as well: the period is at most %d, not %d", d, sd, n0, d, p)
		}
	}
	pass("period")
	if count < needed {
		return refuse("window", "the %s needs G(0..%d) for this claim, the certificate has G(0..%d)", th.Name, needed-1, count-1)
	}
	pass("window")
	if th.Name == certificate.ThreesTail {
		c := th.Multiple
		for n := n0; n+c*p < count; n++ {
			if int(values[n+c*p]) != int(values[n])+c*s {
				res.Heap = n
				return refuse("periodicity", "G(%d) ≠ G(%d) + %d", n+c*p, n, c*s)
			}
		}
		if check, why := checkThreesTail(values, tl, c*p, c*s, n0, th.Base); check != "" {
			return refuse(check, "%s", why)
		}
		pass("threes-tail")
	}
	res.Verified = true
	return res, nil
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
