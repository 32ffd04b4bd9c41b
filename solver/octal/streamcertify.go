package octal

import (
	"context"
	"errors"
	"fmt"
	"time"
	"unsafe"

	"github.com/nimlab/nimlab/solver/internal/osmem"
)

// CertifyStream is auto mode in the memory of a stream: it computes the
// values of code with a Stream (the first and the last values only) until
// the Guy–Smith theorem proves a period, and reports the same period,
// preperiod and certificate length as Solve in auto mode, without keeping
// the values.
//
// Solve keeps every value because its certifier compares G(n) with G(n−p)
// for periods p up to n/2 and reads far back once to find a candidate's last
// irregular heap. Here the certifier keeps a history of the last values
// instead (one byte a value while every value is below 256), the hashes of
// its aligned blocks, and the candidates: a period p is followed heap by
// heap as long as p fits in the history, and its last irregular heap is
// found in it when the candidate is first seen, which happens within
// max(256, min(n/16, History/16)) heaps of the moment the last values repeat
// p back. A question the history cannot answer (a candidate's irregular
// heap older than it, a smaller period the settling step cannot rule out
// inside it) stops the run with an error saying so: never a guess.
//
// 0.1777 (period 60,620,715) needs a history of 2^26 values: 64 MiB.

// StreamCertifyOptions configures CertifyStream.
type StreamCertifyOptions struct {
	// Stream sets the stream's windows (see StreamOptions); its Heaps is
	// set from Max.
	Stream StreamOptions
	// History is how many of the last values the certifier keeps (a power
	// of two is used, at least this); 0 means DefaultHistory. The longest
	// period it can prove is a little below it.
	History int
	// Max bounds the run: values are computed until a period is certified
	// or Max heaps are known. 0 means StreamMaxHeaps.
	Max int
	// Progress, if set, receives progress reports.
	Progress ProgressFunc
}

// DefaultHistory is the certifier's default history: 2^26 values, 64 MiB
// while the values stay below 256.
const DefaultHistory = 1 << 26

// StreamCertifyResult is the outcome of CertifyStream.
type StreamCertifyResult struct {
	Code Code
	// Period is the certified period (Certified), with its certificate
	// length NeededTo: the values an auto-mode run of Solve returns.
	Period    Period
	Certified bool
	// Heaps is how many values the run computed: Period.NeededTo when
	// certified, Max otherwise.
	Heaps int
	// MaxValue is the largest of G(0..Heaps−1), first at heap MaxAt.
	MaxValue, MaxAt int
	Space           Space
	Rare            []int
	// History is the number of last values the certifier kept, and
	// LongestPeriod the longest period it can follow.
	History, LongestPeriod int
}

// CertifyStream runs auto mode in constant memory (see above).
func CertifyStream(ctx context.Context, code Code, opts StreamCertifyOptions) (*StreamCertifyResult, error) {
	limit := opts.Max
	if limit <= 0 {
		limit = StreamMaxHeaps
	}
	so := opts.Stream
	so.Heaps = limit
	st, err := NewStream(code, so)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	c := newStreamCertifier(code.K(), opts.History)
	defer c.h.free()
	start := time.Now()
	step := max(1, min(st.chunk(), st.window/2))
	res := &StreamCertifyResult{Code: code, History: c.h.size(), LongestPeriod: c.longestPeriod()}
	var lastReport time.Time
	for {
		n := st.Len()
		if n >= limit {
			p, ok, err := c.finish()
			if err != nil {
				return nil, fmt.Errorf("%s: %w", code, err)
			}
			res.Heaps = n
			if ok {
				res.Period, res.Certified, res.Heaps = p, true, p.NeededTo
			}
			break
		}
		// Short steps at first, as Solve takes: a small period is proven
		// within a few hundred heaps.
		if err := st.Extend(ctx, min(limit-1, n+min(step, max(1024, n/32))-1), nil); err != nil {
			return nil, err
		}
		vals := st.Kept(n, st.Len())
		if vals == nil {
			return nil, fmt.Errorf("internal: G(%d..%d) are no longer kept", n, st.Len()-1)
		}
		p, ok, err := c.feed(vals)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", code, err)
		}
		if ok {
			res.Period, res.Certified, res.Heaps = p, true, p.NeededTo
			break
		}
		if opts.Progress != nil && time.Since(lastReport) >= progressInterval {
			lastReport = time.Now()
			opts.Progress(Progress{Done: st.Len(), Total: limit, Rate: rate(st.Len(), start), Rare: len(st.s.rare), PeriodGuess: c.guess()})
		}
	}
	res.MaxValue, res.MaxAt = c.maxUpTo(res.Heaps)
	res.Space, res.Rare = st.Space(), st.Rare()
	if opts.Progress != nil {
		opts.Progress(Progress{Done: res.Heaps, Total: limit, Rate: rate(st.Len(), start), Rare: len(res.Rare)})
	}
	return res, nil
}

