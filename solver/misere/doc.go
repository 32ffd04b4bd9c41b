// Package misere computes misère-play outcomes and misère quotients of octal
// games (Plambeck–Siegel).
//
// In misère play the player who makes the last move loses, and a sum of heaps
// is not a nim-sum. For a set of positions closed under options and sums, two
// positions are indistinguishable when adding any position of the set to
// either gives the same misère outcome; the classes form a finite commutative
// monoid for many games, the misère quotient, with a P-portion and a
// pretending function Φ that maps each heap to its class. The outcome of a sum
// is then a product in the monoid.
//
// Search (Outcome, WinningMoves, GenusHead) answers single questions from the
// game tree with memoisation; it is the ground truth the quotients are tested
// against. Solver builds the partial quotients Q_n = Q(cl(H_0..H_n)) heap by
// heap; every quotient it reports has passed a complete verification (a
// finite check that implies, by induction on birthday, that the quotient
// predicts every sum's outcome), so the quotients are exact. Compute runs a
// Solver until the misère periodicity theorem (Di Prisa, Thm 3.17) certifies
// the full quotient and Φ's period, or until a heap limit.
package misere
