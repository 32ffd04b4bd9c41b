package octal

import "slices"

// certifier watches a growing Grundy sequence heap by heap and notices the
// first length at which the Guy–Smith theorem proves a period, so that auto
// mode stops there instead of at the next step of a schedule.
//
// It cannot test every period at every heap, so it keeps a few candidates:
// every so often it looks for the smallest p whose last max(p, minRun) values
// already repeat (a true period p with preperiod n0 shows this from heap
// n0 + 2p on, before its certificate at 2·n0 + 2p + k), and then follows
// each candidate's last mismatch at O(1) a heap. The first certificate found
// is settled with FindPeriod on the values known, and the result is cut back
// to that certificate's length, so the answer does not depend on when the
// candidates were found.
type certifier struct {
	k         int
	cands     []candidate
	fed       int // values already looked at
	nextGuess int
	// blockHash[i] is the hash of values[i·hashBlock, (i+1)·hashBlock)
	// (hashValues); pattern is a look's table of window hashes.
	blockHash []uint64
	pattern   []patternEntry
}

// candidate is a period being followed: last is the largest i with
// G(i) ≠ G(i+p) among the values fed, −1 when there is none.
type candidate struct {
	p, last int
}

const (
	// minRun is the shortest run of repeating values that makes a small p
	// a candidate; shorter runs are mostly chance.
	minRun = 64
	// maxCandidates bounds the candidates followed at once.
	maxCandidates = 8
	// firstGuess is the length at which candidates are first looked for.
	firstGuess = 128
)

func newCertifier(k int) *certifier {
	return &certifier{k: k, nextGuess: firstGuess}
}

// guess returns the smallest candidate period, 0 when there is none.
func (c *certifier) guess() int { return smallestPeriod(c.cands) }

// period returns the candidate's period. streamCandidate has it through
// embedding, so that smallestPeriod serves both certifiers.
func (cd candidate) period() int { return cd.p }

// smallestPeriod returns the smallest period among cands, 0 when there is
// none: the guess a run reports while no period is proven yet.
func smallestPeriod[C interface{ period() int }](cands []C) int {
	best := 0
	for _, cd := range cands {
		if p := cd.period(); best == 0 || p < best {
			best = p
		}
	}
	return best
}

// feed looks at the values appended since the last call. When a period is
// proven it returns it and ok = true; the period's certificate length
// (Period.NeededTo ≤ len(values)) is where the run can stop.
func (c *certifier) feed(values []uint16) (Period, bool) {
	if n := len(values); n >= c.nextGuess && n-c.fed > guessInterval(n) {
		// A long batch (a resumed run): look for candidates once, at its
		// end. They come with their exact last mismatch, and the result is
		// cut back to the certificate's length, so nothing is lost.
		return c.finish(values)
	}
	for n := c.fed; n < len(values); n++ {
		if len(c.cands) == 0 && n+1 < c.nextGuess {
			// Nothing to follow until the next look: go straight to it.
			if c.nextGuess > len(values) {
				break
			}
			n = c.nextGuess - 1
		}
		length := n + 1
		if length >= c.nextGuess {
			c.lookForCandidates(values[:length])
		}
		certified := false
		for i := range c.cands {
			cd := &c.cands[i]
			if n >= cd.p && values[n] != values[n-cd.p] {
				cd.last = n - cd.p
			}
			if CertificateLength(cd.last+1, cd.p, c.k) <= length {
				certified = true
			}
		}
		if !certified {
			continue
		}
		c.fed = length
		if p, ok := c.settle(values[:length]); ok {
			return p, true
		}
	}
	c.fed = max(c.fed, len(values))
	return Period{}, false
}

// finish looks for candidates among all the values and returns a period
// they prove: auto mode calls it when the run reaches its limit, so that no
// certificate within the values is missed between two looks.
func (c *certifier) finish(values []uint16) (Period, bool) {
	n := len(values)
	c.fed = n
	c.lookForCandidates(values)
	for _, cd := range c.cands {
		if CertificateLength(cd.last+1, cd.p, c.k) <= n {
			return c.settle(values)
		}
	}
	return Period{}, false
}

