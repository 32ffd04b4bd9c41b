package nim

import "math/bits"

// Column is one bit column of the binary column sum (Eugeni, Mascella and
// Tondini: the numbers written in binary one under the other and added column
// by column without carry).
type Column struct {
	Bit   int   // the column stands for 2^Bit
	Bits  []int // per row, 0 or 1
	Count int   // the number of 1s
	// Residue is Count mod the view's Modulus: the parity (the nim-sum's
	// digit) for 2, Moore's condition for k+1.
	Residue int
	// Deciding marks the most significant column with a non-zero residue:
	// a winning move changes a row that has a 1 there.
	Deciding bool
}

// ColumnView is the data of the article's binary column sum for a position.
type ColumnView struct {
	Rows []int // the numbers summed: heaps, coin squares, board rows or odd steps
	// RowIndex[r] is the index in the position of row r (Staircase shows
	// only the odd steps).
	RowIndex []int
	Modulus  int // 2, or k+1 for Moore's Nim_k
	// Columns holds at least one column, most significant first.
	Columns []Column
	// Sum is the column sum read back as a number: the nim-sum for
	// modulus 2; for Moore the digits are residues mod k+1 read in base 2,
	// which only says whether it is zero.
	Sum int
	// Deciding is the Bit of the deciding column, -1 when every residue is
	// 0 (a P-position in normal play).
	Deciding int
	// Movers are the rows (indices into Rows) with a 1 in the deciding
	// column: the heaps a Nim winning move can reduce.
	Movers []int
}

// BinaryColumns is the nim-sum view (modulus 2) of heaps.
func BinaryColumns(heaps []int) ColumnView { return ColumnsMod(heaps, 2) }

// ColumnsMod is the column view with the counts taken mod modulus (≥ 2).
func ColumnsMod(heaps []int, modulus int) ColumnView {
	width := 1
	for _, h := range heaps {
		width = max(width, bits.Len(uint(h)))
	}
	v := ColumnView{Rows: append([]int(nil), heaps...), Modulus: modulus, Deciding: -1}
	v.RowIndex = make([]int, len(heaps))
	for i := range heaps {
		v.RowIndex[i] = i
	}
	for j := width - 1; j >= 0; j-- {
		c := Column{Bit: j, Bits: make([]int, len(heaps))}
		for i, h := range heaps {
			c.Bits[i] = h >> j & 1
			c.Count += c.Bits[i]
		}
		c.Residue = c.Count % modulus
		if c.Residue != 0 {
			v.Sum |= 1 << j
			if v.Deciding < 0 {
				v.Deciding = j
				c.Deciding = true
				for i, b := range c.Bits {
					if b == 1 {
						v.Movers = append(v.Movers, i)
					}
				}
			}
		}
		v.Columns = append(v.Columns, c)
	}
	return v
}

// Columns is the column view of pos for the game: the heaps, squares or
// rows, the odd steps of a staircase, counted mod k+1 for Moore.
func (g Game) Columns(pos []int) ColumnView {
	modulus := 2
	if g.Variant == Moore && g.K >= 1 {
		modulus = g.K + 1
	}
	v := ColumnsMod(g.equivalentHeaps(pos), modulus)
	if g.Variant == Staircase {
		for r := range v.RowIndex {
			v.RowIndex[r] = 2 * r
		}
	}
	return v
}
