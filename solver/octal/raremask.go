package octal

// RareMask returns the mask with the fewest rare heaps among values
// G(1..len−1) (heap 0 is always rare and not counted), as the sparse engine
// chooses it, or 0 when no mask makes the rare heaps a small share (then
// there is no sparse space to show). See isRare for what the mask means.
func RareMask(values []uint16) uint16 {
	hist := make([]uint32, MaxValue+1)
	maxValue := 0
	for _, v := range values[min(1, len(values)):] {
		hist[v]++
		maxValue = max(maxValue, int(v))
	}
	m, _ := chooseMask(hist, maxValue)
	return m
}
