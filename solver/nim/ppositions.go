package nim

import (
	"context"
	"errors"
	"fmt"
	"slices"
)

// DefaultPositionLimit bounds how many positions PPositionsBelow visits.
const DefaultPositionLimit = 10_000_000

// ErrTooMany says the enumeration would visit more positions than allowed.
var ErrTooMany = errors.New("too many positions")

// PPositionOptions tunes PPositionsBelow.
type PPositionOptions struct {
	// UpToPermutation sorts each position ascending and lists it once, as
	// Eugeni, Mascella and Tondini list Marienbad's (refused for Staircase,
	// whose steps are not interchangeable).
	UpToPermutation bool
	// Limit bounds the positions visited; ≤ 0 means DefaultPositionLimit.
	Limit int
	// Progress, if set, is called now and then with the positions visited
	// and their total (0 when unknown, for Staircase).
	Progress func(done, total int)
}

// PPositionsBelow lists the P-positions reachable from start (start itself
// included): for Nim, Nimble, Moore and Plainim those are the positions
// with every entry at most start's, for Staircase those reachable by
// moving coins down. The list is sorted.
func (g Game) PPositionsBelow(ctx context.Context, start []int, opts PPositionOptions) ([][]int, error) {
	if err := g.Validate(start); err != nil {
		return nil, err
	}
	limit := opts.Limit
	if limit <= 0 {
		limit = DefaultPositionLimit
	}
	upToPermutation := opts.UpToPermutation
	progress := opts.Progress
	if progress == nil {
		progress = func(int, int) {}
	}
	if g.Variant == Staircase {
		if upToPermutation {
			return nil, inputErrorf("staircase steps are not interchangeable; list P-positions without --up-to-permutation")
		}
		return g.staircasePPositions(ctx, start, limit, progress)
	}
	total := 1
	for _, a := range start {
		if a >= limit || total > limit/(a+1) {
			return nil, fmt.Errorf("%w: more than %d positions lie below %v", ErrTooMany, limit, start)
		}
		total *= a + 1
	}
	seen := map[string]bool{}
	var out [][]int
	cur := make([]int, len(start))
	for n := 0; ; n++ {
		if n&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			progress(n, total)
		}
		if g.outcome(cur) == P {
			p := slices.Clone(cur)
			if upToPermutation {
				slices.Sort(p)
				key := fmt.Sprint(p)
				if seen[key] {
					goto next
				}
				seen[key] = true
			}
			out = append(out, p)
		}
	next:
		// odometer over the box [0, start]
		i := len(cur) - 1
		for i >= 0 && cur[i] == start[i] {
			cur[i] = 0
			i--
		}
		if i < 0 {
			break
		}
		cur[i]++
	}
	progress(total, total)
	slices.SortFunc(out, slices.Compare)
	return out, nil
}

func (g Game) staircasePPositions(ctx context.Context, start []int, limit int, progress func(done, total int)) ([][]int, error) {
	seen := map[string]bool{fmt.Sprint(start): true}
	queue := [][]int{slices.Clone(start)}
	var out [][]int
	// steps counts the work done (positions dequeued and moves tried), so the
	// context is looked at regularly however the positions branch.
	steps := 0
	for len(queue) > 0 {
		steps++
		if steps&0xfff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			progress(len(seen), 0)
		}
		p := queue[0]
		queue = queue[1:]
		if g.outcome(p) == P {
			out = append(out, p)
		}
		for i, a := range p {
			for c := 1; c <= a; c++ {
				if steps++; steps&0xfff == 0 {
					if err := ctx.Err(); err != nil {
						return nil, err
					}
				}
				q := slices.Clone(p)
				q[i] -= c
				if i > 0 {
					q[i-1] += c
				}
				key := fmt.Sprint(q)
				if !seen[key] {
					if len(seen) >= limit {
						return nil, fmt.Errorf("%w: more than %d positions are reachable from %v", ErrTooMany, limit, start)
					}
					seen[key] = true
					queue = append(queue, q)
				}
			}
		}
	}
	slices.SortFunc(out, slices.Compare)
	return out, nil
}
