// Package census runs a whole family of games at once — every octal code
// 0.??? or 4.???, a list of codes from a file, every subtraction set within
// {1..k} — and summarises each game the way the published tables do: its
// certified period and preperiod, or how far it was computed without one
// (largest value and where, the rare/common mask of the sparse-space
// phenomenon, how many rare values and the last rare heap), and which games
// share their values (equivalence classes: the same values from heap 1, or
// shifted by one or two heaps).
//
// A Family is parsed from a pattern (ParseFamily); Run computes its games
// with solver/octal, several at a time, under a context and a per-game
// Budget, reporting progress through a callback and handing every finished
// game to a sink (the CLI's SQLite store writes each one in its own
// transaction). Shard picks a fixed share of a family, so that a cluster's
// job array computes it in pieces; Classes groups results by their
// fingerprints. NewTable makes results a Table: the columns (their names,
// values and text), filters and sort order that `nimlab census show` prints
// and the window's Census tab shows.
//
// The package is pure Go: no database, no GUI. The database lives in
// solver/census/store (see docs/CENSUS.md for its schema).
package census
