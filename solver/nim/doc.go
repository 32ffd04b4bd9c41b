// Package nim solves Nim and its classic disguises from Eugeni, Mascella and
// Tondini, Un'applicazione del calcolo binario: il gioco del Nim (SPEC §2):
// Nim in normal and misère play (Bouton), Nimble, Staircase Nim, Moore's
// Nim_k and Plainim. For each it gives the outcome (P or N), the winning
// moves, the data of the binary column sum that the article teaches (per bit
// column: the bits, their count, its parity or residue, the column that
// decides the move) and the list of P-positions below a start.
//
// A position is a []int whose meaning depends on the variant:
//
//   - Nim, Moore: heap sizes.
//   - Nimble: the square of each coin (squares numbered 0, 1, 2, … from the
//     left; a move takes one coin to any square further left). It is Nim on
//     the coins' squares.
//   - Staircase: the number of coins on steps 1, 2, 3, … (step 0 is the
//     floor, not given). A move takes any number of coins from one step down
//     to the step below. Normal play: P ⇔ the nim-sum of the odd steps is 0.
//     Misère play: P ⇔ the odd steps are a P-position of misère Nim (the
//     moves on even steps are reversible; the package's tests check the rule
//     against an exhaustive search).
//   - Plainim: the rows of a 0/1 board read as binary numbers, most
//     significant column on the left (ParseRows, FormatRow). A move changes
//     one row, removing coins and adding coins only to the right of a coin
//     removed in the same move, so a row can become any smaller number: Nim
//     on the rows.
//
// Moore's Nim_k removes tokens from up to k heaps in one move; P ⇔ in every
// bit column the number of 1s is divisible by k+1. Only normal play is
// offered for it.
package nim
