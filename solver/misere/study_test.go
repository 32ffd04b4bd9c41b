package misere

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

func TestStudyOrders(t *testing.T) {
	last, _ := strconv.Atoi(os.Getenv("NIMLAB_STUDY_MAX"))
	if last == 0 {
		t.Skip("study")
	}
	debugLog = func(s string) { fmt.Println("   ", s) }
	defer func() { debugLog = nil }()
	s := NewSolver(octal.NewCode(takebreak.MustParse(os.Getenv("NIMLAB_STUDY_CODE"))))
	start := time.Now()
	secs, _ := strconv.Atoi(os.Getenv("NIMLAB_STUDY_SECONDS"))
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(max(secs, 1)*int(time.Second)))
	if secs == 0 {
		ctx, cancel = context.WithCancel(context.Background())
	}
	defer cancel()
	for s.Last() < last {
		if err := s.Next(ctx); err != nil {
			t.Log(err)
			return
		}
		fmt.Printf("Q_%d %d %.2fs\n", s.Last(), s.Order(), time.Since(start).Seconds())
	}
}

func init() {
	if os.Getenv("NIMLAB_STUDY_PERIOD") != "" {
		recalPeriod = func(t int) int { return max(2, 2*((t-4)/2)) }
	}
}

func init() {
	if os.Getenv("NIMLAB_STUDY_KEEP") != "" {
		recalVariants = []struct{ grouped, keep bool }{{true, true}, {false, true}, {true, false}, {false, false}}
	}
}

func init() {
	if os.Getenv("NIMLAB_STUDY_LEX") != "" {
		heapWeight = func(g *game, h int) int {
			if h < 48 {
				return 1 << h
			}
			return g.birthday[h]
		}
	}
}

func init() {
	if os.Getenv("NIMLAB_STUDY_GENEROUS") != "" {
		recalIndex = func(t, e int) int { return max(t, 2*e, 4) }
	}
}

func TestStudyDistinguish(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("NIMLAB_STUDY_DIST"))
	if n == 0 {
		t.Skip("study")
	}
	code := octal.NewCode(takebreak.MustParse("0.07"))
	q := partial(t, code, n)
	reps := representatives(q)
	s := NewSearcher(code)
	start := time.Now()
	for x := 0; x < q.Order; x++ {
		for y := x + 1; y < q.Order; y++ {
			z := -1
			for c := 0; c < q.Order && z < 0; c++ {
				if q.P[q.Multiply(x, c)] != q.P[q.Multiply(y, c)] {
					z = c
				}
			}
			ox, err := s.Outcome(context.Background(), append(slices.Clone(reps[x]), reps[z]...))
			if err != nil {
				t.Fatalf("%v %v: %v", reps[x], reps[z], err)
			}
			oy, err := s.Outcome(context.Background(), append(slices.Clone(reps[y]), reps[z]...))
			if err != nil {
				t.Fatalf("%v %v: %v", reps[y], reps[z], err)
			}
			if ox == oy {
				t.Fatalf("x=%s %v y=%s %v z=%s %v: both %v; quotient says %v %v", q.Names[x], reps[x], q.Names[y], reps[y], q.Names[z], reps[z], ox, q.P[q.Multiply(x, z)], q.P[q.Multiply(y, z)])
			}
		}
		if x%10 == 0 {
			fmt.Println(x, time.Since(start), s.Positions())
		}
	}
}

func init() {
	if w, _ := strconv.Atoi(os.Getenv("NIMLAB_STUDY_PROFILE_MWORDS")); w > 0 {
		profileWords = w << 20
	}
}

// TestStudyPowers reports, for every failed candidate at heap n =
// NIMLAB_STUDY_POWERS of NIMLAB_STUDY_CODE, how many multiples k·H_n
// (k = 0, 1, …) the candidate's labels below its failure prove pairwise
// distinguishable: the position k·H_n has birthday k·b(H_n), and a test z
// counts for k and k' when both sums are born before the failure.
func TestStudyPowers(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("NIMLAB_STUDY_POWERS"))
	if n == 0 {
		t.Skip("study")
	}
	s := NewSolver(octal.NewCode(takebreak.MustParse(os.Getenv("NIMLAB_STUDY_CODE"))))
	secs, _ := strconv.Atoi(os.Getenv("NIMLAB_STUDY_SECONDS"))
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(max(secs, 60))*time.Second)
	defer cancel()
	failures := 0
	failedCandidate = func(h int, q *monoid, p []bool, phi []int32, bad map[int]int) {
		if h != n {
			return
		}
		limit := positionBirthday(s.g, bad)
		r := repsOf(q, transitionsOf(s.g, phi, q.times, cmpInt32))
		b := heapWeight(s.g, n)
		var powers []int32
		for x, k := int32(0), 0; k*b < limit; k++ {
			powers = append(powers, x)
			x = q.times(x, phi[n])
		}
		distinct := func(i, j int) bool {
			for z := int32(0); int(z) < q.size; z++ {
				if r.dist[z] >= 0 && r.dist[z]+max(i, j)*b < limit && p[q.times(powers[i], z)] != p[q.times(powers[j], z)] {
					return true
				}
			}
			return false
		}
		k := 1
		for ; k < len(powers); k++ {
			ok := true
			for i := 0; i < k && ok; i++ {
				ok = distinct(i, k)
			}
			if !ok {
				break
			}
		}
		lb, _ := certifiedLowerBound(q, p, r, limit)
		if lb < 1 || lb > q.size {
			t.Errorf("heap %d candidate %d: certified lower bound %d outside 1..%d", h, q.size, lb, q.size)
		}
		failures++
		fmt.Printf("heap %d candidate %d: failure %v born on day %d; 0..%d·H_%d pairwise distinguishable; %d elements told apart\n", h, q.size, bad, limit, k-1, n, lb)
	}
	defer func() { failedCandidate = nil }()
	for s.Last() < n {
		err := s.Next(ctx)
		if err == nil {
			continue
		}
		// A study ends when its time or the profile memory limit runs out;
		// any other error is a defect.
		if !errors.Is(err, ErrTooLarge) && !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("heap %d: %v", s.Last()+1, err)
		}
		t.Logf("study ended at heap %d after %d failed candidates: %v", s.Last()+1, failures, err)
		return
	}
}
