package certcheck

// marks is a set of option values: seen[v] == stamp marks v. A new stamp
// empties it in O(1).
type marks struct {
	seen  []uint32
	stamp uint32
}

func (m *marks) reset(top int) {
	if len(m.seen) < top+2 {
		m.seen = make([]uint32, top+2)
		m.stamp = 0
	}
	m.stamp++
	if m.stamp == 0 {
		clear(m.seen)
		m.stamp = 1
	}
}

func (m *marks) add(v int) {
	if v < len(m.seen) {
		m.seen[v] = m.stamp
	}
}

func (m *marks) has(v int) bool { return v < len(m.seen) && m.seen[v] == m.stamp }

// mex is the least value not marked.
func (m *marks) mex() int {
	v := 0
	for m.has(v) {
		v++
	}
	return v
}

// definitionValue is G(n) by the definition: the mex of the values of every
// option of a heap of n, each option being a move allowed by the rules
// (remove j tokens, leave exactly i non-empty heaps, for every i the digit
// allows and every way of writing n − j as i positive parts), its value the
// XOR of the values G of the heaps left, read from values (which must hold
// G(0..n−1)). top bounds the XOR of values (a power of two above them all).
func definitionValue(r rules, values []uint16, n int, m *marks, top int) int {
	m.reset(top)
	for j := 0; j <= n; j++ {
		d := r.at(j)
		if d == 0 {
			continue
		}
		rest := n - j
		if rest == 0 {
			if j > 0 && d&1 != 0 {
				m.add(0) // take the whole heap
			}
			continue
		}
		for i := 1; i < 64 && i <= rest; i++ {
			if d&(1<<uint(i)) == 0 {
				continue
			}
			switch i {
			case 1:
				if j > 0 {
					m.add(int(values[rest]))
				}
			case 2:
				for a := 1; 2*a <= rest; a++ {
					m.add(int(values[a] ^ values[rest-a]))
				}
			default:
				partitions(values, rest, i, 1, 0, m)
			}
		}
	}
	return m.mex()
}

// partitions marks the XOR x ⊕ G(p1) ⊕ … ⊕ G(pi) of every way of writing
// rest as i parts p1 ≤ … ≤ pi, each at least least.
func partitions(values []uint16, rest, i, least int, x uint16, m *marks) {
	if i == 1 {
		m.add(int(x ^ values[rest]))
		return
	}
	for p := least; p*i <= rest; p++ {
		partitions(values, rest-p, i-1, p, x^values[p], m)
	}
}
