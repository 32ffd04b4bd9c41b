package astron

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Position is a canonical star configuration A_{p1,…,ps}: the sizes of its
// non-empty stars in ascending order. Two configurations are the same game
// exactly when their canonical forms are equal (Definition 2.1.3).
type Position []int

// NewPosition returns the canonical form of the star sizes: stars of size 0
// are dropped and the rest sorted. It fails on a negative size.
func NewPosition(sizes ...int) (Position, error) {
	p := make(Position, 0, len(sizes))
	for _, s := range sizes {
		if s < 0 {
			return nil, fmt.Errorf("star size %d is negative", s)
		}
		if s > 0 {
			p = append(p, s)
		}
	}
	slices.Sort(p)
	return p, nil
}

// canonical sorts sizes in place after dropping zeros; sizes must be ≥ 0.
func canonical(sizes []int) Position {
	p := sizes[:0]
	for _, s := range sizes {
		if s > 0 {
			p = append(p, s)
		}
	}
	slices.Sort(p)
	return Position(p)
}

// Stars is the number of (non-empty) stars.
func (p Position) Stars() int { return len(p) }

// Total is the number of free points over all stars.
func (p Position) Total() int {
	t := 0
	for _, s := range p {
		t += s
	}
	return t
}

// String writes the position as A_{3,5,7}; the empty position is A_{}.
func (p Position) String() string {
	return "A_{" + joinInts(p, ",") + "}"
}

// key is a compact map key for the canonical form.
func (p Position) key() string {
	var b strings.Builder
	for _, s := range p {
		b.WriteString(strconv.Itoa(s))
		b.WriteByte(',')
	}
	return b.String()
}

func joinInts(xs []int, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, sep)
}

// comparePositions orders positions by size then lexicographically, so that a
// sum of components has one canonical listing.
func comparePositions(a, b Position) int {
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	return slices.Compare(a, b)
}
