package nim

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Variant names a game of the Nim family.
type Variant string

// The variants of Eugeni, Mascella and Tondini's article.
const (
	Nim       Variant = "nim"
	Nimble    Variant = "nimble"
	Staircase Variant = "staircase"
	Moore     Variant = "moore"
	Plainim   Variant = "plainim"
)

// Variants lists every variant, in the order a menu shows them.
var Variants = []Variant{Nim, Nimble, Staircase, Moore, Plainim}

// ParseVariant reads a variant name.
func ParseVariant(s string) (Variant, error) {
	for _, v := range Variants {
		if string(v) == strings.ToLower(strings.TrimSpace(s)) {
			return v, nil
		}
	}
	names := make([]string, len(Variants))
	for i, v := range Variants {
		names[i] = string(v)
	}
	return "", fmt.Errorf("unknown variant %q; accepted: %s", s, strings.Join(names, ", "))
}

// Outcome is the outcome class of a position: P (the previous player wins)
// or N (the next player wins).
type Outcome string

// The two outcome classes.
const (
	P Outcome = "P"
	N Outcome = "N"
)

// Game is a variant with its rules: misère play, Moore's k, Plainim's width.
type Game struct {
	Variant Variant
	// Misere selects misère play (the player who makes the last move loses).
	// Moore's Nim_k is offered in normal play only.
	Misere bool
	// K is Moore's k ≥ 1: a move takes tokens from at most K heaps. Only
	// Moore uses it.
	K int
	// Width is the number of columns of a Plainim board, used to print rows;
	// 0 means the bit length of the largest row.
	Width int
}

// Title names the game and its play convention for a heading, e.g.
// "Moore's Nim_2, normal play".
func (g Game) Title() string {
	name := map[Variant]string{Nim: "Nim", Nimble: "Nimble", Staircase: "Staircase Nim",
		Moore: fmt.Sprintf("Moore's Nim_%d", g.K), Plainim: "Plainim"}[g.Variant]
	if name == "" {
		name = string(g.Variant)
	}
	if g.Misere {
		return name + ", misère play"
	}
	return name + ", normal play"
}

// MaxValue bounds every entry of a position: Staircase adds coins to the
// step below, and 2^61 leaves room for that without overflow.
const MaxValue = 1 << 61

// ParseK reads k of Moore's Nim_k: a whole number ≥ 1 (a move takes
// tokens from at most k heaps).
func ParseK(s string) (int, error) {
	k, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || k < 1 {
		return 0, fmt.Errorf("k must be a whole number ≥ 1 (a move takes tokens from at most k heaps), got %q", s)
	}
	return k, nil
}

// ErrInput marks errors in a position or in the rules (as opposed to a
// position too large to enumerate).
var ErrInput = errors.New("bad input")

func inputErrorf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInput, fmt.Sprintf(format, args...))
}

// Validate checks the rules and a position against them.
func (g Game) Validate(pos []int) error {
	switch g.Variant {
	case Nim, Nimble, Staircase, Plainim:
	case Moore:
		if g.K < 1 {
			return inputErrorf("Moore's Nim_k needs k ≥ 1, got %d", g.K)
		}
		if g.Misere {
			return inputErrorf("misère play is not available for Moore's Nim_k; accepted: normal play")
		}
	default:
		_, err := ParseVariant(string(g.Variant))
		return fmt.Errorf("%w: %v", ErrInput, err)
	}
	if len(pos) == 0 {
		return inputErrorf("the position is empty; give at least one %s", g.componentName())
	}
	for i, v := range pos {
		if v < 0 {
			return inputErrorf("%s %d is %d; accepted: non-negative whole numbers", g.componentName(), i+1, v)
		}
		if v > MaxValue {
			return inputErrorf("%s %d is %d; accepted: at most 2^61", g.componentName(), i+1, v)
		}
	}
	if g.Variant == Plainim && g.Width > 0 {
		for i, v := range pos {
			if bits.Len(uint(v)) > g.Width {
				return inputErrorf("row %d (%d) does not fit in %d columns", i+1, v, g.Width)
			}
		}
	}
	return nil
}

// componentName names what one entry of a position is.
func (g Game) componentName() string {
	switch g.Variant {
	case Nimble:
		return "coin square"
	case Staircase:
		return "step count"
	case Plainim:
		return "row"
	}
	return "heap"
}

// equivalentHeaps returns the Nim heaps a position plays like: the heaps
// themselves, the coins' squares (Nimble), the rows (Plainim) or the odd
// steps (Staircase). Moore has no such reduction and returns pos.
func (g Game) equivalentHeaps(pos []int) []int {
	if g.Variant != Staircase {
		return pos
	}
	odd := make([]int, 0, (len(pos)+1)/2)
	for i := 0; i < len(pos); i += 2 {
		odd = append(odd, pos[i])
	}
	return odd
}

// NimSum returns the nim-sum that decides the position (of the heaps, the
// squares, the rows or the odd steps) and false for Moore, where the bit
// columns are summed mod k+1 instead.
func (g Game) NimSum(pos []int) (int, bool) {
	if g.Variant == Moore {
		return 0, false
	}
	x := 0
	for _, h := range g.equivalentHeaps(pos) {
		x ^= h
	}
	return x, true
}

// Outcome returns the outcome class of pos.
func (g Game) Outcome(pos []int) (Outcome, error) {
	if err := g.Validate(pos); err != nil {
		return "", err
	}
	return g.outcome(pos), nil
}

func (g Game) outcome(pos []int) Outcome {
	if g.Variant == Moore {
		for _, r := range columnResidues(pos, g.K+1) {
			if r != 0 {
				return N
			}
		}
		return P
	}
	heaps := g.equivalentHeaps(pos)
	if g.Misere {
		return misereOutcome(heaps)
	}
	x := 0
	for _, h := range heaps {
		x ^= h
	}
	if x == 0 {
		return P
	}
	return N
}

// misereOutcome is Bouton's misère rule (Eugeni, Mascella and Tondini,
// Theorem 2): if every heap is 0 or 1, P ⇔ the number of 1-heaps is odd;
// otherwise P ⇔ nim-sum 0.
func misereOutcome(heaps []int) Outcome {
	x, big := 0, false
	for _, h := range heaps {
		x ^= h
		if h > 1 {
			big = true
		}
	}
	if (!big && x == 1) || (big && x == 0) {
		return P
	}
	return N
}

// columnResidues returns, per bit column (least significant first), the
// number of heaps with a 1 there, mod modulus.
func columnResidues(heaps []int, modulus int) []int {
	width := 0
	for _, h := range heaps {
		width = max(width, bits.Len(uint(h)))
	}
	res := make([]int, width)
	for j := range width {
		c := 0
		for _, h := range heaps {
			c += h >> j & 1
		}
		res[j] = c % modulus
	}
	return res
}
