package nimber

// The tables are built once, when the package is loaded (about a millisecond):
// first the 256×256 products in GF(2^8) from the recursive Fermat 2-power
// rule, then GF(2^16) products from those, then a primitive element g of
// GF(2^16)* whose cube is h = 2^15 (so that the offsets log h and log h² in
// Mul are the small numbers 3 and 6), then the log/exp tables for g, and
// last the byte tables of the two linear maps x ↦ x² and x ↦ √x.

// halfElement16 is h = 2^15, the "half" of the Fermat 2-power 2^16:
// 2^16 ⊗ 2^16 = 2^16 ⊕ 2^15.
const halfElement16 = 1 << 15

// mulRecursive is the nim-product of a, b < 2^width (width a power of two)
// by Karatsuba on the Fermat 2-power F = 2^(width/2):
// (a1F+a0)(b1F+b0) = (a1b1 ⊕ a1b0 ⊕ a0b1)F ⊕ a0b0 ⊕ a1b1⊗(F/2).
// It is slow and only used to build the tables (and as the test reference).
func mulRecursive(a, b uint64, width uint) uint64 {
	if width == 1 {
		return a & b
	}
	half := width / 2
	mask := uint64(1)<<half - 1
	a1, a0, b1, b0 := a>>half, a&mask, b>>half, b&mask
	hi := mulRecursive(a1, b1, half)
	lo := mulRecursive(a0, b0, half)
	mid := mulRecursive(a1^a0, b1^b0, half)
	return (mid^lo)<<half ^ lo ^ mulRecursive(hi, uint64(1)<<(half-1), half)
}

func init() {
	buildTables()
}

func buildTables() {
	var prod8 [256][256]uint8
	for a := range 256 {
		for b := a; b < 256; b++ {
			p := uint8(mulRecursive(uint64(a), uint64(b), 8))
			prod8[a][b], prod8[b][a] = p, p
		}
	}
	var half8 [256]uint8 // x ⊗ 2^7
	for x := range 256 {
		half8[x] = prod8[x][1<<7]
	}
	mul16 := func(a, b uint16) uint16 {
		a1, a0, b1, b0 := a>>8, a&0xff, b>>8, b&0xff
		hi := prod8[a1][b1]
		lo := prod8[a0][b0]
		mid := prod8[a1^a0][b1^b0]
		return uint16(mid^lo)<<8 | uint16(lo^half8[hi])
	}
	// A primitive g with g⊗g⊗g = h: h has order 65535/3, so h is a cube and
	// two of its three cube roots are primitive.
	isPrimitive := func(g uint16) bool {
		pow := func(x uint16, n int) uint16 {
			r := uint16(1)
			for ; n > 0; n >>= 1 {
				if n&1 == 1 {
					r = mul16(r, x)
				}
				x = mul16(x, x)
			}
			return r
		}
		for _, p := range []int{3, 5, 17, 257} {
			if pow(g, 65535/p) == 1 {
				return false
			}
		}
		return true
	}
	generator = 0
	for g := 2; g < 1<<16; g++ {
		x := uint16(g)
		if mul16(mul16(x, x), x) == halfElement16 && isPrimitive(x) {
			generator = x
			break
		}
	}
	if generator == 0 {
		panic("nimber: no primitive cube root of 2^15 in GF(2^16)") // impossible: see comment above
	}
	x := uint16(1)
	for i := range 65535 {
		expTable[i] = x
		logTable[x] = uint32(i)
		x = mul16(x, generator)
	}
	logTable[0] = limbZeroLog
	for i := range logTable {
		if logTable[i] > limbZeroLog { // expAt relies on it; impossible by construction
			panic("nimber: logarithm table entry out of range")
		}
	}
	for i := 65535; i < limbZeroLog; i++ {
		expTable[i] = expTable[i-65535]
	}
	if logTable[halfElement16] != halfLog {
		panic("nimber: log of 2^15 is not 3") // impossible: g was chosen with g³ = 2^15
	}

	for i := range 8 {
		for v := range 256 {
			x := uint64(v) << (8 * i)
			squareTable[i][v] = Mul(x, x)
		}
	}
	// √(2^k) = (2^k)^(2^63); the square root of a byte is the XOR of the
	// roots of its bits.
	var rootOfBit [64]uint64
	for k := range 64 {
		x := uint64(1) << k
		for range 63 {
			x = Square(x)
		}
		rootOfBit[k] = x
	}
	for i := range 8 {
		for v := range 256 {
			var r uint64
			for j := range 8 {
				if v>>j&1 == 1 {
					r ^= rootOfBit[8*i+j]
				}
			}
			sqrtTable[i][v] = r
		}
	}
}
