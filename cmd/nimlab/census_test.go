package main

import (
	"context"
	"database/sql"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/census/store"
)

// censusTable is the comparable content of a census database: every
// result field except the wall time, the host and the date.
func censusTable(t *testing.T, path string) map[string]string {
	t.Helper()
	db, err := store.OpenExisting(path)
	require.NoError(t, err)
	defer db.Close()
	rows, err := db.All(context.Background())
	require.NoError(t, err)
	out := map[string]string{}
	for _, r := range rows {
		c := r.Result
		c.Seconds = 0
		b, err := json.Marshal(c)
		require.NoError(t, err)
		out[r.Code] = string(b)
	}
	return out
}

func TestCensusRunShowAndResumeInProcess(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "c.sqlite")
	status, out, errOut := runCLI(t, "census", "0.?7", "--max", "4096", "--db", db, "--json")
	require.Equal(t, exitOK, status, errOut)
	var rep censusRunReport
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, 8, rep.Games)
	assert.Equal(t, 8, rep.Computed)
	assert.Equal(t, rep.Games, rep.Periodic+rep.Unsolved)
	// Again: everything is skipped.
	status, out, errOut = runCLI(t, "census", "0.?7", "--max", "4096", "--db", db, "--json")
	require.Equal(t, exitOK, status, errOut)
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, 0, rep.Computed)
	assert.Equal(t, 8, rep.Skipped)
	// Another budget computes again.
	status, out, errOut = runCLI(t, "census", "0.?7", "--max", "2048", "--db", db, "--json")
	require.Equal(t, exitOK, status, errOut)
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, 8, rep.Computed)

	status, out, errOut = runCLI(t, "census", "show", "--db", db, "--json", "--sort", "period", "--desc")
	require.Equal(t, exitOK, status, errOut)
	var shown struct {
		Total   int          `json:"total"`
		Results []censusJSON `json:"results"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &shown))
	require.Equal(t, 8, shown.Total)
	byCode := map[string]censusJSON{}
	for _, r := range shown.Results {
		byCode[r.Code] = r
	}
	require.NotNil(t, byCode["0.77"].Period)
	assert.Equal(t, 12, *byCode["0.77"].Period)
	assert.Equal(t, 71, *byCode["0.77"].Preperiod)
	assert.Equal(t, 34, *byCode["0.07"].Period)
	// Sorted by period, largest first; unsolved games last.
	prev := 1 << 30
	seenUnsolved := false
	for _, r := range shown.Results {
		if r.Period == nil {
			seenUnsolved = true
			continue
		}
		assert.False(t, seenUnsolved, "periodic %s after an unsolved game", r.Code)
		assert.LessOrEqual(t, *r.Period, prev)
		prev = *r.Period
	}

	// A rare mask is a number in JSON and 0x… in the tables, as in the
	// window and the plots' legends.
	masks := 0
	status, md, _ := runCLI(t, "census", "show", "--db", db, "--all")
	require.Equal(t, exitOK, status)
	for _, r := range shown.Results {
		if r.RareMask != 0 {
			masks++
			assert.Contains(t, md, fmt.Sprintf("| %d | 0x%x | %d |", r.MaxAt, r.RareMask, r.RareCount), r.Code)
		}
	}
	assert.Positive(t, masks, "a game of 0.?7 has a rare mask")
	assert.Contains(t, out, `"rare_mask": `)

	status, out, _ = runCLI(t, "census", "show", "--db", db, "--period-above", "20", "--format", "csv")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "0.07,periodic,34,53")
	assert.NotContains(t, out, "0.77,")
	status, out, _ = runCLI(t, "census", "show", "--db", db, "--unsolved")
	require.Equal(t, exitOK, status)
	assert.NotContains(t, out, "| periodic |")
	assert.Contains(t, out, "| code | status | period |")

	// --desc reverses text columns too, and the mask sorts as a number.
	status, out, _ = runCLI(t, "census", "show", "--db", db, "--sort", "code", "--desc", "--format", "csv")
	require.Equal(t, exitOK, status)
	assert.Equal(t, []string{"0.77", "0.67", "0.57", "0.47", "0.37", "0.27", "0.17", "0.07"}, csvColumn(t, out, 0))
	status, out, _ = runCLI(t, "census", "show", "--db", db, "--sort", "rare_mask", "--desc", "--format", "csv")
	require.Equal(t, exitOK, status)
	byMask := csvColumn(t, out, 9)
	for i := 1; i < len(byMask); i++ {
		a, errA := strconv.ParseUint(strings.TrimPrefix(byMask[i-1], "0x"), 16, 16)
		b, errB := strconv.ParseUint(strings.TrimPrefix(byMask[i], "0x"), 16, 16)
		require.NoError(t, errA)
		require.NoError(t, errB)
		assert.GreaterOrEqual(t, a, b, "rare masks in descending order: %v", byMask)
	}
}

// csvColumn returns column col of a CSV table, without its header.
func csvColumn(t *testing.T, table string, col int) []string {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(table)).ReadAll()
	require.NoError(t, err)
	var out []string
	for _, r := range recs[1:] {
		out = append(out, r[col])
	}
	return out
}

func TestCensusBadInput(t *testing.T) {
	dir := t.TempDir()
	cases := [][]string{
		{"census"},
		{"census", "0.#?"},
		{"census", "0.?é"},
		{"census", "0.??", "--max", "zero"},
		{"census", "0.??", "--time", "fast"},
		{"census", "0.??", "--shard", "3/3"},
		{"census", "show", "--db", filepath.Join(dir, "missing.sqlite")},
		{"census", "show", "--db", filepath.Join(dir, "x.sqlite"), "--format", "xml"},
		{"census", "merge", "--into", filepath.Join(dir, "all.sqlite")},
		{"census", "merge", filepath.Join(dir, "nope.sqlite"), "--into", filepath.Join(dir, "all.sqlite")},
	}
	for _, args := range cases {
		status, out, errOut := runCLI(t, args...)
		assert.Equal(t, exitUsage, status, "%v: %s", args, errOut)
		assert.Empty(t, out, "%v", args)
		assert.Regexp(t, `^nimlab: [^\n]+\n$`, errOut, "%v", args)
	}
	// A file that is not a census database is bad input, refused and left
	// unchanged: text, an unrelated SQLite file, a device, an empty name
	// (SQLite's temporary database, which would discard every result).
	junk := filepath.Join(dir, "junk.sqlite")
	require.NoError(t, os.WriteFile(junk, []byte("not a database, only text: long enough to have a header"), 0o644))
	places := filepath.Join(dir, "places.sqlite")
	db, err := sql.Open("sqlite", places)
	require.NoError(t, err)
	_, err = db.Exec(`CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT)`)
	require.NoError(t, err)
	require.NoError(t, db.Close())
	for _, c := range []struct{ db, says string }{
		{junk, "not a SQLite database"},
		{places, "nimlab did not create"},
		{os.DevNull, "not a regular file"},
		{"", "was given an empty value"},
	} {
		var before []byte
		if c.db != "" {
			before, _ = os.ReadFile(c.db)
		}
		for _, args := range [][]string{{"census", "0.??", "--db", c.db}, {"census", "show", "--db", c.db}, {"census", "merge", junk, "--into", c.db}} {
			status, out, errOut := runCLI(t, args...)
			assert.Equal(t, exitUsage, status, "%v: %s", args, errOut)
			assert.Empty(t, out, "%v", args)
			assert.Regexp(t, `^nimlab: [^\n]+\n$`, errOut, "%v", args)
			if args[1] != "merge" || c.db == junk {
				assert.Contains(t, errOut, c.says, "%v", args)
			}
		}
		if c.db != "" {
			after, _ := os.ReadFile(c.db)
			assert.Equal(t, before, after, c.db)
		}
	}
	// A merge that fails leaves no new database behind.
	into := filepath.Join(dir, "new.sqlite")
	status, _, errOut := runCLI(t, "census", "merge", junk, "--into", into)
	assert.Equal(t, exitUsage, status, errOut)
	assert.NoFileExists(t, into)
}

func TestCensusMergeConflictNamesTheCode(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.sqlite"), filepath.Join(dir, "b.sqlite")
	status, _, errOut := runCLI(t, "census", "0.?7", "--max", "4096", "--db", a)
	require.Equal(t, exitOK, status, errOut)
	status, _, errOut = runCLI(t, "census", "0.?7", "--max", "4096", "--db", b)
	require.Equal(t, exitOK, status, errOut)
	// Same results in both: merging is fine.
	all := filepath.Join(dir, "all.sqlite")
	status, out, errOut := runCLI(t, "census", "merge", a, b, "--into", all)
	require.Equal(t, exitOK, status, errOut)
	assert.Contains(t, out, "8 in all")
	// Tamper with b: Kayles gets a wrong period.
	sb, err := store.OpenExisting(b)
	require.NoError(t, err)
	rows, err := sb.All(context.Background())
	require.NoError(t, err)
	for _, r := range rows {
		if r.Code == "0.77" {
			r.Period = 6
			require.NoError(t, sb.Put(context.Background(), &r.Result, "tampered"))
		}
	}
	sb.Close()
	status, _, errOut = runCLI(t, "census", "merge", a, b, "--into", filepath.Join(dir, "all2.sqlite"))
	assert.Equal(t, exitFailure, status)
	assert.Contains(t, errOut, "conflicting results for 0.77")
}

// A census process killed (SIGKILL, no chance to clean up) after some games
// resumes where it stopped, and the finished table equals an uninterrupted
// run's.
func TestCensusResumesAfterKill(t *testing.T) {
	bin := nimlabBinary(t)
	dir := t.TempDir()
	full, killed := filepath.Join(dir, "full.sqlite"), filepath.Join(dir, "killed.sqlite")
	args := []string{"census", "0.??", "--max", "8192", "--jobs", "1"}
	out, err := exec.Command(bin, append(args, "--db", full)...).CombinedOutput()
	require.NoError(t, err, string(out))
	want := censusTable(t, full)
	require.Len(t, want, 64)

	cmd := exec.Command(bin, append(args, "--db", killed)...)
	require.NoError(t, cmd.Start())
	deadline := time.Now().Add(60 * time.Second)
	recorded := 0
	for time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		if db, err := store.OpenExisting(killed); err == nil {
			recorded, _ = db.Count(context.Background())
			db.Close()
		}
		if recorded >= 5 {
			break
		}
	}
	require.NoError(t, cmd.Process.Kill())
	_ = cmd.Wait()
	partial := censusTable(t, killed)
	require.GreaterOrEqual(t, len(partial), 5)
	require.Less(t, len(partial), 64, "the kill came after the census had finished; nothing was tested")
	for code, row := range partial {
		assert.Equal(t, want[code], row, "%s recorded before the kill", code)
	}

	out, err = exec.Command(bin, append(args, "--db", killed, "--json")...).CombinedOutput()
	require.NoError(t, err, string(out))
	var rep censusRunReport
	require.NoError(t, json.Unmarshal(out, &rep))
	assert.Equal(t, len(partial), rep.Skipped, "the games recorded before the kill are not computed again")
	assert.Equal(t, want, censusTable(t, killed))
}

// The sharded path for real: GNU parallel runs three shards, merge
// combines them, and the table equals a single-process run's.
func TestCensusThroughGNUParallel(t *testing.T) {
	parallel, err := exec.LookPath("parallel")
	if err != nil {
		t.Skip("GNU parallel is not installed (make deps installs the Debian package parallel)")
	}
	bin := nimlabHeadlessBinary(t) // as resources/slurm/census-parallel.sh runs on the nodes
	dir := t.TempDir()
	single := filepath.Join(dir, "single.sqlite")
	out, err := exec.Command(bin, "census", "0.1??", "--max", "4096", "--db", single).CombinedOutput()
	require.NoError(t, err, string(out))

	cmd := exec.Command(parallel, "--will-cite", "--halt", "now,fail=1", "-j", "3",
		bin, "census", "0.1??", "--max", "4096", "--jobs", "1", "--shard", "{}/3", "--db", filepath.Join(dir, "shard-{}.sqlite"),
		":::", "0", "1", "2")
	out, err = cmd.CombinedOutput()
	require.NoError(t, err, string(out))
	shards := []string{filepath.Join(dir, "shard-0.sqlite"), filepath.Join(dir, "shard-1.sqlite"), filepath.Join(dir, "shard-2.sqlite")}
	sizes := 0
	for _, s := range shards {
		n := len(censusTable(t, s))
		assert.InDelta(t, 64/3, n, 1, s)
		sizes += n
	}
	assert.Equal(t, 64, sizes)
	all := filepath.Join(dir, "all.sqlite")
	out, err = exec.Command(bin, append([]string{"census", "merge"}, append(shards, "--into", all)...)...).CombinedOutput()
	require.NoError(t, err, string(out))
	assert.Equal(t, censusTable(t, single), censusTable(t, all))

	// The shown tables (with their classes) agree too, but for the times.
	show := func(db string) [][]string {
		out, err := exec.Command(bin, "census", "show", "--db", db, "--format", "csv").Output()
		require.NoError(t, err)
		recs, err := csv.NewReader(strings.NewReader(string(out))).ReadAll()
		require.NoError(t, err)
		for i := range recs {
			recs[i] = recs[i][:len(recs[i])-1] // seconds
		}
		return recs
	}
	assert.Equal(t, show(single), show(all))
}

// Inside a Slurm job array the shard comes from the environment.
func TestCensusShardFromSlurmEnvironment(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("SLURM_ARRAY_TASK_ID", "1")
	t.Setenv("SLURM_ARRAY_TASK_COUNT", "4")
	t.Setenv("SLURM_ARRAY_TASK_MIN", "0")
	status, out, errOut := runCLI(t, "census", "0.?7", "--max", "1024", "--db", filepath.Join(dir, "s.sqlite"), "--json")
	require.Equal(t, exitOK, status, errOut)
	var rep censusRunReport
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, "1/4", rep.Shard)
	assert.Equal(t, 2, rep.Games)
	codes := []string{rep.Results[0].Code, rep.Results[1].Code}
	assert.ElementsMatch(t, []string{"0.17", "0.57"}, codes)
}
