package astron

import (
	"context"
	"time"
)

// ThreeStarMemory is the memory a three-star study holds at once, in
// bytes: the cube to n (CubeMemory) and, when slabS > 0, the slab of two
// smaller stars ≤ slabS to slabL (SlabMemory).
func ThreeStarMemory(n, slabS, slabL int) int64 {
	need := CubeMemory(n)
	if slabS > 0 {
		need += SlabMemory(slabS, slabL)
	}
	return need
}

// LargestCubeWithin is the largest N ≤ MaxCube3 whose cube fits in limit
// bytes (0 when none does).
func LargestCubeWithin(limit int64) int {
	lo, hi := 0, MaxCube3
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if CubeMemory(mid) <= limit {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// ThreeStarOptions says what StudyThreeStars looks at.
type ThreeStarOptions struct {
	// Study is passed to StudyCube.
	Study StudyOptions
	// SlabS and SlabL, when SlabS > 0, add the thin slab of triples whose
	// two smaller stars are ≤ SlabS, the largest to SlabL: it reaches
	// Theorem 2.3.7's check far beyond the cube.
	SlabS, SlabL int
	// SlabCandidates is the number of candidate periods the slab's theorem
	// check tries (0: 8).
	SlabCandidates int
	// OnSlab, if set, is called when the study moves on to the slab (for
	// a status line: the slab takes a while).
	OnSlab func()
}

// ThreeStarStudy is the three-star study: the cube's study, with the slab's
// findings added when there is a slab.
type ThreeStarStudy struct {
	Study *Study
	// Slab is the slab's study (nil without a slab), SlabTime the time it
	// took to build and study.
	Slab     *SlabStudy
	SlabTime time.Duration
}

// StudyThreeStars studies the three-star cube c of rules r: its lines
// against the two-star bulb's period (StudyCube) and, if opt.SlabS > 0,
// the thin slab, whose findings join the study's.
func StudyThreeStars(ctx context.Context, r Rules, c *Cube3, opt ThreeStarOptions) (*ThreeStarStudy, error) {
	two, err := TwoStarBulbPeriod(ctx, r)
	if err != nil {
		return nil, err
	}
	st, err := StudyCube(ctx, c, two, opt.Study)
	if err != nil {
		return nil, err
	}
	out := &ThreeStarStudy{Study: st}
	if opt.SlabS <= 0 {
		return out, nil
	}
	if opt.OnSlab != nil {
		opt.OnSlab()
	}
	start := time.Now()
	sl, err := BuildSlab3(ctx, r, opt.SlabS, opt.SlabL, nil)
	if err != nil {
		return nil, err
	}
	candidates := opt.SlabCandidates
	if candidates <= 0 {
		candidates = 8
	}
	if out.Slab, err = StudySlab(ctx, sl, two, candidates); err != nil {
		return nil, err
	}
	st.AddSlab(out.Slab)
	out.SlabTime = time.Since(start)
	return out, nil
}