// settle is called when a candidate's certificate is complete at
// len(values). It returns the smallest proven period, unless a proper divisor
// of it already repeats over a whole period of the periodic part: then that
// divisor is a period too, and the run goes on until it is proven itself, so
// that the period reported is the least one and its certificate is known.
func (c *certifier) settle(values []uint16) (Period, bool) {
	found, ok := FindPeriod(values, c.k)
	if !ok {
		return Period{}, false // cannot happen: the candidate is proven
	}
	p, n := found.Period, len(values)
	for _, q := range primeFactors(p) {
		d := p / q
		// [n−p−d, n−d) lies in the periodic part: n ≥ 2·n0 + 2p + k.
		i := n - p - d
		for i < n-d && values[i] == values[i+d] {
			i++
		}
		if i == n-d {
			// Drop the proven multiples (they would call settle at every
			// heap) and follow d instead.
			kept := c.cands[:0]
			for _, cd := range c.cands {
				if CertificateLength(cd.last+1, cd.p, c.k) > n {
					kept = append(kept, cd)
				}
			}
			c.cands = kept
			c.add(d, values)
			return Period{}, false
		}
	}
	return found, true
}

// lookForCandidates replaces the candidates by the smallest periods whose
// last max(p, minRun) values repeat.
//
// A look tests every p up to n/2. Testing them one at a time (scanCandidates)
// cost a quarter of a run of 0.106, so only the small p are: a p of
// hashMinPeriod or more repeats at least the last hashMinPeriod values, so
// every aligned block of hashBlock values inside that earlier copy equals
// one of the hashBlock + 1 windows of the copy at the end. The look hashes
// those windows and compares them with the hashes of the aligned blocks
// (kept as the values come), n/hashBlock table look-ups instead of n/2
// tests; each p a hash match points to is then tested in full, in
// increasing order, so the candidates are exactly scanCandidates'.
func (c *certifier) lookForCandidates(values []uint16) {
	n := len(values)
	c.nextGuess = n + guessInterval(n)
	c.cands = c.cands[:0]
	pMax := (n - c.k) / 2 // the largest p with 2p + k ≤ n
	if pMax < 2*hashMinPeriod {
		c.scanCandidates(values, 1, n)
		return
	}
	c.scanCandidates(values, 1, hashMinPeriod)
	if len(c.cands) == maxCandidates {
		return
	}
	c.hashBlocks(values)
	c.hashPattern(values)
	// The copy of the last hashMinPeriod values p back is [q, q+hashMinPeriod)
	// with q = n − hashMinPeriod − p; the aligned block a in it (a ≥ q,
	// a + hashBlock ≤ q + hashMinPeriod) is its window a − q. Going down
	// from the last block that can lie in a copy (p ≥ hashMinPeriod), the p
	// of each block come after those of the block above it. (The highest
	// such block is n − 2·hashMinPeriod + hashBlock: window hashBlock.)
	tested := hashMinPeriod - 1 // every p up to it is tested
	var hits []int
	for a := (n - 2*hashMinPeriod + hashBlock) / hashBlock * hashBlock; a >= 0 && n-hashMinPeriod-a <= pMax; a -= hashBlock {
		hits = patternHits(c.pattern, c.blockHash[a/hashBlock], n-hashMinPeriod-a, tested, pMax, hits[:0])
		for _, p := range hits {
			if p > tested {
				c.scanCandidates(values, p, p+1)
				tested = p
				if len(c.cands) == maxCandidates {
					return
				}
			}
		}
	}
}

const (
	// hashBlock is the length of the blocks whose hashes the certifier
	// keeps: 8 bytes per 512 bytes of values.
	hashBlock = 256
	// hashMinPeriod is the least p found through the hashes: twice a
	// block, so that a copy of the last hashMinPeriod values holds a whole
	// aligned block wherever it starts.
	hashMinPeriod = 2 * hashBlock
	// hashMul is the hashes' multiplier (odd).
	hashMul = 0x9e37_79b9_7f4a_7c15
	// patternSlots is the size of the open-addressing table of the
	// hashBlock + 1 window hashes (at most half full).
	patternSlots = 1024
)

