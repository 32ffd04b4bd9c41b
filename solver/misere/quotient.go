package misere

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Quotient is a misère quotient Q_n of an octal game (the full quotient when
// Certified) with its pretending function Φ on heaps 0..ComputedTo.
//
// Elements are numbered 0..Order-1; element 0 is the identity 1. Names are
// normal-form words in the generators (e.g. "ab²"): for each element the
// least word (by degree, then by exponents of a, b, … in turn, larger first)
// that equals it.
type Quotient struct {
	Code       string   `json:"code"`
	Order      int      `json:"order"`
	Names      []string `json:"elements"`
	Generators []string `json:"generators"`
	Relations  []string `json:"relations"`
	Mul        [][]int  `json:"multiplication"`
	P          []bool   `json:"-"`
	PSet       []int    `json:"p"`
	// Presentation is ⟨generators | relations⟩, e.g. ⟨a, b | a² = 1, b³ = b⟩.
	Presentation string `json:"presentation"`
	// Phi[h] is the element Φ(H_h) for h = 0..ComputedTo.
	Phi        []int `json:"phi"`
	ComputedTo int   `json:"computed_to"`
	// Tame is true when (Q, P) is isomorphic to Nim's T_TameN.
	Tame        bool  `json:"tame"`
	TameN       int   `json:"tame_n,omitempty"`
	Idempotents []int `json:"idempotents"`
	// KernelIdentity z is the product of all idempotents; Kernel is its
	// mutual-divisibility class.
	KernelIdentity int   `json:"kernel_identity"`
	Kernel         []int `json:"kernel"`
	// Normal is true when the kernel meets P only in z.
	Normal bool `json:"normal"`
	// Certified is true when the misère periodicity theorem proves that this
	// is the full quotient and Φ(H_{n+Period}) = Φ(H_n) for all n ≥ Preperiod.
	Certified bool `json:"certified"`
	Period    int  `json:"period,omitempty"`
	Preperiod int  `json:"preperiod,omitempty"`
	// Expansions lists the heaps at which the partial quotient changed.
	Expansions []int `json:"expansions"`
	// Orders[n] is |Q_n| for n = 0..ComputedTo; Seconds[n] is the time
	// Compute had taken when Q_n was known (when Compute built it).
	Orders  []int     `json:"orders"`
	Seconds []float64 `json:"seconds,omitempty"`
	// Stopped says why Compute stopped before a certificate or its heap
	// limit ("" when it did not).
	Stopped string `json:"stopped,omitempty"`
	// NextBound, when Compute stopped while changing the quotient at heap
	// ComputedTo+1, is a certified lower bound on that quotient's order
	// (from the candidates that failed verification; see LowerBound).
	NextBound *LowerBound `json:"next_lower_bound,omitempty"`

	game Rules
}

// Multiply returns x·y.
func (q *Quotient) Multiply(x, y int) int { return q.Mul[x][y] }

// IsP reports whether x is in the P-portion.
func (q *Quotient) IsP(x int) bool { return q.P[x] }

// PSize is |P|.
func (q *Quotient) PSize() int { return len(q.PSet) }

// Tameness names the quotient's class: "tame (T_n)" when (Q, P) is
// isomorphic to Nim's quotient T_n (TameN), else "wild".
func (q *Quotient) Tameness() string {
	if q.Tame {
		return fmt.Sprintf("tame (T_%d)", q.TameN)
	}
	return "wild"
}

// Normality is "normal" when the kernel meets P only in its identity z,
// else "not normal".
func (q *Quotient) Normality() string {
	if q.Normal {
		return "normal"
	}
	return "not normal"
}

// PhiOf returns Φ(H_h): from the table, or through the certified period for
// heaps beyond it.
func (q *Quotient) PhiOf(h int) (int, error) {
	if h < 0 {
		return 0, fmt.Errorf("heap size %d is negative", h)
	}
	if h < len(q.Phi) {
		return q.Phi[h], nil
	}
	if !q.Certified {
		return 0, fmt.Errorf("heap %d is beyond the computed quotient (heaps 0..%d, no period certified)", h, q.ComputedTo)
	}
	n := h - q.Period*((h-q.ComputedTo+q.Period-1)/q.Period)
	return q.Phi[n], nil
}

// snapshot builds the Quotient of the solver's current state.
func (s *Solver) snapshot() *Quotient {
	m, sp, sphi, words, gens := inNormalFormOrder(s.q, s.p, s.phi)
	names := make([]string, m.size)
	for x := range names {
		names[x] = wordName(words[x], gens)
	}
	q := &Quotient{
		Code:       s.g.code.String(),
		game:       s.g.code,
		Order:      m.size,
		Names:      names,
		P:          sp,
		ComputedTo: len(s.phi) - 1,
		Expansions: slices.Clone(s.expansions),
		Orders:     slices.Clone(s.orders),
	}
	for i := range gens {
		q.Generators = append(q.Generators, generatorName(i))
	}
	q.Relations = relations(m, words, gens)
	q.Presentation = "⟨" + strings.Join(q.Generators, ", ") + " | " + strings.Join(q.Relations, ", ") + "⟩"
	if len(q.Relations) == 0 {
		q.Presentation = "⟨" + strings.Join(q.Generators, ", ") + "⟩"
	}
	q.Mul = make([][]int, m.size)
	for x := range q.Mul {
		q.Mul[x] = make([]int, m.size)
		for y := range q.Mul[x] {
			q.Mul[x][y] = int(m.times(int32(x), int32(y)))
		}
		if sp[x] {
			q.PSet = append(q.PSet, x)
		}
	}
	q.Phi = make([]int, len(sphi))
	for h, x := range sphi {
		q.Phi[h] = int(x)
	}
	q.TameN, q.Tame = tameOrder(m, sp)
	q.Idempotents = m.idempotents()
	q.KernelIdentity, q.Kernel = m.kernel()
	q.Normal = true
	for _, x := range q.Kernel {
		if sp[x] && x != q.KernelIdentity {
			q.Normal = false
		}
	}
	if q.PSet == nil {
		q.PSet = []int{}
	}
	return q
}

// inNormalFormOrder renumbers the quotient so that elements come in the
// order of their normal forms (1, a, b, …, a², ab, …).
func inNormalFormOrder(m *monoid, p []bool, phi []int32) (*monoid, []bool, []int32, [][]int, []int32) {
	words, gens := normalForms(m, phi)
	order := make([]int, m.size) // new → old
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(x, y int) int {
		if dx, dy := degree(words[x]), degree(words[y]); dx != dy {
			return dx - dy
		}
		return compareWords(words[x], words[y])
	})
	to := make([]int32, m.size) // old → new
	for i, x := range order {
		to[x] = int32(i)
	}
	m2 := &monoid{size: m.size, mul: make([]int32, len(m.mul))}
	p2 := make([]bool, m.size)
	words2 := make([][]int, m.size)
	for i, x := range order {
		p2[i] = p[x]
		words2[i] = words[x]
		for j, y := range order {
			m2.mul[i*m.size+j] = to[m.times(int32(x), int32(y))]
		}
	}
	phi2 := make([]int32, len(phi))
	for h, x := range phi {
		phi2[h] = to[x]
	}
	gens2 := make([]int32, len(gens))
	for i, g := range gens {
		gens2[i] = to[g]
	}
	return m2, p2, phi2, words2, gens2
}

