package octal

// newGrundyEngine is a placeholder until the sparse engine lands: the
// general engine computes Grundy's game exactly, one heap at a time.
func newGrundyEngine(resume []uint16, limit int) engine {
	return newGeneralEngine(MustParseGame("4!.0").TakeBreak(), resume, limit)
}
