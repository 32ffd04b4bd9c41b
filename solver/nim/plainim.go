package nim

import (
	"fmt"
	"math/bits"
	"strings"
)

// ParseRows reads a Plainim board given as rows of 0/1 (a coin is 1), all of
// the same length, most significant column on the left: "1011" is 11. It
// returns the rows as numbers and the board's width.
func ParseRows(rows []string) (values []int, width int, err error) {
	if len(rows) == 0 {
		return nil, 0, inputErrorf("the board has no rows")
	}
	for i, r := range rows {
		if r == "" || strings.Trim(r, "01") != "" {
			return nil, 0, inputErrorf("row %d %q is not a string of 0s and 1s; accepted: rows such as 1011 (1 = coin)", i+1, r)
		}
		if i == 0 {
			width = len(r)
		} else if len(r) != width {
			return nil, 0, inputErrorf("row %d has %d columns but row 1 has %d; accepted: rows of equal length (an m×n board)", i+1, len(r), width)
		}
		if width > 62 {
			return nil, 0, inputErrorf("row %d has %d columns; accepted: at most 62", i+1, width)
		}
		v := 0
		for _, c := range r {
			v = v<<1 | int(c-'0')
		}
		values = append(values, v)
	}
	return values, width, nil
}

// FormatRow prints a Plainim row as width 0/1 characters.
func FormatRow(v, width int) string {
	return fmt.Sprintf("%0*b", max(width, 1), v)
}

// rowWidth is the board width, or the bit length of v when none was set.
func (g Game) rowWidth(v int) int {
	if g.Width > 0 {
		return g.Width
	}
	return max(bits.Len(uint(v)), 1)
}
