// Package takebreak is the rules model of heap games shared by nimlab's
// solvers: CGSuite's take-and-break codes, subtraction games and all-but
// subtraction games, their parser, their canonical spelling and their move
// generator.
//
// # Notation
//
// A code d0.d1d2…dk (".d1…" is short for "0.d1…") gives, for each j, the digit
// dj that rules removing j tokens from one heap: bit i of dj allows leaving
// exactly i non-empty heaps (bit 0: none, the heap must be exactly j; bit 1:
// one heap; bit 2: two heaps; bit 3: three …). Digits are 0-9 and A-Z (values
// 0..35), so octal (0.07, 0.137) and hexadecimal (0.B, 0.F) codes are both
// codes; a digit may also be a brace list of heap counts: {2,3} is C, {2+}
// allows two or more heaps.
//
// The digit d0 before the point splits a heap without removing tokens (4.7,
// 8.0); its bits 0 and 1 must be clear (bit 1 would be a pass). Moves that
// add tokens (more digits before the point) are not supported.
//
// A digit may be followed by one modifier, which restricts its moves that
// leave two or more heaps (moves leaving none or one are not affected):
//
//	!  the heaps left are pairwise unequal   (Grundy's game is 4!.0)
//	?  they are not all equal
//	=  they are all equal
//
// Brackets around the final digits repeat them forever: 0.[3] is Nim (take
// any number from one heap), 4.[3] is Lasker's Nim, 0.[37] alternates.
//
// Subtraction games have their own syntax: S(1,2,5) may remove 1, 2 or 5
// tokens from one heap (it is the code 0.33003), and S!(1,3) may remove any
// positive number of tokens except 1 and 3 (the code 0.030[3]); all-but(1,3)
// is read as S!(1,3). Codes are normalised (trailing zero digits dropped, a
// repeated block shortened and pulled left, modifiers that cannot matter
// dropped), and Code.String writes that canonical form.
//
// # Certificates
//
// The move generator (Code.ForEachOption) follows the definition and is what
// brute-force tests use; solvers (solver/octal) read the digits directly.
// The periodicity certificates that solver/octal derives from these rules
// are described there.
package takebreak
