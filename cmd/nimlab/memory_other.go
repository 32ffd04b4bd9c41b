//go:build !unix

package main

// addressSpaceLimit: no ulimit -v outside Unix.
func addressSpaceLimit() (int64, bool) { return 0, false }

// dataLimit: no ulimit -d outside Unix.
func dataLimit() (int64, bool) { return 0, false }
