package graph

import (
	"context"
	"slices"
	"strconv"
	"strings"
)

// D is the outcome of a position from which neither player can force a
// win: with best play the game goes on for ever (a draw). Only graphs with
// a cycle have D-positions.
const D Outcome = "D"

// Infinite is the entry of LoopySolution.Label for a vertex whose
// generalised Sprague–Grundy value is ∞ (with some set of finite option
// values, see LoopySolution.Value).
const Infinite = -1

// LoopyValue is a value of Smith's generalised Sprague–Grundy function γ:
// a natural number, or ∞_K where K is the set of finite values of the
// options (∞_{0,2}, or ∞ for K = ∅).
type LoopyValue struct {
	Finite bool
	// N is the value when Finite.
	N int
	// K lists, when not Finite, the finite values of the options in
	// increasing order.
	K []int
}

// FiniteValue is the finite generalised value n.
func FiniteValue(n int) LoopyValue { return LoopyValue{Finite: true, N: n} }

// InfiniteValue is ∞_K (K is copied, sorted and deduplicated).
func InfiniteValue(k ...int) LoopyValue {
	k = slices.Clone(k)
	slices.Sort(k)
	return LoopyValue{K: slices.Compact(k)}
}

// String writes n, ∞ (for ∞_∅) or ∞_{a,b,…}.
func (x LoopyValue) String() string {
	if x.Finite {
		return strconv.Itoa(x.N)
	}
	if len(x.K) == 0 {
		return "∞"
	}
	parts := make([]string, len(x.K))
	for i, k := range x.K {
		parts[i] = strconv.Itoa(k)
	}
	return "∞_{" + strings.Join(parts, ",") + "}"
}

// Outcome is P for 0, N for another number or for ∞_K with 0 ∈ K (a move
// to a P-position wins), and D for ∞_K with 0 ∉ K.
func (x LoopyValue) Outcome() Outcome {
	switch {
	case x.Finite && x.N == 0:
		return P
	case x.Finite:
		return N
	case len(x.K) > 0 && x.K[0] == 0:
		return N
	}
	return D
}

// Equal reports whether x and y are the same value.
func (x LoopyValue) Equal(y LoopyValue) bool {
	if x.Finite != y.Finite {
		return false
	}
	if x.Finite {
		return x.N == y.N
	}
	return slices.Equal(x.K, y.K)
}

// LoopySum is the generalised nim-sum, the value of a sum of two games
// (Smith 1966; Fraenkel and Yesha 1986; Winning Ways ch. 12):
//
//	a ⊕ b          for finite a, b;
//	∞_K + n = ∞_{K⊕n}  (every k ∈ K replaced by k ⊕ n);
//	∞_K + ∞_L = ∞ (= ∞_∅): a sum of two infinite values is always a draw.
func LoopySum(x, y LoopyValue) LoopyValue {
	switch {
	case x.Finite && y.Finite:
		return FiniteValue(x.N ^ y.N)
	case !x.Finite && !y.Finite:
		return LoopyValue{}
	case x.Finite:
		x, y = y, x
	}
	k := make([]int, len(x.K))
	for i, a := range x.K {
		k[i] = a ^ y.N
	}
	return InfiniteValue(k...)
}

// LoopySolution is the generalised Sprague–Grundy labelling of a graph
// that may have cycles.
type LoopySolution struct {
	g *Graph
	// Label[v] is γ(v) when finite, Infinite (−1) for ∞.
	Label []int32
	// Counter[v] is, for a finite label, the step at which the labelling
	// gave it (Smith's counter function); −1 for ∞. From an N-position the
	// move to the P-position with the smallest counter makes progress: the
	// winner who always makes it wins in finitely many moves, while a
	// winner who moves to any P-position might go round a cycle for ever.
	Counter []int32
	// Rounds is the number of rounds of the labelling (1 + the largest
	// finite label, or 0 for an empty graph).
	Rounds int
}

// LoopyProgress is told the round (the finite label being given) and the
// number of vertices still unlabelled.
type LoopyProgress func(round, unlabelled int)

