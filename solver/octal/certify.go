package octal

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
func (c *certifier) guess() int {
	best := 0
	for _, cd := range c.cands {
		if best == 0 || cd.p < best {
			best = cd.p
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
func (c *certifier) lookForCandidates(values []uint16) {
	n := len(values)
	c.nextGuess = n + guessInterval(n)
	c.cands = c.cands[:0]
	for p := 1; 2*p+c.k <= n && len(c.cands) < maxCandidates; p++ {
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
