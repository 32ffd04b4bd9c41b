package gui

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAstronStudyTab(t *testing.T) {
	studySlabS, studySlabL = 4, 660
	defer func() { studySlabS, studySlabL = 20, 1200 }()
	u := newTestUI(t)
	s := u.study
	s.size.SetText("30")
	test.Tap(s.jobs.Action)
	waitJobs(t, s.jobs)
	waitJobs(t, &s.lineJobs)
	waitJobs(t, s.line.Jobs())
	require.NotNil(t, s.cube)
	require.NotNil(t, s.study)
	assert.Equal(t, 30, s.cube.N)
	// Every slice, the growth plot: pictures with axes at the render size.
	require.NotNil(t, s.sliceImg.Image)
	assert.Equal(t, studyImageSize.Width, s.sliceImg.Image.Bounds().Dx())
	assert.Equal(t, studyImageSize.Width, s.growthImg.Image.Bounds().Dx())
	// The findings table: a header row and one row per finding.
	assert.NotEmpty(t, s.findings)
	rows, cols := s.table.Length()
	assert.Equal(t, len(s.findings)+1, rows)
	assert.Equal(t, 3, cols)
	s.table.Select(s.tableCell(1))
	assert.Contains(t, s.detail.Text, screenMath(s.findings[0].Topic))
	// The slab's rows and Theorem 2.3.7's check close the table.
	assert.Contains(t, s.findings[len(s.findings)-1].Topic, "Theorem 2.3.7 on the slab")
	// The line G(A_{1,1,n}) in the explorer, n = 0..30, read from the cube.
	assert.Contains(t, s.lineInfo.Text, "G(A(1, 1, n))")
	require.Len(t, s.line.Data().Values, 31)
	for n, v := range s.line.Data().Values {
		assert.Equal(t, s.cube.At(1, 1, n), int(v), "G(A_{1,1,%d})", n)
	}
	// The main diagonal.
	s.lineKind.SetSelected(lineMain)
	waitJobs(t, &s.lineJobs)
	waitJobs(t, s.line.Jobs())
	assert.Contains(t, s.lineInfo.Text, "G(A(n, n, n))")
	assert.Equal(t, s.cube.At(7, 7, 7), int(s.line.Data().Values[7]))
	// Another slice, on the cube's scale.
	s.cubeScale.SetChecked(true)
	s.slider.SetValue(12)
	s.showSlice(12)
	waitJobs(t, &s.sliceJobs)
	assert.Equal(t, "slice r = 12", s.sliceLbl.Text)
	// Presentation mode draws both pictures again, smaller by the theme's
	// text scale, so that stretched to the widget their text is as large
	// as the window's.
	u.SetPresentation(true)
	waitJobs(t, &s.sliceJobs)
	waitJobs(t, &s.growthJobs)
	want := int(float64(studyImageSize.Width) / PresentationScale)
	assert.Equal(t, want, s.sliceImg.Image.Bounds().Dx())
	assert.Equal(t, want, s.growthImg.Image.Bounds().Dx())
	u.SetPresentation(false)
	waitJobs(t, &s.sliceJobs)
	waitJobs(t, &s.growthJobs)
	assert.Equal(t, studyImageSize.Width, s.sliceImg.Image.Bounds().Dx())
}

func TestAstronStudyBadInput(t *testing.T) {
	studySlabS, studySlabL = 2, 100
	defer func() { studySlabS, studySlabL = 20, 1200 }()
	u := newTestUI(t)
	s := u.study
	for _, in := range []string{"abc", "1", "-5", "99999"} {
		s.size.SetText(in)
		test.Tap(s.jobs.Action)
		assert.True(t, s.sizeErr.Visible(), in)
		assert.Contains(t, s.sizeErr.Text, "size N must be", in)
	}
	s.size.SetText("12")
	test.Tap(s.jobs.Action)
	waitJobs(t, s.jobs)
	waitJobs(t, &s.lineJobs)
	assert.False(t, s.sizeErr.Visible())
	s.lineKind.SetSelected(lineRow)
	s.lineA.SetText("13")
	s.showLine()
	assert.True(t, s.lineErr.Visible())
	s.lineA.SetText("2")
	s.showLine()
	waitJobs(t, &s.lineJobs)
	assert.False(t, s.lineErr.Visible())
}