// Loopy computes Smith's generalised Sprague–Grundy function γ of every
// vertex by Fraenkel's labelling algorithm, in rounds m = 0, 1, 2, …:
// an unlabelled vertex gets the label m when none of its options has the
// label m and each of its options that is unlabelled or ∞ has an option
// labelled m; when no more vertex can get m, the unlabelled vertices with
// no option labelled m get ∞. Each round is a retrograde analysis with
// counters (the number of options of a vertex not yet known to "reverse
// out" through an m), so a round costs the vertices still unlabelled plus
// the edges into the vertices it touches: linear in the graph for bounded
// labels. On an acyclic graph γ is the Grundy label.
func (g *Graph) Loopy(ctx context.Context, progress LoopyProgress) (*LoopySolution, error) {
	n := g.Len()
	const unlabelled = -2
	label := make([]int32, n)
	counter := make([]int32, n)
	// free[u]: options of u that are unlabelled or ∞.
	free := make([]int32, n)
	// cnt[u] (for u unlabelled, in the current round): options of u that
	// are unlabelled or ∞ and not yet known to have an option labelled m.
	cnt := make([]int32, n)
	// hasM[v] == m+1: v has an option labelled m (v "reverses out").
	hasM := make([]int32, n)
	active := make([]int32, n)
	for v := range n {
		label[v] = unlabelled
		counter[v] = -1
		free[v] = int32(len(g.succ[v]))
		active[v] = int32(v)
	}
	var queue []int32
	step := int32(0)
	m := int32(0)
	for ; len(active) > 0; m++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if progress != nil {
			progress(int(m), len(active))
		}
		stamp := m + 1
		queue = queue[:0]
		for _, u := range active {
			cnt[u] = free[u]
			if cnt[u] == 0 {
				queue = append(queue, u)
			}
		}
		for len(queue) > 0 {
			w := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			if label[w] != unlabelled || hasM[w] == stamp {
				continue
			}
			label[w] = m
			counter[w] = step
			step++
			for _, p := range g.pred[w] {
				free[p]--
				if label[p] >= 0 || hasM[p] == stamp {
					continue
				}
				hasM[p] = stamp
				// p (unlabelled or ∞) now reverses out through w: it no
				// longer holds back its unlabelled predecessors.
				for _, q := range g.pred[p] {
					if label[q] == unlabelled && hasM[q] != stamp {
						cnt[q]--
						if cnt[q] == 0 {
							queue = append(queue, int32(q))
						}
					}
				}
			}
		}
		next := active[:0]
		for _, u := range active {
			switch {
			case label[u] != unlabelled:
			case hasM[u] == stamp:
				next = append(next, u)
			default:
				label[u] = Infinite
			}
		}
		active = next
	}
	return &LoopySolution{g: g, Label: label, Counter: counter, Rounds: int(m)}, nil
}

// Value returns γ(v): the finite label, or ∞_K with K the finite labels of
// v's options.
func (s *LoopySolution) Value(v int) LoopyValue {
	if l := s.Label[v]; l >= 0 {
		return FiniteValue(int(l))
	}
	var k []int
	for _, w := range s.g.succ[v] {
		if l := s.Label[w]; l >= 0 {
			k = append(k, int(l))
		}
	}
	return InfiniteValue(k...)
}

// Outcome returns P, N or D for v.
func (s *LoopySolution) Outcome(v int) Outcome {
	switch l := s.Label[v]; {
	case l == 0:
		return P
	case l > 0:
		return N
	}
	for _, w := range s.g.succ[v] {
		if s.Label[w] == 0 {
			return N
		}
	}
	return D
}

// WinningMoves returns the options of v that are P-positions: from an
// N-position each of them wins against any defence (none from P or D).
// The first is the one with the smallest counter, the move a winner must
// keep making for play to end (see Counter).
func (s *LoopySolution) WinningMoves(v int) []int {
	var out []int
	for _, w := range s.g.succ[v] {
		if s.Label[w] == 0 {
			out = append(out, w)
		}
	}
	slices.SortFunc(out, func(a, b int) int { return int(s.Counter[a]) - int(s.Counter[b]) })
	return out
}

// DrawingMoves returns the options of a D-position that are D-positions:
// the moves that keep the draw (every other move from D loses, as it goes
// to an N-position). None from P or N.
func (s *LoopySolution) DrawingMoves(v int) []int {
	if s.Outcome(v) != D {
		return nil
	}
	var out []int
	for _, w := range s.g.succ[v] {
		if s.Outcome(w) == D {
			out = append(out, w)
		}
	}
	return out
}

// BestMove returns the move a perfect player makes from v, or −1 at a
// sink: from N the winning move with the smallest counter; from D a
// drawing move; from P (every move loses) the move to the N-position whose
// own best reply has the largest counter, which makes the loser's defeat
// as slow as the labelling can tell.
func (s *LoopySolution) BestMove(v int) int {
	switch s.Outcome(v) {
	case N:
		return s.WinningMoves(v)[0]
	case D:
		return s.DrawingMoves(v)[0]
	}
	best, bestC := -1, int32(-1)
	for _, w := range s.g.succ[v] {
		if c := s.Counter[s.WinningMoves(w)[0]]; c > bestC {
			best, bestC = w, c
		}
	}
	return best
}

// HasInfinite reports whether some vertex has the value ∞.
func (s *LoopySolution) HasInfinite() bool { return slices.Contains(s.Label, Infinite) }
