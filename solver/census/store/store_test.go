package store

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nimlab/nimlab/solver/census"
)

func runFamily(t *testing.T, pattern string, heaps int) []*census.Result {
	fam, err := census.ParseFamily(pattern)
	require.NoError(t, err)
	res, err := census.Run(context.Background(), fam, census.Options{Budget: census.Budget{MaxHeaps: heaps}})
	require.NoError(t, err)
	return res
}

// The schema has the documented columns, and a result survives the round
// trip through the file.
func TestSchemaAndRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.sqlite")
	s, err := Open(path)
	require.NoError(t, err)
	res := runFamily(t, "0.?7", 1<<12)
	for _, r := range res {
		require.NoError(t, s.Put(context.Background(), r, "0.?7"))
	}
	require.NoError(t, s.Close())

	// Read it with plain SQL, as the sqlite3 shell would.
	db, err := sql.Open("sqlite", path)
	require.NoError(t, err)
	rows, err := db.Query(`SELECT name FROM pragma_table_info('results') ORDER BY cid`)
	require.NoError(t, err)
	var cols []string
	for rows.Next() {
		var c string
		require.NoError(t, rows.Scan(&c))
		cols = append(cols, c)
	}
	rows.Close()
	assert.Equal(t, []string{"code", "octal", "family", "engine", "max_heaps", "time_limit_ms", "status", "stopped_by",
		"heaps", "period", "preperiod", "saltus", "period_kind", "proof", "same_as", "max_value", "max_at", "rare_mask", "rare_count", "last_rare",
		"seconds", "fingerprints", "host", "computed_at"}, cols)
	var period, pre int
	require.NoError(t, db.QueryRow(`SELECT period, preperiod FROM results WHERE code = '0.77'`).Scan(&period, &pre))
	assert.Equal(t, [2]int{12, 71}, [2]int{period, pre})
	var ver string
	require.NoError(t, db.QueryRow(`SELECT value FROM meta WHERE key = 'schema_version'`).Scan(&ver))
	assert.Equal(t, SchemaVersion, ver)
	db.Close()

	s, err = OpenExisting(path)
	require.NoError(t, err)
	defer s.Close()
	rowsBack, err := s.All(context.Background())
	require.NoError(t, err)
	require.Len(t, rowsBack, len(res))
	byCode := map[string]*Row{}
	for _, r := range rowsBack {
		byCode[r.Code] = r
	}
	for _, r := range res {
		got := byCode[r.Code]
		require.NotNil(t, got)
		assert.Equal(t, r.Summary(), got.Summary())
		assert.Equal(t, r.Fingerprints, got.Fingerprints)
		assert.Equal(t, r.Budget, got.Budget)
		assert.Equal(t, "0.?7", got.Family)
	}
	done, err := s.Done(census.Budget{MaxHeaps: 1 << 12}, census.EngineVersion)
	require.NoError(t, err)
	assert.Len(t, done, len(res))
	done, err = s.Done(census.Budget{MaxHeaps: 1 << 13}, census.EngineVersion)
	require.NoError(t, err)
	assert.Empty(t, done, "another budget is computed again")
	done, err = s.Done(census.Budget{MaxHeaps: 1 << 12}, "other-engine")
	require.NoError(t, err)
	assert.Empty(t, done, "another engine version is computed again")
}

// TestOpenRejectsOtherFiles: a census database is created only by nimlab,
// and opened only when its meta table says nimlab created it.
func TestOpenRejectsOtherFiles(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.sqlite")
	require.NoError(t, os.WriteFile(junk, []byte("this is not a database at all, just some text that is long enough"), 0o644))
	_, err := Open(junk)
	require.ErrorContains(t, err, "not a SQLite database")
	_, err = OpenExisting(filepath.Join(dir, "missing.sqlite"))
	require.Error(t, err)
	_, err = os.Stat(filepath.Join(dir, "missing.sqlite"))
	require.ErrorIs(t, err, os.ErrNotExist, "OpenExisting creates nothing")

	// An empty name would be SQLite's temporary database, deleted on close.
	_, err = Open("")
	require.ErrorContains(t, err, "empty file name")

	// Unrelated SQLite files are refused and left byte for byte unchanged:
	// one with other tables, one with a results table of its own, one with
	// a meta table that is not a census's.
	for name, ddl := range map[string]string{
		"places.sqlite":  `CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT); INSERT INTO moz_places VALUES (1, 'https://example.org');`,
		"results.sqlite": `CREATE TABLE results (code TEXT PRIMARY KEY, value INTEGER); INSERT INTO results VALUES ('0.07', 1);`,
		"meta.sqlite":    `CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO meta VALUES ('schema_version', '2');`,
	} {
		path := filepath.Join(dir, name)
		db, err := sql.Open("sqlite", path)
		require.NoError(t, err)
		_, err = db.Exec(ddl)
		require.NoError(t, err)
		require.NoError(t, db.Close())
		before, err := os.ReadFile(path)
		require.NoError(t, err)
		for _, open := range []func(string) (*Store, error){Open, OpenExisting} {
			_, err = open(path)
			require.ErrorContains(t, err, "nimlab did not create", name)
			var nc *NotCensusError
			require.ErrorAs(t, err, &nc)
		}
		after, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, before, after, name)
	}

	// Devices and folders are refused before SQLite sees them.
	for _, p := range []string{os.DevNull, dir} {
		_, err = Open(p)
		require.ErrorContains(t, err, "not a regular file", p)
	}
	// An empty file becomes a census database; OpenExisting refuses it.
	empty := filepath.Join(dir, "empty.sqlite")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	_, err = OpenExisting(empty)
	require.ErrorContains(t, err, "empty file")
	s, err := Open(empty)
	require.NoError(t, err)
	require.False(t, s.Created(), "the file existed")
	require.NoError(t, s.Close())
	s, err = OpenExisting(empty)
	require.NoError(t, err)
	require.NoError(t, s.Close())

	// A folder that cannot hold the file: one line with the path and the reason.
	// The reason is the system's own words ("no such file or directory" on
	// Unix), as os.Create gives them.
	missing := filepath.Join(dir, "no-such-folder", "c.sqlite")
	_, err = Open(missing)
	_, osErr := os.Create(missing)
	var pe *os.PathError
	require.ErrorAs(t, osErr, &pe)
	require.ErrorContains(t, err, "cannot create "+missing+": "+pe.Err.Error())
}