// valueHistory is a ring of the last values of a run: one byte each while
// every value is below 256, two bytes from the first that is not.
type valueHistory struct {
	b8      []uint8
	b16     []uint16
	regions [][]byte // the memory mapped for b8 and b16
	mask    int
	n       int // values appended: G(0..n−1)
}

func newValueHistory(size int) valueHistory {
	size = 1 << bitLen(max(size, hashMinPeriod*4)-1)
	h := valueHistory{mask: size - 1}
	h.b8 = h.alloc(size)
	return h
}

// alloc returns n zero bytes for the ring: mapped outside the Go heap where
// the system allows (a 64 MiB ring in the heap lets the collector wait for
// as much garbage again before it runs), else from make.
func (h *valueHistory) alloc(n int) []byte {
	if region, err := osmem.Reserve(n); err == nil {
		if osmem.Commit(region, 0, n) == nil {
			h.regions = append(h.regions, region)
			return region
		}
		osmem.Free(region)
	}
	return make([]byte, n)
}

// free hands the mapped rings back; the history must not be used after.
func (h *valueHistory) free() {
	for _, r := range h.regions {
		osmem.Free(r)
	}
	h.regions, h.b8, h.b16 = nil, nil, nil
}

// bitLen is the number of bits of x ≥ 0.
func bitLen(x int) int {
	n := 0
	for ; x > 0; x >>= 1 {
		n++
	}
	return n
}

func (h *valueHistory) size() int { return h.mask + 1 }

// start is the first heap whose value is kept.
func (h *valueHistory) start() int { return max(0, h.n-h.size()) }

// at returns G(i), start() ≤ i < n.
func (h *valueHistory) at(i int) uint16 {
	if h.b16 != nil {
		return h.b16[i&h.mask]
	}
	return uint16(h.b8[i&h.mask])
}

// pushAll appends values that fit in the ring without wrapping; false
// (and nothing appended) when one of them is 256 or more and the ring
// holds bytes.
func (h *valueHistory) pushAll(values []uint16) bool {
	i := h.n & h.mask
	if h.b16 != nil {
		copy(h.b16[i:i+len(values)], values)
		h.n += len(values)
		return true
	}
	var or uint16
	for _, v := range values {
		or |= v
	}
	if or >= 256 {
		return false
	}
	dst := h.b8[i : i+len(values)]
	for k, v := range values {
		dst[k] = uint8(v)
	}
	h.n += len(values)
	return true
}

// hash is hashValues of the block of hashBlock values at a (a multiple of
// hashBlock, inside the history).
func (h *valueHistory) hash(a int) uint64 {
	i := a & h.mask
	if h.b16 != nil {
		return hashValues(h.b16[i : i+hashBlock])
	}
	// hashValues in four interleaved chains (one multiplication's latency
	// a value is what a single chain costs): chain r sums the values
	// 4j + r times (hashMul^4)^(63−j).
	const mask = 1<<64 - 1
	const m2 = hashMul * hashMul & mask
	const m3 = m2 * hashMul & mask
	const m4 = m2 * m2 & mask
	b := h.b8[i : i+hashBlock]
	var h0, h1, h2, h3 uint64
	for j := 0; j+3 < len(b); j += 4 {
		h0 = h0*m4 + uint64(b[j])
		h1 = h1*m4 + uint64(b[j+1])
		h2 = h2*m4 + uint64(b[j+2])
		h3 = h3*m4 + uint64(b[j+3])
	}
	return h0*m3 + h1*m2 + h2*hashMul + h3
}

