// Package takebreak is the rules model of heap games shared by nimlab's
// solvers: CGSuite's take-and-break codes, subtraction games and all-but
// subtraction games, their parser, their canonical spelling and their move
// generator.
//
// # Notation
//
// The notation is CGSuite's (its TakeAndBreak rulesets), and the names
// nimlab prints are the names CGSuite prints. A code d0.d1d2…dk (".d1…" is
// short for "0.d1…") gives, for each j, the digit dj that rules removing j
// tokens from one heap: bit i of dj allows leaving exactly i non-empty heaps
// (bit 0: none, the heap must be exactly j; bit 1: one heap; bit 2: two
// heaps; bit 3: three …). A digit is one of
//
//	0-9, A-V   values 0..31 (octal 0.07 and hexadecimal 0.B, 0.F codes are
//	           codes; lower case is read as upper case, W-Z as 32..35)
//	&n;        the digit of value n (0.&32; leaves exactly five heaps)
//	{2,3}      a brace list of heap counts: {2,3} is C, {2+} allows two or
//	           more heaps, {0,1,3+} none, one, or three or more
//	*          any number of heaps, none included ({0+})
//
// The digit d0 before the point splits a heap without removing tokens (4.7,
// 8.0, {2+}=.0); it may not allow leaving none or one heap (one would be a
// pass). Zeros further left are ignored (04.3 is 4.3); other digits there add
// tokens in CGSuite's notation (20.017: add a token to a heap) and are
// refused: nimlab's engines and theorems are for moves that take and split.
//
// A digit may be followed by one modifier, which restricts its moves that
// leave two or more heaps:
//
//	!  the heaps left are pairwise unequal   (Grundy's game is 4!.0)
//	?  they are not all equal
//	=  they are all equal
//
// and inside braces each count may carry its own: {1,2!} (= 6!) allows one
// heap, or two unequal heaps; {0,2?,4?+} (= {0,2,4+}?). As in CGSuite, "?"
// on the count 1 (0.6?, 0.7?, *?) also forbids leaving a single heap of one
// token (Digit.AllowsOneHeap); the other modifiers change nothing for none
// or one heap.
//
// Brackets around the final digits repeat them forever: 0.[3] is Nim (take
// any number from one heap), 4.[3] is Lasker's Nim, 0.[37] alternates.
//
// Subtraction games have their own syntax: S(1,2,5) may remove 1, 2 or 5
// tokens from one heap (it is the code 0.33003), and S!(1,3) may remove any
// positive number of tokens except 1 and 3 (the code 0.030[3]); all-but(1,3)
// is read as S!(1,3).
//
// Codes are normalised as CGSuite normalises them, and Code.String writes
// that canonical form: trailing zero digits and a repeated block of zeros
// dropped (04.00[00] is 4.0); in each digit, when the counts of two or more
// heaps carry one modifier every count carries it (0.{1,2!} is 0.6!), else
// counts 0 and 1 carry none (0.{0!,2!,3} is 0.{0,2!,3}); an open range
// starting as low as it can (0.{0!,2!,3!+} is 0.{0,2+}!, 0.{0,1,2,3+} is
// 0.*); a digit written in one character when it fits. A repeated block is
// kept as written (0.[33], 4.00[30]), as CGSuite keeps it.
//
// # Options
//
// Code.ForEachOption and Code.Options list the moves from a heap in
// CGSuite's order (tokens taken, then number of heaps, then the heaps in
// lexicographic order), and Option.String writes one as CGSuite does: the
// options of heap 9 in 0.3F! are 8 7 1,6 2,5 3,4 1,2,4.
//
// # Certificates
//
// The move generator (Code.ForEachOption) follows the definition and is what
// brute-force tests use; solvers (solver/octal) read the digits directly.
// The periodicity certificates that solver/octal derives from these rules
// are described there.
package takebreak
