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
