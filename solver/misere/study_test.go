package misere

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/nimlab/nimlab/solver/octal"
)

func TestStudyOrders(t *testing.T) {
	max, _ := strconv.Atoi(os.Getenv("NIMLAB_STUDY_MAX"))
	if max == 0 {
		t.Skip("study")
	}
	debugLog = func(s string) { fmt.Println("   ", s) }
	defer func() { debugLog = nil }()
	s := NewSolver(octal.MustParseCode(os.Getenv("NIMLAB_STUDY_CODE")))
	start := time.Now()
	for s.Last() < max {
		if err := s.Next(context.Background()); err != nil {
			t.Fatal(err)
		}
		fmt.Printf("Q_%d %d %.2fs\n", s.Last(), s.Order(), time.Since(start).Seconds())
	}
}