func TestMergeAndConflicts(t *testing.T) {
	dir := t.TempDir()
	res := runFamily(t, "0.??", 1<<11)
	a, b := filepath.Join(dir, "a.sqlite"), filepath.Join(dir, "b.sqlite")
	sa, err := Open(a)
	require.NoError(t, err)
	sb, err := Open(b)
	require.NoError(t, err)
	for i, r := range res {
		s := sa
		if i%2 == 1 {
			s = sb
		}
		require.NoError(t, s.Put(context.Background(), r, "0.??"))
	}
	// A game in both with the same result is fine.
	require.NoError(t, sb.Put(context.Background(), res[0], "0.??"))
	sa.Close()
	sb.Close()

	all, err := Open(filepath.Join(dir, "all.sqlite"))
	require.NoError(t, err)
	n, err := all.Merge(context.Background(), []string{a, b})
	require.NoError(t, err)
	assert.Equal(t, len(res), n)
	count, err := all.Count(context.Background())
	require.NoError(t, err)
	assert.Equal(t, len(res), count)
	all.Close()

	// A contradicting result for 0.77 names the game and changes nothing.
	bad := filepath.Join(dir, "bad.sqlite")
	sbad, err := Open(bad)
	require.NoError(t, err)
	var kayles *census.Result
	for _, r := range res {
		if r.Code == "0.77" {
			c := *r
			kayles = &c
		}
	}
	require.NotNil(t, kayles)
	kayles.Period = 24
	require.NoError(t, sbad.Put(context.Background(), kayles, "0.??"))
	sbad.Close()
	into := filepath.Join(dir, "into.sqlite")
	sinto, err := Open(into)
	require.NoError(t, err)
	_, err = sinto.Merge(context.Background(), []string{a, b, bad})
	var ce *ConflictError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, "0.77", ce.Code)
	assert.Contains(t, err.Error(), "conflicting results for 0.77")
	count, err = sinto.Count(context.Background())
	require.NoError(t, err)
	assert.Zero(t, count, "a failed merge writes nothing")
	sinto.Close()
}

// A file of schema version 1 (no period_kind, proof, same_as) is migrated
// when opened: its periodic rows become proven by the Guy–Smith theorem.
func TestMigrateVersion1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v1.sqlite")
	db, err := sql.Open("sqlite", path)
	require.NoError(t, err)
	_, err = db.Exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE results (code TEXT PRIMARY KEY, octal TEXT NOT NULL, family TEXT NOT NULL, engine TEXT NOT NULL,
  max_heaps INTEGER NOT NULL, time_limit_ms INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('periodic', 'unsolved')), stopped_by TEXT NOT NULL, heaps INTEGER NOT NULL,
  period INTEGER, preperiod INTEGER, saltus INTEGER, max_value INTEGER NOT NULL, max_at INTEGER NOT NULL,
  rare_mask INTEGER NOT NULL, rare_count INTEGER NOT NULL, last_rare INTEGER NOT NULL, seconds REAL NOT NULL,
  fingerprints BLOB NOT NULL, host TEXT NOT NULL, computed_at TEXT NOT NULL);
INSERT INTO meta VALUES ('schema_version', '1'), ('created_by', 'nimlab census');
INSERT INTO results VALUES ('0.77', '0.77', '0.?7', 'octal-sparse-1', 4096, 0, 'periodic', '', 227, 12, 71, 0, 8, 34, 0, 0, 0, 0.01, x'000000', 'h', '2026-11-24T20:00:00Z');
INSERT INTO results VALUES ('0.6', '0.6', '0.?', 'octal-sparse-1', 4096, 0, 'unsolved', 'max', 4096, NULL, NULL, NULL, 52, 4000, 14, 60, 4000, 0.2, x'000000', 'h', '2026-11-24T20:00:00Z');`)
	require.NoError(t, err)
	require.NoError(t, db.Close())

	s, err := OpenExisting(path)
	require.NoError(t, err)
	rows, err := s.All(context.Background())
	require.NoError(t, err)
	require.Len(t, rows, 2)
	assert.Equal(t, "0.6", rows[0].Code)
	assert.Equal(t, "", rows[0].PeriodKind)
	assert.Equal(t, "0.77", rows[1].Code)
	assert.Equal(t, census.PeriodProven, rows[1].PeriodKind)
	assert.Equal(t, "Guy–Smith theorem", rows[1].Proof)
	assert.Equal(t, [2]int{12, 71}, [2]int{rows[1].Period, rows[1].Preperiod})
	ver, err := s.Meta("schema_version")
	require.NoError(t, err)
	assert.Equal(t, SchemaVersion, ver)
	require.NoError(t, s.Close())
	// Opening it again finds version 2 and changes nothing.
	s, err = OpenExisting(path)
	require.NoError(t, err)
	require.NoError(t, s.Close())
}
