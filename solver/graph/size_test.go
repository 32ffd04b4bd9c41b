package graph

import "testing"

func TestGeneratedGameSizes(t *testing.T) {
	cases := []struct {
		set []int
		n   int
	}{{[]int{1}, 0}, {[]int{1, 2}, 10}, {[]int{3, 4}, 10}, {[]int{2, 5, 9}, 7}, {[]int{1, 3}, 9}, {[]int{12}, 12}}
	for _, tc := range cases {
		for _, build := range []struct {
			name  string
			build func([]int, int) (*Graph, error)
			size  func([]int, int) (int64, int64)
			exact bool // else an upper bound on the moves
		}{
			{"SubtractionGame", SubtractionGame, SubtractionGameSize, true},
			{"PlateGame", PlateGame, SubtractionGameSize, true},
			{"CircleSubtraction", CircleSubtraction, CircleSubtractionSize, distinctModulo(tc.set, tc.n)},
		} {
			g, err := build.build(tc.set, tc.n)
			if err != nil {
				continue // not a game of this kind (a circle of 0 places)
			}
			v, e := build.size(tc.set, tc.n)
			if v != int64(g.Len()) || e < int64(g.NumEdges()) || (build.exact && e != int64(g.NumEdges())) {
				t.Errorf("%s(%v, %d): size %d vertices, %d moves; built %d, %d", build.name, tc.set, tc.n, v, e, g.Len(), g.NumEdges())
			}
		}
	}
}

// distinctModulo reports whether no two steps are equal modulo n.
func distinctModulo(steps []int, n int) bool {
	seen := map[int]bool{}
	for _, s := range steps {
		if n > 0 && seen[s%n] {
			return false
		}
		if n > 0 {
			seen[s%n] = true
		}
	}
	return true
}