// normalForms chooses generators (the images of the heaps in order, each one
// not already a product of the earlier ones) and gives every element its
// least word: by degree, then by the exponent of the first generator (larger
// first), then the second, and so on. This order is compatible with
// multiplication, so every divisor of a normal form is a normal form and the
// normal forms can be built degree by degree.
func normalForms(m *monoid, phi []int32) ([][]int, []int32) {
	var gens []int32
	inSub := func() []bool {
		sub, idx := submonoid(m, gens)
		_ = sub
		in := make([]bool, m.size)
		for x, i := range idx {
			in[x] = i >= 0
		}
		return in
	}
	in := inSub()
	for _, x := range phi {
		if !in[x] {
			gens = append(gens, x)
			in = inSub()
		}
	}
	words := make([][]int, m.size)
	words[0] = make([]int, len(gens))
	level := []int{0}
	for len(level) > 0 {
		type cand struct {
			word []int
			elem int32
		}
		var cands []cand
		for _, x := range level {
			for i, g := range gens {
				w := slices.Clone(words[x])
				w[i]++
				cands = append(cands, cand{w, m.times(int32(x), g)})
			}
		}
		slices.SortFunc(cands, func(a, b cand) int { return compareWords(a.word, b.word) })
		level = level[:0]
		for _, c := range cands {
			if words[c.elem] == nil {
				words[c.elem] = c.word
				level = append(level, int(c.elem))
			}
		}
	}
	return words, gens
}

