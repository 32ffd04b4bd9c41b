package plotting

import (
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
)

// intTicks marks whole numbers: a labelled tick every step, unlabelled minor
// ticks every minor. Grundy values and heap sizes are integers, so a tick at
// 2.5 would only mislead.
type intTicks struct {
	step, minor int
	offset      float64 // ticks sit at v + offset (heatmaps: cell centres)
}

// niceStep returns the smallest of 1, 2, 5 × 10^k (≥ 1) that puts at most
// maxLabels labels on a span of the given length.
func niceStep(span float64, maxLabels int) int {
	if maxLabels < 2 {
		maxLabels = 2
	}
	for mag := 1; ; mag *= 10 {
		for _, m := range []int{1, 2, 5} {
			s := m * mag
			if span/float64(s) <= float64(maxLabels-1) {
				return s
			}
		}
		if mag > math.MaxInt32/10 {
			return mag
		}
	}
}

// newIntTicks chooses steps for a span so that at most maxLabels labels fit.
func newIntTicks(span float64, maxLabels int) intTicks {
	return intTicksEvery(niceStep(span, maxLabels))
}

// niceStepWithin returns the largest of 1, 2, 5 × 10^k that is at most
// span (1 for a span below 1): the step that labels a span from 0 twice.
func niceStepWithin(span float64) int {
	best := 1
	for mag := 1; mag <= math.MaxInt32/10; mag *= 10 {
		for _, m := range []int{1, 2, 5} {
			if s := m * mag; float64(s) <= span {
				best = s
			}
		}
	}
	return best
}

// intTicksEvery labels every multiple of s, with minor ticks between.
func intTicksEvery(s int) intTicks {
	minor := 0
	switch {
	case s == 1:
	case s%5 == 0 && s/5 >= 1 && leading(s) != 2:
		minor = s / 5
	default:
		minor = s / 2
	}
	return intTicks{step: s, minor: minor}
}

// leading returns the first digit of s.
func leading(s int) int {
	for s >= 10 {
		s /= 10
	}
	return s
}

// Ticks implements plot.Ticker.
func (t intTicks) Ticks(min, max float64) []plot.Tick {
	every := t.step
	if t.minor > 0 {
		every = t.minor
	}
	if math.IsNaN(min) || math.IsNaN(max) || math.IsInf(min, 0) || math.IsInf(max, 0) || every < 1 {
		return nil // no range: the loop below would never end
	}
	var ticks []plot.Tick
	first := int(math.Ceil((min - t.offset) / float64(every)))
	for k := first; ; k++ {
		v := k * every
		x := float64(v) + t.offset
		if x > max+1e-9 {
			break
		}
		tk := plot.Tick{Value: x}
		if v%t.step == 0 {
			tk.Label = formatInt(v)
		}
		ticks = append(ticks, tk)
	}
	return ticks
}

// logTicks marks powers of ten (labelled) and their multiples 2..9 on an
// axis whose coordinates are base-10 logarithms: gonum's own LogScale pads
// the plot for an axis label placed at the arithmetic mean of the range, so a
// logarithmic axis is drawn as a linear axis of log10 values instead.
type logTicks struct{}

// Ticks implements plot.Ticker; min and max are log10 of the range.
func (logTicks) Ticks(min, max float64) []plot.Tick {
	var ticks []plot.Tick
	for e := int(math.Floor(min)); e <= int(math.Ceil(max)); e++ {
		for m := 1; m <= 9; m++ {
			x := float64(e) + math.Log10(float64(m))
			if x < min-1e-9 || x > max+1e-9 {
				continue
			}
			tk := plot.Tick{Value: x}
			if m == 1 {
				tk.Label = formatPow10(e)
			}
			ticks = append(ticks, tk)
		}
	}
	return ticks
}

var superscripts = [...]string{"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"}

func superscript(n int) string {
	var b strings.Builder
	for _, c := range strconv.Itoa(n) {
		if c == '-' {
			b.WriteString("⁻")
			continue
		}
		b.WriteString(superscripts[c-'0'])
	}
	return b.String()
}

// formatPow10 writes 10^e as 1, 10, 100, 1000, then 10⁴, 10⁵ …
func formatPow10(e int) string {
	if e >= 0 && e <= 3 {
		return strconv.Itoa(int(math.Pow10(e)))
	}
	return "10" + superscript(e)
}

// formatInt writes tick labels: plain up to 99 999, then m·10^e so that long
// axes keep short labels (3·10⁶, 2.5·10⁶).
func formatInt(v int) string {
	a := v
	if a < 0 {
		a = -a
	}
	if a < 100000 {
		return strconv.Itoa(v)
	}
	e := 0
	for a%10 == 0 {
		a /= 10
		e++
	}
	// a is the significant digits; write them as d.ddd·10^k.
	digits := strconv.Itoa(a)
	k := e + len(digits) - 1
	m := digits[:1]
	if len(digits) > 1 {
		m += "." + digits[1:]
	}
	if v < 0 {
		m = "−" + m
	}
	return m + "·10" + superscript(k)
}

// tickLabelFor is the label of a tick near v as the axis would write it:
// v to two significant digits (400 001 → 4·10⁵, 1 234 → 1200). The space
// tick labels need is measured on it, not on v, whose label past 99 999 is
// as long as its digits (4.00001·10⁵) and would leave room for one tick.
func tickLabelFor(v int) string {
	a := max(v, -v)
	p := 1
	for a/p >= 100 {
		p *= 10
	}
	return formatInt(v / p * p)
}

// FormatInt writes a whole number as nimlab's axes do: plain up to 99 999,
// then m·10^e (3·10⁶, 2.5·10⁶).
func FormatInt(v int) string { return formatInt(v) }

// GroupDigits writes v with thousands separated by commas (10,061,916), for
// labels that must be exact.
func GroupDigits(v int) string {
	s := strconv.Itoa(v)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "−" + b.String()
	}
	return b.String()
}

// AxisTicks returns the labelled whole-number ticks in [lo, hi]: multiples
// of 1, 2 or 5·10^k, at most maxLabels of them.
func AxisTicks(lo, hi float64, maxLabels int) []int {
	if hi < lo {
		return nil
	}
	s := niceStep(hi-lo, maxLabels)
	var out []int
	for k := int(math.Ceil(lo / float64(s))); float64(k*s) <= hi+1e-9; k++ {
		out = append(out, k*s)
	}
	return out
}

// LogAxisTicks returns ticks for a logarithmic axis over [lo, hi] (lo ≥ 1):
// the powers of ten, with 2· and 5· multiples when fewer than three powers
// of ten fall in the range, thinned to at most maxLabels.
func LogAxisTicks(lo, hi float64, maxLabels int) []int {
	var out []int
	lo = math.Max(lo, 1)
	mults := []int{1}
	if math.Log10(hi/lo) < 2.5 {
		mults = []int{1, 2, 5}
	}
	for p := 1; float64(p) <= hi && p > 0; p *= 10 {
		for _, m := range mults {
			if x := float64(p * m); x >= lo-1e-9 && x <= hi+1e-9 {
				out = append(out, p*m)
			}
		}
		if p > math.MaxInt/10 {
			break
		}
	}
	for len(out) > max(maxLabels, 2) {
		thin := out[:0:0]
		for i, x := range out {
			if i%2 == 0 {
				thin = append(thin, x)
			}
		}
		out = thin
	}
	return out
}
