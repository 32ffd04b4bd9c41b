package astron

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

// compareCubeWithTable3 checks every cell of the compact cube against the
// full cube of BuildTable3 (an independent engine, itself checked against a
// brute force in TestThreeStarMatchesBruteForce).
func compareCubeWithTable3(t *testing.T, r Rules, n int) {
	t.Helper()
	ctx := context.Background()
	c, err := BuildCube3(ctx, r, n, CubeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	full, err := BuildTable3(ctx, r, n, nil)
	if err != nil {
		t.Fatal(err)
	}
	bad := 0
	for p := 0; p <= n; p++ {
		for q := p; q <= n; q++ {
			for s := q; s <= n; s++ {
				if got, want := c.At(p, q, s), full.At(p, q, s); got != want {
					if bad < 5 {
						t.Errorf("%s: G(A_{%d,%d,%d}) = %d in the cube, %d in Table3", r, p, q, s, got, want)
					}
					bad++
				}
			}
		}
	}
	if bad > 0 {
		t.Fatalf("%d cells differ", bad)
	}
	if c.Max() != full.Max() {
		t.Errorf("max %d, Table3 %d", c.Max(), full.Max())
	}
}

func TestCube3MatchesTable3(t *testing.T) {
	compareCubeWithTable3(t, AstronRules(), 40)
}

func TestCube3OtherExtensionsMatchTable3(t *testing.T) {
	for _, codes := range [][2]string{{"0.137", "0.0c"}, {"0.6", "0.4"}, {"4.07", "4.0"}, {"0.34", "0.08"}} {
		r := mustRules(t, codes[0], codes[1])
		compareCubeWithTable3(t, r, 18)
	}
}

func mustRules(t *testing.T, o, j string) Rules {
	t.Helper()
	code, err := octal.NewOctalCode(takebreak.MustParse(o))
	if err != nil {
		t.Fatal(err)
	}
	jc, err := parseJoin(j)
	if err != nil {
		t.Fatal(err)
	}
	return Rules{Octal: code, Join: jc}
}

// TestCube3MatchesBruteForce compares every cell of the cube with the brute
// force of brute_test.go (positions played as games, sums by the
// Sprague–Grundy theorem) for N ≤ 25; N = 40 with NIMLAB_LONG=1.
func TestCube3MatchesBruteForce(t *testing.T) {
	n := 25
	if os.Getenv("NIMLAB_LONG") != "" {
		n = 40
	}
	c, err := BuildCube3(context.Background(), AstronRules(), n, CubeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	brute := newBruteGame(bruteAstronOptions)
	for p := 0; p <= n; p++ {
		for q := p; q <= n; q++ {
			for s := q; s <= n; s++ {
				if got, want := c.At(p, q, s), brute.grundy([]int{p, q, s}); got != want {
					t.Fatalf("G(A_{%d,%d,%d}) = %d in the cube, %d by brute force", p, q, s, got, want)
				}
			}
		}
	}
}

// TestCube3RandomCellsAt300 compares 20 000 random cells of the N = 300
// cube with the full Table3 (about 15 s on two cores; skipped with -short).
func TestCube3RandomCellsAt300(t *testing.T) {
	if testing.Short() || os.Getenv("NIMLAB_LONG") == "" {
		t.Skip("set NIMLAB_LONG=1 to compare the N = 300 cube")
	}
	ctx := context.Background()
	const n = 300
	c, err := BuildCube3(ctx, AstronRules(), n, CubeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	full, err := BuildTable3(ctx, AstronRules(), n, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(19, 300))
	for range 20000 {
		p, q, s := rng.IntN(n+1), rng.IntN(n+1), rng.IntN(n+1)
		if got, want := c.At(p, q, s), full.At(p, q, s); got != want {
			t.Fatalf("G(A_{%d,%d,%d}) = %d in the cube, %d in Table3", p, q, s, got, want)
		}
	}
	if c.Max() != full.Max() {
		t.Fatalf("max %d, Table3 %d", c.Max(), full.Max())
	}
}

// TestCube3CheckpointResume interrupts a computation (cancelled after a few
// anti-diagonals, saving a checkpoint after each), resumes it from the file
// and compares the result with an uninterrupted run, cell by cell.
func TestCube3CheckpointResume(t *testing.T) {
	ctx := context.Background()
	r := AstronRules()
	const n = 50
	want, err := BuildCube3(ctx, r, n, CubeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "cube.ckpt")
	cctx, cancel := context.WithCancel(ctx)
	cubeAfterDiagonal = func(d int) {
		if d == 37 {
			cancel()
		}
	}
	defer func() { cubeAfterDiagonal = nil }()
	_, err = BuildCube3(cctx, r, n, CubeOptions{Checkpoint: path, CheckpointEvery: time.Nanosecond})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: %v, want context.Canceled", err)
	}
	cubeAfterDiagonal = nil
	var resumed int64
	got, err := BuildCube3(ctx, r, n, CubeOptions{Checkpoint: path, Resumed: &resumed})
	if err != nil {
		t.Fatal(err)
	}
	if resumed == 0 || resumed >= CubeCells(n) {
		t.Fatalf("resumed from %d cells of %d", resumed, CubeCells(n))
	}
	if !slices.Equal(got.v, want.v) || got.Max() != want.Max() {
		t.Fatal("the resumed cube differs from the uninterrupted one")
	}
	// Another size or other rules refuse the checkpoint.
	if _, err := BuildCube3(ctx, r, n+1, CubeOptions{Checkpoint: path}); err == nil {
		t.Error("a checkpoint of N = 50 was accepted for N = 51")
	}
	other := mustRules(t, "0.6", "0.4")
	if _, err := BuildCube3(ctx, other, n, CubeOptions{Checkpoint: path}); err == nil {
		t.Error("a checkpoint of Astron was accepted for 0.6/0.4")
	}
	// A damaged file is refused.
	b, _ := os.ReadFile(path)
	b[len(b)/2] ^= 1
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := BuildCube3(ctx, r, n, CubeOptions{Checkpoint: path}); err == nil {
		t.Error("a damaged checkpoint was accepted")
	}
}

func TestCube3MemoryLimit(t *testing.T) {
	_, err := BuildCube3(context.Background(), AstronRules(), 1000, CubeOptions{MemoryLimit: 100 << 20})
	if !errors.Is(err, ErrCubeTooLarge) {
		t.Fatalf("N = 1000 in 100 MiB: %v, want ErrCubeTooLarge", err)
	}
	if m := CubeMemory(1000); m < 670e6 || m > 740e6 {
		t.Errorf("CubeMemory(1000) = %d, want about 700 MB", m)
	}
}

// TestCube3RollingMatchesTable3 reaches past n1 + tau1 = 87, where the
// rolling sets of the largest star start for Astron, and compares with
// Table3 and with the cube computed without them.
func TestCube3RollingMatchesTable3(t *testing.T) {
	compareCubeWithTable3(t, AstronRules(), 120)
	for _, r := range []Rules{mustRules(t, "0.137", "0.0c"), mustRules(t, "0.6", "0.4")} {
		ctx := context.Background()
		fast, err := BuildCube3(ctx, r, 90, CubeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		disableCubeRolling = true
		slow, err := BuildCube3(ctx, r, 90, CubeOptions{})
		disableCubeRolling = false
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(fast.v, slow.v) {
			t.Fatalf("%s: the rolling sets change the cube", r)
		}
	}
}

// TestSlab3MatchesCube compares the thin slab (two smaller stars ≤ 12, the
// largest to 150) with the cube to 150.
func TestSlab3MatchesCube(t *testing.T) {
	ctx := context.Background()
	const s, l = 12, 150
	sl, err := BuildSlab3(ctx, AstronRules(), s, l, nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := BuildCube3(ctx, AstronRules(), l, CubeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for p := 0; p <= s; p++ {
		for q := p; q <= s; q++ {
			for r := q; r <= l; r++ {
				if got, want := sl.At(p, q, r), c.At(p, q, r); got != want {
					t.Fatalf("G(A_{%d,%d,%d}) = %d in the slab, %d in the cube", p, q, r, got, want)
				}
			}
			row := sl.Row(p, q)
			for n := range row {
				if int(row[n]) != c.At(p, q, n) {
					t.Fatalf("row (%d, %d) at %d", p, q, n)
				}
			}
		}
	}
}
