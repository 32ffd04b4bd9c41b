// Package certcheck verifies nimlab's periodicity certificates (package
// certificate) without trusting the engines that wrote them.
//
// It imports none of nimlab's solvers: the code it trusts is the Go
// standard library (zlib, SHA-256, JSON), the file format's decoder
// (solver/certificate, which only reads bytes), and its own files: rules.go
// reads the take-and-break code from the notation, quadratic.go computes a
// heap's value as the mex over every move (the definition), sparse.go is
// the sparse-space check for long windows of octal games, threes.go the
// conditions of the arithmetic-period certificate, check.go the order of
// the checks. A test fails if another nimlab package is imported.
//
// rules.go is deliberately a second reader of the take-and-break notation,
// apart from solver/takebreak (the one parser every front-end of nimlab
// uses): a certificate checked with the parser that named the game would
// inherit that parser's mistakes, and a checker is worth only what it does
// not share with the code it checks. It reads just the part of the notation
// the checked theorems cover (digits 0-9 and A-Z, brace lists of heap
// counts, brackets around the final digits) and refuses the rest; the tests
// check that it reads every certificate's code as solver/takebreak does.
//
// Verify recomputes every value of the window (each heap from the
// certificate's smaller values, which by induction are then all right),
// checks the theorem's hypotheses on the rules and the claim on the window
// (G(n+p) = G(n) + s from n0 on, p and n0 the least), and the window's
// length. A refusal names the failed check; tools/verify_certificate.py
// uses the same names, and the tests check that both agree.
package certcheck
