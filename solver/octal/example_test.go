package octal_test

import (
	"context"
	"fmt"

	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

func ExampleHeapOptions() {
	code := octal.NewCode(takebreak.MustParse("0.3F!")) // CGSuite's notation
	res, err := octal.Solve(context.Background(), code, octal.SolveOptions{N: 9})
	if err != nil {
		panic(err)
	}
	opts, complete, err := octal.HeapOptions(code, res.Values, 9, 100)
	if err != nil {
		panic(err)
	}
	for i, o := range opts {
		if i > 0 {
			fmt.Print(" ")
		}
		fmt.Printf("%s:%d", o, o.Value)
	}
	fmt.Println()
	fmt.Println("complete:", complete, "mex:", octal.Mex(opts), "G(9):", res.Values[9])
	// Output:
	// 8:2 7:1 1,6:1 2,5:0 3,4:1 1,2,4:2
	// complete: true mex: 3 G(9): 3
}

func ExampleNewCode() {
	for _, s := range []string{"04.30", "0.{1,2}", "0.{1,2!}", "0.{0,1,2,3+}"} {
		c := octal.NewCode(takebreak.MustParse(s))
		fmt.Printf("%s → %s (general engine: %v)\n", s, c, c.General())
	}
	// Output:
	// 04.30 → 4.3 (general engine: false)
	// 0.{1,2} → 0.6 (general engine: false)
	// 0.{1,2!} → 0.6! (general engine: true)
	// 0.{0,1,2,3+} → 0.* (general engine: true)
}

func ExampleCompare() {
	ctx := context.Background()
	dawson, err := octal.Solve(ctx, octal.NewCode(takebreak.MustParse("0.161")), octal.SolveOptions{Max: 4096})
	if err != nil {
		panic(err)
	}
	c, err := octal.Compare(ctx, dawson, octal.NewCode(takebreak.MustParse("0.36")), octal.CompareOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s and %s first differ at heap %d: %d and %d\n", c.A, c.B, c.FirstDiff, c.Values[0], c.Values[1])

	lasker, err := octal.Solve(ctx, octal.NewCode(takebreak.MustParse("4.[3]")), octal.SolveOptions{})
	if err != nil {
		panic(err)
	}
	c, err = octal.Compare(ctx, lasker, octal.NewCode(takebreak.MustParse("4.37[3]")), octal.CompareOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s and %s equal at every heap: %v\n", c.A, c.B, c.Proven)
	// Output:
	// 0.161 and 0.36 first differ at heap 519: 2 and 4
	// 4.[3] and 4.37[3] equal at every heap: true
}

func ExampleResult_ValuesUpTo() {
	ctx := context.Background()
	// Lasker's Nim: period 4, saltus 4, proven from its first values
	res, err := octal.Solve(ctx, octal.NewCode(takebreak.MustParse("4.[3]")), octal.SolveOptions{})
	if err != nil {
		panic(err)
	}
	values, err := res.ValuesUpTo(ctx, 10_004)
	if err != nil {
		panic(err)
	}
	fmt.Printf("period %d, saltus %d, %d values computed\n", res.Period.Period, res.Period.Saltus, len(res.Values))
	fmt.Println(values[10_001:])
	// Output:
	// period 4, saltus 4, 1024 values computed
	// [10001 10002 10004 10003]
}

func ExampleEquivalent() {
	ctx := context.Background()
	res, err := octal.Solve(ctx, octal.NewCode(takebreak.MustParse("0.51")), octal.SolveOptions{})
	if err != nil {
		panic(err)
	}
	e, err := octal.Equivalent(ctx, res, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(e.Codes, e.Proven)
	// Output:
	// [0.55] [true]
}