// push appends G(n).
func (h *valueHistory) push(v uint16) {
	if h.b16 == nil {
		if v < 256 {
			h.b8[h.n&h.mask] = uint8(v)
			h.n++
			return
		}
		mem := h.alloc(2 * h.size())
		h.b16 = unsafe.Slice((*uint16)(unsafe.Pointer(&mem[0])), h.size())
		for i, b := range h.b8 {
			h.b16[i] = uint16(b)
		}
		h.b8 = nil
	}
	h.b16[h.n&h.mask] = v
	h.n++
}

// errHistory is why a streamed certification stops when its history is
// too short.
var errHistory = errors.New("the certificate check needs values older than the history it keeps")

// streamCertifier is the certifier of Solve (certify.go) over a history of
// the last values: the same candidates, looks and settling, each read of a
// value older than the history an error.
type streamCertifier struct {
	k         int
	h         valueHistory
	cands     []streamCandidate
	prev      []streamCandidate // the candidates before the current look
	nextGuess int
	// blockHash[(a/hashBlock) & blockMask] is the hash of the aligned block
	// at a, for the blocks inside the history.
	blockHash []uint64
	blockMask int
	pattern   []patternEntry
	maxValue  int
	maxAt     int
	// maxes[i] is the largest value among G(0..(i+1)·maxStep−1) with its
	// first heap, so that the largest value up to a certificate's length is
	// known after the run has gone past it.
	maxes []valueAt
}

type valueAt struct{ value, at int }

const maxStep = 1 << 12

// streamCandidate is a followed period: last is its last irregular heap,
// or −1; known is false when the heap lies before the history (from is
// then the first heap the history held when the candidate was added).
type streamCandidate struct {
	candidate
	known bool
}

func newStreamCertifier(k, history int) *streamCertifier {
	if history <= 0 {
		history = DefaultHistory
	}
	h := newValueHistory(history)
	blocks := h.size() / hashBlock
	return &streamCertifier{k: k, h: h, nextGuess: firstGuess, blockHash: make([]uint64, blocks), blockMask: blocks - 1, maxValue: -1}
}

// guessInterval is how many heaps pass between two looks: as in memory, but
// at most a sixteenth of the history, so that a period found soon after it
// starts repeating still has its irregular heap inside the history.
func (c *streamCertifier) guessInterval(n int) int {
	return max(256, min(n/16, c.h.size()/16))
}

// guess returns the smallest candidate period, 0 when there is none.
func (c *streamCertifier) guess() int { return smallestPeriod(c.cands) }

// certified reports whether cd's certificate is complete at length n.
func (c *streamCertifier) certified(cd streamCandidate, n int) bool {
	return cd.known && CertificateLength(cd.last+1, cd.p, c.k) <= n
}

// feed appends values (the next heaps) and returns a proven period, as
// certifier.feed does heap by heap; the period's NeededTo is the length at
// which it was proven, never more than the values fed. The values go in
// stretches that end where something can happen: the next look, or the
// first length at which a candidate's certificate could be complete (its
// last irregular heap only moves on).
func (c *streamCertifier) feed(values []uint16) (Period, bool, error) {
	for len(values) > 0 {
		n := c.h.n
		end := min(n+len(values), c.nextGuess)
		for _, cd := range c.cands {
			if cd.known {
				end = min(end, CertificateLength(cd.last+1, cd.p, c.k))
			}
		}
		end = max(end, n+1)
		seg := values[:end-n]
		values = values[end-n:]
		c.pushAll(seg)
		for i := range c.cands {
			c.follow(&c.cands[i], seg, n)
		}
		if end >= c.nextGuess {
			if err := c.lookForCandidates(); err != nil {
				return Period{}, false, err
			}
		}
		for _, cd := range c.cands {
			if c.certified(cd, end) {
				p, ok, err := c.settle()
				if err != nil || ok {
					return p, ok, err
				}
				break
			}
		}
	}
	return Period{}, false, nil
}

