package census

import (
	"context"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

func codes(f Family) []string {
	out := make([]string, len(f.Games))
	for i, g := range f.Games {
		out[i] = g.Code
	}
	return out
}

func TestParseFamily(t *testing.T) {
	cases := []struct {
		pattern string
		n       int
		first   []string
	}{
		{"0.???", 512, []string{"0.0", "0.001", "0.002"}},
		{"4.???", 512, []string{"4.0", "4.001"}},
		{".??", 64, []string{"0.0", "0.01"}},
		{"?.7", 2, []string{"0.7", "4.7"}},
		{"0.1?7", 8, []string{"0.107", "0.117"}},
		{"S(1..3)", 7, []string{"S(1)", "S(2)", "S(1,2)", "S(3)"}},
		{"0.07", 1, []string{"0.07"}},
		{"hex:0.?", 16, []string{"0.0", "0.1", "0.2"}},
		{"0.?F", 16, []string{"0.0F", "0.1F"}},
		// not a pattern: one code whose ? is CGSuite's modifier
		{"0.{0!,2?,4?+}", 1, []string{"0.{0,2,4+}?"}},
		{"04.30", 1, []string{"4.3"}},
	}
	for _, tc := range cases {
		f, err := ParseFamily(tc.pattern)
		require.NoError(t, err, tc.pattern)
		assert.Len(t, f.Games, tc.n, tc.pattern)
		assert.Equal(t, tc.first, codes(f)[:len(tc.first)], tc.pattern)
		seen := map[string]bool{}
		for _, c := range codes(f) {
			assert.False(t, seen[c], "%s listed twice in %s", c, tc.pattern)
			seen[c] = true
		}
	}
	// S(1,2,5) runs as 0.33003.
	assert.Equal(t, "0.33003", SubtractionGame(1|2|16).Octal.String())
	assert.Equal(t, "S(1,2,5)", SubtractionGame(1|2|16).Code)

	for _, bad := range []string{"", "0.G??", "hex:0.?G", "2.??", "S(1..40)", "S(x)", "0.??????", "@/nonexistent/file", "hello"} {
		_, err := ParseFamily(bad)
		require.Error(t, err, bad)
		assert.Contains(t, err.Error(), "accepted", bad)
	}
}

// TestFamilyErrorsCountCharacters: a family error names the character
// typed and counts characters, not bytes.
func TestFamilyErrorsCountCharacters(t *testing.T) {
	for _, c := range []struct{ pattern, says string }{
		{"0.?é", `'é' at position 2 after the point`},
		{"0.1?７", `'７' at position 3 after the point`},
		{"é.??", "write one digit (0, 4 or ?) before the point"},
	} {
		_, err := ParseFamily(c.pattern)
		require.Error(t, err, c.pattern)
		assert.Contains(t, err.Error(), c.says, c.pattern)
	}
}

func TestReadFamilyFile(t *testing.T) {
	f, err := ReadFamily("@list", strings.NewReader("# Kayles and friends\n0.77\n\n.07  # Dawson\n0.070\n4.7\nS(5,1,2)\n"))
	require.NoError(t, err)
	assert.Equal(t, []string{"0.77", "0.07", "4.7", "S(1,2,5)"}, codes(f))
	assert.Equal(t, "0.33003", f.Games[3].Octal.String())
	// Take-and-break codes that are not octal run on the general engine.
	f, err = ReadFamily("@list", strings.NewReader("0.B\n4!.0\n0.7?\n0.*!3\n0.{1,2!}\n"))
	require.NoError(t, err)
	assert.Equal(t, []string{"0.B", "4!.0", "0.7?", "0.*!3", "0.6!"}, codes(f))
	assert.True(t, f.Games[0].Octal.General())
	_, err = ReadFamily("@list", strings.NewReader("0.77\n0.7.7\n"))
	require.ErrorContains(t, err, "line 2")
}

// Every game lands in exactly one shard, for several shard counts.
func TestShardCoverage(t *testing.T) {
	fam, err := ParseFamily("0.???")
	require.NoError(t, err)
	for _, n := range []int{1, 2, 3, 7, 64, 600} {
		count := map[string]int{}
		total := 0
		for i := 0; i < n; i++ {
			sh := fam.Shard(i, n)
			total += len(sh.Games)
			assert.LessOrEqual(t, len(sh.Games), (len(fam.Games)+n-1)/n)
			for _, g := range sh.Games {
				count[g.Code]++
			}
		}
		assert.Equal(t, len(fam.Games), total, "n=%d", n)
		for _, g := range fam.Games {
			assert.Equal(t, 1, count[g.Code], "%s in n=%d", g.Code, n)
		}
	}
}

func TestParseShardAndSlurm(t *testing.T) {
	i, n, err := ParseShard("2/3")
	require.NoError(t, err)
	assert.Equal(t, [2]int{2, 3}, [2]int{i, n})
	for _, bad := range []string{"3/3", "-1/3", "1", "a/b", "0/0"} {
		_, _, err := ParseShard(bad)
		assert.Error(t, err, bad)
	}
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	_, _, ok, err := ShardFromSlurm(env(nil))
	assert.False(t, ok)
	assert.NoError(t, err)
	i, n, ok, err = ShardFromSlurm(env(map[string]string{"SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "3"}))
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, [2]int{2, 4}, [2]int{i, n})
	_, _, _, err = ShardFromSlurm(env(map[string]string{"SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_COUNT": "4"}))
	assert.Error(t, err)
}

// Known periods: Kayles, Dawson's Kayles (thesis and Winning Ways), 0.4
// and Dawson's Chess 0.137 (Dawson's Kayles shifted), 0.3 (take one token:
// period 2), and an unsolved game stopped by the budget.
func TestSolveKnownGames(t *testing.T) {
	cases := []struct {
		code      string
		period    int
		preperiod int
	}{
		{"0.77", 12, 71},
		{"0.07", 34, 53},
		{"0.4", 34, 54},
		{"0.3", 2, 0},
		{"0.137", 34, 52}, // Dawson's Chess: Dawson's Kayles shifted by one heap (Winning Ways)
	}
	for _, tc := range cases {
		g := Game{Code: tc.code, Octal: octal.NewCode(takebreak.MustParse(tc.code))}
		r, err := Solve(context.Background(), g, Budget{MaxHeaps: 1 << 14}, nil)
		require.NoError(t, err)
		assert.Equal(t, Periodic, r.Status, tc.code)
		assert.Equal(t, tc.period, r.Period, tc.code)
		assert.Equal(t, tc.preperiod, r.Preperiod, tc.code)
	}
	// 0.6 has no period in its first 4096 values.
	g := Game{Code: "0.6", Octal: octal.NewCode(takebreak.MustParse("0.6"))}
	r, err := Solve(context.Background(), g, Budget{MaxHeaps: 4096}, nil)
	require.NoError(t, err)
	assert.Equal(t, Unsolved, r.Status)
	assert.Equal(t, "max", r.StoppedBy)
	assert.Equal(t, 4096, r.Heaps)
	vals, err := octal.QuadraticExtend(context.Background(), g.Octal, nil, 4095, nil)
	require.NoError(t, err)
	mv, at := 0, 0
	for n, v := range vals {
		if int(v) > mv {
			mv, at = int(v), n
		}
	}
	assert.Equal(t, [2]int{mv, at}, [2]int{r.MaxValue, r.MaxAt})
	if r.RareMask != 0 {
		rare, last := 0, 0
		for n := 1; n < len(vals); n++ {
			x := int(vals[n]) & r.RareMask
			ones := 0
			for ; x != 0; x &= x - 1 {
				ones++
			}
			if ones%2 == 0 {
				rare, last = rare+1, n
			}
		}
		assert.Equal(t, [2]int{rare, last}, [2]int{r.RareCount, r.LastRare})
		assert.Less(t, r.RareCount, len(vals)/4, "0.6 shows sparse space")
	}
}

// The time budget stops a game and records it as unsolved to the heaps it
// reached.
// workContext is a context whose deadline passes after its Err has been
// asked polls times: the engines ask once a round of at least 64 heaps, so
// a time budget made of it stops a game after a fixed amount of work, on a
// loaded machine as on an idle one.
type workContext struct {
	context.Context
	polls int
	done  chan struct{}
}

func (c *workContext) Err() error {
	if c.polls <= 0 {
		return context.DeadlineExceeded
	}
	if c.polls--; c.polls == 0 {
		close(c.done)
	}
	return c.Context.Err()
}

func (c *workContext) Done() <-chan struct{} { return c.done }

func TestTimeBudget(t *testing.T) {
	defer func(f func(context.Context, time.Duration) (context.Context, context.CancelFunc)) { gameContext = f }(gameContext)
	gameContext = func(ctx context.Context, _ time.Duration) (context.Context, context.CancelFunc) {
		return &workContext{Context: ctx, polls: 40, done: make(chan struct{})}, func() {}
	}
	// 0.6 has no period within 2^22 heaps (nor an arithmetic one).
	g := Game{Code: "0.6", Octal: octal.NewCode(takebreak.MustParse("0.6"))}
	r, err := Solve(context.Background(), g, Budget{MaxHeaps: 1 << 22, Time: time.Hour}, nil)
	require.NoError(t, err)
	assert.Equal(t, Unsolved, r.Status)
	assert.Equal(t, "time", r.StoppedBy)
	assert.GreaterOrEqual(t, r.Heaps, 39*64)
	assert.Less(t, r.Heaps, 1<<22)
	// The values it reached are exact.
	want, err := octal.QuadraticExtend(context.Background(), g.Octal, nil, r.Heaps-1, nil)
	require.NoError(t, err)
	assert.Equal(t, census1(want), r.MaxValue)
}

func census1(v []uint16) int {
	m := 0
	for _, x := range v {
		m = max(m, int(x))
	}
	return m
}

// fullValues returns G(0..n−1) of a result's game, extended by its period
// when certified: the brute-force side of the class test.
func fullValues(t *testing.T, r *Result, n int) []uint16 {
	vals, err := octal.QuadraticExtend(context.Background(), octal.NewCode(takebreak.MustParse(r.Octal)), nil, min(n, r.Heaps)-1, nil)
	require.NoError(t, err)
	for len(vals) < n && r.Solved() {
		vals = append(vals, vals[len(vals)-r.Period])
	}
	return vals
}

// Classes agree with a brute comparison of the sequences: two games are in
// one class exactly when a chain of shifts ≤ 2 links them, each link
// checked value by value.
func TestClassesMatchBruteComparison(t *testing.T) {
	const heaps = 512
	fam, err := ParseFamily("0.??")
	require.NoError(t, err)
	fam.Games = append(fam.Games, Game{Code: "0.161", Octal: octal.NewCode(takebreak.MustParse("0.161"))}, Game{Code: "0.36", Octal: octal.NewCode(takebreak.MustParse("0.36"))})
	res, err := Run(context.Background(), fam, Options{Budget: Budget{MaxHeaps: heaps}})
	require.NoError(t, err)
	vals := make([][]uint16, len(res))
	for i, r := range res {
		vals[i] = fullValues(t, r, heaps)
	}
	L := FingerprintLength(len(res[0].Fingerprints[0]) - 1)
	// union-find over brute links
	parent := make([]int, len(res))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			i = parent[i]
		}
		return i
	}
	links := 0
	for a := range res {
		for b := range res {
			if a == b {
				continue
			}
			for s := 0; s <= MaxShift; s++ {
				same := true
				for m := 1; m <= L && same; m++ {
					same = vals[a][m+s] == vals[b][m]
				}
				if same {
					links++
					parent[find(a)] = find(b)
				}
			}
		}
	}
	require.Greater(t, links, 10, "0.?? has many equivalent games")
	cls := Classes(res)
	for a := range res {
		for b := range res {
			brute := find(a) == find(b)
			got := cls[res[a].Code].Base == cls[res[b].Code].Base
			assert.Equal(t, brute, got, "%s and %s", res[a].Code, res[b].Code)
		}
	}
	// Each member's shift holds against its base, value by value.
	index := map[string]int{}
	for i, r := range res {
		index[r.Code] = i
	}
	for i, r := range res {
		m := cls[r.Code]
		b := index[m.Base]
		for n := 1; n+m.Shift < heaps && n <= L-4; n++ {
			require.Equal(t, vals[b][n], vals[i][n+m.Shift], "%s = %s shifted by %d at heap %d", r.Code, m.Base, m.Shift, n)
		}
	}
	// 0.4 is Dawson's Kayles shifted by one heap.
	assert.Equal(t, cls["0.07"].Base, cls["0.4"].Base)
	// 0.161 and 0.36 agree for a while but differ at heap 519 (the issue's
	// example): at 512 heaps they share a class, which a longer census splits.
	assert.Equal(t, cls["0.161"].Base, cls["0.36"].Base)
}

func TestClassesSplitWhenSequencesDiffer(t *testing.T) {
	fam := Family{Games: []Game{{Code: "0.161", Octal: octal.NewCode(takebreak.MustParse("0.161"))}, {Code: "0.36", Octal: octal.NewCode(takebreak.MustParse("0.36"))}}}
	res, err := Run(context.Background(), fam, Options{Budget: Budget{MaxHeaps: 4096}})
	require.NoError(t, err)
	cls := Classes(res)
	assert.NotEqual(t, cls["0.161"].Base, cls["0.36"].Base)
	// The first differing heap, by brute force, is past 512.
	a, b := fullValues(t, res[0], 4096), fullValues(t, res[1], 4096)
	first := -1
	for s := 0; s <= MaxShift && first < 0; s++ {
		for n := 1; n+2 < 4096; n++ {
			if a[n] != b[n+s] && a[n+s] != b[n] {
				first = n
				break
			}
		}
	}
	assert.Greater(t, first, 500)
}

// Run reports progress, records each game, and a cancelled run returns the
// games it finished; running again with Known completes it and the union
// equals an uninterrupted run.
func TestRunCancelAndResume(t *testing.T) {
	fam, err := ParseFamily("0.1??")
	require.NoError(t, err)
	budget := Budget{MaxHeaps: 1 << 12}
	full, err := Run(context.Background(), fam, Options{Budget: budget})
	require.NoError(t, err)
	require.Len(t, full, len(fam.Games))

	ctx, cancel := context.WithCancel(context.Background())
	recorded := map[string]*Result{}
	var reports int
	_, err = Run(ctx, fam, Options{Budget: budget, Jobs: 1,
		Record: func(r *Result) error {
			recorded[r.Code] = r
			if len(recorded) == 20 {
				cancel()
			}
			return nil
		},
		Progress: func(Progress) { reports++ },
	})
	require.ErrorIs(t, err, context.Canceled)
	require.GreaterOrEqual(t, len(recorded), 20)
	require.Less(t, len(recorded), len(fam.Games))
	assert.Positive(t, reports)
	skipped := 0
	_, err = Run(context.Background(), fam, Options{Budget: budget,
		Known:    func(c string) (*Result, bool) { r, ok := recorded[c]; return r, ok },
		Record:   func(r *Result) error { recorded[r.Code] = r; return nil },
		Progress: func(p Progress) { skipped = p.Skipped },
	})
	require.NoError(t, err)
	assert.Equal(t, len(fam.Games)-len(full)+len(full), len(recorded))
	assert.Positive(t, skipped)
	for _, r := range full {
		got := recorded[r.Code]
		require.NotNil(t, got, r.Code)
		assert.Equal(t, r.Summary(), got.Summary(), r.Code)
		assert.Equal(t, r.Fingerprints, got.Fingerprints, r.Code)
		assert.Equal(t, [4]int{r.MaxValue, r.MaxAt, r.RareCount, r.LastRare}, [4]int{got.MaxValue, got.MaxAt, got.RareCount, got.LastRare}, r.Code)
		assert.Equal(t, r.SameAs, got.SameAs, r.Code)
	}
}

// A census killed after the games that others are checked against were
// recorded, and then resumed, records the same same_as as one that ran
// through: the resumed run recomputes the values of those recorded games
// (and does not record them again).
func TestResumeKeepsSameAs(t *testing.T) {
	fam, err := ParseFamily("0.?6?")
	require.NoError(t, err)
	budget := Budget{MaxHeaps: 1 << 12}
	full, err := Run(context.Background(), fam, Options{Budget: budget, Jobs: 1})
	require.NoError(t, err)
	bases := map[string]*Result{}
	for _, r := range full {
		if r.SameAs != "" {
			bases[r.SameAs] = nil
		}
	}
	require.NotEmpty(t, bases, "the family has games checked against others")
	for _, r := range full {
		if _, ok := bases[r.Code]; ok {
			bases[r.Code] = r
		}
	}
	for _, withResult := range []bool{true, false} {
		var again []*Result
		recorded := 0
		_, err = Run(context.Background(), fam, Options{Budget: budget, Jobs: 2,
			Known: func(c string) (*Result, bool) {
				r, ok := bases[c]
				if !withResult {
					r = nil
				}
				return r, ok
			},
			Record: func(r *Result) error { again = append(again, r); recorded++; return nil },
		})
		require.NoError(t, err)
		assert.Equal(t, len(full)-len(bases), recorded, "recorded games are not recorded again")
		byCode := map[string]*Result{}
		for _, r := range again {
			byCode[r.Code] = r
		}
		for _, r := range full {
			if _, ok := bases[r.Code]; ok {
				continue
			}
			got := byCode[r.Code]
			require.NotNil(t, got, r.Code)
			assert.Equal(t, r.SameAs, got.SameAs, r.Code)
			assert.Equal(t, r.Summary(), got.Summary(), r.Code)
		}
	}
}

func TestConflict(t *testing.T) {
	g := Game{Code: "0.07", Octal: octal.NewCode(takebreak.MustParse("0.07"))}
	a, err := Solve(context.Background(), g, Budget{MaxHeaps: 1 << 12}, nil)
	require.NoError(t, err)
	b := *a
	assert.NoError(t, Conflict(a, &b))
	b.Period = 17
	assert.ErrorContains(t, Conflict(a, &b), "period 34")
	c := *a
	c.Status, c.Heaps = Unsolved, 1<<12
	assert.ErrorContains(t, Conflict(a, &c), "past the certificate")
	d := *a
	d.Fingerprints[0] = append([]uint64{1}, a.Fingerprints[0][1:]...)
	assert.ErrorContains(t, Conflict(a, &d), "values differ by heap 13")
}

func ExampleParseFamily() {
	fam, _ := ParseFamily("0.?7")
	fmt.Println(strings.Join(codes(fam), " "))
	sub, _ := ParseFamily("S(1..2)")
	for _, g := range sub.Games {
		fmt.Printf("%s=%s\n", g.Code, g.Octal)
	}
	// Output:
	// 0.07 0.17 0.27 0.37 0.47 0.57 0.67 0.77
	// S(1)=0.3
	// S(2)=0.03
	// S(1,2)=0.33
}

func ExampleClasses() {
	res, _ := solveAll("0.07", "0.4", "0.77")
	cls := Classes(res)
	keys := []string{"0.07", "0.4", "0.77"}
	sort.Strings(keys)
	for _, c := range keys {
		m := cls[c]
		fmt.Printf("%s: class of %s, shift %d, %d games, proven %v\n", c, m.Base, m.Shift, m.Size, m.Proven)
	}
	// Output:
	// 0.07: class of 0.07, shift 0, 2 games, proven true
	// 0.4: class of 0.07, shift 1, 2 games, proven true
	// 0.77: class of 0.77, shift 0, 1 games, proven false
}

// TestJobsBoundedByGames: more jobs than games start no idle workers
// (--jobs 1000000 took 3.1 GB for 8 games).
func TestJobsBoundedByGames(t *testing.T) {
	fam, err := ParseFamily("0.1?")
	require.NoError(t, err)
	most := 0
	res, err := Run(context.Background(), fam, Options{Budget: Budget{MaxHeaps: 256}, Jobs: 1_000_000,
		Record: func(*Result) error { most = max(most, runtime.NumGoroutine()); return nil }})
	require.NoError(t, err)
	assert.Len(t, res, len(fam.Games))
	assert.Less(t, most, 100)
}

func TestWorkersAndMemory(t *testing.T) {
	cores := runtime.GOMAXPROCS(0)
	cases := []struct{ jobs, games, want int }{
		{0, 1000, cores},
		{0, 1, 1},
		{3, 1000, 3},
		{1_000_000, 8, 8},
		{5, 0, 1},
	}
	for _, tc := range cases {
		o := Options{Jobs: tc.jobs, Budget: Budget{MaxHeaps: 1 << 20}}
		assert.Equal(t, tc.want, o.Workers(tc.games), "jobs %d, %d games", tc.jobs, tc.games)
		// Two bytes a heap for each game in flight and one kept.
		assert.Equal(t, int64(2<<20)*int64(tc.want+1)+64<<20, o.Memory(tc.games))
	}
}

// TestParseTimeBudget: a positive duration, or "" / "none" for no time
// budget; zero, negative and unit-less durations are refused.
func TestParseTimeBudget(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"", 0, true}, {"none", 0, true}, {" none ", 0, true},
		{"30s", 30 * time.Second, true}, {" 5m ", 5 * time.Minute, true}, {"1h30m", 90 * time.Minute, true},
		{"0s", 0, false}, {"-1m", 0, false}, {"10", 0, false}, {"fast", 0, false},
	} {
		d, err := ParseTimeBudget(tc.in)
		if !tc.ok {
			assert.ErrorContains(t, err, "is not a time budget", tc.in)
			continue
		}
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, d, tc.in)
	}
}
