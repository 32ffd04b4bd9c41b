// Package store keeps census results in one SQLite file (the schema is in
// docs/CENSUS.md and in Schema below). Every game is written in its own
// transaction, so a census that is killed loses at most the games in
// flight, and a census run again skips the games already recorded with the
// same budget and engine version.
//
// The driver is modernc.org/sqlite: SQLite compiled to pure Go, so the
// store needs no cgo and no system library, and cross-compiled binaries
// (a cluster's nodes) carry it inside. The file is an ordinary SQLite 3
// database that the sqlite3 shell opens.
package store

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"github.com/nimlab/nimlab/solver/census"
)

// SchemaVersion is stored in the meta table; Open migrates older files
// (version 1: no period_kind, proof, same_as) and refuses newer ones.
const SchemaVersion = "2"

// Schema creates the tables of a census database.
const Schema = `
CREATE TABLE IF NOT EXISTS meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
  code          TEXT PRIMARY KEY,     -- canonical game code, e.g. 0.137 or S(1,2,5)
  octal         TEXT NOT NULL,        -- the octal code the engine ran
  family        TEXT NOT NULL,        -- the family pattern of the run that computed it
  engine        TEXT NOT NULL,        -- engine version (census.EngineVersion)
  max_heaps     INTEGER NOT NULL,     -- heap budget: G(0..max_heaps-1) at most
  time_limit_ms INTEGER NOT NULL,     -- time budget per game, 0 = none
  status        TEXT NOT NULL CHECK (status IN ('periodic', 'unsolved')),
  stopped_by    TEXT NOT NULL,        -- unsolved: 'max', 'time', 'saltus' or 'value'; periodic: ''
  heaps         INTEGER NOT NULL,     -- values computed: G(0..heaps-1)
  period        INTEGER,              -- G(n+period) = G(n)+saltus for n >= preperiod; NULL when none
  preperiod     INTEGER,
  saltus        INTEGER,              -- 0: plain periodicity
  period_kind   TEXT NOT NULL DEFAULT '' CHECK (period_kind IN ('proven', 'seen', '')),
                                      -- proven (periodic), seen on the values (unsolved), '' none
  proof         TEXT NOT NULL DEFAULT '', -- the theorem that proves the period
  same_as       TEXT NOT NULL DEFAULT '', -- a game whose values this one was shown to share

  max_value     INTEGER NOT NULL,     -- largest value computed
  max_at        INTEGER NOT NULL,     -- first heap with it
  rare_mask     INTEGER NOT NULL,     -- sparse-space mask (0: none)
  rare_count    INTEGER NOT NULL,     -- heaps 1..heaps-1 with a rare value
  last_rare     INTEGER NOT NULL,     -- largest such heap (0: none)
  seconds       REAL NOT NULL,        -- wall time of the game
  fingerprints  BLOB NOT NULL,        -- equivalence-class hashes (see docs/CENSUS.md)
  host          TEXT NOT NULL,        -- machine that computed it
  computed_at   TEXT NOT NULL         -- UTC, RFC 3339
);
`

// Store is an open census database.
type Store struct {
	db      *sql.DB
	path    string
	host    string
	created bool
}

// CreatedBy is the meta table's created_by of every census database: Open
// reads and writes only files that carry it.
const CreatedBy = "nimlab census"

// Open opens the census database at path, creating it when path does not
// exist or is an empty file. Any other file is opened only if its meta table
// says nimlab created it (created_by, schema_version): an unrelated SQLite
// file (a browser's history, another program's results table) is refused
// and left unchanged, and so are devices, pipes and folders.
func Open(path string) (*Store, error) { return open(path, true) }

// OpenExisting opens a census database that must already exist; it never
// creates one (an empty file is refused too).
func OpenExisting(path string) (*Store, error) { return open(path, false) }

// NotCensusError says why a file is not opened as a census database.
type NotCensusError struct {
	Path, Reason string
}

func (e *NotCensusError) Error() string { return fmt.Sprintf("%s: %s", e.Path, e.Reason) }