// follow moves cd's last irregular heap to the last heap i with
// G(i) ≠ G(i+p) among the values seg = G(n..), just pushed.
func (c *streamCertifier) follow(cd *streamCandidate, seg []uint16, n int) {
	p := cd.p
	for i := len(seg) - 1; i >= 0 && n+i >= p; i-- {
		if seg[i] != c.h.at(n+i-p) {
			cd.last, cd.known = n+i-p, true
			return
		}
	}
}

// pushAll appends values: push for each, in stretches.
func (c *streamCertifier) pushAll(values []uint16) {
	for len(values) > 0 {
		n := c.h.n
		k := min(len(values), maxStep-n%maxStep, c.h.size()-n&c.h.mask)
		seg := values[:k]
		values = values[k:]
		if !c.h.pushAll(seg) {
			for _, v := range seg {
				c.push(v)
			}
			continue
		}
		for i, v := range seg {
			if int(v) > c.maxValue {
				c.maxValue, c.maxAt = int(v), n+i
			}
		}
		// The blocks that end within seg (the first may start before it).
		for a := n / hashBlock * hashBlock; a+hashBlock <= n+k; a += hashBlock {
			c.blockHash[(a/hashBlock)&c.blockMask] = c.h.hash(a)
		}
		if (n+k)%maxStep == 0 {
			c.maxes = append(c.maxes, valueAt{c.maxValue, c.maxAt})
		}
	}
}

// push appends G(n), hashes a completed block and keeps the largest value.
func (c *streamCertifier) push(v uint16) {
	n := c.h.n
	c.h.push(v)
	if int(v) > c.maxValue {
		c.maxValue, c.maxAt = int(v), n
	}
	if (n+1)%maxStep == 0 {
		c.maxes = append(c.maxes, valueAt{c.maxValue, c.maxAt})
	}
	if (n+1)%hashBlock == 0 {
		a := n + 1 - hashBlock
		c.blockHash[(a/hashBlock)&c.blockMask] = c.h.hash(a)
	}
}

// maxUpTo returns the largest of G(0..n−1) and its first heap (n ≤ the
// values fed): from the maxima kept every maxStep heaps and the history.
func (c *streamCertifier) maxUpTo(n int) (value, at int) {
	if n >= c.h.n {
		return c.maxValue, c.maxAt
	}
	value, at = -1, 0
	from := 0
	if i := n/maxStep - 1; i >= 0 {
		value, at = c.maxes[i].value, c.maxes[i].at
		from = (i + 1) * maxStep
	}
	for j := max(from, c.h.start()); j < n; j++ {
		if v := int(c.h.at(j)); v > value {
			value, at = v, j
		}
	}
	return max(value, 0), at
}

// finish looks for candidates once more at the end of a run (certifier.finish).
func (c *streamCertifier) finish() (Period, bool, error) {
	if err := c.lookForCandidates(); err != nil {
		return Period{}, false, err
	}
	for _, cd := range c.cands {
		if c.certified(cd, c.h.n) {
			return c.settle()
		}
	}
	return Period{}, false, nil
}

// lookForCandidates replaces the candidates by the smallest periods whose
// last max(p, minRun) values repeat (certifier.lookForCandidates), among
// those the history holds.
func (c *streamCertifier) lookForCandidates() error {
	// A period followed since an earlier look keeps its last irregular
	// heap, which may be older than the history by now.
	c.prev = append(c.prev[:0], c.cands...)
	c.cands = c.cands[:0]
	err := c.look()
	c.prev = c.prev[:0]
	return err
}

