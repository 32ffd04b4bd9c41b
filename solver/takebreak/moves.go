package takebreak

import (
	"strconv"
	"strings"
)

// Option is one move from a single heap: Take tokens are removed and the
// rest is left as the non-empty heaps Heaps, ascending (none when the heap is
// removed whole).
//
// Engines of games whose moves leave at most two heaps (octal codes, the
// misère machinery) list options in a two-heap form instead, the tokens taken
// and the heaps a ≤ b with 0 for no heap (octal.Code.ForEachOption): the
// value of the option is then G(a) ⊕ G(b), with no slice to build in their
// inner loops. TwoHeapOption turns that form into an Option.
type Option struct {
	Take  int   `json:"take"`
	Heaps []int `json:"heaps"`
}

// TwoHeapOption returns the option in the two-heap form: take tokens removed,
// the heaps a and b left (0 means no heap; a ≤ b). Heaps is never nil.
func TwoHeapOption(take, a, b int) Option {
	heaps := make([]int, 0, 2)
	if a > 0 {
		heaps = append(heaps, a)
	}
	if b > 0 {
		heaps = append(heaps, b)
	}
	return Option{Take: take, Heaps: heaps}
}

// ForEachOption calls fn for every move from a heap of n tokens, in
// CGSuite's order: by tokens taken ascending, then by number of heaps, then
// by the heaps (ascending within a move) in lexicographic order. Each move (the tokens taken and the multiset of heaps left) is
// listed once. The heaps slice is reused between calls: copy it to keep it.
// fn returns false to stop early; ForEachOption then returns false.
//
// The number of moves grows quickly with n for digits that leave three or
// more heaps (it is the number of partitions): this is the definition, meant
// for brute force, tests and listing moves, not for the engines.
func (c Code) ForEachOption(n int, fn func(take int, heaps []int) bool) bool {
	parts := make([]int, 0, 8)
	limit := n
	if c.Repeat == 0 {
		limit = min(n, len(c.Digits)-1)
	}
	for j := 0; j <= limit; j++ {
		d := c.Digit(j)
		if d.IsZero() {
			continue
		}
		r := n - j
		top := r // at most r non-empty heaps
		if m := d.MaxHeaps(); m >= 0 {
			top = min(top, m)
		}
		for i := 0; i <= top; i++ {
			if !d.Allows(i) {
				continue
			}
			if i == 0 && (r != 0 || j == 0) {
				continue
			}
			if i == 1 && (j == 0 || !d.AllowsOneHeap(r)) {
				continue // j = 0: a pass, which Parse refuses
			}
			if !d.forEachLeave(r, i, parts[:0], func(h []int) bool { return fn(j, h) }) {
				return false
			}
		}
	}
	return true
}

// ForEachLeave calls fn with every way the digit may leave r tokens as
// exactly i non-empty heaps (ascending, the slice reused), under the
// modifier of count i; it does not check that the digit allows i heaps. fn returns false
// to stop early; ForEachLeave then returns false.
func (d Digit) ForEachLeave(r, i int, fn func(heaps []int) bool) bool {
	return d.forEachLeave(r, i, make([]int, 0, max(i, 0)), fn)
}

func (d Digit) forEachLeave(r, i int, buf []int, fn func([]int) bool) bool {
	if i < 0 || (i == 0 && r != 0) || (i > 0 && r < i) {
		return true
	}
	if i == 1 && d.ModAt(1) == NotAllEqual && r == 1 {
		return true // see AllowsOneHeap
	}
	return partitions(r, i, 1, d.ModAt(i), buf, fn)
}

// partitions calls fn with every non-decreasing list of i parts ≥ lo that
// sum to r and satisfy mod, appended to prefix.
func partitions(r, i, lo int, mod Modifier, prefix []int, fn func([]int) bool) bool {
	if i == 0 {
		if r != 0 {
			return true
		}
		if len(prefix) >= 2 {
			switch mod {
			case NotAllEqual:
				if prefix[0] == prefix[len(prefix)-1] {
					return true
				}
			case AllEqual:
				if prefix[0] != prefix[len(prefix)-1] {
					return true
				}
			}
		}
		return fn(prefix)
	}
	if i == 1 {
		if r < lo {
			return true
		}
		return partitions(0, 0, 0, mod, append(prefix, r), fn)
	}
	step := 0
	if mod == Distinct {
		step = 1
	}
	// The smallest part a leaves i−1 parts each ≥ a (+1 if distinct).
	for a := lo; a*i+step*(i-1)*i/2 <= r; a++ {
		if mod == AllEqual && r%i != 0 {
			return true
		}
		if mod == AllEqual && a != r/i {
			continue
		}
		if !partitions(r-a, i-1, a+step, mod, append(prefix, a), fn) {
			return false
		}
	}
	return true
}

// Options returns every move from a heap of n tokens (see ForEachOption).
func (c Code) Options(n int) []Option {
	var out []Option
	c.ForEachOption(n, func(take int, heaps []int) bool {
		out = append(out, Option{Take: take, Heaps: append([]int{}, heaps...)})
		return true
	})
	return out
}

// String writes the option as CGSuite lists it: the heaps left joined by
// commas, or "-" when the move leaves none.
func (o Option) String() string {
	if len(o.Heaps) == 0 {
		return "-"
	}
	parts := make([]string, len(o.Heaps))
	for i, h := range o.Heaps {
		parts[i] = strconv.Itoa(h)
	}
	return strings.Join(parts, ",")
}
