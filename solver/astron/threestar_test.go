package astron

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLargestCubeWithin(t *testing.T) {
	for _, n := range []int{1, 10, 240, 1000, MaxCube3} {
		// CubeMemory grows with n, so the largest cube within its own
		// memory is n, and one byte less leaves n − 1.
		assert.Equal(t, n, LargestCubeWithin(CubeMemory(n)), "n = %d", n)
		assert.Equal(t, n-1, LargestCubeWithin(CubeMemory(n)-1), "n = %d", n)
	}
	assert.Equal(t, 0, LargestCubeWithin(0))
	assert.Equal(t, MaxCube3, LargestCubeWithin(1<<62))
}

func TestThreeStarMemory(t *testing.T) {
	assert.Equal(t, CubeMemory(200), ThreeStarMemory(200, 0, 2000), "no slab")
	assert.Equal(t, CubeMemory(200)+SlabMemory(40, 2000), ThreeStarMemory(200, 40, 2000))
}

// TestStudyThreeStars: the study is the cube's study against the two-star
// bulb's period (34 for Astron), plus the slab's findings.
func TestStudyThreeStars(t *testing.T) {
	ctx := context.Background()
	r := AstronRules()
	c, err := BuildCube3(ctx, r, 24, CubeOptions{})
	require.NoError(t, err)
	opt := ThreeStarOptions{Study: StudyOptions{RowPairs: 6, DiagonalOffsets: 2}}

	plain, err := StudyThreeStars(ctx, r, c, opt)
	require.NoError(t, err)
	assert.Equal(t, 34, plain.Study.TwoStarPeriod)
	assert.Nil(t, plain.Slab)
	two, err := TwoStarBulbPeriod(ctx, r)
	require.NoError(t, err)
	byHand, err := StudyCube(ctx, c, two, opt.Study)
	require.NoError(t, err)
	assert.Equal(t, byHand, plain.Study)

	opt.SlabS, opt.SlabL = 4, 120
	onSlab := 0
	opt.OnSlab = func() { onSlab++ }
	withSlab, err := StudyThreeStars(ctx, r, c, opt)
	require.NoError(t, err)
	assert.Equal(t, 1, onSlab)
	require.NotNil(t, withSlab.Slab)
	assert.Equal(t, 4, withSlab.Slab.SlabS)
	assert.Equal(t, 120, withSlab.Slab.SlabL)
	sl, err := BuildSlab3(ctx, r, 4, 120, nil)
	require.NoError(t, err)
	slabByHand, err := StudySlab(ctx, sl, two, 8)
	require.NoError(t, err)
	assert.Equal(t, slabByHand, withSlab.Slab)
	byHand.AddSlab(slabByHand)
	assert.Equal(t, byHand.Findings, withSlab.Study.Findings)
	assert.Greater(t, len(withSlab.Study.Findings), len(plain.Study.Findings), "the slab adds findings")

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	_, err = StudyThreeStars(cancelled, r, c, opt)
	assert.ErrorIs(t, err, context.Canceled)
}
