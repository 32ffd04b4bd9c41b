package octal

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// MaxTableWidth bounds the row width of FormatTable and WriteTable: a row
// is printed whole, so its width is what a reader can take in, not the
// length of the sequence.
const MaxTableWidth = 100_000

// FormatTable lays values out as the thesis' Table 1.1: rows of width values,
// each row labelled with its first heap "n+", under two header lines giving
// the tens and units digit of each column.
func FormatTable(values []uint16, width int) string {
	var b strings.Builder
	_ = WriteTable(context.Background(), &b, values, width)
	return b.String()
}

// WriteTable writes FormatTable's layout to w row by row, so a table of
// millions of values never sits in memory, and stops when ctx is cancelled.
func WriteTable(ctx context.Context, w io.Writer, values []uint16, width int) error {
	if width < 1 || len(values) == 0 {
		return nil
	}
	width = min(width, MaxTableWidth)
	maxV := uint16(0)
	for _, v := range values {
		maxV = max(maxV, v)
	}
	cell := max(len(strconv.Itoa(int(maxV))), len(strconv.Itoa(width-1)), 1)
	label := len(strconv.Itoa((len(values)-1)/width*width)) + 1
	b := bufio.NewWriterSize(w, 1<<16)
	// Header: the tens digit where it changes, then the units digit.
	if width > 10 {
		b.WriteString(strings.Repeat(" ", label))
		for c := range width {
			s := ""
			if c%10 == 0 {
				s = strconv.Itoa(c / 10)
			}
			fmt.Fprintf(b, " %*s", cell, s)
		}
		b.WriteByte('\n')
	}
	b.WriteString(strings.Repeat(" ", label))
	for c := range width {
		fmt.Fprintf(b, " %*d", cell, c%10)
	}
	b.WriteByte('\n')
	pad := strings.Repeat(" ", cell+label)
	num := make([]byte, 0, 24)
	for row := 0; row < len(values); row += width {
		if row/width%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		num = strconv.AppendInt(num[:0], int64(row), 10)
		num = append(num, '+')
		b.WriteString(pad[:max(0, label-len(num))])
		b.Write(num)
		for c := 0; c < width && row+c < len(values); c++ {
			num = strconv.AppendInt(num[:0], int64(values[row+c]), 10)
			b.WriteByte(' ')
			b.WriteString(pad[:max(0, cell-len(num))])
			b.Write(num)
		}
		if err := b.WriteByte('\n'); err != nil {
			return err
		}
	}
	return b.Flush()
}