// compareWords orders words of equal degree: a larger exponent of an earlier
// generator comes first (a² < ab < b²).
func compareWords(a, b []int) int {
	for i := range a {
		if a[i] != b[i] {
			return b[i] - a[i]
		}
	}
	return 0
}

func degree(w []int) int {
	d := 0
	for _, e := range w {
		d += e
	}
	return d
}

// relations returns m = NF(m) for every minimal word m that is not a normal
// form (all of its proper divisors are): together they present the monoid.
func relations(m *monoid, words [][]int, gens []int32) []string {
	isNF := map[string]bool{}
	for _, w := range words {
		isNF[fmt.Sprint(w)] = true
	}
	type rel struct{ lhs, rhs []int }
	var rels []rel
	seen := map[string]bool{}
	for x, w := range words {
		for i, g := range gens {
			v := slices.Clone(w)
			v[i]++
			k := fmt.Sprint(v)
			if isNF[k] || seen[k] {
				continue
			}
			minimal := true
			for j := range v {
				if v[j] > 0 {
					d := slices.Clone(v)
					d[j]--
					if !isNF[fmt.Sprint(d)] {
						minimal = false
					}
				}
			}
			if !minimal {
				continue
			}
			seen[k] = true
			rels = append(rels, rel{v, words[m.times(int32(x), g)]})
		}
	}
	slices.SortFunc(rels, func(a, b rel) int {
		if da, db := degree(a.lhs), degree(b.lhs); da != db {
			return da - db
		}
		return compareWords(a.lhs, b.lhs)
	})
	out := make([]string, len(rels))
	for i, r := range rels {
		out[i] = wordName(r.lhs, gens) + " = " + wordName(r.rhs, gens)
	}
	return out
}

// generatorName is a, b, …, z, then g27, g28, ….
func generatorName(i int) string {
	if i < 26 {
		return string(rune('a' + i))
	}
	return fmt.Sprintf("g%d", i+1)
}

var superscripts = []rune("⁰¹²³⁴⁵⁶⁷⁸⁹")

func wordName(w []int, gens []int32) string {
	var b strings.Builder
	for i, e := range w {
		if e == 0 {
			continue
		}
		name := generatorName(i)
		if b.Len() > 0 && len(name) > 1 {
			b.WriteByte('.')
		}
		b.WriteString(name)
		if e > 1 {
			for _, r := range fmt.Sprint(e) {
				b.WriteRune(superscripts[r-'0'])
			}
		}
	}
	if b.Len() == 0 {
		return "1"
	}
	return b.String()
}

// Progress reports how far Compute has got.
type Progress struct {
	Heap  int // Q_Heap is known
	Max   int // the heap limit
	Order int // |Q_Heap|
}

