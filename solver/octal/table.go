package octal

import (
	"fmt"
	"strings"
)

// FormatTable lays values out as the thesis' Table 1.1: rows of width values,
// each row labelled with its first heap "n+", under two header lines giving
// the tens and units digit of each column.
func FormatTable(values []uint16, width int) string {
	if width < 1 || len(values) == 0 {
		return ""
	}
	maxV := uint16(0)
	for _, v := range values {
		maxV = max(maxV, v)
	}
	cell := max(len(fmt.Sprint(maxV)), len(fmt.Sprint(width-1)), 1)
	label := len(fmt.Sprint((len(values)-1)/width*width)) + 1
	var b strings.Builder
	// Header: the tens digit where it changes, then the units digit.
	if width > 10 {
		b.WriteString(strings.Repeat(" ", label))
		for c := range width {
			s := ""
			if c%10 == 0 {
				s = fmt.Sprint(c / 10)
			}
			fmt.Fprintf(&b, " %*s", cell, s)
		}
		b.WriteByte('\n')
	}
	b.WriteString(strings.Repeat(" ", label))
	for c := range width {
		fmt.Fprintf(&b, " %*d", cell, c%10)
	}
	b.WriteByte('\n')
	for row := 0; row < len(values); row += width {
		fmt.Fprintf(&b, "%*s", label, fmt.Sprintf("%d+", row))
		for c := 0; c < width && row+c < len(values); c++ {
			fmt.Fprintf(&b, " %*d", cell, values[row+c])
		}
		b.WriteByte('\n')
	}
	return b.String()
}
