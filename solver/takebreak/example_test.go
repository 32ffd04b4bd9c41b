package takebreak_test

import (
	"fmt"

	"github.com/nimlab/nimlab/solver/takebreak"
)

func ExampleParse() {
	for _, s := range []string{"0.07", ".B", "4!.0", "0.[3]", "4.3333[3]", "0.{2,3}", "04.30", "0.{1,2!}", "0.{0!,2?,4?+}", "0.{0,1,2,3+}", "S(5,1,2)", "all-but(3,1)"} {
		c, err := takebreak.Parse(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-12s → %s\n", s, c)
	}
	// Output:
	// 0.07         → 0.07
	// .B           → 0.B
	// 4!.0         → 4!.0
	// 0.[3]        → 0.[3]
	// 4.3333[3]    → 4.3333[3]
	// 0.{2,3}      → 0.C
	// 04.30        → 4.3
	// 0.{1,2!}     → 0.6!
	// 0.{0!,2?,4?+} → 0.{0,2,4+}?
	// 0.{0,1,2,3+} → 0.*
	// S(5,1,2)     → S(1,2,5)
	// all-but(3,1) → S!(1,3)
}

func ExampleParse_error() {
	_, err := takebreak.Parse("2.07")
	fmt.Println(err)
	// Output:
	// invalid game "2.07": the digit 2 before the point allows leaving one heap, which would be a move that changes nothing (a pass); use a digit that only splits, such as 4 or 8; accepted: a take-and-break code d0.d1d2… (digits 0-9 and A-V, &n; for larger digits, * for any number of heaps, brace lists of heap counts such as {2,3}, {0,2+} or {1,2!}; a digit before the point that only splits, e.g. 4 or 8; modifiers ! ? = after a digit or a count; […] repeats the final digits forever), e.g. 0.07, 0.B, 4.7, 4!.0, 0.[3], 0.{2+}, 0.*!3; or a subtraction game S(1,2,5), or an all-but subtraction game S!(1,3)
}

func ExampleCode_ForEachOption() {
	grundy := takebreak.MustParse("4!.0") // split a heap into two unequal heaps
	grundy.ForEachOption(8, func(take int, heaps []int) bool {
		fmt.Println(take, heaps)
		return true
	})
	// Output:
	// 0 [1 7]
	// 0 [2 6]
	// 0 [3 5]
}

func ExampleCode_Options() {
	// 0.8: remove one token and leave exactly three non-empty heaps.
	for _, o := range takebreak.MustParse("0.8").Options(7) {
		fmt.Println(o.Take, o.Heaps)
	}
	// Output:
	// 1 [1 1 4]
	// 1 [1 2 3]
	// 1 [2 2 2]
}

func ExampleOption_String() {
	// The options of heap 9 in 0.3F! as CGSuite lists them.
	for _, o := range takebreak.MustParse("0.3F!").Options(9) {
		fmt.Print(o, " ")
	}
	fmt.Println()
	// Output:
	// 8 7 1,6 2,5 3,4 1,2,4
}