// Options says how far Compute goes.
type Options struct {
	// Max is the last heap computed when no period is certified before it;
	// 0 means DefaultMax.
	Max int
	// Exact computes exactly Q_Max and does not stop at a certificate.
	Exact bool
	// Progress, if set, receives a report after the first heap, then about
	// every 100 ms, and one at the end.
	Progress func(Progress)
}

// DefaultMax is the heap limit of Compute when Options.Max is 0.
const DefaultMax = 300

// Compute builds the partial quotients of code until the misère periodicity
// theorem certifies the full quotient, or up to Options.Max. When it stops
// early (the context is done, or a step needs too much memory: ErrTooLarge)
// it returns the last complete partial quotient together with the error.
func Compute(ctx context.Context, code Rules, opts Options) (*Quotient, error) {
	if opts.Max <= 0 {
		opts.Max = DefaultMax
	}
	s := NewSolver(code)
	start := time.Now()
	// The first report comes after the first heap, so a window learns at
	// once that the job runs even when the next heap takes minutes.
	var last time.Time
	seconds := []float64{0}
	var cert periodCertificate
	certified := false
	for s.Last() < opts.Max {
		err := ctx.Err()
		if err == nil {
			err = s.Next(ctx)
		}
		if err != nil {
			q := s.snapshot()
			q.Seconds = seconds
			q.Stopped = err.Error()
			if b, ok := s.NextLowerBound(); ok {
				q.NextBound = &b
			}
			return q, fmt.Errorf("%s: stopped after heap %d (Q_%d, of order %d, is complete): %w", code, s.Last(), s.Last(), s.Order(), err)
		}
		seconds = append(seconds, time.Since(start).Seconds())
		if !certified {
			cert, certified = s.certify()
			if certified && !opts.Exact {
				break
			}
		}
		if opts.Progress != nil && time.Since(last) > 100*time.Millisecond {
			last = time.Now()
			opts.Progress(Progress{Heap: s.Last(), Max: opts.Max, Order: s.Order()})
		}
	}
	q := s.snapshot()
	q.Seconds = seconds
	if certified {
		q.Certified, q.Period, q.Preperiod = true, cert.period, cert.preperiod
	}
	if opts.Progress != nil {
		opts.Progress(Progress{Heap: s.Last(), Max: opts.Max, Order: s.Order()})
	}
	return q, nil
}

// Quotient returns the solver's current partial quotient Q_n (not certified).
func (s *Solver) Quotient() *Quotient { return s.snapshot() }

type periodCertificate struct {
	period, preperiod int
}

// certify applies the misère periodicity theorem (Di Prisa, Thm 3.17) to the
// current Q_M: if Φ_M(H_{n+p}) = Φ_M(H_n) for n0 ≤ n ≤ 2n0 + p + k with
// M = 2n0 + 2p + k, then Q = Q_M and Φ has period p from n0. The theorem needs
// n0 ≥ 1: its proof lowers a heap a ≥ n0 + p of an option H_a + H_b to a − p,
// which must stay a heap for the lowered move to be a move of the same kind.
// The smallest such p is reported, with the least n0 from which the computed
// Φ repeats (the theorem covers the heaps from its n0 on, the table the rest).
func (s *Solver) certify() (periodCertificate, bool) {
	m := len(s.phi) - 1
	k := s.g.code.K()
	if k < 0 {
		return periodCertificate{}, false // the theorem is proved for octal games
	}
	for p := 1; 2*p+k+2 <= m; p++ {
		if (m-2*p-k)%2 != 0 {
			continue
		}
		n0 := (m - 2*p - k) / 2
		ok := true
		for n := n0; n+p <= m; n++ {
			if s.phi[n+p] != s.phi[n] {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		pre := n0
		for pre > 0 && s.phi[pre-1+p] == s.phi[pre-1] {
			pre--
		}
		return periodCertificate{period: p, preperiod: pre}, true
	}
	return periodCertificate{}, false
}
