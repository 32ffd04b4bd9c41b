// Package astron computes Astron (Lami's thesis, chapter 2) and the other
// multiadditive extensions of octal games: nimbers, outcomes and winning
// moves of any star configuration, dense tables of the one-, two- and
// three-star bulbs, and bulb periods certified by the thesis' periodicity
// theorem for multiadditive extensions (Lemma 2.2.2, Theorem 2.3.7).
//
// A position is a multiset of star sizes A_{p1,…,ps}; the order of the stars
// does not matter and stars of size 0 vanish. Astron (Definition 2.1.3) has
// two kinds of move:
//
//   - join two different stars p and q into one star of p + q − 2 points;
//   - split a star p ≥ 2 into a + b = p − 2 while the other stars go to
//     either side in any partition: the result is the sum A_{G1,a} + A_{G2,b}.
//
// One star is Dawson's Kayles (0.07). The multiadditive extension with octal
// code d and join code c (Definition 2.3.1) generalises both moves: digit d_k
// rules what removing k points from one star may leave, digit c_k (bits 2, 3,
// …) allows joining 2, 3, … stars into one of their total size minus k.
// Astron is the extension 0.04 of 0.07. docs/ASTRON.md states the exact move
// rules used for general codes and the finite check behind a certified period.
//
// The nimber of a sum of positions is the nim-sum (XOR) of the nimbers of its
// components, so every computation works on single generators A_{p1,…,ps}.
// Nimbers are stored as uint16.
package astron
