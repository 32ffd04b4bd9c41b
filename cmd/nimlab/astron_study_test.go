package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAstronStudyJSON(t *testing.T) {
	status, out, errOut := runAstronCLI(t, "astron", "study", "--stars", "3", "--size", "60", "--slab", "6", "--slab-length", "700", "--json")
	require.Equal(t, 0, status, errOut)
	var rep struct {
		N     int   `json:"n"`
		Cells int64 `json:"cells"`
		Slab  struct {
			Rows struct {
				Lines int `json:"lines"`
			} `json:"rows"`
			Theorem []struct {
				Period int `json:"period"`
			} `json:"theorem_2_3_7"`
		} `json:"slab"`
		Study struct {
			MaxNimber int `json:"max_nimber"`
			Families  []struct {
				Family string `json:"family"`
				Lines  int    `json:"lines"`
			} `json:"families"`
			Growth struct {
				MaxBySize []int `json:"max_by_size"`
			} `json:"growth"`
			Theorem struct {
				TwoStar struct {
					Period    int  `json:"period"`
					Preperiod int  `json:"preperiod"`
					Certified bool `json:"certified"`
				} `json:"two_star"`
				MinimalNeed int `json:"minimal_need"`
			} `json:"theorem_2_3_7"`
			Findings []struct {
				Topic string `json:"topic"`
			} `json:"findings"`
		} `json:"study"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, 60, rep.N)
	assert.EqualValues(t, 61*62*63/6, rep.Cells)
	// The figure: the largest three-star nimber is 47 at N = 60.
	assert.Equal(t, 47, rep.Study.MaxNimber)
	assert.Equal(t, 47, rep.Study.Growth.MaxBySize[60])
	// The lower bulb of Theorem 2.3.7: period 34 from 585, certified, so
	// the smallest certificate needs 2·585 + 2·34 + 2 − 1 = 1239.
	assert.Equal(t, 34, rep.Study.Theorem.TwoStar.Period)
	assert.Equal(t, 585, rep.Study.Theorem.TwoStar.Preperiod)
	assert.True(t, rep.Study.Theorem.TwoStar.Certified)
	assert.Equal(t, 1239, rep.Study.Theorem.MinimalNeed)
	require.Len(t, rep.Study.Families, 2)
	assert.Equal(t, 61*62/2, rep.Study.Families[0].Lines)
	assert.NotEmpty(t, rep.Study.Findings)
	// The slab: 28 rows (a ≤ b ≤ 6); it reaches 700 ≥ 585 + 34, so the
	// theorem's check has candidates 34, 68, 102.
	assert.Equal(t, 28, rep.Slab.Rows.Lines)
	require.Len(t, rep.Slab.Theorem, 3)
	assert.Equal(t, 34, rep.Slab.Theorem[0].Period)
}

func TestAstronStudyText(t *testing.T) {
	status, out, errOut := runAstronCLI(t, "astron", "study", "--size", "30", "--octal", "0.6", "--join", "0.4", "--slab", "4", "--slab-length", "100")
	require.Equal(t, 0, status, errOut)
	assert.Contains(t, out, "octal 0.6, join 0.4")
	assert.Contains(t, out, "Theorem 2.3.7")
	assert.Contains(t, errOut, "needs")
}

func TestAstronStudyCheckpointReused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.ckpt")
	status, first, errOut := runAstronCLI(t, "astron", "study", "--size", "40", "--checkpoint", path, "--slab", "0", "--json")
	require.Equal(t, 0, status, errOut)
	_, err := os.Stat(path)
	require.NoError(t, err, "the finished cube is kept in the checkpoint")
	status, second, errOut := runAstronCLI(t, "astron", "study", "--size", "40", "--checkpoint", path, "--slab", "0", "--json")
	require.Equal(t, 0, status, errOut)
	var a, b struct {
		Resumed int64           `json:"resumed_cells"`
		Study   json.RawMessage `json:"study"`
	}
	require.NoError(t, json.Unmarshal([]byte(first), &a))
	require.NoError(t, json.Unmarshal([]byte(second), &b))
	assert.Zero(t, a.Resumed)
	assert.Positive(t, b.Resumed)
	assert.JSONEq(t, string(a.Study), string(b.Study))
	// Another size refuses the file with a clear line.
	status, _, errOut = runAstronCLI(t, "astron", "study", "--size", "41", "--checkpoint", path)
	assert.Equal(t, 2, status)
	assert.Contains(t, errOut, "cannot be resumed")
}

func TestAstronStudyBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"astron", "study", "--stars", "3"}, "needs --size"},
		{[]string{"astron", "study", "--stars", "2", "--size", "10"}, "accepted: 3"},
		{[]string{"astron", "study", "--size", "-4"}, "--size"},
		{[]string{"astron", "study", "--size", "1000", "--max-memory", "100MiB"}, "accepted: --size up to"},
		{[]string{"astron", "study", "--size", "10", "--max-memory", "lots"}, "not a size"},
		{[]string{"astron", "study", "--size", "10", "extra"}, "no arguments"},
		{[]string{"astron", "study", "--size", "10", "--slab", "50", "--slab-length", "20"}, "--slab"},
	} {
		status, out, errOut := runAstronCLI(t, tc.args...)
		assert.Equal(t, 2, status, "%v: %s", tc.args, errOut)
		assert.Empty(t, out, "%v", tc.args)
		assert.Contains(t, errOut, tc.want, "%v", tc.args)
		assert.Equal(t, 1, strings.Count(strings.TrimSpace(errOut), "\n")+1, "%v: one line: %q", tc.args, errOut)
	}
}