func (c *streamCertifier) look() error {
	n := c.h.n
	c.nextGuess = n + c.guessInterval(n)
	pMax := (n - c.k) / 2
	if pMax < 2*hashMinPeriod {
		return c.scanCandidates(1, n)
	}
	if err := c.scanCandidates(1, hashMinPeriod); err != nil || len(c.cands) == maxCandidates {
		return err
	}
	c.hashPattern()
	tested := hashMinPeriod - 1
	var hits []int
	for a := (n - 2*hashMinPeriod + hashBlock) / hashBlock * hashBlock; a >= c.h.start() && n-hashMinPeriod-a <= pMax; a -= hashBlock {
		hv := c.blockHash[(a/hashBlock)&c.blockMask]
		if c.pattern[hashSlot(hv)].at == 0 {
			continue // no window hashes to this slot: most blocks
		}
		hits = patternHits(c.pattern, hv, n-hashMinPeriod-a, tested, pMax, hits[:0])
		for _, p := range hits {
			if p > tested {
				if err := c.scanCandidates(p, p+1); err != nil {
					return err
				}
				tested = p
				if len(c.cands) == maxCandidates {
					return nil
				}
			}
		}
	}
	return nil
}

// hashPattern fills the table of the window hashes of the last
// hashMinPeriod values (certifier.hashPattern).
func (c *streamCertifier) hashPattern() {
	if c.pattern == nil {
		c.pattern = make([]patternEntry, patternSlots)
	}
	var last [hashMinPeriod]uint16
	for i := range last {
		last[i] = c.h.at(c.h.n - hashMinPeriod + i)
	}
	fillPattern(c.pattern, last[:])
}

// scanCandidates tests the periods from..to−1 (certifier.scanCandidates).
// A test that reaches before the history is an error.
func (c *streamCertifier) scanCandidates(from, to int) error {
	n := c.h.n
	for p := from; p < to && 2*p+c.k <= n && len(c.cands) < maxCandidates; p++ {
		run := c.candidateRun(p)
		if run == 0 {
			break
		}
		if run+p > n {
			break
		}
		i := n - 1 - p
		stop := max(n-p-run, c.h.start())
		for i >= stop && c.h.at(i) == c.h.at(i+p) {
			i--
		}
		if i < stop {
			c.add(p)
		}
	}
	return nil
}

// candidateRun is how many of the last values must repeat p back for p to
// be followed: max(p, minRun) as in memory, unless the run, the period and
// a look's interval would not fit in the history together. Then a shorter
// run, so that the period is noticed while its last irregular heap is still
// kept (a run of max(p, minRun) appears only once that heap is 2p back).
// 0 when p is too long for the history.
func (c *streamCertifier) candidateRun(p int) int {
	run := max(p, minRun)
	if room := c.h.size() - c.h.size()/16 - 1 - p; run > room {
		if room < hashMinPeriod {
			return 0
		}
		run = room
	}
	return run
}

// longestPeriod is the longest p candidateRun accepts.
func (c *streamCertifier) longestPeriod() int {
	return c.h.size() - c.h.size()/16 - 1 - hashMinPeriod
}

// add follows period p, looking for its last irregular heap in the history.
func (c *streamCertifier) add(p int) {
	for _, cd := range c.cands {
		if cd.p == p {
			return
		}
	}
	for _, cd := range c.prev {
		if cd.p == p {
			c.cands = append(c.cands, cd)
			return
		}
	}
	i, stop := c.h.n-1-p, c.h.start()
	for i >= stop && c.h.at(i) == c.h.at(i+p) {
		i--
	}
	cd := streamCandidate{candidate: candidate{p: p, last: i}, known: true}
	if i < stop && stop > 0 {
		cd.known = false
	}
	c.cands = append(c.cands, cd)
}