// patternEntry is a window of the last hashMinPeriod values: its hash and
// its offset + 1 (0 marks an empty slot).
type patternEntry struct {
	hash uint64
	at   int32
}

// hashValues is the polynomial hash Σ v[i]·hashMul^(len−1−i) mod 2^64.
func hashValues(v []uint16) uint64 {
	var h uint64
	for _, x := range v {
		h = h*hashMul + uint64(x)
	}
	return h
}

// hashSlot is the table slot a hash starts probing at.
func hashSlot(h uint64) int {
	return int((h * 0xff51_afd7_ed55_8ccd) >> 54) // the top 10 bits: patternSlots
}

// hashBlocks extends blockHash to every complete block of values.
func (c *certifier) hashBlocks(values []uint16) {
	for a := len(c.blockHash) * hashBlock; a+hashBlock <= len(values); a += hashBlock {
		c.blockHash = append(c.blockHash, hashValues(values[a:a+hashBlock]))
	}
}

// hashPattern fills the table with the hashes of the hashBlock + 1 windows
// of the last hashMinPeriod values.
func (c *certifier) hashPattern(values []uint16) {
	if c.pattern == nil {
		c.pattern = make([]patternEntry, patternSlots)
	}
	fillPattern(c.pattern, values[len(values)-hashMinPeriod:])
}

// fillPattern fills the table with the hashes of the hashBlock + 1 windows
// of last (hashMinPeriod values), rolling the hash along.
func fillPattern(pattern []patternEntry, last []uint16) {
	clear(pattern)
	var top uint64 = 1 // hashMul^(hashBlock−1)
	for range hashBlock - 1 {
		top *= hashMul
	}
	h := hashValues(last[:hashBlock])
	for off := 0; ; off++ {
		slot := hashSlot(h)
		for pattern[slot].at != 0 {
			slot = (slot + 1) & (patternSlots - 1)
		}
		pattern[slot] = patternEntry{hash: h, at: int32(off + 1)}
		if off+hashBlock == hashMinPeriod {
			break
		}
		h = (h-uint64(last[off])*top)*hashMul + uint64(last[off+hashBlock])
	}
}

// patternHits appends to hits, sorted, the periods p = back + off in
// (tested, pMax] for the windows off of the pattern whose hash is h: the
// block whose hash is h lies back heaps before the last hashMinPeriod
// values.
func patternHits(pattern []patternEntry, h uint64, back, tested, pMax int, hits []int) []int {
	for slot := hashSlot(h); pattern[slot].at != 0; slot = (slot + 1) & (patternSlots - 1) {
		if e := pattern[slot]; e.hash == h {
			if p := back + int(e.at) - 1; p > tested && p <= pMax {
				hits = append(hits, p)
			}
		}
	}
	slices.Sort(hits)
	return hits
}

// scanCandidates tests the periods from..to−1 one at a time, as the
// definition says, adding those whose last max(p, minRun) values repeat,
// until maxCandidates are followed.
func (c *certifier) scanCandidates(values []uint16, from, to int) {
	n := len(values)
	for p := from; p < to && 2*p+c.k <= n && len(c.cands) < maxCandidates; p++ {
		run := max(p, minRun)
		if run+p > n {
			break
		}
		i := n - 1 - p
		stop := n - p - run
		for i >= stop && values[i] == values[i+p] {
			i--
		}
		if i < stop {
			c.add(p, values)
		}
	}
}

// guessInterval is how many heaps pass between two looks for candidates: a
// look costs O(n), so this keeps it a small share of the run.
func guessInterval(n int) int {
	return max(256, n/16)
}

// add follows period p (if it is not followed already), finding its last
// mismatch in values.
func (c *certifier) add(p int, values []uint16) {
	for _, cd := range c.cands {
		if cd.p == p {
			return
		}
	}
	i := len(values) - 1 - p
	for i >= 0 && values[i] == values[i+p] {
		i--
	}
	c.cands = append(c.cands, candidate{p: p, last: i})
}

// primeFactors returns the distinct prime factors of n, ascending.
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
