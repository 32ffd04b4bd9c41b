package graph

// SubtractionGameSize returns the number of vertices and moves of
// SubtractionGame(subtract, n), and of PlateGame(subtract, n), without
// building it: a caller checks the memory a large game needs first.
func SubtractionGameSize(subtract []int, n int) (vertices, edges int64) {
	for _, s := range subtract {
		edges += int64(max(0, n-s+1))
	}
	return int64(n) + 1, edges
}

// CircleSubtractionSize returns the number of vertices of
// CircleSubtraction(subtract, n) and a bound on its moves, exact when no two
// steps are equal modulo n (such steps make the same move), without
// building it.
func CircleSubtractionSize(subtract []int, n int) (vertices, edges int64) {
	return int64(n), int64(max(n-1, 0)) * int64(len(subtract))
}