// settle is certifier.settle at length n = the values fed: the smallest
// period the values prove, unless a proper divisor of it repeats over a
// whole period (then the divisor is followed instead).
func (c *streamCertifier) settle() (Period, bool, error) {
	n := c.h.n
	// FindPeriod: the smallest p with a certificate within G(0..n−1).
	best := -1
	for i, cd := range c.cands {
		if c.certified(cd, n) && (best < 0 || cd.p < c.cands[best].p) {
			best = i
		}
	}
	cd := c.cands[best]
	found, err := c.findPeriod(cd)
	if err != nil {
		return Period{}, false, err
	}
	p := found.Period
	for _, q := range primeFactors(p) {
		d := p / q
		// G(i) = G(i+d) for i in [n−p−d, n−d): the values before n−p are
		// those p later (the periodic part), so this reads the last p.
		if c.repeatsOverPeriod(p, d) {
			kept := c.cands[:0]
			for _, x := range c.cands {
				if !c.certified(x, n) {
					kept = append(kept, x)
				}
			}
			c.cands = kept
			c.add(d)
			if last := c.cands[len(c.cands)-1]; last.p == d && !last.known {
				return Period{}, false, fmt.Errorf("%w: period %d divides %d and repeats back past the %d values kept", errHistory, d, p, c.h.size())
			}
			return Period{}, false, nil
		}
	}
	return found, true, nil
}

func indexOf(cands []streamCandidate, p int) int {
	for i, cd := range cands {
		if cd.p == p {
			return i
		}
	}
	return -1
}

// repeatsOverPeriod reports whether G(i) = G(i+d) for i in [n−p−d, n−d),
// reading G(i) for i < n−p as G(i+p).
func (c *streamCertifier) repeatsOverPeriod(p, d int) bool {
	n := c.h.n
	at := func(i int) uint16 {
		if i < n-p {
			i += p
		}
		return c.h.at(i)
	}
	for i := n - p - d; i < n-d; i++ {
		if at(i) != at(i+d) {
			return false
		}
	}
	return true
}

// findPeriod is FindPeriod over the values fed, given that the candidate
// cd is certified: every smaller p is ruled out by a mismatch inside the
// history (or, for a followed candidate, by its last irregular heap).
func (c *streamCertifier) findPeriod(cd streamCandidate) (Period, error) {
	n := c.h.n
	for p := 1; p < cd.p; p++ {
		maxN0 := (n - 2*p - c.k) / 2
		if maxN0 < 1 {
			continue
		}
		if j := indexOf(c.cands, p); j >= 0 && c.cands[j].known {
			if c.cands[j].last+1 <= maxN0 {
				return Period{Period: p, Preperiod: c.cands[j].last + 1, Certified: true, NeededTo: CertificateLength(c.cands[j].last+1, p, c.k), Proof: ProofGuySmith}, nil
			}
			continue
		}
		i, stop := n-1-p, max(maxN0, c.h.start())
		for i >= stop && c.h.at(i) == c.h.at(i+p) {
			i--
		}
		if i >= stop {
			continue // a mismatch at or after maxN0: not proven
		}
		if stop > maxN0 {
			return Period{}, fmt.Errorf("%w: period %d repeats over the last %d values kept, so whether it is proven before %d cannot be settled (a larger history would)", errHistory, p, c.h.size(), cd.p)
		}
		for i >= c.h.start() && c.h.at(i) == c.h.at(i+p) {
			i--
		}
		if i < c.h.start() && c.h.start() > 0 {
			return Period{}, fmt.Errorf("%w: period %d is proven, but its last irregular heap is older than the %d values kept", errHistory, p, c.h.size())
		}
		return Period{Period: p, Preperiod: i + 1, Certified: true, NeededTo: CertificateLength(i+1, p, c.k), Proof: ProofGuySmith}, nil
	}
	return Period{Period: cd.p, Preperiod: cd.last + 1, Certified: true, NeededTo: CertificateLength(cd.last+1, cd.p, c.k), Proof: ProofGuySmith}, nil
}
