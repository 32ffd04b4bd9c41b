package misere_test

import (
	"context"
	"fmt"

	"github.com/nimlab/nimlab/solver/misere"
	"github.com/nimlab/nimlab/solver/octal"
	"github.com/nimlab/nimlab/solver/takebreak"
)

func ExampleCompute() {
	q, err := misere.Compute(context.Background(), octal.NewCode(takebreak.MustParse("0.75")), misere.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(q.Order, q.Presentation, q.Tame, q.Certified)
	fmt.Println("P =", q.Names[q.PSet[0]], q.Names[q.PSet[1]])
	// Output:
	// 8 ⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩ false true
	// P = a b²
}

func ExampleQuotient_Outcome() {
	q, err := misere.Compute(context.Background(), octal.NewCode(takebreak.MustParse("0.77")), misere.Options{})
	if err != nil {
		panic(err)
	}
	o, _ := q.Outcome([]int{1000, 2024, 7})
	moves, _ := q.WinningMoves([]int{3, 4})
	fmt.Println(o, moves)
	// Output:
	// N [{0 3 1 [1 1]} {1 4 1 [3]} {1 4 1 [1 2]}]
}

func ExampleSearcher_Outcome() {
	s := misere.NewSearcher(octal.NewCode(takebreak.MustParse("0.333")))
	o, _ := s.Outcome(context.Background(), []int{2, 2})
	fmt.Println(o) // *2 + *2 is a misère P-position
	// Output: P
}

// The partial quotients of Nim grow as |T_n| = 2^n + 2 (Di Prisa §4).
func ExampleSolver() {
	s := misere.NewSolver(octal.NewCode(takebreak.MustParse("0.33333333")))
	var orders []int
	for s.Last() < 8 {
		if err := s.Next(context.Background()); err != nil {
			panic(err)
		}
		orders = append(orders, s.Order())
	}
	fmt.Println(orders)
	fmt.Println(s.Quotient().Presentation)
	// Output:
	// [2 6 6 10 10 10 10 18]
	// ⟨a, b, c, d | a² = 1, c² = b², d² = b², b³ = b, b²c = c, b²d = d⟩
}
