package astron_test

import (
	"context"
	"fmt"

	"github.com/nimlab/nimlab/solver/astron"
)

func ExampleSolver_Analyse() {
	s := astron.NewSolver(astron.AstronRules())
	a, err := s.Analyse(context.Background(), astron.Position{5, 7})
	if err != nil {
		panic(err)
	}
	fmt.Println(a.Nimber, a.Outcome)
	fmt.Println(a.WinningMoves[0].Text(), a.WinningMoves[0].Result)
	// Output:
	// 4 N
	// split the 5 into 0 + 3 with {7} beside the 0 [A_{3} A_{7}]
}

func ExampleBuildTable2() {
	t, err := astron.BuildTable2(context.Background(), astron.AstronRules(), 6, nil)
	if err != nil {
		panic(err)
	}
	// Row 0 is one star: Dawson's Kayles.
	fmt.Println(t.Row(0))
	fmt.Println(t.Row(6))
	// Output:
	// [0 0 1 1 2 0 3]
	// [3 1 2 2 3 3 4]
}

func ExampleBulbPeriod() {
	rep, err := astron.BulbPeriod(context.Background(), astron.AstronRules(), 1, 300, nil)
	if err != nil {
		panic(err)
	}
	p := rep.Period
	fmt.Println(p.Period, p.Preperiod, p.Certified)
	// Output:
	// 34 53 true
}
