package store

import (
	"context"
	"fmt"
	"sort"

	"github.com/nimlab/nimlab/solver/census"
)

// ConflictError is returned by Merge when two databases hold results for
// one game that cannot both be right.
type ConflictError struct {
	Code         string
	First, Other string // the files holding the two results
	Reason       string
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("conflicting results for %s: %s (in %s and %s)", e.Code, e.Reason, e.First, e.Other)
}

// Merge adds the results of the databases at sources to s. A game found
// in several keeps the result that says most (a certified period, else the
// longest run); results that contradict each other (see census.Conflict)
// stop the merge with a ConflictError naming the game, and then s is left
// as it was: everything is written in one transaction after every source
// has been checked.
func (s *Store) Merge(ctx context.Context, sources []string) (added int, err error) {
	type entry struct {
		row  *Row
		from string
	}
	best := map[string]entry{}
	take := func(from string, rows []*Row) error {
		for _, r := range rows {
			old, ok := best[r.Code]
			if !ok {
				best[r.Code] = entry{r, from}
				continue
			}
			if err := census.Conflict(&old.row.Result, &r.Result); err != nil {
				return &ConflictError{Code: r.Code, First: old.from, Other: from, Reason: err.Error()}
			}
			if census.Better(&old.row.Result, &r.Result) == &r.Result {
				best[r.Code] = entry{r, from}
			}
		}
		return nil
	}
	mine, err := s.All(ctx)
	if err != nil {
		return 0, err
	}
	if err := take(s.path, mine); err != nil {
		return 0, err
	}
	for _, src := range sources {
		o, err := OpenExisting(src)
		if err != nil {
			return 0, err
		}
		rows, err := o.All(ctx)
		o.Close()
		if err != nil {
			return 0, fmt.Errorf("%s: %w", src, err)
		}
		if err := take(src, rows); err != nil {
			return 0, err
		}
	}
	codes := make([]string, 0, len(best))
	for c, e := range best {
		if e.from != s.path {
			codes = append(codes, c)
		}
	}
	sort.Strings(codes)
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	for _, c := range codes {
		r := best[c].row
		if err := put(ctx, tx, &r.Result, r.Family, r.Host, r.ComputedAt); err != nil {
			return 0, err
		}
	}
	return len(codes), tx.Commit()
}