func open(path string, create bool) (*Store, error) {
	if path == "" {
		// SQLite would open a temporary database, deleted on close.
		return nil, &NotCensusError{Path: `""`, Reason: "an empty file name; accepted: the name of a census database file"}
	}
	isNew := false
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if !create {
			return nil, &NotCensusError{Path: path, Reason: "no such census database"}
		}
		// Created here, so that a failure says why in the system's words
		// (SQLite says only "unable to open database file").
		fh, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return nil, fmt.Errorf("cannot create %s: %w", path, unwrapPath(err))
		}
		fh.Close()
		isNew = true
	case err != nil:
		return nil, fmt.Errorf("%s: %w", path, unwrapPath(err))
	case !fi.Mode().IsRegular():
		return nil, &NotCensusError{Path: path, Reason: "not a regular file (a folder, device or pipe); accepted: a census database file"}
	case fi.Size() == 0:
		if !create {
			return nil, &NotCensusError{Path: path, Reason: "an empty file, not a census database"}
		}
		isNew = true
	}
	// One connection: SQLite allows one writer, and the census has one.
	// busy_timeout lets a reader (the sqlite3 shell, a GUI) wait rather
	// than fail while a game is being written.
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)")
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	s := &Store{db: db, path: path, created: isNew && fi == nil}
	s.host, _ = os.Hostname()
	if err := s.init(isNew); err != nil {
		db.Close()
		if s.created {
			os.Remove(path)
		}
		var nc *NotCensusError
		if errors.As(err, &nc) {
			return nil, err
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// unwrapPath returns the system's reason of a *fs.PathError, whose own
// text repeats the path.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Created reports whether Open created the file (it did not exist).
func (s *Store) Created() bool { return s.created }

// Remove closes a store that Open created and deletes its file: what a
// command that failed before writing anything leaves behind otherwise.
func (s *Store) Remove() error {
	s.db.Close()
	if !s.created {
		return nil
	}
	return os.Remove(s.path)
}

func (s *Store) init(isNew bool) error {
	if !isNew {
		var by string
		err := s.db.QueryRow(`SELECT value FROM meta WHERE key = 'created_by'`).Scan(&by)
		switch {
		case err == nil && by == CreatedBy:
		case err == nil || errors.Is(err, sql.ErrNoRows) || isNoTable(err):
			return &NotCensusError{Path: s.path, Reason: "a SQLite database that nimlab did not create (its meta table does not say created_by = 'nimlab census'); left unchanged; accepted: a census database, or a new file name"}
		default:
			if nd := notADatabase(err); nd != err {
				return &NotCensusError{Path: s.path, Reason: "not a SQLite database; left unchanged; accepted: a census database, or a new file name"}
			}
			return err
		}
		var ver string
		if err := s.db.QueryRow(`SELECT value FROM meta WHERE key = 'schema_version'`).Scan(&ver); err != nil {
			return &NotCensusError{Path: s.path, Reason: "its meta table has no schema_version: not a census database"}
		}
		if ver == "1" {
			return s.migrate1()
		}
		if ver != SchemaVersion {
			return fmt.Errorf("census schema version %s, this nimlab reads version %s", ver, SchemaVersion)
		}
		return nil
	}
	tx, err := s.db.Begin()
	if err != nil {
		return notADatabase(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(Schema); err != nil {
		return notADatabase(err)
	}
	if _, err := tx.Exec(`INSERT OR REPLACE INTO meta(key, value) VALUES ('schema_version', ?), ('created_by', ?)`, SchemaVersion, CreatedBy); err != nil {
		return err
	}
	return tx.Commit()
}

// migrate1 brings a version-1 file to version 2 in one transaction: three
// new columns; every periodic row of version 1 was proven by the Guy–Smith
// theorem (the octal engine's only certificate then).
func (s *Store) migrate1() error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, q := range []string{
		`ALTER TABLE results ADD COLUMN period_kind TEXT NOT NULL DEFAULT '' CHECK (period_kind IN ('proven', 'seen', ''))`,
		`ALTER TABLE results ADD COLUMN proof TEXT NOT NULL DEFAULT ''`,
		`ALTER TABLE results ADD COLUMN same_as TEXT NOT NULL DEFAULT ''`,
		`UPDATE results SET period_kind = 'proven', proof = 'Guy–Smith theorem' WHERE status = 'periodic'`,
		`UPDATE meta SET value = '2' WHERE key = 'schema_version'`,
	} {
		if _, err := tx.Exec(q); err != nil {
			return fmt.Errorf("migrating the census schema from version 1: %w", err)
		}
	}
	return tx.Commit()
}

func isNoTable(err error) bool {
	return err != nil && contains(err.Error(), "no such table")
}

func notADatabase(err error) error {
	if contains(err.Error(), "not a database") || contains(err.Error(), "file is not a database") {
		return errors.New("the file is not a SQLite database")
	}
	return err
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// Path returns the file the store was opened from.
func (s *Store) Path() string { return s.path }

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// SetMeta records a key of the meta table (the last family, budget, engine).
func (s *Store) SetMeta(key, value string) error {
	_, err := s.db.Exec(`INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)`, key, value)
	return err
}

// Meta returns a key of the meta table, "" when it is not set.
func (s *Store) Meta(key string) (string, error) {
	var v string
	err := s.db.QueryRow(`SELECT value FROM meta WHERE key = ?`, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return v, err
}

// Done returns the results already recorded with this budget and engine
// version, by code: the games a census run again skips.
func (s *Store) Done(budget census.Budget, engine string) (map[string]*census.Result, error) {
	rows, err := s.query(context.Background(), `WHERE engine = ? AND max_heaps = ? AND time_limit_ms = ?`,
		engine, budget.MaxHeaps, budget.Time.Milliseconds())
	if err != nil {
		return nil, err
	}
	done := make(map[string]*census.Result, len(rows))
	for _, r := range rows {
		done[r.Code] = &r.Result
	}
	return done, nil
}

// Put records one result in its own transaction (replacing an earlier
// result for the same code); family is the pattern of the run.
func (s *Store) Put(ctx context.Context, r *census.Result, family string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := put(ctx, tx, r, family, s.host, time.Now().UTC().Format(time.RFC3339)); err != nil {
		return err
	}
	return tx.Commit()
}

// Row is a stored result with where it came from.
type Row struct {
	census.Result
	Family     string
	Host       string
	ComputedAt string
}

func put(ctx context.Context, tx *sql.Tx, r *census.Result, family, host, at string) error {
	var period, pre, saltus any
	if r.PeriodKind != "" {
		period, pre, saltus = r.Period, r.Preperiod, r.Saltus
	}
	_, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO results
	  (code, octal, family, engine, max_heaps, time_limit_ms, status, stopped_by, heaps, period, preperiod, saltus,
	   period_kind, proof, same_as,
	   max_value, max_at, rare_mask, rare_count, last_rare, seconds, fingerprints, host, computed_at)
	  VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
		r.Code, r.Octal, family, r.Engine, r.Budget.MaxHeaps, r.Budget.Time.Milliseconds(), string(r.Status), r.StoppedBy,
		r.Heaps, period, pre, saltus, r.PeriodKind, r.Proof, r.SameAs, r.MaxValue, r.MaxAt, r.RareMask, r.RareCount, r.LastRare, r.Seconds,
		encodeFingerprints(r.Fingerprints), host, at)
	return err
}

// All returns every stored result, ordered by code.
func (s *Store) All(ctx context.Context) ([]*Row, error) {
	return s.query(ctx, "")
}

// Table returns every stored result as a census table, in code order,
// with the classes they form.
func (s *Store) Table(ctx context.Context) (*census.Table, error) {
	rows, err := s.All(ctx)
	if err != nil {
		return nil, err
	}
	res := make([]*census.Result, len(rows))
	for i, r := range rows {
		res[i] = &r.Result
	}
	return census.NewTable(res), nil
}

// query returns the stored results the clause where selects, ordered by code.
func (s *Store) query(ctx context.Context, where string, args ...any) ([]*Row, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT code, octal, family, engine, max_heaps, time_limit_ms, status, stopped_by,
	  heaps, period, preperiod, saltus, period_kind, proof, same_as, max_value, max_at, rare_mask, rare_count, last_rare, seconds, fingerprints,
	  host, computed_at FROM results `+where+` ORDER BY code`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Row
	for rows.Next() {
		var (
			r                   Row
			status              string
			timeMS              int64
			period, pre, saltus sql.NullInt64
			fp                  []byte
		)
		if err := rows.Scan(&r.Code, &r.Octal, &r.Family, &r.Engine, &r.Budget.MaxHeaps, &timeMS, &status, &r.StoppedBy,
			&r.Heaps, &period, &pre, &saltus, &r.PeriodKind, &r.Proof, &r.SameAs, &r.MaxValue, &r.MaxAt, &r.RareMask, &r.RareCount, &r.LastRare, &r.Seconds,
			&fp, &r.Host, &r.ComputedAt); err != nil {
			return nil, err
		}
		r.Status = census.Status(status)
		r.Budget.Time = time.Duration(timeMS) * time.Millisecond
		r.Period, r.Preperiod, r.Saltus = int(period.Int64), int(pre.Int64), int(saltus.Int64)
		if r.Fingerprints, err = decodeFingerprints(fp); err != nil {
			return nil, fmt.Errorf("%s: %w", r.Code, err)
		}
		out = append(out, &r)
	}
	return out, rows.Err()
}

// Count returns the number of stored results.
func (s *Store) Count(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM results`).Scan(&n)
	return n, err
}

// encodeFingerprints writes the three fingerprint lists as one byte each
// for their lengths followed by the little-endian uint64s.
func encodeFingerprints(fp [3][]uint64) []byte {
	var b []byte
	for s := range fp {
		b = append(b, byte(len(fp[s])))
	}
	for s := range fp {
		for _, h := range fp[s] {
			b = binary.LittleEndian.AppendUint64(b, h)
		}
	}
	return b
}

func decodeFingerprints(b []byte) ([3][]uint64, error) {
	var fp [3][]uint64
	if len(b) < 3 {
		return fp, errors.New("fingerprints too short")
	}
	want := 3 + 8*(int(b[0])+int(b[1])+int(b[2]))
	if len(b) != want {
		return fp, fmt.Errorf("fingerprints hold %d bytes, expected %d", len(b), want)
	}
	p := 3
	for s := 0; s < 3; s++ {
		fp[s] = make([]uint64, b[s])
		for i := range fp[s] {
			fp[s][i] = binary.LittleEndian.Uint64(b[p:])
			p += 8
		}
	}
	return fp, nil
}
